/* Writes Fixtures/hyphenation-de.txt: each word of stdin (UTF-8, one a line,
 * lowercase letters) hyphenated by libhyphen with the WHOLE of Debian's
 * hyph_de_DE.dic (hnj_hyphen_load), in the form "sil-ben-tren-nung", so that
 * HyphenationTests can check the per-word cut dictionaries
 * (HyphenationPatterns) against libhyphen's own result.
 *
 *   cc -O2 hyphenation-de-reference.c -o /tmp/ref -lhyphen
 *   /tmp/ref /usr/share/hyphen/hyph_de_DE.dic < words.txt > hyphenation-de.txt
 */
#include <hyphen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    HyphenDict *dict = argc > 1 ? hnj_hyphen_load(argv[1]) : NULL;
    if (!dict) { fprintf(stderr, "usage: ref hyph_de_DE.dic < words\n"); return 64; }
    char line[1024];
    printf("# libhyphen %s, whole dictionary (hyphenation-de-reference.c)\n", argv[1]);
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = 0;
        if (!*line) continue;
        /* UTF-8 to Latin-1 (the dictionary's charset); skip other scripts. */
        char word[1024]; int n = 0, ok = 1;
        for (unsigned char *p = (unsigned char *)line; *p; p++) {
            if (*p < 0x80) word[n++] = (char)*p;
            else if ((*p & 0xE0) == 0xC0 && p[1]) { word[n++] = (char)(((*p & 0x1F) << 6) | (p[1] & 0x3F)); p++; }
            else { ok = 0; break; }
        }
        if (!ok) continue;
        word[n] = 0;
        char hyphens[1100] = {0}; char **rep = NULL; int *pos = NULL, *cut = NULL;
        if (hnj_hyphen_hyphenate3(dict, word, n, hyphens, NULL, &rep, &pos, &cut,
                                  dict->lhmin, dict->rhmin, dict->clhmin, dict->crhmin)) continue;
        if (rep) { for (int i = 0; i < n; i++) free(rep[i]); free(rep); }
        free(pos); free(cut);
        for (int i = 0; i < n; i++) {
            unsigned char c = (unsigned char)word[i];
            if (c < 0x80) putchar(c); else { putchar(0xC0 | (c >> 6)); putchar(0x80 | (c & 0x3F)); }
            if (i + 1 < n && (hyphens[i] & 1)) putchar('-');
        }
        putchar('\n');
    }
    hnj_hyphen_free(dict);
    return 0;
}
