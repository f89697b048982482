// FFmpeg's libraries, opened with dlopen when the first video is (libavcodec alone brings about 130
// libraries: linked, they cost every start of the program 40 ms, the desktop's thumbnailer's included).
// Each function is declared by the headers built against and called through `ffmpeg.NAME`, a pointer
// of its declared type, from the libraries of the same major versions (their sonames).
#ifndef CELLSCAPE_FFMPEG_LIBRARY_H
#define CELLSCAPE_FFMPEG_LIBRARY_H

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/display.h>
#include <libswscale/swscale.h>

// Where the display matrix is read moved in libavcodec 60.29 (ffmpeg_versions.h).
#if LIBAVCODEC_VERSION_INT >= AV_VERSION_INT(60, 29, 100)
#define FFMPEG_SIDE_DATA(F) F(av_packet_side_data_get)
#else
#define FFMPEG_SIDE_DATA(F) F(av_stream_get_side_data)
#endif

#define FFMPEG_FUNCTIONS(F)                                                                                            \
    F(av_display_rotation_get) F(av_find_best_stream) F(av_frame_alloc) F(av_frame_free) F(av_free) F(av_freep)        \
    F(av_log_set_level) F(av_malloc) F(av_mallocz) F(av_max_alloc) F(av_packet_alloc) F(av_packet_free)                \
    F(av_packet_unref) F(av_read_frame) F(av_seek_frame) F(av_strdup) F(avcodec_alloc_context3)                        \
    F(avcodec_find_decoder) F(avcodec_find_decoder_by_name) F(avcodec_flush_buffers) F(avcodec_free_context)          \
    F(avcodec_get_name) F(avcodec_open2) F(avcodec_parameters_to_context) F(avcodec_receive_frame)                    \
    F(avcodec_send_packet) F(avformat_alloc_context) F(avformat_close_input) F(avformat_find_stream_info)             \
    F(avformat_open_input) F(avformat_seek_file) F(avio_alloc_context) F(avio_context_free) F(sws_freeContext)        \
    F(sws_getCachedContext) F(sws_getCoefficients) F(sws_scale) F(sws_setColorspaceDetails)                        \
    F(avformat_index_get_entries_count) FFMPEG_SIDE_DATA(F)

#define FFMPEG_FIELD(name) __typeof__(&name) name;
struct cellscape_ffmpeg {
    FFMPEG_FUNCTIONS(FFMPEG_FIELD)
};
#undef FFMPEG_FIELD

/// The functions, once `cellscape_ffmpeg_load` said yes.
extern struct cellscape_ffmpeg ffmpeg;

/// Opens the libraries once a process (FFmpeg's log silenced, its allocations bounded): 1 when every
/// function is there, else 0 with a message naming the packages to install.
int cellscape_ffmpeg_load(char *message, int message_size);

/// A symbol of the libraries FFmpeg itself loaded (libdav1d's version), or NULL.
void *cellscape_ffmpeg_symbol(const char *name);

#endif
