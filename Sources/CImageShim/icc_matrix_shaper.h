/* A matrix/TRC ICC profile to sRGB without LittleCMS's per-pixel pipeline
 * (icc_matrix_shaper.c); internal to icc_transform.c. */
#ifndef COLLAGE_ICC_MATRIX_SHAPER_H
#define COLLAGE_ICC_MATRIX_SHAPER_H
#include <stddef.h>
#include <stdint.h>
#include <lcms2.h>

typedef struct collage_icc_matrix_shaper collage_icc_matrix_shaper;

/* Tables for `source` (an RGB matrix/TRC profile) to `srgb`, checked
 * against `reference` (LittleCMS's transform between them, RGBA8 to RGBA8)
 * on a 33x33x33 grid of colours: NULL unless every channel of every grid
 * colour is within 1 of LittleCMS's, or for another kind of profile. */
collage_icc_matrix_shaper *collage_icc_matrix_shaper_open(cmsHPROFILE source, cmsHPROFILE srgb, cmsHTRANSFORM reference);
/* Converts `count` RGBA8 pixels in place; alpha kept. Any thread. */
void collage_icc_matrix_shaper_pixels(const collage_icc_matrix_shaper *m, uint8_t *pixels, size_t count);
void collage_icc_matrix_shaper_close(collage_icc_matrix_shaper *m);
#endif
