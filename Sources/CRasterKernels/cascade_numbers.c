/*
 * The numbers of a cascade file's text (see cascade_scan.h): the cascade
 * reader's hot loop (about 42,000 numbers in haarcascade_profileface.xml)
 * without a Swift string per number. strtod_l in the "C" locale rounds
 * correctly, as Swift's Double(String) does, so the values are the same
 * bits; a token of other characters than a plain decimal number's is
 * refused, and the caller reads that list with Double(String).
 */
#define _GNU_SOURCE /* strtod_l */
#include "cascade_scan.h"

#include <locale.h>
#include <pthread.h>
#include <stdlib.h>

static locale_t c_locale;
static pthread_once_t c_locale_once = PTHREAD_ONCE_INIT;

static void make_c_locale(void) { c_locale = newlocale(LC_ALL_MASK, "C", (locale_t)0); }

static int is_separator(char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; }

static int is_number_byte(char c) {
    return (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E';
}

long collage_parse_numbers(const char *text, size_t length, double *out, size_t capacity) {
    pthread_once(&c_locale_once, make_c_locale);
    if (c_locale == (locale_t)0) return -1;
    const char *p = text, *end = text + length;
    size_t n = 0;
    for (;;) {
        while (p < end && is_separator(*p)) p++;
        if (p >= end) break;
        const char *token_end = p;
        while (token_end < end && !is_separator(*token_end)) {
            if (!is_number_byte(*token_end)) return -1;
            token_end++;
        }
        char *stop = NULL;
        double value = strtod_l(p, &stop, c_locale);
        if (stop != token_end) return -1;
        if (n < capacity) out[n] = value;
        n++;
        p = token_end;
    }
    return (long)n;
}
