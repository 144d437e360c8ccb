/* Block averaging of RGBA8 pixels (see CImageShim.h, collage_rgba_box_reduce).
 *
 * Why: libheif cannot decode a reduced image, so a 12 MP HEIC drawn into a
 * 700-pixel cell was decoded, colour-converted (LittleCMS) and resampled at
 * full size, where a JPEG is decoded at the DCT scale that still gives the
 * resampler twice the size it needs. Averaging 2x2, 4x4 or 8x8 blocks right
 * after the decode gives HEIF the same sizes as JPEG's DCT scales (the
 * same rule chooses them: ImageHeader.decodedSize), so the colour
 * conversion and everything after it see a quarter to a 64th of the pixels.
 * Like DCT scaling it averages the stored (gamma-encoded) values; the
 * resampler then filters in linear light from twice the target size. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"

void collage_rgba_box_reduce(const uint8_t *in, size_t stride, int width, int height, int reduction,
                             int premultiplied, uint8_t *out) {
    const int out_width = (width + reduction - 1) / reduction;
    const int out_height = (height + reduction - 1) / reduction;
    /* Per output pixel of a block row: the alpha-weighted colour sums and
     * the alpha sum (at most 64 x 255 x 255: fits 32 bits). */
    uint32_t sums[4 * 256];
    for (int oy = 0; oy < out_height; oy++) {
        const int y0 = oy * reduction, y1 = y0 + reduction < height ? y0 + reduction : height;
        for (int ox0 = 0; ox0 < out_width; ox0 += 256) {
            const int ox1 = ox0 + 256 < out_width ? ox0 + 256 : out_width;
            memset(sums, 0, sizeof sums);
            for (int y = y0; y < y1; y++) {
                const uint8_t *row = in + (size_t)y * stride;
                for (int ox = ox0; ox < ox1; ox++) {
                    const int x0 = ox * reduction, x1 = x0 + reduction < width ? x0 + reduction : width;
                    uint32_t *s = sums + 4 * (ox - ox0);
                    const uint8_t *p = row + (size_t)x0 * 4;
                    for (int x = x0; x < x1; x++, p += 4) {
                        const uint32_t a = p[3];
                        /* Premultiplied values are already c*a/255. */
                        const uint32_t weight = premultiplied ? 255 : a;
                        s[0] += p[0] * weight; s[1] += p[1] * weight; s[2] += p[2] * weight; s[3] += a;
                    }
                }
            }
            for (int ox = ox0; ox < ox1; ox++) {
                const int x0 = ox * reduction, x1 = x0 + reduction < width ? x0 + reduction : width;
                const uint32_t count = (uint32_t)((x1 - x0) * (y1 - y0));
                const uint32_t *s = sums + 4 * (ox - ox0);
                uint8_t *o = out + ((size_t)oy * out_width + ox) * 4;
                const uint32_t alpha = s[3];
                for (int c = 0; c < 3; c++) {
                    uint32_t v = alpha ? (s[c] + alpha / 2) / alpha : 0;
                    o[c] = (uint8_t)(v > 255 ? 255 : v);
                }
                o[3] = (uint8_t)((alpha + count / 2) / count);
            }
        }
    }
}
