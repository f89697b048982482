// A video's frames through FFmpeg (5.1 to 7.1, opened when first needed: ffmpeg_library.h): a reader
// callback as the container's input, the best video stream decoded frame by frame and converted by
// libswscale to B, G, R, A with the stream's own colour matrix and range. Errors come back as messages
// in a user's words; FFmpeg's log is silent.
#include "video_codecs.h"
#include "ffmpeg_library.h"
#include "ffmpeg_versions.h"

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/display.h>
#include <libavutil/imgutils.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

struct cellscape_video {
    cellscape_video_reader read;
    cellscape_video_interrupt interrupted;
    void *context;
    // The reader's work stopped by `interrupted`: sticky, so every loop ends.
    int stopped;
    int64_t size;
    int64_t position;
    AVIOContext *io;
    AVFormatContext *format;
    AVCodecContext *codec;
    struct SwsContext *scaler;
    AVPacket *packet;
    AVFrame *frame;
    int stream;
    int width, height;
    // The canvas's size: the stored size, or the size shown (libswscale reduces by area as it converts).
    int out_width, out_height;
    uint8_t *canvas;
    // Where libswscale writes: rows 64-byte aligned (with rows of other lengths its fast paths leave the
    // last pixels of a row unwritten), copied into the canvas's tight rows.
    uint8_t *converted;
    int converted_stride;
    int draining, finished, read_failed;
    // A seek decoded the frame it landed on without converting it: the next frame to give.
    int pending;
    // While a seek decodes up to its target (stream time base; INT64_MIN otherwise): frames that end
    // before it and no other frame refers to are not decoded at all.
    int64_t skip_until;
    double last_end;
    int has_audio;
};

static void say(char *message, int32_t size, const char *text) {
    if (message && size > 0) snprintf(message, (size_t)size, "%s", text);
}

// Whether the reader's work is no longer wanted; once it is not, it never is again.
static int is_stopped(cellscape_video *video) {
    if (!video->stopped && video->interrupted && video->interrupted(video->context)) video->stopped = 1;
    return video->stopped;
}

// FFmpeg's interrupt callback: asked while it probes and reads the streams' details.
static int interrupt(void *opaque) { return is_stopped(opaque); }

int32_t cellscape_video_stopped(const cellscape_video *video) { return video->stopped; }

static int read_packet(void *opaque, uint8_t *buffer, int count) {
    cellscape_video *video = opaque;
    if (is_stopped(video)) return AVERROR_EXIT;
    int32_t got = video->read(video->context, video->position, buffer, count);
    if (got <= 0) return AVERROR_EOF;
    video->position += got;
    return got;
}

static int64_t seek(void *opaque, int64_t offset, int whence) {
    cellscape_video *video = opaque;
    switch (whence & ~AVSEEK_FORCE) {
    case AVSEEK_SIZE: return video->size;
    case SEEK_SET: video->position = offset; break;
    case SEEK_CUR: video->position += offset; break;
    case SEEK_END:
        if (video->size < 0) return -1;
        video->position = video->size + offset;
        break;
    default: return -1;
    }
    return video->position;
}

static const AVStream *video_stream(const cellscape_video *video) { return video->format->streams[video->stream]; }

// The best video stream that is not a cover picture, or -1.
static int find_video_stream(AVFormatContext *format) {
    int best = ffmpeg.av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, NULL, 0);
    if (best >= 0 && !(format->streams[best]->disposition & AV_DISPOSITION_ATTACHED_PIC)) return best;
    for (unsigned index = 0; index < format->nb_streams; index++) {
        const AVStream *stream = format->streams[index];
        if (stream->codecpar->codec_type == AVMEDIA_TYPE_VIDEO && !(stream->disposition & AV_DISPOSITION_ATTACHED_PIC))
            return (int)index;
    }
    return -1;
}

