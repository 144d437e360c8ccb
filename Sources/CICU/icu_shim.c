#include "collage_icu.h"
#include <unicode/utypes.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>

int collage_icu_bidi_levels(const uint16_t *text, int32_t length, uint8_t *levels, uint8_t *paragraph_level) {
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_openSized(length, 0, &status);
    if (U_FAILURE(status) || bidi == NULL) return (int)status;
    ubidi_setPara(bidi, (const UChar *)text, length, UBIDI_DEFAULT_LTR, NULL, &status);
    if (U_SUCCESS(status)) {
        const UBiDiLevel *source = ubidi_getLevels(bidi, &status);
        if (U_SUCCESS(status)) {
            for (int32_t i = 0; i < length; i++) levels[i] = source[i];
            *paragraph_level = ubidi_getParaLevel(bidi);
        }
    }
    ubidi_close(bidi);
    return U_FAILURE(status) ? (int)status : 0;
}

void collage_icu_reorder_visual(const uint8_t *levels, int32_t count, int32_t *visual_to_logical) {
    ubidi_reorderVisual(levels, count, visual_to_logical);
}

int32_t collage_icu_line_breaks(const uint16_t *text, int32_t length, int32_t *offsets) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *it = ubrk_open(UBRK_LINE, "", (const UChar *)text, length, &status);
    if (U_FAILURE(status) || it == NULL) { if (it) ubrk_close(it); return -1; }
    int32_t count = 0;
    for (int32_t next = ubrk_next(it); next != UBRK_DONE && next < length; next = ubrk_next(it)) {
        if (next > 0) offsets[count++] = next;
    }
    ubrk_close(it);
    return count;
}
