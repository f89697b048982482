#ifndef CELLSCAPE_CODEC_SUPPORT_H
#define CELLSCAPE_CODEC_SUPPORT_H

// What the decoders share: libjpeg's and libpng's error handlers (each jump lands in the setjmp of
// the one C function that made the call) and reading a PNG held in memory. Private to the C target.

// jpeglib.h needs FILE and size_t declared before it.
#include <stddef.h>
#include <stdio.h>
#include <setjmp.h>
#include <jpeglib.h>
#include <png.h>

#include "picture_codecs.h"

/// libjpeg's error manager with the jump its failures take.
struct jpeg_failure {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    int ended_early;  // libjpeg warned that the data ended before the picture did
    // What stopped the decoder, in a user's words, written before the jump: after it, the decoder's
    // fields are not to be read (they changed after setjmp).
    char said[160];
};


/// Says that a `width` x `height` picture is more than the `allowed` pixels, and by how much:
/// "100000x100000 pixels is too large: 10000 megapixels, 10 times the 1000 allowed".
void cellscape_say_too_large(char *error, size_t error_size, double width, double height, double allowed);

/// Jumps to the failure's setjmp.
void cellscape_jpeg_fail(j_common_ptr info);
/// Corrupt-data warnings come per file; the picture is still shown.
void cellscape_jpeg_quiet(j_common_ptr info);
/// Notes a warning that the data ended early (libjpeg fills the rest); says nothing.
void cellscape_jpeg_note(j_common_ptr info, int level);

/// A PNG held in memory, read from `offset` on.
struct png_source {
    const unsigned char *data;
    size_t length;
    size_t offset;
};


/// libpng's read function over a `struct png_source`.
void cellscape_png_read_memory(png_structp png, png_bytep target, png_size_t count);
/// Copies libpng's message into the error pointer (256 bytes) and jumps.
void cellscape_png_fail(png_structp png, png_const_charp message);
void cellscape_png_quiet(png_structp png, png_const_charp message);
/// Hands `callback` the rows libpng's progressive reader finds in a PNG that the row reader could not
/// finish (cut short, or damaged in its pixels), from the first; returns how many.
int cellscape_png_salvage_rows(const unsigned char *data, size_t length, double max_pixels, int *width, int *height,
                               void *context, cellscape_row_callback callback);
/// Whether every chunk other than IDAT fits in what the file holds.
int cellscape_png_chunks_fit(const unsigned char *data, size_t length);

/// Reads a PNG's chunks up to its pixels and calls `with` on them (libpng's errors, there too, end
/// here). Returns what `with` returns, or -1 when the file is not a PNG or its chunks cannot be read.
int cellscape_png_read_info(const unsigned char *data, size_t length,
                            int (*with)(png_structp png, png_infop info, void *context), void *context);

/// R, G, B, A bytes to B, G, R, A (the order the row shrinker takes), in place.
void cellscape_swap_red_blue(unsigned char *pixels, size_t count);

#endif
