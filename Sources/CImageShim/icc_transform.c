/* Embedded ICC profile -> sRGB with LittleCMS (see CImageShim.h). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <lcms2.h>
#include "icc_matrix_shaper.h"
#include "internal.h"

struct collage_icc_transform {
    cmsContext context;
    cmsHTRANSFORM transform;
    /* The same conversion without LittleCMS's per-pixel pipeline, when the
     * profile is a matrix/TRC one that agrees with it (icc_matrix_shaper.c). */
    collage_icc_matrix_shaper *matrix_shaper;
    char message[COLLAGE_MESSAGE_MAX];   /* the context's: LittleCMS errors land here */
};

/* One band of rows of an RGBA image, converted in place. */
typedef struct {
    const collage_icc_transform *transform;
    uint8_t *pixels;
    size_t width, first, end;
} rgba_band;

static void *convert_band(void *argument) {
    const rgba_band *band = argument;
    const collage_icc_transform *t = band->transform;
    if (t->matrix_shaper) {
        collage_icc_matrix_shaper_pixels(t->matrix_shaper, band->pixels + band->first * band->width * 4,
                                         (band->end - band->first) * band->width);
        return NULL;
    }
    for (size_t y = band->first; y < band->end; y++) {
        uint8_t *line = band->pixels + y * band->width * 4;
        cmsDoTransform(t->transform, line, line, (cmsUInt32Number)band->width);
    }
    return NULL;
}

/* Converts the rows in `threads` bands at once (this thread takes the
 * first); a band whose thread cannot start is converted here. */
static void convert_bands(const collage_icc_transform *transform, uint8_t *pixels, size_t width, size_t height, int threads) {
    enum { MAX_THREADS = 16 };
    if (threads > MAX_THREADS) threads = MAX_THREADS;
    if (threads < 1 || (size_t)threads > height) threads = 1;
    rgba_band bands[MAX_THREADS];
    pthread_t ids[MAX_THREADS];
    int started[MAX_THREADS] = {0};
    for (int i = 0; i < threads; i++) {
        bands[i] = (rgba_band){ transform, pixels, width, height * i / threads, height * (i + 1) / threads };
        if (i > 0) started[i] = pthread_create(&ids[i], NULL, convert_band, &bands[i]) == 0;
    }
    convert_band(&bands[0]);
    for (int i = 1; i < threads; i++) {
        if (started[i]) pthread_join(ids[i], NULL);
        else convert_band(&bands[i]);
    }
}

static void on_lcms_error(cmsContext context, cmsUInt32Number code, const char *text) {
    (void)code;
    char *message = (char *)cmsGetContextUserData(context);
    if (message && !message[0]) collage_copy_message(message, text);
}

static int names_srgb(cmsHPROFILE profile) {
    char description[256] = { 0 };
    cmsGetProfileInfoASCII(profile, cmsInfoDescription, "en", "US", description, sizeof description);
    return strstr(description, "sRGB") != NULL;
}

