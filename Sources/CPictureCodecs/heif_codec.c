// HEIF/HEIC and AVIF through libheif, loaded with dlopen when first needed, so a machine without it
// still runs (such a file says which package to install). Every function is declared by libheif's own
// header (libheif-dev at build time) and called through a pointer of its declared type.
#include "picture_codecs.h"
#include "codec_support.h"

#include <dlfcn.h>
#include <libheif/heif.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HEIF_FUNCTION(name) __typeof__(&heif_##name) name

static struct {
    void *library;
    HEIF_FUNCTION(context_alloc);
    HEIF_FUNCTION(context_free);
    HEIF_FUNCTION(context_read_from_memory_without_copy);
    HEIF_FUNCTION(context_read_from_reader);
    HEIF_FUNCTION(context_get_primary_image_handle);
    HEIF_FUNCTION(image_handle_get_width);
    HEIF_FUNCTION(image_handle_get_height);
    HEIF_FUNCTION(image_handle_release);
    HEIF_FUNCTION(decode_image);
    HEIF_FUNCTION(image_get_plane_readonly);
    HEIF_FUNCTION(image_get_width);
    HEIF_FUNCTION(image_get_height);
    HEIF_FUNCTION(image_release);
    // Optional: thumbnail items and colour profiles (every libheif of Debian's has them).
    HEIF_FUNCTION(image_handle_get_number_of_thumbnails);
    HEIF_FUNCTION(image_handle_get_list_of_thumbnail_IDs);
    HEIF_FUNCTION(image_handle_get_thumbnail);
    HEIF_FUNCTION(image_handle_get_raw_color_profile_size);
    HEIF_FUNCTION(image_handle_get_raw_color_profile);
    HEIF_FUNCTION(image_handle_get_nclx_color_profile);
    HEIF_FUNCTION(nclx_color_profile_free);
} heif;
static pthread_once_t heif_once = PTHREAD_ONCE_INIT;

#define HEIF_LOAD(name) heif.name = (__typeof__(heif.name))dlsym(library, "heif_" #name)

