// Starting a thread that runs at once on another core than its caller's.
//
// Linux places a new thread on its parent's core and moves it to an idle one only when the
// load balancer next looks, which on this machine (two virtual cores) is often a few ms
// later: measured, a new thread whose parent stays busy starts 0.06 ms after
// pthread_create in most runs and 0.8 to 2.2 ms after it in one run in three. Created with
// its affinity set to the other cores it starts in 0.15 to 0.19 ms every time; once running
// it takes back the affinity it would have had, so the scheduler may move it as it likes.
#ifndef PAGETURN_WORKER_THREADS_H
#define PAGETURN_WORKER_THREADS_H

// Runs `body(context)` on a new detached thread, started on a core other than the calling
// thread's when the process may use one (else wherever the system puts it). Returns 0, or
// pthread_create's error, or -1 when memory ran out (then `body` never runs).
int pt_worker_start(void (*body)(void *), void *context);

// How many cores the calling thread may run on (its affinity), or -1.
int pt_worker_allowed_cores(void);

// Limits glibc's malloc arenas to `count` (M_ARENA_MAX): each thread would otherwise get an
// arena of its own, reserving 64 MB of address space, which under an address-space limit
// (ulimit -v) runs out long before memory does. Call before any thread starts.
void pt_worker_limit_arenas(int count);

#endif
