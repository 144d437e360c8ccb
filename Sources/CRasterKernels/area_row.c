/*
 * The horizontal pass of the focus analysis image's area average
 * (AnalysisImage.init(pixmap:source:), see the header): each destination
 * pixel's taps summed in one 4-float register (red, green, blue, and a
 * fourth lane of 255s), a multiply then an add per tap from a zero sum.
 *
 * Same bits as the per-channel Swift loop it replaces: IEEE multiply and
 * add are exact per lane whatever the register width, the sum starts at
 * +0 and adds the taps in order, and the multiply and the add stay two
 * instructions (intrinsics on x86-64, whose baseline has no fused
 * multiply-add; FP_CONTRACT off for the portable loop).
 */
#include "CRasterKernels.h"

#pragma STDC FP_CONTRACT OFF

/* The pixel at p over white, 0...255 a channel: (c·a + 255·(255 − a) + 127) / 255. */
static inline void over_white(const uint8_t *p, int c[3]) {
    int a = p[3];
    for (int i = 0; i < 3; i++) c[i] = a == 255 ? p[i] : (p[i] * a + 255 * (255 - a) + 127) / 255;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

void collage_area_row(const uint8_t *row, const ptrdiff_t *index, const float *weight, const ptrdiff_t *start,
                      size_t width, float *out) {
    const __m128i zero = _mm_setzero_si128();
    ptrdiff_t u = start[0];
    for (size_t x = 0; x < width; x++) {
        ptrdiff_t to = start[x + 1];
        __m128 sum = _mm_setzero_ps();
        for (; u < to; u++) {
            const uint8_t *p = row + 4 * index[u];
            __m128i v;
            if (p[3] == 255) {
                int word;
                __builtin_memcpy(&word, p, 4);
                v = _mm_unpacklo_epi16(_mm_unpacklo_epi8(_mm_cvtsi32_si128(word), zero), zero);
            } else {
                int c[3];
                over_white(p, c);
                v = _mm_setr_epi32(c[0], c[1], c[2], 255);
            }
            sum = _mm_add_ps(sum, _mm_mul_ps(_mm_set1_ps(weight[u]), _mm_cvtepi32_ps(v)));
        }
        _mm_storeu_ps(out + 4 * x, sum);
    }
}

#else

void collage_area_row(const uint8_t *row, const ptrdiff_t *index, const float *weight, const ptrdiff_t *start,
                      size_t width, float *out) {
    ptrdiff_t u = start[0];
    for (size_t x = 0; x < width; x++) {
        ptrdiff_t to = start[x + 1];
        float s[4] = {0, 0, 0, 0};
        for (; u < to; u++) {
            int c[3];
            over_white(row + 4 * index[u], c);
            float w = weight[u];
            for (int i = 0; i < 3; i++) { float t = w * (float)c[i]; s[i] = s[i] + t; }
            float t = w * 255.0f; s[3] = s[3] + t;
        }
        for (int i = 0; i < 4; i++) out[4 * x + i] = s[i];
    }
}

#endif
