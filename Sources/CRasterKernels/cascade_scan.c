/*
 * The face cascades' window scan (see cascade_scan.h): 8 windows of a row
 * at once through the first stages, where most of the work is (nearly
 * every window meets stage 0 and 1), the last window alive finished alone.
 *
 * Why C: Swift's SIMD types compile for the baseline target only, and the
 * package may not pass -mavx2 (no unsafeFlags in the library's targets);
 * a function-level target attribute compiles the 8-lane kernel for AVX2
 * (its lane permute reads the LBP subsets), and a run-time check picks it only
 * on processors that have it.
 *
 * Same results as the scalar reference (CollageFocus's ReferenceScan, the
 * tests compare every window of every level): each lane does its
 * window's operations in the reference's order in the same precision
 * (Haar: float feature values, double stage sums; LBP: integer block sums,
 * float stage sums), IEEE operations give the same bits in any register
 * width, and nothing is contracted into a fused multiply-add (the pragma
 * below; AVX2 does not enable FMA either). A window the vector code
 * evaluates though the scan skips it, or beyond the row's end, is ignored.
 */
#include "cascade_scan.h"

#include <math.h>
#include <string.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define HAVE_WIDE 1
#else
#define HAVE_WIDE 0
#endif

#pragma clang fp contract(off)

typedef int32_t i32x8 __attribute__((vector_size(32)));
typedef uint32_t u32x8 __attribute__((vector_size(32)));
typedef float f32x8 __attribute__((vector_size(32)));
typedef double f64x8 __attribute__((vector_size(64)));
typedef int64_t i64x8 __attribute__((vector_size(64)));

#define LOAD_U(ptr) ({ u32x8 v_; memcpy(&v_, (ptr), sizeof v_); v_; })
#define LOAD_Q(ptr) ({ u32x8 v_; memcpy(&v_, (ptr), sizeof v_); v_; })
#define SPLAT_F(x) ({ float s_ = (x); (f32x8){s_, s_, s_, s_, s_, s_, s_, s_}; })
#define SPLAT_D(x) ({ double s_ = (x); (f64x8){s_, s_, s_, s_, s_, s_, s_, s_}; })
/* Per lane: a where mask is all ones, else b (bit for bit, -0 and all). */
#define SELECT_F(mask, a, b) ({ i32x8 k_ = (mask); \
    (f32x8)((k_ & (i32x8)SPLAT_F(a)) | (~k_ & (i32x8)SPLAT_F(b))); })
#if __has_builtin(__builtin_elementwise_sqrt)
#define SQRT_D(x) __builtin_elementwise_sqrt(x)
#else
#define SQRT_D(x) ({ f64x8 r_ = (x); for (int j_ = 0; j_ < 8; j_++) r_[j_] = sqrt(r_[j_]); r_; })
#endif

/* One LBP window from stage `from`: the failing stage, or INT32_MAX. */
static int32_t lbp_window(const collage_cascade_model *m, const int32_t *offsets, const int32_t *p, int32_t from) {
    int32_t start = m->stage_end[from - 1];
    for (int32_t stage = from; stage < m->stage_count; stage++) {
        float total = 0;
        int32_t end = m->stage_end[stage];
        for (int32_t i = start; i < end; i++) {
            const int32_t *o = offsets + (ptrdiff_t)i * 16;
#define BLOCK(a) ((int32_t)((uint32_t)p[o[a]] - (uint32_t)p[o[(a) + 1]] - (uint32_t)p[o[(a) + 4]] + (uint32_t)p[o[(a) + 5]]))
            int32_t centre = BLOCK(5);
            int code = (BLOCK(0) >= centre ? 128 : 0) | (BLOCK(1) >= centre ? 64 : 0) | (BLOCK(2) >= centre ? 32 : 0)
                     | (BLOCK(6) >= centre ? 16 : 0) | (BLOCK(10) >= centre ? 8 : 0) | (BLOCK(9) >= centre ? 4 : 0)
                     | (BLOCK(8) >= centre ? 2 : 0) | (BLOCK(4) >= centre ? 1 : 0);
#undef BLOCK
            int in = ((uint32_t)m->subsets[(ptrdiff_t)i * 8 + (code >> 5)] >> (code & 31)) & 1;
            total += in ? m->left[i] : m->right[i];
        }
        if (total < m->stage_threshold[stage]) return stage;
        start = end;
    }
    return INT32_MAX;
}

