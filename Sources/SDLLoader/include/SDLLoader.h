// SDL 2 loaded when a command first draws, not when the process starts.
#ifndef PAGETURN_SDL_LOADER_H
#define PAGETURN_SDL_LOADER_H

/// Loads libSDL2 (once; thread-safe). Returns NULL when it is loaded, else why it could not be
/// (dlerror's message, one line).
const char *pt_sdl_load(void);

// A book's pictures, decoded by SDL_image (opened the same way, when a page first shows one).
#include "PictureDecoding.h"

#endif
