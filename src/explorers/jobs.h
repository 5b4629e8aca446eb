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
 * workers run.  It reaches them through a transport (rv_jobs_link
 * below): under --jobs they are fork()ed from it, under --mpi (ranks.h)
 * from their MPI rank's process; each opens its own program process
 * through `open` (a backend like x->backend's).
 */
#ifndef RAVEL_EXPLORERS_JOBS_H
#define RAVEL_EXPLORERS_JOBS_H

#include <sys/types.h>

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
    bool mpi; /* the workers are MPI ranks (--mpi, ranks.h) */
} rv_jobs;

/* Opens a fresh backend for the program x->backend runs, with limits lim
 * (in a worker, after fork); NULL with a message in err. */
typedef rv_backend *(*rv_jobs_open_fn)(void *arg, const rv_limits *lim, char *err, size_t cap);

/* NULL when --jobs=N > 1 (or --mpi: flag names which) can run opt, else
 * why not (a sentence naming what is supported). */
const char *rv_jobs_refusal(const rv_options *opt, const char *flag);

/* Explore with n workers (n >= 2) into x (see above); j receives the
 * per-worker counts.  Returns 0, or -1 when nothing could be explored
 * (x->stats.incomplete_why says why). */
int rv_jobs_run(rv_explore *x, unsigned n, rv_jobs_open_fn open, void *arg, rv_jobs *j);

/* How the coordinator reaches its workers: a transport.  The coordinator
 * only writes and reads a byte stream per worker; --jobs forks a local
 * process per worker (rv_jobs_run), --mpi (ranks.h) relays the streams
 * of the workers of the other ranks over MPI messages. */
typedef struct rv_jobs_link {
    /* Start worker i: *to the descriptor the coordinator writes its
     * messages to, *from the one it reads the worker's from; *pid a local
     * process the coordinator reaps, or 0.  inherited: the descriptors of
     * the workers started before, which a forked worker must close.
     * 0, or -1 when the worker could not be started. */
    int (*start)(void *ctx, const rv_explore *x, unsigned i, const int *inherited,
                 size_t ninherited, int *to, int *from, pid_t *pid);
    /* Worker i (started with *pid 0) ended, its stream at its end: a wait
     * status (waitpid's) and, in where, the host it ran on ("" if local). */
    int (*status)(void *ctx, unsigned i, char *where, size_t cap);
    void *ctx;
    const char *who; /* "worker", "rank": the reasons name worker i as "<who> i of <group>" */
    char group[48];  /* "--jobs=3", "--mpi (3 ranks)" */
} rv_jobs_link;

/* The exploration's clock: x->t0 now, the deadline of --time-limit from
 * the run's origin (a worker's limits count from it). */
void rv_jobs_clock(rv_explore *x);

/* rv_jobs_run over a transport (n <= RV_JOBS_MAX). */
int rv_jobs_run_over(rv_explore *x, unsigned n, const rv_jobs_link *link, rv_jobs *j);

/* The two pipes of a worker's streams (close-on-exec, 1 MiB each: no
 * writer waits while the other side writes): down to it, up from it.
 * 0, or -1 (none left open). */
int rv_jobs_pipes(int down[2], int up[2]);

/* A worker process forked from this one, exploring the units it is sent
 * for x's program, opened through open (the coordinator's side of the
 * protocol above).  Its pipes: *to (write to it), *from (read from it);
 * the child closes inherited[].  The child's pid, or -1. */
pid_t rv_jobs_fork_worker(const rv_explore *x, unsigned id, rv_jobs_open_fn open, void *arg,
                          const int *inherited, size_t ninherited, int *to, int *from);

#endif
