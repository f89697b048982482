// HEIF/HEIC and AVIF through libheif, JPEG XL through libjxl: loaded with dlopen when first needed,
// so the build needs neither and a machine without them still runs (each such file says which
// package to install). The functions are declared here as the libraries' ABI has them.
#include "picture_codecs.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// R, G, B, A bytes to B, G, R, A, the order the row shrinker takes.
static void swap_red_blue(unsigned char *pixels, size_t count) {
    for (size_t i = 0; i < count; i++) {
        unsigned char red = pixels[4 * i];
        pixels[4 * i] = pixels[4 * i + 2];
        pixels[4 * i + 2] = red;
    }
}

// ---- libheif ----

struct heif_error { int code; int subcode; const char *message; };
enum { HEIF_COLORSPACE_RGB = 1, HEIF_CHROMA_INTERLEAVED_RGBA = 11, HEIF_CHANNEL_INTERLEAVED = 10 };

static struct {
    void *library;
    void *(*context_alloc)(void);
    void (*context_free)(void *);
    struct heif_error (*read_from_memory)(void *, const void *, size_t, const void *);
    struct heif_error (*primary_handle)(void *, void **);
    int (*handle_width)(const void *);
    int (*handle_height)(const void *);
    void (*handle_release)(const void *);
    struct heif_error (*decode_image)(const void *, void **, int, int, const void *);
    const uint8_t *(*plane)(const void *, int, int *);
    int (*image_width)(const void *, int);
    int (*image_height)(const void *, int);
    void (*image_release)(const void *);
    // Optional: thumbnail items and colour profiles (every libheif of Debian's has them).
    int (*thumbnail_count)(const void *);
    int (*thumbnail_ids)(const void *, uint32_t *, int);
    struct heif_error (*thumbnail)(const void *, uint32_t, void **);
    size_t (*profile_size)(const void *);
    struct heif_error (*profile)(const void *, void *);
} heif;
static pthread_once_t heif_once = PTHREAD_ONCE_INIT;