// What FFmpeg may reach: the containers and codecs that cameras, phones and feeds make (as browsers
// build FFmpeg with a handful of decoders), nothing else of its hundreds, whatever a file claims.
// MPEG-4 Part 2 and Motion JPEG: what cameras and phones recorded before H.264.
static const char allowed_containers[] = "mov,mp4,m4a,3gp,3g2,mj2,matroska,webm";
// From a server, what browsers play; from files, what cameras made too.
static const char browsers_decoders[] = "h264,hevc,vp8,libvpx,vp9,libvpx-vp9,av1,libdav1d,libaom-av1";
static const char cameras_decoders[] = "h264,hevc,vp8,libvpx,vp9,libvpx-vp9,av1,libdav1d,libaom-av1,mpeg4,mjpeg";

static int codec_allowed(enum AVCodecID codec, int from_network) {
    switch (codec) {
    case AV_CODEC_ID_H264: case AV_CODEC_ID_HEVC: case AV_CODEC_ID_VP8: case AV_CODEC_ID_VP9: case AV_CODEC_ID_AV1:
        return 1;
    case AV_CODEC_ID_MPEG4: case AV_CODEC_ID_MJPEG:
        return !from_network;
    default:
        return 0;
    }
}

// Says the codec refused, by name: before a frame is decoded.
static int refuse_codec(const cellscape_video *video, int from_network, char *message, int32_t message_size) {
    char text[160];
    snprintf(text, sizeof text, "its video codec (%s) is not one Cellscape plays%s",
             ffmpeg.avcodec_get_name(video_stream(video)->codecpar->codec_id), from_network ? " from a server" : "");
    say(message, message_size, text);
    return 0;
}

// Whether `decoder` is libdav1d of a version whose threads can wait on each other for ever on a
// damaged stream (1.0, Debian 12's: a 3 KB WebM found by FuzzVideo): it then decodes on one thread.
static int dav1d_deadlocks(const AVCodec *decoder) {
    if (strcmp(decoder->name, "libdav1d") != 0) return 0;
    const char *(*version)(void) = (const char *(*)(void))cellscape_ffmpeg_symbol("dav1d_version");
    return !version || strncmp(version(), "1.0.", 4) == 0 || strncmp(version(), "0.", 2) == 0;
}

static int open_decoder(cellscape_video *video, int threads, double maximum_pixels, int from_network,
                        char *message, int32_t message_size) {
    const AVCodecParameters *parameters = video_stream(video)->codecpar;
    const AVCodec *decoder = NULL;
    // Debian's build decodes AV1 through libdav1d; FFmpeg's own decoder needs hardware.
    if (parameters->codec_id == AV_CODEC_ID_AV1) decoder = ffmpeg.avcodec_find_decoder_by_name("libdav1d");
    if (!decoder) decoder = ffmpeg.avcodec_find_decoder(parameters->codec_id);
    if (!decoder) {
        char text[160];
        snprintf(text, sizeof text, "its video codec (%s) is not supported", ffmpeg.avcodec_get_name(parameters->codec_id));
        say(message, message_size, text);
        return 0;
    }
    video->codec = ffmpeg.avcodec_alloc_context3(decoder);
    if (!video->codec || ffmpeg.avcodec_parameters_to_context(video->codec, parameters) < 0) {
        say(message, message_size, "its video stream cannot be read");
        return 0;
    }
    // One thread for a tile's clip (the loader runs a decoder per worker); the open video's decoder
    // takes more, frames decoded in parallel, up to 1080p: each thread holds frames of its own (a 4K
    // HEVC video's decoder took 200 MB more with two).
    int large = (int64_t)parameters->width * parameters->height > 1920 * 1088;
    video->codec->thread_count = threads > 1 && !large && !dav1d_deadlocks(decoder) ? threads : 1;
    video->codec->pkt_timebase = video_stream(video)->time_base;
    // The decoder's own bound on a frame, whatever the container said of its size.
    video->codec->max_pixels = maximum_pixels < (double)INT64_MAX ? (int64_t)maximum_pixels : INT64_MAX;
    video->codec->codec_whitelist = ffmpeg.av_strdup(from_network ? browsers_decoders : cameras_decoders);
    if (ffmpeg.avcodec_open2(video->codec, decoder, NULL) < 0) {
        char text[160];
        snprintf(text, sizeof text, "its video codec (%s) is not supported", ffmpeg.avcodec_get_name(parameters->codec_id));
        say(message, message_size, text);
        return 0;
    }
    video->packet = ffmpeg.av_packet_alloc();
    video->frame = ffmpeg.av_frame_alloc();
    if (!video->packet || !video->frame || !cellscape_video_set_output_size(video, video->width, video->height)) {
        say(message, message_size, "not enough memory for its frames");
        return 0;
    }
    return 1;
}

