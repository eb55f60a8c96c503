// SDL2 as Swift sees it: the library's own header (its functions are SDLLoader's forwarders), plus `static inline` wrappers for what
// Swift cannot import (function-like macros, casts in macros, variadic functions).
#ifndef PAGETURN_SDL_SHIM_H
#define PAGETURN_SDL_SHIM_H

#define SDL_MAIN_HANDLED 1
#include <SDL2/SDL.h>

/// SDL_WINDOWPOS_CENTERED (a function-like macro).
static inline int pt_sdl_windowpos_centered(void) { return (int)SDL_WINDOWPOS_CENTERED; }

/// SDL_WINDOWPOS_UNDEFINED.
static inline int pt_sdl_windowpos_undefined(void) { return (int)SDL_WINDOWPOS_UNDEFINED; }

/// SDL_TOUCH_MOUSEID: the `which` of mouse events SDL synthesises from touches.
static inline Uint32 pt_sdl_touch_mouse_id(void) { return SDL_TOUCH_MOUSEID; }

/// SDL_BUTTON(X): the state mask of mouse button X.
static inline Uint32 pt_sdl_button_mask(int button) { return (Uint32)SDL_BUTTON(button); }

/// SDL_SaveBMP (a macro over SDL_SaveBMP_RW).
static inline int pt_sdl_save_bmp(SDL_Surface *surface, const char *file) {
    return SDL_SaveBMP(surface, file);
}

/// SDL_BlitSurface (a macro naming SDL_UpperBlit).
static inline int pt_sdl_blit_surface(SDL_Surface *src, const SDL_Rect *srcrect, SDL_Surface *dst, SDL_Rect *dstrect) {
    return SDL_BlitSurface(src, srcrect, dst, dstrect);
}

/// SDL_MUSTLOCK.
static inline SDL_bool pt_sdl_must_lock(const SDL_Surface *surface) {
    return SDL_MUSTLOCK(surface) ? SDL_TRUE : SDL_FALSE;
}

/// SDL_Log without the format string (SDL_Log is variadic).
static inline void pt_sdl_log(const char *message) { SDL_Log("%s", message); }

/// SDL_GetError as a pointer that is never NULL.
static inline const char *pt_sdl_error(void) {
    const char *e = SDL_GetError();
    return e ? e : "";
}

#endif
