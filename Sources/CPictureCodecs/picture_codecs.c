#include "picture_codecs.h"
#include "codec_support.h"

// jpeglib.h needs FILE and size_t declared before it.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <sched.h>
#include <time.h>
#include <jpeglib.h>
#include <png.h>
#include <zlib.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

// ---- JPEG ----

int cellscape_jpeg_decode_rows(const unsigned char *data, size_t length, int min_width, int min_height,
                               double max_pixels, void *cmyk_profile, const int *region, int *width, int *height,
                               void *context, cellscape_row_callback callback, char *error, size_t error_size) {
    struct jpeg_decompress_struct info;
    struct jpeg_failure failure;
    // Volatile: set between setjmp and a possible longjmp.
    unsigned char *volatile row = NULL;
    info.err = jpeg_std_error(&failure.manager);
    failure.manager.error_exit = cellscape_jpeg_fail;
    failure.manager.output_message = cellscape_jpeg_quiet;
    failure.manager.emit_message = cellscape_jpeg_note;
    failure.ended_early = 0;
    if (setjmp(failure.jump)) {
        snprintf(error, error_size, "%s", failure.said);
        jpeg_destroy_decompress(&info);
        free(row);
        return -1;
    }
    jpeg_create_decompress(&info);
    // A progressive file holds every coefficient of the picture: a few bytes claiming 30000 x 30000
    // would ask for gigabytes. Past this libjpeg stops with an error (it has no backing store).
    info.mem->max_memory_to_use = 192L << 20;
    jpeg_mem_src(&info, data, (unsigned long)length);
    jpeg_read_header(&info, TRUE);
    if ((double)info.image_width * (double)info.image_height > max_pixels) {
        cellscape_say_too_large(error, error_size, info.image_width, info.image_height, max_pixels);
        jpeg_destroy_decompress(&info);
        return -1;
    }
    // Every block of a scan takes at least a bit: a file shorter than that is no picture of its size,
    // and libjpeg would spend seconds making up the rest from nothing.
    double blocks = 0;
    for (int c = 0; c < info.num_components; c++)
        blocks += (double)info.comp_info[c].width_in_blocks * (double)info.comp_info[c].height_in_blocks;
    if ((double)length * 8 < blocks) {
        snprintf(error, error_size, "ends early: %u bytes cannot hold %ux%u pixels", (unsigned)length, info.image_width,
                 info.image_height);
        jpeg_destroy_decompress(&info);
        return -1;
    }
    if (info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK) {
        info.out_color_space = JCS_CMYK;
    } else {
        info.out_color_space = JCS_EXT_BGRX;
    }
    info.dct_method = JDCT_ISLOW;
    info.scale_denom = 8;
    info.scale_num = 8;
    // The part decoded, in full-size pixels: the region asked for, clipped, or the whole picture.
    long left = 0, top = 0, right = info.image_width, bottom = info.image_height;
    if (region != NULL) {
        left = region[0] < 0 ? 0 : region[0];
        top = region[1] < 0 ? 0 : region[1];
        right = region[0] + (long)region[2] < (long)info.image_width ? region[0] + (long)region[2] : info.image_width;
        bottom = region[1] + (long)region[3] < (long)info.image_height ? region[1] + (long)region[3] : info.image_height;
        if (right <= left || bottom <= top) {
            snprintf(error, error_size, "the region is outside the picture");
            jpeg_destroy_decompress(&info);
            return -1;
        }
    }
    if (min_width > 0 && min_height > 0) {
        for (unsigned int scale = 1; scale <= 8; scale++) {
            info.scale_num = scale;
            // A whole picture's scaled size is rounded up, as libjpeg rounds it; a region's is taken exactly.
            long rounding = region == NULL ? 7 : 0;
            if ((right - left) * (long)scale + rounding >= (long)min_width * 8 &&
                (bottom - top) * (long)scale + rounding >= (long)min_height * 8)
                break;
        }
        // A scale that gives the full size anyway (a picture of a few pixels) is no scale: a scaled
        // IDCT would smooth its halved colour otherwise than libjpeg's fancy upsampling does.
        long rounding = region == NULL ? 7 : 0;
        if ((right - left) * (long)info.scale_num + rounding >= (right - left) * 8 &&
            (bottom - top) * (long)info.scale_num + rounding >= (bottom - top) * 8)
            info.scale_num = 8;
    }
    jpeg_start_decompress(&info);
    // The region at the scale chosen, rounded outward, and where libjpeg's crop (on iMCU columns) starts.
    long scaled_left = left * (long)info.output_width / (long)info.image_width;
    long scaled_top = top * (long)info.output_height / (long)info.image_height;
    long scaled_right = (right * (long)info.output_width + info.image_width - 1) / (long)info.image_width;
    long scaled_bottom = (bottom * (long)info.output_height + info.image_height - 1) / (long)info.image_height;
    // Decoding reaches two iMCUs past the region on every side: the smoothing of halved colour then
    // has the same neighbours at its edges as in the whole picture, and the pixels are the same.
    long margin_columns = 2L * info.max_h_samp_factor * info.min_DCT_scaled_size;
    long margin_rows = 2L * info.max_v_samp_factor * info.min_DCT_scaled_size;
    long start_left = scaled_left > margin_columns ? scaled_left - margin_columns : 0;
    long start_top = scaled_top > margin_rows ? scaled_top - margin_rows : 0;
    long end_right = scaled_right + margin_columns < (long)info.output_width ? scaled_right + margin_columns
                                                                            : (long)info.output_width;
    long end_bottom = scaled_bottom + margin_rows < (long)info.output_height ? scaled_bottom + margin_rows
                                                                            : (long)info.output_height;
    JDIMENSION crop_left = (JDIMENSION)start_left, crop_width = (JDIMENSION)(end_right - start_left);
    if (region != NULL && crop_width < info.output_width) jpeg_crop_scanline(&info, &crop_left, &crop_width);
    if (region != NULL && start_top > 0) jpeg_skip_scanlines(&info, (JDIMENSION)start_top);
    size_t skip_columns = (size_t)(scaled_left - (long)crop_left);
    *width = (int)(scaled_right - scaled_left);
    *height = (int)(scaled_bottom - scaled_top);
    // One row at a time: the caller shrinks as rows come, so no picture-sized buffer is needed.
    row = malloc((size_t)info.output_width * 4 + 64);
    if (row == NULL) {
        snprintf(error, error_size, "out of memory");
        jpeg_destroy_decompress(&info);
        return -1;
    }
    while (info.output_scanline < (JDIMENSION)end_bottom) {
        long line = (long)info.output_scanline - scaled_top;
        JSAMPROW rows[1] = {row};
        jpeg_read_scanlines(&info, rows, 1);
        if (line < 0 || line >= *height) continue;  // a margin row
        unsigned char *pixels = row + 4 * skip_columns;
        if (info.out_color_space == JCS_CMYK && cmyk_profile != NULL) {
            // In place: CMYK and B, G, R, A take four bytes each.
            cellscape_profile_apply(cmyk_profile, pixels, pixels, *width);
        } else if (info.out_color_space == JCS_CMYK) {
            // Adobe writes CMYK (and YCCK, which libjpeg turns into CMYK) inverted: each channel is
            // already 255 - ink. Without its marker the channels are ink, as browsers take them.
            unsigned int flip = info.saw_Adobe_marker ? 0 : 255;
            for (int x = 0; x < *width; x++) {
                unsigned char *p = pixels + 4 * x;
                unsigned int c = p[0] ^ flip, m = p[1] ^ flip, y = p[2] ^ flip, k = p[3] ^ flip;
                p[0] = (unsigned char)(y * k / 255);
                p[1] = (unsigned char)(m * k / 255);
                p[2] = (unsigned char)(c * k / 255);
                p[3] = 255;
            }
        }
        callback(context, pixels, (int)line);
    }
    // Rows below the region are left undecoded: abort rather than finish, which would read them.
    jpeg_abort_decompress(&info);
    jpeg_destroy_decompress(&info);
    free(row);
    return failure.ended_early ? 2 : 0;
}

