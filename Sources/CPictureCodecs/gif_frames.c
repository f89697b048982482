#include "picture_codecs.h"

#include <gif_lib.h>
#include <stdio.h>
#include <stdlib.h>

// What giflib stopped on, as a user reads it: its own words ("Failed to read from given file") never
// reach the window.
static const char *gif_problem(int code) {
    switch (code) {
    case D_GIF_ERR_NOT_GIF_FILE: return "not a GIF";
    case D_GIF_ERR_NOT_ENOUGH_MEM: return "out of memory";
    case D_GIF_ERR_DATA_TOO_BIG: return "damaged GIF data: a frame larger than the picture";
    case D_GIF_ERR_NO_SCRN_DSCR:
    case D_GIF_ERR_NO_IMAG_DSCR:
    case D_GIF_ERR_EOF_TOO_SOON: return "a GIF cut short";
    default: return "damaged or cut short GIF data";
    }
}
#include <string.h>

// GIF frames composited as browsers composite them: a canvas of the logical screen, transparent at
// first; each frame drawn over it (clipped to it) with its transparent index left out; before the
// next frame, the disposal of this one: keep, clear its rect to transparent, or restore what it covered.

struct cellscape_gif {
    GifFileType *file;
    const unsigned char *data;
    size_t length;
    size_t offset;
    int width, height;
    int loop_count;
    unsigned char *canvas;
    unsigned char *saved;  // what the last frame covered, for disposal 3
    unsigned char *line;
    // The last frame's rect and disposal, applied before the next is drawn.
    int last_left, last_top, last_width, last_height, last_disposal;
    int frames;
    int ended_early;  // the file ended inside a record: something is missing
};

static int gif_read(GifFileType *file, GifByteType *target, int count) {
    struct cellscape_gif *gif = (struct cellscape_gif *)file->UserData;
    size_t left = gif->length - gif->offset;
    size_t take = (size_t)count < left ? (size_t)count : left;
    memcpy(target, gif->data + gif->offset, take);
    gif->offset += take;
    return (int)take;
}

