#ifndef COLLAGE_CIMAGESHIM_H
#define COLLAGE_CIMAGESHIM_H
/*
 * setjmp-based wrappers around libjpeg(-turbo) and libpng's low-level API.
 * Swift cannot call setjmp, so every library call that may longjmp on error
 * lives here. Conventions: functions return 0 on success and -1 on failure;
 * on failure the handle's `message` holds the library's formatted message.
 * All decoders read from a caller-owned memory buffer that must outlive the
 * handle; all pixel output is RGBA8 (4 bytes a pixel, rows top to bottom).
 */
#include <stddef.h>
#include <stdint.h>

#define COLLAGE_MESSAGE_MAX 200
#define COLLAGE_WARNINGS_MAX 16

/* Why a call failed, so Swift can classify errors without parsing text. */
typedef enum {
    COLLAGE_FAIL_NONE = 0,
    COLLAGE_FAIL_CORRUPT = 1,       /* the library rejected the data */
    COLLAGE_FAIL_TRUNCATED = 2,     /* premature end of data (JWRN_JPEG_EOF) */
    COLLAGE_FAIL_UNSUPPORTED = 3,   /* 12-bit, lossless, DNL, arithmetic compiled out */
    COLLAGE_FAIL_TOO_LARGE = 4,     /* the memory cap was hit */
    COLLAGE_FAIL_NO_MEMORY = 5
} collage_failure;

/* Warnings the library emitted (not errors): each distinct message once,
 * with how many times it was emitted. */
typedef struct {
    int count;                                   /* distinct messages stored */
    int dropped;                                 /* emissions not stored: the list was full */
    int repeats[COLLAGE_WARNINGS_MAX];
    char text[COLLAGE_WARNINGS_MAX][COLLAGE_MESSAGE_MAX];
} collage_warnings;

/* ---------------------------------------------------------------- JPEG decode */

typedef struct collage_jpeg_decoder collage_jpeg_decoder;

/* What jpeg_read_header found. */
typedef struct {
    int width, height;          /* stored size, pixels */
    int components;             /* 1, 3 or 4 */
    int color_space;            /* J_COLOR_SPACE of the file */
    int progressive;            /* 1 for progressive (SOF2/SOF6/SOF10...) */
    int arithmetic;             /* 1 for arithmetic entropy coding (SOF9-SOF11) */
    int saw_adobe;              /* Adobe APP14 marker present */
    int adobe_transform;
    double coefficient_bytes;   /* full-size DCT coefficient storage a progressive decode holds */
    const uint8_t *exif;        /* payload of the first APP1 "Exif\0\0" segment, or NULL */
    size_t exif_length;
    const uint8_t *icc;         /* ICC profile reassembled from APP2 chunks, or NULL; owned by the decoder */
    size_t icc_length;
} collage_jpeg_info;

/* Creates a decoder over `data` (not copied) and reads the header, saving
 * APP1 markers. `max_memory` caps libjpeg's own allocations (bytes, 0 = none).
 * `fail_on_truncation`: a premature end of data is an error, not a warning.
 * Returns NULL only when out of memory; otherwise check collage_jpeg_failure. */
collage_jpeg_decoder *collage_jpeg_open(const uint8_t *data, size_t length,
                                        long max_memory, int fail_on_truncation);
/* 0 after a successful header read, else -1 (see failure / message). */
int collage_jpeg_header(collage_jpeg_decoder *d, collage_jpeg_info *info);
/* The output size libjpeg gives at scale_num/8 (jpeg_calc_output_dimensions). */
int collage_jpeg_scaled_size(collage_jpeg_decoder *d, int scale_num, int *width, int *height);
/* Decodes at scale_num/8 into `rgba` (width*height*4 bytes, the size from
 * collage_jpeg_scaled_size). Grayscale becomes RGB. CMYK/YCCK comes out as
 * CMYK bytes when `keep_cmyk` (for an ICC transform), else converted with
 * collage_cmyk_to_rgba (Adobe-inverted when the file has an Adobe marker). */
