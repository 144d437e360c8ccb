/* sRGB transfer function tables (IEC 61966-2-1) for flattening in linear light. */
#include "internal.h"
#include <math.h>
#include <pthread.h>

static uint16_t to_linear[256];
static uint8_t to_srgb[65536];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void build_tables(void) {
    for (int i = 0; i < 256; i++) {
        double c = i / 255.0;
        double l = c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
        to_linear[i] = (uint16_t)lround(l * 65535.0);
    }
    for (int i = 0; i < 65536; i++) {
        double l = i / 65535.0;
        double c = l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1.0 / 2.4) - 0.055;
        long v = lround(c * 255.0);
        to_srgb[i] = (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
    }
}

const uint16_t *collage_srgb_to_linear16(void) { pthread_once(&tables_once, build_tables); return to_linear; }
const uint8_t *collage_linear16_to_srgb(void) { pthread_once(&tables_once, build_tables); return to_srgb; }
