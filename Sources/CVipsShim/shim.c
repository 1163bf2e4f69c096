#include "CVipsShim.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <vips/vips.h>
#include <vips/vector.h>

static pthread_once_t start_once = PTHREAD_ONCE_INIT;
static int start_result = -1;

/* libvips 8.14 has one error buffer per process and no error per
 * operation: every failure on any thread appends to it. So a call first
 * runs beside the others (the shared side of this lock) and, only if it
 * fails, runs again alone (the exclusive side) with the buffer cleared
 * before: what the buffer holds after that is this picture's reason and
 * no other's. The same bytes fail the same way, failures are rare, and
 * writers go first so a failure is not kept waiting behind a stream of
 * pictures that decode. */
static pthread_rwlock_t alone_lock;

/* libvips writes a decoder's warnings to stderr through GLib (its own
 * VIPS_WARNING variable drops them the same way): the reason reaches the
 * catalog from the error buffer, and etl's library never prints. */
static void drop_log(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void) domain, (void) level, (void) message, (void) data;
}

static void start(void) {
    g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO | G_LOG_LEVEL_DEBUG,
                      drop_log, NULL);
    pthread_rwlockattr_t attributes;
    pthread_rwlockattr_init(&attributes);
    pthread_rwlockattr_setkind_np(&attributes, PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP);
    pthread_rwlock_init(&alone_lock, &attributes);
    pthread_rwlockattr_destroy(&attributes);
    if (VIPS_INIT("etl") != 0) return;
    /* No Orc: libvips 8.14 compiles an Orc program for each resize, and
     * Debian 12's liborc 0.4.33 is not safe for that beside other threads
     * (0.4.34 fixed it): it sets the process-wide umask to 066 around the
     * mkstemp of its code file, so a file etl creates meanwhile on another
     * thread comes out 0600 (seen with strace widening the window: a file
     * in about 10,000 made during the first resizes), and multi-threaded
     * libvips users reported crashes in resizes that stopped with Orc off.
     * The plain C paths cost nothing measurable here: the same CPU seconds
     * for 660 pictures in scripts/benchmarks/bench-pictures, the JPEG decode at
     * reduced scale being most of the work. */
    vips_vector_set_enabled(FALSE);
    /* Each picture is decoded once: a cache only holds memory. */
    vips_cache_set_max(0);
    vips_concurrency_set(1);
    start_result = 0;
}

int etl_vips_start(void) {
    pthread_once(&start_once, start);
    return start_result;
}

int etl_vips_uses_orc(void) {
    return vips_vector_isenabled() ? 1 : 0;
}

/* Takes (and clears) the error buffer. */
static void take_error(char *error, size_t size, const char *fallback) {
    char *text = vips_error_buffer_copy();
    if (size > 0) snprintf(error, size, "%s", (text != NULL && text[0] != '\0') ? text : fallback);
    g_free(text);
}

/* Runs `call(arguments)` (0 on success) beside the other calls; when it
 * fails, once more alone, and puts that run's own error in `error`. */
static int with_own_error(int (*call)(void *), void *arguments, char *error, size_t error_size,
                          const char *fallback) {
    pthread_rwlock_rdlock(&alone_lock);
    int status = call(arguments);
    pthread_rwlock_unlock(&alone_lock);
    if (status == 0) return 0;
    pthread_rwlock_wrlock(&alone_lock);
    vips_error_clear();
    status = call(arguments);
    if (status != 0) take_error(error, error_size, fallback);
    vips_error_clear();
    pthread_rwlock_unlock(&alone_lock);
    return status;
}

typedef struct {
    const void *bytes;
    size_t length;
    etl_vips_header_info *info;
} header_call;

static int field_int(VipsImage *image, const char *name) {
    int value = 0;
    if (vips_image_get_typeof(image, name) != 0 && vips_image_get_int(image, name, &value) != 0) value = 0;
    return value;
}

static int header_once(void *arguments) {
    header_call *call = arguments;
    VipsImage *image = vips_image_new_from_buffer(call->bytes, call->length, "", NULL);
    if (image == NULL) return -1;
    etl_vips_header_info *info = call->info;
    /* As shown: EXIF orientations 5-8 swap the sides. */
    int swap = vips_image_get_orientation_swap(image);
    info->width = swap ? vips_image_get_height(image) : vips_image_get_width(image);
    info->height = swap ? vips_image_get_width(image) : vips_image_get_height(image);
    info->bands = vips_image_get_bands(image);
    info->sample_bytes = (int) vips_format_sizeof(vips_image_get_format(image));
    info->interlaced = field_int(image, "interlaced") != 0;
    info->multiscan = field_int(image, "jpeg-multiscan") != 0;
    g_object_unref(image);
    return 0;
}

