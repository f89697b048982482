#include "picture_codecs.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// The 1/8-scale picture of a baseline JPEG, as libjpeg-turbo decodes it at that scale, bit for bit.
// libjpeg takes each luma block's DC term alone but still decodes every AC code through its general
// Huffman path; here those codes are skipped several at a time by a table that gives their lengths,
// their value bits dropped unread. Halved colour gets libjpeg's 2 x 2 inverse DCT, so it needs its
// coefficients; but where the 1/8 picture is shrunk by a fifth or more after (a 3000 px photo's 256 px
// thumbnail), its AC codes are skipped too and each block's mean covers its 2 x 2 samples: colour at
// 5/8 of the thumbnail's resolution or more, for a sixth less time. Anything unusual (progressive,
// arithmetic, CMYK, several scans, corrupt data) returns 0 and libjpeg decodes the file.

#define FAST_BITS 10
#define SKIP_BITS 13
// The most bits one skip takes: a code read in the table's bits may have value bits past them, as
// those bits are never read. Three skips fit the 56 bits a refill leaves.
#define SKIP_MOST 18
#define PADDING 512

typedef struct {
    // For the next FAST_BITS bits: the code's length | its symbol << 8; 0 where the code is longer.
    uint16_t fast[1 << FAST_BITS];
    int32_t maxcode[18];
    int32_t valoffset[18];
    uint8_t values[256];
    // AC tables: for the next SKIP_BITS bits, every code they hold whole, with its value bits (those
    // of the last may run past them, up to SKIP_MOST): the bits taken (low 6 bits), whether the last is
    // an end of block (bit 6), and how many coefficients they pass (from bit 7; 127 where they hold no
    // whole code, so no block takes them).
    uint16_t skip[1 << SKIP_BITS];
    // AC tables: for the next FAST_BITS bits, a code and its value bits together: their length (low
    // 5 bits), the zero run (bits 5 to 8) and the value (from bit 16). 0 where they do not fit.
    int32_t coefficient[1 << FAST_BITS];
    int defined;
} huffman_table;

typedef struct {
    int id, h, v, quant, dc_table, ac_table;
    int scale;  // samples a block takes each way at 1/8: 1 (its mean), or 2 (libjpeg's 2 x 2 IDCT)
    int upsampled;  // halved both ways, taken by its means and upsampled twice after
    int blocks_wide, blocks_high, plane_width;
    uint8_t *plane;
} component;

typedef struct {
    const uint8_t *data;
    size_t length;
    huffman_table dc[4], ac[4];
    int quant[4][64];  // quantization tables in natural order; [0] is 0 while undefined
    int width, height, count, max_h, max_v, restart_interval;
    int saw_jfif;
    component components[3];
    int scan_order[3];
} jpeg_eighth;

static int read16(const uint8_t *p) { return p[0] << 8 | p[1]; }

// Zigzag to natural order, with libjpeg's 16 extra entries so a run past the end lands on 63.
static const uint8_t natural_order[80] = {
    0,  1,  8,  16, 9,  2,  3,  10, 17, 24, 32, 25, 18, 11, 4,  5,  12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13,
    6,  7,  14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31,
    39, 46, 53, 60, 61, 54, 47, 55, 62, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63};

