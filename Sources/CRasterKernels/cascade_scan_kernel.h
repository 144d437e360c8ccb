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
#define GATHER_AT(table, bases, o) ((u32x8)_mm256_i32gather_epi32((const int *)(table), (__m256i)((bases) + (o)), 4))
#define GATHER_SUBSET(words, index) \
    ((i32x8)_mm256_i32gather_epi32((const int *)(words), (__m256i)(index), 4))
#define LANE_BITS(mask) ((unsigned)_mm256_movemask_ps((__m256)(mask)))
#else
#define GATHER_AT(table, bases, o) ({ \
    const int32_t *t_ = (const int32_t *)(table); i32x8 b_ = (bases) + (o); u32x8 g_; \
    for (int j_ = 0; j_ < 8; j_++) g_[j_] = (uint32_t)t_[b_[j_]]; \
    g_; })
#define GATHER_SUBSET(words, index) ({ \
    const int32_t *w_ = (words); i32x8 i_ = (index), g_; \
    for (int j_ = 0; j_ < 8; j_++) g_[j_] = w_[i_[j_]]; \
    g_; })
#define LANE_BITS(mask) ({ \
    i32x8 m_ = (mask); unsigned b_ = 0; \
    for (int j_ = 0; j_ < 8; j_++) b_ |= (unsigned)(m_[j_] & 1) << j_; \
    b_; })
#endif

/* A corner of the 8 windows: consecutive windows at p, or (gather) the windows at the elements bases of table. */
#define CORNER(x) (gather ? GATHER_AT(table, *bases, (x)) : LOAD_U(p + (x)))

