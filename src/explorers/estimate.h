/*
 * estimate.h — `ravel check --estimate[=N]`: how big is the exploration?
 *
 * Knuth's estimator (D. E. Knuth, "Estimating the efficiency of backtrack
 * programs", Math. Comp. 29, 1975): walk N random root-to-leaf paths of the
 * algorithm's exploration tree; at each node pick one of its d children
 * uniformly and multiply the path's weight by d.  The weight of a path is
 * 1/P(path), so its mean over the paths is an unbiased estimate of the
 * number of leaves (executions).  The time is that number times the mean
 * time of one execution measured while sampling.
 *
 * Contract: only for trees whose children are known at each node without
 * exploring the rest of the tree: --algo=dfs without a bound (a node's
 * children are its enabled threads, then the values of the step's value
 * choice).  rv_estimate_refusal says why any other configuration is
 * refused.  The sample runs on the explorer's backend and never counts
 * into x->stats; it verifies nothing.
 */
#ifndef RAVEL_EXPLORERS_ESTIMATE_H
#define RAVEL_EXPLORERS_ESTIMATE_H

#include "explorer.h"

#define RV_ESTIMATE_DEFAULT_SAMPLES 1000

typedef struct rv_estimate {
    uint64_t samples_asked, samples; /* paths asked for, paths walked */
    uint64_t seed;
    uint64_t runs;            /* executions run to walk them (replays of prefixes included) */
    double run_s;             /* their total wall-clock time */
    double leaves, leaves_sd; /* mean and standard deviation of the path weights */
    double execs, execs_sd;   /* the same counting only the leaves dfs counts as executions */
    uint64_t error_paths;     /* sampled paths that ended in a bug */
    uint64_t infeasible_paths;
    uint64_t limit_paths; /* sampled paths cut by a limit (--max-events, --timeout, ...) */
    bool stopped;         /* --time-limit or a signal ended the sample early */
    bool failed;          /* the backend failed or the program did not repeat itself */
    char why[512];        /* why failed */
} rv_estimate;

/* NULL when opt can be estimated, else the reason (a sentence naming the
 * algorithms that can). */
const char *rv_estimate_refusal(const rv_options *opt);

/* Walk `samples` random paths (seeded by `seed`) of x's tree into *e. */
void rv_estimate_run(rv_explore *x, uint64_t samples, uint64_t seed, rv_estimate *e);

/* The half-width of the normal-approximation 95% confidence interval of a
 * mean with standard deviation sd over n samples (0 when n < 2). */
double rv_estimate_halfwidth(double sd, uint64_t n);

#endif