int collage_jpeg_decode(collage_jpeg_decoder *d, int scale_num, int keep_cmyk, uint8_t *rgba, size_t capacity);
/* Naive CMYK (4 bytes a pixel) to opaque RGBA in place: R = (1-C)(1-K)... ;
 * `inverted` for Adobe (Photoshop) files, which store 255 - value. */
void collage_cmyk_to_rgba(uint8_t *pixels, size_t count, int inverted);
/* Row-by-row decoding at scale_num/8, for a consumer that needs the rows
 * once, top to bottom (the resampler): start (sets the output size), then
 * skip and read rows in order, then end (finishes after the last row,
 * otherwise stops the decode without reading the rest of the file). RGBA
 * output; grayscale becomes RGB; CMYK/YCCK files are refused (use
 * collage_jpeg_decode). A row buffer holds width*4 bytes. */
int collage_jpeg_start_rows(collage_jpeg_decoder *d, int scale_num, int *width, int *height);
/* Before the first row: decode only columns *x ..< *x + *width
 * (jpeg_crop_scanline widens them to iMCU boundaries and returns the
 * columns it decodes; rows then hold *width pixels). */
int collage_jpeg_crop_columns(collage_jpeg_decoder *d, int *x, int *width);
int collage_jpeg_skip_rows(collage_jpeg_decoder *d, int count);
int collage_jpeg_read_row(collage_jpeg_decoder *d, uint8_t *row);
int collage_jpeg_end_rows(collage_jpeg_decoder *d);
collage_failure collage_jpeg_failure(const collage_jpeg_decoder *d);
const char *collage_jpeg_message(const collage_jpeg_decoder *d);
const collage_warnings *collage_jpeg_warnings(const collage_jpeg_decoder *d);
void collage_jpeg_close(collage_jpeg_decoder *d);
/* The same JPEG losslessly re-encoded as progressive, as `jpegtran
 * -progressive -copy all` makes it: the DCT coefficients untouched (so it
 * decodes to the same pixels at every DCT scale), libjpeg's default
 * progression (jpeg_simple_progression), every APPn and COM marker copied.
 * Tests use it to make progressive twins of baseline photos. Returns 0 and a
 * malloc'd buffer in *out (the caller frees it), or -1 (invalid JPEG, no
 * memory) with *out NULL. */
int collage_jpeg_progressive_copy(const uint8_t *data, size_t length, uint8_t **out, size_t *out_length);
/* libjpeg's blocks of 4 MiB or more (a progressive decode's coefficient
 * arrays), as collage's replacement of its large-object allocator
 * (jpeg_memory.c: mappings whose freed pages are kept, split and grown for
 * the next decode while another runs) served them since the process started:
 * `mapped` from new mappings, `grown` of them from a kept range grown into
 * one (only the growth fresh), `reused` from kept pages alone, and
 * `fresh_bytes` the fresh memory mapped for them. Tests use them to see that
 * libjpeg calls the replacement and that reuse happens. */
typedef struct {
    size_t mapped;
    size_t grown;
    size_t reused;
    size_t fresh_bytes;
} collage_jpeg_block_counts;
collage_jpeg_block_counts collage_jpeg_large_blocks(void);
/* Unmaps the pages the allocator keeps for the next decode, and until the
 * next request the blocks freed meanwhile as they are freed (blocks in use
 * are untouched): for a caller that knows no decode will follow soon. */
void collage_jpeg_release_kept(void);
/* For a process that decodes one photo after another: until the matching
 * collage_jpeg_retain_end, freed blocks are kept even when none is in use,
 * up to `limit` bytes kept (the largest limit of the calls not ended), and
 * collage_jpeg_release_kept does nothing. Calls nest; the last end unmaps
 * the kept pages when no block is in use. */
void collage_jpeg_retain_begin(size_t limit);
void collage_jpeg_retain_end(void);

/* ----------------------------------------------------------------- PNG decode */

typedef struct collage_png_decoder collage_png_decoder;

typedef struct {
    uint32_t width, height;
    int bit_depth, color_type, interlaced;
    const uint8_t *exif;        /* eXIf chunk payload (TIFF header first) or NULL; owned by the decoder */
    size_t exif_length;
    const uint8_t *icc;         /* iCCP profile (decompressed) or NULL; owned by the decoder */
    size_t icc_length;
} collage_png_info;

