/* The HEIC decode floor of issue 32: libheif decodes the primary image of
 * each file named on the command line to its native YCbCr planes (no colour
 * conversion, no copy), as a converter that streams YCbCr into its encoder
 * would start. Prints nothing; exits 1 on a libheif error. Built by
 * Benchmarks/harness.py (gcc, pkg-config libheif); timed by the harness.
 *
 *     heif_ycbcr_decode FILE... */
#include <stdio.h>
#include <libheif/heif.h>

int main(int argc, char **argv) {
    heif_init(NULL);
    for (int i = 1; i < argc; i++) {
        struct heif_context *context = heif_context_alloc();
        struct heif_image_handle *handle = NULL;
        struct heif_image *image = NULL;
        struct heif_error error = heif_context_read_from_file(context, argv[i], NULL);
        if (error.code == heif_error_Ok) error = heif_context_get_primary_image_handle(context, &handle);
        if (error.code == heif_error_Ok) error = heif_decode_image(handle, &image, heif_colorspace_undefined,
                                                                   heif_chroma_undefined, NULL);
        if (error.code != heif_error_Ok) {
            fprintf(stderr, "%s: %s\n", argv[i], error.message);
            return 1;
        }
        heif_image_release(image);
        heif_image_handle_release(handle);
        heif_context_free(context);
    }
    heif_deinit();
    return 0;
}
