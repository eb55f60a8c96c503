// uchardet, opened with dlopen on the first guess, not linked: linked, it is mapped and
// relocated at every start of every command, though only a file that is not UTF-8 (or UTF-16)
// is ever shown to it. The functions are uchardet's own, through pointers looked up once per
// translation unit; each wrapper does nothing (NULL, or an error status) without the library.
#ifndef PAGETURN_CUCHARDET_SHIM_H
#define PAGETURN_CUCHARDET_SHIM_H
#include <dlfcn.h>
#include <uchardet/uchardet.h>

static inline void *pageturn_uchardet_symbol(const char *name) {
    static void *library;
    void *lib = __atomic_load_n(&library, __ATOMIC_ACQUIRE);
    if (!lib) {
        lib = dlopen("libuchardet.so.0", RTLD_NOW | RTLD_LOCAL);
        if (!lib) return 0;
        __atomic_store_n(&library, lib, __ATOMIC_RELEASE);
    }
    return dlsym(lib, name);
}

// `fn`, uchardet's `name`, looked up once.
#define PAGETURN_UCHARDET_FUNCTION(type, name)                                               \
    static __typeof__(type) fn;                                                              \
    if (!__atomic_load_n(&fn, __ATOMIC_ACQUIRE))                                             \
        __atomic_store_n(&fn, (type)pageturn_uchardet_symbol(#name), __ATOMIC_RELEASE);

/// A new detector, or NULL (also when uchardet cannot be loaded).
static inline uchardet_t pageturn_uchardet_new(void) {
    PAGETURN_UCHARDET_FUNCTION(uchardet_t (*)(void), uchardet_new)
    return fn ? fn() : 0;
}

static inline void pageturn_uchardet_delete(uchardet_t ud) {
    PAGETURN_UCHARDET_FUNCTION(void (*)(uchardet_t), uchardet_delete)
    if (fn) fn(ud);
}

/// 0 when the data was taken.
static inline int pageturn_uchardet_handle_data(uchardet_t ud, const char *data, size_t length) {
    PAGETURN_UCHARDET_FUNCTION(int (*)(uchardet_t, const char *, size_t), uchardet_handle_data)
    return fn ? fn(ud, data, length) : 1;
}

static inline void pageturn_uchardet_data_end(uchardet_t ud) {
    PAGETURN_UCHARDET_FUNCTION(void (*)(uchardet_t), uchardet_data_end)
    if (fn) fn(ud);
}

/// The charset's name ("" for none), or NULL.
static inline const char *pageturn_uchardet_get_charset(uchardet_t ud) {
    PAGETURN_UCHARDET_FUNCTION(const char *(*)(uchardet_t), uchardet_get_charset)
    return fn ? fn(ud) : 0;
}
#endif