collage_png_decoder *collage_png_open(const uint8_t *data, size_t length);
/* Reads the chunks up to the first IDAT (png_read_info). */
int collage_png_header(collage_png_decoder *d, collage_png_info *info);
/* Decodes to RGBA8: palette expanded, tRNS to alpha, 16-bit scaled (value/257
 * rounded), gray to RGB, opaque alpha added, interlacing resolved. gAMA/cHRM ignored. */
int collage_png_decode(collage_png_decoder *d, uint8_t *rgba, size_t capacity);
collage_failure collage_png_failure(const collage_png_decoder *d);
const char *collage_png_message(const collage_png_decoder *d);
const collage_warnings *collage_png_warnings(const collage_png_decoder *d);
void collage_png_close(collage_png_decoder *d);

/* ---------------------------------------------------------------- box reduce */

/* Averages each `reduction` x `reduction` block of `width` x `height` RGBA8
 * pixels (rows `stride` bytes apart; straight alpha, or premultiplied when
 * `premultiplied`) into one pixel of `out`: ceil(width/reduction) x
 * ceil(height/reduction) pixels, straight alpha, rows packed; the last
 * row and column of blocks average the pixels they have. Colours are
 * weighted by alpha (a transparent pixel's colour does not bleed in);
 * every result rounded to nearest. `reduction` 2 to 8. The decode-side
 * reduction of a format with no reduced decode of its own (HEIF),
 * playing the part of JPEG's DCT scaling (box_reduce.c). */
void collage_rgba_box_reduce(const uint8_t *in, size_t stride, int width, int height, int reduction,
                             int premultiplied, uint8_t *out);

/* ------------------------------------------------------- HEIF / AVIF decode */

typedef struct collage_heif_decoder collage_heif_decoder;

/* What the primary image's handle says (no pixels decoded). */
typedef struct {
    int width, height;          /* after libheif's irot/imir/clap, pixels */
    int has_alpha, premultiplied;
    int luma_bits;              /* 8, 10, 12 */
    const uint8_t *icc;         /* raw ICC ('prof'/'rICC' colr box) or NULL; owned by the decoder */
    size_t icc_length;
    int has_nclx;               /* an nclx colr box: the code points below are set */
    int nclx_primaries, nclx_transfer;
    const uint8_t *exif;        /* the primary image's Exif item from its TIFF header on, or NULL; owned by the decoder */
    size_t exif_length;
} collage_heif_info;

/* NULL when libheif (dlopen'ed on first use) is available, else why not. */
const char *collage_heif_unavailable(void);
/* libheif's version ("1.15.1"), loading it; NULL when it is unavailable. */
const char *collage_heif_version(void);
/* The libjpeg-turbo version collage was compiled against ("2.1.5"): the
 * library has no run-time version query. */
const char *collage_jpeg_turbo_version(void);
/* NULL when out of memory or libheif is unavailable. */
collage_heif_decoder *collage_heif_open(void);
/* Parses the file (boxes only; `data` must outlive the decoder) and opens the
 * primary image (never a thumbnail or auxiliary image). 0 or -1 (message). */
int collage_heif_header(collage_heif_decoder *d, const uint8_t *data, size_t length, collage_heif_info *info);
/* Decodes the primary image to 8-bit RGBA (10/12-bit reduced by libheif,
 * premultiplied alpha un-premultiplied, transformations applied), then
 * averages `reduction` x `reduction` blocks (1, 2, 4 or 8; 1: as decoded;
 * collage_rgba_box_reduce) into `rgba`, which must hold exactly
 * ceil(width/reduction)*ceil(height/reduction)*4 bytes. 0 or -1. */
int collage_heif_decode(collage_heif_decoder *d, int reduction, uint8_t *rgba, size_t capacity);
/* As collage_heif_decode, always through libheif's own conversion to
 * interleaved RGBA (what collage_heif_decode does for alpha and deep
 * images; tests compare the planar path with it). */
int collage_heif_decode_rgba(collage_heif_decoder *d, int reduction, uint8_t *rgba, size_t capacity);
/* Decodes the primary image to planar 8-bit RGB (transformations applied)
 * and keeps the planes for collage_heif_plane_rows: libheif 1.15 builds a
 * grid image (an iPhone's) as such planes, so nothing is converted. 0 kept;
 * 1 the image has alpha or more than 8 bits (nothing kept: decode it with
 * collage_heif_decode); -1 error. */
