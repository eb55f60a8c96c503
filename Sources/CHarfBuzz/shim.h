// HarfBuzz (Debian's libharfbuzz0b), the shaper of every page: its types from <harfbuzz/hb.h>
// and the few functions PageTurn calls, each looked up on first use in a library opened with
// dlopen, as ICU's and uchardet's are. Linked, libharfbuzz brings GLib, PCRE2 and Graphite2
// into every command's start (`--help` included), though only laying out text needs it.
//
// Call the `pageturn_hb_*` wrappers, never the `hb_*` declarations: nothing links them.
#ifndef PAGETURN_CHARFBUZZ_SHIM_H
#define PAGETURN_CHARFBUZZ_SHIM_H
#include <dlfcn.h>
#include <stdint.h>
#include <harfbuzz/hb.h>

// The library, opened once (a failure is remembered: it is not retried on every call).
static inline void *pageturn_hb_library(void) {
    static int state;  // 0 not tried, 1 opened, 2 failed
    static void *library;
    int known = __atomic_load_n(&state, __ATOMIC_ACQUIRE);
    if (known == 1) return __atomic_load_n(&library, __ATOMIC_ACQUIRE);
    if (known == 2) return 0;
    // Two threads may both get here (one opening ahead, `LayoutPreload`): dlopen gives both
    // the same handle, and both store it.
    void *lib = dlopen("libharfbuzz.so.0", RTLD_NOW | RTLD_LOCAL);
    __atomic_store_n(&library, lib, __ATOMIC_RELEASE);
    __atomic_store_n(&state, lib ? 1 : 2, __ATOMIC_RELEASE);
    return lib;
}

/// Whether libharfbuzz.so.0 can be opened and has every function the wrappers below call.
static inline int pageturn_hb_available(void) {
    static const char *const names[] = {
        "hb_blob_create_from_file_or_fail", "hb_blob_create", "hb_face_create", "hb_blob_destroy",
        "hb_face_destroy", "hb_face_get_upem", "hb_face_get_glyph_count", "hb_face_make_immutable",
        "hb_font_create", "hb_font_destroy", "hb_font_make_immutable", "hb_font_get_nominal_glyph",
        "hb_buffer_create", "hb_buffer_destroy", "hb_language_from_string", "hb_buffer_clear_contents",
        "hb_buffer_set_cluster_level", "hb_buffer_add_utf32", "hb_buffer_set_direction", "hb_buffer_set_language",
        "hb_buffer_set_script", "hb_buffer_guess_segment_properties", "hb_shape", "hb_buffer_get_glyph_infos",
        "hb_buffer_get_glyph_positions",
    };
    void *lib = pageturn_hb_library();
    if (!lib) return 0;
    for (unsigned k = 0; k < sizeof names / sizeof names[0]; k++)
        if (!dlsym(lib, names[k])) return 0;
    return 1;
}

