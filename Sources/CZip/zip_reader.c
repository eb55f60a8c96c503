#include "zip_reader.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zip.h>

// libzip's functions, looked up once (`load`, under pthread_once).
static struct {
    zip_t *(*open)(const char *, int, int *);
    int (*discard_)(zip_t *);
    zip_int64_t (*get_num_entries)(zip_t *, zip_flags_t);
    int (*stat_index)(zip_t *, zip_uint64_t, zip_flags_t, zip_stat_t *);
    zip_file_t *(*fopen_index)(zip_t *, zip_uint64_t, zip_flags_t);
    zip_int64_t (*fread_)(zip_file_t *, void *, zip_uint64_t);
    int (*fclose_)(zip_file_t *);
    void (*error_init_with_code)(zip_error_t *, int);
    const char *(*error_strerror)(zip_error_t *);
    void (*error_fini)(zip_error_t *);
    zip_error_t *(*file_get_error)(zip_file_t *);
    zip_error_t *(*get_error)(zip_t *);
    zip_source_t *(*source_buffer_create)(const void *, zip_uint64_t, int, zip_error_t *);
    zip_t *(*open_from_source)(zip_source_t *, int, zip_error_t *);
    void (*source_free)(zip_source_t *);
    void (*error_init)(zip_error_t *);
    int (*error_code_zip)(const zip_error_t *);
    int loaded;
} lib;

#include <pthread.h>
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *handle = dlopen("libzip.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!handle) return;
#define LOOK(field, name) if (!(*(void **)&lib.field = dlsym(handle, #name))) return;
    LOOK(open, zip_open)
    LOOK(discard_, zip_discard)
    LOOK(get_num_entries, zip_get_num_entries)
    LOOK(stat_index, zip_stat_index)
    LOOK(fopen_index, zip_fopen_index)
    LOOK(fread_, zip_fread)
    LOOK(fclose_, zip_fclose)
    LOOK(error_init_with_code, zip_error_init_with_code)
    LOOK(error_strerror, zip_error_strerror)
    LOOK(error_fini, zip_error_fini)
    LOOK(file_get_error, zip_file_get_error)
    LOOK(get_error, zip_get_error)
    LOOK(source_buffer_create, zip_source_buffer_create)
    LOOK(open_from_source, zip_open_from_source)
    LOOK(source_free, zip_source_free)
    LOOK(error_init, zip_error_init)
    LOOK(error_code_zip, zip_error_code_zip)
#undef LOOK
    lib.loaded = 1;
}

int pt_zip_available(void) {
    pthread_once(&once, load);
    return lib.loaded;
}

static void say(char *message, size_t size, const char *text) {
    if (size > 0) snprintf(message, size, "%s", text ? text : "unknown error");
}

pt_zip *pt_zip_open(const char *path, int *code, char *message, size_t message_size) {
    *code = -1;
    if (!pt_zip_available()) {
        say(message, message_size, "libzip (libzip4) is not installed");
        return NULL;
    }
    *code = 0;
    zip_t *zip = lib.open(path, ZIP_RDONLY | ZIP_CHECKCONS, code);
    if (!zip) {
        zip_error_t error;
        lib.error_init_with_code(&error, *code);
        say(message, message_size, lib.error_strerror(&error));
        lib.error_fini(&error);
    }
    return (pt_zip *)zip;
}

pt_zip *pt_zip_open_memory(const void *bytes, size_t length, int *code, char *message, size_t message_size) {
    *code = -1;
    if (!pt_zip_available()) {
        say(message, message_size, "libzip (libzip4) is not installed");
        return NULL;
    }
    void *copy = malloc(length ? length : 1);
    if (!copy) {
        *code = ZIP_ER_MEMORY;
        say(message, message_size, "out of memory");
        return NULL;
    }
    memcpy(copy, bytes, length);
    zip_error_t error;
    lib.error_init(&error);
    zip_source_t *source = lib.source_buffer_create(copy, length, 1, &error);
    if (!source) {
        free(copy);
        *code = lib.error_code_zip(&error);
        say(message, message_size, lib.error_strerror(&error));
        lib.error_fini(&error);
        return NULL;
    }
    zip_t *zip = lib.open_from_source(source, ZIP_RDONLY | ZIP_CHECKCONS, &error);
    if (!zip) {
        lib.source_free(source);
        *code = lib.error_code_zip(&error);
        say(message, message_size, lib.error_strerror(&error));
    }
    lib.error_fini(&error);
    return (pt_zip *)zip;
}

void pt_zip_close(pt_zip *zip) {
    if (zip) lib.discard_((zip_t *)zip);
}

int64_t pt_zip_count(pt_zip *zip) { return lib.get_num_entries((zip_t *)zip, 0); }

int pt_zip_entry(pt_zip *zip, uint64_t index, const char **name, uint64_t *size, uint64_t *compressed_size,
                 int *method, int *encrypted) {
    zip_stat_t stat;
    if (lib.stat_index((zip_t *)zip, index, 0, &stat) != 0) return -1;
    *name = (stat.valid & ZIP_STAT_NAME) ? stat.name : "";
    *size = (stat.valid & ZIP_STAT_SIZE) ? stat.size : 0;
    *compressed_size = (stat.valid & ZIP_STAT_COMP_SIZE) ? stat.comp_size : 0;
    *method = (stat.valid & ZIP_STAT_COMP_METHOD) ? stat.comp_method : -1;
    *encrypted = (stat.valid & ZIP_STAT_ENCRYPTION_METHOD) && stat.encryption_method != ZIP_EM_NONE;
    return 0;
}

int64_t pt_zip_read(pt_zip *zip, uint64_t index, void *out, uint64_t capacity, char *message, size_t message_size) {
    zip_file_t *file = lib.fopen_index((zip_t *)zip, index, 0);
    if (!file) {
        say(message, message_size, lib.error_strerror(lib.get_error((zip_t *)zip)));
        return -1;
    }
    uint64_t total = 0;
    while (total < capacity) {
        zip_int64_t got = lib.fread_(file, (char *)out + total, capacity - total);
        if (got < 0) {
            say(message, message_size, lib.error_strerror(lib.file_get_error(file)));
            lib.fclose_(file);
            return -1;
        }
        if (got == 0) break;
        total += (uint64_t)got;
    }
    lib.fclose_(file);
    return (int64_t)total;
}
