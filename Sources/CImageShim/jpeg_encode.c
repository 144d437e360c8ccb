/* libjpeg-turbo encoding with setjmp error handling (see CImageShim.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <jpeglib.h>
#include <jerror.h>
#include "internal.h"

typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    char *message;
} encode_error;

static void on_error(j_common_ptr cinfo) {
    encode_error *e = (encode_error *)cinfo->err;
    char buf[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, buf);
    collage_copy_message(e->message, buf);
    longjmp(e->jump, 1);
}

static void silent(j_common_ptr cinfo, int level) { (void)cinfo; (void)level; }

void collage_buffer_free(collage_buffer *b) {
    free(b->bytes);
    b->bytes = NULL;
    b->length = 0;
}

/* One RGBA row to RGBX, alpha composited over the background (X is 255):
 * in linear light through the tables when `lin` is given (compositing:
 * linear), else on the sRGB-encoded values (compositing: css). */
static void flatten_row(const uint8_t *src, uint8_t *dst, int width, const uint8_t bg[3],
                        const uint16_t *lin, const uint8_t *srgb) {
    for (int x = 0; x < width; x++, src += 4, dst += 4) {
        unsigned a = src[3];
        dst[3] = 255;
        if (a == 255) { dst[0] = src[0]; dst[1] = src[1]; dst[2] = src[2]; continue; }
        if (a == 0) { dst[0] = bg[0]; dst[1] = bg[1]; dst[2] = bg[2]; continue; }
        for (int ch = 0; ch < 3; ch++) {
            if (lin) {
                uint32_t l = ((uint32_t)lin[src[ch]] * a + (uint32_t)lin[bg[ch]] * (255 - a) + 127) / 255;
                dst[ch] = srgb[l];
            } else {
                dst[ch] = (uint8_t)(((uint32_t)src[ch] * a + (uint32_t)bg[ch] * (255 - a) + 127) / 255);
            }
        }
    }
}

/* The AND of a row's alpha bytes (255: the row is opaque). */
static unsigned row_alpha(const uint8_t *src, int width) {
    unsigned all = 255;
    for (int x = 0; x < width; x++) all &= src[4 * x + 3];
    return all;
}

/* Output into one growing malloc'd buffer that this code owns (libjpeg's
 * jpeg_mem_dest publishes its buffer only at the end, so a stream abandoned
 * half way could not free it). */
typedef struct {
    struct jpeg_destination_mgr pub;
    uint8_t *bytes;
    size_t capacity;
    size_t length;               /* set when the compression ends */
} growing_dest;

static void dest_init(j_compress_ptr cinfo) {
    growing_dest *d = (growing_dest *)cinfo->dest;
    if (!d->bytes) {
        d->capacity = 1 << 16;
        d->bytes = malloc(d->capacity);
        if (!d->bytes) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 0);
    }
    d->pub.next_output_byte = d->bytes;
    d->pub.free_in_buffer = d->capacity;
}

static boolean dest_grow(j_compress_ptr cinfo) {
    growing_dest *d = (growing_dest *)cinfo->dest;
    size_t full = d->capacity;
    uint8_t *bigger = full > SIZE_MAX / 2 ? NULL : realloc(d->bytes, full * 2);
    if (!bigger) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 1);
    d->bytes = bigger;
    d->capacity = full * 2;
    d->pub.next_output_byte = bigger + full;
    d->pub.free_in_buffer = d->capacity - full;
    return TRUE;
}

static void dest_term(j_compress_ptr cinfo) {
    growing_dest *d = (growing_dest *)cinfo->dest;
    d->length = d->capacity - d->pub.free_in_buffer;
}

struct collage_jpeg_stream {
    struct jpeg_compress_struct cinfo;
    encode_error err;
    growing_dest dest;
    uint8_t *row;                /* one RGB row */
    const uint16_t *lin;
    const uint8_t *srgb;
    uint8_t bg[3];
    int linear;                  /* flatten in linear light (compositing: linear) */
    int failed;                  /* message holds the reason */
    int opaque;                  /* every row written so far had alpha 255 */
    char message[COLLAGE_MESSAGE_MAX];
};

/* Releases libjpeg's state and the row; keeps `bytes` for the caller. */
static void stream_release(collage_jpeg_stream *s) {
    jpeg_destroy_compress(&s->cinfo);
    free(s->row);
    s->row = NULL;
}

