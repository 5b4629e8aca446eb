/*
 * tracecount.h — counting Mazurkiewicz traces: the ground truth that every
 * reduction is checked against (DESIGN §3).
 *
 * Each execution is folded to a canonical representative of its trace, the
 * lexicographically least linearisation (by thread id) of its dependency
 * order under rv_dependent(), hashed to 128 bits (XXH3) and inserted into a
 * set.  Two executions get the same key iff they are the same trace, up to
 * a 2^-128 chance of collision.
 *
 * Cost per execution of n events: O(n·T) for the linearisation (T threads)
 * plus the dependency edges, found by comparing each event only with
 * earlier events on the same object (8-byte memory granule, mutex,
 * condition variable, semaphore), scanning back until an event that
 * dominates the rest (a covering write, any mutex operation, a semaphore
 * wait).  Set insertion is O(1) expected.
 */
#ifndef RAVEL_EXPLORERS_TRACECOUNT_H
#define RAVEL_EXPLORERS_TRACECOUNT_H

#include "../core/trace.h"
#include "../core/util.h"

typedef struct rv_tracecount rv_tracecount;

rv_tracecount *rv_tracecount_new(void);
void rv_tracecount_free(rv_tracecount *tc);

/* The canonical key of the trace of ev[0..n). */
rv_hash128 rv_trace_key(rv_tracecount *tc, const rv_event *ev, size_t n);

/* Insert a key; true if it was not there before. */
bool rv_tracecount_insert(rv_tracecount *tc, rv_hash128 key);
uint64_t rv_tracecount_size(const rv_tracecount *tc);

#endif