cellscape_video *cellscape_video_open(
    cellscape_video_reader read, cellscape_video_interrupt interrupted, void *context, int64_t size,
    double maximum_pixels, int32_t decoding, int32_t from_network, char *message, int32_t message_size) {
    if (!cellscape_ffmpeg_load(message, message_size)) return NULL;
    cellscape_video *video = ffmpeg.av_mallocz(sizeof *video);
    if (!video) return NULL;
    video->read = read;
    video->interrupted = interrupted;
    video->context = context;
    video->skip_until = INT64_MIN;
    video->size = size;
    video->stream = -1;
    const int buffer_size = 32768;
    uint8_t *buffer = ffmpeg.av_malloc(buffer_size);
    video->io = buffer ? ffmpeg.avio_alloc_context(buffer, buffer_size, 0, video, read_packet, NULL, seek) : NULL;
    video->format = ffmpeg.avformat_alloc_context();
    if (!video->io || !video->format) {
        if (!video->io) ffmpeg.av_free(buffer);
        say(message, message_size, "not enough memory to open it");
        cellscape_video_close(video);
        return NULL;
    }
    video->format->pb = video->io;
    video->format->interrupt_callback = (AVIOInterruptCB){interrupt, video};
    video->format->flags |= AVFMT_FLAG_CUSTOM_IO;
    // Bounds on what probing reads, so a lying container cannot make it read for ever.
    video->format->probesize = 8 << 20;
    video->format->max_analyze_duration = 5 * AV_TIME_BASE;
    video->format->format_whitelist = ffmpeg.av_strdup(allowed_containers);
    video->format->codec_whitelist = ffmpeg.av_strdup(from_network ? browsers_decoders : cameras_decoders);
    if (ffmpeg.avformat_open_input(&video->format, NULL, NULL, NULL) < 0) {
        video->format = NULL;
        say(message, message_size, "not a video container Cellscape plays (MP4, MOV, WebM or Matroska)");
        cellscape_video_close(video);
        return NULL;
    }
    video->stream = find_video_stream(video->format);
    // A codec the container names is judged before anything is decoded (reading the streams' details
    // decodes a few packets).
    if (video->stream >= 0 && video_stream(video)->codecpar->codec_id != AV_CODEC_ID_NONE &&
        !codec_allowed(video_stream(video)->codecpar->codec_id, from_network)) {
        refuse_codec(video, from_network, message, message_size);
        cellscape_video_close(video);
        return NULL;
    }
    int unknown_size = video->stream < 0 || video_stream(video)->codecpar->width <= 0;
    // The stream info is read (a few packets decoded) only when the container does not give the size.
    if (unknown_size && ffmpeg.avformat_find_stream_info(video->format, NULL) < 0) {
        say(message, message_size, "its streams cannot be read");
        cellscape_video_close(video);
        return NULL;
    }
    video->stream = find_video_stream(video->format);
    for (unsigned index = 0; index < video->format->nb_streams; index++)
        if (video->format->streams[index]->codecpar->codec_type == AVMEDIA_TYPE_AUDIO) video->has_audio = 1;
    if (video->stream < 0) {
        say(message, message_size, video->has_audio ? "audio only: it has no video stream" : "it has no video stream");
        cellscape_video_close(video);
        return NULL;
    }
    if (!codec_allowed(video_stream(video)->codecpar->codec_id, from_network)) {
        refuse_codec(video, from_network, message, message_size);
        cellscape_video_close(video);
        return NULL;
    }
    video->width = video_stream(video)->codecpar->width;
    video->height = video_stream(video)->codecpar->height;
    if (video->width <= 0 || video->height <= 0 || video->width > 32768 || video->height > 32768 ||
        (double)video->width * video->height > maximum_pixels) {
        char text[160];
        snprintf(text, sizeof text, "its frames' size (%d x %d) is beyond what can be shown", video->width,
                 video->height);
        say(message, message_size, text);
        cellscape_video_close(video);
        return NULL;
    }
    for (unsigned index = 0; index < video->format->nb_streams; index++)
        if ((int)index != video->stream) video->format->streams[index]->discard = AVDISCARD_ALL;
    if (decoding > 0 && !open_decoder(video, decoding, maximum_pixels, from_network, message, message_size)) {
        cellscape_video_close(video);
        return NULL;
    }
    return video;
}

