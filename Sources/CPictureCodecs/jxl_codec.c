// JPEG XL through libjxl, loaded with dlopen when first needed, so the build does not need it and a
// machine without it still runs (such a file says which package to install). The functions are
// declared here as the library's ABI has them.
#include "picture_codecs.h"
#include "codec_support.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    JXL_SUCCESS = 0, JXL_ERROR = 1, JXL_NEED_MORE_INPUT = 2, JXL_NEED_IMAGE_OUT_BUFFER = 5,
    JXL_BASIC_INFO = 0x40, JXL_COLOR_ENCODING = 0x100, JXL_FULL_IMAGE = 0x1000, JXL_TYPE_UINT8 = 2,
};
typedef struct { uint32_t channels; int data_type; int endianness; size_t align; } jxl_pixel_format;

static struct {
    void *library;
    void *(*create)(const void *);
    void (*destroy)(void *);
    int (*subscribe)(void *, int);
    int (*set_input)(void *, const uint8_t *, size_t);
    void (*close_input)(void *);
    int (*process)(void *);
    int (*basic_info)(const void *, void *);
    int (*set_out_buffer)(void *, const jxl_pixel_format *, void *, size_t);
    // Optional: the colour of the pixels given. Before 0.9 these took a pixel format too.
    uint32_t (*version)(void);
    void *encoded_profile;
    void *icc_size;
    void *icc;
} jxl;
static pthread_once_t jxl_once = PTHREAD_ONCE_INIT;

static void jxl_load(void) {
    const char *names[] = {"libjxl.so.0.11", "libjxl.so.0.10", "libjxl.so.0.9", "libjxl.so.0.8", "libjxl.so.0.7"};
    void *library = NULL;
    for (size_t i = 0; i < sizeof names / sizeof *names && !library; i++) library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    jxl.create = (void *(*)(const void *))dlsym(library, "JxlDecoderCreate");
    jxl.destroy = (void (*)(void *))dlsym(library, "JxlDecoderDestroy");
    jxl.subscribe = (int (*)(void *, int))dlsym(library, "JxlDecoderSubscribeEvents");
    jxl.set_input = (int (*)(void *, const uint8_t *, size_t))dlsym(library, "JxlDecoderSetInput");
    jxl.close_input = (void (*)(void *))dlsym(library, "JxlDecoderCloseInput");
    jxl.process = (int (*)(void *))dlsym(library, "JxlDecoderProcessInput");
    jxl.basic_info = (int (*)(const void *, void *))dlsym(library, "JxlDecoderGetBasicInfo");
    jxl.set_out_buffer = (int (*)(void *, const jxl_pixel_format *, void *, size_t))dlsym(
        library, "JxlDecoderSetImageOutBuffer");
    jxl.version = (uint32_t (*)(void))dlsym(library, "JxlDecoderVersion");
    jxl.encoded_profile = dlsym(library, "JxlDecoderGetColorAsEncodedProfile");
    jxl.icc_size = dlsym(library, "JxlDecoderGetICCProfileSize");
    jxl.icc = dlsym(library, "JxlDecoderGetColorAsICCProfile");
    if (jxl.create && jxl.destroy && jxl.subscribe && jxl.set_input && jxl.process && jxl.basic_info &&
        jxl.set_out_buffer)
        jxl.library = library;
}

int cellscape_jxl_available(void) {
    pthread_once(&jxl_once, jxl_load);
    return jxl.library != NULL;
}

// Runs the decoder to the basic info (and, with `rgba`, the whole image in R, G, B, A bytes).
static int jxl_run(const unsigned char *data, size_t length, double max_pixels, unsigned char **rgba, int *width,
                   int *height, char *error, size_t error_size) {
    void *decoder = jxl.create(NULL);
    if (!decoder) return -1;
    int result = -1;
    jxl.subscribe(decoder, JXL_BASIC_INFO | (rgba ? JXL_FULL_IMAGE : 0));
    jxl.set_input(decoder, data, length);
    if (jxl.close_input) jxl.close_input(decoder);
    // JxlBasicInfo: have_container, xsize, ysize, ... orientation at byte 48; room for later fields.
    uint32_t info[128];
    jxl_pixel_format format = {4, JXL_TYPE_UINT8, 0, 0};
    for (int turns = 0; turns < 64; turns++) {
        int status = jxl.process(decoder);
        if (status == JXL_BASIC_INFO) {
            memset(info, 0, sizeof info);
            if (jxl.basic_info(decoder, info) != JXL_SUCCESS) break;
            int swaps = info[12] >= 5;  // orientations 5 to 8 turn it a quarter; libjxl applies them
            *width = (int)(swaps ? info[2] : info[1]);
            *height = (int)(swaps ? info[1] : info[2]);
            if (*width <= 0 || *height <= 0 || (double)*width * (double)*height > max_pixels) {
                snprintf(error, error_size, "%dx%d pixels, more than allowed", *width, *height);
                break;
            }
            if (!rgba) {
                result = 0;
                break;
            }
        } else if (status == JXL_NEED_IMAGE_OUT_BUFFER) {
            size_t size = (size_t)*width * (size_t)*height * 4;
            if (!(*rgba = malloc(size)) || jxl.set_out_buffer(decoder, &format, *rgba, size) != JXL_SUCCESS) break;
        } else if (status == JXL_FULL_IMAGE) {
            result = 0;
            break;
        } else if (status == JXL_SUCCESS || status == JXL_ERROR || status == JXL_NEED_MORE_INPUT) {
            snprintf(error, error_size, status == JXL_NEED_MORE_INPUT ? "ends early" : "libjxl cannot decode it");
            break;
        }
    }
    if (result != 0 && rgba && *rgba) {
        free(*rgba);
        *rgba = NULL;
    }
    jxl.destroy(decoder);
    return result;
}

