/* trace.c — the growable event buffer of one execution. */
#include "trace.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

static const char *const end_names[RV_END_COUNT] = {
    [RV_END_NONE] = "none",
    [RV_END_COMPLETE] = "complete",
    [RV_END_INFEASIBLE] = "infeasible",
    [RV_END_PREFIX] = "prefix",
    [RV_END_EVENT_LIMIT] = "event-limit",
    [RV_END_TIMEOUT] = "timeout",
    [RV_END_DIVERGED] = "diverged",
    [RV_END_RESOURCE] = "resource-limit",
    [RV_END_ASSERT] = "assertion",
    [RV_END_ABORT] = "abort",
    [RV_END_DEADLOCK] = "deadlock",
    [RV_END_CRASH] = "crash",
    [RV_END_STACK_OVERFLOW] = "stack-overflow",
    [RV_END_MISUSE] = "misuse",
    [RV_END_UNSUPPORTED] = "unsupported",
    [RV_END_RACE] = "data-race",
    [RV_END_INTERNAL] = "internal",
    [RV_END_REACH_ERROR] = "reach-error",
    [RV_END_NONTERM] = "non-termination",
};

const char *rv_end_name(rv_end e)
{
    return (unsigned)e < RV_END_COUNT ? end_names[e] : "?";
}

void rv_trace_init(rv_trace *t)
{
    memset(t, 0, sizeof *t);
    t->err_tid = RV_NO_THREAD;
}

void rv_trace_free(rv_trace *t)
{
    free(t->ev);
    free(t->threads);
    t->ev = NULL;
    t->threads = NULL;
    t->n = t->cap = 0;
    t->nthreads = t->capthreads = 0;
}

/* As rv_trace_init, keeping the buffers.  The thread records past
 * nthreads are zero already (each writer sets nthreads over the records
 * it wrote), so only the used ones are cleared (once per execution:
 * issue 11). */
void rv_trace_reset(rv_trace *t)
{
    rv_event *ev = t->ev;
    rv_thread_end *th = t->threads;
    size_t cap = t->cap;
    unsigned capth = t->capthreads;
    if (th) memset(th, 0, t->nthreads * sizeof *th);
    memset(t, 0, sizeof *t);
    t->err_tid = RV_NO_THREAD;
    t->ev = ev;
    t->cap = cap;
    t->threads = th;
    t->capthreads = capth;
}

void rv_trace_set_nthreads(rv_trace *t, unsigned n)
{
    if (n > t->capthreads) {
        unsigned cap = t->capthreads ? t->capthreads : 64;
        while (cap < n) cap *= 2;
        if (cap > RV_MAX_THREADS && n <= RV_MAX_THREADS) cap = RV_MAX_THREADS;
        t->threads = rv_xrealloc(t->threads, (size_t)cap * sizeof *t->threads);
        memset(t->threads + t->capthreads, 0, (size_t)(cap - t->capthreads) * sizeof *t->threads);
        t->capthreads = cap;
    }
    t->nthreads = n;
}

rv_event *rv_trace_push(rv_trace *t)
{
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 256;
        t->ev = rv_xrealloc(t->ev, t->cap * sizeof *t->ev);
    }
    rv_event *e = &t->ev[t->n++];
    memset(e, 0, sizeof *e);
    return e;
}

void rv_trace_copy(rv_trace *dst, const rv_trace *src)
{
    rv_event *ev = dst->ev;
    rv_thread_end *th = dst->threads;
    size_t cap = dst->cap;
    unsigned capth = dst->capthreads, nt = dst->nthreads;
    if (th) memset(th, 0, nt * sizeof *th); /* records past nthreads stay zero */
    *dst = *src;
    dst->ev = ev;
    dst->cap = cap;
    dst->threads = th;
    dst->capthreads = capth;
    dst->nthreads = 0;
    rv_trace_set_nthreads(dst, src->nthreads);
    if (src->nthreads) memcpy(dst->threads, src->threads, src->nthreads * sizeof *src->threads);
    dst->n = 0;
    if (cap < src->n) {
        dst->cap = src->n;
        dst->ev = rv_xrealloc(dst->ev, src->n * sizeof *src->ev);
    }
    if (src->n) memcpy(dst->ev, src->ev, src->n * sizeof *src->ev);
    dst->n = src->n;
}

void rv_trace_schedule(const rv_trace *t, size_t n, rv_step *out)
{
    for (size_t i = 0; i < n; i++) {
        out[i].tid = t->ev[i].act.tid;
        out[i].pad = 0;
        out[i].val = t->ev[i].val;
    }
}
