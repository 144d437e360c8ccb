/*
 * The window scan of one pyramid level, 8 windows of a row at once:
 * included twice by cascade_scan.c, once compiled for AVX2 (KERNEL_WIDE 1,
 * a function-level target attribute) and once for the baseline x86-64
 * (SSE2, each 8-lane vector split in two by the compiler) or any other
 * processor. Every lane does the scalar reference's operations in its
 * order (IEEE float and double multiply, add, compare, no fused
 * multiply-add), so a lane's stage results are the reference's bits.
 *
 * Expects KERNEL_NAME(x) (the function's name), KERNEL_TARGET (its
 * attribute, or nothing) and KERNEL_WIDE.
 */

#if KERNEL_WIDE
/* A feature's 8 subset words are one 256-bit register: each lane's word by a lane permute (vpermd). */
#define GATHER_SUBSET(words, index) \
    ((i32x8)_mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i *)(words)), (__m256i)(index)))
#define LANE_BITS(mask) ((unsigned)_mm256_movemask_ps((__m256)(mask)))
#else
#define GATHER_SUBSET(words, index) ({ \
    const int32_t *w_ = (words); i32x8 i_ = (index), g_; \
    for (int j_ = 0; j_ < 8; j_++) g_[j_] = w_[i_[j_]]; \
    g_; })
#define LANE_BITS(mask) ({ \
    i32x8 m_ = (mask); unsigned b_ = 0; \
    for (int j_ = 0; j_ < 8; j_++) b_ |= (unsigned)(m_[j_] & 1) << j_; \
    b_; })
#endif

/* A corner of the 8 consecutive windows at p. */
#define CORNER(x) LOAD_U(p + (x))

/* LBP: one stage's sum for 8 windows (float, leaf by leaf from +0). */
KERNEL_TARGET static inline __attribute__((always_inline)) void KERNEL_NAME(lbp_stage)(const collage_cascade_model *m, const int32_t *offsets,
                                                  const int32_t *p, int32_t begin, int32_t end, f32x8 *sum) {
    f32x8 total = SPLAT_F(0.0f);
    for (int32_t i = begin; i < end; i++) {
        const int32_t *o = offsets + (ptrdiff_t)i * 16;
        u32x8 c0 = CORNER(o[0]), c1 = CORNER(o[1]), c2 = CORNER(o[2]), c3 = CORNER(o[3]);
        u32x8 c4 = CORNER(o[4]), c5 = CORNER(o[5]), c6 = CORNER(o[6]), c7 = CORNER(o[7]);
        u32x8 c8 = CORNER(o[8]), c9 = CORNER(o[9]), c10 = CORNER(o[10]), c11 = CORNER(o[11]);
        u32x8 c12 = CORNER(o[12]), c13 = CORNER(o[13]), c14 = CORNER(o[14]), c15 = CORNER(o[15]);
        i32x8 b0 = (i32x8)(c0 - c1 - c4 + c5), b1 = (i32x8)(c1 - c2 - c5 + c6), b2 = (i32x8)(c2 - c3 - c6 + c7);
        i32x8 b4 = (i32x8)(c4 - c5 - c8 + c9), centre = (i32x8)(c5 - c6 - c9 + c10), b6 = (i32x8)(c6 - c7 - c10 + c11);
        i32x8 b8 = (i32x8)(c8 - c9 - c12 + c13), b9 = (i32x8)(c9 - c10 - c13 + c14), b10 = (i32x8)(c10 - c11 - c14 + c15);
        i32x8 code = ((b0 >= centre) & 128) | ((b1 >= centre) & 64) | ((b2 >= centre) & 32) | ((b6 >= centre) & 16)
                   | ((b10 >= centre) & 8) | ((b9 >= centre) & 4) | ((b8 >= centre) & 2) | ((b4 >= centre) & 1);
        i32x8 word = GATHER_SUBSET(m->subsets + (ptrdiff_t)i * 8, code >> 5);
        i32x8 in = (i32x8)((i32x8)(((u32x8)word >> (u32x8)(code & 31)) & 1) != 0);
        total += SELECT_F(in, m->left[i], m->right[i]);
    }
    *sum = total;
}

/* Haar: one stage's sum for 8 windows, each feature normalised by its lane of norm (double, from +0). */
KERNEL_TARGET static inline __attribute__((always_inline)) void KERNEL_NAME(haar_stage)(const collage_cascade_model *m, const int32_t *offsets,
                                                   const int32_t *p, const f32x8 *normp, int32_t begin, int32_t end, f64x8 *sum) {
    const f32x8 norm = *normp;
    f64x8 total = SPLAT_D(0.0);
    for (int32_t i = begin; i < end; i++) {
        const int32_t *o = offsets + (ptrdiff_t)i * 12;
        const float *w = m->weights + (ptrdiff_t)i * 3;
        i32x8 s0 = (i32x8)(CORNER(o[0]) - CORNER(o[1]) - CORNER(o[2]) + CORNER(o[3]));
        i32x8 s1 = (i32x8)(CORNER(o[4]) - CORNER(o[5]) - CORNER(o[6]) + CORNER(o[7]));
        f32x8 value = SPLAT_F(w[0]) * __builtin_convertvector(s0, f32x8) + SPLAT_F(w[1]) * __builtin_convertvector(s1, f32x8);
        if (w[2] != 0) {
            i32x8 s2 = (i32x8)(CORNER(o[8]) - CORNER(o[9]) - CORNER(o[10]) + CORNER(o[11]));
            value = value + SPLAT_F(w[2]) * __builtin_convertvector(s2, f32x8);
        }
        i32x8 below = (i32x8)(value * norm < SPLAT_F(m->threshold[i]));
        total += __builtin_convertvector(SELECT_F(below, m->left[i], m->right[i]), f64x8);
    }
    *sum = total;
}

