/*
 * bounded.c — bounded searches (seed 002, Coons, Musuvathi, McKinley,
 * "Bounded Partial-Order Reduction"): BPOR with a preemption bound
 * (Algorithm 1 + 2) or a fair bound (Algorithm 1 + 3), the iterative
 * preemption bound, and the naive bounded DFS (every schedule within the
 * bound) that is BPOR's oracle.  The search itself is dpor.c's engine; this
 * file chooses its mode and bound, loops over the iterative bound, states
 * what a bounded result guarantees.  The set of thread-local states reached
 * (--local-states, for the tests of seed 002 Theorem 1) is localset.c's,
 * which dpor.c fills: this file is a client of dpor.c only.
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
