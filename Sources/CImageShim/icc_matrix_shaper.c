/* A matrix/TRC ICC profile (Display P3, Adobe RGB, a camera's RGB...) to
 * sRGB as three table look-ups (each channel's TRC and matrix column,
 * precomputed), a sum, a clip and three more look-ups a pixel.
 * LittleCMS's own 8-bit transform (a prelinearised 3-D table, tetrahedral
 * interpolation, its formatters called per pixel) took a third of the CPU
 * time of a 12 MP iPhone HEIC to JPEG (issue 32: 0.3 s of 0.86 s). The
 * result is the same arithmetic LittleCMS builds for two matrix/TRC
 * profiles (source TRC, source colorants to PCS XYZ, PCS to sRGB's linear
 * RGB, clip, sRGB's inverse TRC) without its interpolation; it is used only
 * when it agrees with LittleCMS's transform to within 1 on every channel
 * of a 33x33x33 grid (collage_icc_matrix_shaper_open), so a profile with a
 * black point to compensate, odd curves or anything else LittleCMS handles
 * differently keeps LittleCMS. The pixels do not depend on threads. */
#include <math.h>
#include <stdlib.h>
#include "icc_matrix_shaper.h"

/* Linear light is fixed point, 1.0 = 1 << LINEAR_BITS, and is looked up
 * in ENCODE_STEPS steps of 1 << (LINEAR_BITS - ENCODE_BITS): sRGB's
 * steepest part (slope 12.92 near black) moves 0.2 of a code value a
 * step. Integer arithmetic: the same bytes on every machine. */
enum { LINEAR_BITS = 20, ENCODE_BITS = 14, ENCODE_STEPS = (1 << ENCODE_BITS) + 1, GRID = 33 };

typedef int32_t lanes __attribute__((vector_size(16)));

struct collage_icc_matrix_shaper {
    /* contribution[c][v]: source channel c at 8-bit value v, through its
     * TRC and the matrix, as sRGB linear (R, G, B, 0). */
    lanes contribution[3][256];
    uint8_t encode[ENCODE_STEPS];         /* sRGB linear light -> 8-bit, rounded */
};

/* The colorant columns of a matrix/TRC profile (PCS XYZ, D50), or 0. */
static int colorants(cmsHPROFILE profile, double m[3][3]) {
    const cmsTagSignature tags[3] = { cmsSigRedColorantTag, cmsSigGreenColorantTag, cmsSigBlueColorantTag };
    for (int c = 0; c < 3; c++) {
        const cmsCIEXYZ *xyz = cmsReadTag(profile, tags[c]);
        if (!xyz) return 0;
        m[0][c] = xyz->X; m[1][c] = xyz->Y; m[2][c] = xyz->Z;
    }
    return 1;
}

static int invert(const double a[3][3], double out[3][3]) {
    const double det = a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1])
                     - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
                     + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]);
    if (fabs(det) < 1e-9) return 0;
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++) {
            const int r1 = (c + 1) % 3, r2 = (c + 2) % 3, c1 = (r + 1) % 3, c2 = (r + 2) % 3;
            out[r][c] = (a[r1][c1] * a[r2][c2] - a[r1][c2] * a[r2][c1]) / det;
        }
    return 1;
}

void collage_icc_matrix_shaper_pixels(const collage_icc_matrix_shaper *m, uint8_t *p, size_t count) {
    const lanes zero = { 0, 0, 0, 0 }, one = { 1 << LINEAR_BITS, 1 << LINEAR_BITS, 1 << LINEAR_BITS, 0 };
    const lanes half = { 1 << (LINEAR_BITS - ENCODE_BITS - 1), 1 << (LINEAR_BITS - ENCODE_BITS - 1),
                         1 << (LINEAR_BITS - ENCODE_BITS - 1), 0 };
    for (size_t i = 0; i < count; i++, p += 4) {
        lanes v = m->contribution[0][p[0]] + m->contribution[1][p[1]] + m->contribution[2][p[2]];
        v &= v > zero;                                  /* clip to [0, 1] */
        const lanes over = v > one;
        v = (v & ~over) | (one & over);
        v = (v + half) >> (LINEAR_BITS - ENCODE_BITS);
        p[0] = m->encode[v[0]];
        p[1] = m->encode[v[1]];
        p[2] = m->encode[v[2]];
    }
}

