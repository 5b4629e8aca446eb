/*
 * explore.c — the explorer core shared by every algorithm: bookkeeping of
 * executions, distinct errors with their schedules, trace counting, limits,
 * and the registry of algorithms.
 */
#include "explorer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/stop.h"
#include "../core/util.h"
#include "tracecount.h"

#define XXH_INLINE_ALL
#include <xxhash.h>

void rv_explore_init(rv_explore *x, rv_backend *b, const rv_options *opt)
{
    memset(x, 0, sizeof *x);
    x->backend = b;
    x->options = *opt;
    /* In drf mode plain writes are not events, so state fingerprints do not
     * cover shared memory and a cutoff could be unsound: no cutoffs. */
    if (opt->memory == RV_MEM_DRF) x->options.cutoffs = false;
    x->opt = &x->options;
    x->stats.exhaustive = true;
    b->limits.drf = opt->memory == RV_MEM_DRF;
    if (opt->count_traces) x->traces = rv_tracecount_new();
}

void rv_explore_free(rv_explore *x)
{
    for (size_t i = 0; i < x->nerrors; i++) {
        free(x->errors[i].schedule);
        if (x->errors[i].trace) {
            rv_trace_free(x->errors[i].trace);
            free(x->errors[i].trace);
        }
    }
    free(x->errors);
    rv_tracecount_free(x->traces);
    memset(x, 0, sizeof *x);
}

/* The first reason comes first; a different later one is added after it
 * (a --max-executions reached after a --nondet-domain draw used to hide
 * behind it, and the fuzzer took the cut-short dfs for ground truth). */
void rv_explore_incomplete(rv_explore *x, const char *why)
{
    rv_stats *s = &x->stats;
    s->exhaustive = false;
    size_t n = strlen(s->incomplete_why);
    if (!n)
        snprintf(s->incomplete_why, sizeof s->incomplete_why, "%s", why);
    else if (!strstr(s->incomplete_why, why))
        snprintf(s->incomplete_why + n, sizeof s->incomplete_why - n, "; also: %s", why);
}

/* ---- whole-run limits and progress ------------------------------------ */

/* The run must stop: --time-limit passed, or SIGINT/SIGTERM (stop.h). */
static bool time_up(const rv_explore *x)
{
    return rv_stop_signal() || (x->deadline > 0 && rv_now() >= x->deadline);
}

bool rv_explore_time_up(const rv_explore *x)
{
    return time_up(x);
}

/* Stop for --time-limit or a signal.  Its reason goes first (it is why
 * the run stopped); an earlier reason is kept after it. */
static void stop_for_time(rv_explore *x)
{
    rv_stats *s = &x->stats;
    if (s->time_limited) return;
    s->time_limited = true;
    s->exhaustive = false;
    s->interrupted = rv_stop_signal();
    char why[sizeof s->incomplete_why];
    int n = s->interrupted
                ? snprintf(why, sizeof why, "interrupted: stopped by %s after %.1f s",
                           rv_stop_signal_name(s->interrupted), rv_now() - x->t0)
                : snprintf(why, sizeof why, "time-limit: stopped after --time-limit=%g s",
                           x->opt->time_limit_s);
    if (s->incomplete_why[0] && n > 0 && (size_t)n < sizeof why)
        snprintf(why + n, sizeof why - (size_t)n, "; also: %s", s->incomplete_why);
    snprintf(s->incomplete_why, sizeof s->incomplete_why, "%s", why);
}

/* The progress line, drawn through rv_stop_poll()'s tick (stop.h), so
 * that it also moves while one long execution runs or while the explorer
 * works on one: every long loop polls the stop flag. */
static void progress_draw(void *arg)
{
    rv_explore *x = arg;
    x->progress(x, rv_now() - x->t0, x->progress_arg);
}

static void progress_tick(rv_explore *x)
{
    (void)x;
    rv_stop_poll();
}

void rv_observe_blocked(rv_explore *x)
{
    x->stats.blocked++;
    progress_tick(x);
}

/* Errors are the same when they are of one kind at one place with one
 * message; a deadlock is identified by where every thread is stuck. */