// As libjpeg's jpeg_make_d_derived_tbl, with the lookahead table widened to FAST_BITS.
static int build_table(huffman_table *table, const uint8_t *counts, const uint8_t *values, int total, int ac) {
    int sizes[257], codes[257];
    int p = 0;
    for (int length = 1; length <= 16; length++)
        for (int i = 0; i < counts[length - 1]; i++) sizes[p++] = length;
    sizes[p] = 0;
    int code = 0, size = sizes[0];
    p = 0;
    while (sizes[p]) {
        while (sizes[p] == size) codes[p++] = code++;
        if (code >= (1 << size)) return 0;
        code <<= 1;
        size++;
    }
    p = 0;
    for (int length = 1; length <= 16; length++) {
        if (counts[length - 1]) {
            table->valoffset[length] = p - codes[p];
            p += counts[length - 1];
            table->maxcode[length] = codes[p - 1];
        } else {
            table->maxcode[length] = -1;
        }
    }
    table->maxcode[17] = 0x7FFFFFFF;
    memset(table->values, 0, sizeof(table->values));
    memcpy(table->values, values, (size_t)total);
    memset(table->fast, 0, sizeof(table->fast));
    p = 0;
    for (int length = 1; length <= FAST_BITS; length++) {
        for (int i = 0; i < counts[length - 1]; i++, p++) {
            int first = codes[p] << (FAST_BITS - length);
            for (int fill = 0; fill < 1 << (FAST_BITS - length); fill++)
                table->fast[first + fill] = (uint16_t)(length | values[p] << 8);
        }
    }
    table->defined = 1;
    if (!ac) return 1;
    for (int bits = 0; bits < 1 << FAST_BITS; bits++) {
        uint16_t entry = table->fast[bits];
        int length = entry & 0xFF, run = entry >> 12, size = (entry >> 8) & 15;
        table->coefficient[bits] = 0;
        if (!entry || !size || length + size > FAST_BITS) continue;
        int value = (bits >> (FAST_BITS - length - size)) & ((1 << size) - 1);
        if (value < 1 << (size - 1)) value -= (1 << size) - 1;
        table->coefficient[bits] = (int32_t)((uint32_t)value << 16 | (uint32_t)run << 5 | (uint32_t)(length + size));
    }
    for (int bits = 0; bits < 1 << SKIP_BITS; bits++) {
        int used = 0, advance = 0, end = 0;
        while (!end && SKIP_BITS - used >= 1) {
            int rest = SKIP_BITS - used;
            int look = rest >= FAST_BITS ? (bits >> (rest - FAST_BITS)) & ((1 << FAST_BITS) - 1)
                                         : (bits << (FAST_BITS - rest)) & ((1 << FAST_BITS) - 1);
            uint16_t entry = table->fast[look];
            int length = entry & 0xFF, symbol = entry >> 8;
            if (!entry || length > rest || used + length + (symbol & 15) > SKIP_MOST) break;
            used += length + (symbol & 15);
            if (symbol & 15) {
                advance += (symbol >> 4) + 1;
            } else if (symbol >> 4 == 15) {
                advance += 16;
            } else {
                end = 1;
            }
        }
        table->skip[bits] = (uint16_t)(used ? used | end << 6 | advance << 7 : 127 << 7);
    }
    return 1;
}

// ---- the bit reader: a 64-bit window over unstuffed bytes, refilled without branches ----

typedef struct {
    uint64_t window;
    int bits;
    const uint8_t *next;
} bit_reader;

static inline uint64_t load_big_endian(const uint8_t *p) {
    uint64_t value;
    memcpy(&value, p, 8);
    return __builtin_bswap64(value);
}

static inline void refill(bit_reader *reader) {
    reader->window |= load_big_endian(reader->next) >> reader->bits;
    reader->next += (63 - reader->bits) >> 3;
    reader->bits |= 56;
}

// The next code's symbol and length, or -1 for a code no table holds.
static inline int decode(const bit_reader *reader, const huffman_table *table, int *length) {
    uint16_t entry = table->fast[reader->window >> (64 - FAST_BITS)];
    if (entry) {
        *length = entry & 0xFF;
        return entry >> 8;
    }
    for (int bits = FAST_BITS + 1; bits <= 16; bits++) {
        int32_t code = (int32_t)(reader->window >> (64 - bits));
        if (code <= table->maxcode[bits]) {
            *length = bits;
            return table->values[(code + table->valoffset[bits]) & 0xFF];
        }
    }
    return -1;
}

static inline void drop(bit_reader *reader, int count) {
    reader->window <<= count;
    reader->bits -= count;
}

// A code's value bits as a signed number (JPEG's EXTEND).
static inline int value_bits(bit_reader *reader, int size) {
    int value = (int)(reader->window >> (64 - size));
    drop(reader, size);
    return value < 1 << (size - 1) ? value - (1 << size) + 1 : value;
}

// The DC difference, added to `prediction`. 0 on a bad code.
static inline int dc_term(bit_reader *reader, const huffman_table *dc, int *prediction) {
    int length;
    refill(reader);
    int size = decode(reader, dc, &length);
    if (size < 0 || size > 15) return 0;
    drop(reader, length);
    if (size) *prediction = (int)((unsigned)*prediction + (unsigned)value_bits(reader, size));
    return 1;
}

