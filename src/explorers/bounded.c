/*
 * bounded.c — bounded searches (seed 002, Coons, Musuvathi, McKinley,
 * "Bounded Partial-Order Reduction"): BPOR with a preemption bound
 * (Algorithm 1 + 2) or a fair bound (Algorithm 1 + 3), the iterative
 * preemption bound, and the naive bounded DFS (every schedule within the
 * bound) that is BPOR's oracle.  The search itself is dpor.c's engine; this
 * file chooses its mode and bound, loops over the iterative bound, states
 * what a bounded result guarantees, and keeps the set of thread-local
 * states reached (--local-states, for the tests of seed 002 Theorem 1).
 *
 * Guarantee (seed 002 Theorem 1 with Theorems 4/7 and 10/13): BPOR with
 * bound c reaches every thread-local state that some execution of bound
 * <= c reaches.  A bounded search is never exhaustive: the CLI exits 3
 * unless it found an error.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/util.h"
#include "dpor.h"
#include "tracecount.h"

/* ---- thread-local states ------------------------------------------------- */

typedef struct lstate {
    uint64_t lo, hi;
    uint16_t tid;
} lstate;

struct rv_localset {
    rv_tracecount *seen; /* dedup by (thread, fingerprint) */
    lstate *v;
    size_t n, cap;
};

rv_localset *rv_localset_new(void)
{
    rv_localset *s = rv_xcalloc(1, sizeof *s);
    s->seen = rv_tracecount_new();
    return s;
}

void rv_localset_add(rv_localset *s, uint16_t tid, uint64_t lo, uint64_t hi)
{
    rv_hash128 k = {lo ^ ((uint64_t)tid * 0x9e3779b97f4a7c15ull), hi ^ tid};
    if (!rv_tracecount_insert(s->seen, k)) return;
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 256;
        s->v = rv_xrealloc(s->v, s->cap * sizeof *s->v);
    }
    s->v[s->n++] = (lstate){lo, hi, tid};
}

static int cmp_lstate(const void *a, const void *b)
{
    const lstate *x = a, *y = b;
    if (x->tid != y->tid) return x->tid < y->tid ? -1 : 1;
    if (x->hi != y->hi) return x->hi < y->hi ? -1 : 1;
    if (x->lo != y->lo) return x->lo < y->lo ? -1 : 1;
    return 0;
}

/* One line per state: "thread fp_hi fp_lo", sorted, so that two searches
 * compare with diff/comm. */
int rv_localset_write(rv_localset *s, const char *path)
{
    qsort(s->v, s->n, sizeof *s->v, cmp_lstate);
    FILE *f = fopen(path, "w");
    if (!f) return -1;
    for (size_t i = 0; i < s->n; i++)
        fprintf(f, "%u %016" PRIx64 " %016" PRIx64 "\n", s->v[i].tid, s->v[i].hi, s->v[i].lo);
    return fclose(f) ? -1 : 0;
}

void rv_localset_free(rv_localset *s)
{
    if (!s) return;
    rv_tracecount_free(s->seen);
    free(s->v);
    free(s);
}

/* ---- the searches ---------------------------------------------------------- */

static bool found_bug(const rv_explore *x)
{
    for (size_t i = 0; i < x->nerrors; i++)
        if (rv_end_is_bug(x->errors[i].kind)) return true;
    return false;
}

/* What a bounded search that found nothing guarantees (the verdict's
 * reason; a limit hit earlier is reported instead). */
static void guarantee(rv_explore *x, rv_bound k)
{
    char why[256];
    const rv_stats *s = &x->stats;
    const char *what = k == RV_BOUND_PREEMPTION ? "preemption" : "fair";
    if (k == RV_BOUND_PREEMPTION)
        snprintf(why, sizeof why,
                 "bounded search: every thread-local state reachable with at most %" PRId64
                 " preemption%s was reached%s",
                 s->bound, s->bound == 1 ? "" : "s",
                 s->bound_reached ? "" : "; the bound cut no execution");
    else
        snprintf(why, sizeof why,
                 "bounded search: every thread-local state reachable with %s bound %" PRId64
                 " within --max-depth=%" PRIu64 " steps was reached%s",
                 what, s->bound, rv_max_depth(x->opt),
                 s->bound_reached ? "" : "; the bound cut no execution");
    rv_explore_incomplete(x, why);
}

static int run_bounded(rv_explore *x, rv_dpor_mode mode)
{
    const rv_options *o = x->opt;
    rv_dpor_cfg cfg = {.mode = mode, .bound = o->bound, .c = o->bound_c};
    bool iterative = o->bound == RV_BOUND_PREEMPTION && o->bound_iterative;
    if (iterative) cfg.c = 0;
    x->stats.bounded = true;
    int rc;
    for (;;) {
        x->stats.bound = (int64_t)cfg.c;
        x->stats.bound_reached = false;
        rc = rv_dpor_run(x, &cfg);
        x->stats.bound_complete = rc == 0;
        /* iterative: c = 0, 1, 2, ... until an error, a limit, or a bound
         * that cut nothing (seed 002 §5's iterative bounding) */
        if (!iterative || rc != 0 || found_bug(x) || !x->stats.bound_reached) break;
        if (!x->stats.exhaustive && x->stats.incomplete_why[0]) break; /* a limit */
        cfg.c++;
    }
    if (rc == 0)
        guarantee(x, cfg.bound);
    else if (rc > 0)
        rv_explore_incomplete(x, "bounded search (seed 002), stopped early");
    return rc < 0 ? -1 : 0;
}

int rv_algo_bpor(rv_explore *x)
{
    return run_bounded(x, RV_DPOR_BPOR);
}

int rv_algo_dfs_bounded(rv_explore *x)
{
    return run_bounded(x, RV_DPOR_NAIVE);
}
