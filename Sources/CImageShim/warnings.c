#include "CImageShim.h"
#include "internal.h"
#include <string.h>

void collage_warnings_add(collage_warnings *w, const char *text) {
    for (int i = 0; i < w->count; i++) {
        if (strncmp(w->text[i], text, COLLAGE_MESSAGE_MAX - 1) == 0) { w->repeats[i]++; return; }
    }
    if (w->count >= COLLAGE_WARNINGS_MAX) { w->dropped++; return; }
    strncpy(w->text[w->count], text, COLLAGE_MESSAGE_MAX - 1);
    w->text[w->count][COLLAGE_MESSAGE_MAX - 1] = 0;
    w->repeats[w->count] = 1;
    w->count++;
}

/* Copies a library's message, dropping trailing white space: libheif ends
 * some messages with a line break, which would put a blank line inside the
 * one-line diagnostic. */
void collage_copy_message(char *dst, const char *src) {
    strncpy(dst, src ? src : "unknown error", COLLAGE_MESSAGE_MAX - 1);
    dst[COLLAGE_MESSAGE_MAX - 1] = 0;
    size_t length = strlen(dst);
    while (length > 0 && (dst[length - 1] == '\n' || dst[length - 1] == '\r' || dst[length - 1] == ' '
                          || dst[length - 1] == '\t'))
        dst[--length] = 0;
}

void collage_warnings_add_important(collage_warnings *w, const char *text) {
    if (w->count >= COLLAGE_WARNINGS_MAX) {
        for (int i = 0; i < w->count; i++)
            if (strncmp(w->text[i], text, COLLAGE_MESSAGE_MAX - 1) == 0) { w->repeats[i]++; return; }
        w->dropped += w->repeats[w->count - 1];
        w->count--;
    }
    collage_warnings_add(w, text);
}