int collage_heif_decode_planes(collage_heif_decoder *d);
/* At most `count` (>= 1) grid tiles decoded at once by the next decode
 * (libheif 1.15 decodes 4 at once by default, each with its own HEVC
 * decoder and tile buffers). */
void collage_heif_set_decoding_threads(collage_heif_decoder *d, int count);
/* Frees libheif's context and handle (its parsed boxes and tile data),
 * once collage_heif_decode_planes has returned 0: the kept planes are
 * all collage_heif_plane_rows reads, so the file's bytes may be freed too. */
void collage_heif_release_file(collage_heif_decoder *d);
/* Rows `first` to `first + count` of the kept planes as opaque RGBA8 into
 * `rgba` (width*4 bytes a row). Any thread, several at once. */
void collage_heif_plane_rows(const collage_heif_decoder *d, int first, int count, uint8_t *rgba);
const char *collage_heif_message(const collage_heif_decoder *d);
void collage_heif_close(collage_heif_decoder *d);

/* Converts RGBA8 pixels in place from the colour an nclx box describes
 * (ISO/IEC 23091-2 primaries and transfer code points) to sRGB with
 * LittleCMS, relative colorimetric with black point compensation; alpha
 * kept. Returns 0 when converted, 1 when it already is sRGB (BT.709
 * primaries with the sRGB curve, or unspecified), -1 when the code points
 * are not supported (message filled; pixels untouched). */
int collage_nclx_to_srgb(int primaries, int transfer, uint8_t *pixels, size_t width, size_t height, char *message);

/* --------------------------------------------------- SVG / SVGZ (librsvg) */

typedef struct collage_svg collage_svg;

/* NULL when librsvg (dlopen'ed on first use) is available, else why not. */
const char *collage_svg_unavailable(void);
/* librsvg's version ("2.54.7"), loading it; NULL when it is unavailable. */
const char *collage_svg_version(void);
/* Parses a whole SVG or SVGZ document from memory (no base URI: no external
 * reference is resolved) and gives its intrinsic size in px: width and
 * height (absolute units at 96 dpi), else the viewBox's size. NULL with
 * `message` (COLLAGE_MESSAGE_MAX bytes: librsvg's reason, or no size / zero
 * size) when it cannot; a returned document is fully loaded. */
collage_svg *collage_svg_load(const uint8_t *data, size_t length, double *width, double *height, char *message);
/* Draws the document into `argb` (width*height cairo ARGB32 pixels:
 * premultiplied, sRGB-encoded, native-endian 0xAARRGGBB words, rows
 * width*4 bytes, zeroed by the caller), its viewport (0, 0, viewport_width,
 * viewport_height) mapped to the buffer's pixels by the cairo matrix
 * {xx, yx, xy, yy, x0, y0}. 0, or -1 with `message`. */
int collage_svg_render(collage_svg *svg, uint8_t *argb, int width, int height, const double matrix[6],
                       double viewport_width, double viewport_height, char *message);
void collage_svg_free(collage_svg *svg);
/* Inflates the start of gzip data into `out` (at most `capacity` bytes);
 * returns how many bytes came out (0 for data that is not gzip). */
size_t collage_gunzip_prefix(const uint8_t *data, size_t length, uint8_t *out, size_t capacity);

/* ------------------------------------- SVG pre-scan (libxml2's xmlTextReader) */

typedef struct collage_xml_reader collage_xml_reader;
typedef struct {
    const char *name;   /* the local name, valid until the next collage_xml_next */
    int depth;          /* 0 for the root element */
    int attributes;
    int line;
} collage_xml_element;
/* The most an SVGZ may inflate to for the pre-scan: 256 MiB. */
#define COLLAGE_XML_MAX_INFLATED ((size_t)256 << 20)
/* NULL when libxml2 (dlopen'ed on first use) is available, else why not. */
const char *collage_xml_unavailable(void);
/* A streaming reader over a whole SVG or SVGZ document in memory (which must
 * outlive it); entities substituted, no network. NULL with `message`
 * (COLLAGE_MESSAGE_MAX bytes) when libxml2 is unavailable, the SVGZ does
 * not inflate, memory runs out, or (`*refused` set to 1) the document
 * declares an external entity. */
