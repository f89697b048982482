#include "picture_codecs.h"
#include "codec_support.h"

#include <lcms2.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <png.h>

// Embedded ICC profiles, converted to sRGB with lcms2 as Eye of GNOME and gThumb do.

void *cellscape_profile_transform(const unsigned char *profile, size_t length, int input) {
    cmsHPROFILE source = cmsOpenProfileFromMem(profile, (cmsUInt32Number)length);
    if (source == NULL) return NULL;
    cmsColorSpaceSignature space = cmsGetColorSpace(source);
    cmsUInt32Number format;
    if (input == CELLSCAPE_PROFILE_BGRA && space == cmsSigRgbData) {
        format = TYPE_BGRA_8;
    } else if (input == CELLSCAPE_PROFILE_CMYK_INVERTED && space == cmsSigCmykData) {
        format = TYPE_CMYK_8_REV;
    } else if (input == CELLSCAPE_PROFILE_CMYK && space == cmsSigCmykData) {
        format = TYPE_CMYK_8;
    } else {
        // A profile that does not describe the pixels' colour space is ignored, as libraries do; so is
        // a grey one (grey pixels arrive widened to B, G, R).
        cmsCloseProfile(source);
        return NULL;
    }
    cmsHPROFILE srgb = cmsCreate_sRGBProfile();
    // No cache: one transform may then serve several threads at once.
    cmsUInt32Number flags = cmsFLAGS_NOCACHE | (format == TYPE_BGRA_8 ? cmsFLAGS_COPY_ALPHA : 0);
    cmsHTRANSFORM transform = cmsCreateTransform(source, format, srgb, TYPE_BGRA_8, INTENT_PERCEPTUAL, flags);
    cmsCloseProfile(source);
    cmsCloseProfile(srgb);
    return transform;
}

// ---- A profile from a description (HEIF/AVIF nclx): primaries, white point and transfer ----

// The H.273 transfer characteristics a display-referred picture uses, as a tone curve; HDR ones
// (PQ, HLG) have no SDR curve and take sRGB's, so their primaries are still converted.
static cmsToneCurve *transfer_curve(int transfer) {
    switch (transfer) {
    case 4: return cmsBuildGamma(NULL, 2.2);
    case 5: return cmsBuildGamma(NULL, 2.8);
    case 8: return cmsBuildGamma(NULL, 1.0);
    default: {
        const cmsFloat64Number srgb[5] = {2.4, 1.0 / 1.055, 0.055 / 1.055, 1.0 / 12.92, 0.04045};
        return cmsBuildParametricToneCurve(NULL, 4, srgb);
    }
    }
}

int cellscape_profile_describing(const double xy[8], int transfer, unsigned char **profile, size_t *length) {
    cmsCIExyY white = {xy[6], xy[7], 1.0};
    cmsCIExyYTRIPLE primaries = {{xy[0], xy[1], 1.0}, {xy[2], xy[3], 1.0}, {xy[4], xy[5], 1.0}};
    cmsToneCurve *curve = transfer_curve(transfer);
    if (curve == NULL) return -1;
    cmsToneCurve *curves[3] = {curve, curve, curve};
    cmsHPROFILE made = cmsCreateRGBProfile(&white, &primaries, curves);
    cmsFreeToneCurve(curve);
    if (made == NULL) return -1;
    cmsUInt32Number size = 0;
    int result = -1;
    if (cmsSaveProfileToMem(made, NULL, &size) && size > 0 && (*profile = malloc(size))) {
        if (cmsSaveProfileToMem(made, *profile, &size)) {
            *length = size;
            result = 0;
        } else {
            free(*profile);
            *profile = NULL;
        }
    }
    cmsCloseProfile(made);
    return result;
}

void cellscape_profile_apply(void *transform, const void *input, void *output, int pixels) {
    cmsDoTransform((cmsHTRANSFORM)transform, input, output, (cmsUInt32Number)pixels);
}

