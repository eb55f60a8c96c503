#include "temporary_files.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

#define PT_TMP_SLOTS 32
#define PT_TMP_PATH_MAX 4096

/// Each slot: 0 free, 1 being filled, 2 holding a path the handler may remove, 3 claimed by
/// the handler (a slot it claimed is never forgotten and refilled under it).
static int slot_state[PT_TMP_SLOTS];
static char slot_path[PT_TMP_SLOTS][PT_TMP_PATH_MAX];
static int installed;

static void pt_tmp_on_signal(int sig) {
    for (int i = 0; i < PT_TMP_SLOTS; i++) {
        int expected = 2;
        if (__atomic_compare_exchange_n(&slot_state[i], &expected, 3, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
            unlink(slot_path[i]);
        }
    }
    // Then the signal's own end: the default action, as if no handler had been there.
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(sig, &dfl, 0);
    raise(sig);
}

static void pt_tmp_install(void) {
    int expected = 0;
    if (!__atomic_compare_exchange_n(&installed, &expected, 1, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) return;
    const int signals[] = {SIGINT, SIGTERM, SIGHUP};
    for (unsigned k = 0; k < sizeof signals / sizeof signals[0]; k++) {
        struct sigaction old;
        // A handler or an ignore someone set (the reader's quit handler, `nohup`) stays.
        if (sigaction(signals[k], 0, &old) != 0 || old.sa_handler != SIG_DFL || (old.sa_flags & SA_SIGINFO)) continue;
        struct sigaction mine;
        memset(&mine, 0, sizeof mine);
        mine.sa_handler = pt_tmp_on_signal;
        sigemptyset(&mine.sa_mask);
        sigaction(signals[k], &mine, 0);
    }
}

int pt_tmp_remember(const char *path) {
    size_t length = strlen(path);
    if (length >= PT_TMP_PATH_MAX) return -1;
    pt_tmp_install();
    for (int i = 0; i < PT_TMP_SLOTS; i++) {
        int expected = 0;
        if (__atomic_compare_exchange_n(&slot_state[i], &expected, 1, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
            memcpy(slot_path[i], path, length + 1);
            __atomic_store_n(&slot_state[i], 2, __ATOMIC_RELEASE);
            return i;
        }
    }
    return -1;
}

void pt_tmp_forget(int slot) {
    if (slot < 0 || slot >= PT_TMP_SLOTS) return;
    // Only a slot still holding its path is freed: one the handler claimed stays claimed
    // while the process ends.
    int expected = 2;
    __atomic_compare_exchange_n(&slot_state[slot], &expected, 0, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}
