/* libpng encoding with setjmp error handling (see CImageShim.h). */
#include <stdlib.h>
#include <string.h>
#include <png.h>
#include <zlib.h>
#include "internal.h"

typedef struct {
    collage_buffer *out;
    size_t capacity;
    int failed;
} png_sink;

static void on_error(png_structp png, png_const_charp message) {
    png_sink *s = (png_sink *)png_get_error_ptr(png);
    collage_copy_message(s->out->message, message);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) { (void)png; (void)message; }

static void on_write(png_structp png, png_bytep data, size_t count) {
    png_sink *s = (png_sink *)png_get_io_ptr(png);
    collage_buffer *b = s->out;
    if (b->length + count > s->capacity) {
        size_t capacity = s->capacity ? s->capacity : 65536;
        while (capacity < b->length + count) capacity *= 2;
        uint8_t *grown = realloc(b->bytes, capacity);
        if (!grown) png_error(png, "out of memory");
        b->bytes = grown;
        s->capacity = capacity;
    }
    memcpy(b->bytes + b->length, data, count);
    b->length += count;
}

static void on_flush(png_structp png) { (void)png; }

struct collage_png_stream {
    png_structp png;
    png_infop info;
    png_sink sink;
    collage_buffer buffer;       /* the file so far; its message holds a failure */
    int width, height, rows_written;
    int failed;
    int opaque;                  /* every row written so far had alpha 255 */
};

static void stream_release(collage_png_stream *s) {
    if (s->png) png_destroy_write_struct(&s->png, &s->info);
    s->png = NULL;
    s->info = NULL;
}

collage_png_stream *collage_png_stream_begin(int width, int height, int with_alpha, int dpi) {
    collage_png_stream *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->width = width;
    s->height = height;
    s->opaque = 1;
    s->sink.out = &s->buffer;
    s->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &s->sink, on_error, on_warning);
    if (!s->png) { collage_copy_message(s->buffer.message, "out of memory"); s->failed = 1; return s; }
    s->info = png_create_info_struct(s->png);
    if (!s->info || setjmp(png_jmpbuf(s->png))) {
        stream_release(s);
        if (!s->buffer.message[0]) collage_copy_message(s->buffer.message, "out of memory");
        s->failed = 1;
        return s;
    }
    png_set_write_fn(s->png, &s->sink, on_write, on_flush);
    png_set_IHDR(s->png, s->info, (png_uint_32)width, (png_uint_32)height, 8,
                 with_alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_sRGB(s->png, s->info, PNG_sRGB_INTENT_PERCEPTUAL);
    if (dpi > 0) {
        png_uint_32 ppm = (png_uint_32)((double)dpi / 0.0254 + 0.5);
        png_set_pHYs(s->png, s->info, ppm, ppm, PNG_RESOLUTION_METER);
    }
    /* Adaptive filters, then zlib's run-length strategy at level 1: on the
     * reference collage (Benchmarks/) the file is 3% larger than with level
     * 6 (libpng's Z_FILTERED) and deflate takes about a fifth of the time:
     * filtered photo rows hold little long-range redundancy for LZ77. */
    png_set_compression_level(s->png, 1);
    png_set_compression_strategy(s->png, Z_RLE);
    png_set_filter(s->png, PNG_FILTER_TYPE_BASE, PNG_ALL_FILTERS);
    png_write_info(s->png, s->info);
    if (!with_alpha) png_set_filler(s->png, 0, PNG_FILLER_AFTER);   /* strip the alpha byte */
    return s;
}

int collage_png_stream_write(collage_png_stream *s, const uint8_t *rgba, int rows) {
    if (s->failed) return -1;
    if (setjmp(png_jmpbuf(s->png))) {
        stream_release(s);
        s->failed = 1;
        return -1;
    }
    for (int i = 0; i < rows && s->rows_written < s->height; i++, s->rows_written++) {
        const uint8_t *row = rgba + (size_t)i * s->width * 4;
        if (s->opaque) {
            unsigned all = 255;
            for (int x = 0; x < s->width; x++) all &= row[x * 4 + 3];
            if (all != 255) s->opaque = 0;
        }
        png_write_row(s->png, (png_const_bytep)row);
    }
    return 0;
}

int collage_png_stream_opaque(const collage_png_stream *s) { return s->opaque; }

int collage_png_stream_finish(collage_png_stream *s, collage_buffer *out) {
    memset(out, 0, sizeof *out);
    if (!s->failed && s->rows_written < s->height) {
        collage_copy_message(s->buffer.message, "fewer rows written than the image has");
        stream_release(s);
        s->failed = 1;
    }
    if (!s->failed) {
        if (setjmp(png_jmpbuf(s->png))) {
            stream_release(s);
            s->failed = 1;
        } else {
            png_write_end(s->png, NULL);
            stream_release(s);
            *out = s->buffer;
            free(s);
            return 0;
        }
    }
    collage_copy_message(out->message, s->buffer.message);
    collage_png_stream_free(s);
    return -1;
}

size_t collage_png_stream_pending(collage_png_stream *s, const uint8_t **bytes) {
    *bytes = s->buffer.bytes;
    return s->failed ? 0 : s->buffer.length;
}

void collage_png_stream_take(collage_png_stream *s) {
    if (!s->failed) s->buffer.length = 0;
}

void collage_png_stream_free(collage_png_stream *s) {
    if (!s) return;
    stream_release(s);
    collage_buffer_free(&s->buffer);
    free(s);
}

int collage_png_encode(const uint8_t *rgba, int width, int height, int with_alpha,
                       int dpi, collage_buffer *out) {
    memset(out, 0, sizeof *out);
    collage_png_stream *s = collage_png_stream_begin(width, height, with_alpha, dpi);
    if (!s) { collage_copy_message(out->message, "out of memory"); return -1; }
    collage_png_stream_write(s, rgba, height);
    return collage_png_stream_finish(s, out);
}
