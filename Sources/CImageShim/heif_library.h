/* libheif's functions collage calls, resolved from libheif.so.1 by
 * dlopen on first use (heif_decode.c): the decoders' and the AVIF
 * encoder's (avif_encode.c). */
#ifndef COLLAGE_HEIF_LIBRARY_H
#define COLLAGE_HEIF_LIBRARY_H
#include <libheif/heif.h>

#define HEIF_FUNCTIONS(X) \
    X(heif_init) X(heif_context_alloc) X(heif_context_free) \
    X(heif_context_read_from_memory_without_copy) X(heif_context_get_primary_image_handle) \
    X(heif_image_handle_get_width) X(heif_image_handle_get_height) \
    X(heif_image_handle_has_alpha_channel) X(heif_image_handle_is_premultiplied_alpha) \
    X(heif_image_handle_get_luma_bits_per_pixel) X(heif_image_handle_get_raw_color_profile_size) \
    X(heif_image_handle_get_raw_color_profile) X(heif_image_handle_get_list_of_metadata_block_IDs) \
    X(heif_image_handle_get_metadata_size) X(heif_image_handle_get_metadata) \
    X(heif_image_handle_get_nclx_color_profile) X(heif_nclx_color_profile_free) \
    X(heif_decoding_options_alloc) X(heif_decoding_options_free) X(heif_decode_image) \
    X(heif_image_get_width) X(heif_image_get_height) X(heif_image_get_bits_per_pixel_range) \
    X(heif_image_get_plane_readonly) X(heif_image_is_premultiplied_alpha) \
    X(heif_image_release) X(heif_image_handle_release) X(heif_get_version) \
    X(heif_image_handle_get_chroma_bits_per_pixel) X(heif_image_get_colorspace) X(heif_image_get_chroma_format) \
    X(heif_image_has_channel) X(heif_context_set_max_decoding_threads) \
    /* AVIF encoding (avif_encode.c) */ \
    X(heif_get_encoder_descriptors) X(heif_context_get_encoder) X(heif_encoder_release) \
    X(heif_encoder_set_lossy_quality) X(heif_encoder_set_lossless) \
    X(heif_encoder_set_parameter_integer) X(heif_encoder_set_parameter_string) \
    X(heif_image_create) X(heif_image_add_plane) X(heif_image_get_plane) \
    X(heif_nclx_color_profile_alloc) X(heif_image_set_nclx_color_profile) \
    X(heif_encoding_options_alloc) X(heif_encoding_options_free) \
    X(heif_context_encode_image) X(heif_context_write)

#define COLLAGE_HEIF_DECLARE(name) __typeof__(name) *name;
struct collage_heif_functions { HEIF_FUNCTIONS(COLLAGE_HEIF_DECLARE) };
#undef COLLAGE_HEIF_DECLARE

/* The functions, loading libheif; NULL when it is unavailable
 * (collage_heif_unavailable says why). */
const struct collage_heif_functions *collage_heif_library(void);
#endif