collage_jpeg_stream *collage_jpeg_stream_begin(int width, int height, int quality,
                                               int subsampling, int progressive, int dpi,
                                               uint8_t bg_r, uint8_t bg_g, uint8_t bg_b, int linear) {
    collage_jpeg_stream *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->opaque = 1;
    s->bg[0] = bg_r; s->bg[1] = bg_g; s->bg[2] = bg_b;
    s->linear = linear;
    /* s->lin and s->srgb (the flattening tables: 65 536 pow calls, a
     * millisecond or two) are fetched with the first row that has alpha. */
    s->cinfo.err = jpeg_std_error(&s->err.pub);
    s->err.pub.error_exit = on_error;
    s->err.pub.emit_message = silent;
    s->err.message = s->message;
    if (setjmp(s->err.jump)) {
        stream_release(s);
        s->failed = 1;
        return s;
    }
    jpeg_CreateCompress(&s->cinfo, JPEG_LIB_VERSION, sizeof s->cinfo);
    s->dest.pub.init_destination = dest_init;
    s->dest.pub.empty_output_buffer = dest_grow;
    s->dest.pub.term_destination = dest_term;
    s->cinfo.dest = &s->dest.pub;
    s->cinfo.image_width = (JDIMENSION)width;
    s->cinfo.image_height = (JDIMENSION)height;
    /* RGBX: opaque canvas rows go to libjpeg as they are (its colour
     * conversion ignores the fourth byte), with no copy. */
    s->cinfo.input_components = 4;
    s->cinfo.in_color_space = JCS_EXT_RGBX;
    jpeg_set_defaults(&s->cinfo);
    jpeg_set_quality(&s->cinfo, quality, TRUE);
    s->cinfo.dct_method = JDCT_ISLOW;
    /* Optimised Huffman tables make libjpeg hold every DCT coefficient of the
     * image (3 bytes a pixel at 4:2:0) for a second pass, for files only
     * about 1% smaller on photo collages (Benchmarks/): baseline output uses
     * the standard tables and streams. Progressive output buffers the
     * coefficients anyway, so it keeps optimised tables. */
    s->cinfo.optimize_coding = progressive ? TRUE : FALSE;
    /* Baseline output restarts the entropy coder at every MCU row (a DRI
     * marker, then RSTn between rows: about 2 bytes a row), so a band of
     * whole MCU rows encodes to the same bytes alone as inside the image
     * and bands can be encoded in any order, in parallel (JPEGBandEncoder). */
    if (!progressive) s->cinfo.restart_in_rows = 1;
    s->cinfo.write_JFIF_header = TRUE;
    if (dpi > 0) {
        s->cinfo.density_unit = 1;
        s->cinfo.X_density = s->cinfo.Y_density = (UINT16)(dpi > 65535 ? 65535 : dpi);
    } else {
        s->cinfo.density_unit = 0;
        s->cinfo.X_density = s->cinfo.Y_density = 1;
    }
    if (subsampling == 444) {
        s->cinfo.comp_info[0].h_samp_factor = 1;
        s->cinfo.comp_info[0].v_samp_factor = 1;
    } else {
        s->cinfo.comp_info[0].h_samp_factor = 2;
        s->cinfo.comp_info[0].v_samp_factor = 2;
    }
    if (progressive) jpeg_simple_progression(&s->cinfo);
    s->row = malloc((size_t)width * 4 + 1);
    if (!s->row) {
        collage_copy_message(s->message, "out of memory");
        stream_release(s);
        s->failed = 1;
        return s;
    }
    jpeg_start_compress(&s->cinfo, TRUE);
    return s;
}

int collage_jpeg_stream_write(collage_jpeg_stream *s, const uint8_t *rgba, int rows) {
    if (s->failed) return -1;
    if (setjmp(s->err.jump)) {
        stream_release(s);
        s->failed = 1;
        return -1;
    }
    int width = (int)s->cinfo.image_width;
    for (int i = 0; i < rows && s->cinfo.next_scanline < s->cinfo.image_height; i++) {
        const uint8_t *src = rgba + (size_t)i * width * 4;
        JSAMPROW r = (JSAMPROW)src;   /* libjpeg only reads input rows */
        if (row_alpha(src, width) != 255) {
            s->opaque = 0;
            if (s->linear && !s->lin) {
                s->lin = collage_srgb_to_linear16();
                s->srgb = collage_linear16_to_srgb();
            }
            flatten_row(src, s->row, width, s->bg, s->lin, s->srgb);
            r = s->row;
        }
        jpeg_write_scanlines(&s->cinfo, &r, 1);
    }
    return 0;
}

int collage_jpeg_stream_opaque(const collage_jpeg_stream *s) { return s->opaque; }

int collage_jpeg_stream_finish(collage_jpeg_stream *s, collage_buffer *out) {
    memset(out, 0, sizeof *out);
    if (!s->failed && s->cinfo.next_scanline < s->cinfo.image_height) {
        collage_copy_message(s->message, "fewer rows written than the image has");
        stream_release(s);
        s->failed = 1;
    }
    if (s->failed) {
        collage_copy_message(out->message, s->message);
        collage_jpeg_stream_free(s);
        return -1;
    }
    if (setjmp(s->err.jump)) {
        stream_release(s);
        collage_copy_message(out->message, s->message);
        free(s->dest.bytes);
        free(s);
        return -1;
    }
    jpeg_finish_compress(&s->cinfo);
    stream_release(s);
    out->bytes = s->dest.bytes;
    out->length = s->dest.length;
    free(s);
    return 0;
}

size_t collage_jpeg_stream_pending(collage_jpeg_stream *s, const uint8_t **bytes) {
    *bytes = s->dest.bytes;
    if (s->failed || !s->dest.bytes || !s->dest.pub.next_output_byte) return 0;
    return (size_t)(s->dest.pub.next_output_byte - s->dest.bytes);
}

void collage_jpeg_stream_take(collage_jpeg_stream *s) {
    if (s->failed || !s->dest.bytes || !s->dest.pub.next_output_byte) return;
    /* libjpeg only appends at next_output_byte: starting the buffer again
     * is what empty_output_buffer does in a file destination. */
    s->dest.pub.next_output_byte = s->dest.bytes;
    s->dest.pub.free_in_buffer = s->dest.capacity;
}

void collage_jpeg_stream_free(collage_jpeg_stream *s) {
    if (!s) return;
    if (!s->failed) stream_release(s);
    free(s->dest.bytes);
    free(s);
}

int collage_jpeg_encode(const uint8_t *rgba, int width, int height, int quality,
                        int subsampling, int progressive, int dpi,
                        uint8_t bg_r, uint8_t bg_g, uint8_t bg_b, int linear, collage_buffer *out) {
    memset(out, 0, sizeof *out);
    collage_jpeg_stream *s = collage_jpeg_stream_begin(width, height, quality, subsampling, progressive, dpi,
                                                       bg_r, bg_g, bg_b, linear);
    if (!s) { collage_copy_message(out->message, "out of memory"); return -1; }
    collage_jpeg_stream_write(s, rgba, height);
    return collage_jpeg_stream_finish(s, out);
}