/* LBP: one stage's sum for 8 windows (float, leaf by leaf from +0). */
KERNEL_TARGET static inline __attribute__((always_inline)) void KERNEL_NAME(lbp_stage)(const collage_cascade_model *m, const int32_t *offsets,
                                                  const int32_t *p, int gather, const int32_t *table, const i32x8 *bases,
                                                  int32_t begin, int32_t end, f32x8 *sum) {
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
                                                   const int32_t *p, int gather, const int32_t *table, const i32x8 *bases,
                                                   const f32x8 *normp, int32_t begin, int32_t end, f64x8 *sum) {
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

/* Windows waiting for their next stage, at most 15 (8 are evaluated together once there are). */
typedef struct { int32_t base[16], key[16]; float norm[16]; int32_t n; } KERNEL_NAME(queue);

/* Evaluates stage t for the first lanes (<= 8) windows of queue t by gathered loads; those it accepts go on
 * to queue t + 1, or past the last stage to hits (as keys row * columns + column). */
KERNEL_TARGET static void KERNEL_NAME(advance)(const collage_cascade_model *m, const collage_cascade_level *l,
                                               KERNEL_NAME(queue) *queues, int32_t t, int32_t lanes,
                                               int32_t *keys, size_t *key_count) {
    KERNEL_NAME(queue) *q = &queues[t];
    i32x8 bases;
    f32x8 norm;
    for (int32_t j = 0; j < 8; j++) {
        int32_t from = j < lanes ? j : 0;
        bases[j] = q->base[from];
        norm[j] = q->norm[from];
    }
    int32_t begin = m->stage_end[t - 1], end = m->stage_end[t];
    unsigned fail;
    if (m->is_lbp) {
        f32x8 total;
        KERNEL_NAME(lbp_stage)(m, l->offsets, NULL, 1, l->sums, &bases, begin, end, &total);
        fail = LANE_BITS((i32x8)(total < SPLAT_F(m->stage_threshold[t])));
    } else {
        f64x8 total;
        KERNEL_NAME(haar_stage)(m, l->offsets, NULL, 1, l->sums, &bases, &norm, begin, end, &total);
        fail = LANE_BITS(__builtin_convertvector((i64x8)(total < SPLAT_D((double)m->stage_threshold[t])), i32x8));
    }
    for (int32_t j = 0; j < lanes; j++) {
        if ((fail >> j) & 1) continue;
        if (t + 1 == m->stage_count) { keys[(*key_count)++] = q->key[j]; continue; }
        KERNEL_NAME(queue) *next = &queues[t + 1];
        next->base[next->n] = q->base[j]; next->key[next->n] = q->key[j]; next->norm[next->n] = q->norm[j];
        next->n++;
    }
    q->n -= lanes;
    memmove(q->base, q->base + lanes, sizeof(int32_t) * (size_t)q->n);
    memmove(q->key, q->key + lanes, sizeof(int32_t) * (size_t)q->n);
    memmove(q->norm, q->norm + lanes, sizeof(float) * (size_t)q->n);
}

static int KERNEL_NAME(compare_keys)(const void *a, const void *b) {
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

KERNEL_TARGET static size_t KERNEL_NAME(scan)(const collage_cascade_model *m, const collage_cascade_level *l, int32_t *hits) {
    const int32_t stages = m->stage_count;
    const int32_t *offsets = l->offsets;
    const int32_t *n = offsets + (ptrdiff_t)(m->is_lbp ? 0 : m->stage_end[stages - 1]) * 12;
    /* A group down to this few windows alive hands them to the queues of their next stage (gathered 8 at a time)
     * when every element index fits 32 bits (else the scalar code finishes them). */
    const int queued = (int64_t)l->rows * l->row_stride + l->columns < INT32_MAX && (int64_t)l->rows * l->columns < INT32_MAX;
    KERNEL_NAME(queue) *queues = queued && stages > 1 ? calloc((size_t)stages, sizeof(KERNEL_NAME(queue))) : NULL;
    /* Hits as keys, row * columns + column: the queues finish windows out of order. */
    int32_t *keys = hits;
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
                KERNEL_NAME(lbp_stage)(m, offsets, p, 0, NULL, NULL, 0, m->stage_end[0], &total);
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
                KERNEL_NAME(haar_stage)(m, offsets, p, 0, NULL, NULL, &norm, 0, m->stage_end[0], &total);
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
            int32_t stage = 1;
            while (alive && stage < stages) {
                int left = __builtin_popcount(alive);
                if (left <= (queues ? 3 : 1)) {
                    for (int32_t j = 0; j < 8; j++) {
                        if (!((alive >> j) & 1)) continue;
                        int32_t key = r * l->columns + k0 + j;
                        if (queues) {
                            KERNEL_NAME(queue) *q = &queues[stage];
                            q->base[q->n] = (int32_t)((p + j) - l->sums); q->key[q->n] = key; q->norm[q->n] = norm[j];
                            q->n++;
                            /* Full queues run, each passing its survivors to the next. */
                            for (int32_t t = stage; t < stages && queues[t].n >= 8; t++) KERNEL_NAME(advance)(m, l, queues, t, 8, keys, &count);
                        } else {
                            /* The scalar code stops at the window's first failing stump. */
                            int32_t failed = m->is_lbp ? lbp_window(m, offsets, p + j, stage)
                                                       : haar_window(m, offsets, p + j, norm[j], stage);
                            if (failed == INT32_MAX) keys[count++] = key;
                        }
                    }
                    alive = 0;
                    break;
                }
                int32_t begin = m->stage_end[stage - 1], end = m->stage_end[stage];
                unsigned fail;
                if (m->is_lbp) {
                    f32x8 total;
                    KERNEL_NAME(lbp_stage)(m, offsets, p, 0, NULL, NULL, begin, end, &total);
                    fail = LANE_BITS((i32x8)(total < SPLAT_F(m->stage_threshold[stage])));
                } else {
                    f64x8 total;
                    KERNEL_NAME(haar_stage)(m, offsets, p, 0, NULL, NULL, &norm, begin, end, &total);
                    i64x8 below = (i64x8)(total < SPLAT_D((double)m->stage_threshold[stage]));
                    fail = LANE_BITS(__builtin_convertvector(below, i32x8));
                }
                alive &= ~fail;
                stage++;
            }
            for (int32_t j = 0; j < lanes; j++) {
                if ((alive >> j) & 1) keys[count++] = r * l->columns + k0 + j;
            }
        }
    }
    int sorted = 1;
    if (queues) {
        /* The windows left in the queues, stage by stage (a stage's survivors join the next queue). */
        for (int32_t t = 1; t < stages; t++) {
            while (queues[t].n > 0) {
                KERNEL_NAME(advance)(m, l, queues, t, queues[t].n < 8 ? queues[t].n : 8, keys, &count);
                /* A later queue never holds more than 15: a full one runs before it takes more. */
                for (int32_t u = t + 1; u < stages && queues[u].n >= 8; u++) KERNEL_NAME(advance)(m, l, queues, u, 8, keys, &count);
            }
        }
        free(queues);
        sorted = 0;
    }
    if (!sorted) qsort(keys, count, sizeof(int32_t), KERNEL_NAME(compare_keys));
    /* Keys to (column, row) pairs, from the last so that none is overwritten before it is read. */
    for (size_t i = count; i-- > 0;) {
        int32_t key = keys[i];
        hits[2 * i] = key % l->columns;
        hits[2 * i + 1] = key / l->columns;
    }
    return count;
}

#undef GATHER_AT
#undef GATHER_SUBSET
#undef CORNER
#undef LANE_BITS
