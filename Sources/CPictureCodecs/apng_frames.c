#include "apng.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Animated PNG (APNG 1.0) composited as browsers composite it: dispose none, background or previous,
// blend source or over, frame regions. Its frames come from the chunk reader (apng_chunks.c); a file
// that breaks the APNG rules (sequence numbers, frame regions, ops, counts) shows its default image
// alone, as browsers do.

cellscape_apng *cellscape_apng_open(const unsigned char *data, size_t length, double max_pixels, char *error,
                                    size_t error_size) {
    static const unsigned char signature[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
    if (length < 33 || memcmp(data, signature, 8) != 0 || memcmp(data + 12, "IHDR", 4) != 0) {
        snprintf(error, error_size, "not a PNG");
        return NULL;
    }
    struct cellscape_apng *apng = calloc(1, sizeof(*apng));
    if (apng == NULL) {
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    apng->data = data;
    apng->length = length;
    apng->max_pixels = max_pixels;
    apng->width = (int)(apng_be32(data + 16) > 0x7FFFFFFF ? 0 : apng_be32(data + 16));
    apng->height = (int)(apng_be32(data + 20) > 0x7FFFFFFF ? 0 : apng_be32(data + 20));
    apng->last = -1;
    if (apng->width <= 0 || apng->height <= 0 || (double)apng->width * apng->height > max_pixels) {
        snprintf(error, error_size, "a %dx%d PNG, not a size that can be shown", apng->width, apng->height);
        cellscape_apng_close(apng);
        return NULL;
    }
    size_t bytes = (size_t)apng->width * (size_t)apng->height * 4;
    apng->canvas = calloc(1, bytes);
    apng->saved = malloc(bytes);
    apng->pixels = malloc(bytes);
    if (apng->canvas == NULL || apng->saved == NULL || apng->pixels == NULL) {
        snprintf(error, error_size, "out of memory");
        cellscape_apng_close(apng);
        return NULL;
    }
    if (!apng_read_chunks(apng)) apng->count = 0;  // the default image alone
    // A file that ends before its IEND is missing what came after (frames, or rows).
    const unsigned char *type;
    uint32_t chunk_length;
    size_t offset = 8;
    while (apng_chunk_at(apng, offset, &type, &chunk_length) && !apng_is(type, "IEND")) offset += (size_t)chunk_length + 12;
    apng->ended_early = !apng_chunk_at(apng, offset, &type, &chunk_length);
    return apng;
}

void cellscape_apng_close(cellscape_apng *apng) {
    if (apng == NULL) return;
    free(apng->frames);
    free(apng->colour);
    free(apng->canvas);
    free(apng->saved);
    free(apng->pixels);
    free(apng);
}

void cellscape_apng_size(const cellscape_apng *apng, int *width, int *height) {
    *width = apng->width;
    *height = apng->height;
}

int cellscape_apng_plays(const cellscape_apng *apng) { return apng->count > 0 ? apng->plays : 1; }

int cellscape_apng_ended_early(const cellscape_apng *apng) { return apng->ended_early; }

int cellscape_apng_frame_count(const cellscape_apng *apng) { return apng->count > 0 ? apng->count : 1; }

const unsigned char *cellscape_apng_canvas(const cellscape_apng *apng) { return apng->canvas; }

/// Draws the frame in `pixels` at `frame`'s place, replacing what is there or over it.
static void compose(struct cellscape_apng *apng, const apng_frame *frame) {
    for (int y = 0; y < frame->height; y++) {
        const unsigned char *source = apng->pixels + (size_t)y * frame->width * 4;
        unsigned char *target = apng->canvas + ((size_t)(frame->top + y) * apng->width + frame->left) * 4;
        if (frame->blend == 0) {
            memcpy(target, source, (size_t)frame->width * 4);
            continue;
        }
        for (int x = 0; x < frame->width; x++, source += 4, target += 4) {
            unsigned alpha = source[3], under = target[3] * (255u - alpha) / 255u;
            if (alpha == 255 || target[3] == 0) {
                memcpy(target, source, 4);
            } else if (alpha > 0) {
                unsigned total = alpha + under;
                for (int channel = 0; channel < 3; channel++)
                    target[channel] = (unsigned char)((source[channel] * alpha + target[channel] * under + total / 2) /
                                                      total);
                target[3] = (unsigned char)total;
            }
        }
    }
}

/// Copies the rows of `frame`'s region from `from` to `to` (each a whole canvas).
static void copy_region(const struct cellscape_apng *apng, const apng_frame *frame, unsigned char *to,
                        const unsigned char *from) {
    for (int y = frame->top; y < frame->top + frame->height; y++) {
        size_t at = ((size_t)y * apng->width + frame->left) * 4;
        if (from == NULL) {
            memset(to + at, 0, (size_t)frame->width * 4);
        } else {
            memcpy(to + at, from + at, (size_t)frame->width * 4);
        }
    }
}

int cellscape_apng_next_frame(cellscape_apng *apng, int *delay_milliseconds, char *error, size_t error_size) {
    int total = cellscape_apng_frame_count(apng);
    if (apng->next >= total || apng->failed) return 0;
    if (apng->count == 0) {  // the default image alone: libpng reads the file as it is
        *delay_milliseconds = 0;
        frame_rows rows = {apng->canvas, apng->width, 0};
        int width = 0, height = 0;
        if (cellscape_png_decode_rows(apng->data, apng->length, apng->max_pixels, apng->max_pixels, &width, &height,
                                      &rows, apng_take_row, error, error_size) != 0) {
            if (rows.rows == 0) return -1;
            apng->ended_early = 1;  // the rows it holds show, the rest stay transparent
        }
        apng->next = 1;
        return 1;
    }
    if (apng->last >= 0) {
        const apng_frame *last = &apng->frames[apng->last];
        if (last->dispose == 1) copy_region(apng, last, apng->canvas, NULL);
        if (last->dispose == 2) copy_region(apng, last, apng->canvas, apng->saved);
    }
    const apng_frame *frame = &apng->frames[apng->next];
    if (apng_decode_frame(apng, apng->next, frame->width, frame->height, error, error_size) != 0) {
        apng->failed = 1;
        // Frames that decoded play; only a file without a first one is an error.
        return apng->next == 0 ? -1 : 0;
    }
    if (frame->dispose == 2) copy_region(apng, frame, apng->saved, apng->canvas);
    compose(apng, frame);
    *delay_milliseconds = frame->delay_milliseconds;
    apng->last = apng->next++;
    return 1;
}