static void heif_load(void) {
    void *library = dlopen("libheif.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    struct heif_error (*init)(void *) = (struct heif_error (*)(void *))dlsym(library, "heif_init");
    if (init) init(NULL);  // libheif 1.13 and later load their decoder plugins here
    heif.context_alloc = (void *(*)(void))dlsym(library, "heif_context_alloc");
    heif.context_free = (void (*)(void *))dlsym(library, "heif_context_free");
    heif.read_from_memory = (struct heif_error (*)(void *, const void *, size_t, const void *))dlsym(
        library, "heif_context_read_from_memory_without_copy");
    heif.primary_handle = (struct heif_error (*)(void *, void **))dlsym(library, "heif_context_get_primary_image_handle");
    heif.handle_width = (int (*)(const void *))dlsym(library, "heif_image_handle_get_width");
    heif.handle_height = (int (*)(const void *))dlsym(library, "heif_image_handle_get_height");
    heif.handle_release = (void (*)(const void *))dlsym(library, "heif_image_handle_release");
    heif.decode_image = (struct heif_error (*)(const void *, void **, int, int, const void *))dlsym(
        library, "heif_decode_image");
    heif.plane = (const uint8_t *(*)(const void *, int, int *))dlsym(library, "heif_image_get_plane_readonly");
    heif.image_width = (int (*)(const void *, int))dlsym(library, "heif_image_get_width");
    heif.image_height = (int (*)(const void *, int))dlsym(library, "heif_image_get_height");
    heif.image_release = (void (*)(const void *))dlsym(library, "heif_image_release");
    heif.thumbnail_count = (int (*)(const void *))dlsym(library, "heif_image_handle_get_number_of_thumbnails");
    heif.thumbnail_ids = (int (*)(const void *, uint32_t *, int))dlsym(
        library, "heif_image_handle_get_list_of_thumbnail_IDs");
    heif.thumbnail = (struct heif_error (*)(const void *, uint32_t, void **))dlsym(
        library, "heif_image_handle_get_thumbnail");
    heif.profile_size = (size_t (*)(const void *))dlsym(library, "heif_image_handle_get_raw_color_profile_size");
    heif.profile = (struct heif_error (*)(const void *, void *))dlsym(library, "heif_image_handle_get_raw_color_profile");
    if (heif.context_alloc && heif.context_free && heif.read_from_memory && heif.primary_handle &&
        heif.handle_width && heif.handle_height && heif.handle_release && heif.decode_image && heif.plane &&
        heif.image_width && heif.image_height && heif.image_release)
        heif.library = library;
}

int cellscape_heif_available(void) {
    pthread_once(&heif_once, heif_load);
    return heif.library != NULL;
}

// Opens the primary image; returns the handle (and the context to free) or NULL with a message.
static void *heif_open(const unsigned char *data, size_t length, void **context, char *error, size_t error_size) {
    *context = heif.context_alloc();
    struct heif_error problem = heif.read_from_memory(*context, data, length, NULL);
    void *handle = NULL;
    if (problem.code == 0) problem = heif.primary_handle(*context, &handle);
    if (problem.code != 0) {
        snprintf(error, error_size, "%s", problem.message ? problem.message : "libheif cannot read it");
        heif.context_free(*context);
        return NULL;
    }
    return handle;
}

int cellscape_heif_size(const unsigned char *data, size_t length, int *width, int *height) {
    if (!cellscape_heif_available()) return -2;
    void *context;
    char error[8];
    void *handle = heif_open(data, length, &context, error, sizeof error);
    if (!handle) return -1;
    *width = heif.handle_width(handle);
    *height = heif.handle_height(handle);
    heif.handle_release(handle);
    heif.context_free(context);
    return *width > 0 && *height > 0 ? 0 : -1;
}

// The smallest thumbnail item of `handle` at least `min_width` x `min_height`, or NULL.
static void *heif_thumbnail(void *handle, int min_width, int min_height) {
    if (min_width <= 0 || !heif.thumbnail_count || !heif.thumbnail_ids || !heif.thumbnail) return NULL;
    uint32_t ids[16];
    int count = heif.thumbnail_count(handle);
    count = heif.thumbnail_ids(handle, ids, count < 16 ? count : 16);
    void *best = NULL;
    for (int i = 0; i < count; i++) {
        void *thumbnail = NULL;
        if (heif.thumbnail(handle, ids[i], &thumbnail).code != 0 || !thumbnail) continue;
        int width = heif.handle_width(thumbnail), height = heif.handle_height(thumbnail);
        if (width >= min_width && height >= min_height &&
            (!best || (double)width * height < (double)heif.handle_width(best) * heif.handle_height(best))) {
            if (best) heif.handle_release(best);
            best = thumbnail;
        } else {
            heif.handle_release(thumbnail);
        }
    }
    return best;
}

int cellscape_heif_decode(const unsigned char *data, size_t length, double max_pixels, int min_width, int min_height,
                          unsigned char **rgba, int *width, int *height, char *error, size_t error_size) {
    if (!cellscape_heif_available()) {
        snprintf(error, error_size, "needs libheif (apt-get install libheif1)");
        return -2;
    }
    void *context;
    void *primary = heif_open(data, length, &context, error, error_size);
    if (!primary) return -1;
    // A thumbnail the file carries serves when it is large enough: far less to decode.
    void *thumbnail = heif_thumbnail(primary, min_width, min_height);
    void *handle = thumbnail ? thumbnail : primary;
    int result = -1;
    void *image = NULL;
    *width = heif.handle_width(handle);
    *height = heif.handle_height(handle);
    if ((double)*width * (double)*height > max_pixels || *width <= 0 || *height <= 0) {
        snprintf(error, error_size, "%dx%d pixels, more than allowed", *width, *height);
    } else {
        struct heif_error problem =
            heif.decode_image(handle, &image, HEIF_COLORSPACE_RGB, HEIF_CHROMA_INTERLEAVED_RGBA, NULL);
        int stride = 0;
        const uint8_t *plane = problem.code == 0 ? heif.plane(image, HEIF_CHANNEL_INTERLEAVED, &stride) : NULL;
        // The image decoded, not the size its boxes claim: a damaged file's differ, and the rows are
        // copied by it (the fuzzer read past a plane smaller than the claim).
        if (plane) {
            *width = heif.image_width(image, HEIF_CHANNEL_INTERLEAVED);
            *height = heif.image_height(image, HEIF_CHANNEL_INTERLEAVED);
            if (*width <= 0 || *height <= 0 || stride < *width * 4 ||
                (double)*width * (double)*height > max_pixels) {
                plane = NULL;
                problem.message = "libheif decoded no image of the size it claims";
            }
        }
        if (!plane) {
            snprintf(error, error_size, "%s", problem.message ? problem.message : "libheif cannot decode it");
        } else if ((*rgba = malloc((size_t)*width * (size_t)*height * 4))) {
            for (int y = 0; y < *height; y++)
                memcpy(*rgba + (size_t)y * (size_t)*width * 4, plane + (size_t)y * (size_t)stride, (size_t)*width * 4);
            swap_red_blue(*rgba, (size_t)*width * (size_t)*height);
            result = 0;
        } else {
            snprintf(error, error_size, "out of memory");
        }
    }
    if (image) heif.image_release(image);
    if (thumbnail) heif.handle_release(thumbnail);
    heif.handle_release(primary);
    heif.context_free(context);
    return result;
}

int cellscape_heif_profile(const unsigned char *data, size_t length, unsigned char **profile, size_t *profile_length) {
    if (!cellscape_heif_available() || !heif.profile_size || !heif.profile) return -1;
    void *context;
    char error[8];
    void *handle = heif_open(data, length, &context, error, sizeof error);
    if (!handle) return -1;
    int result = -1;
    size_t size = heif.profile_size(handle);
    if (size > 0 && size < (64u << 20) && (*profile = malloc(size))) {
        if (heif.profile(handle, *profile).code == 0) {
            *profile_length = size;
            result = 0;
        } else {
            free(*profile);
            *profile = NULL;
        }
    }
    heif.handle_release(handle);
    heif.context_free(context);
    return result;
}

// ---- libjxl ----

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
    if (result == 0) swap_red_blue(*rgba, (size_t)*width * (size_t)*height);
    return result;
}
