/* SVG and SVGZ drawing with librsvg and cairo (see CImageShim.h).
 *
 * librsvg is loaded with dlopen on the first SVG, not linked, as libheif is
 * (heif_decode.c): it pulls in glib, gio, pango, cairo, libxml2 and the Rust
 * runtime, whose loading and initialisers a render of photos alone would pay
 * at every start of the process. Only librsvg2-2 (which depends on cairo) is
 * needed at run time. The few functions used here are declared below rather
 * than taken from <librsvg/rsvg.h>, which needs glib's and cairo's include
 * folders (pkg-config librsvg-2.0) that a C target without unsafe flags
 * cannot name; the declarations follow librsvg 2.54's and cairo 1.16's
 * headers (librsvg2-dev), whose ABI these functions have kept since 2.52
 * (rsvg_handle_get_intrinsic_size_in_pixels) and 2.46
 * (rsvg_handle_render_document). The cairo functions are looked up through
 * librsvg's handle, so they are the cairo librsvg itself uses.
 *
 * Documents are loaded from memory with no base URI, so librsvg resolves no
 * external reference (<image href>, <use href="other.svg#id">, CSS @import):
 * nothing outside the file is read. A handle is drawn only after
 * rsvg_handle_new_from_data returned it, i.e. after the whole document was
 * read and parsed without error; librsvg aborts the process when a handle
 * that is not fully loaded is drawn. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "internal.h"

#ifdef COLLAGE_SVG_CHECK_HEADERS
/* SVGTests compiles this file with -DCOLLAGE_SVG_CHECK_HEADERS and
 * `pkg-config --cflags librsvg-2.0`: the real headers then declare every
 * type and function, and the assertions below check that the declarations
 * used here have exactly their types. */
#include <librsvg/rsvg.h>
#else
typedef int gboolean;
typedef unsigned char guint8;
typedef size_t gsize;
typedef struct { uint32_t domain; int code; char *message; } GError;
typedef struct RsvgHandle RsvgHandle;
typedef struct { double x, y, width, height; } RsvgRectangle;
typedef enum { RSVG_UNIT_PERCENT = 0 } RsvgUnit;
typedef struct { double length; RsvgUnit unit; } RsvgLength;
typedef struct cairo_surface cairo_surface_t;
typedef struct cairo cairo_t;
typedef struct { double xx, yx, xy, yy, x0, y0; } cairo_matrix_t;
typedef enum { CAIRO_FORMAT_INVALID = -1, CAIRO_FORMAT_ARGB32 = 0 } cairo_format_t;
typedef enum { CAIRO_STATUS_SUCCESS = 0 } cairo_status_t;
#endif

#define SVG_FUNCTIONS(X) \
    X(RsvgHandle *, rsvg_handle_new_from_data, (const guint8 *data, gsize length, GError **error)) \
    X(void, rsvg_handle_set_dpi, (RsvgHandle *handle, double dpi)) \
    X(gboolean, rsvg_handle_get_intrinsic_size_in_pixels, (RsvgHandle *handle, double *width, double *height)) \
    X(void, rsvg_handle_get_intrinsic_dimensions, (RsvgHandle *handle, gboolean *has_width, RsvgLength *width, \
        gboolean *has_height, RsvgLength *height, gboolean *has_viewbox, RsvgRectangle *viewbox)) \
    X(gboolean, rsvg_handle_render_document, (RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport, GError **error)) \
    X(void, g_object_unref, (void *object)) \
    X(void, g_error_free, (GError *error)) \
    X(cairo_surface_t *, cairo_image_surface_create_for_data, (unsigned char *data, cairo_format_t format, int width, \
        int height, int stride)) \
    X(cairo_status_t, cairo_surface_status, (cairo_surface_t *surface)) \
    X(void, cairo_surface_flush, (cairo_surface_t *surface)) \
    X(void, cairo_surface_destroy, (cairo_surface_t *surface)) \
    X(cairo_t *, cairo_create, (cairo_surface_t *target)) \
    X(cairo_status_t, cairo_status, (cairo_t *cr)) \
    X(void, cairo_set_matrix, (cairo_t *cr, const cairo_matrix_t *matrix)) \
    X(void, cairo_destroy, (cairo_t *cr)) \
    X(const char *, cairo_status_to_string, (cairo_status_t status))

