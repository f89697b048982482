// Where FFmpeg's API moved between 5.1 (Debian 12) and 7.1 (Debian 13), each read in one place, by the
// version of the headers built against: neither release sees a removed field or a deprecated call.
#ifndef CELLSCAPE_FFMPEG_VERSIONS_H
#define CELLSCAPE_FFMPEG_VERSIONS_H

#include "ffmpeg_library.h"

// How long `frame` shows, in its stream's time base (0 when unknown): `duration` from libavutil
// 57.30; `pkt_duration` before it, removed in 7.0.
static inline int64_t cellscape_frame_duration(const AVFrame *frame) {
#if LIBAVUTIL_VERSION_INT >= AV_VERSION_INT(57, 30, 100)
    return frame->duration;
#else
    return frame->pkt_duration;
#endif
}

// The display matrix of `stream`, if it has one: in its parameters' coded side data from libavcodec
// 60.29 (6.1); `av_stream_get_side_data` before it, deprecated since.
static inline const uint8_t *cellscape_display_matrix(const AVStream *stream) {
#if LIBAVCODEC_VERSION_INT >= AV_VERSION_INT(60, 29, 100)
    const AVPacketSideData *data = ffmpeg.av_packet_side_data_get(
        stream->codecpar->coded_side_data, stream->codecpar->nb_coded_side_data, AV_PKT_DATA_DISPLAYMATRIX);
    return data && data->size >= 9 * 4 ? data->data : NULL;
#else
    size_t size = 0;
    const uint8_t *matrix = ffmpeg.av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size);
    return matrix && size >= 9 * 4 ? matrix : NULL;
#endif
}

#endif
