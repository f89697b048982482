#ifndef CELLSCAPE_APNG_H
#define CELLSCAPE_APNG_H

// The APNG player's state, shared by its chunk reader (apng_chunks.c) and its compositor
// (apng_frames.c). Private to the C target.

#include "picture_codecs.h"

#include <stddef.h>
#include <stdint.h>

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

typedef struct {
    unsigned char *pixels;
    int width, rows;
} frame_rows;

/// Reads the chunks: the colour chunks kept, each frame's control read; returns whether the file is a
/// valid APNG of at least one frame (else its default image shows alone).
int apng_read_chunks(struct cellscape_apng *apng);
/// The chunk at `offset`: its type and length; 0 when it does not fit in the file.
int apng_chunk_at(const struct cellscape_apng *apng, size_t offset, const unsigned char **type, uint32_t *length);
/// The big-endian 32-bit number at `bytes`.
uint32_t apng_be32(const unsigned char *bytes);
/// Whether a chunk's type is `name`.
int apng_is(const unsigned char *type, const char *name);
/// Takes one decoded row into a `frame_rows`.
void apng_take_row(void *context, const unsigned char *row, int y);
/// Decodes frame `index` into the player's `pixels`, as a PNG of its own; 0, or -1 with a message.
int apng_decode_frame(struct cellscape_apng *apng, int index, int width, int height, char *error, size_t error_size);

#endif