// ---- PNG ----

int cellscape_png_decode_rows(const unsigned char *data, size_t length, double max_pixels,
                              double max_interlaced_pixels, int *width,
                              int *height, void *context, cellscape_row_callback callback, char *error,
                              size_t error_size) {
    char message[256] = "not a PNG file";
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, message, cellscape_png_fail, cellscape_png_quiet);
    if (png == NULL) {
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    png_infop info = png_create_info_struct(png);
    unsigned char *volatile row = NULL;
    unsigned char *volatile whole = NULL;
    png_bytep *volatile rows = NULL;
    volatile int started = 0, delivered = 0;
    struct png_source source = {data, length, 0};
    if (info == NULL || setjmp(png_jmpbuf(png))) {
        snprintf(error, error_size, "%s", message);
        png_destroy_read_struct(&png, &info, NULL);
        free(row);
        free(whole);
        free(rows);
        // Failed in its pixels before a row came: what the bytes hold of its first rows still shows.
        if (started && delivered == 0)
            cellscape_png_salvage_rows(data, length, max_pixels, width, height, context, callback);
        return -1;
    }
    if (length < 8 || png_sig_cmp(data, 0, 8) != 0) png_error(png, "not a PNG file");
    if (!cellscape_png_chunks_fit(data, length)) png_error(png, "a chunk claims more than the file holds");
    png_set_read_fn(png, &source, cellscape_png_read_memory);
    // zlib's own checksum of the pixels is not checked: each chunk's CRC covers the same bytes (3% of
    // a photo's decoding).
#ifdef PNG_IGNORE_ADLER32  // not in every build of libpng 1.6 (Debian 13's)
    png_set_option(png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#endif
    png_set_user_limits(png, 1000000, 1000000);
    // A chunk's header may claim any length; libpng would allocate it before reading.
    png_set_chunk_malloc_max(png, 16 << 20);
    png_read_info(png, info);
    png_uint_32 w = png_get_image_width(png, info);
    png_uint_32 h = png_get_image_height(png, info);
    if ((double)w * (double)h > max_pixels) {
        // Said in a buffer of its own: the error handler writes into `message`.
        char text[160];
        cellscape_say_too_large(text, sizeof text, w, h, max_pixels);
        png_error(png, text);
    }
    png_set_expand(png);
    png_set_strip_16(png);
    png_set_gray_to_rgb(png);
    png_set_bgr(png);
    // Alpha where the picture has it (tRNS becomes alpha through png_set_expand), 255 elsewhere.
    png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    *width = (int)w;
    *height = (int)h;
    started = 1;
    size_t stride = (size_t)w * 4;
    if (passes > 1) {
        if ((double)w * (double)h > max_interlaced_pixels) {
            char text[160];
            snprintf(text, sizeof text, "an interlaced %ux%u PNG is too large: %.0f megapixels, more than the %.0f "
                     "allowed for one (decoded whole)", (unsigned)w, (unsigned)h, (double)w * h / 1e6,
                     max_interlaced_pixels / 1e6);
            png_error(png, text);
        }
        whole = malloc(stride * h);
        if (whole == NULL) png_error(png, "out of memory");
        rows = malloc(sizeof(png_bytep) * h);
        if (rows == NULL) png_error(png, "out of memory");
        for (png_uint_32 y = 0; y < h; y++) rows[y] = whole + y * stride;
        png_read_image(png, rows);
        for (png_uint_32 y = 0; y < h; y++) callback(context, whole + y * stride, (int)y);
    } else {
        row = malloc(stride);
        if (row == NULL) png_error(png, "out of memory");
        for (png_uint_32 y = 0; y < h; y++) {
            png_read_row(png, row, NULL);
            callback(context, row, (int)y);
            delivered = 1;
        }
    }
    png_destroy_read_struct(&png, &info, NULL);
    free(row);
    free(whole);
    free(rows);
    return 0;
}

// ---- PNG writing and text ----

struct png_sink {
    unsigned char *data;
    size_t length;
    size_t capacity;
    int failed;
};

static void png_write_memory(png_structp png, png_bytep bytes, png_size_t count) {
    struct png_sink *sink = (struct png_sink *)png_get_io_ptr(png);
    if (sink->length + count > sink->capacity) {
        size_t capacity = sink->capacity * 2 + count + 4096;
        unsigned char *grown = realloc(sink->data, capacity);
        if (grown == NULL) {
            sink->failed = 1;
            png_error(png, "out of memory");
        }
        sink->data = grown;
        sink->capacity = capacity;
    }
    memcpy(sink->data + sink->length, bytes, count);
    sink->length += count;
}

static void png_flush_memory(png_structp png) { (void)png; }

int cellscape_png_encode(const unsigned char *pixels, int width, int height, int stride, int opaque,
                         const char **keys, const char **values, int count, unsigned char **output,
                         size_t *output_length) {
    char message[256] = "";
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, message, cellscape_png_fail, cellscape_png_quiet);
    if (png == NULL) return -1;
    png_infop info = png_create_info_struct(png);
    struct png_sink sink = {NULL, 0, 0, 0};
    png_textp volatile texts = NULL;
    if (info == NULL || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(sink.data);
        free(texts);
        return -1;
    }
    png_set_write_fn(png, &sink, png_write_memory, png_flush_memory);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8,
                 opaque ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (count > 0) {
        texts = calloc((size_t)count, sizeof(png_text));
        if (texts == NULL) png_error(png, "out of memory");
        for (int index = 0; index < count; index++) {
            texts[index].compression = PNG_TEXT_COMPRESSION_NONE;
            texts[index].key = (png_charp)keys[index];
            texts[index].text = (png_charp)values[index];
        }
        png_set_text(png, info, texts, count);
    }
    // The Sub filter alone: on photos as small as libpng's own choice (228 against 222 KB a 512 px
    // thumbnail) and read far faster, without Paeth's chain (a cached first screen: 104 against 153 ms).
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
    // Runs alone, no search for longer matches: a 256 px photo's thumbnail in 1.8 ms instead of 11.7
    // (its deflate was a fifth of the desktop's thumbnailer's time), within 1 to 3% of the size.
    png_set_compression_strategy(png, Z_RLE);
    png_write_info(png, info);
    png_set_bgr(png);
    if (opaque) png_set_filler(png, 0, PNG_FILLER_AFTER);
    for (int y = 0; y < height; y++) png_write_row(png, (png_const_bytep)(pixels + (size_t)y * (size_t)stride));
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    free(texts);
    *output = sink.data;
    *output_length = sink.length;
    return 0;
}

