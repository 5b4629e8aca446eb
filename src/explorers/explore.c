/*
 * explore.c — the explorer core shared by every algorithm: bookkeeping of
 * executions, distinct errors with their schedules, trace counting, limits,
 * and the registry of algorithms.
 */
#include "explorer.h"

#include <inttypes.h>
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
    /* In drf mode plain accesses are not events: the runtime taints the
     * state after each one (RV_TAINT_PLAIN), so only states whose local
     * configuration made none are cut (docs/UDPOR.md "Cutoffs under
     * --memory=drf"). */
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
    size_t n = strlen(s->incomplete_why), cap = sizeof s->incomplete_why;
    /* a reason that does not fit whole is left out (a cut one named the
     * wrong option: "raise --ma"), and the list says that more follow */
    static const char more[] = "; and more";
    if (!n && strlen(why) < cap)
        snprintf(s->incomplete_why, cap, "%s", why);
    else if (!n) /* one reason longer than the room: its end is marked cut */
        snprintf(s->incomplete_why, cap, "%.*s...", (int)(cap - 4), why);
    else if (strstr(s->incomplete_why, why) || strstr(s->incomplete_why, more))
        return;
    else if (n + strlen("; also: ") + strlen(why) + sizeof more <= cap)
        snprintf(s->incomplete_why + n, cap - n, "; also: %s", why);
    else
        snprintf(s->incomplete_why + n, cap - n, "%s", more);
}

/* ---- actions with the program's names ---------------------------------- */

/* a with the backend's names of its objects (rv_action_str_named). */
static char *action_named(const rv_backend *b, const rv_action *a, char *buf, size_t cap)
{
    if (!b || !b->ops->object_name || !rv_action_names_objects(a))
        return rv_action_str(a, buf, cap);
    rv_backend *nb = (rv_backend *)b;
    const char *n1 = a->obj ? b->ops->object_name(nb, a->obj) : NULL;
    const char *n2 = a->obj2 ? b->ops->object_name(nb, a->obj2) : NULL;
    return rv_action_str_named(a, n1, n2, buf, cap);
}

/* ---- programs that do not repeat themselves --------------------------- */

/* Append item to the "; "-separated list in buf (unless already there). */
static void list_add(char *buf, size_t cap, const char *item)
{
    size_t n = strlen(buf);
    if (strstr(buf, item) || n + 3 >= cap) return;
    snprintf(buf + n, cap - n, "%s%s", n ? "; " : "", item);
}

/* The backend's name of the object of t's event i, or "". */
static const char *object_of(const rv_backend *b, const rv_event *ev)
{
    const char *n = b && b->ops->object_name && rv_is_memory(&ev->act)
                        ? b->ops->object_name((rv_backend *)b, ev->act.obj)
                        : NULL;
    return n ? n : "";
}

void rv_nondet_causes(const rv_backend *b, const rv_trace *t, char *buf, size_t cap)
{
    buf[0] = 0;
    uint32_t taint = 0;
    bool clock = false, prng = false;
    const char *clock_at = NULL;
    for (size_t i = 0; t && i < t->n; i++) {
        const rv_event *ev = &t->ev[i];
        taint |= ev->taint;
        const char *o = object_of(b, ev);
        if (!strcmp(o, "virtual_clock") && !clock) {
            clock = true;
            clock_at = b->ops->location ? b->ops->location((rv_backend *)b, ev->pc) : NULL;
        }
        prng |= !strcmp(o, "__ravel_libc_prng") || !strcmp(o, "__ravel_libc_rand48");
    }
    char item[512];
    if (b && b->limits.real_clock) {
        snprintf(item, sizeof item, "the real clock (--real-clock)%s%s",
                 clock_at ? ", read at " : "", clock_at ? clock_at : "");
        list_add(buf, cap, item);
    }
    if (prng)
        list_add(buf, cap,
                 "rand() or random() seeded from something that differs between runs "
                 "(the process id, a file)");
    if (taint & RV_TAINT_LIBC)
        list_add(buf, cap,
                 "C library calls whose results come from outside the program (files, streams, "
                 "the environment, the process id)");
    if (taint & RV_TAINT_UNINSTRUMENTED)
        list_add(buf, cap,
                 "code ravel does not see (inline assembly such as rdtsc, prebuilt libraries)");
    if (b && !strcmp(b->engine, "fork"))
        list_add(buf, cap, "the process id (each execution is a new process: engine fork)");
    list_add(buf, cap, "memory read before it was written (uninitialised variables)");
}

