// JPEG XL through libjxl, loaded with dlopen when first needed, so a machine without it still runs (such
// a file says which package to install). Every function is declared by libjxl's own headers (libjxl-dev
// at build time: 0.7 on Debian 12, 0.11 on Debian 13) and called through a pointer of its declared
// type, but for the colour functions that lost their pixel-format argument in 0.9: typed here in both
// forms and called by the signature of the version loaded, whichever headers built it.
#include "picture_codecs.h"
#include "codec_support.h"

#include <dlfcn.h>
#include <jxl/decode.h>
#include <jxl/version.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JXL_FUNCTION(name) __typeof__(&JxlDecoder##name) name

static struct {
    void *library;
    JXL_FUNCTION(Create);
    JXL_FUNCTION(Destroy);
    JXL_FUNCTION(SubscribeEvents);
    JXL_FUNCTION(SetInput);
    JXL_FUNCTION(CloseInput);
    JXL_FUNCTION(ProcessInput);
    JXL_FUNCTION(GetBasicInfo);
    JXL_FUNCTION(SetImageOutBuffer);
    // Optional: the colour of the pixels given (the last three of the version loaded's signature).
    JXL_FUNCTION(Version);
    void (*GetColorAsEncodedProfile)(void);
    void (*GetICCProfileSize)(void);
    void (*GetColorAsICCProfile)(void);
} jxl;
static pthread_once_t jxl_once = PTHREAD_ONCE_INIT;

// The colour functions before 0.9, with the pixel format, and from 0.9 on, without it.
typedef JxlDecoderStatus (*encoded_profile_0_7)(const JxlDecoder *, const JxlPixelFormat *, JxlColorProfileTarget,
                                                JxlColorEncoding *);
typedef JxlDecoderStatus (*icc_size_0_7)(const JxlDecoder *, const JxlPixelFormat *, JxlColorProfileTarget, size_t *);
typedef JxlDecoderStatus (*icc_0_7)(const JxlDecoder *, const JxlPixelFormat *, JxlColorProfileTarget, uint8_t *,
                                    size_t);
typedef JxlDecoderStatus (*encoded_profile_0_9)(const JxlDecoder *, JxlColorProfileTarget, JxlColorEncoding *);
typedef JxlDecoderStatus (*icc_size_0_9)(const JxlDecoder *, JxlColorProfileTarget, size_t *);
typedef JxlDecoderStatus (*icc_0_9)(const JxlDecoder *, JxlColorProfileTarget, uint8_t *, size_t);

#define JXL_LOAD(name) jxl.name = (__typeof__(jxl.name))dlsym(library, "JxlDecoder" #name)

// The package of the release built on: Debian names libjxl by its version (libjxl0.7, libjxl0.11).
#define JXL_STRING(x) #x
#define JXL_PACKAGE(major, minor) "libjxl" JXL_STRING(major) "." JXL_STRING(minor)
const char *cellscape_jxl_package(void) { return JXL_PACKAGE(JPEGXL_MAJOR_VERSION, JPEGXL_MINOR_VERSION); }

static void jxl_load(void) {
    const char *names[] = {"libjxl.so.0.11", "libjxl.so.0.10", "libjxl.so.0.9", "libjxl.so.0.8", "libjxl.so.0.7"};
    void *library = NULL;
    for (size_t i = 0; i < sizeof names / sizeof *names && !library; i++) library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    JXL_LOAD(Create);
    JXL_LOAD(Destroy);
    JXL_LOAD(SubscribeEvents);
    JXL_LOAD(SetInput);
    JXL_LOAD(CloseInput);
    JXL_LOAD(ProcessInput);
    JXL_LOAD(GetBasicInfo);
    JXL_LOAD(SetImageOutBuffer);
    JXL_LOAD(Version);
    JXL_LOAD(GetColorAsEncodedProfile);
    JXL_LOAD(GetICCProfileSize);
    JXL_LOAD(GetColorAsICCProfile);
    if (jxl.Create && jxl.Destroy && jxl.SubscribeEvents && jxl.SetInput && jxl.ProcessInput && jxl.GetBasicInfo &&
        jxl.SetImageOutBuffer)
        jxl.library = library;
}

int cellscape_jxl_available(void) {
    pthread_once(&jxl_once, jxl_load);
    return jxl.library != NULL;
}

