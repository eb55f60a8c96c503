// fontconfig (Debian's libfontconfig1): its types and constants from <fontconfig/fontconfig.h>
// and the functions PageTurn calls, each looked up on first use in a library opened with
// dlopen, as HarfBuzz's, ICU's and uchardet's are. Linked, libfontconfig and the expat it
// needs are mapped and relocated before `main` in every command, `--help` included (about
// 0.25 ms); opened when a font is first looked for, that happens on the thread that reads
// the book ahead, while the command line is parsed.
//
// Call the `pageturn_Fc*` wrappers, never the `Fc*` declarations: nothing links them. When
// the library cannot be opened, `pageturn_FcInitLoadConfigAndFonts` gives NULL (no fonts
// found) and no other wrapper is reached.
#ifndef PAGETURN_CFONTCONFIG_SHIM_H
#define PAGETURN_CFONTCONFIG_SHIM_H
#include <dlfcn.h>
#include <fontconfig/fontconfig.h>

// The library, opened once (a failure is remembered: it is not retried on every call).
static inline void *pageturn_fc_library(void) {
    static int state;  // 0 not tried, 1 opened, 2 failed
    static void *library;
    int known = __atomic_load_n(&state, __ATOMIC_ACQUIRE);
    if (known == 1) return __atomic_load_n(&library, __ATOMIC_ACQUIRE);
    if (known == 2) return 0;
    // Two threads may both get here: dlopen gives both the same handle, and both store it.
    void *lib = dlopen("libfontconfig.so.1", RTLD_NOW | RTLD_LOCAL);
    __atomic_store_n(&library, lib, __ATOMIC_RELEASE);
    __atomic_store_n(&state, lib ? 1 : 2, __ATOMIC_RELEASE);
    return lib;
}

