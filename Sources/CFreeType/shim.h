#ifndef CELLSCAPE_CFREETYPE_SHIM_H
#define CELLSCAPE_CFREETYPE_SHIM_H

// FreeType renders the HUD's glyphs; fontconfig finds the font file.
#include <ft2build.h>
#include FT_FREETYPE_H
#include <fontconfig/fontconfig.h>

static inline int cellscape_ft_load_render(void) { return FT_LOAD_RENDER; }
// Colour emoji fonts (CBDT) hold BGRA bitmaps at fixed sizes: loaded in colour, at the strike chosen.
static inline int cellscape_ft_load_colour(void) { return FT_LOAD_RENDER | FT_LOAD_COLOR; }
static inline int cellscape_ft_is_bitmap_only(FT_Face face) {
    return FT_HAS_FIXED_SIZES(face) && !FT_IS_SCALABLE(face);
}
static inline int cellscape_ft_pixel_mode_bgra(void) { return FT_PIXEL_MODE_BGRA; }

#endif
