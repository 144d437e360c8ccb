/* Lossless JPEG re-encoding as progressive, the way `jpegtran -progressive
 * -copy all` does it (see CImageShim.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <jpeglib.h>
#include "internal.h"

struct transcode_error {
    struct jpeg_error_mgr mgr;
    jmp_buf jump;
};

static void transcode_error_exit(j_common_ptr cinfo) {
    longjmp(((struct transcode_error *)cinfo->err)->jump, 1);
}

static void transcode_silent(j_common_ptr cinfo) { (void)cinfo; }

int collage_jpeg_progressive_copy(const uint8_t *data, size_t length, uint8_t **out, size_t *out_length) {
    struct jpeg_decompress_struct src;
    struct jpeg_compress_struct dst;
    struct transcode_error src_err, dst_err;
    unsigned char *buffer = NULL;
    unsigned long size = 0;
    int src_made = 0, dst_made = 0;
    *out = NULL;
    *out_length = 0;
    src.err = jpeg_std_error(&src_err.mgr);
    dst.err = jpeg_std_error(&dst_err.mgr);
    src_err.mgr.error_exit = dst_err.mgr.error_exit = transcode_error_exit;
    src_err.mgr.output_message = dst_err.mgr.output_message = transcode_silent;
    if (setjmp(src_err.jump) || setjmp(dst_err.jump)) {
        if (dst_made) jpeg_destroy_compress(&dst);
        if (src_made) jpeg_destroy_decompress(&src);
        free(buffer);
        return -1;
    }
    jpeg_create_decompress(&src);
    src_made = 1;
    jpeg_create_compress(&dst);
    dst_made = 1;
    jpeg_mem_src(&src, data, (unsigned long)length);
    for (int m = 0; m < 16; m++) jpeg_save_markers(&src, JPEG_APP0 + m, 0xFFFF);   /* -copy all */
    jpeg_save_markers(&src, JPEG_COM, 0xFFFF);
    jpeg_read_header(&src, TRUE);
    jvirt_barray_ptr *coefficients = jpeg_read_coefficients(&src);
    jpeg_copy_critical_parameters(&src, &dst);
    jpeg_simple_progression(&dst);
    jpeg_mem_dest(&dst, &buffer, &size);
    /* The markers are copied as they are, so no JFIF/Adobe marker is added. */
    dst.write_JFIF_header = FALSE;
    dst.write_Adobe_marker = FALSE;
    jpeg_write_coefficients(&dst, coefficients);
    for (jpeg_saved_marker_ptr m = src.marker_list; m; m = m->next)
        jpeg_write_marker(&dst, m->marker, m->data, m->data_length);
    jpeg_finish_compress(&dst);
    jpeg_finish_decompress(&src);
    jpeg_destroy_compress(&dst);
    jpeg_destroy_decompress(&src);
    *out = buffer;
    *out_length = size;
    return 0;
}
