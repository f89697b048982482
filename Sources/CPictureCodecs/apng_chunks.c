#include "apng.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The chunk reader of the APNG player: Debian's libpng lacks the APNG patch, so each frame is handed to
// libpng as a small PNG of its own: the file's IHDR with the frame's size, the chunks that describe
// colour (PLTE, tRNS, gAMA...), the frame's data as IDAT, and IEND. The whole chunk sequence is checked
// when the file opens (sequence numbers, frame regions, ops, counts).

uint32_t apng_be32(const unsigned char *bytes) {
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

int apng_chunk_at(const struct cellscape_apng *apng, size_t offset, const unsigned char **type, uint32_t *length) {
    if (offset > apng->length || apng->length - offset < 12) return 0;
    *length = apng_be32(apng->data + offset);
    if (*length > apng->length - offset - 12) return 0;
    *type = apng->data + offset + 4;
    return 1;
}

int apng_is(const unsigned char *type, const char *name) { return memcmp(type, name, 4) == 0; }

int apng_read_chunks(struct cellscape_apng *apng) {
    size_t offset = 8, pixels_at = 0;
    uint32_t sequence = 0, declared = 0;
    int control_seen = 0, data_since_control = 0, animated = 0, valid = 1, ended = 0;
    const unsigned char *type;
    uint32_t length;
    while (apng_chunk_at(apng, offset, &type, &length)) {
        const unsigned char *body = apng->data + offset + 8;
        size_t whole = (size_t)length + 12;
        if (apng_is(type, "IEND")) {
            ended = 1;
            break;
        }
        if (apng_is(type, "IHDR") && offset == 8 && length == 13) {
            memcpy(apng->header, body, 13);
        } else if (apng_is(type, "acTL") && pixels_at == 0 && length == 8) {
            declared = apng_be32(body);
            apng->plays = (int)(apng_be32(body + 4) > 1000000 ? 0 : apng_be32(body + 4));
            animated = declared > 0 && declared <= 100000 && apng->frames == NULL;
            if (animated && (apng->frames = calloc(declared, sizeof(apng_frame))) == NULL) return 0;
        } else if (apng_is(type, "fcTL") && animated) {
            if (length != 26 || apng_be32(body) != sequence++ || (control_seen && !data_since_control)) valid = 0;
            if (!valid || apng->count >= (int)declared) return 0;
            apng_frame *frame = &apng->frames[apng->count];
            frame->width = (int)apng_be32(body + 4);
            frame->height = (int)apng_be32(body + 8);
            frame->left = (int)apng_be32(body + 12);
            frame->top = (int)apng_be32(body + 16);
            unsigned numerator = body[20] << 8 | body[21], denominator = body[22] << 8 | body[23];
            frame->delay_milliseconds = (int)((numerator * 1000u + (denominator ? denominator : 100) / 2) /
                                              (denominator ? denominator : 100));
            frame->dispose = body[24];
            frame->blend = body[25];
            frame->first_chunk = 0;
            if (apng_be32(body + 4) == 0 || apng_be32(body + 8) == 0 || apng_be32(body + 4) > (uint32_t)apng->width ||
                apng_be32(body + 8) > (uint32_t)apng->height || apng_be32(body + 12) > (uint32_t)(apng->width - frame->width) ||
                apng_be32(body + 16) > (uint32_t)(apng->height - frame->height) || frame->dispose > 2 || frame->blend > 1)
                return 0;
            // The default image as the first frame covers the canvas.
            if (pixels_at == 0 && (frame->width != apng->width || frame->height != apng->height || frame->left ||
                                   frame->top))
                return 0;
            if (apng->count == 0 && frame->dispose == 2) frame->dispose = 1;
            apng->count++;
            control_seen = 1;
            data_since_control = 0;
        } else if (apng_is(type, "IDAT")) {
            if (pixels_at == 0) pixels_at = offset;
            // IDAT after an fcTL that came before the pixels: the default image is the first frame.
            if (control_seen && apng->count == 1 && apng->frames[0].first_chunk == 0 && !data_since_control)
                apng->frames[0].first_chunk = offset;
            if (control_seen && apng->count == 1) data_since_control = 1;
        } else if (apng_is(type, "fdAT") && animated) {
            if (length < 4 || apng_be32(body) != sequence++ || !control_seen || pixels_at == 0) return 0;
            apng_frame *frame = &apng->frames[apng->count - 1];
            if (frame->first_chunk == 0) frame->first_chunk = offset;
            if (apng->frames[apng->count - 1].first_chunk != 0 && apng_is(apng->data + frame->first_chunk + 4, "IDAT"))
                return 0;  // a frame's data is IDAT or fdAT, never both
            data_since_control = 1;
        } else if (pixels_at == 0 && !apng_is(type, "acTL") && !apng_is(type, "fcTL") && !apng_is(type, "IHDR") &&
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

void apng_take_row(void *context, const unsigned char *row, int y) {
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

int apng_decode_frame(struct cellscape_apng *apng, int index, int width, int height, char *error,
                        size_t error_size) {
    size_t data_bytes = 0, offset = apng->frames[index].first_chunk;
    const unsigned char *type;
    uint32_t length;
    int in_frame = 0;
    for (size_t at = offset; apng_chunk_at(apng, at, &type, &length); at += (size_t)length + 12) {
        int data = apng_is(type, "IDAT") || apng_is(type, "fdAT");
        if (apng_is(type, "fcTL") || apng_is(type, "IEND") || (in_frame && !data)) break;
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
    for (size_t at = offset; apng_chunk_at(apng, at, &type, &length); at += (size_t)length + 12) {
        const unsigned char *body = apng->data + at + 8;
        if (apng_is(type, "fcTL") || apng_is(type, "IEND")) break;
        if (apng_is(type, "IDAT")) {
            size += put_chunk(png + size, "IDAT", body, length);
        } else if (apng_is(type, "fdAT")) {
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
                                           &decoded_height, &rows, apng_take_row, error, error_size);
    free(png);
    return status;
}