// Runs the decoder to the basic info (and, with `rgba`, the whole image in R, G, B, A bytes).
static int jxl_run(const unsigned char *data, size_t length, double max_pixels, unsigned char **rgba, int *width,
                   int *height, char *error, size_t error_size) {
    JxlDecoder *decoder = jxl.Create(NULL);
    if (!decoder) return -1;
    int result = -1;
    jxl.SubscribeEvents(decoder, JXL_DEC_BASIC_INFO | (rgba ? JXL_DEC_FULL_IMAGE : 0));
    jxl.SetInput(decoder, data, length);
    if (jxl.CloseInput) jxl.CloseInput(decoder);
    JxlBasicInfo info;
    JxlPixelFormat format = {4, JXL_TYPE_UINT8, JXL_NATIVE_ENDIAN, 0};
    for (int turns = 0; turns < 64; turns++) {
        JxlDecoderStatus status = jxl.ProcessInput(decoder);
        if (status == JXL_DEC_BASIC_INFO) {
            memset(&info, 0, sizeof info);
            if (jxl.GetBasicInfo(decoder, &info) != JXL_DEC_SUCCESS) break;
            int swaps = info.orientation >= 5;  // orientations 5 to 8 turn it a quarter; libjxl applies them
            *width = (int)(swaps ? info.ysize : info.xsize);
            *height = (int)(swaps ? info.xsize : info.ysize);
            if (*width <= 0 || *height <= 0 || (double)*width * (double)*height > max_pixels) {
                cellscape_say_too_large(error, error_size, *width, *height, max_pixels);
                break;
            }
            if (!rgba) {
                result = 0;
                break;
            }
        } else if (status == JXL_DEC_NEED_IMAGE_OUT_BUFFER) {
            size_t size = (size_t)*width * (size_t)*height * 4;
            if (!(*rgba = malloc(size)) || jxl.SetImageOutBuffer(decoder, &format, *rgba, size) != JXL_DEC_SUCCESS) break;
        } else if (status == JXL_DEC_FULL_IMAGE) {
            result = 0;
            break;
        } else if (status == JXL_DEC_SUCCESS || status == JXL_DEC_ERROR || status == JXL_DEC_NEED_MORE_INPUT) {
            snprintf(error, error_size, status == JXL_DEC_NEED_MORE_INPUT ? "ends early" : "damaged JPEG XL data");
            break;
        }
    }
    if (result != 0 && rgba && *rgba) {
        free(*rgba);
        *rgba = NULL;
    }
    jxl.Destroy(decoder);
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
        snprintf(error, error_size, "needs libjxl (apt-get install %s)", cellscape_jxl_package());
        return -2;
    }
    *rgba = NULL;
    int result = jxl_run(data, length, max_pixels, rgba, width, height, error, error_size);
    if (result == 0) cellscape_swap_red_blue(*rgba, (size_t)*width * (size_t)*height);
    return result;
}

// Whether the pixels libjxl gives are described as sRGB (then nothing is converted).
static int jxl_gives_srgb(JxlDecoder *decoder, int before_0_9, const JxlPixelFormat *format) {
    if (!jxl.GetColorAsEncodedProfile) return 0;
    JxlColorEncoding colour;
    memset(&colour, 0, sizeof colour);
    JxlDecoderStatus status =
        before_0_9 ? ((encoded_profile_0_7)jxl.GetColorAsEncodedProfile)(decoder, format, JXL_COLOR_PROFILE_TARGET_DATA,
                                                                          &colour)
                   : ((encoded_profile_0_9)jxl.GetColorAsEncodedProfile)(decoder, JXL_COLOR_PROFILE_TARGET_DATA,
                                                                         &colour);
    return status == JXL_DEC_SUCCESS && colour.color_space == JXL_COLOR_SPACE_RGB &&
           colour.white_point == JXL_WHITE_POINT_D65 && colour.primaries == JXL_PRIMARIES_SRGB &&
           colour.transfer_function == JXL_TRANSFER_FUNCTION_SRGB;
}

int cellscape_jxl_profile(const unsigned char *data, size_t length, unsigned char **profile, size_t *profile_length) {
    if (!cellscape_jxl_available() || !jxl.Version || !jxl.GetICCProfileSize || !jxl.GetColorAsICCProfile) return -1;
    int before_0_9 = jxl.Version() < 9000;
    JxlDecoder *decoder = jxl.Create(NULL);
    if (!decoder) return -1;
    jxl.SubscribeEvents(decoder, JXL_DEC_COLOR_ENCODING);
    jxl.SetInput(decoder, data, length);
    if (jxl.CloseInput) jxl.CloseInput(decoder);
    JxlPixelFormat format = {4, JXL_TYPE_UINT8, JXL_NATIVE_ENDIAN, 0};
    const JxlColorProfileTarget target = JXL_COLOR_PROFILE_TARGET_DATA;
    int result = -1;
    for (int turns = 0; turns < 16; turns++) {
        JxlDecoderStatus status = jxl.ProcessInput(decoder);
        if (status != JXL_DEC_COLOR_ENCODING) {
            if (status == JXL_DEC_SUCCESS || status == JXL_DEC_ERROR || status == JXL_DEC_NEED_MORE_INPUT) break;
            continue;
        }
        if (jxl_gives_srgb(decoder, before_0_9, &format)) break;
        size_t size = 0;
        JxlDecoderStatus found = before_0_9 ? ((icc_size_0_7)jxl.GetICCProfileSize)(decoder, &format, target, &size)
                                            : ((icc_size_0_9)jxl.GetICCProfileSize)(decoder, target, &size);
        if (found != JXL_DEC_SUCCESS || size == 0 || size > (64u << 20) || !(*profile = malloc(size))) break;
        found = before_0_9 ? ((icc_0_7)jxl.GetColorAsICCProfile)(decoder, &format, target, *profile, size)
                           : ((icc_0_9)jxl.GetColorAsICCProfile)(decoder, target, *profile, size);
        if (found == JXL_DEC_SUCCESS) {
            *profile_length = size;
            result = 0;
        } else {
            free(*profile);
            *profile = NULL;
        }
        break;
    }
    jxl.Destroy(decoder);
    return result;
}
