/*
 * dfs.c — `--algo=dfs`: every interleaving of visible actions and every
 * value of every value choice, without reduction.  The ground truth.
 *
 * Stateless depth-first search with replay: the stack holds, per step, the
 * thread and value taken and the next thread to try there.  Threads are
 * tried in ascending order from the lowest enabled one (the backend's
 * continuation, policy "first"), so the threads done at a step are the
 * enabled ones up to the current, and the next is the lowest enabled
 * thread above it: the event's next_en, learnt from the execution that
 * runs the step (any number of threads, O(1) per step).  After an
 * execution, the deepest step with an untried (thread, value) becomes the
 * end of the next prefix; the backend replays the prefix and continues
 * with the lowest enabled thread.
 * Memory: O(depth) frames; time: one execution per maximal interleaving.
 */
#include "explorer.h"

#include <stdlib.h>

#include "../core/util.h"

typedef struct frame {
    uint32_t next; /* lowest enabled thread above tid, RV_NO_THREAD if none */
    uint16_t tid;
    uint32_t val, ndom;
    rv_action ran; /* the step as it ran: a replay of the prefix must repeat it */
} frame;

typedef struct dfs {
    frame *st;
    size_t depth, cap;
    rv_step *prefix;
    size_t capprefix;
} dfs;

static void push(dfs *d, const rv_event *e)
{
    if (d->depth == d->cap) {
        d->cap = d->cap ? 2 * d->cap : 1024;
        d->st = rv_xrealloc(d->st, d->cap * sizeof *d->st);
    }
    d->st[d->depth++] =
        (frame){e->next_en, e->act.tid, e->val, e->act.ndom ? e->act.ndom : 1, e->act};
}

/* Advance the deepest frame that has an untried choice; false when the
 * whole tree is done. */
static bool backtrack(dfs *d)
{
    while (d->depth) {
        frame *f = &d->st[d->depth - 1];
        if (f->val + 1 < f->ndom) {
            f->val++;
            return true;
        }
        if (f->next != RV_NO_THREAD) {
            f->tid = (uint16_t)f->next;
            f->val = 0;
            f->ndom = 1;            /* learnt from the next execution, */
            f->next = RV_NO_THREAD; /* and so is this */
            return true;
        }
        d->depth--;
    }
    return false;
}

static size_t make_prefix(dfs *d)
{
    if (d->depth > d->capprefix) {
        d->capprefix = 2 * d->depth;
        d->prefix = rv_xrealloc(d->prefix, d->capprefix * sizeof *d->prefix);
    }
    for (size_t i = 0; i < d->depth; i++) d->prefix[i] = (rv_step){d->st[i].tid, 0, d->st[i].val};
    return d->depth;
}

int rv_algo_dfs(rv_explore *x)
{
    dfs d = {0};
    rv_trace t;
    rv_trace_init(&t);
    int rc = 0;
    size_t n = 0;
    for (;;) {
        if (rv_execute(x->backend, d.prefix, n, RV_POLICY_FIRST, &t)) {
            rv_observe(x, &t);
            rc = -1;
            break;
        }
        /* the steps before the last of the prefix ran before: the same
         * again, or the program does not repeat itself (the backend's
         * contract; its RV_END_DIVERGED catches a step not enabled) */
        bool same = true;
        for (size_t i = 0; same && i + 1 < n; i++)
            same = rv_explore_repeated(x, &t, i, &d.st[i].ran);
        if (!same) break;
        /* the last prefix frame learns its value domain from this run */
        if (n && t.n >= n) {
            d.st[n - 1].ran = t.ev[n - 1].act;
            d.st[n - 1].ndom = t.ev[n - 1].act.ndom ? t.ev[n - 1].act.ndom : 1;
            if (d.st[n - 1].val == 0) d.st[n - 1].next = t.ev[n - 1].next_en;
        }
        for (size_t i = n; i < t.n; i++) push(&d, &t.ev[i]);
        if (t.n < n) d.depth = t.n; /* diverged: nothing below is trustworthy */
        if (!rv_observe(x, &t)) break;
        if (!backtrack(&d)) break;
        n = make_prefix(&d);
    }
    rv_trace_free(&t);
    free(d.st);
    free(d.prefix);
    return rc;
}
