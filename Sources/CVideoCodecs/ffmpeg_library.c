// FFmpeg's libraries opened at run time: libavformat (libavcodec and libavutil come with it) and
// libswscale, by the sonames of the headers built against.
#include "ffmpeg_library.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

struct cellscape_ffmpeg ffmpeg;

static void *format_library, *scale_library;
static int loaded;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

#define STRING(x) #x
#define SONAME(library, major) "lib" library ".so." STRING(major)
// Debian names the packages by the major version too: libavformat59 (12), libavformat61 (13).
#define PACKAGE(library, major) "lib" library STRING(major)

static void *find(const char *name) {
    void *symbol = dlsym(format_library, name);
    return symbol ? symbol : dlsym(scale_library, name);
}

static void load(void) {
    format_library = dlopen(SONAME("avformat", LIBAVFORMAT_VERSION_MAJOR), RTLD_NOW | RTLD_LOCAL);
    scale_library = dlopen(SONAME("swscale", LIBSWSCALE_VERSION_MAJOR), RTLD_NOW | RTLD_LOCAL);
    if (!format_library || !scale_library) return;
    int missing = 0;
#define FFMPEG_LOAD(name) missing |= !(ffmpeg.name = (__typeof__(ffmpeg.name))find(#name));
    FFMPEG_FUNCTIONS(FFMPEG_LOAD)
#undef FFMPEG_LOAD
    if (missing) return;
    // FFmpeg's log silent, and every allocation of it under 256 MB (a damaged box that claims
    // gigabytes fails to open instead; an 8K frame is 133 MB).
    ffmpeg.av_log_set_level(AV_LOG_QUIET);
    ffmpeg.av_max_alloc((256 << 20) - 1);
    loaded = 1;
}

int cellscape_ffmpeg_load(char *message, int message_size) {
    pthread_once(&load_once, load);
    if (!loaded && message && message_size > 0)
        snprintf(message, (size_t)message_size, "videos need FFmpeg's libraries: install %s and %s",
                 PACKAGE("avformat", LIBAVFORMAT_VERSION_MAJOR), PACKAGE("swscale", LIBSWSCALE_VERSION_MAJOR));
    return loaded;
}

void *cellscape_ffmpeg_symbol(const char *name) { return loaded ? find(name) : NULL; }
