/* libjpeg-turbo decoding with setjmp error handling (see CImageShim.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <jpeglib.h>
#include <jerror.h>
#include "internal.h"

struct collage_jpeg_decoder {
    struct jpeg_decompress_struct cinfo;
    struct jpeg_error_mgr jerr;
    jmp_buf jump;
    int created;
    int failed;
    int fail_on_truncation;
    int started;                /* collage_jpeg_start_rows ran, collage_jpeg_end_rows not yet */
    collage_failure failure;
    char message[COLLAGE_MESSAGE_MAX];
    collage_warnings warnings;
    JOCTET *icc;
};

static collage_failure classify(int code) {
    switch (code) {
    case JERR_BAD_PRECISION: case JERR_SOF_UNSUPPORTED: case JERR_EMPTY_IMAGE:
    case JERR_ARITH_NOTIMPL: case JERR_NOT_COMPILED: case JERR_CONVERSION_NOTIMPL:
        return COLLAGE_FAIL_UNSUPPORTED;
    case JERR_OUT_OF_MEMORY: case JERR_NO_BACKING_STORE: case JERR_WIDTH_OVERFLOW:
    case JERR_IMAGE_TOO_BIG:
        return COLLAGE_FAIL_TOO_LARGE;
    default:
        return COLLAGE_FAIL_CORRUPT;
    }
}

static void on_error(j_common_ptr cinfo) {
    collage_jpeg_decoder *d = (collage_jpeg_decoder *)cinfo->client_data;
    char buf[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, buf);
    collage_copy_message(d->message, buf);
    d->failure = classify(cinfo->err->msg_code);
    d->failed = 1;
    longjmp(d->jump, 1);
}

static void on_message(j_common_ptr cinfo, int level) {
    if (level >= 0) return;                       /* trace messages: ignored */
    collage_jpeg_decoder *d = (collage_jpeg_decoder *)cinfo->client_data;
    char buf[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, buf);
    cinfo->err->num_warnings++;
    if (cinfo->err->msg_code == JWRN_JPEG_EOF && d->fail_on_truncation) {
        collage_copy_message(d->message, buf);
        d->failure = COLLAGE_FAIL_TRUNCATED;
        d->failed = 1;
        longjmp(d->jump, 1);
    }
    if (cinfo->err->msg_code == JWRN_JPEG_EOF) collage_warnings_add_important(&d->warnings, buf);
    else collage_warnings_add(&d->warnings, buf);
}

static void silent_output(j_common_ptr cinfo) { (void)cinfo; }

collage_jpeg_decoder *collage_jpeg_open(const uint8_t *data, size_t length,
                                        long max_memory, int fail_on_truncation) {
    collage_jpeg_decoder *d = calloc(1, sizeof *d);
    if (!d) return NULL;
    d->fail_on_truncation = fail_on_truncation;
    d->cinfo.err = jpeg_std_error(&d->jerr);
    d->jerr.error_exit = on_error;
    d->jerr.emit_message = on_message;
    d->jerr.output_message = silent_output;
    d->cinfo.client_data = d;
    if (setjmp(d->jump)) return d;
    jpeg_CreateDecompress(&d->cinfo, JPEG_LIB_VERSION, sizeof d->cinfo);
    d->created = 1;
    if (max_memory > 0) d->cinfo.mem->max_memory_to_use = max_memory;
    jpeg_mem_src(&d->cinfo, data, (unsigned long)length);
    jpeg_save_markers(&d->cinfo, JPEG_APP0 + 1, 0xFFFF);
    jpeg_save_markers(&d->cinfo, JPEG_APP0 + 2, 0xFFFF);    /* ICC_PROFILE chunks */
    return d;
}