// A block's coefficients in natural order, zero but where `written` says; clearing those after use
// keeps it zero for the next block without a memset.
typedef struct {
    int16_t values[64];
    uint8_t written[80];
    int count;
} coefficient_block;

// Every coefficient of a block. 0 on a bad code.
static int coefficients(bit_reader *reader, const huffman_table *dc, const huffman_table *ac, int *prediction,
                        coefficient_block *block) {
    if (!dc_term(reader, dc, prediction)) return 0;
    block->values[0] = (int16_t)*prediction;
    for (int k = 1; k < 64; k++) {
        int length;
        refill(reader);
        int32_t fast = ac->coefficient[reader->window >> (64 - FAST_BITS)];
        int position, value;
        if (fast) {
            k += (fast >> 5) & 15;
            drop(reader, fast & 31);
            position = natural_order[k];
            value = fast >> 16;
        } else {
            int symbol = decode(reader, ac, &length);
            if (symbol < 0) return 0;
            drop(reader, length);
            int run = symbol >> 4, size = symbol & 15;
            if (!size) {
                if (run != 15) break;
                k += 15;
                continue;
            }
            k += run;
            position = natural_order[k];
            value = value_bits(reader, size);
        }
        block->values[position] = (int16_t)value;
        block->written[block->count++] = (uint8_t)position;
    }
    return 1;
}

// One block's DC term, its AC codes skipped. 0 on a bad code.
static inline int dc_only(bit_reader *reader, const huffman_table *dc, const huffman_table *ac, int *prediction) {
    if (!dc_term(reader, dc, prediction)) return 0;
    // The window in registers. One refill leaves at least 56 bits, enough for three skips of at most
    // SKIP_MOST each, so two in three lookups need not wait for a refill's load.
    bit_reader local = *reader;
    int k = 1, good = 1;
    while (k < 64) {
        refill(&local);
        for (int step = 0; step < 3; step++) {
            uint16_t skip = ac->skip[local.window >> (64 - SKIP_BITS)];
            // Whole codes, when all of them fall inside this block; else one code at a time below.
            if (k + (skip >> 7) >= 64) goto one_code;
            drop(&local, skip & 63);
            if (skip & 64) goto done;
            k += skip >> 7;
        }
        continue;
    one_code:
        refill(&local);
        int length;
        int symbol = decode(&local, ac, &length);
        if (symbol < 0) {
            good = 0;
            break;
        }
        int run = symbol >> 4, bits = symbol & 15;
        drop(&local, length + bits);
        if (bits) {
            k += run + 1;
        } else if (run == 15) {
            k += 16;
        } else {
            break;
        }
    }
done:
    *reader = local;
    return good;
}

// Copies the entropy-coded bytes up to the next marker into `clean`, unstuffed and padded with zeros;
// returns the marker, or -1 when the data ends first.
static int unstuff(const uint8_t *data, size_t length, size_t *position, uint8_t *clean, size_t *clean_length) {
    size_t in = *position, out = 0;
    int marker = -1;
    while (in < length) {
        const uint8_t *found = memchr(data + in, 0xFF, length - in);
        size_t run = found ? (size_t)(found - (data + in)) : length - in;
        memcpy(clean + out, data + in, run);
        out += run;
        in += run;
        if (!found) break;
        while (in + 1 < length && data[in + 1] == 0xFF) in++;  // fill bytes
        if (in + 1 >= length) break;
        if (data[in + 1] == 0) {
            clean[out++] = 0xFF;
            in += 2;
            continue;
        }
        marker = data[in + 1];
        in += 2;
        break;
    }
    memset(clean + out, 0, PADDING);
    *position = in;
    *clean_length = out;
    return marker;
}

// libjpeg's post-IDCT range table: a centred value clamped, wrapping as its 1024-entry table does.
static inline uint8_t range_limit(int64_t value) {
    int index = (int)(value & 1023);
    if (index < 128) return (uint8_t)(index + 128);
    if (index < 512) return 255;
    if (index < 896) return 0;
    return (uint8_t)(index - 896);
}

