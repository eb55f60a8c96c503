// ICU's line break iterator (Debian's libicu), for the dictionary breaks of Thai, Lao, Khmer
// and Burmese.
//
// Two things keep this from including <unicode/ubrk.h>: ICU renames every C function by macro
// (ubrk_open → ubrk_open_72), which Swift cannot see through; and Foundation brings its own
// ICU module whose UErrorCode differs from Debian's, so a second definition of ICU's types in
// the same Swift module is refused. Only <unicode/uvernum.h> (macros, no types) is included;
// the few functions are looked up under their renamed symbols and called with ABI-identical
// plain C types (enums as int, UChar as uint16_t, UBreakIterator opaque), wrapped inline.
#ifndef PAGETURN_CICU_SHIM_H
#define PAGETURN_CICU_SHIM_H
#include <dlfcn.h>
#include <stdint.h>
#include <unicode/uvernum.h>

typedef struct PageTurnBreakIterator PageTurnBreakIterator;  // ICU's UBreakIterator

#define PAGETURN_ICU(name) U_ICU_ENTRY_POINT_RENAME(name)
#define PAGETURN_ICU_STRING_(x) #x
#define PAGETURN_ICU_STRING(x) PAGETURN_ICU_STRING_(x)

// libicuuc is opened with dlopen on the first dictionary break, not linked: linked, it and its
// 30 MB of data are mapped and relocated at every start of every command (about 0.5 ms),
// though only Thai, Lao, Khmer and Burmese text uses it. Its file name and symbols carry the
// major version of the headers (libicuuc.so.72, ubrk_open_72), as linking would.
static inline void *pageturn_icu_symbol(const char *name) {
    static void *library;
    void *lib = __atomic_load_n(&library, __ATOMIC_ACQUIRE);
    if (!lib) {
        lib = dlopen("libicuuc.so." PAGETURN_ICU_STRING(U_ICU_VERSION_MAJOR_NUM), RTLD_NOW | RTLD_LOCAL);
        if (!lib) return 0;
        __atomic_store_n(&library, lib, __ATOMIC_RELEASE);
    }
    return dlsym(lib, name);
}

/// Opens ICU now if it is not open yet; returns whether it could be opened.
static inline int pageturn_icu_load(void) {
    return pageturn_icu_symbol(PAGETURN_ICU_STRING(PAGETURN_ICU(ubidi_open))) != 0;
}

// `fn`, ICU's `name` (renamed by version), looked up once per translation unit.
#define PAGETURN_ICU_FUNCTION(type, name)                                                    \
    static __typeof__(type) fn;                                                              \
    if (!__atomic_load_n(&fn, __ATOMIC_ACQUIRE))                                             \
        __atomic_store_n(&fn, (type)pageturn_icu_symbol(PAGETURN_ICU_STRING(PAGETURN_ICU(name))), __ATOMIC_RELEASE);

enum { PAGETURN_UBRK_WORD = 1, PAGETURN_UBRK_LINE = 2 };  // UBRK_WORD, UBRK_LINE

static inline void pageturn_ubrk_close(PageTurnBreakIterator *it) {
    PAGETURN_ICU_FUNCTION(void (*)(PageTurnBreakIterator *), ubrk_close)
    fn(it);
}

/// A line break iterator for the root locale (its dictionaries cover lb=SA), or NULL (also
/// when ICU cannot be loaded).
static inline PageTurnBreakIterator *pageturn_ubrk_open_line(void) {
    PAGETURN_ICU_FUNCTION(PageTurnBreakIterator *(*)(int, const char *, const uint16_t *, int32_t, int *), ubrk_open)
    if (!fn) return 0;
    int status = 0;  // U_ZERO_ERROR; failures are > 0 (U_FAILURE)
    PageTurnBreakIterator *it = fn(PAGETURN_UBRK_LINE, "", 0, 0, &status);
    if (status > 0) { if (it) pageturn_ubrk_close(it); return 0; }
    return it;
}

/// A word break iterator (UAX #29 word boundaries, with ICU's dictionaries for Thai, Chinese,
/// Japanese and the other languages written without spaces) for `locale` ("" for the root),
/// or NULL (also when ICU cannot be loaded).
static inline PageTurnBreakIterator *pageturn_ubrk_open_word(const char *locale) {
    PAGETURN_ICU_FUNCTION(PageTurnBreakIterator *(*)(int, const char *, const uint16_t *, int32_t, int *), ubrk_open)
    if (!fn) return 0;
    int status = 0;
    PageTurnBreakIterator *it = fn(PAGETURN_UBRK_WORD, locale, 0, 0, &status);
    if (status > 0) { if (it) pageturn_ubrk_close(it); return 0; }
    return it;
}

/// The first boundary after UTF-16 offset `offset`, or -1 (UBRK_DONE) when there is none.
static inline int32_t pageturn_ubrk_following(PageTurnBreakIterator *it, int32_t offset) {
    PAGETURN_ICU_FUNCTION(int32_t (*)(PageTurnBreakIterator *, int32_t), ubrk_following)
    return fn(it, offset);
}

/// The last boundary before UTF-16 offset `offset`, or -1 (UBRK_DONE) when there is none.
static inline int32_t pageturn_ubrk_preceding(PageTurnBreakIterator *it, int32_t offset) {
    PAGETURN_ICU_FUNCTION(int32_t (*)(PageTurnBreakIterator *, int32_t), ubrk_preceding)
    return fn(it, offset);
}