collage_xml_reader *collage_xml_open(const uint8_t *data, size_t length, int *refused, char *message);
/* The next element start: 1, 0 at the end of the document, -1 on malformed
 * XML (collage_xml_message says where and why). */
int collage_xml_next(collage_xml_reader *r, collage_xml_element *element);
/* The current element's attribute `index` (local name and value), 0 or -1;
 * call collage_xml_element_done after the last one. */
int collage_xml_attribute(collage_xml_reader *r, int index, const char **name, const char **value);
void collage_xml_element_done(collage_xml_reader *r);
/* As collage_xml_next, and also text and CDATA nodes: 1 for an element
 * start (`element` set), 2 for text (`*text`, valid until the next call;
 * `element->depth` and `line` set), 0 at the end, -1 on malformed XML.
 * For data files read whole (the face cascades, CollageFocus). */
int collage_xml_next_content(collage_xml_reader *r, collage_xml_element *element, const char **text);
const char *collage_xml_message(const collage_xml_reader *r);
void collage_xml_close(collage_xml_reader *r);

/* ------------------------------------------ helper process (issue 37) */

/* The argument a helper executable is started with (HelperProcess.swift). */
#define COLLAGE_HELPER_ARGUMENT "--collage-helper"
enum { COLLAGE_HELPER_SVG_RENDER = 1, COLLAGE_HELPER_HEIF_DECODE = 2 };
/* A request: the file's bytes follow it in the request memory file. */
typedef struct {
    uint32_t magic, operation;
    uint64_t data_length, result_length;
    uint64_t address_space;          /* the helper's RLIMIT_AS in bytes; 0: none */
    uint64_t cpu_seconds;            /* its RLIMIT_CPU; 0: none */
    int32_t width, height;           /* SVG: the cairo surface */
    int32_t reduction;               /* HEIF: as collage_heif_decode */
    double matrix[6];                /* SVG: as collage_svg_render */
    double viewport_width, viewport_height;
} collage_helper_request;
/* Runs `request` on `data` in `executable --collage-helper`, the result
 * (`out_length` bytes: SVG ARGB32 words, HEIF RGBA) into `out`. 0 done;
 * 1 the helper was killed at `timeout_seconds`; -1 it failed, with
 * `message` (COLLAGE_MESSAGE_MAX bytes). No helper is left running. */
int collage_helper_run(const char *executable, const collage_helper_request *request, const uint8_t *data,
                       uint8_t *out, size_t out_length, double timeout_seconds, char *message);
/* The helper's side (descriptors 3 and 4, the status line on 1); returns
 * the process's exit status. */
int collage_helper_serve(void);

/* ------------------------------------------------------------- WebP decode */

typedef struct {
    int width, height, has_alpha, animated, lossless;
    collage_failure failure;    /* why collage_webp_header failed */
    const uint8_t *icc;         /* ICCP chunk inside the caller's data, or NULL */
    size_t icc_length;
    const uint8_t *exif;        /* EXIF chunk inside the caller's data, or NULL */
    size_t exif_length;
} collage_webp_info;

/* Reads the bitstream features and the ICCP/EXIF chunks (libwebpdemux).
 * 0, or -1 with `message` (COLLAGE_MESSAGE_MAX bytes) and info->failure set. */
int collage_webp_header(const uint8_t *data, size_t length, collage_webp_info *info, char *message);
/* Decodes a still WebP (lossy, lossless, with or without alpha) to RGBA8,
 * straight alpha, into `rgba` (width*height*4 bytes). 0, or -1 with
 * `message` and `failure` set (TRUNCATED for data that ends early). */
int collage_webp_decode(const uint8_t *data, size_t length, uint8_t *rgba, size_t capacity, int width,
                        char *message, collage_failure *failure);

/* ---------------------------------------------------------------- ICC (lcms2) */

