#ifndef COLLAGE_RASTER_KERNELS_H
#define COLLAGE_RASTER_KERNELS_H

#include <stddef.h>
#include <stdint.h>

/* The resampler's vertical pass over 8 floats at a time (AVX), for the
 * processors that have it: out[i] = sum over t < count of weights[t] *
 * rows[t][i], for i < length rounded down to a multiple of 8, each element
 * summed tap by tap from tap 0 as a multiply then an add, from a zero sum
 * (no fused multiply-add), so every element is bit for bit what the
 * 4-float Swift loop (Resampler.sumRows) gives, on any processor.
 * Returns the number of elements written: 0 when the processor has no AVX
 * (the caller then does them all). */
size_t collage_sum_rows_avx(const float *const *rows, const float *weights, size_t count,
                            float *out, size_t length);

#include "cascade_scan.h"

/* One block row of the focus analysis's block average (issue 40): `rows`
 * rows of an RGBA8 image, `width` pixels each, the first at `first`, each
 * `stride` bytes after the last, in blocks of `k` columns (the last block
 * has the columns that are left). Block b < ceil(width / k) is written to
 * out[4b...4b+3]: each of red, green and blue summed exactly over the
 * block's pixels (`rows` x `k` x 255 must stay below 65536: 1...8 each),
 * the sum s over n pixels giving (2s + n) / (2n) rounded down (the mean
 * rounded half up), alpha 255. A block with a pixel that is not opaque
 * (its alpha sum below 255 n) is listed in `translucent` (ascending; room
 * for ceil(width / k)) for the caller to average over white: its bytes
 * here are not that. `scratch` holds width x 4 values (the rows' per-byte
 * sums). The same bytes on every processor (SSE2 or AVX2, chosen at run
 * time). Returns how many blocks are listed; nothing is written when
 * width, rows or k is 0. */
size_t collage_block_means(const uint8_t *first, size_t stride, size_t rows, size_t width, size_t k,
                           uint16_t *scratch, uint8_t *out, size_t *translucent);

/* The horizontal pass of the focus analysis image's area average
 * (AnalysisImage.init(pixmap:source:), issue 40): for each destination
 * pixel x < width, its taps u in start[x] ..< start[x + 1] (pixels
 * index[u] of `row`, RGBA8, each over white: (c·a + 255·(255 − a) + 127)
 * / 255 when not opaque), out[4x + c] = the sum over the taps, in order
 * from +0, of weight[u] · channel c, a multiply then an add (no fused
 * multiply-add): red, green, blue, and 255 in the fourth lane. Bit for
 * bit the per-channel float loop's sums, on any processor. */
void collage_area_row(const uint8_t *row, const ptrdiff_t *index, const float *weight, const ptrdiff_t *start,
                      size_t width, float *out);

/* The vertical pass and rounding of the focus analysis image's area
 * average (AnalysisImage.init(pixmap:source:), issue 40): one analysis row
 * of `width` pixels from `count` source rows as `collage_area_row` reduced
 * them (four floats a pixel), rows[t] weighted by weights[t]. Each channel
 * (red, green, blue) is summed from +0 in tap order, a multiply then an add
 * (no fused multiply-add), plus 0.5 in single precision, truncated toward
 * zero and kept at most 255: c. Then red[x], green[x], blue[x] =
 * unit[c] (unit: 256 floats, v / 255) and luma[x] = (4899 r + 9617 g +
 * 1868 b + 8192) >> 14 (BT.601, OpenCV's RGB2GRAY). Bit for bit the Swift
 * loops' results, on any processor. */
void collage_area_column(const float *const *rows, const float *weights, size_t count, size_t width,
                         const float *unit, float *red, float *green, float *blue, uint8_t *luma);

/* focus: auto's saliency values (SaliencyMap.init, issue 40), width x
 * height analysis pixels, row-major: luma (8-bit) and red, green, blue
 * (0...1) per pixel; dx2[x] and dy2[y] the centre prior's squared
 * distances. out[o] = (edge + 0.5 saturation + skin) x prior: edge =
 * min(1, |4c - l - r - t - b| / 255) over luma (a missing neighbour at
 * the border counts as c), saturation = max - min of the channels, skin =
 * SkinTone.likelihood, prior = 1 - 0.125 min(2, dx2[x] + dy2[y]). Bit for
 * bit the Swift loop's values (single precision, libm's atan2f and expf). */
void collage_saliency_values(const uint8_t *luma, const float *red, const float *green, const float *blue,
                             size_t width, size_t height, const float *dx2, const float *dy2, float *out);

#endif