KERNEL_TARGET static size_t KERNEL_NAME(scan)(const collage_cascade_model *m, const collage_cascade_level *l, int32_t *hits) {
    const int32_t stages = m->stage_count;
    const int32_t *offsets = l->offsets;
    const int32_t *n = offsets + (ptrdiff_t)(m->is_lbp ? 0 : m->stage_end[stages - 1]) * 12;
    size_t count = 0;
    for (int32_t r = 0; r < l->rows; r++) {
        const int32_t *row = l->sums + (ptrdiff_t)r * l->row_stride;
        const uint32_t *qrow = m->is_lbp ? NULL : l->squares + (ptrdiff_t)r * l->row_stride;
        /* The window before the next one was visited and rejected by stage 0 (the next is skipped). */
        int skip = 0;
        for (int32_t k0 = 0; k0 < l->columns; k0 += 8) {
            const int32_t *p = row + k0;
            int32_t lanes = l->columns - k0 < 8 ? l->columns - k0 : 8;
            unsigned ok, fail0;
            f32x8 norm = SPLAT_F(1.0f);
            if (m->is_lbp) {
                ok = 0xff;
                f32x8 total;
                KERNEL_NAME(lbp_stage)(m, offsets, p, 0, m->stage_end[0], &total);
                fail0 = LANE_BITS((i32x8)(total < SPLAT_F(m->stage_threshold[0])));
            } else {
                /* HaarEvaluator::setWindow: the inner rectangle's sum and squares' sum (unsigned 32-bit difference). */
                const uint32_t *q = qrow + k0;
                i32x8 sum = (i32x8)(LOAD_U(p + n[0]) - LOAD_U(p + n[1]) - LOAD_U(p + n[2]) + LOAD_U(p + n[3]));
                u32x8 squares = LOAD_Q(q + n[0]) - LOAD_Q(q + n[1]) - LOAD_Q(q + n[2]) + LOAD_Q(q + n[3]);
                f64x8 sd = __builtin_convertvector(sum, f64x8);
                f64x8 nf = SPLAT_D(m->norm_area) * __builtin_convertvector(squares, f64x8) - sd * sd;
                f64x8 root = SQRT_D(nf);
                norm = __builtin_convertvector(SPLAT_D(1.0) / root, f32x8);
                i64x8 good = (i64x8)(nf > SPLAT_D(0.0)) & (i64x8)(SPLAT_D(m->norm_area) * __builtin_convertvector(norm, f64x8) < SPLAT_D(0.1));
                ok = LANE_BITS(__builtin_convertvector(good, i32x8));
                f64x8 total;
                KERNEL_NAME(haar_stage)(m, offsets, p, &norm, 0, m->stage_end[0], &total);
                i64x8 below = (i64x8)(total < SPLAT_D((double)m->stage_threshold[0]));
                fail0 = LANE_BITS(__builtin_convertvector(below, i32x8)) & ok;
            }
            /* Which windows the scan visits: a window stage 0 rejects skips the next. */
            unsigned alive = 0;
            for (int32_t j = 0; j < lanes; j++) {
                int visited = !skip;
                skip = visited && ((fail0 >> j) & 1);
                if (visited && ((ok >> j) & 1) && !((fail0 >> j) & 1)) alive |= 1u << j;
            }
            /* The later stages for all 8 while two or more are alive; a lone window goes on alone in the scalar
             * code, which stops at its first failing stump. (Gathering lone windows of several groups into
             * one vector, tried before, read its corners by vpgatherdd and was slower on AMD EPYC: 655 against
             * 498 perf samples for the focus benchmark's scans.) */
            int32_t stage = 1;
            while (alive && stage < stages) {
                if (__builtin_popcount(alive) == 1) {
                    int32_t j = __builtin_ctz(alive);
                    int32_t failed = m->is_lbp ? lbp_window(m, offsets, p + j, stage) : haar_window(m, offsets, p + j, norm[j], stage);
                    if (failed != INT32_MAX) alive = 0;
                    break;
                }
                int32_t begin = m->stage_end[stage - 1], end = m->stage_end[stage];
                unsigned fail;
                if (m->is_lbp) {
                    f32x8 total;
                    KERNEL_NAME(lbp_stage)(m, offsets, p, begin, end, &total);
                    fail = LANE_BITS((i32x8)(total < SPLAT_F(m->stage_threshold[stage])));
                } else {
                    f64x8 total;
                    KERNEL_NAME(haar_stage)(m, offsets, p, &norm, begin, end, &total);
                    i64x8 below = (i64x8)(total < SPLAT_D((double)m->stage_threshold[stage]));
                    fail = LANE_BITS(__builtin_convertvector(below, i32x8));
                }
                alive &= ~fail;
                stage++;
            }
            for (int32_t j = 0; j < lanes; j++) {
                if (!((alive >> j) & 1)) continue;
                hits[2 * count] = k0 + j;
                hits[2 * count + 1] = r;
                count++;
            }
        }
    }
    return count;
}

#undef GATHER_SUBSET
#undef CORNER
#undef LANE_BITS
