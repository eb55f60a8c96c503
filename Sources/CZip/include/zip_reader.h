// Reading a ZIP archive (an EPUB's container) with Debian's libzip, opened with dlopen the first
// time a book needs it: linked, libzip brings OpenSSL's libcrypto and libbz2 into every
// command's start, though only EPUB books use it.
//
// Nothing here writes: an archive is opened read only and entries are read into the caller's
// memory, at most the capacity it gives (a size an entry states is never trusted).
#ifndef PAGETURN_ZIP_READER_H
#define PAGETURN_ZIP_READER_H
#include <stddef.h>
#include <stdint.h>

typedef struct pt_zip pt_zip;

// Whether libzip.so.4 can be opened and has every function used here.
int pt_zip_available(void);

// Opens the archive at `path` read only, its central directory checked for consistency. On
// failure returns NULL, sets `code` to libzip's ZIP_ER_* (-1 when the library is missing) and
// writes its reason into `message`.
pt_zip *pt_zip_open(const char *path, int *code, char *message, size_t message_size);

// The same for an archive in memory (a copy of `length` bytes is made, which libzip frees).
pt_zip *pt_zip_open_memory(const void *bytes, size_t length, int *code, char *message, size_t message_size);

void pt_zip_close(pt_zip *zip);

// The number of entries in the central directory.
int64_t pt_zip_count(pt_zip *zip);

// What the central directory says of entry `index`: its name (UTF-8, libzip's guess for a name
// not flagged so; valid until the archive is closed), its stated size and compressed size, its
// compression method (0 stored, 8 deflated…) and whether it is encrypted. Returns 0, or -1.
int pt_zip_entry(pt_zip *zip, uint64_t index, const char **name, uint64_t *size, uint64_t *compressed_size,
                 int *method, int *encrypted);

// Reads entry `index` into `out`, at most `capacity` bytes (a caller that wants to know an
// entry is larger than it allows asks for one byte more). Returns the bytes read, or -1 when the
// entry cannot be read (a damaged stream, a method libzip lacks: `message` says why).
int64_t pt_zip_read(pt_zip *zip, uint64_t index, void *out, uint64_t capacity, char *message, size_t message_size);

#endif