void cellscape_video_close(cellscape_video *video) {
    if (!video) return;
    ffmpeg.sws_freeContext(video->scaler);
    ffmpeg.av_frame_free(&video->frame);
    ffmpeg.av_packet_free(&video->packet);
    ffmpeg.avcodec_free_context(&video->codec);
    if (video->format) ffmpeg.avformat_close_input(&video->format);
    if (video->io) {
        ffmpeg.av_freep(&video->io->buffer);
        ffmpeg.avio_context_free(&video->io);
    }
    ffmpeg.av_free(video->canvas);
    ffmpeg.av_free(video->converted);
    ffmpeg.av_free(video);
}

// The deblocking filter's work, given up for frames reduced 3x or more for a tile: the reduction
// averages the block edges it smooths (measured against the full decode's pixels, reduced alike).
static enum AVDiscard loop_filter_for(const cellscape_video *video) {
    return video->out_width * 3 <= video->width && video->out_height * 3 <= video->height ? AVDISCARD_ALL
                                                                                          : AVDISCARD_DEFAULT;
}

int32_t cellscape_video_set_output_size(cellscape_video *video, int32_t width, int32_t height) {
    if (width < 1 || height < 1 || !video->codec) return 0;
    ffmpeg.av_freep(&video->canvas);
    ffmpeg.av_freep(&video->converted);
    video->out_width = width;
    video->out_height = height;
    video->canvas = ffmpeg.av_malloc((size_t)width * (size_t)height * 4);
    video->converted_stride = FFALIGN(width * 4, 64);
    video->converted = ffmpeg.av_malloc((size_t)video->converted_stride * (size_t)height);
    video->codec->skip_loop_filter = loop_filter_for(video);
    return video->canvas && video->converted;
}

void cellscape_video_output_size(const cellscape_video *video, int32_t *width, int32_t *height) {
    *width = video->out_width;
    *height = video->out_height;
}

void cellscape_video_size(const cellscape_video *video, int32_t *width, int32_t *height) {
    *width = video->width;
    *height = video->height;
}

int32_t cellscape_video_quarter_turns(const cellscape_video *video) {
    const uint8_t *matrix = cellscape_display_matrix(video_stream(video));
    if (!matrix) return 0;
    // As the ffmpeg tool turns it: the negated rotation, clockwise, in 0..360.
    double theta = -ffmpeg.av_display_rotation_get((const int32_t *)matrix);
    if (isnan(theta)) return 0;
    theta -= 360 * floor(theta / 360 + 0.9 / 360);
    return ((int32_t)lround(theta / 90)) % 4;
}

double cellscape_video_seconds(const cellscape_video *video) {
    if (video->format->duration != AV_NOPTS_VALUE && video->format->duration > 0)
        return (double)video->format->duration / AV_TIME_BASE;
    const AVStream *stream = video_stream(video);
    if (stream->duration != AV_NOPTS_VALUE && stream->duration > 0) return stream->duration * av_q2d(stream->time_base);
    return -1;
}