void cellscape_profile_release(void *transform) {
    if (transform != NULL) cmsDeleteTransform((cmsHTRANSFORM)transform);
}

// ---- Finding the profile ----

static int jpeg_profile(const unsigned char *data, size_t length, unsigned char **profile, size_t *profile_length,
                        int *colour_space) {
    struct jpeg_decompress_struct info;
    struct jpeg_failure failure;
    info.err = jpeg_std_error(&failure.manager);
    failure.manager.error_exit = cellscape_jpeg_fail;
    failure.manager.output_message = cellscape_jpeg_quiet;
    if (setjmp(failure.jump)) {
        jpeg_destroy_decompress(&info);
        return -1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)length);
    jpeg_save_markers(&info, JPEG_APP0 + 2, 0xFFFF);
    jpeg_read_header(&info, TRUE);
    JOCTET *bytes = NULL;
    unsigned int count = 0;
    int found = jpeg_read_icc_profile(&info, &bytes, &count) ? 0 : -1;
    *colour_space = info.jpeg_color_space == JCS_GRAYSCALE ? CELLSCAPE_PROFILE_GREY
                    : info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK
                        ? (info.saw_Adobe_marker ? CELLSCAPE_PROFILE_CMYK_INVERTED : CELLSCAPE_PROFILE_CMYK)
                        : CELLSCAPE_PROFILE_BGRA;
    jpeg_destroy_decompress(&info);
    *profile = bytes;
    *profile_length = count;
    return found;
}

struct found_profile {
    unsigned char **profile;
    size_t *profile_length;
};

static int png_find_profile(png_structp png, png_infop info, void *context) {
    struct found_profile *found = (struct found_profile *)context;
    png_charp name = NULL;
    int compression = 0;
    png_bytep bytes = NULL;
    png_uint_32 count = 0;
    if (!png_get_iCCP(png, info, &name, &compression, &bytes, &count) || count == 0) return -1;
    *found->profile = malloc(count);
    if (*found->profile == NULL) return -1;
    memcpy(*found->profile, bytes, count);
    *found->profile_length = count;
    return 0;
}

/// A WebP's ICCP chunk, which an extended (VP8X) file carries before its image data.
static int webp_profile(const unsigned char *data, size_t length, unsigned char **profile, size_t *profile_length) {
    size_t offset = 12;
    while (offset + 8 <= length) {
        const unsigned char *chunk = data + offset;
        size_t size = (size_t)chunk[4] | (size_t)chunk[5] << 8 | (size_t)chunk[6] << 16 | (size_t)chunk[7] << 24;
        if (size > length - offset - 8) return -1;
        if (memcmp(chunk, "ICCP", 4) == 0) {
            if (size == 0) return -1;
            *profile = malloc(size);
            if (*profile == NULL) return -1;
            memcpy(*profile, chunk + 8, size);
            *profile_length = size;
            return 0;
        }
        offset += 8 + size + (size & 1);
    }
    return -1;
}

int cellscape_embedded_profile(int format, const unsigned char *data, size_t length, unsigned char **profile,
                               size_t *profile_length, int *colour_space) {
    *profile = NULL;
    *profile_length = 0;
    *colour_space = CELLSCAPE_PROFILE_BGRA;
    switch (format) {
    case CELLSCAPE_FORMAT_PNG: {
        // Grey PNGs are widened to B, G, R before their profile is applied: only an RGB one is taken.
        struct found_profile found = {profile, profile_length};
        return cellscape_png_read_info(data, length, png_find_profile, &found);
    }
    case CELLSCAPE_FORMAT_JPEG: return jpeg_profile(data, length, profile, profile_length, colour_space);
    case CELLSCAPE_FORMAT_WEBP: return webp_profile(data, length, profile, profile_length);
    case CELLSCAPE_FORMAT_HEIF: return cellscape_heif_profile(data, length, profile, profile_length);
    case CELLSCAPE_FORMAT_JXL: return cellscape_jxl_profile(data, length, profile, profile_length);
    default: return -1;
    }
}