struct png_text_query {
    const char *key;
    char *value;
    size_t value_size;
};

static int png_find_text(png_structp png, png_infop info, void *context) {
    struct png_text_query *query = (struct png_text_query *)context;
    png_textp texts = NULL;
    int count = png_get_text(png, info, &texts, NULL);
    for (int index = 0; index < count; index++) {
        if (strcmp(texts[index].key, query->key) == 0) {
            snprintf(query->value, query->value_size, "%s", texts[index].text);
            return 0;
        }
    }
    return -1;
}

int cellscape_png_text(const unsigned char *data, size_t length, const char *key, char *value, size_t value_size) {
    struct png_text_query query = {key, value, value_size};
    return cellscape_png_read_info(data, length, png_find_text, &query);
}

void cellscape_keep_picture_buffers(void) {
#ifdef __GLIBC__
    mallopt(M_MMAP_THRESHOLD, 64 << 20);
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
}

void cellscape_give_back_free_memory(void) {
#ifdef __GLIBC__
    malloc_trim(0);
#endif
}

/// Whether this thread gives its core back at checkpoints, and when it last did.
static __thread int gives_way = 0;
static __thread uint64_t gave_way_at = 0;

void cellscape_lower_thread_priority(int niceness) {
#ifdef __linux__
    pid_t thread = (pid_t)syscall(SYS_gettid);
    setpriority(PRIO_PROCESS, (id_t)thread, getpriority(PRIO_PROCESS, (id_t)thread) + niceness);
#else
    (void)niceness;
#endif
    gives_way = 1;
}

void cellscape_give_way(void) {
    if (!gives_way) return;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    uint64_t nanoseconds = (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
    if (nanoseconds - gave_way_at < 500000) return;
    gave_way_at = nanoseconds;
    sched_yield();
}

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define CELLSCAPE_THREAD_SANITIZER 1
void __tsan_acquire(void *address);
void __tsan_release(void *address);
#endif
#endif

void cellscape_lock_taken(const void *address) {
#ifdef CELLSCAPE_THREAD_SANITIZER
    __tsan_acquire((void *)address);
#else
    (void)address;
#endif
}

void cellscape_lock_given_back(const void *address) {
#ifdef CELLSCAPE_THREAD_SANITIZER
    __tsan_release((void *)address);
#else
    (void)address;
#endif
}
