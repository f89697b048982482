#ifndef CELLSCAPE_PICTURE_CODECS_H
#define CELLSCAPE_PICTURE_CODECS_H

// Decoding with libjpeg-turbo and libpng. Both report errors with longjmp; every call that can jump
// lives in one C function here with its own setjmp, so a jump never crosses a Swift frame.

#include <stddef.h>
#include <stdint.h>

/// Pixels of a decoded picture: rows of 32-bit B, G, R, X, `stride` bytes apart, malloc'd.
typedef struct {
    unsigned char *pixels;
    int width;
    int height;
    int stride;
} cellscape_picture;

/// Called with each decoded row, in order: `width` pixels of B, G, R, A (straight alpha; 255 where the
/// picture has none).
typedef void (*cellscape_row_callback)(void *context, const unsigned char *row, int y);

/// Decodes a JPEG held in memory at the smallest DCT scale (1/8 to 8/8) whose output is at least
/// `min_width` x `min_height` (0: full size) row by row, handing each row (B, G, R, X) to `callback`;
/// fills `width` and `height` (the output's) before the first row. Returns 0, 2 when the data ends
/// before the picture (libjpeg fills the rest grey), or -1 with a message in `error`. `max_pixels` refuses a picture whose full size has more pixels, before any allocation.
/// `cmyk_profile`, a transform from `cellscape_profile_transform`, converts CMYK pictures; without one
/// their colours are converted by the plain formula. `region`, when not NULL, is the part to decode
/// (left, top, width, height in the full-size picture's pixels): only its rows are decoded past the
/// skipped ones and only its columns converted (`jpeg_skip_scanlines`, `jpeg_crop_scanline`), and
/// `min_width` x `min_height` is then what the region must be at least once scaled.
int cellscape_jpeg_decode_rows(const unsigned char *data, size_t length, int min_width, int min_height,
                               double max_pixels, void *cmyk_profile, const int *region, int *width, int *height,
                               void *context, cellscape_row_callback callback, char *error, size_t error_size);

/// Decodes a baseline JPEG at 1/8 scale from its DC terms alone, much faster than libjpeg at that
/// scale, when the 1/8 size is at least `min_width` x `min_height`: libjpeg's pixels, but for halved
/// colour taken from its blocks' means where the 1/8 size is a quarter larger or more. Returns 1 with
/// `picture` filled, or 0 when the file is not one it takes (progressive, arithmetic, CMYK, several
/// scans, corrupt...): then `cellscape_jpeg_decode_rows` is the way.
int cellscape_jpeg_decode_eighth(const unsigned char *data, size_t length, int min_width, int min_height,
                                 double max_pixels, cellscape_picture *picture);

/// Decodes a PNG held in memory row by row, handing each row (B, G, R, A) to `callback`: every colour
/// type and depth, tRNS as alpha, 16-bit channels to 8; an APNG gives its default image. Interlaced
/// pictures are decoded whole first, and refused above `max_interlaced_pixels`. Fills `width` and `height` before
/// the first row. Returns 0, or -1 with a message in `error` (after the rows that decoded, if any).
int cellscape_png_decode_rows(const unsigned char *data, size_t length, double max_pixels,
                              double max_interlaced_pixels, int *width,
                              int *height, void *context, cellscape_row_callback callback, char *error,
                              size_t error_size);

/// Encodes B, G, R, A rows (straight alpha) as an RGBA PNG, or an RGB one when `opaque`, with `count`
/// tEXt chunks (`keys[i]` = `values[i]`) before the pixels, into a malloc'd buffer. Returns 0, or -1.
int cellscape_png_encode(const unsigned char *pixels, int width, int height, int stride, int opaque,
                         const char **keys, const char **values, int count, unsigned char **output,
                         size_t *output_length);

/// Copies the tEXt value of `key` found before a PNG's pixels into `value` (NUL-terminated). Returns 0,
/// or -1 when the file is not a PNG or has no such text.
int cellscape_png_text(const unsigned char *data, size_t length, const char *key, char *value, size_t value_size);

/// For a program that decodes many pictures: keeps buffers of up to 64 MB in the heap when freed,
/// where glibc would map each above 128 KB anew, fault it in, zero it and unmap it again (a fifth of
/// the thumbnail rate). Does nothing where the C library is not glibc.
void cellscape_keep_picture_buffers(void);
/// Gives the heap's free pages back to the system (glibc's `malloc_trim`).
void cellscape_give_back_free_memory(void);

/// Lowers the calling thread's scheduling priority by `niceness` (Linux: each thread has its own), so
/// decoding workers never hold a core the frame loop needs. Does nothing elsewhere.
void cellscape_lower_thread_priority(int niceness);

