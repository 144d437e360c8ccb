/* libjpeg-turbo encoding with setjmp error handling (see CImageShim.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <jpeglib.h>
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

/* One RGBA row to RGB, alpha composited over the background in linear light. */
static void flatten_row(const uint8_t *src, uint8_t *dst, int width, const uint8_t bg[3],
                        const uint16_t *lin, const uint8_t *srgb) {
    for (int x = 0; x < width; x++, src += 4, dst += 3) {
        unsigned a = src[3];
        if (a == 255) { dst[0] = src[0]; dst[1] = src[1]; dst[2] = src[2]; continue; }
        if (a == 0) { dst[0] = bg[0]; dst[1] = bg[1]; dst[2] = bg[2]; continue; }
        for (int ch = 0; ch < 3; ch++) {
            uint32_t l = ((uint32_t)lin[src[ch]] * a + (uint32_t)lin[bg[ch]] * (255 - a) + 127) / 255;
            dst[ch] = srgb[l];
        }
    }
}

int collage_jpeg_encode(const uint8_t *rgba, int width, int height, int quality,
                        int subsampling, int progressive, int dpi,
                        uint8_t bg_r, uint8_t bg_g, uint8_t bg_b, collage_buffer *out) {
    memset(out, 0, sizeof *out);
    struct jpeg_compress_struct cinfo;
    encode_error err;
    unsigned char *bytes = NULL;
    unsigned long length = 0;
    uint8_t *volatile row = NULL;
    memset(&cinfo, 0, sizeof cinfo);
    cinfo.err = jpeg_std_error(&err.pub);
    err.pub.error_exit = on_error;
    err.pub.emit_message = silent;
    err.message = out->message;
    if (setjmp(err.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(bytes);
        free(row);
        return -1;
    }
    jpeg_CreateCompress(&cinfo, JPEG_LIB_VERSION, sizeof cinfo);
    jpeg_mem_dest(&cinfo, &bytes, &length);
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = 3;
    cinfo.in_color_space = JCS_RGB;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    cinfo.dct_method = JDCT_ISLOW;
    /* Optimised Huffman tables make libjpeg hold every DCT coefficient of the
     * image (3 bytes a pixel at 4:2:0) for a second pass, for files only
     * about 1% smaller on photo collages (Benchmarks/): baseline output uses
     * the standard tables and streams. Progressive output buffers the
     * coefficients anyway, so it keeps optimised tables. */
    cinfo.optimize_coding = progressive ? TRUE : FALSE;
    cinfo.write_JFIF_header = TRUE;
    if (dpi > 0) {
        cinfo.density_unit = 1;
        cinfo.X_density = cinfo.Y_density = (UINT16)(dpi > 65535 ? 65535 : dpi);
    } else {
        cinfo.density_unit = 0;
        cinfo.X_density = cinfo.Y_density = 1;
    }
    if (subsampling == 444) {
        cinfo.comp_info[0].h_samp_factor = 1;
        cinfo.comp_info[0].v_samp_factor = 1;
    } else {
        cinfo.comp_info[0].h_samp_factor = 2;
        cinfo.comp_info[0].v_samp_factor = 2;
    }
    if (progressive) jpeg_simple_progression(&cinfo);
    row = malloc((size_t)width * 3 + 1);
    if (!row) { collage_copy_message(out->message, "out of memory"); jpeg_destroy_compress(&cinfo); return -1; }
    const uint16_t *lin = collage_srgb_to_linear16();
    const uint8_t *srgb = collage_linear16_to_srgb();
    const uint8_t bg[3] = { bg_r, bg_g, bg_b };
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        flatten_row(rgba + (size_t)cinfo.next_scanline * width * 4, row, width, bg, lin, srgb);
        JSAMPROW r = row;
        jpeg_write_scanlines(&cinfo, &r, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    free(row);
    out->bytes = bytes;
    out->length = length;
    return 0;
}
