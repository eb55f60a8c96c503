// A book's pictures decoded with SDL_image (PNG, JPEG, GIF, WebP) and SVG drawn with
// librsvg (SDL_image's nanosvg when librsvg is missing), each opened with dlopen the first time
// a page shows a picture: most books have none, and no command's start should pay for the
// decoders' libraries (librsvg alone brings cairo, GLib and Pango).
#ifndef PAGETURN_PICTURE_DECODING_H
#define PAGETURN_PICTURE_DECODING_H
#include <stddef.h>
#include <stdint.h>

/// Decodes the picture file in `bytes` into `*pixels` (0xAARRGGBB words, straight alpha, row by
/// row, `*width` × `*height`; free them with `pt_picture_free`). An SVG (`svg` non-zero) is
/// drawn at `svg_width` × `svg_height` pixels, its viewBox fitted into them. A decoded picture of more than `max_pixels`
/// pixels is refused. Returns 0, or -1 with the reason in `message`.
int pt_picture_decode(const void *bytes, size_t length, int svg, int svg_width, int svg_height, int64_t max_pixels,
                      uint32_t **pixels, int *width, int *height, char *message, size_t message_size);

void pt_picture_free(uint32_t *pixels);

#endif