/// On a thread whose priority was lowered, gives its core to a thread waiting for it once half a
/// millisecond has passed since it last did (a decoder calls it row by row): a lower nice value alone
/// lets a decoder run out its slice, milliseconds a woken frame loop would wait. Elsewhere nothing.
void cellscape_give_way(void);

/// Tell ThreadSanitizer that the lock at `address` was taken, or is about to be given back: it does
/// not see the futex under Swift's Mutex. Nothing in a build without it.
void cellscape_lock_taken(const void *address);
void cellscape_lock_given_back(const void *address);

// ---- GIF (giflib) ----

/// A GIF being played: its canvas (the logical screen, B, G, R, A) with each frame composited over
/// the last as browsers do it (disposal, transparency, frames clipped to the screen).
typedef struct cellscape_gif cellscape_gif;

/// Opens a GIF held in memory (which must outlive it); NULL with a message in `error`.
cellscape_gif *cellscape_gif_open(const unsigned char *data, size_t length, double max_pixels, char *error,
                                  size_t error_size);
void cellscape_gif_close(cellscape_gif *gif);
void cellscape_gif_size(const cellscape_gif *gif, int *width, int *height);
/// The NETSCAPE2.0 loop count: 0 forever, -1 when the file has none (played once).
int cellscape_gif_loop_count(const cellscape_gif *gif);
/// The canvas: width x height pixels of B, G, R, A, rows width * 4 bytes apart.
const unsigned char *cellscape_gif_canvas(const cellscape_gif *gif);
/// 1 once the file has ended inside a frame or a block: frames or rows are missing.
int cellscape_gif_ended_early(const cellscape_gif *gif);
/// Composites the next frame onto the canvas and gives its delay. Returns 1, 0 after the last frame
/// (or after one cut short), or -1 with a message when not even a first frame can be read.
int cellscape_gif_next_frame(cellscape_gif *gif, int *delay_centiseconds, char *error, size_t error_size);

// ---- Animated PNG (a chunk reader feeding libpng a frame at a time) ----

/// An APNG being played: its canvas (B, G, R, A) with each frame composited as browsers do it
/// (dispose none, background or previous; blend source or over; frame regions). A PNG that is no
/// valid APNG plays as one frame, its default image.
typedef struct cellscape_apng cellscape_apng;

/// Opens a PNG held in memory (which must outlive it); NULL with a message in `error`.
cellscape_apng *cellscape_apng_open(const unsigned char *data, size_t length, double max_pixels, char *error,
                                    size_t error_size);
void cellscape_apng_close(cellscape_apng *apng);
void cellscape_apng_size(const cellscape_apng *apng, int *width, int *height);
/// 1 when the file ended early: rows of its default image are missing (the rest are transparent).
int cellscape_apng_ended_early(const cellscape_apng *apng);
/// How many times it plays (acTL's num_plays): 0 for ever; 1 for a still.
int cellscape_apng_plays(const cellscape_apng *apng);
int cellscape_apng_frame_count(const cellscape_apng *apng);
/// The canvas: width x height pixels of B, G, R, A, rows width * 4 bytes apart.
const unsigned char *cellscape_apng_canvas(const cellscape_apng *apng);
/// Composites the next frame onto the canvas and gives its delay (a zero denominator is 1/100 s).
/// Returns 1, 0 after the last frame (or one that cannot be decoded), or -1 with a message when not
/// even a first frame can be.
int cellscape_apng_next_frame(cellscape_apng *apng, int *delay_milliseconds, char *error, size_t error_size);

// ---- WebP (libwebp, libwebpdemux) ----

/// A WebP being played, still or animated: whole composited canvases of B, G, R, A.
typedef struct cellscape_webp cellscape_webp;

/// Decodes a still WebP scaled to `min_width` x `min_height` (each at most its size; 0: full size), B, G,
/// R, A with straight alpha, into a malloc'd picture. Returns 1, 2 when the file ends early (the rows it
/// holds, the rest transparent), 0 when it is an animation (then the frames are the way), or -1 with a
/// message in `error`.
int cellscape_webp_decode_still(const unsigned char *data, size_t length, int min_width, int min_height,
                                double max_pixels, cellscape_picture *picture, char *error, size_t error_size);

/// Opens a WebP held in memory (which must outlive it); NULL with a message in `error`. A file cut
/// short plays the frames it holds whole.
cellscape_webp *cellscape_webp_open(const unsigned char *data, size_t length, double max_pixels, char *error,
                                    size_t error_size);
