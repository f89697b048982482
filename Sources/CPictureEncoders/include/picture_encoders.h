#ifndef CELLSCAPE_PICTURE_ENCODERS_H
#define CELLSCAPE_PICTURE_ENCODERS_H

// Encoders that make test and bench pictures (JPEG through libjpeg-turbo, GIF through giflib). The
// product never writes these formats: they live apart from its decoders.

#include <stddef.h>

/// Encodes B, G, R, X rows as a JPEG of `quality` into a malloc'd buffer (for tests and test pictures):
/// `chroma` 0 halves the colour both ways (4:2:0), 1 keeps it whole (4:4:4), 2 writes grey; a restart
/// marker every `restart_interval` MCUs (0: none); progressive scans when `progressive`. Returns 0, or -1.
int cellscape_jpeg_encode(const unsigned char *pixels, int width, int height, int stride, int quality,
                          int chroma, int restart_interval, int progressive, unsigned char **output,
                          size_t *output_length);

/// Encodes `width` x `height` CMYK pixels (C, M, Y, K bytes, as written: Adobe's are 255 - ink) as a
/// JPEG at quality 100, stored as YCCK when `ycck`, with an Adobe marker when `adobe` (YCCK needs one),
/// into a malloc'd buffer. Returns 0, or -1. For tests.
int cellscape_jpeg_encode_cmyk(const unsigned char *pixels, int width, int height, int ycck, int adobe,
                               unsigned char **output, size_t *output_length);

/// Encodes `frames` frames of `width` x `height` palette indices (one byte each, frame after frame) as
/// a GIF with a 256-colour `palette` (R, G, B), `transparent_index` (-1: none; with one, each frame is
/// cleared before the next), a delay and a NETSCAPE2.0 loop count, into a malloc'd buffer. Returns 0, or
/// -1. For test and bench pictures.
int cellscape_gif_encode(const unsigned char *indices, int width, int height, int frames, const unsigned char *palette,
                         int transparent_index, int delay_centiseconds, int loop_count, unsigned char **output,
                         size_t *output_length);

#endif
