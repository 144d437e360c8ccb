/* HEIF / HEIC / AVIF decoding with libheif (see CImageShim.h). libheif
 * reports errors as return values, but keeping it here gives Swift one
 * handle type and one message convention for every format.
 *
 * libheif is loaded with dlopen on the first HEIF file, not linked: it pulls
 * in libde265, x265, aom, dav1d and libstdc++, whose loading, relocation and
 * static initialisers cost about 5 ms at every start of the process, which
 * a render of JPEGs and PNGs would pay for nothing. */
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include "heif_library.h"
#include "internal.h"

/* The libheif functions used here and in avif_encode.c (heif_library.h). */
static struct collage_heif_functions lib;

/* NULL once libheif is loaded, else why it could not be. */
static const char *unavailable = "libheif was not loaded";
static char unavailable_text[COLLAGE_MESSAGE_MAX];

static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static void init_library(void) {
    void *handle = dlopen("libheif.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *why = dlerror();
        collage_copy_message(unavailable_text, why ? why : "libheif.so.1 not found");
        unavailable = unavailable_text;
        return;
    }
#define RESOLVE(name) \
    if (!(*(void **)&lib.name = dlsym(handle, #name))) { \
        collage_copy_message(unavailable_text, "libheif.so.1 lacks " #name); \
        unavailable = unavailable_text; \
        return; \
    }
    HEIF_FUNCTIONS(RESOLVE)
#undef RESOLVE
    lib.heif_init(NULL);
    unavailable = NULL;
}

const char *collage_heif_unavailable(void) {
    pthread_once(&init_once, init_library);
    return unavailable;
}

const struct collage_heif_functions *collage_heif_library(void) {
    return collage_heif_unavailable() ? NULL : &lib;
}

const char *collage_heif_version(void) {
    if (collage_heif_unavailable()) return NULL;
    return lib.heif_get_version();
}

struct collage_heif_decoder {
    struct heif_context *context;
    struct heif_image_handle *handle;
    uint8_t *icc;
    uint8_t *exif;
    char message[COLLAGE_MESSAGE_MAX];
    /* collage_heif_decode_planes's image: its R, G and B planes. */
    struct heif_image *planar;
    const uint8_t *plane[3];
    int stride[3], width, height;
};

static int fail(collage_heif_decoder *d, struct heif_error error, const char *fallback) {
    collage_copy_message(d->message, error.message && error.message[0] ? error.message : fallback);
    return -1;
}

collage_heif_decoder *collage_heif_open(void) {
    if (collage_heif_unavailable()) return NULL;
    collage_heif_decoder *d = calloc(1, sizeof *d);
    if (!d) return NULL;
    d->context = lib.heif_context_alloc();
    if (!d->context) { free(d); return NULL; }
    return d;
}

int collage_heif_header(collage_heif_decoder *d, const uint8_t *data, size_t length, collage_heif_info *info) {
    memset(info, 0, sizeof *info);
    struct heif_error error = lib.heif_context_read_from_memory_without_copy(d->context, data, length, NULL);
    if (error.code != heif_error_Ok) return fail(d, error, "not a readable HEIF file");
    error = lib.heif_context_get_primary_image_handle(d->context, &d->handle);
    if (error.code != heif_error_Ok) return fail(d, error, "no primary image");
    /* The handle's size has irot/imir/clap applied (ispe is the coded size). */
    info->width = lib.heif_image_handle_get_width(d->handle);
    info->height = lib.heif_image_handle_get_height(d->handle);
    info->has_alpha = lib.heif_image_handle_has_alpha_channel(d->handle);
    info->premultiplied = lib.heif_image_handle_is_premultiplied_alpha(d->handle);
    info->luma_bits = lib.heif_image_handle_get_luma_bits_per_pixel(d->handle);
    size_t icc_size = lib.heif_image_handle_get_raw_color_profile_size(d->handle);
    if (icc_size > 0 && (d->icc = malloc(icc_size)) != NULL) {
        if (lib.heif_image_handle_get_raw_color_profile(d->handle, d->icc).code == heif_error_Ok) {
            info->icc = d->icc;
            info->icc_length = icc_size;
        }
    }
    /* The Exif item (ISO/IEC 23008-12 A.2.1): a 32-bit big-endian offset to
     * the TIFF header, then the data (often "Exif\0\0" before the header). */
    heif_item_id exif_id;
    if (lib.heif_image_handle_get_list_of_metadata_block_IDs(d->handle, "Exif", &exif_id, 1) == 1) {
        size_t size = lib.heif_image_handle_get_metadata_size(d->handle, exif_id);
        if (size > 4 && (d->exif = malloc(size)) != NULL &&
            lib.heif_image_handle_get_metadata(d->handle, exif_id, d->exif).code == heif_error_Ok) {
            size_t offset = (size_t)d->exif[0] << 24 | (size_t)d->exif[1] << 16 | (size_t)d->exif[2] << 8 | d->exif[3];
            if (offset < size - 4) {
                info->exif = d->exif + 4 + offset;
                info->exif_length = size - 4 - offset;
            }
        }
    }
    struct heif_color_profile_nclx *nclx = NULL;
    /* libheif 1.15 can return an error with the profile already allocated
     * (52 bytes a header leaked; found by fuzz target decode on a damaged
     * AVIF). Free it either way. */
    if (lib.heif_image_handle_get_nclx_color_profile(d->handle, &nclx).code == heif_error_Ok && nclx) {
        info->has_nclx = 1;
        info->nclx_primaries = (int)nclx->color_primaries;
        info->nclx_transfer = (int)nclx->transfer_characteristics;
    }
    if (nclx) lib.heif_nclx_color_profile_free(nclx);
    return 0;
}

/* Copies libheif's RGBA rows into `out` (width*4 bytes a row), straight alpha. */
static void copy_rows(const uint8_t *plane, int stride, int width, int height, int premultiplied, uint8_t *rgba) {
    for (int y = 0; y < height; y++) {
        uint8_t *out = rgba + (size_t)y * width * 4;
        memcpy(out, plane + (size_t)y * stride, (size_t)width * 4);
        if (!premultiplied) continue;
        for (int x = 0; x < width; x++, out += 4) {   /* straight alpha, rounded */
            unsigned a = out[3];
            if (a == 0 || a == 255) continue;
            for (int c = 0; c < 3; c++) {
                unsigned v = (out[c] * 255u + a / 2) / a;
                out[c] = (uint8_t)(v > 255 ? 255 : v);
            }
        }
    }
}

/* collage_heif_decode from kept planes (collage_heif_decode_planes): the
 * rows interleaved as libheif's RGBA conversion would, block rows reduced
 * as they are, then the planes released. */
static int decode_from_planes(collage_heif_decoder *d, int reduction, uint8_t *rgba, size_t capacity) {
    const size_t reduced_width = (size_t)(d->width + reduction - 1) / reduction;
    const size_t reduced_height = (size_t)(d->height + reduction - 1) / reduction;
    int status = 0;
    uint8_t *strip = NULL;
    if (reduced_width * reduced_height * 4 != capacity) {
        collage_copy_message(d->message, "libheif returned an image of an unexpected size or depth");
        status = -1;
    } else if (reduction == 1) {
        collage_heif_plane_rows(d, 0, d->height, rgba);
    } else if (!(strip = malloc((size_t)d->width * 4 * reduction))) {
        collage_copy_message(d->message, "out of memory");
        status = -1;
    } else {
        for (int y = 0; y < d->height; y += reduction) {
            const int rows = d->height - y < reduction ? d->height - y : reduction;
            collage_heif_plane_rows(d, y, rows, strip);
            collage_rgba_box_reduce(strip, (size_t)d->width * 4, d->width, rows, reduction, 0,
                                    rgba + (size_t)(y / reduction) * reduced_width * 4);
        }
    }
    free(strip);
    lib.heif_image_release(d->planar);
    d->planar = NULL;
    return status;
}

int collage_heif_decode(collage_heif_decoder *d, int reduction, uint8_t *rgba, size_t capacity) {
    if (!d->handle) { collage_copy_message(d->message, "no primary image"); return -1; }
    if (reduction != 1 && reduction != 2 && reduction != 4 && reduction != 8) {
        collage_copy_message(d->message, "the reduction must be 1, 2, 4 or 8");
        return -1;
    }
    /* 8-bit without alpha: libheif's planes, with no conversion to RGBA in
     * a second whole-image buffer (collage_heif_decode_planes). */
    const int planes = collage_heif_decode_planes(d);
    if (planes < 0) return -1;
    if (planes == 0) return decode_from_planes(d, reduction, rgba, capacity);
    return collage_heif_decode_rgba(d, reduction, rgba, capacity);
}

int collage_heif_decode_rgba(collage_heif_decoder *d, int reduction, uint8_t *rgba, size_t capacity) {
    if (!d->handle) { collage_copy_message(d->message, "no primary image"); return -1; }
    struct heif_decoding_options *options = lib.heif_decoding_options_alloc();
    if (!options) { collage_copy_message(d->message, "out of memory"); return -1; }
    options->ignore_transformations = 0;     /* libheif applies irot/imir/clap */
    options->convert_hdr_to_8bit = 1;
    struct heif_image *image = NULL;
    struct heif_error error = lib.heif_decode_image(d->handle, &image, heif_colorspace_RGB,
                                                heif_chroma_interleaved_RGBA, options);
    lib.heif_decoding_options_free(options);
    if (error.code != heif_error_Ok) return fail(d, error, "decoding failed");
    int width = lib.heif_image_get_width(image, heif_channel_interleaved);
    int height = lib.heif_image_get_height(image, heif_channel_interleaved);
    int bits = lib.heif_image_get_bits_per_pixel_range(image, heif_channel_interleaved);
    int stride = 0;
    const uint8_t *plane = lib.heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride);
    int status = 0;
    int valid = reduction == 1 || reduction == 2 || reduction == 4 || reduction == 8;
    size_t reduced_width = valid ? (size_t)(width + reduction - 1) / reduction : 0;
    size_t reduced_height = valid ? (size_t)(height + reduction - 1) / reduction : 0;
    if (!plane || bits != 8 || width <= 0 || height <= 0 || reduced_width * reduced_height * 4 != capacity) {
        collage_copy_message(d->message, "libheif returned an image of an unexpected size or depth");
        status = -1;
    } else if (reduction == 1) {
        copy_rows(plane, stride, width, height, lib.heif_image_is_premultiplied_alpha(image), rgba);
    } else {
        collage_rgba_box_reduce(plane, (size_t)stride, width, height, reduction,
                                lib.heif_image_is_premultiplied_alpha(image), rgba);
    }
    lib.heif_image_release(image);
    return status;
}

/* libheif 1.15 assembles a grid image (an iPhone's photo: 512-pixel HEVC
 * tiles) as planar 8-bit RGB, each tile converted as it is pasted
 * (heif_context.cc, decode_full_grid_image); RGBA is then one more
 * conversion into a second whole-image buffer. Asking for planar RGB takes
 * the grid's own planes, and interleaving them is what that last
 * conversion does. (A single-item image is converted from its YCbCr to
 * planar RGB instead; its bytes are checked against the RGBA decode's by
 * the tests.) */
static int keep_planes(collage_heif_decoder *d, struct heif_image *image) {
    if (lib.heif_image_get_colorspace(image) != heif_colorspace_RGB ||
        lib.heif_image_get_chroma_format(image) != heif_chroma_444 ||
        lib.heif_image_has_channel(image, heif_channel_Alpha)) return 0;
    const enum heif_channel channels[3] = { heif_channel_R, heif_channel_G, heif_channel_B };
    d->width = lib.heif_image_get_width(image, heif_channel_R);
    d->height = lib.heif_image_get_height(image, heif_channel_R);
    for (int c = 0; c < 3; c++) {
        if (lib.heif_image_get_bits_per_pixel_range(image, channels[c]) != 8 ||
            lib.heif_image_get_width(image, channels[c]) != d->width ||
            lib.heif_image_get_height(image, channels[c]) != d->height) return 0;
        d->plane[c] = lib.heif_image_get_plane_readonly(image, channels[c], &d->stride[c]);
        if (!d->plane[c]) return 0;
    }
    return d->width > 0 && d->height > 0;
}

int collage_heif_decode_planes(collage_heif_decoder *d) {
    if (!d->handle) { collage_copy_message(d->message, "no primary image"); return -1; }
    if (lib.heif_image_handle_has_alpha_channel(d->handle) ||
        lib.heif_image_handle_get_luma_bits_per_pixel(d->handle) != 8 ||
        lib.heif_image_handle_get_chroma_bits_per_pixel(d->handle) != 8) return 1;
    struct heif_decoding_options *options = lib.heif_decoding_options_alloc();
    if (!options) { collage_copy_message(d->message, "out of memory"); return -1; }
    options->ignore_transformations = 0;     /* libheif applies irot/imir/clap */
    struct heif_image *image = NULL;
    struct heif_error error = lib.heif_decode_image(d->handle, &image, heif_colorspace_RGB, heif_chroma_444, options);
    lib.heif_decoding_options_free(options);
    if (error.code != heif_error_Ok) return fail(d, error, "decoding failed");
    if (!keep_planes(d, image)) {
        lib.heif_image_release(image);
        return 1;
    }
    d->planar = image;
    /* A file whose grid or ispe disagrees with its tiles gives planes of
     * another size than its header's (found by a crafted file): refused,
     * as the RGBA path refuses it, before any row is read. */
    if (d->width != lib.heif_image_handle_get_width(d->handle) ||
        d->height != lib.heif_image_handle_get_height(d->handle)) {
        collage_copy_message(d->message, "libheif returned an image of an unexpected size or depth");
        return -1;
    }
    return 0;
}

void collage_heif_set_decoding_threads(collage_heif_decoder *d, int count) {
    lib.heif_context_set_max_decoding_threads(d->context, count < 1 ? 1 : count);
}

void collage_heif_release_file(collage_heif_decoder *d) {
    if (d->handle) lib.heif_image_handle_release(d->handle);
    d->handle = NULL;
    lib.heif_context_free(d->context);
    d->context = NULL;
}

void collage_heif_plane_rows(const collage_heif_decoder *d, int first, int count, uint8_t *rgba) {
    for (int y = first; y < first + count && y < d->height; y++) {
        const uint8_t *r = d->plane[0] + (size_t)y * d->stride[0];
        const uint8_t *g = d->plane[1] + (size_t)y * d->stride[1];
        const uint8_t *b = d->plane[2] + (size_t)y * d->stride[2];
        uint8_t *out = rgba + (size_t)(y - first) * d->width * 4;
        for (int x = 0; x < d->width; x++, out += 4) {
            out[0] = r[x]; out[1] = g[x]; out[2] = b[x]; out[3] = 255;
        }
    }
}

const char *collage_heif_message(const collage_heif_decoder *d) { return d->message; }

void collage_heif_close(collage_heif_decoder *d) {
    if (!d) return;
    if (d->planar) lib.heif_image_release(d->planar);
    if (d->handle) lib.heif_image_handle_release(d->handle);
    if (d->context) lib.heif_context_free(d->context);
    free(d->icc);
    free(d->exif);
    free(d);
}