#ifdef COLLAGE_SVG_CHECK_HEADERS
#define CHECK(type, name, parameters) \
    _Static_assert(__builtin_types_compatible_p(__typeof__(&name), type (*) parameters), #name " differs from its header");
SVG_FUNCTIONS(CHECK)
#undef CHECK
_Static_assert(sizeof(RsvgLength) == 16 && sizeof(RsvgRectangle) == 32 && sizeof(cairo_matrix_t) == 48, "struct sizes");
#endif

#define DECLARE(type, name, parameters) type (*name) parameters;
static struct { SVG_FUNCTIONS(DECLARE) const unsigned *major, *minor, *micro; } lib;
#undef DECLARE

static const char *unavailable = "librsvg was not loaded";
static char unavailable_text[COLLAGE_MESSAGE_MAX];
static char version_text[32];

static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static void init_library(void) {
    void *handle = dlopen("librsvg-2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *why = dlerror();
        collage_copy_message(unavailable_text, why ? why : "librsvg-2.so.2 not found");
        unavailable = unavailable_text;
        return;
    }
#define RESOLVE(type, name, parameters) \
    if (!(*(void **)&lib.name = dlsym(handle, #name))) { \
        collage_copy_message(unavailable_text, "librsvg-2.so.2 lacks " #name " (librsvg 2.52 or later is needed)"); \
        unavailable = unavailable_text; \
        return; \
    }
    SVG_FUNCTIONS(RESOLVE)
#undef RESOLVE
    lib.major = dlsym(handle, "rsvg_major_version");
    lib.minor = dlsym(handle, "rsvg_minor_version");
    lib.micro = dlsym(handle, "rsvg_micro_version");
    if (lib.major && lib.minor && lib.micro)
        snprintf(version_text, sizeof version_text, "%u.%u.%u", *lib.major, *lib.minor, *lib.micro);
    else
        snprintf(version_text, sizeof version_text, "unknown");
    unavailable = NULL;
}

const char *collage_svg_unavailable(void) {
    pthread_once(&init_once, init_library);
    return unavailable;
}

const char *collage_svg_version(void) {
    if (collage_svg_unavailable()) return NULL;
    return version_text;
}

struct collage_svg { RsvgHandle *handle; };

/* The message of `error` (freed), or `fallback`. */
static void take_error(GError *error, const char *fallback, char *message) {
    collage_copy_message(message, error && error->message && error->message[0] ? error->message : fallback);
    if (error) lib.g_error_free(error);
}

collage_svg *collage_svg_load(const uint8_t *data, size_t length, double *width, double *height, char *message) {
    *width = 0; *height = 0;
    if (collage_svg_unavailable()) { collage_copy_message(message, unavailable); return NULL; }
    GError *error = NULL;
    RsvgHandle *handle = lib.rsvg_handle_new_from_data(data, length, &error);
    if (!handle) { take_error(error, "not a readable SVG document", message); return NULL; }
    if (error) lib.g_error_free(error);
    /* CSS's 96 px to the inch for in, cm, mm, pt and pc (librsvg's default is 90). */
    lib.rsvg_handle_set_dpi(handle, 96);
    double w = 0, h = 0;
    if (!lib.rsvg_handle_get_intrinsic_size_in_pixels(handle, &w, &h)) {
        /* width or height missing or a percentage: the viewBox's size in px,
         * keeping an absolute side when there is one. */
        int has_width = 0, has_height = 0, has_viewbox = 0;
        RsvgLength lw = {0, 0}, lh = {0, 0};
        RsvgRectangle box = {0, 0, 0, 0};
        lib.rsvg_handle_get_intrinsic_dimensions(handle, &has_width, &lw, &has_height, &lh, &has_viewbox, &box);
        if (!has_viewbox || !(box.width > 0) || !(box.height > 0)) {
            collage_copy_message(message, "no intrinsic size: the root <svg> has no width and height in absolute "
                                 "units and no viewBox");
            lib.g_object_unref(handle);
            return NULL;
        }
        w = box.width; h = box.height;
    }
    if (!(w > 0) || !(h > 0)) {
        collage_copy_message(message, "zero size: the root <svg> is 0 px wide or high");
        lib.g_object_unref(handle);
        return NULL;
    }
    *width = w; *height = h;
    collage_svg *svg = malloc(sizeof *svg);
    if (!svg) { lib.g_object_unref(handle); collage_copy_message(message, "out of memory"); return NULL; }
    svg->handle = handle;
    return svg;
}

int collage_svg_render(collage_svg *svg, uint8_t *argb, int width, int height, const double matrix[6],
                       double viewport_width, double viewport_height, char *message) {
    cairo_surface_t *surface = lib.cairo_image_surface_create_for_data(argb, CAIRO_FORMAT_ARGB32, width, height, width * 4);
    cairo_status_t status = lib.cairo_surface_status(surface);
    if (status != CAIRO_STATUS_SUCCESS) {
        collage_copy_message(message, lib.cairo_status_to_string(status));
        lib.cairo_surface_destroy(surface);
        return -1;
    }
    cairo_t *cr = lib.cairo_create(surface);
    cairo_matrix_t m = {matrix[0], matrix[1], matrix[2], matrix[3], matrix[4], matrix[5]};
    lib.cairo_set_matrix(cr, &m);
    RsvgRectangle viewport = {0, 0, viewport_width, viewport_height};
    GError *error = NULL;
    int ok = lib.rsvg_handle_render_document(svg->handle, cr, &viewport, &error);
    if (!ok) take_error(error, "librsvg could not draw the document", message);
    else if (error) lib.g_error_free(error);
    if (ok && (status = lib.cairo_status(cr)) != CAIRO_STATUS_SUCCESS) {
        collage_copy_message(message, lib.cairo_status_to_string(status));
        ok = 0;
    }
    lib.cairo_destroy(cr);
    lib.cairo_surface_flush(surface);
    lib.cairo_surface_destroy(surface);
    return ok ? 0 : -1;
}

void collage_svg_free(collage_svg *svg) {
    if (!svg) return;
    lib.g_object_unref(svg->handle);
    free(svg);
}

size_t collage_gunzip_prefix(const uint8_t *data, size_t length, uint8_t *out, size_t capacity) {
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (inflateInit2(&stream, 16 + MAX_WBITS) != Z_OK) return 0;
    stream.next_in = (Bytef *)data;
    stream.avail_in = (uInt)(length < (size_t)0x7fffffff ? length : 0x7fffffff);
    stream.next_out = out;
    stream.avail_out = (uInt)capacity;
    inflate(&stream, Z_SYNC_FLUSH);
    size_t produced = capacity - stream.avail_out;
    inflateEnd(&stream);
    return produced;
}
