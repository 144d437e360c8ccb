/*
 * focus: auto's saliency values (SaliencyMap.init, issue 40): per analysis
 * pixel the luminance edge, saturation and skin likelihood, summed, times
 * the centre prior. See the header for the formula.
 *
 * Same bits as the Swift loop it replaces (kept in the tests): the same
 * IEEE single-precision operations in the same order, libm's atan2f and
 * expf, Swift's min and max (`y < x ? y : x`, `y >= x ? y : x`), Swift's
 * Float.pi (rounded toward zero: 0x1.921fb4p+1), no fused multiply-add
 * (FP_CONTRACT off; the x86-64 baseline has none).
 *
 * The skin likelihood (atan2f and expf, most of the time) is remembered per
 * colour: an analysis image's neighbouring pixels often share one (39% of
 * the focus benchmark's pixels repeat a colour seen before). The memo is
 * direct-mapped by the channels' bit patterns and every entry starts as
 * black (all bits 0), whose likelihood is +0, so no entry is ever wrong.
 */
#include "CRasterKernels.h"

#include <math.h>
#include <stdlib.h>

#pragma STDC FP_CONTRACT OFF

static inline float swift_min(float x, float y) { return y < x ? y : x; }
static inline float swift_max(float x, float y) { return y >= x ? y : x; }

/* SkinTone.likelihood. */
static float skin_likelihood(float red, float green, float blue) {
    float sum = red + green + blue;
    if (!(sum > 0.15f)) return 0;
    const float third = 1.0f / 3.0f;
    float vr = red / sum - third, vg = green / sum - third;
    float magnitude = sqrtf(vr * vr + vg * vg);
    if (!(magnitude > 0)) return 0;
    float angle = atan2f(vg, vr) * 180.0f / 0x1.921fb4p+1f;
    return expf(-angle * angle / 800.0f) * swift_min(1.0f, magnitude / 0.015f);
}

enum { MEMO_BITS = 14 };
typedef struct { uint32_t red, green, blue; float value; } memo_entry;

static inline uint32_t bits_of(float value) {
    union { float f; uint32_t u; } v = { value };
    return v.u;
}

static inline float remembered(memo_entry *memo, float red, float green, float blue) {
    if (!memo) return skin_likelihood(red, green, blue);
    uint32_t r = bits_of(red), g = bits_of(green), b = bits_of(blue);
    memo_entry *e = &memo[(r * 0x9E3779B1u ^ g * 0x85EBCA77u ^ b * 0xC2B2AE3Du) >> (32 - MEMO_BITS)];
    if (e->red == r && e->green == g && e->blue == b) return e->value;
    float value = skin_likelihood(red, green, blue);
    e->red = r; e->green = g; e->blue = b; e->value = value;
    return value;
}

void collage_saliency_values(const uint8_t *luma, const float *red, const float *green, const float *blue,
                             size_t width, size_t height, const float *dx2, const float *dy2, float *out) {
    /* calloc: every entry black (+0 likelihood, the true one); without it the likelihood is computed each time. */
    memo_entry *memo = calloc((size_t)1 << MEMO_BITS, sizeof(memo_entry));
    for (size_t y = 0; y < height; y++) {
        for (size_t x = 0; x < width; x++) {
            size_t o = y * width + x;
            float c = (float)luma[o];
            float l = x > 0 ? (float)luma[o - 1] : c, r = x + 1 < width ? (float)luma[o + 1] : c;
            float t = y > 0 ? (float)luma[o - width] : c, b = y + 1 < height ? (float)luma[o + width] : c;
            float edge = swift_min(1.0f, fabsf(4.0f * c - l - r - t - b) / 255.0f);
            float rd = red[o], gr = green[o], bl = blue[o];
            float saturation = swift_max(swift_max(rd, gr), bl) - swift_min(swift_min(rd, gr), bl);
            float skin = remembered(memo, rd, gr, bl);
            float prior = 1.0f - 0.125f * swift_min(2.0f, dx2[x] + dy2[y]);
            out[o] = (edge + 0.5f * saturation + skin) * prior;
        }
    }
    free(memo);
}
