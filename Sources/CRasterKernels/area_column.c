/*
 * The vertical pass and the rounding of the focus analysis image's area
 * average (AnalysisImage.init(pixmap:source:), see the header): one
 * analysis row from its source rows as `collage_area_row` reduced them
 * (four floats a pixel), a pixel a 4-float register.
 *
 * Same bits as the Swift loops it replaces: each sum starts at +0 and adds
 * weight x value tap by tap as a multiply then an add (no fused
 * multiply-add: the x86-64 baseline has none, FP_CONTRACT off for the
 * portable loop); the rounding adds 0.5 in single precision and truncates
 * toward zero, as Swift's Int(Float) does.
 */
#include "CRasterKernels.h"

#pragma STDC FP_CONTRACT OFF

/* The rounded channel value, 0...255, of a sum plus one half (truncated toward zero). */
static inline int channel(int truncated) { return truncated < 255 ? truncated : 255; }

static inline void finish(int cr, int cg, int cb, const float *unit, float *red, float *green, float *blue,
                          uint8_t *luma, size_t x) {
    red[x] = unit[cr]; green[x] = unit[cg]; blue[x] = unit[cb];
    luma[x] = (uint8_t)((cr * 4899 + cg * 9617 + cb * 1868 + (1 << 13)) >> 14);
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

void collage_area_column(const float *const *rows, const float *weights, size_t count, size_t width,
                         const float *unit, float *red, float *green, float *blue, uint8_t *luma) {
    const __m128 half = _mm_set1_ps(0.5f);
    for (size_t x = 0; x < width; x++) {
        __m128 sum = _mm_setzero_ps();
        for (size_t t = 0; t < count; t++)
            sum = _mm_add_ps(sum, _mm_mul_ps(_mm_set1_ps(weights[t]), _mm_loadu_ps(rows[t] + 4 * x)));
        __m128i v = _mm_cvttps_epi32(_mm_add_ps(sum, half));
        int c[4];
        _mm_storeu_si128((__m128i *)c, v);
        finish(channel(c[0]), channel(c[1]), channel(c[2]), unit, red, green, blue, luma, x);
    }
}

#else

void collage_area_column(const float *const *rows, const float *weights, size_t count, size_t width,
                         const float *unit, float *red, float *green, float *blue, uint8_t *luma) {
    for (size_t x = 0; x < width; x++) {
        int c[3];
        for (int i = 0; i < 3; i++) {
            float sum = 0;
            for (size_t t = 0; t < count; t++) { float p = weights[t] * rows[t][4 * x + i]; sum = sum + p; }
            float rounded = sum + 0.5f;
            c[i] = channel((int)rounded);
        }
        finish(c[0], c[1], c[2], unit, red, green, blue, luma, x);
    }
}

#endif
