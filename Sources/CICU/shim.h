// ICU's line break iterator (Debian's libicu), for the dictionary breaks of Thai, Lao, Khmer
// and Burmese.
//
// Two things keep this from including <unicode/ubrk.h>: ICU renames every C function by macro
// (ubrk_open → ubrk_open_72), which Swift cannot see through; and Foundation brings its own
// ICU module whose UErrorCode differs from Debian's, so a second definition of ICU's types in
// the same Swift module is refused. Only <unicode/uvernum.h> (macros, no types) is included;
// the few functions are declared here under their renamed symbols, with ABI-identical plain C
// types (enums as int, UChar as uint16_t, UBreakIterator opaque), and wrapped inline.
#ifndef PAGETURN_CICU_SHIM_H
#define PAGETURN_CICU_SHIM_H
#include <stdint.h>
#include <unicode/uvernum.h>

typedef struct PageTurnBreakIterator PageTurnBreakIterator;  // ICU's UBreakIterator

#define PAGETURN_ICU(name) U_ICU_ENTRY_POINT_RENAME(name)
PageTurnBreakIterator *PAGETURN_ICU(ubrk_open)(int type, const char *locale, const uint16_t *text,
                                               int32_t textLength, int *status);
void PAGETURN_ICU(ubrk_setText)(PageTurnBreakIterator *bi, const uint16_t *text, int32_t textLength, int *status);
int32_t PAGETURN_ICU(ubrk_first)(PageTurnBreakIterator *bi);
int32_t PAGETURN_ICU(ubrk_next)(PageTurnBreakIterator *bi);
void PAGETURN_ICU(ubrk_close)(PageTurnBreakIterator *bi);

enum { PAGETURN_UBRK_LINE = 2 };  // UBRK_LINE

/// A line break iterator for the root locale (its dictionaries cover lb=SA), or NULL.
static inline PageTurnBreakIterator *pageturn_ubrk_open_line(void) {
    int status = 0;  // U_ZERO_ERROR; failures are > 0 (U_FAILURE)
    PageTurnBreakIterator *it = PAGETURN_ICU(ubrk_open)(PAGETURN_UBRK_LINE, "", 0, 0, &status);
    if (status > 0) { if (it) PAGETURN_ICU(ubrk_close)(it); return 0; }
    return it;
}

/// Points `it` at `length` UTF-16 units (kept, not copied); returns 0 on success.
static inline int pageturn_ubrk_set_text(PageTurnBreakIterator *it, const uint16_t *text, int32_t length) {
    int status = 0;
    PAGETURN_ICU(ubrk_setText)(it, text, length, &status);
    return status > 0 ? 1 : 0;
}

/// The first boundary after the start of the text, or -1 (UBRK_DONE) when there is none.
static inline int32_t pageturn_ubrk_first_break(PageTurnBreakIterator *it) {
    PAGETURN_ICU(ubrk_first)(it);
    return PAGETURN_ICU(ubrk_next)(it);
}

/// The next boundary, or -1 (UBRK_DONE) when done.
static inline int32_t pageturn_ubrk_next(PageTurnBreakIterator *it) { return PAGETURN_ICU(ubrk_next)(it); }

static inline void pageturn_ubrk_close(PageTurnBreakIterator *it) { PAGETURN_ICU(ubrk_close)(it); }

/// ICU's version, such as "72.1" (U_ICU_VERSION).
static inline const char *pageturn_icu_version(void) { return U_ICU_VERSION; }
#endif
