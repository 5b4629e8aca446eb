/*
 * hien.h — the enabled threads >= RV_MASK_THREADS at every state of an
 * execution, for the DPOR engine (dpor.c), which needs whole enabled sets
 * while a trace records bits for the threads below RV_MASK_THREADS only
 * (rv_event.enabled; next_en is enough for dfs, not for DPOR).
 *
 * The states come from the one model (src/core/model.h), as in the
 * runtime: the trace's events are replayed from the start through
 * rv_model_redo over a table of the objects they touch, and at every
 * state each thread above 63 that exists and has a next action (its next
 * event, or its pending action at the end) is asked rv_model_enabled.
 * The unfolding computes enabledness the same way (extend.c).  What the
 * trace says exactly wins: a thread that runs at a state is enabled there.
 */
#ifndef RAVEL_EXPLORERS_HIEN_H
#define RAVEL_EXPLORERS_HIEN_H

#include "../core/trace.h"

typedef struct rv_hien rv_hien;

rv_hien *rv_hien_new(void);
void rv_hien_free(rv_hien *h);

/* Words of a bitmap of the threads [RV_MASK_THREADS, nthreads). */
static inline unsigned rv_hien_words(unsigned nthreads)
{
    return nthreads > RV_MASK_THREADS ? (nthreads - RV_MASK_THREADS + 63) / 64 : 0;
}

/* For every state k in [from, t->n): out[(k - from) * nw .. + nw) gets
 * the bitmap of the threads >= RV_MASK_THREADS enabled at k (thread q is
 * bit (q - 64) % 64 of word (q - 64) / 64), nw = rv_hien_words(t->nthreads).
 * Returns how many times the model called a thread that ran disabled
 * (0 unless the model and the runtime disagree; its bit is set anyway).
 * Cost: O(n) replay plus O(n * (nthreads - 64)) enabledness tests. */
size_t rv_hien_states(rv_hien *h, const rv_trace *t, size_t from, uint64_t *out);

#endif
