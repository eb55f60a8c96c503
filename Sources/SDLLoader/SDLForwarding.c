// The SDL 2 functions PageTurn calls, each a small function of SDL's own name and signature
// that forwards to the real one in libSDL2-2.0.so.0, loaded with dlopen on the first call (or
// by `pt_sdl_load`, which `SDLRuntime.start` calls to report a missing library in words).
//
// Why by hand: linking libSDL2 makes the dynamic loader map it and the ~50 libraries it
// needs (PulseAudio, ALSA, X11, Wayland, sndfile, FLAC, …) before `main`, about 5 ms of
// every command's start, though only `read` and `render` (and the benchmark's frames) draw. SDL's own dynamic API
// (SDL_DYNAMIC_API) only redirects an SDL already linked. The table below was generated from
// SDL 2's headers (the prototypes are SDL's, so the compiler checks every one against them);
// a new SDL call in Swift that is missing here fails to link with "undefined reference to
// `SDL_…`": add its line.
#define _GNU_SOURCE
#include <SDL2/SDL.h>
#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <pthread.h>
#include "SDLLoader.h"

static void *library;
static char failure[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

// Every forwarded function's slot, registered before `main` by a constructor each, so that
// loading the library looks them all up at once: a look-up takes the dynamic loader's lock,
// which the GL driver's load (`GLDriverPreload`) holds for 25–30 ms. Looked up here, on the
// thread that loads SDL before the driver, no SDL call on the main thread waits for it.
typedef struct { const char *name; void **slot; } pt_sdl_slot;
static pt_sdl_slot slots[160];
static int slot_count;

static void pt_sdl_register(const char *name, void **slot) {
    if (slot_count < (int)(sizeof slots / sizeof slots[0])) slots[slot_count++] = (pt_sdl_slot){name, slot};
}

// RTLD_LOCAL: SDL and its ~50 libraries stay out of the global scope, which every symbol the
// GL driver (LLVM) binds afterwards would search first (measured: the driver's load 28–35 ms
// after a global SDL, 23–24 ms after a local one or none). Only our forwarders need SDL's names.
static void load_library(void) {
    library = dlopen("libSDL2-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) library = dlopen("libSDL2.so", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *why = dlerror();
        snprintf(failure, sizeof failure, "%s", why ? why : "libSDL2-2.0.so.0 not found");
        return;
    }
    // A function SDL lacks stays unresolved and says so when called (`pt_sdl_symbol`).
    for (int i = 0; i < slot_count; i++) __atomic_store_n(slots[i].slot, dlsym(library, slots[i].name), __ATOMIC_RELEASE);
}

const char *pt_sdl_load(void) {
    pthread_once(&once, load_library);
    return library ? NULL : failure;
}

/// The address of `name` in libSDL2; a missing library or function ends the process with one
/// line (only reachable when a command draws without `SDLRuntime.start`, which reports it first).
static void *pt_sdl_symbol(const char *name) {
    const char *why = pt_sdl_load();
    void *address = why ? NULL : dlsym(library, name);
    if (!address) {
        fprintf(stderr, "pageturn: error: cannot load SDL 2 (%s)\n", why ? why : name);
        exit(1);
    }
    return address;
}

// Each function's target comes from its slot (filled when the library loads); a slot still
// empty is looked up on the call (a race only looks it up twice).
#define PT_SDL_SLOT(name)                                                                      \
    static void *pt_slot_##name;                                                               \
    __attribute__((constructor)) static void pt_register_##name(void) {                        \
        pt_sdl_register(#name, &pt_slot_##name);                                               \
    }
#define PT_SDL_TARGET(ret, name, params)                                                       \
    ret (*fn) params = (ret (*) params)__atomic_load_n(&pt_slot_##name, __ATOMIC_ACQUIRE);     \
    if (!fn) {                                                                                 \
        fn = (ret (*) params)pt_sdl_symbol(#name);                                             \
        __atomic_store_n(&pt_slot_##name, (void *)fn, __ATOMIC_RELEASE);                       \
    }
#define PT_SDL_CALL(ret, name, params, args) PT_SDL_SLOT(name) ret name params { PT_SDL_TARGET(ret, name, params) return fn args; }
#define PT_SDL_VOID(name, params, args) PT_SDL_SLOT(name) void name params { PT_SDL_TARGET(void, name, params) fn args; }

PT_SDL_CALL(SDL_Surface *, SDL_CreateRGBSurfaceWithFormat, (Uint32 flags, int width, int height, int depth, Uint32 format), (flags, width, height, depth, format))
PT_SDL_CALL(SDL_Renderer *, SDL_CreateRenderer, (SDL_Window * window, int index, Uint32 flags), (window, index, flags))
PT_SDL_CALL(SDL_Renderer *, SDL_CreateSoftwareRenderer, (SDL_Surface * surface), (surface))
PT_SDL_CALL(SDL_Texture *, SDL_CreateTexture, (SDL_Renderer * renderer, Uint32 format, int access, int w, int h), (renderer, format, access, w, h))
PT_SDL_CALL(SDL_Window *, SDL_CreateWindow, (const char *title, int x, int y, int w, int h, Uint32 flags), (title, x, y, w, h, flags))
PT_SDL_VOID(SDL_Delay, (Uint32 ms), (ms))
PT_SDL_VOID(SDL_DestroyRenderer, (SDL_Renderer * renderer), (renderer))
PT_SDL_VOID(SDL_DestroyTexture, (SDL_Texture * texture), (texture))
PT_SDL_VOID(SDL_DestroyWindow, (SDL_Window * window), (window))
PT_SDL_VOID(SDL_FreeSurface, (SDL_Surface * surface), (surface))
PT_SDL_CALL(const char *, SDL_GetCurrentVideoDriver, (void), ())
PT_SDL_CALL(int, SDL_GetDisplayUsableBounds, (int displayIndex, SDL_Rect * rect), (displayIndex, rect))
PT_SDL_CALL(int, SDL_GetDisplayBounds, (int displayIndex, SDL_Rect * rect), (displayIndex, rect))
PT_SDL_CALL(const char *, SDL_GetDisplayName, (int displayIndex), (displayIndex))
PT_SDL_CALL(int, SDL_GetWindowDisplayIndex, (SDL_Window * window), (window))
PT_SDL_VOID(SDL_GetWindowPosition, (SDL_Window * window, int *x, int *y), (window, x, y))
PT_SDL_CALL(const char *, SDL_GetError, (void), ())
PT_SDL_CALL(SDL_Surface *, SDL_GetWindowSurface, (SDL_Window * window), (window))
PT_SDL_CALL(int, SDL_UpdateWindowSurface, (SDL_Window * window), (window))
PT_SDL_CALL(SDL_Keycode, SDL_GetKeyFromName, (const char *name), (name))
PT_SDL_CALL(Uint64, SDL_GetPerformanceCounter, (void), ())
PT_SDL_VOID(SDL_free, (void *mem), (mem))
PT_SDL_VOID(SDL_FlushEvents, (Uint32 minType, Uint32 maxType), (minType, maxType))
PT_SDL_CALL(Uint64, SDL_GetPerformanceFrequency, (void), ())
PT_SDL_CALL(SDL_Texture *, SDL_GetRenderTarget, (SDL_Renderer *renderer), (renderer))
PT_SDL_CALL(int, SDL_GetRendererInfo, (SDL_Renderer * renderer, SDL_RendererInfo * info), (renderer, info))
PT_SDL_CALL(int, SDL_GetRendererOutputSize, (SDL_Renderer * renderer, int *w, int *h), (renderer, w, h))
PT_SDL_CALL(Uint64, SDL_GetTicks64, (void), ())
PT_SDL_VOID(SDL_GetWindowSize, (SDL_Window * window, int *w, int *h), (window, w, h))
PT_SDL_CALL(int, SDL_Init, (Uint32 flags), (flags))
PT_SDL_CALL(int, SDL_InitSubSystem, (Uint32 flags), (flags))
PT_SDL_CALL(int, SDL_LockSurface, (SDL_Surface * surface), (surface))
PT_SDL_CALL(int, SDL_PollEvent, (SDL_Event * event), (event))
PT_SDL_VOID(SDL_PumpEvents, (void), ())
PT_SDL_CALL(int, SDL_PushEvent, (SDL_Event * event), (event))
PT_SDL_VOID(SDL_QuitSubSystem, (Uint32 flags), (flags))
PT_SDL_CALL(SDL_RWops *, SDL_RWFromFile, (const char *file, const char *mode), (file, mode))
PT_SDL_CALL(SDL_RWops *, SDL_RWFromConstMem, (const void *mem, int size), (mem, size))
PT_SDL_CALL(int, SDL_RWclose, (SDL_RWops * context), (context))
PT_SDL_CALL(SDL_Surface *, SDL_ConvertSurfaceFormat, (SDL_Surface * src, Uint32 pixel_format, Uint32 flags), (src, pixel_format, flags))
PT_SDL_CALL(Uint32, SDL_RegisterEvents, (int numevents), (numevents))
PT_SDL_CALL(int, SDL_RenderClear, (SDL_Renderer * renderer), (renderer))
PT_SDL_CALL(int, SDL_RenderCopy, (SDL_Renderer * renderer, SDL_Texture * texture, const SDL_Rect * srcrect, const SDL_Rect * dstrect), (renderer, texture, srcrect, dstrect))
PT_SDL_CALL(int, SDL_RenderCopyEx, (SDL_Renderer * renderer, SDL_Texture * texture, const SDL_Rect * srcrect, const SDL_Rect * dstrect, const double angle, const SDL_Point *center, const SDL_RendererFlip flip), (renderer, texture, srcrect, dstrect, angle, center, flip))
PT_SDL_CALL(int, SDL_RenderFillRect, (SDL_Renderer * renderer, const SDL_Rect * rect), (renderer, rect))
PT_SDL_CALL(int, SDL_RenderSetClipRect, (SDL_Renderer * renderer, const SDL_Rect * rect), (renderer, rect))
PT_SDL_CALL(int, SDL_RenderFlush, (SDL_Renderer * renderer), (renderer))
PT_SDL_CALL(int, SDL_RenderGeometry, (SDL_Renderer *renderer, SDL_Texture *texture, const SDL_Vertex *vertices, int num_vertices, const int *indices, int num_indices), (renderer, texture, vertices, num_vertices, indices, num_indices))
PT_SDL_VOID(SDL_RenderPresent, (SDL_Renderer * renderer), (renderer))
PT_SDL_CALL(int, SDL_RenderReadPixels, (SDL_Renderer * renderer, const SDL_Rect * rect, Uint32 format, void *pixels, int pitch), (renderer, rect, format, pixels, pitch))
PT_SDL_CALL(int, SDL_SaveBMP_RW, (SDL_Surface * surface, SDL_RWops * dst, int freedst), (surface, dst, freedst))
PT_SDL_CALL(SDL_bool, SDL_SetHint, (const char *name, const char *value), (name, value))
PT_SDL_CALL(SDL_bool, SDL_SetHintWithPriority, (const char *name, const char *value, SDL_HintPriority priority), (name, value, priority))
PT_SDL_CALL(int, SDL_SetRenderDrawBlendMode, (SDL_Renderer * renderer, SDL_BlendMode blendMode), (renderer, blendMode))
PT_SDL_CALL(int, SDL_SetRenderDrawColor, (SDL_Renderer * renderer, Uint8 r, Uint8 g, Uint8 b, Uint8 a), (renderer, r, g, b, a))
PT_SDL_CALL(int, SDL_SetRenderTarget, (SDL_Renderer *renderer, SDL_Texture *texture), (renderer, texture))
PT_SDL_CALL(int, SDL_SetTextureBlendMode, (SDL_Texture * texture, SDL_BlendMode blendMode), (texture, blendMode))
PT_SDL_CALL(int, SDL_SetTextureColorMod, (SDL_Texture * texture, Uint8 r, Uint8 g, Uint8 b), (texture, r, g, b))
PT_SDL_CALL(int, SDL_SetWindowFullscreen, (SDL_Window * window, Uint32 flags), (window, flags))
PT_SDL_VOID(SDL_SetWindowMinimumSize, (SDL_Window * window, int min_w, int min_h), (window, min_w, min_h))
PT_SDL_VOID(SDL_SetWindowSize, (SDL_Window * window, int w, int h), (window, w, h))
PT_SDL_CALL(int, SDL_SetClipboardText, (const char *text), (text))
PT_SDL_VOID(SDL_SetWindowTitle, (SDL_Window * window, const char *title), (window, title))
PT_SDL_VOID(SDL_StartTextInput, (void), ())
PT_SDL_VOID(SDL_StopTextInput, (void), ())
PT_SDL_VOID(SDL_UnlockSurface, (SDL_Surface * surface), (surface))
PT_SDL_CALL(int, SDL_UpdateTexture, (SDL_Texture * texture, const SDL_Rect * rect, const void *pixels, int pitch), (texture, rect, pixels, pitch))
PT_SDL_CALL(int, SDL_UpperBlit, (SDL_Surface * src, const SDL_Rect * srcrect, SDL_Surface * dst, SDL_Rect * dstrect), (src, srcrect, dst, dstrect))
PT_SDL_CALL(int, SDL_WaitEventTimeout, (SDL_Event * event, int timeout), (event, timeout))
PT_SDL_VOID(SDL_LogMessageV, (int category, SDL_LogPriority priority, const char *fmt, va_list ap),
            (category, priority, fmt, ap))

/// SDL_Log is variadic: forwarded through SDL_LogMessageV, as SDL itself does.
void SDL_Log(SDL_PRINTF_FORMAT_STRING const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    SDL_LogMessageV(SDL_LOG_CATEGORY_APPLICATION, SDL_LOG_PRIORITY_INFO, fmt, ap);
    va_end(ap);
}
