#include "picture_encoders.h"

#include <gif_lib.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

struct gif_sink {
    unsigned char *data;
    size_t length, capacity;
};

static int gif_write(GifFileType *file, const GifByteType *bytes, int count) {
    struct gif_sink *sink = (struct gif_sink *)file->UserData;
    if (sink->length + (size_t)count > sink->capacity) {
        size_t capacity = sink->capacity * 2 + (size_t)count + 4096;
        unsigned char *grown = realloc(sink->data, capacity);
        if (grown == NULL) return 0;
        sink->data = grown;
        sink->capacity = capacity;
    }
    memcpy(sink->data + sink->length, bytes, (size_t)count);
    sink->length += (size_t)count;
    return count;
}

int cellscape_gif_encode(const unsigned char *indices, int width, int height, int frames, const unsigned char *palette,
                         int transparent_index, int delay_centiseconds, int loop_count, unsigned char **output,
                         size_t *output_length) {
    struct gif_sink sink = {NULL, 0, 0};
    int status = 0;
    GifFileType *file = EGifOpen(&sink, gif_write, &status);
    if (file == NULL) return -1;
    ColorMapObject *map = GifMakeMapObject(256, NULL);
    int failed = map == NULL;
    for (int i = 0; !failed && i < 256; i++) {
        map->Colors[i].Red = palette[3 * i];
        map->Colors[i].Green = palette[3 * i + 1];
        map->Colors[i].Blue = palette[3 * i + 2];
    }
    EGifSetGifVersion(file, true);
    if (!failed) failed = EGifPutScreenDesc(file, width, height, 8, 0, map) == GIF_ERROR;
    if (!failed && frames > 1) {
        unsigned char loop[3] = {1, (unsigned char)(loop_count & 0xFF), (unsigned char)(loop_count >> 8)};
        failed = EGifPutExtensionLeader(file, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
                 EGifPutExtensionBlock(file, 11, "NETSCAPE2.0") == GIF_ERROR ||
                 EGifPutExtensionBlock(file, 3, loop) == GIF_ERROR || EGifPutExtensionTrailer(file) == GIF_ERROR;
    }
    for (int frame = 0; !failed && frame < frames; frame++) {
        GraphicsControlBlock control = {transparent_index >= 0 ? DISPOSE_BACKGROUND : DISPOSE_DO_NOT, false,
                                        delay_centiseconds, transparent_index};
        GifByteType extension[4];
        size_t length = EGifGCBToExtension(&control, extension);
        failed = EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, (int)length, extension) == GIF_ERROR ||
                 EGifPutImageDesc(file, 0, 0, width, height, false, NULL) == GIF_ERROR;
        const unsigned char *pixels = indices + (size_t)frame * width * height;
        for (int y = 0; !failed && y < height; y++)
            failed = EGifPutLine(file, (GifPixelType *)(pixels + (size_t)y * width), width) == GIF_ERROR;
    }
    GifFreeMapObject(map);
    if (EGifCloseFile(file, &status) == GIF_ERROR) failed = 1;
    if (failed) {
        free(sink.data);
        return -1;
    }
    *output = sink.data;
    *output_length = sink.length;
    return 0;
}
