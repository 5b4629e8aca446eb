/*
 * native.h — the native backend: C programs compiled with ThreadSanitizer
 * instrumentation and linked with ravel's runtime (src/runtime), run as a
 * fork server (DESIGN §2.3).  One execution = one forked child that
 * replays a prefix, continues by a policy and streams its events into
 * shared memory (src/runtime/protocol.h).
 */
#ifndef RAVEL_BACKENDS_NATIVE_H
#define RAVEL_BACKENDS_NATIVE_H

#include "../backend.h"

/* Start the fork server of `binary` (built by rv_compile).  Returns NULL and
 * a message in err on failure.  `registry`, if non-NULL, preloads the
 * canonical thread table (parent, index) for nthreads threads so that a
 * schedule saved by another ravel run replays with the same thread ids. */
rv_backend *rv_native_open(const char *binary, const rv_limits *lim, const rv_thread_end *registry,
                           unsigned nthreads, char *err, size_t errcap);

#endif
