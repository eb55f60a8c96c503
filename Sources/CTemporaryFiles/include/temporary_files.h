#ifndef PAGETURN_TEMPORARY_FILES_H
#define PAGETURN_TEMPORARY_FILES_H

/// The temporary files a process is writing (AtomicFile's `NAME.tmp-PID-N`), removed if
/// SIGINT, SIGTERM or SIGHUP ends it before they are renamed into place. Written in C because
/// a signal handler may only call async-signal-safe functions (unlink, sigaction, raise) on
/// memory set up before: a Swift closure would risk the runtime's locks and lazy globals.

/// Remembers `path` (at most 4095 bytes) until `pt_tmp_forget`; returns its slot, or -1 when
/// every slot is taken or the path is too long (the file is then simply not cleaned up). The
/// first call installs the handlers, for each signal whose disposition is still the default.
int pt_tmp_remember(const char *path);

/// Forgets the file of `slot` (a slot of -1 is ignored).
void pt_tmp_forget(int slot);

#endif
