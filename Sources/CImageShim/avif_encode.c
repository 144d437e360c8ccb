/* AVIF encoding through libheif's AV1 encoder (libaom), with the libheif
 * heif_decode.c loads on demand (see CImageShim.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "heif_library.h"
#include "internal.h"

static int fail(collage_buffer *out, struct heif_error error, const char *fallback) {
    collage_copy_message(out->message, error.code != heif_error_Ok && error.message && error.message[0]
                                           ? error.message : fallback);
    return -1;
}

/* heif_context_write's writer: appends to a malloc'd buffer. */
static struct heif_error append(struct heif_context *context, const void *data, size_t size, void *userdata) {
    (void)context;
    collage_buffer *out = userdata;
    struct heif_error ok = { heif_error_Ok, heif_suberror_Unspecified, "" };
    struct heif_error full = { heif_error_Memory_allocation_error, heif_suberror_Unspecified, "out of memory" };
    uint8_t *grown = realloc(out->bytes, out->length + size);
    if (!grown) return full;
    memcpy(grown + out->length, data, size);
    out->bytes = grown;
    out->length += size;
    return ok;
}

int collage_avif_encode(const uint8_t *rgba, int width, int height, int with_alpha, int quality, int speed,
                        int chroma, collage_buffer *out) {
    memset(out, 0, sizeof *out);
    const struct collage_heif_functions *lib = collage_heif_library();
    if (!lib) { collage_copy_message(out->message, collage_heif_unavailable()); return -1; }
    const struct heif_encoder_descriptor *descriptor = NULL;
    if (lib->heif_get_encoder_descriptors(heif_compression_AV1, "aom", &descriptor, 1) < 1 || !descriptor) {
        collage_copy_message(out->message, "libheif has no aom AV1 encoder");
        return -1;
    }
    int status = -1;
    struct heif_context *context = lib->heif_context_alloc();
    struct heif_encoder *encoder = NULL;
    struct heif_image *image = NULL;
    struct heif_encoding_options *options = NULL;
    struct heif_color_profile_nclx *nclx = NULL;
    struct heif_error error = { heif_error_Ok, heif_suberror_Unspecified, "" };
    char chroma_text[8];
    if (!context) { collage_copy_message(out->message, "out of memory"); return -1; }
    error = lib->heif_context_get_encoder(context, descriptor, &encoder);
    if (error.code) { fail(out, error, "no AV1 encoder"); goto done; }
    /* libaom on one thread: its output depends on the thread count, and
     * collage's bytes may not (whatever --threads says). */
    snprintf(chroma_text, sizeof chroma_text, "%d", chroma == 444 ? 444 : 420);
    if ((error = lib->heif_encoder_set_lossy_quality(encoder, quality)).code ||
        (error = lib->heif_encoder_set_lossless(encoder, 0)).code ||
        (error = lib->heif_encoder_set_parameter_integer(encoder, "speed", speed)).code ||
        (error = lib->heif_encoder_set_parameter_integer(encoder, "threads", 1)).code ||
        (error = lib->heif_encoder_set_parameter_string(encoder, "chroma", chroma_text)).code) {
        fail(out, error, "AV1 encoder setting refused");
        goto done;
    }
    error = lib->heif_image_create(width, height, heif_colorspace_RGB,
                                   with_alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, &image);
    if (!error.code) error = lib->heif_image_add_plane(image, heif_channel_interleaved, width, height, 8);
    if (error.code) { fail(out, error, "out of memory"); goto done; }
    int stride = 0;
    uint8_t *plane = lib->heif_image_get_plane(image, heif_channel_interleaved, &stride);
    if (!plane) { collage_copy_message(out->message, "out of memory"); goto done; }
    for (int y = 0; y < height; y++) {
        const uint8_t *from = rgba + (size_t)y * width * 4;
        uint8_t *to = plane + (size_t)y * stride;
        if (with_alpha) { memcpy(to, from, (size_t)width * 4); continue; }
        for (int x = 0; x < width; x++) { to[3 * x] = from[4 * x]; to[3 * x + 1] = from[4 * x + 1]; to[3 * x + 2] = from[4 * x + 2]; }
    }
    /* sRGB (BT.709 primaries, sRGB transfer), BT.601 matrix, full range:
     * what collage's HEIF decoder reads back as sRGB without a transform. */
    nclx = lib->heif_nclx_color_profile_alloc();
    options = lib->heif_encoding_options_alloc();
    if (!nclx || !options) { collage_copy_message(out->message, "out of memory"); goto done; }
    nclx->color_primaries = heif_color_primaries_ITU_R_BT_709_5;
    nclx->transfer_characteristics = heif_transfer_characteristic_IEC_61966_2_1;
    nclx->matrix_coefficients = heif_matrix_coefficients_ITU_R_BT_601_6;
    nclx->full_range_flag = 1;
    if ((error = lib->heif_image_set_nclx_color_profile(image, nclx)).code) { fail(out, error, "nclx refused"); goto done; }
    options->save_alpha_channel = with_alpha ? 1 : 0;
    options->output_nclx_profile = nclx;
    struct heif_image_handle *handle = NULL;
    error = lib->heif_context_encode_image(context, image, encoder, options, &handle);
    if (error.code) { fail(out, error, "AV1 encoding failed"); goto done; }
    lib->heif_image_handle_release(handle);
    struct heif_writer writer = { 1, append };
    error = lib->heif_context_write(context, &writer, out);
    if (error.code) { fail(out, error, "writing failed"); free(out->bytes); out->bytes = NULL; out->length = 0; goto done; }
    status = 0;
done:
    if (options) lib->heif_encoding_options_free(options);
    if (nclx) lib->heif_nclx_color_profile_free(nclx);
    if (image) lib->heif_image_release(image);
    if (encoder) lib->heif_encoder_release(encoder);
    lib->heif_context_free(context);
    return status;
}
