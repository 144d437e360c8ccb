// ICU (icu-uc) for CollageLayout: bidi (UAX #9) and line breaking (UAX #14).
//
// ICU renames every function with its version (ubidi_open is really
// ubidi_open_72) through macros Swift cannot import, so each function used
// is wrapped here under a stable name (README "Rules": Swift on this machine).
// This header deliberately includes no ICU header and uses only plain C
// types: Foundation carries its own ICU module (_FoundationICU), and a Swift
// module that sees both sets of ICU declarations fails to build ("'U_…'
// from module '_FoundationICU' is not present in definition of 'enum
// UErrorCode' in module 'CICU'", measured with Swift 6.3 when a test target
// imports XCTest next to CollageLayout). The ICU calls live in icu_shim.c.
#ifndef COLLAGE_ICU_H
#define COLLAGE_ICU_H
#include <stdint.h>

/// Bidi embedding levels of `length` UTF-16 units, paragraph level from the
/// first strong character (UBIDI_DEFAULT_LTR). Writes one level per unit to
/// `levels` and the paragraph level to `paragraph_level`. Returns 0, or an
/// ICU error code.
int collage_icu_bidi_levels(const uint16_t *text, int32_t length, uint8_t *levels, uint8_t *paragraph_level);

/// Visual order of `count` runs with these levels (ubidi_reorderVisual):
/// the logical index shown at each visual position.
void collage_icu_reorder_visual(const uint8_t *levels, int32_t count, int32_t *visual_to_logical);

/// UAX #14 line break opportunities in `length` UTF-16 units (ICU's line
/// break iterator for the locale of the BCP 47 tag `tag`, "" or NULL for
/// the root locale, with the keyword lb=strict (`strictness` 0), normal (1)
/// or loose (2)): writes the offsets strictly inside the text to `offsets`
/// (capacity `length`) and returns their count, or -1 on an ICU error.
int32_t collage_icu_line_breaks(const uint16_t *text, int32_t length, const char *tag, int32_t strictness,
                                int32_t *offsets);

/// The subtags of the BCP 47 tag `tag` ICU does not know: bit 1 the
/// language (or a tag ICU cannot parse whole), 2 the script, 4 the region
/// (numeric regions such as 419 are not checked); 0 when all are known.
int collage_icu_unknown_subtags(const char *tag);
/// The Unicode Vertical_Orientation (UAX #50) of a scalar, from ICU's
/// UCHAR_VERTICAL_ORIENTATION: 0 R (rotated), 1 Tr (transformed or
/// rotated), 2 Tu (transformed or upright), 3 U (upright).
int32_t collage_icu_vertical_orientation(uint32_t scalar);
#endif