static rv_hash128 error_key(const rv_trace *t)
{
    XXH3_state_t st;
    XXH3_128bits_reset(&st);
    uint32_t end = t->end;
    XXH3_128bits_update(&st, &end, sizeof end);
    if (t->end == RV_END_DEADLOCK) {
        for (unsigned i = 0; i < t->nthreads; i++)
            if (t->threads[i].state == RV_T_LIVE)
                XXH3_128bits_update(&st, &t->threads[i].pending_pc, sizeof(uint64_t));
    } else {
        XXH3_128bits_update(&st, &t->err_pc, sizeof t->err_pc);
        XXH3_128bits_update(&st, t->msg, strlen(t->msg));
    }
    XXH128_hash_t h = XXH3_128bits_digest(&st);
    return (rv_hash128){h.low64, h.high64};
}

static bool known_error(const rv_explore *x, rv_hash128 k)
{
    for (size_t i = 0; i < x->nerrors; i++)
        if (x->errors[i].key_lo == k.lo && x->errors[i].key_hi == k.hi) return true;
    return false;
}

static rv_error *record_error(rv_explore *x, const rv_trace *t)
{
    rv_hash128 k = error_key(t);
    if (known_error(x, k)) return NULL;
    if (x->nerrors == x->caperrors) {
        x->caperrors = x->caperrors ? 2 * x->caperrors : 4;
        x->errors = rv_xrealloc(x->errors, x->caperrors * sizeof *x->errors);
    }
    rv_error *e = &x->errors[x->nerrors++];
    memset(e, 0, sizeof *e);
    e->key_lo = k.lo;
    e->key_hi = k.hi;
    e->kind = t->end;
    snprintf(e->msg, sizeof e->msg, "%s", t->msg);
    e->tid = t->err_tid;
    e->pc = t->err_pc;
    e->nsched = t->n;
    e->schedule = rv_xmalloc((t->n + 1) * sizeof *e->schedule);
    rv_trace_schedule(t, t->n, e->schedule);
    e->trace = rv_xcalloc(1, sizeof *e->trace);
    rv_trace_init(e->trace);
    rv_trace_copy(e->trace, t);
    return e;
}

void rv_observe_livelock(rv_explore *x, const rv_trace *t, size_t n)
{
    rv_trace cut;
    rv_trace_init(&cut);
    rv_trace_copy(&cut, t);
    cut.n = n;
    cut.end = RV_END_ABORT; /* a bug; rv_error.livelock names it */
    cut.err_tid = RV_NO_THREAD;
    cut.err_pc = 0;
    snprintf(cut.msg, sizeof cut.msg,
             "livelock: the execution passed --max-depth=%llu steps within the fair bound",
             (unsigned long long)rv_max_depth(x->opt));
    rv_error *e = record_error(x, &cut);
    if (e) e->livelock = true;
    x->stats.executions++;
    x->stats.stopped = true;
    rv_trace_free(&cut);
}

static void count_trace(rv_explore *x, const rv_trace *t)
{
    if (!x->traces) return;
    if (!rv_tracecount_insert(x->traces, rv_trace_key(x->traces, t->ev, t->n))) return;
    x->stats.traces++;
    if (t->end == RV_END_COMPLETE)
        x->stats.traces_complete++;
    else if (t->end == RV_END_DEADLOCK)
        x->stats.traces_deadlock++;
    else
        x->stats.traces_error++;
}

static bool observe(rv_explore *x, const rv_trace *t);

/* observe() counts every execution it goes on after in exactly one of
 * executions, infeasible and incomplete. */
bool rv_explore_last_execution(const rv_explore *x)
{
    const rv_stats *s = &x->stats;
    return x->opt->max_executions &&
           s->executions + s->infeasible + s->incomplete + 1 >= x->opt->max_executions;
}

bool rv_observe(rv_explore *x, const rv_trace *t)
{
    /* an execution cut at the deadline is the time limit's doing, not a
     * --timeout of the program's */
    if (t->end == RV_END_TIMEOUT && time_up(x)) {
        stop_for_time(x);
        return false;
    }
    bool go_on = observe(x, t);
    progress_tick(x);
    if (go_on && time_up(x)) {
        stop_for_time(x);
        return false;
    }
    return go_on;
}

/* Under --property a bug end may be no error (opt->classify): a benign
 * one is just a complete execution, an unknown one makes the result
 * non-exhaustive; either way the exploration goes on. */
static bool is_violation(rv_explore *x, const rv_trace *t)
{
    if (!x->opt->classify) return true;
    char why[256] = "";
    rv_end_class c = x->opt->classify(t, x->opt->property, why, sizeof why);
    if (c == RV_CLASS_UNKNOWN) rv_explore_incomplete(x, why);
    return c == RV_CLASS_VIOLATION;
}

