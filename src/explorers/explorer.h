/*
 * explorer.h — the explorer core: options, the services every exploration
 * algorithm shares (statistics, error collection, trace counting, limits),
 * and the algorithm registry.
 *
 * An algorithm is a function rv_algo_fn(x) that calls rv_execute() on
 * x->backend as it likes and hands every finished execution to
 * rv_observe(), which does the bookkeeping and says whether to go on.
 * Algorithms never print; the CLI reports from x->stats and x->errors.
 */
#ifndef RAVEL_EXPLORERS_EXPLORER_H
#define RAVEL_EXPLORERS_EXPLORER_H

#include "../backends/backend.h"

typedef enum rv_memmode { RV_MEM_SC, RV_MEM_DRF } rv_memmode;
typedef enum rv_bound { RV_BOUND_NONE = 0, RV_BOUND_PREEMPTION, RV_BOUND_FAIR } rv_bound;
#define RV_DEFAULT_MAX_DEPTH 10000 /* fair bound: livelock past this many steps */
#define RV_AUTO_THREAD_BOUND 3     /* thread bound: the largest level tried unasked */

/* --property (src/cli/property.c): how an execution that ended in a bug
 * counts.  A violation is an error (today's behaviour for every bug); a
 * benign end is a complete execution of the program (SV-COMP: abort()
 * under unreach-call); an unknown end is not covered by the property and
 * leaves the behaviour past it undetermined (the exploration goes on but
 * is not exhaustive; the reason is written into why). */
typedef enum rv_end_class { RV_CLASS_VIOLATION, RV_CLASS_BENIGN, RV_CLASS_UNKNOWN } rv_end_class;
typedef rv_end_class (*rv_classify_fn)(const rv_trace *t, int property, char *why, size_t cap);

typedef struct rv_options {
    const char *algo;        /* "dfs", "udpor", ... */
    bool count_traces;       /* fold executions into Mazurkiewicz traces and count them */
    bool keep_going;         /* collect every distinct error instead of stopping at the first */
    bool cutoffs;            /* udpor: cutoff events (seed 001 §5) */
    unsigned alt_k;          /* udpor: 0 = exact alternatives, k = k-partial */
    rv_memmode memory;       /* sc or drf */
    uint64_t max_executions; /* 0 = unbounded */
    uint64_t cache_mb;       /* udpor: memory bound of U ∪ G in MB (0: none) */
    uint64_t cache_bytes;    /* udpor: the same in bytes, overrides cache_mb (tests) */
    const char *dot_path;    /* udpor: write the explored unfolding here */
    bool least_first;        /* udpor: free runs pick the least advanced enabled thread
                                (--schedule-policy=least), not the lowest */
    uint64_t deepen;         /* udpor with cutoffs: the first deepening pass's horizon
                                in events, doubled per pass (--deepen; 0: one pass) */
    double time_limit_s;     /* the whole run, wall clock; 0 = none */
    double time_origin;      /* rv_now() the time limit counts from: ravel's start, so
                                that the build and the program's start count too
                                (0: the exploration's start) */
    /* dpor.c / bounded.c (seed 002): the bound (none when zeroed), its
     * value or "iterative" (preemption bound c = 0, 1, 2, ...), the stack
     * depth past which a fair-bounded search reports a livelock, and a
     * file to write the set of thread-local states reached to. */
    rv_bound bound;
    bool bound_iterative;
    uint64_t bound_c;
    uint64_t max_depth;
    const char *local_states_path;
    /* --thread-bound (explore.c, "Programs that create threads without
     * bound"): the largest bound of the iteration (each thread creates at
     * most 1, 2, ..., thread_bound threads); 0 = none given: an exploration
     * that stops at the thread cap goes on with 1 .. RV_AUTO_THREAD_BOUND,
     * unless no_thread_bound */
    uint32_t thread_bound;
    bool no_thread_bound;
    /* --property: NULL = every bug is a violation */
    rv_classify_fn classify;
    int property;
} rv_options;

static inline uint64_t rv_max_depth(const rv_options *o)
{
    return o->max_depth ? o->max_depth : RV_DEFAULT_MAX_DEPTH;
}

