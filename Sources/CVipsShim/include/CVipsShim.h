#pragma once
#include <stddef.h>

/*
 * Fixed-argument wrappers over libvips, whose API is C varargs
 * (`vips_thumbnail_buffer(..., NULL)`) that Swift cannot call. Only plain C
 * types cross this header, so Swift never sees GLib.
 */

/* Starts libvips once per process (later calls return the first result):
 * 0 on success. The operation cache is off and each picture uses one
 * thread: etl runs several pictures at once instead, and memory stays
 * bounded by the pictures in flight. libvips's warnings are not logged.
 * The message a failing call below puts in `error` is its own, even while
 * other pictures fail on other threads (a failing call runs again alone). */
int etl_vips_start(void);

/* Whether libvips runs its Orc vector code: 0 once started (see start()). */
int etl_vips_uses_orc(void);

/* What a picture's header says, before any pixel is decoded. */
typedef struct {
    /* The stored size as shown, EXIF orientation applied (for an
     * animation, of its first frame). */
    int width, height;
    /* The decoded pixels' bands and bytes per band (2 for 16-bit). */
    int bands, sample_bytes;
    /* A PNG stored Adam7-interlaced, a JPEG stored in several scans
     * (progressive, or multi-scan sequential): neither can be decoded
     * row by row, so the decoder holds the whole picture at once. */
    int interlaced, multiscan;
} etl_vips_header_info;

/* Reads the header only (no pixels are decoded). 0 on success;
 * -1 with the loader's message in `error` otherwise. */
int etl_vips_header(const void *bytes, size_t length, etl_vips_header_info *info,
                    char *error, size_t error_size);

typedef enum { ETL_THUMB_WEBP = 0, ETL_THUMB_JPEG = 1 } etl_thumb_format;

typedef struct {
    /* The encoded thumbnail (free with etl_vips_picture_free). */
    unsigned char *thumb;
    size_t thumb_length;
    int thumb_width, thumb_height;
    /* The picture fitted in 100x100, sRGB, 4 bands (RGBA), row by row:
     * ThumbHash's input and the average colour's. */
    unsigned char *rgba;
    int rgba_width, rgba_height;
    /* The picture as 9x8 grey pixels (flattened on white): the dHash input. */
    unsigned char grey[72];
} etl_vips_picture;

/* Decodes the whole picture (shrink-on-load where the format has it, every
 * scan still read; truncation and decoder errors fail; `width` and `height`
 * are etl_vips_header's and choose a JPEG's decoding scale), applies the EXIF
 * orientation, converts to sRGB and makes the thumbnail (longest side
 * `thumb_size`, never upscaled), the 100x100 RGBA and the 9x8 grey.
 * `is_jpeg` loads the bytes as a JPEG and fails on the decoder's warnings
 * too (libjpeg reports a scan cut short by an early end marker, or corrupt
 * entropy data, only as warnings); other formats fail on errors only.
 * 0 on success; -1 with the decoder's message in `error` and `picture`
 * left empty otherwise. */
int etl_vips_picture_make(const void *bytes, size_t length, int width, int height, int is_jpeg, int thumb_size,
                          etl_thumb_format format, int quality,
                          etl_vips_picture *picture, char *error, size_t error_size);

void etl_vips_picture_free(etl_vips_picture *picture);
