/* libpng low-level decoding with setjmp error handling (see CImageShim.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <png.h>
#include "internal.h"

struct collage_png_decoder {
    png_structp png;
    png_infop info;
    const uint8_t *data;
    size_t length, position;
    int failed, hit_end;
    collage_failure failure;
    char message[COLLAGE_MESSAGE_MAX];
    collage_warnings warnings;
    png_bytep *rows;
};

static void on_error(png_structp png, png_const_charp message) {
    collage_png_decoder *d = (collage_png_decoder *)png_get_error_ptr(png);
    collage_copy_message(d->message, message);
    d->failure = d->hit_end ? COLLAGE_FAIL_TRUNCATED : COLLAGE_FAIL_CORRUPT;
    d->failed = 1;
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
    collage_png_decoder *d = (collage_png_decoder *)png_get_error_ptr(png);
    collage_warnings_add(&d->warnings, message);
}

static void on_read(png_structp png, png_bytep out, size_t count) {
    collage_png_decoder *d = (collage_png_decoder *)png_get_io_ptr(png);
    if (count > d->length - d->position) {
        d->hit_end = 1;
        png_error(png, "Read Error: file ends early");
    }
    memcpy(out, d->data + d->position, count);
    d->position += count;
}

collage_png_decoder *collage_png_open(const uint8_t *data, size_t length) {
    collage_png_decoder *d = calloc(1, sizeof *d);
    if (!d) return NULL;
    d->data = data;
    d->length = length;
    d->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, d, on_error, on_warning);
    if (!d->png) { free(d); return NULL; }
    d->info = png_create_info_struct(d->png);
    if (!d->info) { png_destroy_read_struct(&d->png, NULL, NULL); free(d); return NULL; }
    png_set_read_fn(d->png, d, on_read);
    /* Problems in ancillary chunks (e.g. a non-conforming iCCP) are warnings. */
    png_set_benign_errors(d->png, 1);
    return d;
}

int collage_png_header(collage_png_decoder *d, collage_png_info *info) {
    if (d->failed) return -1;
    memset(info, 0, sizeof *info);
    if (setjmp(png_jmpbuf(d->png))) return -1;
    png_read_info(d->png, d->info);
    png_uint_32 w, h;
    int depth, color, interlace;
    png_get_IHDR(d->png, d->info, &w, &h, &depth, &color, &interlace, NULL, NULL);
    info->width = w;
    info->height = h;
    info->bit_depth = depth;
    info->color_type = color;
    info->interlaced = interlace != PNG_INTERLACE_NONE;
    png_uint_32 exif_length = 0;
    png_bytep exif = NULL;
    if (png_get_eXIf_1(d->png, d->info, &exif_length, &exif) & PNG_INFO_eXIf) {
        info->exif = exif;
        info->exif_length = exif_length;
    }
    png_charp icc_name = NULL;
    int icc_compression = 0;
    png_bytep icc = NULL;
    png_uint_32 icc_length = 0;
    if (png_get_iCCP(d->png, d->info, &icc_name, &icc_compression, &icc, &icc_length) & PNG_INFO_iCCP) {
        info->icc = icc;
        info->icc_length = icc_length;
    }
    return 0;
}

int collage_png_decode(collage_png_decoder *d, uint8_t *rgba, size_t capacity) {
    if (d->failed) return -1;
    if (setjmp(png_jmpbuf(d->png))) return -1;
    png_structp png = d->png;
    png_infop info = d->info;
    png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
    int color = png_get_color_type(png, info), depth = png_get_bit_depth(png, info);
    if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (depth == 16) png_set_scale_16(png);
    if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    size_t stride = (size_t)w * 4;
    if (png_get_rowbytes(png, info) != stride || stride * h > capacity) {
        collage_copy_message(d->message, "unexpected row layout after PNG transformations");
        d->failure = COLLAGE_FAIL_CORRUPT;
        d->failed = 1;
        return -1;
    }
    d->rows = malloc(sizeof(png_bytep) * (h ? h : 1));
    if (!d->rows) {
        collage_copy_message(d->message, "out of memory");
        d->failure = COLLAGE_FAIL_NO_MEMORY;
        d->failed = 1;
        return -1;
    }
    for (png_uint_32 y = 0; y < h; y++) d->rows[y] = rgba + (size_t)y * stride;
    png_read_image(png, d->rows);
    /* The pixels are complete: problems in the chunks after the image data
     * (a bad CRC, a file cut short before IEND) become warnings. */
    if (setjmp(png_jmpbuf(png))) {
        char text[COLLAGE_MESSAGE_MAX + 32];
        snprintf(text, sizeof text, "after the image data: %s", d->message);
        collage_warnings_add(&d->warnings, text);
        d->failed = 0;
        d->failure = COLLAGE_FAIL_NONE;
        d->message[0] = 0;
        return 0;
    }
    png_read_end(png, NULL);
    return 0;
}

collage_failure collage_png_failure(const collage_png_decoder *d) { return d->failure; }
const char *collage_png_message(const collage_png_decoder *d) { return d->message; }
const collage_warnings *collage_png_warnings(const collage_png_decoder *d) { return &d->warnings; }

void collage_png_close(collage_png_decoder *d) {
    if (!d) return;
    png_destroy_read_struct(&d->png, &d->info, NULL);
    free(d->rows);
    free(d);
}
