// SDL_image opened with dlopen (see PictureDecoding.h). Its two entry points are looked up by
// name; SDL's own functions come through the forwarders of SDLForwarding.c.
#define _GNU_SOURCE
#include <SDL2/SDL.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "PictureDecoding.h"
#include "SDLLoader.h"

typedef SDL_Surface *(*load_rw_fn)(SDL_RWops *src, int freesrc);
typedef SDL_Surface *(*load_sized_svg_fn)(SDL_RWops *src, int width, int height);

static load_rw_fn load_rw;
static load_sized_svg_fn load_sized_svg;
static char failure[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load_library(void) {
    const char *sdl = pt_sdl_load();
    if (sdl) {
        snprintf(failure, sizeof failure, "%s", sdl);
        return;
    }
    void *library = dlopen("libSDL2_image-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *why = dlerror();
        snprintf(failure, sizeof failure, "%s (install libsdl2-image-2.0-0)", why ? why : "libSDL2_image-2.0.so.0 not found");
        return;
    }
    load_rw = (load_rw_fn)dlsym(library, "IMG_Load_RW");
    load_sized_svg = (load_sized_svg_fn)dlsym(library, "IMG_LoadSizedSVG_RW");
    if (!load_rw) snprintf(failure, sizeof failure, "libSDL2_image-2.0.so.0 has no IMG_Load_RW");
}

// librsvg for SVG (nanosvg, SDL_image's, draws neither text nor embedded raster images): its
// handle from the bytes, drawn by cairo into an ARGB32 image surface. No base file is given,
// so nothing outside the data is ever fetched; data: URLs inside it are read.
typedef struct _RsvgHandle RsvgHandle;
typedef struct _GError GError;
typedef struct { double x, y, width, height; } pt_rsvg_rectangle;
static struct {
    RsvgHandle *(*new_from_data)(const uint8_t *data, size_t length, GError **error);
    int (*render_document)(RsvgHandle *handle, void *cairo, const pt_rsvg_rectangle *viewport, GError **error);
    void (*object_unref)(void *object);
    void (*error_free)(GError *error);
    void *(*surface_create)(int format, int width, int height);
    void *(*cairo_create)(void *surface);
    void (*cairo_destroy)(void *cairo);
    void (*surface_flush)(void *surface);
    unsigned char *(*surface_data)(void *surface);
    int (*surface_stride)(void *surface);
    void (*surface_destroy)(void *surface);
} rsvg;
static int rsvg_loaded;
static pthread_once_t rsvg_once = PTHREAD_ONCE_INIT;

static void load_rsvg(void) {
    void *library = dlopen("librsvg-2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    // dlsym on the handle searches librsvg's own dependencies too (cairo, GObject, GLib).
    rsvg.new_from_data = dlsym(library, "rsvg_handle_new_from_data");
    rsvg.render_document = dlsym(library, "rsvg_handle_render_document");
    rsvg.object_unref = dlsym(library, "g_object_unref");
    rsvg.error_free = dlsym(library, "g_error_free");
    rsvg.surface_create = dlsym(library, "cairo_image_surface_create");
    rsvg.cairo_create = dlsym(library, "cairo_create");
    rsvg.cairo_destroy = dlsym(library, "cairo_destroy");
    rsvg.surface_flush = dlsym(library, "cairo_surface_flush");
    rsvg.surface_data = dlsym(library, "cairo_image_surface_get_data");
    rsvg.surface_stride = dlsym(library, "cairo_image_surface_get_stride");
    rsvg.surface_destroy = dlsym(library, "cairo_surface_destroy");
    rsvg_loaded = rsvg.new_from_data && rsvg.render_document && rsvg.object_unref && rsvg.error_free && rsvg.surface_create
        && rsvg.cairo_create && rsvg.cairo_destroy && rsvg.surface_flush && rsvg.surface_data && rsvg.surface_stride
        && rsvg.surface_destroy;
}

// Draws the SVG at width × height with librsvg into straight-alpha ARGB words. Returns 0, 1
// when librsvg is missing (the caller falls back to SDL_image), or -1 on failure.
static int decode_svg(const void *bytes, size_t length, int width, int height, uint32_t **pixels, char *message,
                      size_t message_size) {
    pthread_once(&rsvg_once, load_rsvg);
    if (!rsvg_loaded) return 1;
    GError *error = NULL;
    RsvgHandle *handle = rsvg.new_from_data(bytes, length, &error);
    if (!handle) {
        snprintf(message, message_size, "librsvg cannot read it");
        if (error) rsvg.error_free(error);
        return -1;
    }
    void *surface = rsvg.surface_create(0 /* CAIRO_FORMAT_ARGB32 */, width, height);
    void *cairo = rsvg.cairo_create(surface);
    pt_rsvg_rectangle viewport = {0, 0, width, height};
    int drawn = rsvg.render_document(handle, cairo, &viewport, &error);
    rsvg.cairo_destroy(cairo);
    rsvg.object_unref(handle);
    if (!drawn) {
        snprintf(message, message_size, "librsvg cannot draw it");
        if (error) rsvg.error_free(error);
        rsvg.surface_destroy(surface);
        return -1;
    }
    rsvg.surface_flush(surface);
    const unsigned char *data = rsvg.surface_data(surface);
    int stride = rsvg.surface_stride(surface);
    uint32_t *out = data ? malloc((size_t)width * (size_t)height * 4) : NULL;
    if (!out) {
        snprintf(message, message_size, "out of memory");
        rsvg.surface_destroy(surface);
        return -1;
    }
    // Cairo's ARGB32 is premultiplied, in native-endian words: made straight.
    for (int y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)(data + (size_t)y * stride);
        for (int x = 0; x < width; x++) {
            uint32_t c = row[x], a = c >> 24;
            if (a == 0 || a == 255) { out[(size_t)y * width + x] = a == 0 ? 0 : c; continue; }
            uint32_t r = ((c >> 16) & 0xFF) * 255 / a, g = ((c >> 8) & 0xFF) * 255 / a, b = (c & 0xFF) * 255 / a;
            out[(size_t)y * width + x] = a << 24 | (r > 255 ? 255 : r) << 16 | (g > 255 ? 255 : g) << 8 | (b > 255 ? 255 : b);
        }
    }
    rsvg.surface_destroy(surface);
    *pixels = out;
    return 0;
}

int pt_picture_decode(const void *bytes, size_t length, int svg, int svg_width, int svg_height, int64_t max_pixels,
                      uint32_t **pixels, int *width, int *height, char *message, size_t message_size) {
    *pixels = NULL;
    if (svg && svg_width > 0 && svg_height > 0 && (int64_t)svg_width * svg_height <= max_pixels) {
        int drawn = decode_svg(bytes, length, svg_width, svg_height, pixels, message, message_size);
        if (drawn <= 0) {
            *width = svg_width;
            *height = svg_height;
            return drawn;
        }
    }
    pthread_once(&once, load_library);
    if (!load_rw) {
        snprintf(message, message_size, "%s", failure);
        return -1;
    }
    if (length > (size_t)INT32_MAX) {
        snprintf(message, message_size, "the file is too large");
        return -1;
    }
    SDL_RWops *source = SDL_RWFromConstMem(bytes, (int)length);
    if (!source) {
        snprintf(message, message_size, "%s", SDL_GetError());
        return -1;
    }
    SDL_Surface *decoded;
    if (svg && load_sized_svg && svg_width > 0 && svg_height > 0) {
        decoded = load_sized_svg(source, svg_width, svg_height);
        SDL_RWclose(source);
    } else {
        decoded = load_rw(source, 1);
    }
    if (!decoded) {
        snprintf(message, message_size, "%s", SDL_GetError());
        return -1;
    }
    if ((int64_t)decoded->w * decoded->h > max_pixels || decoded->w <= 0 || decoded->h <= 0) {
        snprintf(message, message_size, "it decodes to %d x %d pixels", decoded->w, decoded->h);
        SDL_FreeSurface(decoded);
        return -1;
    }
    SDL_Surface *argb = SDL_ConvertSurfaceFormat(decoded, SDL_PIXELFORMAT_ARGB8888, 0);
    SDL_FreeSurface(decoded);
    if (!argb) {
        snprintf(message, message_size, "%s", SDL_GetError());
        return -1;
    }
    uint32_t *out = malloc((size_t)argb->w * (size_t)argb->h * 4);
    if (!out) {
        SDL_FreeSurface(argb);
        snprintf(message, message_size, "out of memory");
        return -1;
    }
    SDL_LockSurface(argb);
    for (int y = 0; y < argb->h; y++) memcpy(out + (size_t)y * argb->w, (const uint8_t *)argb->pixels + (size_t)y * argb->pitch, (size_t)argb->w * 4);
    SDL_UnlockSurface(argb);
    *width = argb->w;
    *height = argb->h;
    *pixels = out;
    SDL_FreeSurface(argb);
    return 0;
}

void pt_picture_free(uint32_t *pixels) { free(pixels); }
