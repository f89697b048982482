#ifndef CELLSCAPE_PICTURE_CODECS_H
#define CELLSCAPE_PICTURE_CODECS_H

// Decoding with libjpeg-turbo and libpng. Both report errors with longjmp; every call that can jump
// lives in one C function here with its own setjmp, so a jump never crosses a Swift frame.

#include <stddef.h>

/// Pixels of a decoded picture: rows of 32-bit B, G, R, X, `stride` bytes apart, malloc'd.
typedef struct {
    unsigned char *pixels;
    int width;
    int height;
    int stride;
} cellscape_picture;

/// Called with each decoded row, in order: `width` pixels of B, G, R, X.
typedef void (*cellscape_row_callback)(void *context, const unsigned char *row, int y);

/// Decodes a JPEG held in memory at the smallest DCT scale (1/8 to 8/8) whose output is at least
/// `min_width` x `min_height` (0: full size) row by row, handing each row (B, G, R, X) to `callback`;
/// fills `width` and `height` (the output's) before the first row. Returns 0, or -1 with a message in
/// `error`. `max_pixels` refuses a picture whose full size has more pixels, before any allocation.
int cellscape_jpeg_decode_rows(const unsigned char *data, size_t length, int min_width, int min_height,
                               double max_pixels, int *width, int *height, void *context,
                               cellscape_row_callback callback, char *error, size_t error_size);

/// Decodes a baseline JPEG at 1/8 scale from its DC terms alone, much faster than libjpeg at that
/// scale, when the 1/8 size is at least `min_width` x `min_height`. Returns 1 with `picture` filled, or
/// 0 when the file is not one it takes (progressive, arithmetic, CMYK, several scans, corrupt...):
/// then `cellscape_jpeg_decode_rows` is the way.
int cellscape_jpeg_decode_eighth(const unsigned char *data, size_t length, int min_width, int min_height,
                                 double max_pixels, cellscape_picture *picture);

/// Decodes a PNG held in memory row by row, handing each row (B, G, R, X) to `callback`; interlaced
/// pictures are decoded whole first, and refused above `max_interlaced_pixels`. Fills `width` and `height` before
/// the first row. Returns 0, or -1 with a message in `error`.
int cellscape_png_decode_rows(const unsigned char *data, size_t length, double max_pixels,
                              double max_interlaced_pixels, int *width,
                              int *height, void *context, cellscape_row_callback callback, char *error,
                              size_t error_size);

/// Encodes B, G, R, X rows as a JPEG of `quality` into a malloc'd buffer (for tests and test pictures):
/// `chroma` 0 halves the colour both ways (4:2:0), 1 keeps it whole (4:4:4), 2 writes grey; a restart
/// marker every `restart_interval` MCUs (0: none); progressive scans when `progressive`. Returns 0, or -1.
int cellscape_jpeg_encode(const unsigned char *pixels, int width, int height, int stride, int quality,
                          int chroma, int restart_interval, int progressive, unsigned char **output,
                          size_t *output_length);

/// Encodes B, G, R, X rows as an RGB PNG with `count` tEXt chunks (`keys[i]` = `values[i]`) before the
/// pixels, into a malloc'd buffer. Returns 0, or -1.
int cellscape_png_encode(const unsigned char *pixels, int width, int height, int stride, const char **keys,
                         const char **values, int count, unsigned char **output, size_t *output_length);

/// Copies the tEXt value of `key` found before a PNG's pixels into `value` (NUL-terminated). Returns 0,
/// or -1 when the file is not a PNG or has no such text.
int cellscape_png_text(const unsigned char *data, size_t length, const char *key, char *value, size_t value_size);

/// For a program that decodes many pictures: keeps buffers of up to 64 MB in the heap when freed,
/// where glibc would map each above 128 KB anew, fault it in, zero it and unmap it again (a fifth of
/// the thumbnail rate). Does nothing where the C library is not glibc.
void cellscape_keep_picture_buffers(void);

/// The MD5 digest of `length` bytes (nettle), for the names of the shared thumbnail cache.
void cellscape_md5(const unsigned char *data, size_t length, unsigned char digest[16]);

#endif