int collage_jpeg_header(collage_jpeg_decoder *d, collage_jpeg_info *info) {
    if (d->failed) return -1;
    memset(info, 0, sizeof *info);
    if (setjmp(d->jump)) return -1;
    jpeg_read_header(&d->cinfo, TRUE);
    struct jpeg_decompress_struct *c = &d->cinfo;
    info->width = (int)c->image_width;
    info->height = (int)c->image_height;
    info->components = c->num_components;
    info->color_space = (int)c->jpeg_color_space;
    info->progressive = c->progressive_mode ? 1 : 0;
    info->arithmetic = c->arith_code ? 1 : 0;
    info->saw_adobe = c->saw_Adobe_marker ? 1 : 0;
    info->adobe_transform = c->Adobe_transform;
    /* A multi-scan file (progressive, or non-interleaved) keeps the whole
     * image's DCT coefficients in memory whatever the output scale. */
    if (c->progressive_mode || c->comps_in_scan < c->num_components) {
        double total = 0;
        for (int i = 0; i < c->num_components; i++) {
            jpeg_component_info *comp = &c->comp_info[i];
            double w = comp->width_in_blocks + comp->h_samp_factor;
            double h = comp->height_in_blocks + comp->v_samp_factor;
            total += w * h * DCTSIZE2 * sizeof(JCOEF);
        }
        info->coefficient_bytes = total;
    }
    for (jpeg_saved_marker_ptr m = c->marker_list; m; m = m->next) {
        if (m->marker == JPEG_APP0 + 1 && m->data_length >= 6 &&
            memcmp(m->data, "Exif\0\0", 6) == 0) {
            info->exif = m->data;
            info->exif_length = m->data_length;
            break;
        }
    }
    unsigned int icc_length = 0;
    if (jpeg_read_icc_profile(c, &d->icc, &icc_length) && d->icc) {
        info->icc = d->icc;
        info->icc_length = icc_length;
    }
    return 0;
}

int collage_jpeg_scaled_size(collage_jpeg_decoder *d, int scale_num, int *width, int *height) {
    if (d->failed) return -1;
    if (setjmp(d->jump)) return -1;
    d->cinfo.scale_num = (unsigned int)scale_num;
    d->cinfo.scale_denom = 8;
    jpeg_calc_output_dimensions(&d->cinfo);
    *width = (int)d->cinfo.output_width;
    *height = (int)d->cinfo.output_height;
    return 0;
}