// libjpeg's 1 x 1 inverse DCT: the block's mean.
static inline uint8_t sample(int coefficient, int quant) {
    return range_limit(((int)(int16_t)coefficient * quant + 4) >> 3);
}

// libjpeg's 2 x 2 inverse DCT (jidctred.c): only rows and columns 0, 1, 3, 5, 7 count.
static inline int64_t odd_terms(int64_t one, int64_t three, int64_t five, int64_t seven) {
    return seven * -5906 + five * 6967 + three * -10426 + one * 29692;
}

static void inverse_dct_2x2(const int16_t block[64], const int quant[64], uint8_t *out, int stride) {
    static const int columns[5] = {0, 1, 3, 5, 7};
    int64_t work[2][8] = {{0}};
    for (int i = 0; i < 5; i++) {
        int c = columns[i];
        if (!block[8 + c] && !block[24 + c] && !block[40 + c] && !block[56 + c]) {
            work[0][c] = work[1][c] = (int64_t)(block[c] * quant[c]) * 4;  // as the full sum gives
            continue;
        }
        int64_t even = (int64_t)(block[c] * quant[c]) << 15;
        int64_t odd = odd_terms(block[8 + c] * quant[8 + c], block[24 + c] * quant[24 + c],
                                block[40 + c] * quant[40 + c], block[56 + c] * quant[56 + c]);
        work[0][c] = (even + odd + (1 << 12)) >> 13;
        work[1][c] = (even - odd + (1 << 12)) >> 13;
    }
    for (int r = 0; r < 2; r++) {
        int64_t even = work[r][0] << 15;
        int64_t odd = odd_terms(work[r][1], work[r][3], work[r][5], work[r][7]);
        out[r * stride] = range_limit((even + odd + (1 << 19)) >> 20);
        out[r * stride + 1] = range_limit((even - odd + (1 << 19)) >> 20);
    }
}

static int decode_scan(jpeg_eighth *jpeg, size_t position) {
    int interleaved = jpeg->count > 1;
    int mcus_wide, mcus_high;
    if (interleaved) {
        mcus_wide = (jpeg->width + 8 * jpeg->max_h - 1) / (8 * jpeg->max_h);
        mcus_high = (jpeg->height + 8 * jpeg->max_v - 1) / (8 * jpeg->max_v);
    } else {
        mcus_wide = (jpeg->width + 7) / 8;
        mcus_high = (jpeg->height + 7) / 8;
    }
    for (int c = 0; c < jpeg->count; c++) {
        component *part = &jpeg->components[c];
        part->blocks_wide = interleaved ? mcus_wide * part->h : mcus_wide;
        part->blocks_high = interleaved ? mcus_high * part->v : mcus_high;
        part->plane_width = part->blocks_wide * part->scale;
        part->plane = malloc((size_t)part->plane_width * (size_t)(part->blocks_high * part->scale));
        if (!part->plane) return 0;
    }
    uint8_t *clean = malloc(jpeg->length + PADDING);
    if (!clean) return 0;
    int ok = 1;
    long total = (long)mcus_wide * mcus_high, mcu = 0;
    coefficient_block block;
    memset(&block, 0, sizeof(block));
    int expected_restart = 0;
    while (ok && mcu < total) {
        size_t clean_length;
        int marker = unstuff(jpeg->data, jpeg->length, &position, clean, &clean_length);
        long end = jpeg->restart_interval ? mcu + jpeg->restart_interval : total;
        if (end > total) end = total;
        if (end < total && marker != 0xD0 + expected_restart) {
            ok = 0;
            break;
        }
        expected_restart = (expected_restart + 1) & 7;
        bit_reader reader = {0, 0, clean};
        int predictions[3] = {0, 0, 0};
        uint64_t limit = (uint64_t)clean_length * 8;
        for (; mcu < end; mcu++) {
            int mx = (int)(mcu % mcus_wide), my = (int)(mcu / mcus_wide);
            for (int s = 0; s < jpeg->count && ok; s++) {
                int c = jpeg->scan_order[s];
                component *part = &jpeg->components[c];
                int h = interleaved ? part->h : 1, v = interleaved ? part->v : 1;
                const huffman_table *dc = &jpeg->dc[part->dc_table], *ac = &jpeg->ac[part->ac_table];
                const int *quant = jpeg->quant[part->quant];
                for (int j = 0; j < v && ok; j++) {
                    for (int i = 0; i < h; i++) {
                        int x = mx * h + i, y = my * v + j;
                        uint8_t *out = part->plane + (size_t)(y * part->scale) * (size_t)part->plane_width +
                                       (size_t)(x * part->scale);
                        block.count = 0;
                        int found = part->scale == 1 ? dc_only(&reader, dc, ac, &predictions[s])
                                                     : coefficients(&reader, dc, ac, &predictions[s], &block);
                        if (!found) {
                            ok = 0;
                            break;
                        }
                        uint64_t consumed = (uint64_t)(reader.next - clean) * 8 - (uint64_t)reader.bits;
                        if (consumed > limit) {
                            ok = 0;
                            break;
                        }
                        if (part->scale == 1) {
                            *out = sample(predictions[s], quant[0]);
                        } else if (block.count == 0) {
                            // With no AC terms libjpeg's 2 x 2 IDCT gives the mean four times.
                            out[0] = out[1] = out[part->plane_width] = out[part->plane_width + 1] =
                                sample(predictions[s], quant[0]);
                        } else {
                            inverse_dct_2x2(block.values, quant, out, part->plane_width);
                            for (int w = 0; w < block.count; w++) block.values[block.written[w]] = 0;
                        }
                    }
                }
            }
            if (!ok) break;
        }
    }
    free(clean);
    return ok;
}

