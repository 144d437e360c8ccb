/*
 * The focus analysis's block average, one block row at a time (see the
 * header): each byte of k x k pixel blocks of an RGBA8 image summed
 * exactly, the means rounded half up.
 *
 * Why C: the sum runs over every pixel of a photo's render decode (3 MP
 * for a 12 MP photo at DCT 1/2), and Swift's SIMD types compile for the
 * baseline x86-64 target; a widening add of 16 or 32 bytes a step needs the
 * intrinsics. The vertical pass (k rows summed per byte into 16-bit lanes)
 * is SSE2, the baseline, or AVX2 where the processor has it (a
 * function-level target attribute and a run-time check, as row_sums.c: no
 * -mavx2 flag); every path gives the same integers. The horizontal pass
 * adds k pixels' four 16-bit lanes as one 64-bit word (no lane reaches
 * 2^16: at most 8 x 8 x 255 = 16320, so no carry crosses a lane), with k a
 * constant per case so the loop unrolls. The mean (2s + n) / (2n) is a
 * multiply by ceil(2^32 / 2n) and a shift: that exceeds the quotient by
 * less than 2^16 / 2^32, less than the 1 / 2n between it and the next
 * whole number, so the result is the division's (BlockAverageTests checks
 * every case).
 */
#include "CRasterKernels.h"
#include <string.h>