int etl_vips_header(const void *bytes, size_t length, etl_vips_header_info *info,
                    char *error, size_t error_size) {
    memset(info, 0, sizeof *info);
    header_call call = { bytes, length, info };
    return with_own_error(header_once, &call, error, error_size, "the header cannot be read");
}

/* `in` scaled to exactly width x height. */
static int resize_to(VipsImage *in, VipsImage **out, int width, int height) {
    double hscale = (double) width / vips_image_get_width(in);
    double vscale = (double) height / vips_image_get_height(in);
    return vips_resize(in, out, hscale, "vscale", vscale, NULL);
}

enum { SLOTS = 16 };

/* Drops the picture's metadata before a thumbnail is saved from it.
 * libvips 8.14's webpsave writes the source's EXIF (camera, GPS position)
 * into the WebP although it is asked to strip; a thumbnail etl makes must
 * not carry where a photographer stood. */
static void forget_metadata(VipsImage *image) {
    gchar **fields = vips_image_get_fields(image);
    for (int i = 0; fields[i] != NULL; i++) {
        const char *field = fields[i];
        if (strncmp(field, "exif-", 5) == 0 || strcmp(field, VIPS_META_XMP_NAME) == 0
            || strcmp(field, VIPS_META_IPTC_NAME) == 0 || strcmp(field, VIPS_META_PHOTOSHOP_NAME) == 0
            || strcmp(field, VIPS_META_ICC_NAME) == 0) {
            vips_image_remove(image, field);
        }
    }
    g_strfreev(fields);
}

/* The scale a JPEG is decoded at: the smallest of 1/8, 1/4, 1/2 and 1 whose
 * longest side still covers the thumbnail. libjpeg reads every scan at any
 * scale (fail_on still sees a cut-short or corrupt one) and skips most of
 * the inverse DCT and colour conversion of the pixels it drops.
 * vips_thumbnail_buffer keeps a factor of two above the thumbnail for its
 * final resize, so a 2,500 px photo would be decoded at 1,250 px and then
 * reduced: four times the pixels for a 400 px thumbnail whose Lanczos
 * reduction already filters what the block scaling sharpens (Pillow's draft
 * mode scales the same way, keeping both sides at least the thumbnail's). */
static int jpeg_shrink(int width, int height, int thumb_size) {
    int longest = width > height ? width : height;
    int shortest = width < height ? width : height;
    int ratio = thumb_size > 0 ? longest / thumb_size : 1;
    /* libvips 8.14's jpegload gives the scaled image floor(side / shrink)
     * pixels, so a sliver (1000x1 at 1/2, 2000x3 at 1/4) would come out with
     * a side of 0 and libvips aborts the process on an assertion instead of
     * failing: never shrink by more than the shortest side. */
    if (ratio > shortest) ratio = shortest;
    return ratio >= 8 ? 8 : ratio >= 4 ? 4 : ratio >= 2 ? 2 : 1;
}

typedef struct {
    const void *bytes;
    size_t length;
    int width, height;
    int is_jpeg, thumb_size;
    etl_thumb_format format;
    int quality;
    etl_vips_picture *picture;
} picture_call;