// A halved plane taken by its blocks' means, each mean repeated over the 2 x 2 samples its block
// covers at 1/8: the area mean of the block, which the shrink after weighs by area. (libjpeg's
// triangle filter smears a mean over its neighbours' blocks: three times the error on coloured edges.)
static int upsample_twice(component *part) {
    int width = part->blocks_wide, height = part->blocks_high;
    uint8_t *plane = malloc((size_t)width * 2 * (size_t)height * 2);
    if (!plane) return 0;
    for (int y = 0; y < 2 * height; y++) {
        const uint8_t *means = part->plane + (size_t)(y / 2) * (size_t)width;
        uint8_t *out = plane + (size_t)y * (size_t)(2 * width);
        for (int x = 0; x < width; x++) out[2 * x] = out[2 * x + 1] = means[x];
    }
    free(part->plane);
    part->plane = plane;
    part->plane_width = 2 * width;
    part->scale = 2;
    return 1;
}

// As libjpeg's YCbCr to RGB tables (jdcolor.c), so 4:4:4 pictures come out bit for bit as its own.
static inline uint8_t clamp255(int value) { return (uint8_t)(value < 0 ? 0 : value > 255 ? 255 : value); }

static void convert(const jpeg_eighth *jpeg, cellscape_picture *picture) {
    int red_cr[256], blue_cb[256];
    int64_t green_cr[256], green_cb[256];
    const int64_t half = (int64_t)1 << 15;
    for (int i = 0; i < 256; i++) {
        int64_t x = i - 128;
        red_cr[i] = (int)((91881 * x + half) >> 16);    // FIX(1.40200)
        blue_cb[i] = (int)((116130 * x + half) >> 16);  // FIX(1.77200)
        green_cr[i] = -46802 * x;                       // FIX(0.71414)
        green_cb[i] = -22554 * x + half;                // FIX(0.34414)
    }
    for (int y = 0; y < picture->height; y++) {
        uint8_t *row = picture->pixels + (size_t)y * (size_t)picture->stride;
        const component *luma = &jpeg->components[0];
        const uint8_t *ys = luma->plane + (size_t)(y * luma->v / jpeg->max_v) * (size_t)luma->plane_width;
        if (jpeg->count == 1) {
            for (int x = 0; x < picture->width; x++) {
                uint8_t value = ys[x];
                row[4 * x] = row[4 * x + 1] = row[4 * x + 2] = value;
                row[4 * x + 3] = 0xFF;
            }
            continue;
        }
        const component *cb = &jpeg->components[1], *cr = &jpeg->components[2];
        const uint8_t *cbs = cb->plane + (size_t)(y * cb->v * cb->scale / jpeg->max_v) * (size_t)cb->plane_width;
        const uint8_t *crs = cr->plane + (size_t)(y * cr->v * cr->scale / jpeg->max_v) * (size_t)cr->plane_width;
        for (int x = 0; x < picture->width; x++) {
            int lum = ys[x * luma->h / jpeg->max_h];
            int blue = cbs[x * cb->h * cb->scale / jpeg->max_h], red = crs[x * cr->h * cr->scale / jpeg->max_h];
            row[4 * x] = clamp255(lum + blue_cb[blue]);
            row[4 * x + 1] = clamp255(lum + (int)((green_cb[blue] + green_cr[red]) >> 16));
            row[4 * x + 2] = clamp255(lum + red_cr[red]);
            row[4 * x + 3] = 0xFF;
        }
    }
}

