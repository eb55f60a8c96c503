// libhyphen (Debian's libhyphen0 and libhyphen-dev), which reads the hyphen-* packages'
// dictionaries for LibreOffice: the tests' truth for the points Pagination's own reading of
// the same files finds (HyphenationPatterns says why the product does not call it).
//
// Opened with dlopen; only the types of <hyphen.h> are used, its functions looked up by name.
#ifndef PAGETURN_CHYPHEN_SHIM_H
#define PAGETURN_CHYPHEN_SHIM_H
#include <dlfcn.h>
#include <stdlib.h>
#include <hyphen.h>

static inline void *pageturn_hyphen_symbol(const char *name) {
    static void *library;
    void *lib = __atomic_load_n(&library, __ATOMIC_ACQUIRE);
    if (!lib) {
        lib = dlopen("libhyphen.so.0", RTLD_NOW | RTLD_LOCAL);
        if (!lib) return 0;
        __atomic_store_n(&library, lib, __ATOMIC_RELEASE);
    }
    return dlsym(lib, name);
}

// `fn`, libhyphen's `name`, looked up once per translation unit.
#define PAGETURN_HYPHEN_FUNCTION(type, name)                                                 \
    static __typeof__(type) fn;                                                              \
    if (!__atomic_load_n(&fn, __ATOMIC_ACQUIRE))                                             \
        __atomic_store_n(&fn, (type)pageturn_hyphen_symbol(#name), __ATOMIC_RELEASE);

/// The dictionary at `path`, or NULL (also when libhyphen cannot be loaded).
static inline HyphenDict *pageturn_hyphen_load(const char *path) {
    PAGETURN_HYPHEN_FUNCTION(HyphenDict *(*)(const char *), hnj_hyphen_load)
    return fn ? fn(path) : 0;
}

static inline void pageturn_hyphen_free(HyphenDict *dict) {
    PAGETURN_HYPHEN_FUNCTION(void (*)(HyphenDict *), hnj_hyphen_free)
    if (fn) fn(dict);
}

/// Non-standard hyphenation (a pattern that changes letters, German's old "ck" → "k-k") in
/// `hyphens` reported as no point there, and libhyphen's replacement arrays freed.
static inline void pageturn_hyphen_drop_replacements(char **rep, int *pos, int *cut, int size, char *hyphens) {
    if (rep) {
        for (int i = 0; i < size; i++) {
            if (rep[i]) {
                hyphens[i] = '0';
                free(rep[i]);
            }
        }
        free(rep);
        free(pos);
        free(cut);
    }
}

/// Hyphenation points of `word` (`size` bytes in the dictionary's encoding, lower case, and a
/// terminating NUL: libhyphen searches it as a C string) into
/// `hyphens` (`size` + 5 bytes): an odd digit at a character's index allows a hyphen after
/// it (for a UTF-8 dictionary the index counts characters, otherwise bytes). `before` and
/// `after` are the fewest characters left on each side, of the word and of each part of a
/// compound. Non-standard hyphenation is reported as no point there. Returns 0 on success.
static inline int pageturn_hyphen_points(HyphenDict *dict, const char *word, int size, char *hyphens, int before,
                                         int after) {
    PAGETURN_HYPHEN_FUNCTION(int (*)(HyphenDict *, const char *, int, char *, char *, char ***, int **, int **, int, int,
                                     int, int), hnj_hyphen_hyphenate3)
    if (!fn) return -1;
    char **rep = 0;
    int *pos = 0, *cut = 0;
    int result = fn(dict, word, size, hyphens, 0, &rep, &pos, &cut, before, after, before, after);
    pageturn_hyphen_drop_replacements(rep, pos, cut, size, hyphens);
    return result;
}

/// The same with the dictionary's own minimums (`LEFTHYPHENMIN`, `RIGHTHYPHENMIN`, 2 when it
/// does not say; `COMPOUNDLEFTHYPHENMIN`, `COMPOUNDRIGHTHYPHENMIN` inside a compound):
/// libhyphen's hnj_hyphen_hyphenate2.
static inline int pageturn_hyphen_points_by_its_minimums(HyphenDict *dict, const char *word, int size, char *hyphens) {
    PAGETURN_HYPHEN_FUNCTION(int (*)(HyphenDict *, const char *, int, char *, char *, char ***, int **, int **),
                             hnj_hyphen_hyphenate2)
    if (!fn) return -1;
    char **rep = 0;
    int *pos = 0, *cut = 0;
    int result = fn(dict, word, size, hyphens, 0, &rep, &pos, &cut);
    pageturn_hyphen_drop_replacements(rep, pos, cut, size, hyphens);
    return result;
}

/// Whether the dictionary's patterns are UTF-8 (otherwise its `cset`, e.g. KOI8-R).
static inline int pageturn_hyphen_is_utf8(const HyphenDict *dict) { return dict->utf8; }
static inline const char *pageturn_hyphen_charset(const HyphenDict *dict) { return dict->cset; }
#endif
