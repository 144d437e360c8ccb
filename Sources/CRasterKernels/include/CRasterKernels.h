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

/* One block row of the focus analysis's block average (issue 40): `rows`
 * rows of an RGBA8 image, `width` pixels each, the first at `first`, each
 * `stride` bytes after the last, in blocks of `k` columns (the last block
 * has the columns that are left). For block b < ceil(width / k), sums[4b +
 * c] is the sum of byte c (red, green, blue, alpha) over the block's
 * pixels: exact, as `rows` x `k` x 255 must stay below 65536 (1...8 each).
 * `scratch` holds width x 4 values (the rows' per-byte sums); `sums`
 * ceil(width / k) x 4. The same integers on every processor (SSE2 or AVX2,
 * chosen at run time). Nothing is written when width, rows or k is 0. */
void collage_block_sums(const uint8_t *first, size_t stride, size_t rows, size_t width, size_t k,
                        uint16_t *scratch, uint16_t *sums);

#endif