void cellscape_webp_close(cellscape_webp *webp);
void cellscape_webp_size(const cellscape_webp *webp, int *width, int *height);
/// The loop count: 0 forever.
int cellscape_webp_loop_count(const cellscape_webp *webp);
int cellscape_webp_frame_count(const cellscape_webp *webp);
/// The canvas after the last frame decoded: width x height pixels of B, G, R, A.
const unsigned char *cellscape_webp_canvas(const cellscape_webp *webp);
/// Decodes the next frame and gives how long it shows. Returns 1, 0 after the last, or -1.
int cellscape_webp_next_frame(cellscape_webp *webp, int *delay_milliseconds, char *error, size_t error_size);
/// Starts again from the first frame.
void cellscape_webp_rewind(cellscape_webp *webp);
/// 1 when the file ends before its last chunk: frames are missing.
int cellscape_webp_ended_early(const cellscape_webp *webp);

// ---- Colour profiles (lcms2) ----

/// What pixels a profile transform takes: B, G, R, A, or CMYK as Adobe writes it (inverted) or plain.
enum { CELLSCAPE_PROFILE_BGRA = 0, CELLSCAPE_PROFILE_GREY = 1, CELLSCAPE_PROFILE_CMYK_INVERTED = 2, CELLSCAPE_PROFILE_CMYK = 3 };

/// The formats, as the profile reader is told which one it reads (the Swift side's format table knows).
enum {
    CELLSCAPE_FORMAT_JPEG = 1,
    CELLSCAPE_FORMAT_PNG = 2,
    CELLSCAPE_FORMAT_GIF = 3,
    CELLSCAPE_FORMAT_WEBP = 4,
    CELLSCAPE_FORMAT_HEIF = 5,
    CELLSCAPE_FORMAT_JXL = 6,
};
/// The ICC profile embedded in a JPEG (its APP2 chunks joined), a PNG (iCCP), a WebP (ICCP), a HEIF/AVIF (ICC,
/// or one made from its nclx description) or a JPEG XL (of the pixels libjxl gives), malloc'd, and the colour
/// space of the pixels it describes. Returns 0, or -1 when there is none (or the pixels are sRGB already).
int cellscape_embedded_profile(int format, const unsigned char *data, size_t length, unsigned char **profile,
                               size_t *profile_length, int *colour_space);
/// A transform from `profile` to sRGB for pixels of `input`, output B, G, R, A; NULL when the profile
/// cannot be read or does not describe such pixels. Safe to use from several threads at once.
void *cellscape_profile_transform(const unsigned char *profile, size_t length, int input);
/// An RGB profile made from chromaticities (red, green, blue, white: x, y each) and an H.273 transfer
/// characteristic, malloc'd. Returns 0, or -1.
int cellscape_profile_describing(const double xy[8], int transfer, unsigned char **profile, size_t *length);
void cellscape_profile_apply(void *transform, const void *input, void *output, int pixels);
void cellscape_profile_release(void *transform);

// ---- HEIF/HEIC and AVIF (libheif), JPEG XL (libjxl), loaded with dlopen ----

/// Whether the library could be loaded (once; safe from any thread).
int cellscape_heif_available(void);
int cellscape_jxl_available(void);
/// The Debian package that holds the libjxl of the release built on ("libjxl0.7", "libjxl0.11").
const char *cellscape_jxl_package(void);
/// Reads up to `count` bytes at `offset` of a file into `into`: how many it read, 0 past the end, -1 on
/// failure.
typedef long (*cellscape_read_at)(void *source, int64_t offset, unsigned char *into, size_t count);
/// The size of a HEIF's primary image as shown, reading of the file through `read_at` only the boxes
/// that describe it (never its media data). Returns 0, -1 when it cannot be read, -2 without the library.
int cellscape_heif_size_reading(cellscape_read_at read_at, void *source, int *width, int *height);
/// The size of a JPEG XL's image as shown, from its start. Returns 0, -1 when it cannot be read, -2
/// without the library.
int cellscape_jxl_size(const unsigned char *data, size_t length, int *width, int *height);
/// The image as B, G, R, A bytes (straight alpha), malloc'd, width x height. Returns 0, -1 with a
/// message, or -2 without the library (the message names the package).
/// A HEIF decodes its smallest thumbnail item of at least `min_width` x `min_height` when it has one
/// (0: the primary image always).
int cellscape_heif_decode(const unsigned char *data, size_t length, double max_pixels, int min_width, int min_height,
                          unsigned char **rgba, int *width, int *height, char *error, size_t error_size);
/// A HEIF's ICC profile (raw, or restricted ICC), or one made from its nclx colour description when that
/// is not sRGB's, malloc'd. Returns 0, or -1 when it has none.
int cellscape_heif_profile(const unsigned char *data, size_t length, unsigned char **profile, size_t *profile_length);
/// The ICC profile of the pixels libjxl gives for a JPEG XL, malloc'd, unless they are sRGB. Returns 0, or -1.
int cellscape_jxl_profile(const unsigned char *data, size_t length, unsigned char **profile, size_t *profile_length);
int cellscape_jxl_decode(const unsigned char *data, size_t length, double max_pixels, unsigned char **rgba,
                         int *width, int *height, char *error, size_t error_size);

#endif