static int read_tables(jpeg_eighth *jpeg, int marker, const uint8_t *p, int length) {
    const uint8_t *end = p + length;
    if (marker == 0xC4) {
        while (p < end) {
            if (end - p < 17) return 0;
            int kind = p[0] >> 4, slot = p[0] & 15, total = 0;
            for (int i = 1; i <= 16; i++) total += p[i];
            if (kind > 1 || slot > 3 || total > 256 || end - p < 17 + total) return 0;
            if (!build_table(kind ? &jpeg->ac[slot] : &jpeg->dc[slot], p + 1, p + 17, total, kind)) return 0;
            p += 17 + total;
        }
    } else {
        while (p < end) {
            int precision = p[0] >> 4, slot = p[0] & 15;
            int size = precision ? 129 : 65;
            if (precision > 1 || slot > 3 || end - p < size) return 0;
            for (int k = 0; k < 64; k++) {
                int value = precision ? read16(p + 1 + 2 * k) : p[1 + k];
                if (value > 32767) return 0;  // libjpeg multiplies by it as a short
                jpeg->quant[slot][natural_order[k]] = value;
            }
            p += size;
        }
    }
    return 1;
}

static int read_frame(jpeg_eighth *jpeg, const uint8_t *p, int length) {
    if (length < 6 || p[0] != 8) return 0;
    jpeg->height = read16(p + 1);
    jpeg->width = read16(p + 3);
    jpeg->count = p[5];
    if (jpeg->height == 0 || jpeg->width == 0 || (jpeg->count != 1 && jpeg->count != 3)) return 0;
    if (length < 6 + 3 * jpeg->count) return 0;
    for (int c = 0; c < jpeg->count; c++) {
        component *part = &jpeg->components[c];
        part->id = p[6 + 3 * c];
        part->h = p[7 + 3 * c] >> 4;
        part->v = p[7 + 3 * c] & 15;
        part->quant = p[8 + 3 * c];
        if (part->h < 1 || part->h > 4 || part->v < 1 || part->v > 4 || part->quant > 3) return 0;
        if (part->h > jpeg->max_h) jpeg->max_h = part->h;
        if (part->v > jpeg->max_v) jpeg->max_v = part->v;
    }
    for (int c = 0; c < jpeg->count; c++) {
        component *part = &jpeg->components[c];
        if (jpeg->max_h % part->h || jpeg->max_v % part->v) return 0;
        // libjpeg scales a subsampled component's IDCT up rather than upsample it (jdmaster.c).
        part->scale = 1;
        while (part->scale < 8 && jpeg->max_h % (part->h * part->scale * 2) == 0 &&
               jpeg->max_v % (part->v * part->scale * 2) == 0)
            part->scale *= 2;
        if (part->scale > 2) return 0;
        if (jpeg->count == 1 && part->scale != 1) return 0;
    }
    // libjpeg takes three components named R, G, B without a JFIF marker for RGB.
    const component *parts = jpeg->components;
    if (jpeg->count == 3 && !jpeg->saw_jfif && parts[0].id == 'R' && parts[1].id == 'G' && parts[2].id == 'B')
        return 0;
    return 1;
}