void rv_explore_diverged(rv_explore *x, const rv_trace *t, const rv_action *expected, uint64_t pc,
                         const char *detail)
{
    const rv_backend *b = x->backend;
    char what[512] = "", causes[640], act[160];
    size_t k = 0;
    if (expected) {
        const char *loc = pc && b->ops->location ? b->ops->location(x->backend, pc) : NULL;
        k = (size_t)snprintf(what, sizeof what, ": thread %u did not do %s%s%s again",
                             expected->tid, action_named(b, expected, act, sizeof act),
                             loc ? " at " : "", loc ? loc : "");
    }
    if (detail && detail[0] && k < sizeof what)
        snprintf(what + k, sizeof what - k, " (%s)", detail);
    rv_nondet_causes(b, t, causes, sizeof causes);
    x->stats.diverged = true;
    char why[sizeof x->stats.incomplete_why];
    snprintf(why, sizeof why,
             "the program behaved differently when a schedule was replayed%s; the same schedule "
             "must give the same events every time.  Likely causes: %s",
             what, causes);
    rv_explore_incomplete(x, why);
}

bool rv_explore_repeated(rv_explore *x, const rv_trace *t, size_t i, const rv_action *was)
{
    /* rv_action has no padding: equal bytes, equal actions */
    if (was->kind == RV_ACT_NONE || i >= t->n || !memcmp(was, &t->ev[i].act, sizeof *was))
        return true;
    const rv_backend *b = x->backend;
    const rv_event *ev = &t->ev[i];
    const char *loc = b->ops->location ? b->ops->location(x->backend, ev->pc) : NULL;
    char now[200], d[400];
    snprintf(d, sizeof d, "step %zu: thread %u did %s%s%s now", i + 1, ev->act.tid,
             action_named(b, &ev->act, now, sizeof now), loc ? " at " : "", loc ? loc : "");
    rv_explore_diverged(x, t, was, 0, d);
    return false;
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
    rv_explore_time_reason(x);
}

