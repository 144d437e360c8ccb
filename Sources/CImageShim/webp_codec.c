/* WebP decoding (libwebp + libwebpdemux) and encoding (see CImageShim.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>
#include "internal.h"

static const char *status_text(VP8StatusCode status) {
    switch (status) {
    case VP8_STATUS_OUT_OF_MEMORY: return "out of memory";
    case VP8_STATUS_INVALID_PARAM: return "invalid parameter";
    case VP8_STATUS_BITSTREAM_ERROR: return "bitstream error";
    case VP8_STATUS_UNSUPPORTED_FEATURE: return "unsupported feature";
    case VP8_STATUS_SUSPENDED: return "decoding suspended";
    case VP8_STATUS_USER_ABORT: return "aborted";
    case VP8_STATUS_NOT_ENOUGH_DATA: return "not enough data (the file ends early)";
    default: return "unknown error";
    }
}

int collage_webp_header(const uint8_t *data, size_t length, collage_webp_info *info, char *message) {
    memset(info, 0, sizeof *info);
    message[0] = 0;
    WebPBitstreamFeatures features;
    VP8StatusCode status = WebPGetFeatures(data, length, &features);
    if (status != VP8_STATUS_OK) {
        collage_copy_message(message, status_text(status));
        info->failure = status == VP8_STATUS_NOT_ENOUGH_DATA ? COLLAGE_FAIL_TRUNCATED : COLLAGE_FAIL_CORRUPT;
        return -1;
    }
    info->width = features.width;
    info->height = features.height;
    info->has_alpha = features.has_alpha;
    info->animated = features.has_animation;
    info->lossless = features.format == 2;
    /* ICCP and EXIF chunks (extended format only). The chunk pointers point
     * into `data`, so they stay valid as long as the caller's buffer. */
    WebPData whole = { data, length };
    WebPDemuxer *demux = WebPDemux(&whole);
    if (demux) {
        uint32_t flags = WebPDemuxGetI(demux, WEBP_FF_FORMAT_FLAGS);
        WebPChunkIterator chunk;
        if ((flags & ICCP_FLAG) && WebPDemuxGetChunk(demux, "ICCP", 1, &chunk)) {
            info->icc = chunk.chunk.bytes;
            info->icc_length = chunk.chunk.size;
            WebPDemuxReleaseChunkIterator(&chunk);
        }
        if ((flags & EXIF_FLAG) && WebPDemuxGetChunk(demux, "EXIF", 1, &chunk)) {
            info->exif = chunk.chunk.bytes;
            info->exif_length = chunk.chunk.size;
            WebPDemuxReleaseChunkIterator(&chunk);
        }
        WebPDemuxDelete(demux);
    }
    return 0;
}

int collage_webp_decode(const uint8_t *data, size_t length, uint8_t *rgba, size_t capacity, int width,
                        char *message, collage_failure *failure) {
    message[0] = 0;
    *failure = COLLAGE_FAIL_NONE;
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config)) {
        collage_copy_message(message, "libwebp version mismatch");
        *failure = COLLAGE_FAIL_CORRUPT;
        return -1;
    }
    config.output.colorspace = MODE_RGBA;       /* straight alpha */
    config.output.is_external_memory = 1;
    config.output.u.RGBA.rgba = rgba;
    config.output.u.RGBA.stride = width * 4;
    config.output.u.RGBA.size = capacity;
    VP8StatusCode status = WebPDecode(data, length, &config);
    WebPFreeDecBuffer(&config.output);
    if (status == VP8_STATUS_OK) return 0;
    collage_copy_message(message, status_text(status));
    *failure = status == VP8_STATUS_NOT_ENOUGH_DATA ? COLLAGE_FAIL_TRUNCATED
             : status == VP8_STATUS_OUT_OF_MEMORY ? COLLAGE_FAIL_NO_MEMORY
             : status == VP8_STATUS_UNSUPPORTED_FEATURE ? COLLAGE_FAIL_UNSUPPORTED : COLLAGE_FAIL_CORRUPT;
    return -1;
}

int collage_webp_encode(const uint8_t *rgba, int width, int height, int with_alpha, int quality, int lossless,
                        collage_buffer *out) {
    memset(out, 0, sizeof *out);
    WebPConfig config;
    WebPPicture picture;
    if (!WebPConfigInit(&config) || !WebPPictureInit(&picture)) {
        collage_copy_message(out->message, "libwebp version mismatch");
        return -1;
    }
    config.quality = (float)(lossless ? 75 : quality);   /* lossless: effort, fixed */
    config.method = 4;
    config.lossless = lossless ? 1 : 0;
    config.exact = lossless ? 1 : 0;        /* keep RGB under transparent pixels: exact round trip */
    config.thread_level = 0;                /* deterministic, single-threaded */
    if (!WebPValidateConfig(&config)) { collage_copy_message(out->message, "invalid WebP settings"); return -1; }
    picture.use_argb = lossless ? 1 : 0;
    picture.width = width;
    picture.height = height;
    int imported = with_alpha ? WebPPictureImportRGBA(&picture, rgba, width * 4)
                              : WebPPictureImportRGBX(&picture, rgba, width * 4);
    if (!imported) {
        collage_copy_message(out->message, "out of memory");
        WebPPictureFree(&picture);
        return -1;
    }
    WebPMemoryWriter writer;
    WebPMemoryWriterInit(&writer);
    picture.writer = WebPMemoryWrite;
    picture.custom_ptr = &writer;
    int ok = WebPEncode(&config, &picture);
    if (!ok) {
        char text[COLLAGE_MESSAGE_MAX];
        snprintf(text, sizeof text, "libwebp error %d", (int)picture.error_code);
        collage_copy_message(out->message, text);
        WebPMemoryWriterClear(&writer);
        WebPPictureFree(&picture);
        return -1;
    }
    WebPPictureFree(&picture);
    out->bytes = writer.mem;    /* malloc'd by libwebp: collage_buffer_free's free() releases it */
    out->length = writer.size;
    return 0;
}
