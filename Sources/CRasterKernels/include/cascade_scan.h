#ifndef COLLAGE_CASCADE_SCAN_H
#define COLLAGE_CASCADE_SCAN_H

#include <stddef.h>
#include <stdint.h>

/* A boosted cascade of stumps as the face scan reads it (CollageFocus's
 * ScanCascade owns the memory): per stage the end (exclusive) of its stumps
 * and its threshold; per stump its leaves and, for Haar, its threshold, its
 * 3 rectangle weights (a missing third 0) and the most the stumps after it
 * in its stage can still add; for LBP its 8 subset words. */
typedef struct {
    int32_t is_lbp;
    int32_t stage_count;
    const int32_t *stage_end;
    const float *stage_threshold;
    const float *threshold;
    const float *left;
    const float *right;
    const int32_t *subsets;
    const float *weights;
    const double *reachable;
    /* Haar: the area of the inner rectangle (1 pixel in) the window is normalised over. */
    double norm_area;
} collage_cascade_model;

/* One pyramid level's summed-area tables laid out so that the windows of a
 * row are consecutive elements: window (column k, row r) reads element
 * r * row_stride + k + offset of each corner. At step 1 that is the table
 * itself; at step 2 its even columns then its odd columns
 * (collage_split_columns). The tables hold at least 16 elements after the
 * last one a window reads (the wide kernel reads up to 7 windows past a
 * row's last one, and ignores them). */
typedef struct {
    const int32_t *sums;
    /* Haar: the squares' table in the same layout; NULL for LBP. */
    const uint32_t *squares;
    /* Per stump, element offsets from the window's top-left corner: LBP 16
     * (the 4x4 grid of block corners, row by row), Haar 12 (4 per
     * rectangle: top-left, top-right, bottom-left, bottom-right), then for
     * Haar 4 more (the inner rectangle). */
    const int32_t *offsets;
    ptrdiff_t row_stride;
    /* Windows per row and rows, on the scan's lattice (every step-th pixel). */
    int32_t columns;
    int32_t rows;
} collage_cascade_level;

/* Scans every window of a level as OpenCV's detectMultiScale visits them
 * (rows in order, a window its first stage rejects skipping the next one
 * in its row) and writes each window every stage accepts as (column, row)
 * lattice pairs to hits, in row then column order. hits must hold 2 *
 * columns * rows values. allow_wide 0 keeps to the baseline code (its
 * 8-lane vectors split in SSE2 halves; the tests compare both); otherwise
 * AVX2 where the processor has it. The same windows are found either way,
 * and as the scalar reference finds them. Returns the number of hits. */
size_t collage_cascade_scan(const collage_cascade_model *model, const collage_cascade_level *level,
                            int32_t *hits, int allow_wide);

/* Copies a table of `width` x `height` 32-bit words (row stride width) to
 * dst as its even columns then its odd columns, each plane of row stride
 * (width + 1) / 2, the odd plane starting at (width + 1) / 2 * height; a
 * slot of no column (the odd plane's last at an odd width) is 0. dst holds
 * (width + 1) / 2 * height * 2 words. */
void collage_split_columns(const uint32_t *src, size_t width, size_t height, uint32_t *dst);

/* Parses the numbers in text[0 ..< length], separated by spaces, tabs and
 * line ends, as strtod_l in the "C" locale does (correctly rounded: the
 * bits Swift's Double(String) gives), into out (at most capacity of them).
 * text[length] must be a byte that does not continue a number (the
 * caller passes a NUL-terminated text). Returns how many there are (possibly more than
 * capacity), or -1 when a token is not a plain decimal number (only digits,
 * sign, point and exponent; the caller then reads that list with Double(String)). */
long collage_parse_numbers(const char *text, size_t length, double *out, size_t capacity);

#endif
