// See worker_threads.h.
#define _GNU_SOURCE
#include "worker_threads.h"
#include <malloc.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>

typedef struct {
    void (*body)(void *);
    void *context;
    // The cores the caller may use, given back to the new thread once it runs.
    cpu_set_t allowed;
    int pinned;
} pt_worker;

static void *pt_worker_main(void *argument) {
    pt_worker worker = *(pt_worker *)argument;
    free(argument);
    if (worker.pinned) pthread_setaffinity_np(pthread_self(), sizeof worker.allowed, &worker.allowed);
    worker.body(worker.context);
    return NULL;
}

int pt_worker_start(void (*body)(void *), void *context) {
    pt_worker *worker = malloc(sizeof *worker);
    if (!worker) return -1;
    worker->body = body;
    worker->context = context;
    worker->pinned = 0;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    if (sched_getaffinity(0, sizeof worker->allowed, &worker->allowed) == 0) {
        cpu_set_t others = worker->allowed;
        int here = sched_getcpu();
        if (here >= 0 && here < CPU_SETSIZE) CPU_CLR(here, &others);
        if (CPU_COUNT(&others) > 0 && pthread_attr_setaffinity_np(&attributes, sizeof others, &others) == 0) worker->pinned = 1;
    }
    pthread_t thread;
    int result = pthread_create(&thread, &attributes, pt_worker_main, worker);
    if (result != 0 && worker->pinned) {
        // The affinity refused: a thread wherever the system puts it.
        pthread_attr_destroy(&attributes);
        pthread_attr_init(&attributes);
        pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
        worker->pinned = 0;
        result = pthread_create(&thread, &attributes, pt_worker_main, worker);
    }
    pthread_attr_destroy(&attributes);
    if (result != 0) free(worker);
    return result;
}

int pt_worker_allowed_cores(void) {
    cpu_set_t allowed;
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return -1;
    return CPU_COUNT(&allowed);
}

void pt_worker_limit_arenas(int count) {
    mallopt(M_ARENA_MAX, count);
}
