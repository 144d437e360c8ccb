/* What the PDF backend needs from C: zlib's deflate for Flate streams and
 * LittleCMS's sRGB profile for the output intent (see CImageShim.h). */
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include <lcms2.h>
#include "internal.h"

int collage_deflate(const uint8_t *in, size_t length, collage_buffer *out) {
    memset(out, 0, sizeof *out);
    uLongf bound = compressBound((uLong)length);
    out->bytes = malloc(bound ? bound : 1);
    if (!out->bytes) { collage_copy_message(out->message, "out of memory"); return -1; }
    int status = compress2(out->bytes, &bound, in, (uLong)length, 6);
    if (status != Z_OK) {
        collage_buffer_free(out);
        collage_copy_message(out->message, "zlib compress2 failed");
        return -1;
    }
    out->length = bound;
    return 0;
}

int collage_srgb_profile(collage_buffer *out) {
    memset(out, 0, sizeof *out);
    cmsContext context = cmsCreateContext(NULL, NULL);
    cmsHPROFILE profile = context ? cmsCreate_sRGBProfileTHR(context) : NULL;
    cmsUInt32Number size = 0;
    if (!profile || !cmsSaveProfileToMem(profile, NULL, &size) || size < 128) {
        if (profile) cmsCloseProfile(profile);
        if (context) cmsDeleteContext(context);
        collage_copy_message(out->message, "LittleCMS cannot write the sRGB profile");
        return -1;
    }
    out->bytes = malloc(size);
    if (!out->bytes || !cmsSaveProfileToMem(profile, out->bytes, &size)) {
        cmsCloseProfile(profile);
        cmsDeleteContext(context);
        collage_buffer_free(out);
        collage_copy_message(out->message, "LittleCMS cannot write the sRGB profile");
        return -1;
    }
    out->length = size;
    cmsCloseProfile(profile);
    cmsDeleteContext(context);
    /* The header's creation date (bytes 24-35) is the time of the call:
     * a fixed one (2000-01-01 00:00:00) keeps the PDF's bytes the same. */
    static const uint8_t date[12] = {0x07, 0xD0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0};
    memcpy(out->bytes + 24, date, sizeof date);
    return 0;
}