int32_t cellscape_video_has_audio(const cellscape_video *video) { return video->has_audio; }

const char *cellscape_video_codec_name(const cellscape_video *video) {
    return ffmpeg.avcodec_get_name(video_stream(video)->codecpar->codec_id);
}

const uint8_t *cellscape_video_canvas(const cellscape_video *video) { return video->canvas; }

int32_t cellscape_video_ended_early(const cellscape_video *video) {
    if (!video->finished) return 0;
    double seconds = cellscape_video_seconds(video);
    return video->read_failed || (seconds > 0 && video->last_end > 0 && video->last_end < seconds * 1000 - 500);
}

// Receives the next decoded frame into video->frame: 1, 0 at the end, feeding packets as it asks.
static int receive(cellscape_video *video) {
    int failures = 0;
    for (;;) {
        int status = ffmpeg.avcodec_receive_frame(video->codec, video->frame);
        if (status >= 0) return 1;
        if (status == AVERROR_EOF) return 0;
        if (status != AVERROR(EAGAIN)) {
            // A frame that failed: the next one, unless the decoder keeps failing.
            if (++failures > 16) return 0;
            continue;
        }
        if (video->draining || is_stopped(video)) return 0;
        status = ffmpeg.av_read_frame(video->format, video->packet);
        if (status < 0) {
            if (is_stopped(video)) return 0;
            if (status != AVERROR_EOF) video->read_failed = 1;
            video->draining = 1;
            ffmpeg.avcodec_send_packet(video->codec, NULL);
            continue;
        }
        if (video->packet->stream_index == video->stream) {
            const AVPacket *packet = video->packet;
            if (video->skip_until != INT64_MIN)
                video->codec->skip_frame = packet->pts != AV_NOPTS_VALUE && packet->pts + packet->duration <= video->skip_until
                                               ? AVDISCARD_NONREF
                                               : AVDISCARD_DEFAULT;
            // A corrupt packet is skipped; the decoder goes on from the next.
            ffmpeg.avcodec_send_packet(video->codec, video->packet);
        }
        ffmpeg.av_packet_unref(video->packet);
    }
}

// Converts video->frame into the canvas with the stream's matrix and range (unsaid: BT.601 below 720
// lines, BT.709 from 720, as players do).
static int convert(cellscape_video *video) {
    const AVFrame *frame = video->frame;
    if (frame->width != video->width || frame->height != video->height) return 0;
    enum AVPixelFormat source = frame->format;
    int full_range = frame->color_range == AVCOL_RANGE_JPEG;
    // The deprecated full-range formats, told as their plain ones with the range said.
    switch (source) {
    case AV_PIX_FMT_YUVJ420P: source = AV_PIX_FMT_YUV420P; full_range = 1; break;
    case AV_PIX_FMT_YUVJ422P: source = AV_PIX_FMT_YUV422P; full_range = 1; break;
    case AV_PIX_FMT_YUVJ444P: source = AV_PIX_FMT_YUV444P; full_range = 1; break;
    default: break;
    }
    // At the stored size, FFmpeg's own conversion (as the ffmpeg tool's); smaller, reduced by area with
    // the chroma interpolated to full width first (without it, edges of colour are off by up to 168).
    int reduces = video->out_width < video->width || video->out_height < video->height;
    video->scaler = ffmpeg.sws_getCachedContext(video->scaler, frame->width, frame->height, source, video->out_width,
                                         video->out_height, AV_PIX_FMT_BGRA, reduces ? SWS_AREA | SWS_FULL_CHR_H_INT : SWS_BICUBIC, NULL,
                                         NULL, NULL);
    if (!video->scaler) return 0;
    int space = frame->colorspace;
    if (space == AVCOL_SPC_UNSPECIFIED || space == AVCOL_SPC_RESERVED || space == AVCOL_SPC_RGB)
        space = frame->height >= 720 ? AVCOL_SPC_BT709 : AVCOL_SPC_BT470BG;
    ffmpeg.sws_setColorspaceDetails(video->scaler, ffmpeg.sws_getCoefficients(space), full_range,
                             ffmpeg.sws_getCoefficients(SWS_CS_DEFAULT), 1, 0, 1 << 16, 1 << 16);
    uint8_t *planes[4] = {video->converted, NULL, NULL, NULL};
    int strides[4] = {video->converted_stride, 0, 0, 0};
    ffmpeg.sws_scale(video->scaler, (const uint8_t *const *)frame->data, frame->linesize, 0, frame->height, planes, strides);
    for (int y = 0; y < video->out_height; y++)
        memcpy(video->canvas + (size_t)y * video->out_width * 4, video->converted + (size_t)y * video->converted_stride,
               (size_t)video->out_width * 4);
    return 1;
}