static int read_scan_header(jpeg_eighth *jpeg, const uint8_t *p, int length) {
    if (jpeg->count == 0 || length < 1 || p[0] != jpeg->count || length < 4 + 2 * jpeg->count) return 0;
    for (int s = 0; s < jpeg->count; s++) {
        int id = p[1 + 2 * s], found = -1;
        for (int c = 0; c < jpeg->count; c++)
            if (jpeg->components[c].id == id) found = c;
        if (found < 0) return 0;
        component *part = &jpeg->components[found];
        part->dc_table = p[2 + 2 * s] >> 4;
        part->ac_table = p[2 + 2 * s] & 15;
        if (part->dc_table > 3 || part->ac_table > 3) return 0;
        if (!jpeg->dc[part->dc_table].defined || !jpeg->ac[part->ac_table].defined) return 0;
        if (jpeg->quant[part->quant][0] == 0) return 0;
        jpeg->scan_order[s] = found;
    }
    const uint8_t *spectral = p + 1 + 2 * jpeg->count;
    return spectral[0] == 0 && spectral[1] == 63 && spectral[2] == 0;
}

int cellscape_jpeg_decode_eighth(const unsigned char *data, size_t length, int min_width, int min_height,
                                 double max_pixels, cellscape_picture *picture) {
    jpeg_eighth *jpeg = calloc(1, sizeof(jpeg_eighth));
    if (!jpeg || length < 4 || data[0] != 0xFF || data[1] != 0xD8) {
        free(jpeg);
        return 0;
    }
    jpeg->data = data;
    jpeg->length = length;
    int handled = 0;
    size_t position = 2;
    while (position + 4 <= length) {
        if (data[position] != 0xFF) break;
        int marker = data[position + 1];
        if (marker == 0xFF) {
            position++;
            continue;
        }
        if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD9)) break;
        int segment = read16(data + position + 2);
        if (segment < 2 || position + 2 + (size_t)segment > length) break;
        const uint8_t *body = data + position + 4;
        int body_length = segment - 2;
        int ok = 1;
        if (marker == 0xC0 || marker == 0xC1) {
            ok = read_frame(jpeg, body, body_length);
            // Shrunk by a fifth or more after (both ways), halved colour is taken by its means.
            int wide = (jpeg->width + 7) / 8, high = (jpeg->height + 7) / 8;
            if (ok && 4 * wide >= 5 * min_width && 4 * high >= 5 * min_height)
                for (int c = 0; c < jpeg->count; c++)
                    if (jpeg->components[c].scale == 2) {
                        jpeg->components[c].scale = 1;
                        jpeg->components[c].upsampled = 1;
                    }
        } else if (marker >= 0xC2 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC) {
            ok = 0;  // progressive, lossless or arithmetic: libjpeg's
        } else if (marker == 0xC4 || marker == 0xDB) {
            ok = read_tables(jpeg, marker, body, body_length);
        } else if (marker == 0xDD) {
            ok = body_length >= 2;
            if (ok) jpeg->restart_interval = read16(body);
        } else if (marker == 0xE0) {
            if (body_length >= 5 && memcmp(body, "JFIF\0", 5) == 0) jpeg->saw_jfif = 1;
        } else if (marker == 0xEE) {
            if (body_length >= 5 && memcmp(body, "Adobe", 5) == 0) ok = 0;  // its colour transform: libjpeg's
        } else if (marker == 0xDA) {
            int fits = (jpeg->width + 7) / 8 >= min_width && (jpeg->height + 7) / 8 >= min_height;
            if (fits && (double)jpeg->width * (double)jpeg->height <= max_pixels &&
                read_scan_header(jpeg, body, body_length) &&
                decode_scan(jpeg, position + 2 + (size_t)segment)) {
                handled = 1;
                for (int c = 0; c < jpeg->count; c++)
                    if (jpeg->components[c].upsampled && !upsample_twice(&jpeg->components[c])) handled = 0;
            }
            break;
        }
        if (!ok) break;
        position += 2 + (size_t)segment;
    }
    if (handled) {
        picture->width = (jpeg->width + 7) / 8;
        picture->height = (jpeg->height + 7) / 8;
        picture->stride = picture->width * 4;
        picture->pixels = malloc((size_t)picture->stride * (size_t)picture->height);
        if (picture->pixels) {
            convert(jpeg, picture);
        } else {
            handled = 0;
        }
    }
    for (int c = 0; c < 3; c++) free(jpeg->components[c].plane);
    free(jpeg);
    return handled;
}
