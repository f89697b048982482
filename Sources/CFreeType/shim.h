#ifndef CELLSCAPE_CFREETYPE_SHIM_H
#define CELLSCAPE_CFREETYPE_SHIM_H

// FreeType renders the HUD's glyphs; fontconfig finds the font file.
#include <ft2build.h>
#include FT_FREETYPE_H
#include <fontconfig/fontconfig.h>

static inline int cellscape_ft_load_render(void) { return FT_LOAD_RENDER; }

#endif
