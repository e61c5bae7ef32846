#ifndef CSTARDUSTJPEG_H
#define CSTARDUSTJPEG_H

#include <stddef.h>

/// Result codes of `stardust_jpeg_decode`.
enum {
    STARDUST_JPEG_OK = 0,
    /// libjpeg reported an error or a warning (corrupt or truncated data); `message` says which.
    STARDUST_JPEG_CORRUPT = 1,
    /// The header declares more than `max_pixels` pixels; `width` and `height` are set.
    STARDUST_JPEG_TOO_LARGE = 2,
    /// Memory for the pixels could not be allocated.
    STARDUST_JPEG_NO_MEMORY = 3,
    /// The color space cannot be converted to RGB.
    STARDUST_JPEG_UNSUPPORTED = 4
};

/// Decodes a JPEG held in memory to straight RGBA8 (alpha = 255).
///
/// libjpeg's fatal errors are caught with setjmp/longjmp inside this function, and its warnings
/// (corrupt or truncated data) are treated as errors, so bad input never ends the process.
/// On success `*out_pixels` receives a `malloc`ed buffer of `width * height * 4` bytes that the caller frees.
/// `message` (at least 200 bytes) receives libjpeg's text on failure.
int stardust_jpeg_decode(const unsigned char *data, size_t size, long long max_pixels,
                         unsigned char **out_pixels, int *width, int *height,
                         char *message, size_t message_size);

#endif