void collage_cmyk_to_rgba(uint8_t *p, size_t pixels, int inverted) {
    for (size_t i = 0; i < pixels; i++, p += 4) {
        unsigned c = p[0], m = p[1], y = p[2], k = p[3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        p[0] = (uint8_t)((c * k + 127) / 255);
        p[1] = (uint8_t)((m * k + 127) / 255);
        p[2] = (uint8_t)((y * k + 127) / 255);
        p[3] = 255;
    }
}

/* The output settings every decode uses (DCT scale scale_num/8, the exact
 * integer IDCT, one pass), then jpeg_start_decompress. Errors longjmp to the
 * caller's setjmp. */
static void start_output(struct jpeg_decompress_struct *c, int scale_num) {
    c->scale_num = (unsigned int)scale_num;
    c->scale_denom = 8;
    c->dct_method = JDCT_ISLOW;
    c->buffered_image = FALSE;
    jpeg_start_decompress(c);
}

int collage_jpeg_decode(collage_jpeg_decoder *d, int scale_num, int keep_cmyk, uint8_t *rgba, size_t capacity) {
    if (d->failed) return -1;
    struct jpeg_decompress_struct *c = &d->cinfo;
    if (setjmp(d->jump)) return -1;
    int cmyk = 0;
    switch (c->jpeg_color_space) {
    case JCS_GRAYSCALE: case JCS_YCbCr: case JCS_RGB:
        c->out_color_space = JCS_EXT_RGBA; break;
    case JCS_CMYK: case JCS_YCCK:
        c->out_color_space = JCS_CMYK; cmyk = !keep_cmyk; break;
    default:
        collage_copy_message(d->message, "unsupported JPEG colour space (unknown component layout)");
        d->failure = COLLAGE_FAIL_UNSUPPORTED;
        d->failed = 1;
        return -1;
    }
    start_output(c, scale_num);
    size_t stride = (size_t)c->output_width * 4;
    if (c->output_components != 4 || stride * c->output_height > capacity) {
        collage_copy_message(d->message, "decoder output does not match the expected size");
        d->failure = COLLAGE_FAIL_CORRUPT;
        d->failed = 1;
        jpeg_abort_decompress(c);
        return -1;
    }
    while (c->output_scanline < c->output_height) {
        JSAMPROW rows[8];
        int n = 0;
        for (; n < 8 && c->output_scanline + n < c->output_height; n++)
            rows[n] = rgba + (size_t)(c->output_scanline + n) * stride;
        JDIMENSION first = c->output_scanline;
        JDIMENSION got = jpeg_read_scanlines(c, rows, (JDIMENSION)n);
        if (cmyk && got > 0)
            collage_cmyk_to_rgba(rgba + (size_t)first * stride, (size_t)got * c->output_width, c->saw_Adobe_marker);
        if (got == 0) break;
    }
    jpeg_finish_decompress(c);
    return 0;
}

int collage_jpeg_start_rows(collage_jpeg_decoder *d, int scale_num, int *width, int *height) {
    if (d->failed) return -1;
    struct jpeg_decompress_struct *c = &d->cinfo;
    if (setjmp(d->jump)) return -1;
    switch (c->jpeg_color_space) {
    case JCS_GRAYSCALE: case JCS_YCbCr: case JCS_RGB:
        c->out_color_space = JCS_EXT_RGBA; break;
    default:
        collage_copy_message(d->message, "row-by-row decoding takes grayscale, YCbCr or RGB JPEGs only");
        d->failure = COLLAGE_FAIL_UNSUPPORTED;
        d->failed = 1;
        return -1;
    }
    start_output(c, scale_num);
    d->started = 1;
    if (c->output_components != 4) {
        collage_copy_message(d->message, "decoder output does not match the expected size");
        d->failure = COLLAGE_FAIL_CORRUPT;
        d->failed = 1;
        return -1;
    }
    *width = (int)c->output_width;
    *height = (int)c->output_height;
    return 0;
}

int collage_jpeg_crop_columns(collage_jpeg_decoder *d, int *x, int *width) {
    if (d->failed || !d->started) return -1;
    if (setjmp(d->jump)) return -1;
    JDIMENSION left = (JDIMENSION)*x, count = (JDIMENSION)*width;
    jpeg_crop_scanline(&d->cinfo, &left, &count);
    *x = (int)left;
    *width = (int)count;
    return 0;
}

int collage_jpeg_skip_rows(collage_jpeg_decoder *d, int count) {
    if (d->failed || !d->started) return -1;
    if (setjmp(d->jump)) return -1;
    if (count > 0) jpeg_skip_scanlines(&d->cinfo, (JDIMENSION)count);
    return 0;
}

int collage_jpeg_read_row(collage_jpeg_decoder *d, uint8_t *row) {
    if (d->failed || !d->started) return -1;
    struct jpeg_decompress_struct *c = &d->cinfo;
    if (setjmp(d->jump)) return -1;
    JSAMPROW rows[1] = { row };
    if (c->output_scanline >= c->output_height || jpeg_read_scanlines(c, rows, 1) != 1) {
        collage_copy_message(d->message, "the decoder produced fewer rows than the image has");
        d->failure = COLLAGE_FAIL_CORRUPT;
        d->failed = 1;
        return -1;
    }
    return 0;
}

int collage_jpeg_end_rows(collage_jpeg_decoder *d) {
    if (d->failed || !d->started) return -1;
    struct jpeg_decompress_struct *c = &d->cinfo;
    if (setjmp(d->jump)) return -1;
    if (c->output_scanline >= c->output_height) jpeg_finish_decompress(c);
    else jpeg_abort_decompress(c);
    d->started = 0;
    return 0;
}

collage_failure collage_jpeg_failure(const collage_jpeg_decoder *d) { return d->failure; }
const char *collage_jpeg_message(const collage_jpeg_decoder *d) { return d->message; }
const collage_warnings *collage_jpeg_warnings(const collage_jpeg_decoder *d) { return &d->warnings; }

void collage_jpeg_close(collage_jpeg_decoder *d) {
    if (!d) return;
    if (d->created) jpeg_destroy_decompress(&d->cinfo);
    free(d->icc);
    free(d);
}
