// HEIF/HEIC and AVIF through libheif, loaded with dlopen when first needed, so the build does not need
// it and a machine without it still runs (such a file says which package to install). The functions
// are declared here as the library's ABI has them.
#include "picture_codecs.h"
#include "codec_support.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct heif_error { int code; int subcode; const char *message; };
enum { HEIF_COLORSPACE_RGB = 1, HEIF_CHROMA_INTERLEAVED_RGBA = 11, HEIF_CHANNEL_INTERLEAVED = 10 };

// libheif's `heif_color_profile_nclx`: H.273 code points and the chromaticities they stand for.
struct heif_nclx {
    uint8_t version;
    int primaries, transfer, matrix;
    uint8_t full_range;
    float red_x, red_y, green_x, green_y, blue_x, blue_y, white_x, white_y;
};

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
    struct heif_error (*nclx)(const void *, struct heif_nclx **);
    void (*nclx_free)(struct heif_nclx *);
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
    heif.nclx = (struct heif_error (*)(const void *, struct heif_nclx **))dlsym(
        library, "heif_image_handle_get_nclx_color_profile");
    heif.nclx_free = (void (*)(struct heif_nclx *))dlsym(library, "heif_nclx_color_profile_free");
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
            cellscape_swap_red_blue(*rgba, (size_t)*width * (size_t)*height);
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

// A profile made from the nclx description of `handle`, unless it is sRGB's (BT.709 primaries, or
// none given, with an sRGB-like transfer): libheif turns YCbCr into RGB but leaves the primaries.
static int heif_nclx_profile(void *handle, unsigned char **profile, size_t *profile_length) {
    struct heif_nclx *nclx = NULL;
    if (!heif.nclx || !heif.nclx_free || heif.nclx(handle, &nclx).code != 0 || !nclx) return -1;
    int primaries = nclx->primaries, transfer = nclx->transfer;
    double xy[8] = {nclx->red_x, nclx->red_y, nclx->green_x, nclx->green_y,
                    nclx->blue_x, nclx->blue_y, nclx->white_x, nclx->white_y};
    heif.nclx_free(nclx);
    int srgb_primaries = primaries == 1 || primaries == 2;
    int srgb_transfer = transfer == 1 || transfer == 2 || transfer == 6 || transfer == 13 || transfer == 14 ||
                        transfer == 15;
    if ((srgb_primaries && srgb_transfer) || xy[0] <= 0 || xy[7] <= 0) return -1;
    return cellscape_profile_describing(xy, transfer, profile, profile_length);
}

int cellscape_heif_profile(const unsigned char *data, size_t length, unsigned char **profile, size_t *profile_length) {
    if (!cellscape_heif_available()) return -1;
    void *context;
    char error[8];
    void *handle = heif_open(data, length, &context, error, sizeof error);
    if (!handle) return -1;
    int result = -1;
    size_t size = heif.profile_size && heif.profile ? heif.profile_size(handle) : 0;
    if (size > 0 && size < (64u << 20) && (*profile = malloc(size))) {
        if (heif.profile(handle, *profile).code == 0) {
            *profile_length = size;
            result = 0;
        } else {
            free(*profile);
            *profile = NULL;
        }
    }
    if (result != 0) result = heif_nclx_profile(handle, profile, profile_length);
    heif.handle_release(handle);
    heif.context_free(context);
    return result;
}