/* One distinct error with the schedule that reaches it. */
typedef struct rv_error {
    rv_end kind;
    char msg[512];
    uint16_t tid;
    uint64_t pc;
    rv_step *schedule; /* replays the error from the start */
    size_t nsched;
    rv_trace *trace;         /* the failing execution (owned) */
    uint64_t key_lo, key_hi; /* identity for deduplication (explore.c) */
    bool livelock;           /* kind is "livelock" (fair-bounded search), not `kind` */
} rv_error;

typedef struct rv_stats {
    uint64_t executions; /* maximal executions explored (complete, deadlocked or failing) */
    uint64_t blocked;    /* executions cut short without reaching a new maximal one (SSB) */
    uint64_t infeasible; /* executions in which a __VERIFIER_assume failed */
    uint64_t incomplete; /* executions that hit a limit (events, time, memory) */
    uint64_t events;     /* events: executed steps (dfs) or unfolding events |E| (udpor) */
    uint64_t cutoffs;    /* udpor: cutoff events */
    uint64_t evicted;    /* udpor: events discarded from the cache G */
    uint64_t removes;    /* udpor: times G was discarded (Remove, --cache-mb) */
    uint64_t unf_peak;   /* udpor: peak bytes held by the unfolding (U ∪ G) */
    uint64_t passes;     /* udpor --deepen: exploration passes (1 without) */
    uint64_t last_pass_executions; /* udpor: executions of the last pass, the maximal
                                      configurations of its cutoff-free prefix */
    uint64_t traces;               /* distinct Mazurkiewicz traces (when counted) */
    uint64_t traces_complete, traces_deadlock, traces_error;
    double avg_u;        /* udpor: average |U| at a maximal configuration */
    bool exhaustive;     /* every behaviour was covered (no limit hit, no sampled domain) */
    bool stopped;        /* stopped at the first error */
    bool time_limited;   /* stopped by opt->time_limit_s or a signal */
    int interrupted;     /* the signal (SIGINT, SIGTERM) that stopped it, 0 if none */
    bool bounded;        /* a bounded search (dpor.c): never exhaustive */
    int64_t bound;       /* the bound explored last (bounded searches) */
    bool bound_reached;  /* some transition was not explored because of the bound */
    bool bound_complete; /* the search at that bound ran to its end (else bound_reached
                            says only what it saw) */
    /* the thread bound (explore.c): the bound explored last (0: none), the
     * executions at it in which it held a create back; whether an
     * execution ended at the thread cap (--max-threads) */
    uint32_t thread_bound;
    uint64_t thread_bound_cut;
    bool thread_cap_hit;
    bool diverged; /* the program did not repeat itself (rv_explore_diverged) */
    char incomplete_why[1024];
    char unique_states[256]; /* udpor: state sources that made states unique (no cutoff) */
    rv_unique_src unique_src[RV_UNIQUE_SRC_MAX]; /* udpor: where (the first met) */
    unsigned nunique_src;
    bool unique_src_more; /* more sources were met than unique_src holds */
} rv_stats;

typedef struct rv_tracecount rv_tracecount; /* tracecount.h */
typedef struct rv_explore rv_explore;

/* Called at most every `progress_every` seconds while exploring (through
 * rv_stop_poll()'s tick, src/core/stop.h: from rv_observe, the backend's
 * waits for a running execution and the explorers' long loops), with the
 * seconds since the start; the CLI draws its progress line with it
 * (explorers never print). */
typedef void (*rv_progress_fn)(const rv_explore *x, double elapsed, void *arg);

struct rv_explore {
    rv_backend *backend;
    const rv_options *opt; /* points to `options`, the effective copy */
    rv_options options;
    rv_stats stats;
    rv_error *errors;
    size_t nerrors, caperrors;
    rv_tracecount *traces;   /* non-NULL when opt->count_traces */
    double t0;               /* rv_now() when rv_explore_run started */
    double deadline;         /* t0 + opt->time_limit_s, or 0 */
    rv_progress_fn progress; /* NULL: none */
    void *progress_arg;
    double progress_every;
};