static bool observe(rv_explore *x, const rv_trace *t)
{
    rv_stats *s = &x->stats;
    s->events += t->n;
    if (t->nonexhaustive)
        rv_explore_incomplete(x, "a nondet value of a wide type was drawn from --nondet-domain");
    switch (t->end) {
    case RV_END_INFEASIBLE:
        s->infeasible++;
        break;
    case RV_END_COMPLETE:
        s->executions++;
        count_trace(x, t);
        break;
    case RV_END_INTERNAL:
        rv_explore_incomplete(x, t->msg);
        return false;
    case RV_END_DIVERGED:
    case RV_END_PREFIX:
        /* the program did not repeat itself on the same schedule */
        s->incomplete++;
        rv_explore_incomplete(x, "the program behaved nondeterministically under the same schedule "
                                 "(reads of uninitialised memory, time, rand, I/O?)");
        break;
    default:
        if (rv_end_is_incomplete(t->end)) {
            s->incomplete++;
            rv_explore_incomplete(x, t->msg);
            record_error(x, t);
            if (!x->opt->keep_going) {
                s->stopped = true;
                return false;
            }
            break;
        }
        s->executions++;
        count_trace(x, t);
        if (!is_violation(x, t)) break;
        record_error(x, t);
        if (!x->opt->keep_going) {
            s->stopped = true;
            return false;
        }
    }
    if (x->opt->max_executions &&
        s->executions + s->infeasible + s->incomplete >= x->opt->max_executions) {
        rv_explore_incomplete(x, "--max-executions reached");
        return false;
    }
    return true;
}

/* ------------------------------------------------------------------ */
/* Registry.                                                           */

typedef struct algo {
    const char *name;
    rv_algo_fn fn;
    const char *what;
} algo;

static const algo algos[] = {
    {"dfs", rv_algo_dfs, "every interleaving, no reduction (ground truth)"},
    {"udpor", rv_algo_udpor, "unfolding-based POR with cutoffs (seeds 001, 004)"},
    {"dpor", rv_algo_dpor, "persistent-set DPOR with sleep sets; BPOR with a bound (seed 002)"},
    {"source", rv_algo_source, "Source-DPOR with sleep sets (Abdulla et al. POPL 2014)"},
    {"optimal", rv_algo_optimal,
     "Optimal-DPOR: wakeup trees + sleep sets (Abdulla et al. POPL 2014)"},
};

rv_algo_fn rv_algo_lookup(const char *name)
{
    for (size_t i = 0; i < sizeof algos / sizeof *algos; i++)
        if (!strcmp(algos[i].name, name)) return algos[i].fn;
    return NULL;
}

const char *rv_algo_names(void)
{
    static char buf[256];
    buf[0] = 0;
    for (size_t i = 0; i < sizeof algos / sizeof *algos; i++) {
        if (i) strcat(buf, ", ");
        strcat(buf, algos[i].name);
    }
    return buf;
}

int rv_explore_run(rv_explore *x)
{
    rv_algo_fn fn = rv_algo_lookup(x->opt->algo);
    /* dfs with a bound: every schedule within the bound (bounded.c) */
    if (fn == rv_algo_dfs && x->opt->bound != RV_BOUND_NONE) fn = rv_algo_dfs_bounded;
    if (!fn) {
        rv_explore_incomplete(x, "unknown algorithm");
        return -1;
    }
    x->t0 = rv_now();
    /* --time-limit counts from here; every long loop polls it (stop.h) */
    double outer = rv_stop_deadline();
    x->deadline = x->opt->time_limit_s > 0 ? x->t0 + x->opt->time_limit_s : 0;
    x->backend->limits.deadline = x->deadline;
    rv_stop_set_deadline(x->deadline);
    if (x->progress) rv_stop_set_tick(progress_draw, x, x->progress_every);
    int r = fn(x);
    rv_stop_set_tick(NULL, NULL, 0);
    rv_stop_set_deadline(outer);
    /* An execution cut at the deadline can look like a failure to the
     * algorithm (udpor: the prefix did not reproduce); the time limit is
     * the reason, the algorithm's complaint stays in the text. */
    if (r < 0 && time_up(x)) {
        stop_for_time(x);
        r = 0;
    }
    if (x->stats.stopped) x->stats.exhaustive = false;
    return r;
}
