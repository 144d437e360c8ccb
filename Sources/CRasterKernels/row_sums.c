/*
 * The resampler's vertical pass in 8-float AVX registers (see the header).
 *
 * Why C: Swift's SIMD types compile for the baseline x86-64 target (SSE2,
 * 4 floats), and the package may not pass -mavx (no unsafeFlags in the
 * library's targets). A function-level target attribute compiles this one
 * function for AVX, and a run-time check picks it only on processors that
 * have it. The vertical pass is the resampler's largest loop (about 40% of
 * its time on the progressive reference job): a weighted sum of a dozen to
 * two dozen input-width rows for every output row.
 *
 * Same bits as the Swift loop: IEEE multiply and add are exact per lane
 * whatever the register width, the sum starts at +0 and adds the taps in
 * order, and the intrinsics are separate multiply and add instructions
 * (the attribute does not enable FMA, so nothing can contract them).
 */
#include "CRasterKernels.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

__attribute__((target("avx")))
static size_t sum_rows_avx(const float *const *rows, const float *weights, size_t count,
                           float *out, size_t length) {
    size_t i = 0;
    /* Eight accumulators (64 floats): independent chains hide the add latency. */
    for (; i + 64 <= length; i += 64) {
        __m256 s0 = _mm256_setzero_ps(), s1 = _mm256_setzero_ps(), s2 = _mm256_setzero_ps(), s3 = _mm256_setzero_ps();
        __m256 s4 = _mm256_setzero_ps(), s5 = _mm256_setzero_ps(), s6 = _mm256_setzero_ps(), s7 = _mm256_setzero_ps();
        for (size_t t = 0; t < count; t++) {
            const float *r = rows[t] + i;
            __m256 w = _mm256_broadcast_ss(weights + t);
            s0 = _mm256_add_ps(s0, _mm256_mul_ps(w, _mm256_loadu_ps(r)));
            s1 = _mm256_add_ps(s1, _mm256_mul_ps(w, _mm256_loadu_ps(r + 8)));
            s2 = _mm256_add_ps(s2, _mm256_mul_ps(w, _mm256_loadu_ps(r + 16)));
            s3 = _mm256_add_ps(s3, _mm256_mul_ps(w, _mm256_loadu_ps(r + 24)));
            s4 = _mm256_add_ps(s4, _mm256_mul_ps(w, _mm256_loadu_ps(r + 32)));
            s5 = _mm256_add_ps(s5, _mm256_mul_ps(w, _mm256_loadu_ps(r + 40)));
            s6 = _mm256_add_ps(s6, _mm256_mul_ps(w, _mm256_loadu_ps(r + 48)));
            s7 = _mm256_add_ps(s7, _mm256_mul_ps(w, _mm256_loadu_ps(r + 56)));
        }
        _mm256_storeu_ps(out + i, s0); _mm256_storeu_ps(out + i + 8, s1);
        _mm256_storeu_ps(out + i + 16, s2); _mm256_storeu_ps(out + i + 24, s3);
        _mm256_storeu_ps(out + i + 32, s4); _mm256_storeu_ps(out + i + 40, s5);
        _mm256_storeu_ps(out + i + 48, s6); _mm256_storeu_ps(out + i + 56, s7);
    }
    for (; i + 8 <= length; i += 8) {
        __m256 s = _mm256_setzero_ps();
        for (size_t t = 0; t < count; t++)
            s = _mm256_add_ps(s, _mm256_mul_ps(_mm256_broadcast_ss(weights + t), _mm256_loadu_ps(rows[t] + i)));
        _mm256_storeu_ps(out + i, s);
    }
    return i;
}

size_t collage_sum_rows_avx(const float *const *rows, const float *weights, size_t count,
                            float *out, size_t length) {
    /* __builtin_cpu_supports initialises itself (GCC and Clang); it also
     * checks that the OS saves the YMM registers (XGETBV). */
    static int has_avx = -1;
    int known = __atomic_load_n(&has_avx, __ATOMIC_RELAXED);
    if (known < 0) {
        known = __builtin_cpu_supports("avx") ? 1 : 0;
        __atomic_store_n(&has_avx, known, __ATOMIC_RELAXED);
    }
    return known ? sum_rows_avx(rows, weights, count, out, length) : 0;
}

#else

size_t collage_sum_rows_avx(const float *const *rows, const float *weights, size_t count,
                            float *out, size_t length) {
    (void)rows; (void)weights; (void)count; (void)out; (void)length;
    return 0;
}

#endif