// The time of video->frame from the stream's start and how long it shows, in milliseconds.
static void frame_time(const cellscape_video *video, double *time, double *milliseconds) {
    const AVStream *stream = video_stream(video);
    double base = av_q2d(stream->time_base) * 1000;
    int64_t start = stream->start_time == AV_NOPTS_VALUE ? 0 : stream->start_time;
    int64_t stamp = video->frame->best_effort_timestamp;
    *time = stamp == AV_NOPTS_VALUE ? video->last_end : (stamp - start) * base;
    int64_t duration = cellscape_frame_duration(video->frame);
    double length = duration > 0 ? duration * base : 0;
    *milliseconds = length > 0 ? length : cellscape_video_frame_milliseconds(video);
}

double cellscape_video_frame_milliseconds(const cellscape_video *video) {
    const AVStream *stream = video_stream(video);
    AVRational rate = stream->avg_frame_rate.num > 0 ? stream->avg_frame_rate : stream->r_frame_rate;
    double length = rate.num > 0 && rate.den > 0 ? 1000 / av_q2d(rate) : 40;
    // A rate the container made up (90,000 frames a second, or one a minute): a player's 25.
    return length >= 1 && length <= 10000 ? length : 40;
}

int32_t cellscape_video_next_frame(
    cellscape_video *video, double *milliseconds, double *time, char *message, int32_t message_size) {
    if (!video->codec) {
        say(message, message_size, "opened for its header alone");
        return -1;
    }
    for (;;) {
        if (video->pending) {
            video->pending = 0;
        } else if (!receive(video)) {
            video->finished = 1;
            return 0;
        }
        if (!convert(video)) continue;  // a frame of another size: skipped
        frame_time(video, time, milliseconds);
        video->last_end = *time + *milliseconds;
        (void)message;
        (void)message_size;
        return 1;
    }
}

// Whether the video's index may be sought in: a damaged one may claim more frames than the file has
// bytes (a 3.5 KB MP4 claimed 196,620), and FFmpeg 5.1 then searches it for minutes a seek.
static int index_is_plausible(const cellscape_video *video) {
    return video->size <= 0 || ffmpeg.avformat_index_get_entries_count(video_stream(video)) <= video->size;
}

// Moves to the keyframe at or before `stamp` (the stream's time base) with the decoder emptied; 0 when
// the file cannot seek (nothing changed then).
static int seek_to_keyframe(cellscape_video *video, int64_t stamp) {
    if (!index_is_plausible(video)) return 0;
    if (ffmpeg.av_seek_frame(video->format, video->stream, stamp, AVSEEK_FLAG_BACKWARD) < 0 &&
        ffmpeg.avformat_seek_file(video->format, video->stream, INT64_MIN, stamp, stamp, 0) < 0)
        return 0;
    ffmpeg.avcodec_flush_buffers(video->codec);
    video->draining = 0;
    video->finished = 0;
    video->read_failed = 0;
    video->pending = 0;
    return 1;
}

