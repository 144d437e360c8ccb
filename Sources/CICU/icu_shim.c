#include "collage_icu.h"
#include <unicode/utypes.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uloc.h>
#include <unicode/uscript.h>
#include <unicode/uchar.h>
#include <string.h>

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

/* The ICU locale ID of a BCP 47 tag with the line-break keyword (lb=strict|normal|loose). */
static void line_break_locale(const char *tag, int32_t strictness, char *locale, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    locale[0] = 0;
    if (tag != NULL && tag[0] != 0) {
        int32_t parsed = 0;
        uloc_forLanguageTag(tag, locale, capacity, &parsed, &status);
        if (U_FAILURE(status)) { locale[0] = 0; status = U_ZERO_ERROR; }
    }
    const char *value = strictness == 0 ? "strict" : strictness == 2 ? "loose" : "normal";
    uloc_setKeywordValue("lb", value, locale, capacity, &status);
}

int32_t collage_icu_line_breaks(const uint16_t *text, int32_t length, const char *tag, int32_t strictness,
                                int32_t *offsets) {
    UErrorCode status = U_ZERO_ERROR;
    char locale[ULOC_FULLNAME_CAPACITY + 32];
    line_break_locale(tag, strictness, locale, (int32_t)sizeof locale);
    UBreakIterator *it = ubrk_open(UBRK_LINE, locale, (const UChar *)text, length, &status);
    if (U_FAILURE(status) || it == NULL) { if (it) ubrk_close(it); return -1; }
    int32_t count = 0;
    for (int32_t next = ubrk_next(it); next != UBRK_DONE && next < length; next = ubrk_next(it)) {
        if (next > 0) offsets[count++] = next;
    }
    ubrk_close(it);
    return count;
}

int collage_icu_unknown_subtags(const char *tag) {
    UErrorCode status = U_ZERO_ERROR;
    char locale[ULOC_FULLNAME_CAPACITY];
    int32_t parsed = 0;
    uloc_forLanguageTag(tag, locale, (int32_t)sizeof locale, &parsed, &status);
    if (U_FAILURE(status) || parsed != (int32_t)strlen(tag)) return 1;
    int result = 0;
    char part[ULOC_FULLNAME_CAPACITY];
    status = U_ZERO_ERROR;
    uloc_getLanguage(locale, part, (int32_t)sizeof part, &status);
    if (U_FAILURE(status) || part[0] == 0 || uloc_getISO3Language(locale)[0] == 0) result |= 1;
    status = U_ZERO_ERROR;
    uloc_getScript(locale, part, (int32_t)sizeof part, &status);
    if (U_SUCCESS(status) && part[0] != 0) {
        UScriptCode codes[4];
        UErrorCode scriptStatus = U_ZERO_ERROR;
        int32_t found = uscript_getCode(part, codes, 4, &scriptStatus);
        if (U_FAILURE(scriptStatus) || found < 1 || codes[0] == USCRIPT_INVALID_CODE) result |= 2;
    }
    status = U_ZERO_ERROR;
    uloc_getCountry(locale, part, (int32_t)sizeof part, &status);
    if (U_SUCCESS(status) && part[0] != 0 && !(part[0] >= '0' && part[0] <= '9')
        && uloc_getISO3Country(locale)[0] == 0) result |= 4;
    return result;
}

int32_t collage_icu_vertical_orientation(uint32_t scalar) {
    return (int32_t)u_getIntPropertyValue((UChar32)scalar, UCHAR_VERTICAL_ORIENTATION);
}
