#ifndef CELLSCAPE_CPNG_SHIM_H
#define CELLSCAPE_CPNG_SHIM_H

// libpng's simplified API (png_image) writes and reads snapshots.
#include <png.h>

static inline unsigned int cellscape_png_image_version(void) { return PNG_IMAGE_VERSION; }
static inline unsigned int cellscape_png_format_bgra(void) { return PNG_FORMAT_BGRA; }
static inline unsigned int cellscape_png_format_rgb(void) { return PNG_FORMAT_RGB; }
static inline int cellscape_png_image_failed(png_imagep image) { return PNG_IMAGE_FAILED(*image); }

#endif