/* Every colour of the grid through both; 1 when no channel differs by more than 1. */
static int agrees(const collage_icc_matrix_shaper *m, cmsHTRANSFORM reference) {
    enum { COUNT = GRID * GRID * GRID };
    uint8_t *mine = malloc(COUNT * 4), *theirs = malloc(COUNT * 4);
    int ok = mine && theirs;
    if (ok) {
        size_t i = 0;
        for (int r = 0; r < GRID; r++)
            for (int g = 0; g < GRID; g++)
                for (int b = 0; b < GRID; b++, i++) {
                    uint8_t *p = mine + 4 * i;
                    p[0] = (uint8_t)(r * 255 / (GRID - 1)); p[1] = (uint8_t)(g * 255 / (GRID - 1));
                    p[2] = (uint8_t)(b * 255 / (GRID - 1)); p[3] = 255;
                }
        cmsDoTransform(reference, mine, theirs, COUNT);
        collage_icc_matrix_shaper_pixels(m, mine, COUNT);
        for (i = 0; ok && i < COUNT * 4; i++) ok = abs((int)mine[i] - (int)theirs[i]) <= 1;
    }
    free(mine);
    free(theirs);
    return ok;
}

collage_icc_matrix_shaper *collage_icc_matrix_shaper_open(cmsHPROFILE source, cmsHPROFILE srgb, cmsHTRANSFORM reference) {
    if (!cmsIsMatrixShaper(source) || !cmsIsMatrixShaper(srgb) || cmsGetColorSpace(source) != cmsSigRgbData) return NULL;
    double from[3][3], to[3][3], to_inverse[3][3];
    if (!colorants(source, from) || !colorants(srgb, to) || !invert(to, to_inverse)) return NULL;
    const cmsTagSignature trcs[3] = { cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag };
    const cmsToneCurve *srgb_trc = cmsReadTag(srgb, cmsSigRedTRCTag);
    cmsToneCurve *inverse = srgb_trc ? cmsReverseToneCurve(srgb_trc) : NULL;
    collage_icc_matrix_shaper *m = inverse ? malloc(sizeof *m) : NULL;
    int ok = m != NULL;
    for (int c = 0; ok && c < 3; c++) {
        const cmsToneCurve *trc = cmsReadTag(source, trcs[c]);
        if (!trc) { ok = 0; break; }
        double column[3] = { 0, 0, 0 };
        for (int r = 0; r < 3; r++)
            for (int k = 0; k < 3; k++) column[r] += to_inverse[r][k] * from[k][c];
        for (int v = 0; v < 256; v++) {
            const double linear = cmsEvalToneCurveFloat(trc, (cmsFloat32Number)(v / 255.0)) * (double)(1 << LINEAR_BITS);
            for (int r = 0; r < 3; r++) m->contribution[c][v][r] = (int32_t)lround(linear * column[r]);
            m->contribution[c][v][3] = 0;
        }
    }
    for (int i = 0; ok && i < ENCODE_STEPS; i++) {
        const double v = cmsEvalToneCurveFloat(inverse, (cmsFloat32Number)((double)i / (ENCODE_STEPS - 1))) * 255.0 + 0.5;
        m->encode[i] = (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
    }
    if (inverse) cmsFreeToneCurve(inverse);
    if (ok && !agrees(m, reference)) ok = 0;
    if (!ok) { free(m); return NULL; }
    return m;
}

void collage_icc_matrix_shaper_close(collage_icc_matrix_shaper *m) { free(m); }
