/*
 * pv.h — the PV backend: PV programs (seed 003 §1.2) interpreted in-process
 * behind the backend interface (backend.h), so every explorer runs on them.
 *
 * Semantics (DESIGN §2.5–2.6):
 *  - each process of the top-level parallel composition is a thread, with
 *    canonical ids 0..n-1 in program order; there is no creator thread
 *    (threads[i].parent = RV_NO_THREAD);
 *  - P(a) is RV_ACT_SEM_WAIT and V(a) RV_ACT_SEM_POST on object a+1 (a is
 *    the resource's declaration index, so objects are never 0); a resource's
 *    capacity is the semaphore's initial count (default 1), reported as
 *    obj2 = capacity + 1 (the convention src/unfolding/extend.c reads);
 *  - choice p+q and loop p* are value choices of the thread: an
 *    RV_ACT_NONDET event with ndom = 2 (choice: 0 = left, 1 = right;
 *    loop: 0 = leave, 1 = run the body once more, so policy FIRST ends);
 *  - a process that finishes does RV_ACT_EXIT as its last event;
 *  - end: COMPLETE (all exited), DEADLOCK (some unfinished, none enabled),
 *    EVENT_LIMIT (lim->max_events events, 0 = no limit), TIMEOUT.
 *  - event.pc identifies the instruction (never 0); location(pc) is
 *    "file.pv:line:col" of that P/V/choice/loop/end in the source.
 */
#ifndef RAVEL_BACKENDS_PV_PV_H
#define RAVEL_BACKENDS_PV_PV_H

#include <stddef.h>

#include "../backend.h"

/* Parse the PV file at `path` and return a backend running it, or NULL with
 * "file:line:col: message" (or "file: message") in err. */
rv_backend *rv_pv_open(const char *path, const rv_limits *lim, char *err, size_t errcap);

/* Same, for program text held in memory (`name` is used in messages). */
rv_backend *rv_pv_open_string(const char *name, const char *text, const rv_limits *lim, char *err,
                              size_t errcap);

#endif
