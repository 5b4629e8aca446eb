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
};

const char *rv_end_name(rv_end e)
{
    return (unsigned)e < RV_END_COUNT ? end_names[e] : "?";
}

/* threads[] is never read beyond nthreads: only the header is cleared
 * (threads[] is RV_MAX_THREADS long, and traces are reset per execution). */
void rv_trace_init(rv_trace *t)
{
    memset(t, 0, offsetof(rv_trace, threads));
    t->err_tid = RV_NO_THREAD;
}

void rv_trace_free(rv_trace *t)
{
    free(t->ev);
    t->ev = NULL;
    t->n = t->cap = 0;
}

/* As rv_trace_init, keeping the buffer.  The thread records past
 * nthreads are zero already (each writer sets nthreads over the records
 * it wrote), so only the used ones are cleared: all the records were most
 * of a reset, once per execution (issue 11).  The records are the last
 * member (trace.h), everything before them is cleared. */
_Static_assert(offsetof(rv_trace, nthreads) < offsetof(rv_trace, threads) &&
                   offsetof(rv_trace, nonexhaustive) < offsetof(rv_trace, threads),
               "rv_trace_reset clears the header and the used thread records");
void rv_trace_reset(rv_trace *t)
{
    rv_event *ev = t->ev;
    size_t cap = t->cap;
    unsigned nt = t->nthreads < RV_MAX_THREADS ? t->nthreads : RV_MAX_THREADS;
    memset(t->threads, 0, nt * sizeof *t->threads);
    memset(t, 0, offsetof(rv_trace, threads));
    t->err_tid = RV_NO_THREAD;
    t->ev = ev;
    t->cap = cap;
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
    size_t cap = dst->cap;
    /* the header and the valid threads only: threads[] is RV_MAX_THREADS long */
    memcpy(dst, src, offsetof(rv_trace, threads) + src->nthreads * sizeof src->threads[0]);
    dst->ev = ev;
    dst->cap = cap;
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