static void heif_load(void) {
    void *library = dlopen("libheif.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    __typeof__(&heif_init) init = (__typeof__(&heif_init))dlsym(library, "heif_init");
    if (init) init(NULL);  // libheif 1.13 and later load their decoder plugins here
    HEIF_LOAD(context_alloc);
    HEIF_LOAD(context_free);
    HEIF_LOAD(context_read_from_memory_without_copy);
    HEIF_LOAD(context_read_from_reader);
    HEIF_LOAD(context_get_primary_image_handle);
    HEIF_LOAD(image_handle_get_width);
    HEIF_LOAD(image_handle_get_height);
    HEIF_LOAD(image_handle_release);
    HEIF_LOAD(decode_image);
    HEIF_LOAD(image_get_plane_readonly);
    HEIF_LOAD(image_get_width);
    HEIF_LOAD(image_get_height);
    HEIF_LOAD(image_release);
    HEIF_LOAD(image_handle_get_number_of_thumbnails);
    HEIF_LOAD(image_handle_get_list_of_thumbnail_IDs);
    HEIF_LOAD(image_handle_get_thumbnail);
    HEIF_LOAD(image_handle_get_raw_color_profile_size);
    HEIF_LOAD(image_handle_get_raw_color_profile);
    HEIF_LOAD(image_handle_get_nclx_color_profile);
    HEIF_LOAD(nclx_color_profile_free);
    if (heif.context_alloc && heif.context_free && heif.context_read_from_memory_without_copy &&
        heif.context_read_from_reader && heif.context_get_primary_image_handle && heif.image_handle_get_width &&
        heif.image_handle_get_height && heif.image_handle_release && heif.decode_image &&
        heif.image_get_plane_readonly && heif.image_get_width && heif.image_get_height && heif.image_release)
        heif.library = library;
}

int cellscape_heif_available(void) {
    pthread_once(&heif_once, heif_load);
    return heif.library != NULL;
}

// What libheif stopped on, as a user reads it: its own words never reach the window.
static const char *heif_problem(struct heif_error problem) {
    switch (problem.code) {
    case heif_error_Memory_allocation_error: return "out of memory";
    case heif_error_Unsupported_filetype:
    case heif_error_Unsupported_feature: return "a HEIF or AVIF coded in a way that cannot be decoded";
    case heif_error_Decoder_plugin_error: return "damaged HEIF or AVIF image data";
    default: return "damaged HEIF or AVIF data";
    }
}

// The primary image of `context` once read (with `problem` the reading's outcome); returns its handle,
// or NULL with a message (the context freed).
static struct heif_image_handle *heif_primary(struct heif_context *context, struct heif_error problem, char *error,
                                              size_t error_size) {
    struct heif_image_handle *handle = NULL;
    if (problem.code == heif_error_Ok) problem = heif.context_get_primary_image_handle(context, &handle);
    if (problem.code != heif_error_Ok) {
        snprintf(error, error_size, "%s", heif_problem(problem));
        heif.context_free(context);
        return NULL;
    }
    return handle;
}

// Opens the primary image; returns the handle (and the context to free) or NULL with a message.
static struct heif_image_handle *heif_open(const unsigned char *data, size_t length, struct heif_context **context,
                                           char *error, size_t error_size) {
    *context = heif.context_alloc();
    if (!*context) {
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    struct heif_error problem = heif.context_read_from_memory_without_copy(*context, data, length, NULL);
    return heif_primary(*context, problem, error, error_size);
}

// A file read through `read_at`, for libheif's reader: it asks for the boxes it parses and seeks past
// the others (the media data), so a header costs the boxes that describe the picture, not the file.
typedef struct {
    cellscape_read_at read_at;
    void *source;
    int64_t position;
} heif_source;

static int64_t heif_source_position(void *userdata) { return ((heif_source *)userdata)->position; }

static int heif_source_read(void *data, size_t size, void *userdata) {
    heif_source *source = userdata;
    size_t done = 0;
    while (done < size) {
        long count = source->read_at(source->source, source->position + (int64_t)done, (unsigned char *)data + done,
                                     size - done);
        if (count <= 0) return -1;
        done += (size_t)count;
    }
    source->position += (int64_t)size;
    return 0;
}

static int heif_source_seek(int64_t position, void *userdata) {
    if (position < 0) return -1;
    ((heif_source *)userdata)->position = position;
    return 0;
}

static enum heif_reader_grow_status heif_source_size(int64_t target_size, void *userdata) {
    heif_source *source = userdata;
    unsigned char last;
    if (target_size <= 0) return heif_reader_grow_status_size_reached;
    return source->read_at(source->source, target_size - 1, &last, 1) == 1 ? heif_reader_grow_status_size_reached
                                                                           : heif_reader_grow_status_size_beyond_eof;
}

int cellscape_heif_size_reading(cellscape_read_at read_at, void *source, int *width, int *height) {
    if (!cellscape_heif_available()) return -2;
    struct heif_context *context = heif.context_alloc();
    if (!context) return -1;
    heif_source file = {read_at, source, 0};
    struct heif_reader reader = {1, heif_source_position, heif_source_read, heif_source_seek, heif_source_size};
    char error[8];
    struct heif_image_handle *handle =
        heif_primary(context, heif.context_read_from_reader(context, &reader, &file, NULL), error, sizeof error);
    if (!handle) return -1;
    *width = heif.image_handle_get_width(handle);
    *height = heif.image_handle_get_height(handle);
    heif.image_handle_release(handle);
    heif.context_free(context);
    return *width > 0 && *height > 0 ? 0 : -1;
}

// The smallest thumbnail item of `handle` at least `min_width` x `min_height`, or NULL.
static struct heif_image_handle *heif_thumbnail(struct heif_image_handle *handle, int min_width, int min_height) {
    if (min_width <= 0 || !heif.image_handle_get_number_of_thumbnails || !heif.image_handle_get_list_of_thumbnail_IDs ||
        !heif.image_handle_get_thumbnail)
        return NULL;
    heif_item_id ids[16];
    int count = heif.image_handle_get_number_of_thumbnails(handle);
    count = heif.image_handle_get_list_of_thumbnail_IDs(handle, ids, count < 16 ? count : 16);
    struct heif_image_handle *best = NULL;
    for (int i = 0; i < count; i++) {
        struct heif_image_handle *thumbnail = NULL;
        if (heif.image_handle_get_thumbnail(handle, ids[i], &thumbnail).code != heif_error_Ok || !thumbnail) continue;
        int width = heif.image_handle_get_width(thumbnail), height = heif.image_handle_get_height(thumbnail);
        if (width >= min_width && height >= min_height &&
            (!best || (double)width * height <
                          (double)heif.image_handle_get_width(best) * heif.image_handle_get_height(best))) {
            if (best) heif.image_handle_release(best);
            best = thumbnail;
        } else {
            heif.image_handle_release(thumbnail);
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
    struct heif_context *context;
    struct heif_image_handle *primary = heif_open(data, length, &context, error, error_size);
    if (!primary) return -1;
    // A thumbnail the file carries serves when it is large enough: far less to decode.
    struct heif_image_handle *thumbnail = heif_thumbnail(primary, min_width, min_height);
    struct heif_image_handle *handle = thumbnail ? thumbnail : primary;
    int result = -1;
    struct heif_image *image = NULL;
    *width = heif.image_handle_get_width(handle);
    *height = heif.image_handle_get_height(handle);
    if ((double)*width * (double)*height > max_pixels || *width <= 0 || *height <= 0) {
        cellscape_say_too_large(error, error_size, *width, *height, max_pixels);
    } else {
        struct heif_error problem =
            heif.decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, NULL);
        int stride = 0;
        const uint8_t *plane =
            problem.code == heif_error_Ok ? heif.image_get_plane_readonly(image, heif_channel_interleaved, &stride)
                                          : NULL;
        // The image decoded, not the size its boxes claim: a damaged file's differ, and the rows are
        // copied by it (the fuzzer read past a plane smaller than the claim).
        if (plane) {
            *width = heif.image_get_width(image, heif_channel_interleaved);
            *height = heif.image_get_height(image, heif_channel_interleaved);
            if (*width <= 0 || *height <= 0 || stride < *width * 4 ||
                (double)*width * (double)*height > max_pixels) {
                plane = NULL;
            }
        }
        if (!plane) {
            snprintf(error, error_size, "%s", problem.code != heif_error_Ok ? heif_problem(problem)
                                                                             : "damaged HEIF or AVIF image data");
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
    if (thumbnail) heif.image_handle_release(thumbnail);
    heif.image_handle_release(primary);
    heif.context_free(context);
    return result;
}

// A profile made from the nclx description of `handle`, unless it is sRGB's (BT.709 primaries, or
// none given, with an sRGB-like transfer): libheif turns YCbCr into RGB but leaves the primaries.
static int heif_nclx_profile(struct heif_image_handle *handle, unsigned char **profile, size_t *profile_length) {
    struct heif_color_profile_nclx *nclx = NULL;
    if (!heif.image_handle_get_nclx_color_profile || !heif.nclx_color_profile_free ||
        heif.image_handle_get_nclx_color_profile(handle, &nclx).code != heif_error_Ok || !nclx)
        return -1;
    int primaries = nclx->color_primaries, transfer = nclx->transfer_characteristics;
    double xy[8] = {nclx->color_primary_red_x,   nclx->color_primary_red_y, nclx->color_primary_green_x,
                    nclx->color_primary_green_y, nclx->color_primary_blue_x, nclx->color_primary_blue_y,
                    nclx->color_primary_white_x, nclx->color_primary_white_y};
    heif.nclx_color_profile_free(nclx);
    int srgb_primaries = primaries == 1 || primaries == 2;
    int srgb_transfer = transfer == 1 || transfer == 2 || transfer == 6 || transfer == 13 || transfer == 14 ||
                        transfer == 15;
    if ((srgb_primaries && srgb_transfer) || xy[0] <= 0 || xy[7] <= 0) return -1;
    return cellscape_profile_describing(xy, transfer, profile, profile_length);
}

int cellscape_heif_profile(const unsigned char *data, size_t length, unsigned char **profile, size_t *profile_length) {
    if (!cellscape_heif_available()) return -1;
    struct heif_context *context;
    char error[8];
    struct heif_image_handle *handle = heif_open(data, length, &context, error, sizeof error);
    if (!handle) return -1;
    int result = -1;
    size_t size = heif.image_handle_get_raw_color_profile_size && heif.image_handle_get_raw_color_profile
                      ? heif.image_handle_get_raw_color_profile_size(handle)
                      : 0;
    if (size > 0 && size < (64u << 20) && (*profile = malloc(size))) {
        if (heif.image_handle_get_raw_color_profile(handle, *profile).code == heif_error_Ok) {
            *profile_length = size;
            result = 0;
        } else {
            free(*profile);
            *profile = NULL;
        }
    }
    if (result != 0) result = heif_nclx_profile(handle, profile, profile_length);
    heif.image_handle_release(handle);
    heif.context_free(context);
    return result;
}
