#ifndef CELLSCAPE_VIDEO_CODECS_H
#define CELLSCAPE_VIDEO_CODECS_H

#include <stddef.h>
#include <stdint.h>

/// A video's frames through FFmpeg (libavformat, libavcodec, libswscale), one after another, each a
/// canvas of B, G, R, A at the stored size. Reads through `read` (offset, count into buffer; returns
/// the bytes read, 0 at the end), so a header reads only what the demuxer asks for.
typedef struct cellscape_video cellscape_video;
typedef int32_t (*cellscape_video_reader)(void *context, int64_t offset, uint8_t *buffer, int32_t count);
/// Whether the reader's work is no longer wanted (non-zero: stop); asked with the reader's context
/// before each read and each packet, and by FFmpeg while it probes.
typedef int32_t (*cellscape_video_interrupt)(void *context);

/// Opens the video that `read` gives (`size` bytes, or -1 when not known); NULL with a message when it
/// cannot: a container other than MP4/MOV or Matroska/WebM, no video stream, a codec other than those
/// of cameras, phones and feeds (`from_network`: those browsers play), more than `maximum_pixels`
/// pixels a frame. `decoding` 0 opens the container only (the size, length and rotation, for a
/// header), else the decoder too, with that many threads. `interrupted` (NULL: never) stops what it
/// does once it says so: opening fails, decoding ends (`cellscape_video_stopped` tells it from an end).
cellscape_video *cellscape_video_open(
    cellscape_video_reader read, cellscape_video_interrupt interrupted, void *context, int64_t size,
    double maximum_pixels, int32_t decoding, int32_t from_network, char *message, int32_t message_size);
/// Whether `interrupted` stopped it (a frame or a seek then failed for that reason alone).
int32_t cellscape_video_stopped(const cellscape_video *video);
void cellscape_video_close(cellscape_video *video);

/// The stored size of a frame, before rotation.
void cellscape_video_size(const cellscape_video *video, int32_t *width, int32_t *height);
/// Makes the canvas `width` x `height` (the stored size when opened): frames are reduced by area as
/// they are converted. 0 when there is no memory for it.
int32_t cellscape_video_set_output_size(cellscape_video *video, int32_t width, int32_t height);
/// The canvas's size.
void cellscape_video_output_size(const cellscape_video *video, int32_t *width, int32_t *height);
/// The quarter turns clockwise that show it upright (0 to 3), from the display matrix.
int32_t cellscape_video_quarter_turns(const cellscape_video *video);
/// The length in seconds, or -1 when the container does not say.
double cellscape_video_seconds(const cellscape_video *video);
/// Whether it has an audio stream.
int32_t cellscape_video_has_audio(const cellscape_video *video);
/// What the codec is called ("h264", "hevc", "vp9", "av1").
const char *cellscape_video_codec_name(const cellscape_video *video);

/// Decodes the next frame into the canvas: 1 a frame (its time and how long it shows, in ms), 0 after
/// the last, -1 when not even a first frame can be read (a message). A packet that fails to decode is
/// skipped.
int32_t cellscape_video_next_frame(
    cellscape_video *video, double *milliseconds, double *time, char *message, int32_t message_size);
/// The canvas of the frame decoded last: its output width * 4 bytes a row.
const uint8_t *cellscape_video_canvas(const cellscape_video *video);
/// Whether the file ended before its container said it would (frames missing), once read to its end.
int32_t cellscape_video_ended_early(const cellscape_video *video);

/// Moves to a frame that shows what the video is: about a tenth in, passing over near-black frames,
/// decoding the least that gives it (reference frames only, no loop filter). 1 when the canvas holds
/// it, -1 when no frame could be read.
int32_t cellscape_video_representative_frame(cellscape_video *video, char *message, int32_t message_size);

/// How long a frame shows by the stream's average rate, in milliseconds (40 when it says none).
double cellscape_video_frame_milliseconds(const cellscape_video *video);

/// Moves to the frame that shows `milliseconds` from the start (decoding from the keyframe before it),
/// which the next `cellscape_video_next_frame` gives; `time` is when it shows. Past the end, to the
/// first frame. 0 when the file cannot seek.
int32_t cellscape_video_seek(cellscape_video *video, double milliseconds, double *time);

/// Starts over from the first frame; 0 when it could not seek.
int32_t cellscape_video_rewind(cellscape_video *video);

#endif
