/* Versions of the linked image libraries that have no run-time query
 * (see CImageShim.h; the others are asked directly from Swift). */
#include <stdio.h>
#include <jpeglib.h>
#include "internal.h"

#define COLLAGE_STRINGIFY_(x) #x
#define COLLAGE_STRINGIFY(x) COLLAGE_STRINGIFY_(x)

const char *collage_jpeg_turbo_version(void) {
#ifdef LIBJPEG_TURBO_VERSION
    return COLLAGE_STRINGIFY(LIBJPEG_TURBO_VERSION);
#else
    return NULL;
#endif
}