/* What the pixel buffer holds when it reaches collage_icc_to_srgb. */
typedef enum {
    COLLAGE_ICC_RGB = 0,            /* RGBA8; alpha kept */
    COLLAGE_ICC_GRAY = 1,           /* RGBA8 with R = G = B (gray expanded); alpha kept */
    COLLAGE_ICC_CMYK = 2,           /* CMYK bytes, 4 a pixel */
    COLLAGE_ICC_CMYK_INVERTED = 3   /* Adobe (Photoshop) CMYK: 255 - value */
} collage_icc_input;

/* Converts `pixels` (width*height, 4 bytes each) in place from the embedded
 * `profile` to sRGB with LittleCMS: relative colorimetric intent with black
 * point compensation (README "Rules": Colour). CMYK input comes out as opaque RGBA.
 * Returns 0 when converted, 1 when skipped because the profile is sRGB
 * (its description names sRGB), -1 when the profile is unusable (message
 * filled; the pixels are untouched). An RGB image of a megapixel or more
 * is converted by `threads` threads at once (1: this one alone), each a
 * band of rows through the same transform (made without its one-pixel
 * cache, which LittleCMS requires of a transform used by several threads);
 * the result does not depend on the count. */
int collage_icc_to_srgb(const uint8_t *profile, size_t length, collage_icc_input input,
                        uint8_t *pixels, size_t width, size_t height, int threads, char *message);

/* The RGB case of collage_icc_to_srgb as a transform kept open, for an
 * image converted a band of rows at a time on several threads at once
 * (a streamed `convert`). NULL with `status` 1 when the profile is sRGB
 * (nothing to do) or -1 when it is unusable (`message` filled, as
 * collage_icc_to_srgb's). */
typedef struct collage_icc_transform collage_icc_transform;
collage_icc_transform *collage_icc_transform_open(const uint8_t *profile, size_t length, int *status, char *message);
/* Converts `rows` rows of `width` RGBA8 pixels in place; any thread. */
void collage_icc_transform_rows(const collage_icc_transform *t, uint8_t *pixels, size_t width, size_t rows);
void collage_icc_transform_close(collage_icc_transform *t);
/* 1 when `t` converts without LittleCMS's per-pixel pipeline: a matrix/TRC
 * profile whose tables agree with LittleCMS's transform to within 1 on
 * every channel of a 33x33x33 grid (icc_matrix_shaper.c; the same for
 * collage_icc_to_srgb's RGB case). The test hook. */
int collage_icc_transform_uses_matrix_shaper(const collage_icc_transform *t);

/* -------------------------------------------------------------------- encode */

/* An encoded file in malloc'd memory; free with collage_buffer_free. */
typedef struct {
    uint8_t *bytes;
    size_t length;
    char message[COLLAGE_MESSAGE_MAX];
} collage_buffer;

void collage_buffer_free(collage_buffer *b);

/* zlib (deflate, level 6) of `length` bytes into `out`, a zlib stream as
 * PDF's FlateDecode reads it; the same bytes for the same input. 0 or -1. */
int collage_deflate(const uint8_t *in, size_t length, collage_buffer *out);

/* LittleCMS's sRGB (IEC 61966-2.1) profile as ICC bytes, its creation date
 * fixed at 2000-01-01 so the bytes never change: the PDF output intent. 0 or -1. */
int collage_srgb_profile(collage_buffer *out);

/* JPEG from RGBA8: pixels flattened onto background (r,g,b), in linear light
 * when `linear` (canvas.compositing: linear), else on sRGB-encoded values,
 * JFIF header, JDCT_ISLOW, baseline with the standard Huffman tables
 * (streamed, no whole-image buffer) and a restart interval of one MCU row
 * unless `progressive` (optimised tables, no restarts); `subsampling` 420 or 444; density in dots per inch (0 = 1:1 aspect).
 * Returns 0 or -1 (message filled). */
int collage_jpeg_encode(const uint8_t *rgba, int width, int height, int quality,
                        int subsampling, int progressive, int dpi,
                        uint8_t bg_r, uint8_t bg_g, uint8_t bg_b, int linear, collage_buffer *out);

