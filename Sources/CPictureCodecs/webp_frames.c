#include "picture_codecs.h"
#include "codec_support.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <webp/decode.h>
#include <webp/demux.h>

// WebP stills and animations through libwebp's demux: the animation decoder hands out whole
// composited canvases (B, G, R, A, straight alpha), a still being an animation of one frame.

struct cellscape_webp {
    WebPAnimDecoder *decoder;
    WebPAnimInfo info;
    const unsigned char *canvas;
    int last_timestamp;
    unsigned char *whole_chunks;  // a file cut short: its whole chunks in a RIFF of their own
    int ended_early;
};

static uint32_t little32(const unsigned char *bytes) {
    return (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 | (uint32_t)bytes[3] << 24;
}

/// The length of the RIFF that holds the whole chunks of `data` (what a file cut short still has of
/// its frames), or 0 when the file is whole as it is.
static size_t whole_chunks_length(const unsigned char *data, size_t length) {
    if (length < 12) return 0;
    size_t declared = (size_t)little32(data + 4) + 8, offset = 12;
    if (declared <= length) return 0;
    while (offset + 8 <= length) {
        size_t size = little32(data + offset + 4), next = offset + 8 + size + (size & 1);
        if (next > length) break;
        offset = next;
    }
    return offset;
}

cellscape_webp *cellscape_webp_open(const unsigned char *data, size_t length, double max_pixels, char *error,
                                    size_t error_size) {
    WebPBitstreamFeatures features;
    if (WebPGetFeatures(data, length, &features) != VP8_STATUS_OK) {
        snprintf(error, error_size, "damaged WebP data");
        return NULL;
    }
    if ((double)features.width * (double)features.height > max_pixels) {
        cellscape_say_too_large(error, error_size, features.width, features.height, max_pixels);
        return NULL;
    }
    struct cellscape_webp *webp = calloc(1, sizeof(*webp));
    if (webp == NULL) {
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    WebPAnimDecoderOptions options;
    WebPAnimDecoderOptionsInit(&options);
    options.color_mode = MODE_BGRA;
    options.use_threads = 0;
    WebPData whole = {data, length};
    size_t kept = whole_chunks_length(data, length);
    if (kept > 12 && (webp->whole_chunks = malloc(kept)) != NULL) {
        // Cut short: its whole chunks in a RIFF of their size, so the frames before the cut decode.
        memcpy(webp->whole_chunks, data, kept);
        uint32_t size = (uint32_t)(kept - 8);
        for (int byte = 0; byte < 4; byte++) webp->whole_chunks[4 + byte] = (unsigned char)(size >> (8 * byte));
        whole.bytes = webp->whole_chunks;
        whole.size = kept;
        webp->ended_early = 1;
    }
    webp->decoder = WebPAnimDecoderNew(&whole, &options);
    if (webp->decoder == NULL || !WebPAnimDecoderGetInfo(webp->decoder, &webp->info)) {
        snprintf(error, error_size, "damaged WebP data");
        cellscape_webp_close(webp);
        return NULL;
    }
    return webp;
}

void cellscape_webp_close(cellscape_webp *webp) {
    if (webp == NULL) return;
    if (webp->decoder) WebPAnimDecoderDelete(webp->decoder);
    free(webp->whole_chunks);
    free(webp);
}

void cellscape_webp_size(const cellscape_webp *webp, int *width, int *height) {
    *width = (int)webp->info.canvas_width;
    *height = (int)webp->info.canvas_height;
}

int cellscape_webp_loop_count(const cellscape_webp *webp) { return (int)webp->info.loop_count; }

int cellscape_webp_frame_count(const cellscape_webp *webp) { return (int)webp->info.frame_count; }

int cellscape_webp_ended_early(const cellscape_webp *webp) { return webp->ended_early; }

const unsigned char *cellscape_webp_canvas(const cellscape_webp *webp) { return webp->canvas; }

int cellscape_webp_next_frame(cellscape_webp *webp, int *delay_milliseconds, char *error, size_t error_size) {
    if (!WebPAnimDecoderHasMoreFrames(webp->decoder)) return 0;
    uint8_t *canvas = NULL;
    int timestamp = 0;
    if (!WebPAnimDecoderGetNext(webp->decoder, &canvas, &timestamp)) {
        // A frame that cannot be decoded ends the sequence after the frames before it.
        if (webp->canvas != NULL) return 0;
        snprintf(error, error_size, "damaged WebP frame data");
        return -1;
    }
    webp->canvas = canvas;
    *delay_milliseconds = timestamp - webp->last_timestamp;
    webp->last_timestamp = timestamp;
    return 1;
}

void cellscape_webp_rewind(cellscape_webp *webp) {
    WebPAnimDecoderReset(webp->decoder);
    webp->last_timestamp = 0;
}

int cellscape_webp_decode_still(const unsigned char *data, size_t length, int min_width, int min_height,
                                double max_pixels, cellscape_picture *picture, char *error, size_t error_size) {
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config) || WebPGetFeatures(data, length, &config.input) != VP8_STATUS_OK) {
        snprintf(error, error_size, "damaged WebP data");
        return -1;
    }
    if (config.input.has_animation) return 0;
    int width = config.input.width, height = config.input.height;
    if ((double)width * (double)height > max_pixels) {
        cellscape_say_too_large(error, error_size, width, height, max_pixels);
        return -1;
    }
    // libwebp scales while it decodes: a large still never needs its full size in memory.
    if (min_width > 0 && min_height > 0 && (min_width < width || min_height < height)) {
        config.options.use_scaling = 1;
        config.options.scaled_width = min_width < width ? min_width : width;
        config.options.scaled_height = min_height < height ? min_height : height;
        width = config.options.scaled_width;
        height = config.options.scaled_height;
    }
    config.output.colorspace = MODE_BGRA;
    config.output.is_external_memory = 1;
    size_t stride = (size_t)width * 4;
    unsigned char *pixels = malloc(stride * (size_t)height);
    if (pixels == NULL) {
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    config.output.u.RGBA.rgba = pixels;
    config.output.u.RGBA.stride = (int)stride;
    config.output.u.RGBA.size = stride * (size_t)height;
    VP8StatusCode status = WebPDecode(data, length, &config);
    int decoded_rows = height;
    if (status == VP8_STATUS_NOT_ENOUGH_DATA) {
        // Cut short: decoded incrementally, the rows it holds show and the rest stay transparent.
        memset(pixels, 0, stride * (size_t)height);
        WebPIDecoder *incremental = WebPIDecode(NULL, 0, &config);
        decoded_rows = 0;
        if (incremental != NULL && WebPIAppend(incremental, data, length) == VP8_STATUS_SUSPENDED) {
            int left = 0, top = 0, decoded_width = 0;
            if (WebPIDecodedArea(incremental, &left, &top, &decoded_width, &decoded_rows) == NULL) decoded_rows = 0;
        }
        WebPIDelete(incremental);
    }
    if ((status != VP8_STATUS_OK && status != VP8_STATUS_NOT_ENOUGH_DATA) || decoded_rows <= 0) {
        free(pixels);
        snprintf(error, error_size, status == VP8_STATUS_NOT_ENOUGH_DATA ? "ends early"
                                                                           : "damaged WebP data");
        return -1;
    }
    picture->pixels = pixels;
    picture->width = width;
    picture->height = height;
    picture->stride = (int)stride;
    return decoded_rows < height ? 2 : 1;
}