void rv_explore_time_reason(rv_explore *x)
{
    rv_stats *s = &x->stats;
    char earlier[sizeof s->incomplete_why];
    snprintf(earlier, sizeof earlier, "%s", s->incomplete_why);
    if (s->interrupted)
        snprintf(s->incomplete_why, sizeof s->incomplete_why,
                 "interrupted: stopped by %s after %.1f s", rv_stop_signal_name(s->interrupted),
                 rv_now() - x->t0);
    else
        snprintf(s->incomplete_why, sizeof s->incomplete_why,
                 "time-limit: stopped after --time-limit=%g s", x->opt->time_limit_s);
    if (earlier[0]) rv_explore_incomplete(x, earlier);
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
    /* where it spins: the thread of the last step, at that step's line */
    cut.err_tid = n ? t->ev[n - 1].act.tid : RV_NO_THREAD;
    cut.err_pc = n ? t->ev[n - 1].pc : 0;
    snprintf(cut.msg, sizeof cut.msg,
             "livelock: the execution went on past --max-depth=%llu steps within the fair bound "
             "(threads that wait for each other and never block)",
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

/* The program accessed its memory without events in t (RV_NONEX_UNEXPLORED):
 * the interleavings of those accesses were never explored, so nothing
 * found or not found stands for every behaviour (issue 27). */
static void unexplored(rv_explore *x, const rv_trace *t)
{
    char why[sizeof t->unexplored + 64];
    snprintf(why, sizeof why, "%s",
             t->unexplored[0] ? t->unexplored : "memory accessed without events");
    rv_explore_incomplete(x, why);
}

static bool observe(rv_explore *x, const rv_trace *t);

/* The reason an exploration that reached the thread cap gives, in the
 * user's words, whether or not a thread bound takes over after it
 * (rv_explore_run); added beside any earlier reason, never over it. */
static void cap_reason(rv_explore *x)
{
    char why[128];
    snprintf(why, sizeof why, "the program creates more than %u threads (--max-threads)",
             (unsigned)x->backend->limits.max_threads);
    rv_explore_incomplete(x, why);
}

/* May an exploration that reaches the thread cap go on under a thread
 * bound?  Not when one was given (it is on already) or refused. */
static bool auto_bound(const rv_explore *x)
{
    return !x->opt->thread_bound && !x->opt->no_thread_bound && !x->stats.thread_bound;
}

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
    if (t->nonexhaustive & RV_NONEX_NONDET)
        rv_explore_incomplete(x, "a nondet value of a wide type was drawn from --nondet-domain");
    if (t->nonexhaustive & RV_NONEX_UNEXPLORED) unexplored(x, t);
    if (t->nonexhaustive & RV_NONEX_THREAD_BOUND) s->thread_bound_cut++;
    if (t->nonexhaustive & RV_NONEX_THREAD_CAP) s->thread_cap_hit = true;
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
        rv_explore_diverged(x, t, NULL, 0, t->end == RV_END_DIVERGED ? t->msg : NULL);
        break;
    default:
        if (rv_end_is_incomplete(t->end)) {
            s->incomplete++;
            if (t->nonexhaustive & RV_NONEX_THREAD_CAP)
                cap_reason(x);
            else
                rv_explore_incomplete(x, t->msg);
            record_error(x, t);
            /* at the thread cap the search goes on under a thread bound
             * (rv_explore_run), also with --keep-going */
            if (!x->opt->keep_going || (s->thread_cap_hit && auto_bound(x))) {
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

/* ---- programs that create threads without bound ------------------------

   A program that creates threads in a loop with no bound (`while (1)
   pthread_create(...)`, a nondet number of workers) has executions of
   every number of threads: a search reaches the thread cap (--max-threads)
   and answers nothing, although such programs' bugs almost always need two
   or three threads.  So the search is repeated under a growing thread
   bound: each thread may create at most b threads (b = 1, 2, ...); a create
   beyond that is held (never enabled, action.h RV_AF_BOUND), its thread
   waits there, the others run on, and an execution in which every other
   thread has finished or is blocked ends there, complete within the bound
   (no deadlock: the held thread would go on).  The bound counts a thread's
   own creates, known from its record: whether a create is held depends on
   no other thread, so no algorithm's reduction is affected and each level
   explores every behaviour of the executions within the bound.

   An error found at a level is an error of the program (its execution is
   one of the program's: the held creates simply had not happened yet).  A
   level in which no create was held is the whole search: the exploration
   is exhaustive if nothing else was hit.  Otherwise the result is never
   exhaustive; the reason says up to which bound it explored.  Levels go on
   while none of these holds, up to --thread-bound=N, or, unasked, after a
   search stopped at the thread cap, up to RV_AUTO_THREAD_BOUND. */

/* Did the exploration find a bug (a violation, not a limit)? */
static bool found_bug(const rv_explore *x)
{
    for (size_t i = 0; i < x->nerrors; i++)
        if (rv_end_is_bug(x->errors[i].kind) && !rv_end_is_incomplete(x->errors[i].kind))
            return true;
    return false;
}

static bool max_executions_reached(const rv_explore *x)
{
    const rv_stats *s = &x->stats;
    return x->opt->max_executions &&
           s->executions + s->infeasible + s->incomplete >= x->opt->max_executions;
}

static int run_thread_bound(rv_explore *x, rv_algo_fn fn, uint32_t max)
{
    rv_stats *s = &x->stats;
    rv_limits *l = &x->backend->limits;
    int r = 0;
    for (uint32_t b = 1; b <= max; b++) {
        s->thread_bound = b;
        s->thread_bound_cut = 0; /* of this level */
        s->stopped = false;
        l->thread_bound = b;
        r = fn(x);
        /* --keep-going: the next levels may hold other errors */
        if (r < 0 || s->stopped || s->time_limited || s->diverged || !s->thread_bound_cut ||
            (found_bug(x) && !x->opt->keep_going))
            break;
        if (max_executions_reached(x)) break;
    }
    l->thread_bound = 0;
    if (s->thread_bound_cut) {
        char why[256];
        snprintf(why, sizeof why,
                 "thread bound: explored the executions in which each thread creates at most %u "
                 "thread%s; the program creates more (a create was held back in %" PRIu64
                 " execution%s)",
                 s->thread_bound, s->thread_bound == 1 ? "" : "s", s->thread_bound_cut,
                 s->thread_bound_cut == 1 ? "" : "s");
        rv_explore_incomplete(x, why);
    }
    return r;
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
    /* --time-limit counts from ravel's start (the caller's time_origin) or
     * from here; every long loop polls it (stop.h) */
    double outer = rv_stop_deadline();
    double origin = x->opt->time_origin > 0 ? x->opt->time_origin : x->t0;
    x->deadline = x->opt->time_limit_s > 0 ? origin + x->opt->time_limit_s : 0;
    x->backend->limits.deadline = x->deadline;
    rv_stop_set_deadline(x->deadline);
    if (x->progress) rv_stop_set_tick(progress_draw, x, x->progress_every);
    int r;
    if (x->opt->thread_bound) {
        r = run_thread_bound(x, fn, x->opt->thread_bound);
    } else {
        r = fn(x);
        if (r >= 0 && x->stats.thread_cap_hit && auto_bound(x) && !x->stats.time_limited &&
            !x->stats.diverged && !found_bug(x) && !max_executions_reached(x))
            r = run_thread_bound(x, fn, RV_AUTO_THREAD_BOUND);
    }
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
