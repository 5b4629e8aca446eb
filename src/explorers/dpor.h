/*
 * dpor.h — the stateless DPOR engine shared by dpor.c (persistent-set DPOR
 * with sleep sets) and bounded.c (BPOR, seed 002, and the
 * naive bounded DFS that is its oracle).
 *
 * The engine keeps the stack of states of the current execution (one node
 * per state: enabled threads, backtrack set, done set, sleep set, the
 * choice taken) and drives the backend by replay: a prefix schedule up to
 * the branch being explored, then a policy.  After each execution it walks
 * the new states (Explore(S) of seed 002 Algorithm 1, lines 4-8), adding
 * backtrack points through the mode's Backtrack procedure, then picks the
 * deepest untried choice (lines 10-13).  Optimal mode (Abdulla et al. POPL 2014
 * Alg. 2) keeps a wakeup tree per state instead and replays its leftmost
 * branch.
 *
 * Only rv_dependent() (plus one refinement for condition variables, see
 * dpor.c) and the backend interface are used, so new action kinds work as
 * long as rv_dependent knows them.
 */
#ifndef RAVEL_EXPLORERS_DPOR_H
#define RAVEL_EXPLORERS_DPOR_H

#include "explorer.h"

typedef enum rv_dpor_mode {
    RV_DPOR_PERSISTENT, /* seed 002 Alg. 1 without a bound, FG happens-before filter, sleep sets */
    RV_DPOR_SOURCE,     /* Source-DPOR (Abdulla et al. POPL 2014, Algorithm 1) + sleep sets */
    RV_DPOR_OPTIMAL,    /* Optimal-DPOR (same paper, Algorithm 2): wakeup trees + sleep sets */
    RV_DPOR_NAIVE,      /* every enabled thread at every state: bounded DFS (oracle) */
    RV_DPOR_BPOR,       /* seed 002 Alg. 1 with the bound's Initialize/Backtrack */
} rv_dpor_mode;

typedef struct rv_dpor_cfg {
    rv_dpor_mode mode;
    rv_bound bound;
    uint64_t c; /* the bound */
} rv_dpor_cfg;

/* Run one search; returns 0 when it finished, 1 when it stopped early
 * (first error, --max-executions, a livelock), -1 if the backend failed.
 * Sets x->stats.bound_reached when the bound kept a transition unexplored. */
int rv_dpor_run(rv_explore *x, const rv_dpor_cfg *cfg);

/* BPOR (bounded.c): the bound of x->opt with seed 002's procedures; the
 * naive bounded DFS is the same search with mode RV_DPOR_NAIVE. */
int rv_algo_bpor(rv_explore *x);

/* Release operations of seed 002 Algorithm 3 (they may enable a blocked
 * thread): unlock, wait1 (releases the mutex), signal, broadcast, sem
 * post, thread exit, once end, atomic-section end. */
bool rv_is_release(const rv_action *a);

#endif