int cellscape_jxl_size(const unsigned char *data, size_t length, int *width, int *height) {
    if (!cellscape_jxl_available()) return -2;
    char error[8];
    return jxl_run(data, length, 1e18, NULL, width, height, error, sizeof error);
}

int cellscape_jxl_decode(const unsigned char *data, size_t length, double max_pixels, unsigned char **rgba, int *width,
                         int *height, char *error, size_t error_size) {
    if (!cellscape_jxl_available()) {
        snprintf(error, error_size, "needs libjxl (apt-get install libjxl0.7)");
        return -2;
    }
    *rgba = NULL;
    int result = jxl_run(data, length, max_pixels, rgba, width, height, error, error_size);
    if (result == 0) cellscape_swap_red_blue(*rgba, (size_t)*width * (size_t)*height);
    return result;
}

// libjxl's JxlColorEncoding, as far as the fields that tell sRGB apart.
typedef struct {
    int colour_space, white_point;
    double white_point_xy[2];
    int primaries;
    double primaries_xy[6];
    int transfer;
    double gamma;
    int intent;
} jxl_colour_encoding;

enum { JXL_TARGET_DATA = 1, JXL_RGB = 0, JXL_D65 = 1, JXL_SRGB_PRIMARIES = 1, JXL_SRGB_TRANSFER = 13 };

// Whether the pixels libjxl gives are described as sRGB (then nothing is converted).
static int jxl_gives_srgb(void *decoder, int before_0_9, const jxl_pixel_format *format) {
    if (!jxl.encoded_profile) return 0;
    jxl_colour_encoding colour;
    memset(&colour, 0, sizeof colour);
    int status = before_0_9
                     ? ((int (*)(void *, const jxl_pixel_format *, int, jxl_colour_encoding *))jxl.encoded_profile)(
                           decoder, format, JXL_TARGET_DATA, &colour)
                     : ((int (*)(void *, int, jxl_colour_encoding *))jxl.encoded_profile)(decoder, JXL_TARGET_DATA,
                                                                                          &colour);
    return status == JXL_SUCCESS && colour.colour_space == JXL_RGB && colour.white_point == JXL_D65 &&
           colour.primaries == JXL_SRGB_PRIMARIES && colour.transfer == JXL_SRGB_TRANSFER;
}

int cellscape_jxl_profile(const unsigned char *data, size_t length, unsigned char **profile, size_t *profile_length) {
    if (!cellscape_jxl_available() || !jxl.version || !jxl.icc_size || !jxl.icc) return -1;
    int before_0_9 = jxl.version() < 9000;
    void *decoder = jxl.create(NULL);
    if (!decoder) return -1;
    jxl.subscribe(decoder, JXL_COLOR_ENCODING);
    jxl.set_input(decoder, data, length);
    if (jxl.close_input) jxl.close_input(decoder);
    jxl_pixel_format format = {4, JXL_TYPE_UINT8, 0, 0};
    int result = -1;
    for (int turns = 0; turns < 16; turns++) {
        int status = jxl.process(decoder);
        if (status != JXL_COLOR_ENCODING) {
            if (status == JXL_SUCCESS || status == JXL_ERROR || status == JXL_NEED_MORE_INPUT) break;
            continue;
        }
        if (jxl_gives_srgb(decoder, before_0_9, &format)) break;
        size_t size = 0;
        int found = before_0_9 ? ((int (*)(void *, const jxl_pixel_format *, int, size_t *))jxl.icc_size)(
                                     decoder, &format, JXL_TARGET_DATA, &size)
                               : ((int (*)(void *, int, size_t *))jxl.icc_size)(decoder, JXL_TARGET_DATA, &size);
        if (found != JXL_SUCCESS || size == 0 || size > (64u << 20) || !(*profile = malloc(size))) break;
        found = before_0_9 ? ((int (*)(void *, const jxl_pixel_format *, int, uint8_t *, size_t))jxl.icc)(
                                 decoder, &format, JXL_TARGET_DATA, *profile, size)
                           : ((int (*)(void *, int, uint8_t *, size_t))jxl.icc)(decoder, JXL_TARGET_DATA, *profile,
                                                                                 size);
        if (found == JXL_SUCCESS) {
            *profile_length = size;
            result = 0;
        } else {
            free(*profile);
            *profile = NULL;
        }
        break;
    }
    jxl.destroy(decoder);
    return result;
}
