#ifndef COLLAGE_SHIM_INTERNAL_H
#define COLLAGE_SHIM_INTERNAL_H
#include "CImageShim.h"
#include <stdint.h>
void collage_warnings_add(collage_warnings *w, const char *text);
/* Like collage_warnings_add, but a full list gives up its last entry for it. */
void collage_warnings_add_important(collage_warnings *w, const char *text);
void collage_copy_message(char *dst, const char *src);
/* sRGB <-> linear light tables (16-bit linear), built once. */
const uint16_t *collage_srgb_to_linear16(void);
const uint8_t *collage_linear16_to_srgb(void);
#endif