int32_t cellscape_video_seek(cellscape_video *video, double milliseconds, double *time) {
    if (!video->codec) return 0;
    const AVStream *stream = video_stream(video);
    int64_t start = stream->start_time == AV_NOPTS_VALUE ? 0 : stream->start_time;
    int64_t target = start + (int64_t)(fmax(0, milliseconds) / 1000 / av_q2d(stream->time_base));
    if (!seek_to_keyframe(video, target)) return 0;
    // From the keyframe before the target, decoded (not converted) up to the frame that shows at it.
    video->skip_until = target;
    while (receive(video)) {
        double length;
        frame_time(video, time, &length);
        video->last_end = *time + length;
        if (*time + length > milliseconds) {
            video->pending = 1;
            break;
        }
    }
    video->skip_until = INT64_MIN;
    video->codec->skip_frame = AVDISCARD_DEFAULT;
    if (video->pending) return 1;
    // Past the last frame (a length the container overstated): from the start, as a loop goes on.
    if (!cellscape_video_rewind(video)) return 0;
    *time = 0;
    return 1;
}

int32_t cellscape_video_rewind(cellscape_video *video) {
    if (!video->codec) return 0;
    const AVStream *stream = video_stream(video);
    int64_t start = stream->start_time == AV_NOPTS_VALUE ? 0 : stream->start_time;
    if (!seek_to_keyframe(video, start)) return 0;
    video->last_end = 0;
    return 1;
}

// The canvas's mean brightness and how much it varies, 0..255, from a sample of its pixels.
static void brightness(const cellscape_video *video, double *mean, double *spread) {
    double sum = 0, squares = 0;
    long count = 0;
    for (int y = 0; y < video->out_height; y += 4) {
        const uint8_t *row = video->canvas + (size_t)y * video->out_width * 4;
        for (int x = 0; x < video->out_width; x += 4) {
            double luma = 0.114 * row[4 * x] + 0.587 * row[4 * x + 1] + 0.299 * row[4 * x + 2];
            sum += luma;
            squares += luma * luma;
            count++;
        }
    }
    *mean = count ? sum / count : 0;
    *spread = count ? sqrt(fmax(0, squares / count - *mean * *mean)) : 0;
}

int32_t cellscape_video_representative_frame(cellscape_video *video, char *message, int32_t message_size) {
    if (!video->codec) {
        say(message, message_size, "opened for its header alone");
        return -1;
    }
    double seconds = cellscape_video_seconds(video);
    const AVStream *stream = video_stream(video);
    if (seconds > 1 && index_is_plausible(video)) {
        int64_t start = stream->start_time == AV_NOPTS_VALUE ? 0 : stream->start_time;
        int64_t target = start + (int64_t)(seconds / 10 / av_q2d(stream->time_base));
        if (ffmpeg.av_seek_frame(video->format, video->stream, target, AVSEEK_FLAG_BACKWARD) >= 0)
            ffmpeg.avcodec_flush_buffers(video->codec);
    }
    // The least decoding that gives a frame: reference frames only, no loop filter.
    video->codec->skip_frame = AVDISCARD_NONREF;
    video->codec->skip_loop_filter = AVDISCARD_ALL;
    int found = 0;
    for (int tries = 0; tries < 48; tries++) {
        double milliseconds, time;
        if (cellscape_video_next_frame(video, &milliseconds, &time, message, message_size) != 1) break;
        found = 1;
        double mean, spread;
        brightness(video, &mean, &spread);
        // Near black, or one flat colour (a fade, a title card's ground): look further.
        if (mean > 24 && spread > 8) break;
    }
    video->codec->skip_frame = AVDISCARD_DEFAULT;
    video->codec->skip_loop_filter = loop_filter_for(video);
    if (!found && !video->finished) {
        say(message, message_size, "no frame of it could be decoded");
        return -1;
    }
    if (!found) {
        // A seek past the frames a file cut short holds: from the start.
        if (!cellscape_video_rewind(video)) return -1;
        double milliseconds, time;
        if (cellscape_video_next_frame(video, &milliseconds, &time, message, message_size) != 1) {
            say(message, message_size, "no frame of it could be decoded");
            return -1;
        }
    }
    return 1;
}
