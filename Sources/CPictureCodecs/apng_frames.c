#include "picture_codecs.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Animated PNG (APNG 1.0) composited as browsers composite it. Debian's libpng lacks the APNG patch,
// so each frame is handed to libpng as a small PNG of its own: the file's IHDR with the frame's size,
// the chunks that describe colour (PLTE, tRNS, gAMA...), the frame's data as IDAT, and IEND. The
// whole chunk sequence is checked when the file opens; anything that breaks the APNG rules (sequence
// numbers, frame regions, ops, counts) makes it show its default image alone, as browsers do.

typedef struct {
    int width, height, left, top, delay_milliseconds, dispose, blend;
    size_t first_chunk;  // offset of the frame's first data chunk (IDAT or fdAT)
} apng_frame;

struct cellscape_apng {
    const unsigned char *data;
    size_t length;
    int width, height, plays, count, next, failed, ended_early;
    double max_pixels;
    unsigned char header[13];  // the IHDR's data
    unsigned char *colour;     // the chunks between IHDR and the pixels that libpng needs, whole
    size_t colour_length;
    apng_frame *frames;
    unsigned char *canvas, *saved, *pixels;
    int last;  // the frame last drawn, whose disposal comes before the next (-1: none)
};

static uint32_t be32(const unsigned char *bytes) {
    return (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | bytes[3];
}

static void put32(unsigned char *bytes, uint32_t value) {
    bytes[0] = (unsigned char)(value >> 24);
    bytes[1] = (unsigned char)(value >> 16);
    bytes[2] = (unsigned char)(value >> 8);
    bytes[3] = (unsigned char)value;
}

static uint32_t crc32_of(const unsigned char *bytes, size_t count) {
    uint32_t crc = 0xFFFFFFFFu;
    for (size_t index = 0; index < count; index++) {
        crc ^= bytes[index];
        for (int bit = 0; bit < 8; bit++) crc = crc >> 1 ^ (0xEDB88320u & (0u - (crc & 1)));
    }
    return crc ^ 0xFFFFFFFFu;
}

/// The chunk at `offset`: its type and data; 0 when it does not fit in the file.
static int chunk_at(const struct cellscape_apng *apng, size_t offset, const unsigned char **type, uint32_t *length) {
    if (offset > apng->length || apng->length - offset < 12) return 0;
    *length = be32(apng->data + offset);
    if (*length > apng->length - offset - 12) return 0;
    *type = apng->data + offset + 4;
    return 1;
}

static int is(const unsigned char *type, const char *name) { return memcmp(type, name, 4) == 0; }

/// Walks the chunks: the colour chunks kept, each frame's control read; returns whether the file is
/// a valid APNG of at least one frame (else its default image shows alone).
static int read_chunks(struct cellscape_apng *apng) {
    size_t offset = 8, pixels_at = 0;
    uint32_t sequence = 0, declared = 0;
    int control_seen = 0, data_since_control = 0, animated = 0, valid = 1, ended = 0;
    const unsigned char *type;
    uint32_t length;
    while (chunk_at(apng, offset, &type, &length)) {
        const unsigned char *body = apng->data + offset + 8;
        size_t whole = (size_t)length + 12;
        if (is(type, "IEND")) {
            ended = 1;
            break;
        }
        if (is(type, "IHDR") && offset == 8 && length == 13) {
            memcpy(apng->header, body, 13);
        } else if (is(type, "acTL") && pixels_at == 0 && length == 8) {
            declared = be32(body);
            apng->plays = (int)(be32(body + 4) > 1000000 ? 0 : be32(body + 4));
            animated = declared > 0 && declared <= 100000 && apng->frames == NULL;
            if (animated && (apng->frames = calloc(declared, sizeof(apng_frame))) == NULL) return 0;
        } else if (is(type, "fcTL") && animated) {
            if (length != 26 || be32(body) != sequence++ || (control_seen && !data_since_control)) valid = 0;
            if (!valid || apng->count >= (int)declared) return 0;
            apng_frame *frame = &apng->frames[apng->count];
            frame->width = (int)be32(body + 4);
            frame->height = (int)be32(body + 8);
            frame->left = (int)be32(body + 12);
            frame->top = (int)be32(body + 16);
            unsigned numerator = body[20] << 8 | body[21], denominator = body[22] << 8 | body[23];
            frame->delay_milliseconds = (int)((numerator * 1000u + (denominator ? denominator : 100) / 2) /
                                              (denominator ? denominator : 100));
            frame->dispose = body[24];
            frame->blend = body[25];
            frame->first_chunk = 0;
            if (be32(body + 4) == 0 || be32(body + 8) == 0 || be32(body + 4) > (uint32_t)apng->width ||
                be32(body + 8) > (uint32_t)apng->height || be32(body + 12) > (uint32_t)(apng->width - frame->width) ||
                be32(body + 16) > (uint32_t)(apng->height - frame->height) || frame->dispose > 2 || frame->blend > 1)
                return 0;
            // The default image as the first frame covers the canvas.
            if (pixels_at == 0 && (frame->width != apng->width || frame->height != apng->height || frame->left ||
                                   frame->top))
                return 0;
            if (apng->count == 0 && frame->dispose == 2) frame->dispose = 1;
            apng->count++;
            control_seen = 1;
            data_since_control = 0;
        } else if (is(type, "IDAT")) {
            if (pixels_at == 0) pixels_at = offset;
            // IDAT after an fcTL that came before the pixels: the default image is the first frame.
            if (control_seen && apng->count == 1 && apng->frames[0].first_chunk == 0 && !data_since_control)
                apng->frames[0].first_chunk = offset;
            if (control_seen && apng->count == 1) data_since_control = 1;
        } else if (is(type, "fdAT") && animated) {
            if (length < 4 || be32(body) != sequence++ || !control_seen || pixels_at == 0) return 0;
            apng_frame *frame = &apng->frames[apng->count - 1];
            if (frame->first_chunk == 0) frame->first_chunk = offset;
            if (apng->frames[apng->count - 1].first_chunk != 0 && is(apng->data + frame->first_chunk + 4, "IDAT"))
                return 0;  // a frame's data is IDAT or fdAT, never both
            data_since_control = 1;
        } else if (pixels_at == 0 && !is(type, "acTL") && !is(type, "fcTL") && !is(type, "IHDR") &&
                   apng->colour_length + whole <= 1 << 24) {
            unsigned char *grown = realloc(apng->colour, apng->colour_length + whole);
            if (grown == NULL) return 0;
            apng->colour = grown;
            memcpy(apng->colour + apng->colour_length, apng->data + offset, whole);
            apng->colour_length += whole;
        }
        offset += whole;
    }
    // Cut short, it plays the frames it holds whole, as browsers play them: the last one begun is not.
    if (!ended && animated && valid && pixels_at != 0 && apng->count > 1) {
        apng->count--;
        return 1;
    }
    return animated && valid && apng->count == (int)declared && data_since_control && pixels_at != 0;
}

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
    apng->width = (int)(be32(data + 16) > 0x7FFFFFFF ? 0 : be32(data + 16));
    apng->height = (int)(be32(data + 20) > 0x7FFFFFFF ? 0 : be32(data + 20));
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
    if (!read_chunks(apng)) apng->count = 0;  // the default image alone
    // A file that ends before its IEND is missing what came after (frames, or rows).
    const unsigned char *type;
    uint32_t chunk_length;
    size_t offset = 8;
    while (chunk_at(apng, offset, &type, &chunk_length) && !is(type, "IEND")) offset += (size_t)chunk_length + 12;
    apng->ended_early = !chunk_at(apng, offset, &type, &chunk_length);
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

typedef struct {
    unsigned char *pixels;
    int width, rows;
} frame_rows;

static void take_row(void *context, const unsigned char *row, int y) {
    frame_rows *rows = context;
    memcpy(rows->pixels + (size_t)y * rows->width * 4, row, (size_t)rows->width * 4);
    rows->rows++;
}

/// Appends a chunk of `type` holding `count` bytes to `out`, its CRC computed.
static size_t put_chunk(unsigned char *out, const char *type, const unsigned char *body, size_t count) {
    put32(out, (uint32_t)count);
    memcpy(out + 4, type, 4);
    if (count) memcpy(out + 8, body, count);
    put32(out + 8 + count, crc32_of(out + 4, count + 4));
    return count + 12;
}

/// Decodes frame `index` into `pixels`, as a PNG of its own; returns 0, or -1 with a message.
static int decode_frame(struct cellscape_apng *apng, int index, int width, int height, char *error,
                        size_t error_size) {
    size_t data_bytes = 0, offset = apng->frames[index].first_chunk;
    const unsigned char *type;
    uint32_t length;
    int in_frame = 0;
    for (size_t at = offset; chunk_at(apng, at, &type, &length); at += (size_t)length + 12) {
        int data = is(type, "IDAT") || is(type, "fdAT");
        if (is(type, "fcTL") || is(type, "IEND") || (in_frame && !data)) break;
        if (data) {
            data_bytes += (size_t)length + 12;
            in_frame = 1;
        }
    }
    unsigned char *png = malloc(8 + 25 + apng->colour_length + data_bytes + 12);
    if (png == NULL) {
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    memcpy(png, apng->data, 8);
    unsigned char header[13];
    memcpy(header, apng->header, 13);
    put32(header, (uint32_t)width);
    put32(header + 4, (uint32_t)height);
    size_t size = 8 + put_chunk(png + 8, "IHDR", header, 13);
    memcpy(png + size, apng->colour, apng->colour_length);
    size += apng->colour_length;
    in_frame = 0;
    for (size_t at = offset; chunk_at(apng, at, &type, &length); at += (size_t)length + 12) {
        const unsigned char *body = apng->data + at + 8;
        if (is(type, "fcTL") || is(type, "IEND")) break;
        if (is(type, "IDAT")) {
            size += put_chunk(png + size, "IDAT", body, length);
        } else if (is(type, "fdAT")) {
            size += put_chunk(png + size, "IDAT", body + 4, length - 4);
        } else if (in_frame) {
            break;
        } else {
            continue;
        }
        in_frame = 1;
    }
    size += put_chunk(png + size, "IEND", NULL, 0);
    frame_rows rows = {apng->pixels, width, 0};
    int decoded_width = 0, decoded_height = 0;
    int status = cellscape_png_decode_rows(png, size, apng->max_pixels, apng->max_pixels, &decoded_width,
                                           &decoded_height, &rows, take_row, error, error_size);
    free(png);
    return status;
}

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
                                      &rows, take_row, error, error_size) != 0) {
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
    if (decode_frame(apng, apng->next, frame->width, frame->height, error, error_size) != 0) {
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