typedef int (*rv_algo_fn)(rv_explore *x);

void rv_explore_init(rv_explore *x, rv_backend *b, const rv_options *opt);
void rv_explore_free(rv_explore *x);

/* Book-keep one finished execution (its trace from step 0); returns false
 * when exploration must stop (first error without --keep-going,
 * --max-executions or --time-limit reached).  Counts it as an execution
 * unless it was infeasible, blocked or limited.  An execution the backend
 * cut because the time limit passed is not counted: the exploration stops
 * with stats.time_limited. */
bool rv_observe(rv_explore *x, const rv_trace *t);
/* True when the next rv_observe reaches --max-executions, so that it ends
 * the exploration whatever the execution holds: work done only for later
 * executions can be skipped (udpor's Extend). */
bool rv_explore_last_execution(const rv_explore *x);

/* True once --time-limit has passed or a signal asked to stop (stop.h).
 * rv_observe stops the exploration then; an algorithm with long work
 * between two executions polls rv_stop_poll() and returns early (-1): the
 * run is then reported as stopped, never exhaustive. */
bool rv_explore_time_up(const rv_explore *x);

/* Record a livelock found by a fair-bounded search: the execution t (its
 * first n steps replay it) went past --max-depth. */
void rv_observe_livelock(rv_explore *x, const rv_trace *t, size_t n);

/* Record that an execution was cut short by the algorithm itself (SSB). */
void rv_observe_blocked(rv_explore *x);

/* Mark the exploration non-exhaustive with a reason (first reason first;
 * a later one is added after it while the whole of it fits). */
void rv_explore_incomplete(rv_explore *x, const char *why);
/* The stop's reason first (--time-limit, or the signal in
 * x->stats.interrupted), any earlier reason kept after it. */
void rv_explore_time_reason(rv_explore *x);

/* The program did not do the same thing when a schedule was run again
 * (the backend's contract: the same prefix gives the same events), so no
 * algorithm can go on: mark the exploration incomplete with a reason in
 * plain words that says what differed and names the likely causes
 * (rv_nondet_causes).  t: the execution that differed (may be NULL);
 * expected: the event it did not repeat, done by expected->tid at pc (or
 * NULL); detail: the backend's words (or NULL). */
void rv_explore_diverged(rv_explore *x, const rv_trace *t, const rv_action *expected, uint64_t pc,
                         const char *detail);
/* Step i of t ran before as `was` (kind RV_ACT_NONE: unknown) under the
 * same prefix: true if it is the same action, else the exploration is
 * marked as rv_explore_diverged says and false is returned (dfs, dpor). */
bool rv_explore_repeated(rv_explore *x, const rv_trace *t, size_t i, const rv_action *was);
/* The likely causes of an execution that did not repeat itself, from what
 * it did (t may be NULL): readings of the real clock, calls of rand & co.,
 * C library calls that taint the state, uninstrumented code, a process per
 * execution, uninitialised memory (always), separated by "; ". */
void rv_nondet_causes(const rv_backend *b, const rv_trace *t, char *buf, size_t cap);

/* Run the algorithm named by opt->algo; returns 0, or -1 with a message
 * in x->stats.incomplete_why if the backend failed. */
int rv_explore_run(rv_explore *x);

/* Registry: the algorithm for a name, or NULL; and a list for --help. */
rv_algo_fn rv_algo_lookup(const char *name);
const char *rv_algo_names(void);

/* Algorithms (one file each in src/explorers). */
int rv_algo_dfs(rv_explore *x);
int rv_algo_udpor(rv_explore *x);
int rv_algo_dpor(rv_explore *x);        /* dpor.c: persistent sets + sleep sets, or BPOR */
int rv_algo_source(rv_explore *x);      /* dpor.c: Source-DPOR with sleep sets */
int rv_algo_optimal(rv_explore *x);     /* dpor.c: Optimal-DPOR (wakeup trees, sleep sets) */
int rv_algo_dfs_bounded(rv_explore *x); /* bounded.c: naive bounded DFS (the oracle) */

#endif
