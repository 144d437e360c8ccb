/* A streaming read of an SVG's elements and attributes with libxml2's
 * xmlTextReader, for the pre-scan that bounds a document's cost before
 * librsvg sees it (SVGPrescan.swift; see CImageShim.h).
 *
 * libxml2 is loaded with dlopen on the first SVG, as librsvg is
 * (svg_render.c): librsvg2-2 depends on libxml2, so it is there whenever SVG
 * support is. The few functions used are declared below (libxml2 2.9's
 * xmlreader.h and xmlerror.h, ABI-stable since 2.6): their header folder
 * (/usr/include/libxml2) is not one a C target without unsafe flags can
 * name. The reader keeps one element's worth of the tree at a time, so the
 * scan holds no document tree; entities are substituted (as librsvg does)
 * with libxml2's own amplification limits, and no network access
 * (XML_PARSE_NONET). Errors go to the reader's own handler, never stderr:
 * no process-wide libxml2 state is changed. SVGZ is inflated here first,
 * at most COLLAGE_XML_MAX_INFLATED bytes. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <zlib.h>
#include "internal.h"

typedef struct xmlTextReader xmlTextReader;
typedef struct { int domain; int code; char *message; int level; char *file; int line; } xmlErrorPrefix;
typedef void (*xmlStructuredErrorFunc)(void *user, void *error);

#define XML_FUNCTIONS(X) \
    X(void, xmlInitParser, (void)) \
    X(xmlTextReader *, xmlReaderForMemory, (const char *buffer, int size, const char *url, const char *encoding, int options)) \
    X(int, xmlTextReaderRead, (xmlTextReader *reader)) \
    X(int, xmlTextReaderNodeType, (xmlTextReader *reader)) \
    X(int, xmlTextReaderDepth, (xmlTextReader *reader)) \
    X(int, xmlTextReaderAttributeCount, (xmlTextReader *reader)) \
    X(int, xmlTextReaderMoveToAttributeNo, (xmlTextReader *reader, int no)) \
    X(int, xmlTextReaderMoveToElement, (xmlTextReader *reader)) \
    X(const unsigned char *, xmlTextReaderConstLocalName, (xmlTextReader *reader)) \
    X(const unsigned char *, xmlTextReaderConstNamespaceUri, (xmlTextReader *reader)) \
    X(const unsigned char *, xmlTextReaderConstValue, (xmlTextReader *reader)) \
    X(int, xmlTextReaderGetParserLineNumber, (xmlTextReader *reader)) \
    X(void, xmlTextReaderSetStructuredErrorHandler, (xmlTextReader *reader, xmlStructuredErrorFunc f, void *arg)) \
    X(void, xmlFreeTextReader, (xmlTextReader *reader))

#define DECLARE(type, name, parameters) type (*name) parameters;
static struct { XML_FUNCTIONS(DECLARE) } lib;
_Static_assert(sizeof lib == 14 * sizeof(void *), "lib is an array of function pointers");
#undef DECLARE

static const char *unavailable = "libxml2 was not loaded";
static char unavailable_text[COLLAGE_MESSAGE_MAX];
static pthread_once_t init_once = PTHREAD_ONCE_INIT;

#define NAME(type, name, parameters) #name,
/* Resolves every function into `lib` (a struct of pointers, in the order of
 * XML_FUNCTIONS), or leaves `unavailable` saying what is missing. */
static void init_library(void) {
    static const char *const names[] = {XML_FUNCTIONS(NAME)};
    const size_t count = sizeof names / sizeof *names;
    void *handle = dlopen("libxml2.so.2", RTLD_NOW | RTLD_LOCAL);
    void **slot = (void **)&lib;
    size_t resolved = 0;
    while (handle && resolved < count && (slot[resolved] = dlsym(handle, names[resolved])) != NULL) resolved++;
    if (handle && resolved == count) {
        lib.xmlInitParser();
        unavailable = NULL;
        return;
    }
    const char *why = handle ? NULL : dlerror();
    if (handle) snprintf(unavailable_text, sizeof unavailable_text, "libxml2.so.2 lacks %s", names[resolved]);
    else snprintf(unavailable_text, sizeof unavailable_text, "%s", why ? why : "libxml2.so.2 not found");
    unavailable = unavailable_text;
}
#undef NAME

const char *collage_xml_unavailable(void) {
    pthread_once(&init_once, init_library);
    return unavailable;
}

struct collage_xml_reader {
    xmlTextReader *reader;
    uint8_t *inflated;
    char message[COLLAGE_MESSAGE_MAX];
};

static void on_error(void *user, void *error) {
    collage_xml_reader *r = user;
    const xmlErrorPrefix *e = error;
    if (r->message[0] || !e || e->level < 2) return; /* keep the first error; warnings are not failures */
    char text[COLLAGE_MESSAGE_MAX];
    snprintf(text, sizeof text, "line %d: %s", e->line, e->message ? e->message : "malformed XML");
    size_t n = strlen(text);
    while (n > 0 && (text[n - 1] == '\n' || text[n - 1] == ' ')) text[--n] = 0;
    collage_copy_message(r->message, text);
}