/* acc[i] = sum over r < rows of first[r * stride + i], for i in [from, bytes). */
static void vertical_plain(const uint8_t *first, size_t stride, size_t rows, size_t from, size_t bytes,
                           uint16_t *acc) {
    for (size_t i = from; i < bytes; i++) {
        unsigned s = 0;
        for (size_t r = 0; r < rows; r++) s += first[r * stride + i];
        acc[i] = (uint16_t)s;
    }
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

/* The first bytes of the row pass in 16-byte steps (SSE2, every x86-64); returns how many. */
static size_t vertical_sse2(const uint8_t *first, size_t stride, size_t rows, size_t bytes, uint16_t *acc) {
    const __m128i zero = _mm_setzero_si128();
    size_t i = 0;
    for (; i + 32 <= bytes; i += 32) {
        const uint8_t *p = first + i;
        __m128i a = _mm_loadu_si128((const __m128i *)p), b = _mm_loadu_si128((const __m128i *)(p + 16));
        __m128i s0 = _mm_unpacklo_epi8(a, zero), s1 = _mm_unpackhi_epi8(a, zero);
        __m128i s2 = _mm_unpacklo_epi8(b, zero), s3 = _mm_unpackhi_epi8(b, zero);
        for (size_t r = 1; r < rows; r++) {
            p += stride;
            a = _mm_loadu_si128((const __m128i *)p); b = _mm_loadu_si128((const __m128i *)(p + 16));
            s0 = _mm_add_epi16(s0, _mm_unpacklo_epi8(a, zero)); s1 = _mm_add_epi16(s1, _mm_unpackhi_epi8(a, zero));
            s2 = _mm_add_epi16(s2, _mm_unpacklo_epi8(b, zero)); s3 = _mm_add_epi16(s3, _mm_unpackhi_epi8(b, zero));
        }
        _mm_storeu_si128((__m128i *)(acc + i), s0); _mm_storeu_si128((__m128i *)(acc + i + 8), s1);
        _mm_storeu_si128((__m128i *)(acc + i + 16), s2); _mm_storeu_si128((__m128i *)(acc + i + 24), s3);
    }
    return i;
}

/* As vertical_sse2 in 128-byte steps (eight accumulators: the row loop's
 * overhead spread over 32 pixels), then 16-byte steps, each 16 bytes
 * widened to 16 lanes (AVX2). */
#define WIDEN(p) _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(p)))
__attribute__((target("avx2")))
static size_t vertical_avx2(const uint8_t *first, size_t stride, size_t rows, size_t bytes, uint16_t *acc) {
    size_t i = 0;
    for (; i + 128 <= bytes; i += 128) {
        const uint8_t *p = first + i;
        __m256i s0 = WIDEN(p), s1 = WIDEN(p + 16), s2 = WIDEN(p + 32), s3 = WIDEN(p + 48);
        __m256i s4 = WIDEN(p + 64), s5 = WIDEN(p + 80), s6 = WIDEN(p + 96), s7 = WIDEN(p + 112);
        for (size_t r = 1; r < rows; r++) {
            p += stride;
            s0 = _mm256_add_epi16(s0, WIDEN(p)); s1 = _mm256_add_epi16(s1, WIDEN(p + 16));
            s2 = _mm256_add_epi16(s2, WIDEN(p + 32)); s3 = _mm256_add_epi16(s3, WIDEN(p + 48));
            s4 = _mm256_add_epi16(s4, WIDEN(p + 64)); s5 = _mm256_add_epi16(s5, WIDEN(p + 80));
            s6 = _mm256_add_epi16(s6, WIDEN(p + 96)); s7 = _mm256_add_epi16(s7, WIDEN(p + 112));
        }
        _mm256_storeu_si256((__m256i *)(acc + i), s0); _mm256_storeu_si256((__m256i *)(acc + i + 16), s1);
        _mm256_storeu_si256((__m256i *)(acc + i + 32), s2); _mm256_storeu_si256((__m256i *)(acc + i + 48), s3);
        _mm256_storeu_si256((__m256i *)(acc + i + 64), s4); _mm256_storeu_si256((__m256i *)(acc + i + 80), s5);
        _mm256_storeu_si256((__m256i *)(acc + i + 96), s6); _mm256_storeu_si256((__m256i *)(acc + i + 112), s7);
    }
    for (; i + 16 <= bytes; i += 16) {
        const uint8_t *p = first + i;
        __m256i s0 = WIDEN(p);
        for (size_t r = 1; r < rows; r++) { p += stride; s0 = _mm256_add_epi16(s0, WIDEN(p)); }
        _mm256_storeu_si256((__m256i *)(acc + i), s0);
    }
    return i;
}
#undef WIDEN

static size_t vertical_simd(const uint8_t *first, size_t stride, size_t rows, size_t bytes, uint16_t *acc) {
    /* __builtin_cpu_supports initialises itself and checks that the OS saves the YMM registers. */
    static int has_avx2 = -1;
    int known = __atomic_load_n(&has_avx2, __ATOMIC_RELAXED);
    if (known < 0) {
        known = __builtin_cpu_supports("avx2") ? 1 : 0;
        __atomic_store_n(&has_avx2, known, __ATOMIC_RELAXED);
    }
    size_t done = known ? vertical_avx2(first, stride, rows, bytes, acc) : 0;
    return done + vertical_sse2(first + done, stride, rows, bytes - done, acc + done);
}

#else

static size_t vertical_simd(const uint8_t *first, size_t stride, size_t rows, size_t bytes, uint16_t *acc) {
    (void)first; (void)stride; (void)rows; (void)bytes; (void)acc;
    return 0;
}

#endif

/* One block's four byte sums from the row pass's per-byte sums `column`
 * (n pixels): each pixel's four 16-bit lanes added as one 64-bit word. */
static inline __attribute__((always_inline)) void block_lanes(const uint16_t *column, size_t n, uint16_t lanes[4]) {
    uint64_t sum = 0, word;
    for (size_t i = 0; i < n; i++) {
        memcpy(&word, column + 4 * i, 8);
        sum += word;
    }
    memcpy(lanes, &sum, 8);
}

/* ceil(2^32 / (2 count)): (v · m) >> 32 is v / (2 count) rounded down for every v < 2^16. */
static inline uint64_t rounding_reciprocal(unsigned count) {
    uint64_t d = 2 * (uint64_t)count;
    return ((1ull << 32) + d - 1) / d;
}

/* One block of n columns (count pixels, m its rounding reciprocal), block
 * index b: its mean into out[4b...], listed in translucent when a pixel is
 * not opaque. Returns the new length of the list. */
static inline __attribute__((always_inline)) size_t block_mean(const uint16_t *column, size_t n, unsigned count,
                                                                 uint64_t m, size_t b, uint8_t *out,
                                                                 size_t *translucent, size_t listed) {
    uint16_t lanes[4];
    block_lanes(column, n, lanes);
    if (lanes[3] != 255 * count) translucent[listed++] = b;
    uint8_t *o = out + 4 * b;
    o[0] = (uint8_t)(((uint64_t)(2 * lanes[0] + count) * m) >> 32);
    o[1] = (uint8_t)(((uint64_t)(2 * lanes[1] + count) * m) >> 32);
    o[2] = (uint8_t)(((uint64_t)(2 * lanes[2] + count) * m) >> 32);
    o[3] = 255;
    return listed;
}

/* The blocks from `from` (n pixels each, count pixels a block): means into
 * out, the translucent ones listed. */
static inline __attribute__((always_inline)) size_t block_means(const uint16_t *scratch, size_t from, size_t to, size_t n,
                                                                  unsigned count, uint8_t *out, size_t *translucent,
                                                                  size_t listed) {
    uint64_t m = rounding_reciprocal(count);
    for (size_t b = from; b < to; b++) listed = block_mean(scratch + 4 * n * b, n, count, m, b, out, translucent, listed);
    return listed;
}

size_t collage_block_means(const uint8_t *first, size_t stride, size_t rows, size_t width, size_t k,
                           uint16_t *scratch, uint8_t *out, size_t *translucent) {
    if (width == 0 || rows == 0 || k == 0) return 0;
    size_t bytes = width * 4;
    size_t done = vertical_simd(first, stride, rows, bytes, scratch);
    vertical_plain(first, stride, rows, done, bytes, scratch);
    size_t blocks = (width + k - 1) / k, last = width - (blocks - 1) * k;
    size_t whole = last == k ? blocks : blocks - 1;
    unsigned count = (unsigned)(rows * k);
    size_t listed = 0;
    /* The whole blocks with k a constant (the loop over a block's pixels unrolled). */
    switch (k) {
    case 1: listed = block_means(scratch, 0, whole, 1, count, out, translucent, listed); break;
    case 2: listed = block_means(scratch, 0, whole, 2, count, out, translucent, listed); break;
    case 3: listed = block_means(scratch, 0, whole, 3, count, out, translucent, listed); break;
    case 4: listed = block_means(scratch, 0, whole, 4, count, out, translucent, listed); break;
    case 5: listed = block_means(scratch, 0, whole, 5, count, out, translucent, listed); break;
    case 6: listed = block_means(scratch, 0, whole, 6, count, out, translucent, listed); break;
    case 7: listed = block_means(scratch, 0, whole, 7, count, out, translucent, listed); break;
    case 8: listed = block_means(scratch, 0, whole, 8, count, out, translucent, listed); break;
    default: listed = block_means(scratch, 0, whole, k, count, out, translucent, listed); break;
    }
    if (whole < blocks) {
        /* The last, narrower block: its pixels start at whole x k. */
        unsigned c = (unsigned)(rows * last);
        listed = block_mean(scratch + 4 * k * whole, last, c, rounding_reciprocal(c), whole, out, translucent, listed);
    }
    return listed;
}
