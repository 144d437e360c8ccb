#ifndef COLLAGE_RASTER_KERNELS_H
#define COLLAGE_RASTER_KERNELS_H

#include <stddef.h>

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

#endif