/* The whole of gzip data inflated (malloc'ed, *length set), or NULL with `message`. */
static uint8_t *inflate_all(const uint8_t *data, size_t length, size_t *out_length, char *message) {
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (inflateInit2(&stream, 16 + MAX_WBITS) != Z_OK) { collage_copy_message(message, "out of memory"); return NULL; }
    size_t capacity = length * 4 + 4096, used = 0;
    uint8_t *out = NULL;
    stream.next_in = (Bytef *)data;
    stream.avail_in = (uInt)(length < (size_t)0x7fffffff ? length : 0x7fffffff);
    int status = Z_OK;
    while (status != Z_STREAM_END) {
        if (capacity > COLLAGE_XML_MAX_INFLATED) capacity = COLLAGE_XML_MAX_INFLATED;
        uint8_t *grown = used == capacity ? NULL : realloc(out, capacity);
        if (!grown) {
            free(out); inflateEnd(&stream);
            collage_copy_message(message, used == COLLAGE_XML_MAX_INFLATED
                                 ? "the SVGZ inflates to more than 256 MiB" : "out of memory");
            return NULL;
        }
        out = grown;
        stream.next_out = out + used;
        stream.avail_out = (uInt)(capacity - used);
        status = inflate(&stream, Z_NO_FLUSH);
        used = capacity - stream.avail_out;
        if (status != Z_OK && status != Z_STREAM_END) {
            free(out); inflateEnd(&stream);
            collage_copy_message(message, status == Z_BUF_ERROR ? "the SVGZ data ends early" : "the SVGZ data is corrupt");
            return NULL;
        }
        if (used == capacity) capacity *= 2;
    }
    inflateEnd(&stream);
    *out_length = used;
    return out;
}

/* Whether an <!ENTITY declaration names SYSTEM or PUBLIC: with entities
 * substituted, libxml2 would read that file (librsvg reads none). Not a
 * parse: any such bytes before the declaration's closing '>' count. */
static int declares_external_entity(const uint8_t *data, size_t length) {
    static const char tag[] = "<!ENTITY";
    const uint8_t *end = data + length, *p = data;
    while ((p = memmem(p, (size_t)(end - p), tag, sizeof tag - 1)) != NULL) {
        const uint8_t *close = memchr(p, '>', (size_t)(end - p));
        size_t span = (size_t)((close ? close : end) - p);
        if (memmem(p, span, "SYSTEM", 6) || memmem(p, span, "PUBLIC", 6)) return 1;
        p += sizeof tag - 1;
    }
    return 0;
}

collage_xml_reader *collage_xml_open(const uint8_t *data, size_t length, int *refused, char *message) {
    message[0] = 0;
    *refused = 0;
    if (collage_xml_unavailable()) { collage_copy_message(message, unavailable); return NULL; }
    collage_xml_reader *r = calloc(1, sizeof *r);
    if (!r) { collage_copy_message(message, "out of memory"); return NULL; }
    if (length >= 2 && data[0] == 0x1f && data[1] == 0x8b) {
        size_t inflated_length = 0;
        r->inflated = inflate_all(data, length, &inflated_length, message);
        if (!r->inflated) { free(r); return NULL; }
        data = r->inflated; length = inflated_length;
    }
    if (declares_external_entity(data, length)) {
        *refused = 1;
        collage_copy_message(message, "it declares an external entity (<!ENTITY name SYSTEM \"file\">), which collage never reads: "
                             "remove the declaration");
        free(r->inflated); free(r); return NULL;
    }
    if (length > 0x7fffffff) { collage_copy_message(message, "the SVG is over 2 GiB"); free(r->inflated); free(r); return NULL; }
    /* XML_PARSE_NOENT (1<<1): substitute entities; NOERROR (1<<5), NOWARNING (1<<6); NONET (1<<11). */
    r->reader = lib.xmlReaderForMemory((const char *)data, (int)length, NULL, NULL, (1 << 1) | (1 << 5) | (1 << 6) | (1 << 11));
    if (!r->reader) { collage_copy_message(message, "out of memory"); free(r->inflated); free(r); return NULL; }
    lib.xmlTextReaderSetStructuredErrorHandler(r->reader, on_error, r);
    return r;
}

int collage_xml_next(collage_xml_reader *r, collage_xml_element *element) {
    const char *text;
    int status;
    while ((status = collage_xml_next_content(r, element, &text)) == 2) {}
    return status;
}

int collage_xml_attribute(collage_xml_reader *r, int index, const char **name, const char **value) {
    if (lib.xmlTextReaderMoveToAttributeNo(r->reader, index) != 1) return -1;
    *name = (const char *)lib.xmlTextReaderConstLocalName(r->reader);
    *value = (const char *)lib.xmlTextReaderConstValue(r->reader);
    return 0;
}

void collage_xml_element_done(collage_xml_reader *r) { lib.xmlTextReaderMoveToElement(r->reader); }

int collage_xml_next_content(collage_xml_reader *r, collage_xml_element *element, const char **text) {
    for (;;) {
        int status = lib.xmlTextReaderRead(r->reader);
        if (status == 0) return r->message[0] ? -1 : 0;
        if (status < 0) {
            if (!r->message[0]) collage_copy_message(r->message, "malformed XML");
            return -1;
        }
        int type = lib.xmlTextReaderNodeType(r->reader);
        if (type == 3 || type == 4) { /* XML_READER_TYPE_TEXT, CDATA */
            *text = (const char *)lib.xmlTextReaderConstValue(r->reader);
            element->depth = lib.xmlTextReaderDepth(r->reader);
            element->line = lib.xmlTextReaderGetParserLineNumber(r->reader);
            return 2;
        }
        if (type != 1) continue;
        element->name = (const char *)lib.xmlTextReaderConstLocalName(r->reader);
        element->depth = lib.xmlTextReaderDepth(r->reader);
        element->attributes = lib.xmlTextReaderAttributeCount(r->reader);
        element->line = lib.xmlTextReaderGetParserLineNumber(r->reader);
        return 1;
    }
}

const char *collage_xml_message(const collage_xml_reader *r) { return r->message; }

void collage_xml_close(collage_xml_reader *r) {
    if (!r) return;
    lib.xmlFreeTextReader(r->reader);
    free(r->inflated);
    free(r);
}
