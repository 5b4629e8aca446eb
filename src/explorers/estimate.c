/*
 * estimate.c — Knuth's estimator of the size of --algo=dfs's tree
 * (estimate.h).
 *
 * The tree: a node is a prefix schedule; its children are the enabled
 * threads just before the next step (rv_event.enabled), and below the
 * chosen thread the values of its step's value choice (ndom, 1 if none).
 * dfs.c explores exactly these: every enabled thread, every value.  Picking
 * the thread and then the value, each uniformly, gives the path the
 * probability 1/(|enabled| * ndom) per step; the estimate stays unbiased
 * (the weight is 1/P(path) whatever the distribution, Knuth §3).
 *
 * One path costs few executions: the backend continues a prefix with the
 * lowest enabled thread and value 0 (RV_POLICY_FIRST), so a random choice
 * equal to that keeps the execution in hand, and only a different choice
 * runs the prefix again with it.
 */
#include "estimate.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/stop.h"
#include "../core/util.h"

const char *rv_estimate_refusal(const rv_options *opt)
{
    if (strcmp(opt->algo, "dfs"))
        return "--estimate supports --algo=dfs only (a node's children are its enabled threads); "
               "the DPOR algorithms and udpor discover their trees from races found later, so a "
               "random path says nothing about their size";
    if (opt->bound != RV_BOUND_NONE)
        return "--estimate supports --algo=dfs without a bound only (the bounded searches run on "
               "the DPOR engine, whose tree is discovered lazily)";
    if (opt->thread_bound)
        return "--estimate does not take --thread-bound (the thread bound repeats the search per "
               "level)";
    return NULL;
}

/* splitmix64 (Steele, Lea, Flood 2014): small, fast, and the same stream
 * for the same seed on every machine. */
static uint64_t next_random(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Uniform in [0, k) (Lemire's multiply-shift; the bias is below 2^-32). */
static uint64_t pick(uint64_t *s, uint64_t k)
{
    return (uint64_t)(((unsigned __int128)next_random(s) * k) >> 64);
}

/* The i-th set bit (from 0) of m. */
static unsigned nth_bit(uint64_t m, uint64_t i)
{
    while (i--) m &= m - 1;
    return (unsigned)__builtin_ctzll(m);
}

/* Running mean and variance (Welford). */
typedef struct moments {
    uint64_t n;
    double mean, m2;
} moments;

static void moments_add(moments *m, double v)
{
    m->n++;
    double d = v - m->mean;
    m->mean += d / (double)m->n;
    m->m2 += d * (v - m->mean);
}

static double moments_sd(const moments *m)
{
    return m->n > 1 ? sqrt(m->m2 / (double)(m->n - 1)) : 0;
}

double rv_estimate_halfwidth(double sd, uint64_t n)
{
    return n > 1 ? 1.96 * sd / sqrt((double)n) : 0;
}

typedef struct walk {
    rv_explore *x;
    rv_estimate *e;
    rv_trace t;
    rv_step *p;
    size_t cap;
} walk;

/* Run the prefix p[0..n) and continue with RV_POLICY_FIRST; false when the
 * backend failed or the execution does not hold step n-1 as asked. */
static bool run(walk *w, size_t n)
{
    double t0 = rv_now();
    int rc = rv_execute(w->x->backend, w->p, n, RV_POLICY_FIRST, &w->t);
    w->e->run_s += rv_now() - t0;
    w->e->runs++;
    if (rc) {
        snprintf(w->e->why, sizeof w->e->why, "the backend failed: %s", w->t.msg);
        return false;
    }
    if (n && (w->t.n < n || w->t.ev[n - 1].act.tid != w->p[n - 1].tid ||
              w->t.ev[n - 1].val != w->p[n - 1].val)) {
        snprintf(w->e->why, sizeof w->e->why,
                 "the program behaved differently when a schedule was replayed (step %zu); the "
                 "same schedule must give the same events every time",
                 n);
        return false;
    }
    return true;
}

static void set_step(walk *w, size_t i, unsigned tid, uint32_t val)
{
    if (i >= w->cap) {
        w->cap = w->cap ? 2 * w->cap : 256;
        while (w->cap <= i) w->cap *= 2;
        w->p = rv_xrealloc(w->p, w->cap * sizeof *w->p);
    }
    w->p[i] = (rv_step){(uint16_t)tid, 0, val};
}

/* One random root-to-leaf path; its weight in *weight, and whether the
 * leaf counts as an execution (dfs's stats.executions) in *counted. */
static bool one_path(walk *w, uint64_t *rng, double *weight, bool *counted)
{
    double prod = 1;
    if (!run(w, 0)) return false;
    for (size_t i = 0; i < w->t.n; i++) {
        const rv_event *ev = &w->t.ev[i];
        if (w->t.nthreads > RV_MASK_THREADS) {
            snprintf(w->e->why, sizeof w->e->why,
                     "--estimate reads the enabled threads from a %d-bit mask: this program has "
                     "more threads",
                     RV_MASK_THREADS);
            return false;
        }
        uint64_t en = ev->enabled;
        uint64_t k = (uint64_t)__builtin_popcountll(en);
        if (!k) { /* cannot be (ev's own thread is enabled): trust the step taken */
            en = 1ull << ev->act.tid;
            k = 1;
        }
        unsigned tid = nth_bit(en, pick(rng, k));
        prod *= (double)k;
        set_step(w, i, tid, 0);
        if (tid != ev->act.tid && !run(w, i + 1)) return false;
        uint32_t ndom = w->t.ev[i].act.ndom ? w->t.ev[i].act.ndom : 1;
        uint32_t val = (uint32_t)pick(rng, ndom);
        prod *= (double)ndom;
        if (val != w->t.ev[i].val) {
            set_step(w, i, tid, val);
            if (!run(w, i + 1)) return false;
        }
    }
    *weight = prod;
    rv_end end = w->t.end;
    *counted = false;
    if (end == RV_END_INFEASIBLE) {
        w->e->infeasible_paths++;
    } else if (rv_end_is_incomplete(end) || end == RV_END_INTERNAL || end == RV_END_DIVERGED ||
               end == RV_END_PREFIX) {
        w->e->limit_paths++;
    } else {
        *counted = true;
        if (end != RV_END_COMPLETE) w->e->error_paths++;
    }
    return true;
}

void rv_estimate_run(rv_explore *x, uint64_t samples, uint64_t seed, rv_estimate *e)
{
    memset(e, 0, sizeof *e);
    e->samples_asked = samples;
    e->seed = seed;
    x->t0 = rv_now();
    double origin = x->opt->time_origin > 0 ? x->opt->time_origin : x->t0;
    x->deadline = x->opt->time_limit_s > 0 ? origin + x->opt->time_limit_s : 0;
    x->backend->limits.deadline = x->deadline;
    walk w = {.x = x, .e = e};
    rv_trace_init(&w.t);
    uint64_t rng = seed;
    moments leaves = {0}, execs = {0};
    for (uint64_t s = 0; s < samples; s++) {
        if (rv_stop_poll() || (x->deadline > 0 && rv_now() >= x->deadline)) {
            e->stopped = true;
            break;
        }
        double weight;
        bool counted;
        if (!one_path(&w, &rng, &weight, &counted)) {
            e->failed = true;
            break;
        }
        moments_add(&leaves, weight);
        moments_add(&execs, counted ? weight : 0);
    }
    e->samples = leaves.n;
    e->leaves = leaves.mean;
    e->leaves_sd = moments_sd(&leaves);
    e->execs = execs.mean;
    e->execs_sd = moments_sd(&execs);
    rv_trace_free(&w.t);
    free(w.p);
}