/* The same JPEG written a band of rows at a time, so encoding can start
 * before the last row exists: the bytes equal collage_jpeg_encode's for the
 * same pixels and settings. begin returns NULL only when out of memory; a
 * failure inside libjpeg is remembered, later writes do nothing and finish
 * reports it. write takes `rows` RGBA rows of `width` pixels, top to bottom,
 * continuing where the last call stopped (rows past the image's height are
 * ignored); it returns 0 or -1. opaque is 1 while every row written so far
 * had alpha 255 everywhere. finish (0, or -1 with out->message; also when
 * fewer rows than the height were written) and free (abandon) both release
 * the stream. */
typedef struct collage_jpeg_stream collage_jpeg_stream;
collage_jpeg_stream *collage_jpeg_stream_begin(int width, int height, int quality,
                                               int subsampling, int progressive, int dpi,
                                               uint8_t bg_r, uint8_t bg_g, uint8_t bg_b, int linear);
int collage_jpeg_stream_write(collage_jpeg_stream *s, const uint8_t *rgba, int rows);
int collage_jpeg_stream_opaque(const collage_jpeg_stream *s);
int collage_jpeg_stream_finish(collage_jpeg_stream *s, collage_buffer *out);
void collage_jpeg_stream_free(collage_jpeg_stream *s);
/* The bytes encoded so far and not yet taken (the headers after begin,
 * whole MCU rows' data after a write; a progressive stream writes its
 * scans only at finish): their count, with *bytes pointing at them inside
 * the stream's buffer, valid until the next call on the stream. take then
 * drops them, so the buffer holds only what one write produces and finish
 * returns only the rest. 0 after a failure. */
size_t collage_jpeg_stream_pending(collage_jpeg_stream *s, const uint8_t **bytes);
void collage_jpeg_stream_take(collage_jpeg_stream *s);

/* PNG from RGBA8: 8-bit RGB (or RGBA when `with_alpha`), sRGB chunk,
 * zlib level 1 with Z_RLE, all filters (adaptive), pHYs when dpi > 0, no tIME/text. */
int collage_png_encode(const uint8_t *rgba, int width, int height, int with_alpha,
                       int dpi, collage_buffer *out);

/* The same PNG written a band of rows at a time (bytes equal to
 * collage_png_encode's; the rules of the JPEG stream above apply). Without
 * `with_alpha` the alpha bytes are dropped: opaque says whether that lost
 * anything (0: some row written had a pixel with alpha below 255). */
typedef struct collage_png_stream collage_png_stream;
collage_png_stream *collage_png_stream_begin(int width, int height, int with_alpha, int dpi);
int collage_png_stream_write(collage_png_stream *s, const uint8_t *rgba, int rows);
int collage_png_stream_opaque(const collage_png_stream *s);
int collage_png_stream_finish(collage_png_stream *s, collage_buffer *out);
void collage_png_stream_free(collage_png_stream *s);
/* As collage_jpeg_stream_pending and _take, for the PNG stream (libpng
 * writes an IDAT chunk as its zlib buffer fills). */
size_t collage_png_stream_pending(collage_png_stream *s, const uint8_t **bytes);
void collage_png_stream_take(collage_png_stream *s);

/* WebP from RGBA8 (libwebp's advanced API): lossy at `quality` (1-100,
 * method 4) or lossless (`lossless`, exact: RGB under transparent pixels
 * kept); alpha written only when `with_alpha`; single-threaded, so the
 * bytes are deterministic. No ICCP/EXIF chunks (the data is sRGB). */
int collage_webp_encode(const uint8_t *rgba, int width, int height, int with_alpha, int quality, int lossless,
                        collage_buffer *out);

/* AVIF from RGBA8 through libheif's aom AV1 encoder (libheif dlopen'ed as
 * for decoding): lossy at `quality` (1-100), libaom `speed` 0-9, chroma
 * 420 or 444, 8-bit, an nclx box (BT.709 primaries, sRGB transfer,
 * BT.601 matrix, full range), an alpha image only when `with_alpha`;
 * libaom on one thread, so the bytes are deterministic. Returns 0 or -1
 * (message filled; also when libheif or its aom encoder is unavailable). */
int collage_avif_encode(const uint8_t *rgba, int width, int height, int with_alpha, int quality, int speed,
                        int chroma, collage_buffer *out);

#endif