/* One Haar window (normalised by norm) from stage `from`: the failing stage, or INT32_MAX. A stage stops
 * once its threshold is out of reach (the stumps left cannot add enough), which fails the same stage. */
static int32_t haar_window(const collage_cascade_model *m, const int32_t *offsets, const int32_t *p, float norm, int32_t from) {
    int32_t start = m->stage_end[from - 1];
    for (int32_t stage = from; stage < m->stage_count; stage++) {
        double total = 0;
        int32_t end = m->stage_end[stage];
        double limit = (double)m->stage_threshold[stage];
        double hopeless = limit - 1e-6;
        for (int32_t i = start; i < end; i++) {
            const int32_t *o = offsets + (ptrdiff_t)i * 12;
            const float *w = m->weights + (ptrdiff_t)i * 3;
#define RECT(a) ((int32_t)((uint32_t)p[o[a]] - (uint32_t)p[o[(a) + 1]] - (uint32_t)p[o[(a) + 2]] + (uint32_t)p[o[(a) + 3]]))
            float value = w[0] * (float)RECT(0) + w[1] * (float)RECT(4);
            if (w[2] != 0) value = value + w[2] * (float)RECT(8);
#undef RECT
            total += (double)(value * norm < m->threshold[i] ? m->left[i] : m->right[i]);
            if (total + m->reachable[i] < hopeless) return stage;
        }
        if (total < limit) return stage;
        start = end;
    }
    return INT32_MAX;
}

#if HAVE_WIDE
#define KERNEL_NAME(x) wide_##x
#define KERNEL_TARGET __attribute__((target("avx2")))
#define KERNEL_WIDE 1
#include "cascade_scan_kernel.h"
#undef KERNEL_NAME
#undef KERNEL_TARGET
#undef KERNEL_WIDE
#endif

#define KERNEL_NAME(x) base_##x
#define KERNEL_TARGET
#define KERNEL_WIDE 0
#include "cascade_scan_kernel.h"
#undef KERNEL_NAME
#undef KERNEL_TARGET
#undef KERNEL_WIDE

size_t collage_cascade_scan(const collage_cascade_model *model, const collage_cascade_level *level,
                            int32_t *hits, int allow_wide) {
    if (model->stage_count <= 0 || level->columns <= 0 || level->rows <= 0) return 0;
#if HAVE_WIDE
    static int has_avx2 = -1;
    int known = __atomic_load_n(&has_avx2, __ATOMIC_RELAXED);
    if (known < 0) {
        known = __builtin_cpu_supports("avx2") ? 1 : 0;
        __atomic_store_n(&has_avx2, known, __ATOMIC_RELAXED);
    }
    if (allow_wide && known) return wide_scan(model, level, hits);
#else
    (void)allow_wide;
#endif
    return base_scan(model, level, hits);
}

void collage_split_columns(const uint32_t *src, size_t width, size_t height, uint32_t *dst) {
    size_t half = (width + 1) / 2;
    uint32_t *even = dst, *odd = dst + half * height;
    for (size_t y = 0; y < height; y++) {
        const uint32_t *s = src + y * width;
        uint32_t *e = even + y * half, *o = odd + y * half;
        size_t x = 0;
        for (; x + 1 < width; x += 2) { e[x / 2] = s[x]; o[x / 2] = s[x + 1]; }
        if (x < width) { e[x / 2] = s[x]; o[x / 2] = 0; }
    }
}
