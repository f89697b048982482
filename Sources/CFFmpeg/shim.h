// FFmpeg's libraries as one system module: its include folder comes from pkg-config (libavformat's,
// which is the others' as well), the libraries from the module map.
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/display.h>
#include <libavutil/imgutils.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
