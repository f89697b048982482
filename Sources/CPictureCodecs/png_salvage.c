#include "picture_codecs.h"
#include "codec_support.h"

#include <stdio.h>
#include <string.h>

// What a damaged or cut-off PNG still holds. The row reader asks libpng for a whole IDAT piece at a
// time, so a file cut inside its only IDAT fails before its first row; libpng's progressive reader
// takes the bytes as they are and hands out each row as soon as its data is in, as browsers do.

typedef struct {
    void *context;
    cellscape_row_callback callback;
    int *width, *height;
    double max_pixels;
    int rows;
} salvage;

static void salvage_info(png_structp png, png_infop info) {
    salvage *state = png_get_progressive_ptr(png);
    png_uint_32 width = png_get_image_width(png, info), height = png_get_image_height(png, info);
    if ((double)width * (double)height > state->max_pixels) png_error(png, "more pixels than allowed");
    // Rows of an interlaced picture come pass by pass: what a cut leaves of them is no picture.
    if (png_get_interlace_type(png, info) != PNG_INTERLACE_NONE) png_error(png, "interlaced");
    png_set_expand(png);
    png_set_strip_16(png);
    png_set_gray_to_rgb(png);
    png_set_bgr(png);
    png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    png_read_update_info(png, info);
    *state->width = (int)width;
    *state->height = (int)height;
}

static void salvage_row(png_structp png, png_bytep row, png_uint_32 y, int pass) {
    (void)pass;
    salvage *state = png_get_progressive_ptr(png);
    if (row == NULL || (int)y != state->rows) return;
    state->callback(state->context, row, (int)y);
    state->rows++;
}

int cellscape_png_salvage_rows(const unsigned char *data, size_t length, double max_pixels, int *width, int *height,
                               void *context, cellscape_row_callback callback) {
    char message[256] = "";
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, message, cellscape_png_fail, cellscape_png_quiet);
    if (png == NULL) return 0;
    png_infop info = png_create_info_struct(png);
    salvage state = {context, callback, width, height, max_pixels, 0};
    if (info != NULL && setjmp(png_jmpbuf(png)) == 0) {
        png_set_progressive_read_fn(png, &state, salvage_info, salvage_row, NULL);
        png_set_user_limits(png, 1000000, 1000000);
        png_set_chunk_malloc_max(png, 16 << 20);
        png_process_data(png, info, (png_bytep)data, length);
    }
    png_destroy_read_struct(&png, &info, NULL);
    return state.rows;
}
