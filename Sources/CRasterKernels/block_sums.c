/*
 * The block sums of the focus analysis's block average (see the header):
 * each byte of k x k pixel blocks of an RGBA8 image summed exactly.
 *
 * Why C: the sum runs over every pixel of a photo's render decode (3 MP
 * for a 12 MP photo at DCT 1/2), and Swift's SIMD types compile for the
 * baseline x86-64 target; a widening add of 16 or 32 bytes a step needs the
 * intrinsics. The vertical pass (k rows summed per byte into 16-bit lanes)
 * is SSE2, the baseline, or AVX2 where the processor has it (a
 * function-level target attribute and a run-time check, as row_sums.c: no
 * -mavx2 flag); every path gives the same integers. The horizontal pass
 * adds k pixels' four 16-bit lanes as one 64-bit word: no lane reaches
 * 2^16 (at most 8 x 8 x 255 = 16320), so no carry crosses a lane.
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

/* As vertical_sse2 in 64-byte steps, each 16 bytes widened to 16 lanes (AVX2). */
__attribute__((target("avx2")))
static size_t vertical_avx2(const uint8_t *first, size_t stride, size_t rows, size_t bytes, uint16_t *acc) {
    size_t i = 0;
    for (; i + 64 <= bytes; i += 64) {
        const uint8_t *p = first + i;
        __m256i s0 = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)p));
        __m256i s1 = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(p + 16)));
        __m256i s2 = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(p + 32)));
        __m256i s3 = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(p + 48)));
        for (size_t r = 1; r < rows; r++) {
            p += stride;
            s0 = _mm256_add_epi16(s0, _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)p)));
            s1 = _mm256_add_epi16(s1, _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(p + 16))));
            s2 = _mm256_add_epi16(s2, _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(p + 32))));
            s3 = _mm256_add_epi16(s3, _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(p + 48))));
        }
        _mm256_storeu_si256((__m256i *)(acc + i), s0); _mm256_storeu_si256((__m256i *)(acc + i + 16), s1);
        _mm256_storeu_si256((__m256i *)(acc + i + 32), s2); _mm256_storeu_si256((__m256i *)(acc + i + 48), s3);
    }
    return i;
}

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

void collage_block_sums(const uint8_t *first, size_t stride, size_t rows, size_t width, size_t k,
                        uint16_t *scratch, uint16_t *sums) {
    if (width == 0 || rows == 0 || k == 0) return;
    size_t bytes = width * 4;
    size_t done = vertical_simd(first, stride, rows, bytes, scratch);
    vertical_plain(first, stride, rows, done, bytes, scratch);
    /* Each pixel's four lanes as one 64-bit word (memcpy: no aliasing assumption). */
    size_t blocks = (width + k - 1) / k;
    const uint16_t *column = scratch;
    for (size_t b = 0; b < blocks; b++) {
        size_t n = width - b * k < k ? width - b * k : k;
        uint64_t sum = 0, word;
        for (size_t i = 0; i < n; i++) {
            memcpy(&word, column + 4 * i, 8);
            sum += word;
        }
        memcpy(sums + 4 * b, &sum, 8);
        column += 4 * n;
    }
}
