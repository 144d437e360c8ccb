/* nclx colour description (ISO/IEC 23091-2 code points, as AVIF carries)
 * -> sRGB with LittleCMS (see CImageShim.h). */
#include <lcms2.h>
#include "internal.h"

/* Chromaticities of the primaries code points this supports (H.273 table 2). */
static int primaries_for(int code, cmsCIExyYTRIPLE *p, cmsCIExyY *white) {
    *white = (cmsCIExyY){ 0.3127, 0.3290, 1.0 };       /* D65 */
    switch (code) {
    case 1: case 2:     /* BT.709 (2 = unspecified: assume BT.709, as sRGB) */
        *p = (cmsCIExyYTRIPLE){ { 0.640, 0.330, 1 }, { 0.300, 0.600, 1 }, { 0.150, 0.060, 1 } }; return 0;
    case 5:             /* BT.470 System B, G */
        *p = (cmsCIExyYTRIPLE){ { 0.640, 0.330, 1 }, { 0.290, 0.600, 1 }, { 0.150, 0.060, 1 } }; return 0;
    case 6: case 7:     /* BT.601 (SMPTE 170M), SMPTE 240M */
        *p = (cmsCIExyYTRIPLE){ { 0.630, 0.340, 1 }, { 0.310, 0.595, 1 }, { 0.155, 0.070, 1 } }; return 0;
    case 9:             /* BT.2020 / BT.2100 */
        *p = (cmsCIExyYTRIPLE){ { 0.708, 0.292, 1 }, { 0.170, 0.797, 1 }, { 0.131, 0.046, 1 } }; return 0;
    case 11:            /* DCI-P3 (SMPTE RP 431-2), DCI white */
        *white = (cmsCIExyY){ 0.314, 0.351, 1.0 };
        *p = (cmsCIExyYTRIPLE){ { 0.680, 0.320, 1 }, { 0.265, 0.690, 1 }, { 0.150, 0.060, 1 } }; return 0;
    case 12:            /* Display P3 (SMPTE EG 432-1) */
        *p = (cmsCIExyYTRIPLE){ { 0.680, 0.320, 1 }, { 0.265, 0.690, 1 }, { 0.150, 0.060, 1 } }; return 0;
    default: return -1;
    }
}

/* The decoding (EOTF-side) curve of a transfer code point as an lcms parametric curve. */
static cmsToneCurve *curve_for(cmsContext context, int code) {
    switch (code) {
    case 1: case 6: case 14: case 15: {      /* BT.709 / BT.601 / BT.2020 */
        const cmsFloat64Number p[5] = { 1.0 / 0.45, 1.0 / 1.099, 0.099 / 1.099, 1.0 / 4.5, 0.081 };
        return cmsBuildParametricToneCurve(context, 4, p);
    }
    case 2: case 13: {                       /* unspecified (assume sRGB), sRGB */
        const cmsFloat64Number p[5] = { 2.4, 1.0 / 1.055, 0.055 / 1.055, 1.0 / 12.92, 0.04045 };
        return cmsBuildParametricToneCurve(context, 4, p);
    }
    case 4: return cmsBuildGamma(context, 2.2);
    case 5: return cmsBuildGamma(context, 2.8);
    case 8: return cmsBuildGamma(context, 1.0);
    default: return NULL;                    /* PQ (16), HLG (18), log curves: not supported */
    }
}

int collage_nclx_to_srgb(int primaries, int transfer, uint8_t *pixels, size_t width, size_t height, char *message) {
    message[0] = 0;
    int primaries_srgb = primaries == 1 || primaries == 2;
    if (primaries_srgb && (transfer == 13 || transfer == 2)) return 1;
    cmsCIExyYTRIPLE chromaticities;
    cmsCIExyY white;
    if (primaries_for(primaries, &chromaticities, &white) != 0) {
        collage_copy_message(message, "unsupported nclx colour primaries; kept as sRGB");
        return -1;
    }
    cmsContext context = cmsCreateContext(NULL, NULL);
    if (!context) { collage_copy_message(message, "out of memory"); return -1; }
    cmsToneCurve *curve = curve_for(context, transfer);
    int status = -1;
    cmsHPROFILE source = NULL, srgb = NULL;
    cmsHTRANSFORM transform = NULL;
    if (!curve) {
        collage_copy_message(message, "unsupported nclx transfer characteristics (e.g. PQ or HLG HDR); kept as sRGB");
        goto done;
    }
    cmsToneCurve *curves[3] = { curve, curve, curve };
    source = cmsCreateRGBProfileTHR(context, &white, &chromaticities, curves);
    srgb = cmsCreate_sRGBProfileTHR(context);
    if (source && srgb)
        transform = cmsCreateTransformTHR(context, source, TYPE_RGBA_8, srgb, TYPE_RGBA_8, INTENT_RELATIVE_COLORIMETRIC,
                                          cmsFLAGS_BLACKPOINTCOMPENSATION | cmsFLAGS_COPY_ALPHA);
    if (!transform) { collage_copy_message(message, "LittleCMS cannot build a transform from the nclx colour"); goto done; }
    for (size_t y = 0; y < height; y++) {
        uint8_t *line = pixels + y * width * 4;
        cmsDoTransform(transform, line, line, (cmsUInt32Number)width);
    }
    status = 0;
done:
    if (transform) cmsDeleteTransform(transform);
    if (source) cmsCloseProfile(source);
    if (srgb) cmsCloseProfile(srgb);
    if (curve) cmsFreeToneCurve(curve);
    cmsDeleteContext(context);
    return status;
}
