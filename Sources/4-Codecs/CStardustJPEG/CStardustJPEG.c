// A setjmp shim around libjpeg: libjpeg reports errors by calling error_exit, which must not return;
// Swift cannot unwind through longjmp, so all libjpeg calls happen in this C function.
#include "CStardustJPEG.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

struct stardust_error_manager {
    struct jpeg_error_mgr base;
    jmp_buf jump;
};

static void stardust_error_exit(j_common_ptr cinfo) {
    struct stardust_error_manager *err = (struct stardust_error_manager *)cinfo->err;
    longjmp(err->jump, 1);
}

static void stardust_emit_message(j_common_ptr cinfo, int level) {
    // Warnings (level -1) mean corrupt or truncated data: treat them as fatal.
    if (level < 0) {
        struct stardust_error_manager *err = (struct stardust_error_manager *)cinfo->err;
        err->base.num_warnings++;
        longjmp(err->jump, 1);
    }
}

static void stardust_output_message(j_common_ptr cinfo) { (void)cinfo; }

static void stardust_copy_message(j_common_ptr cinfo, char *message, size_t message_size) {
    if (message == NULL || message_size == 0) return;
    char buffer[JMSG_LENGTH_MAX];
    buffer[0] = 0;
    cinfo->err->format_message(cinfo, buffer);
    snprintf(message, message_size, "%s", buffer);
}

int stardust_jpeg_decode(const unsigned char *data, size_t size, long long max_pixels,
                         unsigned char **out_pixels, int *width, int *height,
                         char *message, size_t message_size) {
    struct jpeg_decompress_struct cinfo;
    struct stardust_error_manager err;
    unsigned char *volatile pixels = NULL;
    unsigned char *volatile row = NULL;

    *out_pixels = NULL;
    *width = 0;
    *height = 0;
    if (message && message_size) message[0] = 0;
    if (size == 0 || size > (size_t)0xFFFFFFFFu) {
        if (message) snprintf(message, message_size, "the data is empty or too long");
        return STARDUST_JPEG_CORRUPT;
    }

    memset(&cinfo, 0, sizeof cinfo);
    cinfo.err = jpeg_std_error(&err.base);
    err.base.error_exit = stardust_error_exit;
    err.base.emit_message = stardust_emit_message;
    err.base.output_message = stardust_output_message;

    if (setjmp(err.jump)) {
        stardust_copy_message((j_common_ptr)&cinfo, message, message_size);
        jpeg_destroy_decompress(&cinfo);
        free(pixels);
        free(row);
        return STARDUST_JPEG_CORRUPT;
    }

    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);

    *width = (int)cinfo.image_width;
    *height = (int)cinfo.image_height;
    long long pixel_count = (long long)cinfo.image_width * (long long)cinfo.image_height;
    if (pixel_count > max_pixels) {
        jpeg_destroy_decompress(&cinfo);
        return STARDUST_JPEG_TOO_LARGE;
    }

    int cmyk = 0;
    switch (cinfo.jpeg_color_space) {
    case JCS_GRAYSCALE: cinfo.out_color_space = JCS_GRAYSCALE; break;
    case JCS_CMYK:
    case JCS_YCCK: cinfo.out_color_space = JCS_CMYK; cmyk = 1; break;
    case JCS_RGB:
    case JCS_YCbCr: cinfo.out_color_space = JCS_RGB; break;
    default:
        if (message) snprintf(message, message_size, "color space %d is not supported", (int)cinfo.jpeg_color_space);
        jpeg_destroy_decompress(&cinfo);
        return STARDUST_JPEG_UNSUPPORTED;
    }
    int inverted = cmyk && cinfo.saw_Adobe_marker;

    jpeg_start_decompress(&cinfo);
    int components = cinfo.output_components;
    size_t w = cinfo.output_width, h = cinfo.output_height;
    pixels = (unsigned char *)malloc(w * h * 4 > 0 ? w * h * 4 : 1);
    row = (unsigned char *)malloc(w * (size_t)components > 0 ? w * (size_t)components : 1);
    if (pixels == NULL || row == NULL) {
        jpeg_destroy_decompress(&cinfo);
        free(pixels);
        free(row);
        return STARDUST_JPEG_NO_MEMORY;
    }

    while (cinfo.output_scanline < cinfo.output_height) {
        size_t y = cinfo.output_scanline;
        JSAMPROW rows[1] = { row };
        if (jpeg_read_scanlines(&cinfo, rows, 1) != 1) {
            if (message) snprintf(message, message_size, "the scan data ended early");
            jpeg_destroy_decompress(&cinfo);
            free(pixels);
            free(row);
            return STARDUST_JPEG_CORRUPT;
        }
        unsigned char *out = pixels + y * w * 4;
        for (size_t x = 0; x < w; x++) {
            unsigned char *p = row + x * (size_t)components;
            if (components == 1) {
                out[0] = out[1] = out[2] = p[0];
            } else if (cmyk) {
                // Adobe files store inverted CMYK: the samples are already 255 - ink.
                unsigned c = p[0], m = p[1], yy = p[2], k = p[3];
                if (!inverted) { c = 255 - c; m = 255 - m; yy = 255 - yy; k = 255 - k; }
                out[0] = (unsigned char)((c * k + 127) / 255);
                out[1] = (unsigned char)((m * k + 127) / 255);
                out[2] = (unsigned char)((yy * k + 127) / 255);
            } else {
                out[0] = p[0]; out[1] = p[1]; out[2] = p[2];
            }
            out[3] = 255;
            out += 4;
        }
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    free(row);
    *out_pixels = pixels;
    *width = (int)w;
    *height = (int)h;
    return STARDUST_JPEG_OK;
}