cellscape_gif *cellscape_gif_open(const unsigned char *data, size_t length, double max_pixels, char *error,
                                  size_t error_size) {
    struct cellscape_gif *gif = calloc(1, sizeof(*gif));
    if (gif == NULL) {
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    gif->data = data;
    gif->length = length;
    int status = 0;
    gif->file = DGifOpen(gif, gif_read, &status);
    if (gif->file == NULL) {
        snprintf(error, error_size, "%s", gif_problem(status));
        free(gif);
        return NULL;
    }
    gif->width = gif->file->SWidth;
    gif->height = gif->file->SHeight;
    if (gif->width <= 0 || gif->height <= 0 || (double)gif->width * gif->height > max_pixels) {
        snprintf(error, error_size, "a %dx%d GIF screen, not a size that can be shown", gif->width, gif->height);
        cellscape_gif_close(gif);
        return NULL;
    }
    gif->loop_count = -1;  // no NETSCAPE2.0 extension: played once
    size_t bytes = (size_t)gif->width * (size_t)gif->height * 4;
    gif->canvas = calloc(1, bytes);
    gif->line = malloc(65536);
    if (gif->canvas == NULL || gif->line == NULL) {
        snprintf(error, error_size, "out of memory");
        cellscape_gif_close(gif);
        return NULL;
    }
    return gif;
}

void cellscape_gif_close(cellscape_gif *gif) {
    if (gif == NULL) return;
    int status = 0;
    if (gif->file) DGifCloseFile(gif->file, &status);
    free(gif->canvas);
    free(gif->saved);
    free(gif->line);
    free(gif);
}

void cellscape_gif_size(const cellscape_gif *gif, int *width, int *height) {
    *width = gif->width;
    *height = gif->height;
}

int cellscape_gif_loop_count(const cellscape_gif *gif) { return gif->loop_count; }

int cellscape_gif_ended_early(const cellscape_gif *gif) { return gif->ended_early; }

const unsigned char *cellscape_gif_canvas(const cellscape_gif *gif) { return gif->canvas; }

// Applies the last frame's disposal to its rect (already clipped).
static void gif_dispose(struct cellscape_gif *gif) {
    if (gif->last_width <= 0 || gif->last_height <= 0) return;
    for (int y = gif->last_top; y < gif->last_top + gif->last_height; y++) {
        unsigned char *row = gif->canvas + ((size_t)y * gif->width + gif->last_left) * 4;
        size_t count = (size_t)gif->last_width * 4;
        if (gif->last_disposal == DISPOSE_BACKGROUND) memset(row, 0, count);
        if (gif->last_disposal == DISPOSE_PREVIOUS)
            memcpy(row, gif->saved + ((size_t)y * gif->width + gif->last_left) * 4, count);
    }
    gif->last_width = 0;
}

// Reads the application extension's sub-blocks, taking the loop count from NETSCAPE2.0.
static int gif_application(struct cellscape_gif *gif, GifByteType *extension) {
    int netscape = extension != NULL && extension[0] >= 11 &&
                   (memcmp(extension + 1, "NETSCAPE2.0", 11) == 0 || memcmp(extension + 1, "ANIMEXTS1.0", 11) == 0);
    while (1) {
        if (DGifGetExtensionNext(gif->file, &extension) == GIF_ERROR) return GIF_ERROR;
        if (extension == NULL) return GIF_OK;
        if (netscape && extension[0] >= 3 && extension[1] == 1) gif->loop_count = extension[2] | extension[3] << 8;
    }
}

int cellscape_gif_next_frame(cellscape_gif *gif, int *delay_centiseconds, char *error, size_t error_size) {
    if (gif->file == NULL) return 0;  // ended by a frame cut short
    GifFileType *file = gif->file;
    GraphicsControlBlock control = {DISPOSAL_UNSPECIFIED, false, 0, NO_TRANSPARENT_COLOR};
    while (1) {
        GifRecordType record;
        if (DGifGetRecordType(file, &record) == GIF_ERROR) {
            // A file cut short after its last whole frame: the frames so far are the picture (a
            // trailer alone missing hides nothing; stray bytes end it as browsers end it).
            if (gif->frames > 0) return 0;
            snprintf(error, error_size, "%s", gif_problem(file->Error));
            return -1;
        }
        if (record == TERMINATE_RECORD_TYPE) {
            if (gif->frames > 0) return 0;
            snprintf(error, error_size, "a GIF without frames");
            return -1;
        }
        if (record == EXTENSION_RECORD_TYPE) {
            int code = 0;
            GifByteType *extension = NULL;
            if (DGifGetExtension(file, &code, &extension) == GIF_ERROR) {
                gif->ended_early = gif->offset >= gif->length;
                if (gif->frames > 0) return 0;
                snprintf(error, error_size, "%s", gif_problem(file->Error));
                return -1;
            }
            if (code == APPLICATION_EXT_FUNC_CODE) {
                if (gif_application(gif, extension) == GIF_ERROR) {
                    gif->ended_early = gif->offset >= gif->length;
                    if (gif->frames > 0) return 0;
                }
                continue;
            }
            if (code == GRAPHICS_EXT_FUNC_CODE && extension != NULL) DGifExtensionToGCB(extension[0], extension + 1, &control);
            while (extension != NULL) {
                if (DGifGetExtensionNext(file, &extension) == GIF_ERROR) {
                    gif->ended_early = gif->offset >= gif->length;
                    break;
                }
            }
            continue;
        }
        if (record != IMAGE_DESC_RECORD_TYPE) continue;
        if (DGifGetImageDesc(file) == GIF_ERROR) {
            gif->ended_early = gif->offset >= gif->length;
            if (gif->frames > 0) return 0;
            snprintf(error, error_size, "%s", gif_problem(file->Error));
            return -1;
        }
        break;
    }
    gif_dispose(gif);
    GifImageDesc *frame = &file->Image;
    ColorMapObject *map = frame->ColorMap ? frame->ColorMap : file->SColorMap;
    int left = frame->Left, top = frame->Top, width = frame->Width, height = frame->Height;
    // The frame's rect clipped to the canvas: what it may change.
    int clip_left = left < 0 ? 0 : left, clip_top = top < 0 ? 0 : top;
    int clip_right = left + width > gif->width ? gif->width : left + width;
    int clip_bottom = top + height > gif->height ? gif->height : top + height;
    if (clip_right < clip_left) clip_right = clip_left;
    if (clip_bottom < clip_top) clip_bottom = clip_top;
    if (control.DisposalMode == DISPOSE_PREVIOUS) {
        // What the frame covers is kept to be restored: a canvas's worth, made the first time needed.
        if (gif->saved == NULL) gif->saved = malloc((size_t)gif->width * (size_t)gif->height * 4);
        if (gif->saved == NULL) {
            snprintf(error, error_size, "out of memory");
            return -1;
        }
        for (int y = clip_top; y < clip_bottom; y++) {
            size_t at = ((size_t)y * gif->width + clip_left) * 4;
            memcpy(gif->saved + at, gif->canvas + at, (size_t)(clip_right - clip_left) * 4);
        }
    }
    static const int starts[] = {0, 4, 2, 1}, steps[] = {8, 8, 4, 2};
    int passes = frame->Interlace ? 4 : 1;
    int complete = 1;
    if (width <= 0 || height <= 0 || width > 65535) {
        // A frame of no pixels: its raster data is passed over, so the next record is read where it is.
        int code_size = 0;
        GifByteType *block = NULL;
        if (DGifGetCode(file, &code_size, &block) == GIF_ERROR) complete = 0;
        while (complete && block != NULL) {
            if (DGifGetCodeNext(file, &block) == GIF_ERROR) complete = 0;
        }
    } else {
        for (int pass = 0; pass < passes && complete; pass++) {
            int start = frame->Interlace ? starts[pass] : 0, step = frame->Interlace ? steps[pass] : 1;
            for (int row = start; row < height; row += step) {
                if (DGifGetLine(file, gif->line, width) == GIF_ERROR) {
                    // Cut short: the rows so far stay, as browsers show them.
                    complete = 0;
                    break;
                }
                int y = top + row;
                if (y < clip_top || y >= clip_bottom) continue;
                unsigned char *target = gif->canvas + (size_t)y * gif->width * 4;
                for (int x = clip_left; x < clip_right; x++) {
                    int index = gif->line[x - left];
                    if (index == control.TransparentColor) continue;
                    unsigned char *pixel = target + (size_t)x * 4;
                    if (map != NULL && index < map->ColorCount) {
                        GifColorType colour = map->Colors[index];
                        pixel[0] = colour.Blue, pixel[1] = colour.Green, pixel[2] = colour.Red;
                    } else {
                        // No palette, or an index past it: grey, as browsers draw a missing palette.
                        pixel[0] = pixel[1] = pixel[2] = (unsigned char)index;
                    }
                    pixel[3] = 255;
                }
            }
        }
    }
    gif->last_left = clip_left, gif->last_top = clip_top;
    gif->last_width = clip_right - clip_left, gif->last_height = clip_bottom - clip_top;
    gif->last_disposal = control.DisposalMode;
    *delay_centiseconds = control.DelayTime;
    gif->frames += 1;
    // After a frame cut short nothing more can be read: the next call ends the sequence.
    if (!complete) {
        gif->ended_early = 1;
        int status = 0;
        DGifCloseFile(gif->file, &status);
        gif->file = NULL;
    }
    return 1;
}