// `fn`, fontconfig's `name` (typed as its declaration), looked up once per wrapper.
#define PAGETURN_FC_FUNCTION(name)                                                           \
    static __typeof__(&name) fn;                                                             \
    if (!__atomic_load_n(&fn, __ATOMIC_ACQUIRE)) {                                           \
        void *lib = pageturn_fc_library();                                                   \
        __atomic_store_n(&fn, lib ? (__typeof__(&name))dlsym(lib, #name) : 0, __ATOMIC_RELEASE); \
    }

static inline FcConfig *pageturn_FcInitLoadConfigAndFonts(void) {
    PAGETURN_FC_FUNCTION(FcInitLoadConfigAndFonts)
    return fn ? fn() : 0;
}
static inline void pageturn_FcConfigDestroy(FcConfig *config) {
    PAGETURN_FC_FUNCTION(FcConfigDestroy)
    if (fn) fn(config);
}
static inline FcBool pageturn_FcConfigSubstitute(FcConfig *config, FcPattern *pattern, FcMatchKind kind) {
    PAGETURN_FC_FUNCTION(FcConfigSubstitute)
    return fn ? fn(config, pattern, kind) : FcFalse;
}
static inline void pageturn_FcDefaultSubstitute(FcPattern *pattern) {
    PAGETURN_FC_FUNCTION(FcDefaultSubstitute)
    if (fn) fn(pattern);
}
static inline FcPattern *pageturn_FcFontMatch(FcConfig *config, FcPattern *pattern, FcResult *result) {
    PAGETURN_FC_FUNCTION(FcFontMatch)
    return fn ? fn(config, pattern, result) : 0;
}
static inline FcFontSet *pageturn_FcFontSort(FcConfig *config, FcPattern *pattern, FcBool trim, FcCharSet **csp,
                                             FcResult *result) {
    PAGETURN_FC_FUNCTION(FcFontSort)
    return fn ? fn(config, pattern, trim, csp, result) : 0;
}
static inline FcFontSet *pageturn_FcFontList(FcConfig *config, FcPattern *pattern, FcObjectSet *objects) {
    PAGETURN_FC_FUNCTION(FcFontList)
    return fn ? fn(config, pattern, objects) : 0;
}
static inline void pageturn_FcFontSetDestroy(FcFontSet *set) {
    PAGETURN_FC_FUNCTION(FcFontSetDestroy)
    if (fn) fn(set);
}

static inline FcPattern *pageturn_FcPatternCreate(void) {
    PAGETURN_FC_FUNCTION(FcPatternCreate)
    return fn ? fn() : 0;
}
static inline void pageturn_FcPatternDestroy(FcPattern *pattern) {
    PAGETURN_FC_FUNCTION(FcPatternDestroy)
    if (fn) fn(pattern);
}
static inline FcBool pageturn_FcPatternAddInteger(FcPattern *pattern, const char *object, int value) {
    PAGETURN_FC_FUNCTION(FcPatternAddInteger)
    return fn ? fn(pattern, object, value) : FcFalse;
}
static inline FcBool pageturn_FcPatternAddString(FcPattern *pattern, const char *object, const FcChar8 *value) {
    PAGETURN_FC_FUNCTION(FcPatternAddString)
    return fn ? fn(pattern, object, value) : FcFalse;
}
static inline FcBool pageturn_FcPatternAddBool(FcPattern *pattern, const char *object, FcBool value) {
    PAGETURN_FC_FUNCTION(FcPatternAddBool)
    return fn ? fn(pattern, object, value) : FcFalse;
}
static inline FcBool pageturn_FcPatternAddLangSet(FcPattern *pattern, const char *object, const FcLangSet *value) {
    PAGETURN_FC_FUNCTION(FcPatternAddLangSet)
    return fn ? fn(pattern, object, value) : FcFalse;
}
static inline FcResult pageturn_FcPatternGetInteger(const FcPattern *pattern, const char *object, int n, int *value) {
    PAGETURN_FC_FUNCTION(FcPatternGetInteger)
    return fn ? fn(pattern, object, n, value) : FcResultNoMatch;
}
static inline FcResult pageturn_FcPatternGetString(const FcPattern *pattern, const char *object, int n, FcChar8 **value) {
    PAGETURN_FC_FUNCTION(FcPatternGetString)
    return fn ? fn(pattern, object, n, value) : FcResultNoMatch;
}
static inline FcResult pageturn_FcPatternGetCharSet(const FcPattern *pattern, const char *object, int n, FcCharSet **value) {
    PAGETURN_FC_FUNCTION(FcPatternGetCharSet)
    return fn ? fn(pattern, object, n, value) : FcResultNoMatch;
}
static inline FcResult pageturn_FcPatternGetBool(const FcPattern *pattern, const char *object, int n, FcBool *value) {
    PAGETURN_FC_FUNCTION(FcPatternGetBool)
    return fn ? fn(pattern, object, n, value) : FcResultNoMatch;
}
static inline FcResult pageturn_FcPatternGetLangSet(const FcPattern *pattern, const char *object, int n, FcLangSet **value) {
    PAGETURN_FC_FUNCTION(FcPatternGetLangSet)
    return fn ? fn(pattern, object, n, value) : FcResultNoMatch;
}

static inline FcObjectSet *pageturn_FcObjectSetCreate(void) {
    PAGETURN_FC_FUNCTION(FcObjectSetCreate)
    return fn ? fn() : 0;
}
static inline FcBool pageturn_FcObjectSetAdd(FcObjectSet *objects, const char *object) {
    PAGETURN_FC_FUNCTION(FcObjectSetAdd)
    return fn ? fn(objects, object) : FcFalse;
}
static inline void pageturn_FcObjectSetDestroy(FcObjectSet *objects) {
    PAGETURN_FC_FUNCTION(FcObjectSetDestroy)
    if (fn) fn(objects);
}

static inline FcLangSet *pageturn_FcLangSetCreate(void) {
    PAGETURN_FC_FUNCTION(FcLangSetCreate)
    return fn ? fn() : 0;
}
static inline FcBool pageturn_FcLangSetAdd(FcLangSet *languages, const FcChar8 *language) {
    PAGETURN_FC_FUNCTION(FcLangSetAdd)
    return fn ? fn(languages, language) : FcFalse;
}
static inline FcLangResult pageturn_FcLangSetHasLang(const FcLangSet *languages, const FcChar8 *language) {
    PAGETURN_FC_FUNCTION(FcLangSetHasLang)
    return fn ? fn(languages, language) : FcLangDifferentLang;
}
static inline void pageturn_FcLangSetDestroy(FcLangSet *languages) {
    PAGETURN_FC_FUNCTION(FcLangSetDestroy)
    if (fn) fn(languages);
}

static inline FcBool pageturn_FcCharSetHasChar(const FcCharSet *charset, FcChar32 scalar) {
    PAGETURN_FC_FUNCTION(FcCharSetHasChar)
    return fn ? fn(charset, scalar) : FcFalse;
}
#endif