// `fn`, HarfBuzz's `name`, looked up once per translation unit.
#define PAGETURN_HB_FUNCTION(type, name)                                                     \
    static __typeof__(type) fn;                                                              \
    if (!__atomic_load_n(&fn, __ATOMIC_ACQUIRE)) {                                           \
        void *lib = pageturn_hb_library();                                                   \
        __atomic_store_n(&fn, lib ? (type)dlsym(lib, #name) : 0, __ATOMIC_RELEASE);          \
    }

/// A face of the font file at `path` (face `index` of a collection), or NULL.
static inline hb_face_t *pageturn_hb_face_create_from_file(const char *path, unsigned index) {
    PAGETURN_HB_FUNCTION(hb_blob_t *(*)(const char *), hb_blob_create_from_file_or_fail)
    if (!fn) return 0;
    hb_blob_t *blob = fn(path);
    if (!blob) return 0;
    hb_face_t *face;
    {
        PAGETURN_HB_FUNCTION(hb_face_t *(*)(hb_blob_t *, unsigned), hb_face_create)
        face = fn(blob, index);
    }
    {
        PAGETURN_HB_FUNCTION(void (*)(hb_blob_t *), hb_blob_destroy)
        fn(blob);  // the face holds its own reference
    }
    return face;
}

/// A face of the font held at `data` (`length` bytes, which must outlive the face: they are
/// read in place), or NULL.
static inline hb_face_t *pageturn_hb_face_create_from_bytes(const uint8_t *data, unsigned length) {
    PAGETURN_HB_FUNCTION(hb_blob_t *(*)(const char *, unsigned, hb_memory_mode_t, void *, hb_destroy_func_t), hb_blob_create)
    if (!fn) return 0;
    hb_blob_t *blob = fn((const char *)data, length, HB_MEMORY_MODE_READONLY, 0, 0);
    if (!blob) return 0;
    hb_face_t *face;
    {
        PAGETURN_HB_FUNCTION(hb_face_t *(*)(hb_blob_t *, unsigned), hb_face_create)
        face = fn(blob, 0);
    }
    {
        PAGETURN_HB_FUNCTION(void (*)(hb_blob_t *), hb_blob_destroy)
        fn(blob);  // the face holds its own reference
    }
    return face;
}

static inline void pageturn_hb_face_destroy(hb_face_t *face) {
    PAGETURN_HB_FUNCTION(void (*)(hb_face_t *), hb_face_destroy)
    fn(face);
}

static inline unsigned pageturn_hb_face_get_upem(hb_face_t *face) {
    PAGETURN_HB_FUNCTION(unsigned (*)(hb_face_t *), hb_face_get_upem)
    return fn(face);
}

static inline unsigned pageturn_hb_face_get_glyph_count(hb_face_t *face) {
    PAGETURN_HB_FUNCTION(unsigned (*)(hb_face_t *), hb_face_get_glyph_count)
    return fn(face);
}

/// Marks a face and a font as no longer changing, before several threads shape with them.
static inline void pageturn_hb_make_immutable(hb_face_t *face, hb_font_t *font) {
    {
        PAGETURN_HB_FUNCTION(void (*)(hb_face_t *), hb_face_make_immutable)
        fn(face);
    }
    PAGETURN_HB_FUNCTION(void (*)(hb_font_t *), hb_font_make_immutable)
    fn(font);
}

/// A font of `face` at its own units per em (positions come back in font units), with
/// HarfBuzz's OpenType functions, as `hb-shape` uses by default.
static inline hb_font_t *pageturn_hb_font_create(hb_face_t *face) {
    PAGETURN_HB_FUNCTION(hb_font_t *(*)(hb_face_t *), hb_font_create)
    return fn(face);
}

static inline void pageturn_hb_font_destroy(hb_font_t *font) {
    PAGETURN_HB_FUNCTION(void (*)(hb_font_t *), hb_font_destroy)
    fn(font);
}

/// The glyph `font`'s character map gives `scalar`, or 0 when it has none.
static inline uint32_t pageturn_hb_font_nominal_glyph(hb_font_t *font, uint32_t scalar) {
    PAGETURN_HB_FUNCTION(hb_bool_t (*)(hb_font_t *, hb_codepoint_t, hb_codepoint_t *), hb_font_get_nominal_glyph)
    hb_codepoint_t glyph = 0;
    return fn(font, scalar, &glyph) ? glyph : 0;
}

/// Sets a bit in `bits` (0x10000 bits: 1024 words) for each BMP character `font`'s
/// character map gives a glyph other than 0; returns 0 when this HarfBuzz cannot list them
/// (then `bits` is left as it was).
static inline int pageturn_hb_font_bmp_coverage(hb_face_t *face, hb_font_t *font, uint64_t *bits) {
    hb_set_t *(*create)(void);
    { PAGETURN_HB_FUNCTION(hb_set_t *(*)(void), hb_set_create) create = fn; }
    void (*collect)(hb_face_t *, hb_set_t *);
    { PAGETURN_HB_FUNCTION(void (*)(hb_face_t *, hb_set_t *), hb_face_collect_unicodes) collect = fn; }
    hb_bool_t (*next)(const hb_set_t *, hb_codepoint_t *, hb_codepoint_t *);
    { PAGETURN_HB_FUNCTION(hb_bool_t (*)(const hb_set_t *, hb_codepoint_t *, hb_codepoint_t *), hb_set_next_range) next = fn; }
    void (*destroy)(hb_set_t *);
    { PAGETURN_HB_FUNCTION(void (*)(hb_set_t *), hb_set_destroy) destroy = fn; }
    if (!create || !collect || !next || !destroy) return 0;
    hb_set_t *set = create();
    if (!set) return 0;
    collect(face, set);
    hb_codepoint_t first = HB_SET_VALUE_INVALID, last = HB_SET_VALUE_INVALID;
    while (next(set, &first, &last) && first < 0x10000) {
        for (hb_codepoint_t c = first; c <= last && c < 0x10000; c++)
            if (pageturn_hb_font_nominal_glyph(font, c)) bits[c >> 6] |= (uint64_t)1 << (c & 63);
    }
    destroy(set);
    return 1;
}

static inline hb_buffer_t *pageturn_hb_buffer_create(void) {
    PAGETURN_HB_FUNCTION(hb_buffer_t *(*)(void), hb_buffer_create)
    return fn ? fn() : 0;
}

static inline void pageturn_hb_buffer_destroy(hb_buffer_t *buffer) {
    PAGETURN_HB_FUNCTION(void (*)(hb_buffer_t *), hb_buffer_destroy)
    fn(buffer);
}

// Spare buffers, shared without a lock (each slot taken and filled by one atomic step); a
// function's static, as a header's globals are not emitted for Swift. Call the two functions
// below from one file, which then holds the only copy.
static inline hb_buffer_t **pageturn_hb_buffer_slots(void) {
    static hb_buffer_t *slots[8];
    return slots;
}

/// A buffer to shape with: a spare one, or a new one (NULL when HarfBuzz cannot make one).
/// A buffer costs about as much to make as shaping a short word.
static inline hb_buffer_t *pageturn_hb_take_buffer(void) {
    hb_buffer_t **slots = pageturn_hb_buffer_slots();
    for (int k = 0; k < 8; k++) {
        hb_buffer_t *spare = __atomic_exchange_n(&slots[k], (hb_buffer_t *)0, __ATOMIC_ACQ_REL);
        if (spare) return spare;
    }
    return pageturn_hb_buffer_create();
}

/// Returns a buffer `pageturn_hb_take_buffer` gave: kept in a free slot, or destroyed.
static inline void pageturn_hb_give_back_buffer(hb_buffer_t *buffer) {
    hb_buffer_t **slots = pageturn_hb_buffer_slots();
    for (int k = 0; k < 8; k++) {
        hb_buffer_t *empty = 0;
        if (__atomic_compare_exchange_n(&slots[k], &empty, buffer, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) return;
    }
    pageturn_hb_buffer_destroy(buffer);
}

static inline hb_language_t pageturn_hb_language(const char *tag) {
    PAGETURN_HB_FUNCTION(hb_language_t (*)(const char *, int), hb_language_from_string)
    return fn(tag, -1);
}

/// Empties `buffer` and fills it with `text[start ..< start + length]`, the scalars around it
/// given as context (Arabic joining and Indic reordering look at them), in `direction`
/// (HB_DIRECTION_LTR or HB_DIRECTION_RTL) and `language` (may be NULL); the script is guessed
/// from the text. Clusters are monotone characters: each scalar its own cluster unless a
/// ligature or a reordering joins them.
static inline void pageturn_hb_buffer_fill(hb_buffer_t *buffer, const uint32_t *text, int textLength,
                                           unsigned start, int length, hb_direction_t direction,
                                           hb_language_t language) {
    {
        PAGETURN_HB_FUNCTION(void (*)(hb_buffer_t *), hb_buffer_clear_contents)
        fn(buffer);
    }
    {
        PAGETURN_HB_FUNCTION(void (*)(hb_buffer_t *, hb_buffer_cluster_level_t), hb_buffer_set_cluster_level)
        fn(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS);
    }
    {
        PAGETURN_HB_FUNCTION(void (*)(hb_buffer_t *, const uint32_t *, int, unsigned, int), hb_buffer_add_utf32)
        fn(buffer, text, textLength, start, length);
    }
    {
        PAGETURN_HB_FUNCTION(void (*)(hb_buffer_t *, hb_direction_t), hb_buffer_set_direction)
        fn(buffer, direction);
    }
    if (language) {
        PAGETURN_HB_FUNCTION(void (*)(hb_buffer_t *, hb_language_t), hb_buffer_set_language)
        fn(buffer, language);
    }
    {
        PAGETURN_HB_FUNCTION(void (*)(hb_buffer_t *), hb_buffer_guess_segment_properties)
        fn(buffer);
    }
}

/// Sets the buffer's script (an ISO 15924 tag as HarfBuzz packs it, e.g. HB_SCRIPT_LATIN), for
/// text shaped as part of a word of that script.
static inline void pageturn_hb_buffer_set_script(hb_buffer_t *buffer, hb_script_t script) {
    PAGETURN_HB_FUNCTION(void (*)(hb_buffer_t *, hb_script_t), hb_buffer_set_script)
    fn(buffer, script);
}

/// Shapes `buffer` with `font`, the default features and, with `small_caps`, OpenType `smcp`
/// (the font's small capitals for lowercase letters) over the whole buffer; returns the
/// number of glyphs and sets `infos` (glyph id in `codepoint`, cluster) and `positions`
/// (font units).
static inline unsigned pageturn_hb_shape_features(hb_font_t *font, hb_buffer_t *buffer, int small_caps,
                                                  hb_glyph_info_t **infos, hb_glyph_position_t **positions) {
    {
        hb_feature_t smcp = { HB_TAG('s', 'm', 'c', 'p'), 1, HB_FEATURE_GLOBAL_START, HB_FEATURE_GLOBAL_END };
        PAGETURN_HB_FUNCTION(void (*)(hb_font_t *, hb_buffer_t *, const hb_feature_t *, unsigned), hb_shape)
        fn(font, buffer, small_caps ? &smcp : 0, small_caps ? 1 : 0);
    }
    unsigned count = 0;
    {
        PAGETURN_HB_FUNCTION(hb_glyph_info_t *(*)(hb_buffer_t *, unsigned *), hb_buffer_get_glyph_infos)
        *infos = fn(buffer, &count);
    }
    {
        PAGETURN_HB_FUNCTION(hb_glyph_position_t *(*)(hb_buffer_t *, unsigned *), hb_buffer_get_glyph_positions)
        *positions = fn(buffer, 0);
    }
    return count;
}

/// Shapes `buffer` with `font` and the default features (see `pageturn_hb_shape_features`).
static inline unsigned pageturn_hb_shape(hb_font_t *font, hb_buffer_t *buffer, hb_glyph_info_t **infos,
                                         hb_glyph_position_t **positions) {
    return pageturn_hb_shape_features(font, buffer, 0, infos, positions);
}

#endif