int collage_icc_to_srgb(const uint8_t *data, size_t length, collage_icc_input input,
                        uint8_t *pixels, size_t width, size_t height, int threads, char *message) {
    /* An RGB profile, on RGB pixels or gray ones expanded to RGB: the
     * transform kept open (collage_icc_transform_open), its rows in bands. */
    if (input == COLLAGE_ICC_RGB || input == COLLAGE_ICC_GRAY) {
        int status = -1;
        collage_icc_transform *t = collage_icc_transform_open(data, length, &status, message);
        if (t) {
            convert_bands(t, pixels, width, height, width * height < ((size_t)1 << 20) ? 1 : threads);
            collage_icc_transform_close(t);
            return 0;
        }
        if (status == 1 || input == COLLAGE_ICC_RGB) return status;
        /* Gray pixels with a profile that is not RGB: a gray profile, below. */
    }
    message[0] = 0;
    cmsContext context = cmsCreateContext(NULL, message);
    if (!context) { collage_copy_message(message, "out of memory"); return -1; }
    cmsSetLogErrorHandlerTHR(context, on_lcms_error);
    cmsHPROFILE source = cmsOpenProfileFromMemTHR(context, data, (cmsUInt32Number)length);
    cmsHPROFILE srgb = cmsCreate_sRGBProfileTHR(context);
    cmsHTRANSFORM transform = NULL;
    int status = -1;
    if (!source || !srgb) {
        if (!message[0]) collage_copy_message(message, "the ICC profile cannot be parsed");
        goto done;
    }
    cmsColorSpaceSignature space = cmsGetColorSpace(source);
    int is_cmyk = input == COLLAGE_ICC_CMYK || input == COLLAGE_ICC_CMYK_INVERTED;
    if ((is_cmyk && space != cmsSigCmykData) || (input == COLLAGE_ICC_RGB && space != cmsSigRgbData) ||
        (input == COLLAGE_ICC_GRAY && space != cmsSigGrayData && space != cmsSigRgbData)) {
        collage_copy_message(message, "the ICC profile's colour space does not match the image");
        goto done;
    }
    if (space == cmsSigRgbData && names_srgb(source) && cmsGetPCS(source) == cmsSigXYZData) {
        status = 1;
        goto done;
    }
    const cmsUInt32Number flags = cmsFLAGS_BLACKPOINTCOMPENSATION;
    if (space == cmsSigGrayData) {
        /* Gray: map the 256 levels once, then look them up. */
        transform = cmsCreateTransformTHR(context, source, TYPE_GRAY_8, srgb, TYPE_RGB_8,
                                          INTENT_RELATIVE_COLORIMETRIC, flags);
        if (!transform) goto done;
        uint8_t levels[256], rgb[256 * 3];
        for (int i = 0; i < 256; i++) levels[i] = (uint8_t)i;
        cmsDoTransform(transform, levels, rgb, 256);
        uint8_t *p = pixels;
        for (size_t i = 0; i < width * height; i++, p += 4) {
            const uint8_t *m = rgb + 3 * p[0];
            p[0] = m[0]; p[1] = m[1]; p[2] = m[2];
        }
        status = 0;
    } else if (is_cmyk) {
        transform = cmsCreateTransformTHR(context, source,
                                          input == COLLAGE_ICC_CMYK_INVERTED ? TYPE_CMYK_8_REV : TYPE_CMYK_8,
                                          srgb, TYPE_RGBA_8, INTENT_RELATIVE_COLORIMETRIC, flags);
        if (!transform) goto done;
        uint8_t *row = malloc(width * 4);
        if (!row) { collage_copy_message(message, "out of memory"); goto done; }
        for (size_t y = 0; y < height; y++) {
            uint8_t *line = pixels + y * width * 4;
            cmsDoTransform(transform, line, row, (cmsUInt32Number)width);
            for (size_t x = 0; x < width; x++) row[4 * x + 3] = 255;
            memcpy(line, row, width * 4);
        }
        free(row);
        status = 0;
    } else {
        /* An RGB profile on gray pixels: taken above unless its transform failed. */
        collage_copy_message(message, "LittleCMS cannot build a transform to sRGB");
    }
done:
    if (status < 0 && !message[0]) collage_copy_message(message, "LittleCMS cannot build a transform to sRGB");
    if (transform) cmsDeleteTransform(transform);
    if (source) cmsCloseProfile(source);
    if (srgb) cmsCloseProfile(srgb);
    cmsDeleteContext(context);
    return status;
}

void collage_icc_transform_close(collage_icc_transform *t) {
    if (!t) return;
    collage_icc_matrix_shaper_close(t->matrix_shaper);
    if (t->transform) cmsDeleteTransform(t->transform);
    if (t->context) cmsDeleteContext(t->context);
    free(t);
}

collage_icc_transform *collage_icc_transform_open(const uint8_t *data, size_t length, int *status, char *message) {
    message[0] = 0;
    *status = -1;
    collage_icc_transform *t = calloc(1, sizeof *t);
    if (!t || !(t->context = cmsCreateContext(NULL, t->message))) {
        collage_copy_message(message, "out of memory");
        collage_icc_transform_close(t);
        return NULL;
    }
    cmsSetLogErrorHandlerTHR(t->context, on_lcms_error);
    cmsHPROFILE source = cmsOpenProfileFromMemTHR(t->context, data, (cmsUInt32Number)length);
    cmsHPROFILE srgb = cmsCreate_sRGBProfileTHR(t->context);
    if (!source || !srgb) {
        collage_copy_message(message, t->message[0] ? t->message : "the ICC profile cannot be parsed");
    } else if (cmsGetColorSpace(source) != cmsSigRgbData) {
        collage_copy_message(message, "the ICC profile's colour space does not match the image");
    } else if (names_srgb(source) && cmsGetPCS(source) == cmsSigXYZData) {
        *status = 1;
    } else {
        /* As collage_icc_to_srgb's RGB case; without the pixel cache, for several threads. */
        t->transform = cmsCreateTransformTHR(t->context, source, TYPE_RGBA_8, srgb, TYPE_RGBA_8, INTENT_RELATIVE_COLORIMETRIC,
                                             cmsFLAGS_BLACKPOINTCOMPENSATION | cmsFLAGS_COPY_ALPHA | cmsFLAGS_NOCACHE);
        if (t->transform) {
            *status = 0;
            t->matrix_shaper = collage_icc_matrix_shaper_open(source, srgb, t->transform);
        }
        else collage_copy_message(message, t->message[0] ? t->message : "LittleCMS cannot build a transform to sRGB");
    }
    if (source) cmsCloseProfile(source);
    if (srgb) cmsCloseProfile(srgb);
    if (*status != 0) {
        collage_icc_transform_close(t);
        return NULL;
    }
    return t;
}

void collage_icc_transform_rows(const collage_icc_transform *t, uint8_t *pixels, size_t width, size_t rows) {
    const rgba_band band = { t, pixels, width, 0, rows };
    convert_band((void *)&band);
}

int collage_icc_transform_uses_matrix_shaper(const collage_icc_transform *t) { return t && t->matrix_shaper; }
