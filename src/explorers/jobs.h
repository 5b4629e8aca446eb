/*
 * jobs.h — `ravel check --jobs=N`: --algo=dfs explored by N worker
 * processes on one machine, with exactly the sequential answer.
 *
 * Contract.  rv_jobs_run(x, n, ...) explores what rv_explore_run(x) would
 * with x->opt->algo "dfs" and no bound, and leaves in x->stats and
 * x->errors what the sequential run leaves there:
 *  - every execution of the tree is run by exactly one worker, so the
 *    executions, infeasible and incomplete counts are the sequential ones
 *    (with --max-executions=M: min(M, the tree's leaves), as sequentially);
 *  - the errors are the sequential ones, each with the schedule of its
 *    first occurrence in dfs order, in that order: with --keep-going every
 *    distinct error; without it the first error in dfs order (the workers
 *    go on exploring the part of the tree before the least error found so
 *    far and drop the rest, docs/DESIGN.md "Parallel dfs");
 *  - a worker that dies (a signal, a failure to start its program) makes
 *    the run incomplete with a reason naming the worker and the signal.
 * Executions after the first error (without --keep-going) are counted as
 * run: that count is at least the sequential one, never less.
 *
 * A work unit is a prefix of dfs's stack: the frames of the steps from the
 * root (thread, value, the value domain, the next thread to try) of which
 * only the last may still move to its untried siblings.  A worker asked to
 * split gives away its shallowest frame that has untried siblings, all of
 * them, as a new unit, and drops them from its own stack: the subtrees of
 * two units never overlap and together they are the whole tree.  The
 * coordinator is the calling process; it runs no executions while the
 * workers run.  Workers are fork()ed from it and each opens its own
 * program process through `open` (a backend like x->backend's).
 */
#ifndef RAVEL_EXPLORERS_JOBS_H
#define RAVEL_EXPLORERS_JOBS_H

#include "explorer.h"

#define RV_JOBS_MAX 256

/* What one worker did. */
typedef struct rv_jobs_worker {
    uint64_t executions, infeasible, incomplete, events;
    uint64_t units;   /* work units it explored */
    uint64_t donated; /* units it split off for others */
    int died;         /* the signal that killed it (or -1: it exited without answering), 0 */
} rv_jobs_worker;

typedef struct rv_jobs {
    unsigned n;
    rv_jobs_worker w[RV_JOBS_MAX];
    uint64_t units;    /* units handed out */
    uint64_t messages; /* messages between the coordinator and the workers */
    /* The parallel result cannot stand and the caller must explore
     * sequentially instead (why says why): the reset engine left mid-way
     * in a worker, or the program reached the thread cap and the
     * sequential search would go on under a thread bound (explore.c). */
    bool rerun;
    char why[256];
} rv_jobs;

/* Opens a fresh backend for the program x->backend runs, with limits lim
 * (in a worker, after fork); NULL with a message in err. */
typedef rv_backend *(*rv_jobs_open_fn)(void *arg, const rv_limits *lim, char *err, size_t cap);

/* NULL when --jobs=N > 1 can run opt, else why not (a sentence naming what
 * is supported). */
const char *rv_jobs_refusal(const rv_options *opt);

/* Explore with n workers (n >= 2) into x (see above); j receives the
 * per-worker counts.  Returns 0, or -1 when nothing could be explored
 * (x->stats.incomplete_why says why). */
int rv_jobs_run(rv_explore *x, unsigned n, rv_jobs_open_fn open, void *arg, rv_jobs *j);

#endif
