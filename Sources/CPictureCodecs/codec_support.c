#include "codec_support.h"

#include <jerror.h>
#include <string.h>

// ---- JPEG ----

// What libjpeg stopped on, as a user reads it: its own words never reach the window.
static void jpeg_problem(j_common_ptr common, char *said, size_t size) {
    j_decompress_ptr info = common->is_decompressor ? (j_decompress_ptr)common : NULL;
    switch (common->err->msg_code) {
    case JERR_NO_BACKING_STORE:
    case JERR_OUT_OF_MEMORY:
        if (info)
            snprintf(said, size, "a%s JPEG of %ux%u pixels, too large to decode in the memory allowed",
                     info->progressive_mode ? " progressive" : "", info->image_width, info->image_height);
        else
            snprintf(said, size, "out of memory");
        break;
    case JERR_NO_SOI: snprintf(said, size, "not a JPEG"); break;
    case JERR_BAD_PRECISION:
        snprintf(said, size, "a JPEG of %d-bit samples, which cannot be decoded", info ? info->data_precision : 0);
        break;
    case JERR_SOF_UNSUPPORTED:
    case JERR_NOT_COMPILED: snprintf(said, size, "a JPEG coded in a way that cannot be decoded"); break;
    default: snprintf(said, size, "damaged JPEG data");
    }
}

void cellscape_jpeg_fail(j_common_ptr info) {
    struct jpeg_failure *failure = (struct jpeg_failure *)info->err;
    jpeg_problem(info, failure->said, sizeof failure->said);
    longjmp(failure->jump, 1);
}

// Corrupt-data warnings come per file; the picture is still shown.
void cellscape_jpeg_quiet(j_common_ptr info) { (void)info; }

void cellscape_jpeg_note(j_common_ptr info, int level) {
    if (level < 0 && info->err->msg_code == JWRN_JPEG_EOF) ((struct jpeg_failure *)info->err)->ended_early = 1;
}

// ---- PNG ----

void cellscape_png_read_memory(png_structp png, png_bytep target, png_size_t count) {
    struct png_source *source = (struct png_source *)png_get_io_ptr(png);
    if (source->length - source->offset < count) png_error(png, "the file ends early");
    memcpy(target, source->data + source->offset, count);
    source->offset += count;
}

// libpng's own words (they start with a capital or a chunk's name) said as a user reads them; ours
// (lower case, or a size) pass as they are.
static const char *png_problem(const char *said) {
    if (said[0] < 'A' || said[0] > 'Z') return said;
    if (strstr(said, "CRC")) return "damaged PNG data: a checksum does not match";
    if (strstr(said, "Not a PNG")) return "not a PNG file";
    if (strstr(said, "exceeds") || strstr(said, "too large") || strstr(said, "Too large")) return "a PNG too large to decode";
    if (strstr(said, "Not enough") || strstr(said, "Read Error") || strstr(said, "truncated"))
        return "damaged or cut short PNG data";
    if (strstr(said, "IHDR")) return "damaged PNG data: its header is not valid";
    return "damaged PNG data";
}

void cellscape_say_too_large(char *error, size_t error_size, double width, double height, double allowed) {
    double pixels = width * height;
    snprintf(error, error_size, "%.0fx%.0f pixels is too large: %.0f megapixels, %.2g times the %.0f allowed", width,
             height, pixels / 1e6, pixels / allowed, allowed / 1e6);
}

void cellscape_png_fail(png_structp png, png_const_charp message) {
    char *error = (char *)png_get_error_ptr(png);
    snprintf(error, 256, "%s", png_problem(message));
    png_longjmp(png, 1);
}

void cellscape_png_quiet(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

// libpng allocates, and clears, an ancillary chunk's declared length before reading it: a few bytes
// claiming 234 MB took it nearly a second. A chunk that claims more than the file holds is refused
// here first; IDAT and what follows are not (libpng reads IDAT piece by piece).
int cellscape_png_chunks_fit(const unsigned char *data, size_t length) {
    size_t offset = 8;
    while (offset + 8 <= length) {
        size_t size = (size_t)data[offset] << 24 | (size_t)data[offset + 1] << 16 | (size_t)data[offset + 2] << 8 |
                      (size_t)data[offset + 3];
        const unsigned char *type = data + offset + 4;
        // Chunks after the first IDAT are never read: a file cut short there shows its picture.
        if (memcmp(type, "IDAT", 4) == 0 || memcmp(type, "IEND", 4) == 0) return 1;
        if (size + 12 > length - offset) return 0;
        offset += size + 12;
    }
    return 1;
}

int cellscape_png_read_info(const unsigned char *data, size_t length,
                            int (*with)(png_structp png, png_infop info, void *context), void *context) {
    char message[256] = "";
    if (length < 8 || png_sig_cmp(data, 0, 8) != 0 || !cellscape_png_chunks_fit(data, length)) return -1;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, message, cellscape_png_fail, cellscape_png_quiet);
    if (png == NULL) return -1;
    png_infop info = png_create_info_struct(png);
    struct png_source source = {data, length, 0};
    // Volatile: set between setjmp and a possible longjmp.
    volatile int result = -1;
    if (info != NULL && setjmp(png_jmpbuf(png)) == 0) {
        png_set_read_fn(png, &source, cellscape_png_read_memory);
        png_set_chunk_malloc_max(png, 16 << 20);
        png_read_info(png, info);
        result = with(png, info, context);
    }
    png_destroy_read_struct(&png, &info, NULL);
    return result;
}

void cellscape_swap_red_blue(unsigned char *pixels, size_t count) {
    for (size_t i = 0; i < count; i++) {
        unsigned char red = pixels[4 * i];
        pixels[4 * i] = pixels[4 * i + 2];
        pixels[4 * i + 2] = red;
    }
}
