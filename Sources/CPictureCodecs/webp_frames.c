#include "picture_codecs.h"

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
};

cellscape_webp *cellscape_webp_open(const unsigned char *data, size_t length, double max_pixels, char *error,
                                    size_t error_size) {
    WebPBitstreamFeatures features;
    if (WebPGetFeatures(data, length, &features) != VP8_STATUS_OK) {
        snprintf(error, error_size, "not a WebP picture libwebp reads");
        return NULL;
    }
    if ((double)features.width * (double)features.height > max_pixels) {
        snprintf(error, error_size, "%dx%d pixels, more than allowed", features.width, features.height);
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
    webp->decoder = WebPAnimDecoderNew(&whole, &options);
    if (webp->decoder == NULL || !WebPAnimDecoderGetInfo(webp->decoder, &webp->info)) {
        snprintf(error, error_size, "a WebP picture libwebp cannot decode");
        cellscape_webp_close(webp);
        return NULL;
    }
    return webp;
}

void cellscape_webp_close(cellscape_webp *webp) {
    if (webp == NULL) return;
    if (webp->decoder) WebPAnimDecoderDelete(webp->decoder);
    free(webp);
}

void cellscape_webp_size(const cellscape_webp *webp, int *width, int *height) {
    *width = (int)webp->info.canvas_width;
    *height = (int)webp->info.canvas_height;
}

int cellscape_webp_loop_count(const cellscape_webp *webp) { return (int)webp->info.loop_count; }

int cellscape_webp_frame_count(const cellscape_webp *webp) { return (int)webp->info.frame_count; }

const unsigned char *cellscape_webp_canvas(const cellscape_webp *webp) { return webp->canvas; }

int cellscape_webp_next_frame(cellscape_webp *webp, int *delay_milliseconds, char *error, size_t error_size) {
    if (!WebPAnimDecoderHasMoreFrames(webp->decoder)) return 0;
    uint8_t *canvas = NULL;
    int timestamp = 0;
    if (!WebPAnimDecoderGetNext(webp->decoder, &canvas, &timestamp)) {
        // A frame that cannot be decoded ends the sequence after the frames before it.
        if (webp->canvas != NULL) return 0;
        snprintf(error, error_size, "a WebP frame libwebp cannot decode");
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
        snprintf(error, error_size, "not a WebP picture libwebp reads");
        return -1;
    }
    if (config.input.has_animation) return 0;
    int width = config.input.width, height = config.input.height;
    if ((double)width * (double)height > max_pixels) {
        snprintf(error, error_size, "%dx%d pixels, more than allowed", width, height);
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
    if (WebPDecode(data, length, &config) != VP8_STATUS_OK) {
        free(pixels);
        snprintf(error, error_size, "a WebP picture libwebp cannot decode");
        return -1;
    }
    picture->pixels = pixels;
    picture->width = width;
    picture->height = height;
    picture->stride = (int)stride;
    return 1;
}