/// Points `it` at `length` UTF-16 units (kept, not copied); returns 0 on success.
static inline int pageturn_ubrk_set_text(PageTurnBreakIterator *it, const uint16_t *text, int32_t length) {
    PAGETURN_ICU_FUNCTION(void (*)(PageTurnBreakIterator *, const uint16_t *, int32_t, int *), ubrk_setText)
    int status = 0;
    fn(it, text, length, &status);
    return status > 0 ? 1 : 0;
}

/// The next boundary, or -1 (UBRK_DONE) when done.
static inline int32_t pageturn_ubrk_next(PageTurnBreakIterator *it) {
    PAGETURN_ICU_FUNCTION(int32_t (*)(PageTurnBreakIterator *), ubrk_next)
    return fn(it);
}

/// The first boundary after the start of the text, or -1 (UBRK_DONE) when there is none.
static inline int32_t pageturn_ubrk_first_break(PageTurnBreakIterator *it) {
    PAGETURN_ICU_FUNCTION(int32_t (*)(PageTurnBreakIterator *), ubrk_first)
    fn(it);
    return pageturn_ubrk_next(it);
}

// ICU's bidi algorithm (UAX #9), for paragraphs that hold right-to-left text.
typedef struct PageTurnBidi PageTurnBidi;  // ICU's UBiDi

enum {
    PAGETURN_UBIDI_DEFAULT_LTR = 0xFE,  // the first strong character decides, else left to right
    PAGETURN_UBIDI_DEFAULT_RTL = 0xFF,  // the first strong character decides, else right to left
};

/// A bidi object for paragraphs of up to `maxLength` UTF-16 units, or NULL (also when ICU
/// cannot be loaded).
static inline PageTurnBidi *pageturn_ubidi_open(int32_t maxLength) {
    PAGETURN_ICU_FUNCTION(PageTurnBidi *(*)(int32_t, int32_t, int *), ubidi_openSized)
    if (!fn) return 0;
    int status = 0;
    PageTurnBidi *bidi = fn(maxLength, 0, &status);
    return status > 0 ? 0 : bidi;
}

static inline void pageturn_ubidi_close(PageTurnBidi *bidi) {
    PAGETURN_ICU_FUNCTION(void (*)(PageTurnBidi *), ubidi_close)
    fn(bidi);
}

/// Resolves the embedding levels of `length` UTF-16 units (UAX #9 P2–P3 when `paragraphLevel`
/// is one of the defaults, then X1–I2) and points `levels` at one level per unit (ICU's
/// memory, valid until the next call). Returns the paragraph's level, or -1 on failure.
static inline int pageturn_ubidi_levels(PageTurnBidi *bidi, const uint16_t *text, int32_t length,
                                        uint8_t paragraphLevel, const uint8_t **levels) {
    int status = 0;
    {
        PAGETURN_ICU_FUNCTION(void (*)(PageTurnBidi *, const uint16_t *, int32_t, uint8_t, uint8_t *, int *),
                              ubidi_setPara)
        fn(bidi, text, length, paragraphLevel, 0, &status);
    }
    if (status > 0) return -1;
    {
        PAGETURN_ICU_FUNCTION(const uint8_t *(*)(PageTurnBidi *, int *), ubidi_getLevels)
        *levels = fn(bidi, &status);
    }
    if (status > 0 || !*levels) return -1;
    PAGETURN_ICU_FUNCTION(uint8_t (*)(PageTurnBidi *), ubidi_getParaLevel)
    return fn(bidi);
}

/// UAX #9 rule L2 on `length` levels: `visual[k]` is the logical index shown k-th from the
/// left. Returns 0 on success.
static inline int pageturn_ubidi_reorder_visual(const uint8_t *levels, int32_t length, int32_t *visual) {
    PAGETURN_ICU_FUNCTION(void (*)(const uint8_t *, int32_t, int32_t *), ubidi_reorderVisual)
    if (!fn) return 1;
    fn(levels, length, visual);
    return 0;
}

typedef struct PageTurnNormalizer PageTurnNormalizer;  // ICU's UNormalizer2

/// ICU's NFD normalizer (owned by ICU, never closed), or NULL when ICU cannot be loaded.
static inline const PageTurnNormalizer *pageturn_unorm2_nfd(void) {
    PAGETURN_ICU_FUNCTION(const PageTurnNormalizer *(*)(int *), unorm2_getNFDInstance)
    if (!fn) return 0;
    int status = 0;
    const PageTurnNormalizer *nfd = fn(&status);
    return status > 0 ? 0 : nfd;
}

/// The full canonical decomposition of `c` (UTF-16, at most `capacity` units) into `out`;
/// its length, or -1 when `c` has none (it is its own decomposition) or it does not fit.
static inline int32_t pageturn_unorm2_decomposition(const PageTurnNormalizer *nfd, int32_t c, uint16_t *out, int32_t capacity) {
    PAGETURN_ICU_FUNCTION(int32_t (*)(const PageTurnNormalizer *, int32_t, uint16_t *, int32_t, int *), unorm2_getDecomposition)
    if (!fn || !nfd) return -1;
    int status = 0;
    int32_t length = fn(nfd, c, out, capacity, &status);
    return status > 0 ? -1 : length;
}

/// ICU's version, such as "72.1" (U_ICU_VERSION).
static inline const char *pageturn_icu_version(void) { return U_ICU_VERSION; }
#endif