static int picture_once(void *arguments) {
    picture_call *call = arguments;
    const void *bytes = call->bytes;
    size_t length = call->length;
    int is_jpeg = call->is_jpeg, thumb_size = call->thumb_size, quality = call->quality;
    etl_thumb_format format = call->format;
    etl_vips_picture *picture = call->picture;
    memset(picture, 0, sizeof *picture);
    VipsImage *t[SLOTS] = { NULL };
    VipsArrayDouble *white = vips_array_double_newv(3, 255.0, 255.0, 255.0);
    void *thumb = NULL;
    size_t thumb_length = 0;
    void *rgba = NULL;
    void *grey = NULL;
    size_t grey_length = 0;
    size_t rgba_length = 0;
    int status = -1;

    /* Shrink-on-load (JPEG, WebP) still reads every scan; fail_on turns
     * truncation and corrupt data into an error instead of grey rows. */
    if (is_jpeg) {
        if (vips_jpegload_buffer((void *) bytes, length, &t[11],
                                 "shrink", jpeg_shrink(call->width, call->height, thumb_size),
                                 "fail_on", VIPS_FAIL_ON_WARNING, "access", VIPS_ACCESS_SEQUENTIAL, NULL) != 0) goto done;
        if (vips_thumbnail_image(t[11], &t[0], thumb_size,
                                 "height", thumb_size, "size", VIPS_SIZE_DOWN, NULL) != 0) goto done;
    } else if (vips_thumbnail_buffer((void *) bytes, length, &t[0], thumb_size,
                                     "height", thumb_size, "size", VIPS_SIZE_DOWN,
                                     "option_string", "fail_on=error", NULL) != 0) goto done;
    if (vips_colourspace(t[0], &t[1], VIPS_INTERPRETATION_sRGB, NULL) != 0) goto done;
    VipsImage *rgb = t[1];
    if (vips_image_get_bands(rgb) > 4) {
        if (vips_extract_band(rgb, &t[2], 0, "n", 4, NULL) != 0) goto done;
        rgb = t[2];
    }
    if (vips_image_get_format(rgb) != VIPS_FORMAT_UCHAR) {
        if (vips_cast_uchar(rgb, &t[3], NULL) != 0) goto done;
        rgb = t[3];
    }
    /* Runs the whole pipeline: every pixel of the source is decoded here. */
    t[4] = vips_image_copy_memory(rgb);
    if (t[4] == NULL) goto done;
    VipsImage *decoded = t[4];
    forget_metadata(decoded);
    int has_alpha = vips_image_get_bands(decoded) == 4;
    int width = vips_image_get_width(decoded);
    int height = vips_image_get_height(decoded);

    VipsImage *opaque = decoded;
    if (has_alpha) {
        if (vips_flatten(decoded, &t[5], "background", white, NULL) != 0) goto done;
        opaque = t[5];
    }
    int saved = format == ETL_THUMB_JPEG
        ? vips_jpegsave_buffer(opaque, &thumb, &thumb_length, "Q", quality, "strip", TRUE, NULL)
        : vips_webpsave_buffer(decoded, &thumb, &thumb_length, "Q", quality, "strip", TRUE, NULL);
    if (saved != 0) goto done;

    /* The ThumbHash input (at most 100x100) and the dHash's 9x8 grey come
     * from a box shrink of the thumbnail by a whole factor: a mean over
     * whole blocks, which is what both hashes summarise. Measured on the
     * benchmark's photos, the two small copies took 3.3 ms a picture this
     * way against 6.4 ms when each was a Lanczos reduction of the
     * thumbnail: libvips's reduce has a large fixed cost per call. */
    int longest = width > height ? width : height;
    int factor = (longest + 99) / 100;
    VipsImage *small = decoded;
    /* A side shorter than the factor (a 400x1 strip) is left whole. */
    int hfactor = factor < width ? factor : width, vfactor = factor < height ? factor : height;
    if (hfactor > 1 || vfactor > 1) {
        if (vips_shrink(decoded, &t[6], (double) hfactor, (double) vfactor, NULL) != 0) goto done;
        if ((t[7] = vips_image_copy_memory(t[6])) == NULL) goto done;
        small = t[7];
    }
    int small_width = vips_image_get_width(small), small_height = vips_image_get_height(small);
    VipsImage *small_rgba = small, *small_opaque = small;
    if (has_alpha) {
        if (vips_flatten(small, &t[8], "background", white, NULL) != 0) goto done;
        small_opaque = t[8];
    } else {
        if (vips_bandjoin_const1(small, &t[9], 255.0, NULL) != 0) goto done;
        small_rgba = t[9];
    }
    rgba = vips_image_write_to_memory(small_rgba, &rgba_length);
    if (rgba == NULL || rgba_length != (size_t) small_width * small_height * 4) goto done;

    if (vips_colourspace(small_opaque, &t[12], VIPS_INTERPRETATION_B_W, NULL) != 0) goto done;
    if (resize_to(t[12], &t[13], 9, 8) != 0) goto done;
    VipsImage *grey_image = t[13];
    if (vips_image_get_format(grey_image) != VIPS_FORMAT_UCHAR) {
        if (vips_cast_uchar(grey_image, &t[14], NULL) != 0) goto done;
        grey_image = t[14];
    }
    grey = vips_image_write_to_memory(grey_image, &grey_length);
    if (grey == NULL || grey_length != sizeof picture->grey) goto done;

    picture->thumb = thumb;
    picture->thumb_length = thumb_length;
    picture->thumb_width = width;
    picture->thumb_height = height;
    picture->rgba = rgba;
    picture->rgba_width = small_width;
    picture->rgba_height = small_height;
    memcpy(picture->grey, grey, sizeof picture->grey);
    thumb = NULL;
    rgba = NULL;
    status = 0;

done:
    for (int i = 0; i < SLOTS; i++) if (t[i] != NULL) g_object_unref(t[i]);
    vips_area_unref(VIPS_AREA(white));
    g_free(thumb);
    g_free(rgba);
    g_free(grey);
    return status;
}

int etl_vips_picture_make(const void *bytes, size_t length, int width, int height, int is_jpeg, int thumb_size,
                          etl_thumb_format format, int quality,
                          etl_vips_picture *picture, char *error, size_t error_size) {
    picture_call call = { bytes, length, width, height, is_jpeg, thumb_size, format, quality, picture };
    return with_own_error(picture_once, &call, error, error_size, "the picture cannot be decoded");
}

void etl_vips_picture_free(etl_vips_picture *picture) {
    g_free(picture->thumb);
    g_free(picture->rgba);
    picture->thumb = NULL;
    picture->rgba = NULL;
}
