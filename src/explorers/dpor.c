/*
 * dpor.c — stateless dynamic partial-order reduction over the backend
 * interface: `--algo=dpor` (persistent sets and sleep sets),
 * `--algo=source` (Source-DPOR's backtrack rule), `--algo=optimal`
 * (Optimal-DPOR: wakeup trees, see "Optimal-DPOR" below; in that mode the
 * next branch comes from the wakeup trees, not from backtrack sets, and a
 * value choice's other values are branches of their own), and the engine
 * that bounded.c uses for BPOR (seed 002) and the naive bounded DFS.
 *
 * The search is seed 002 Algorithm 1 run by replay.  The stack holds one
 * node per state s_k (k events done): enabled(s_k), backtrack(s_k), the
 * threads done at s_k ("visited", line 9), the sleep set on arrival, the
 * choice ⟨thread, value⟩ taken, and the bound's cost of the path.  A value
 * choice (nondet, which waiter a signal wakes) is a branch of its thread,
 * as in dfs.c: a thread is done at a state when all its values are.
 *
 * After an execution with prefix length n, walk(): every state s_k, k >= n,
 * is new and gets Explore(S)'s lines 4-8: for every thread u and every other
 * thread v, the latest event of v dependent with next(s_k, u) is a race
 * whose Backtrack (mode-specific) adds u, or every enabled thread, at the
 * state before it; then Initialize picks the thread the backend ran.
 * next(s_k, u) is u's first event at index >= k in the trace, or its
 * pending action at the end: a thread's next action does not change while
 * it does not run.
 *
 * Sleep sets (Godefroid; FG 2005 §4) in the unbounded modes: a thread done
 * at a state sleeps in the later branches of that state and stays asleep
 * until an event dependent with its next action runs.  The backend is told
 * to avoid the threads asleep at the branch (rv_limits.avoid); if it still
 * has to run a sleeping thread, every enabled thread sleeps: the execution
 * is sleep-set blocked and counted as `blocked`.  Bounded modes use no
 * sleep sets (Algorithm 1 has none).
 *
 * Thread sets (issue 13 part 3: any number of threads, up to
 * RV_MAX_THREADS).  A node's seven sets (enabled, backtrack, done, sleep,
 * fatal, vsib, vdone) keep the threads below 64 as 64-bit words in the
 * node itself, as before, and the others in an overflow pool: hw words per
 * set, hw = ceil((T - 64) / 64) for the most threads T an execution of
 * the search had (0 until one had more than 64), node k's set s at
 * hiw[(k·7 + s)·hw]; the pool grows with the stack, and a wider hw moves
 * the words of the nodes kept.  Sets of the engine's own (the walk's sleep
 * sets, a race's found/seen/initials) are a word plus a scratch row.  A
 * set operation costs one word plus hw words, an iteration the words plus
 * one step per member: with at most 64 threads, hw = 0 and every
 * operation is the 64-bit one it was, plus a test of hw.  Memory: 56 B
 * per node for the words, plus 56·hw B per node above 64 threads (1,000
 * threads: 840 B per node).  The backend's avoid set (rv_limits.avoid)
 * names threads below 64 only: a sleeping thread above is not avoided,
 * and an execution that has to run it is sleep-set blocked (counted as
 * `blocked`, as any such execution).
 *
 * Enabled sets above 63: the trace records rv_event.enabled below 64
 * only, so the walk asks hien.c, which replays the trace through the one
 * model (model.h: the runtime's own states and functions) and tests the
 * next action of every thread above 63 at every new state: O(N) replay
 * plus O(N·(T - 64)) tests per execution, nothing below 65 threads.  A
 * thread that runs at a state is enabled there whatever the replay says;
 * a disagreement makes the run incomplete (it would be a model bug).
 *
 * Cost per execution of N events and T threads: O(N·T) for the walk plus
 * O(N) per event for the rescans of the thread that moved (O(N²) worst
 * case), and O(N²) for the vector clocks of the happens-before filter
 * (O(N²·hw) above 64 threads: their found set is wider).  Memory: the
 * stack (one node per event, with its overflow words) and, with
 * happens-before, N·T clock entries.
 */
#include "dpor.h"

#include <stdlib.h>
#include <string.h>

#include "../core/model.h"
#include "../core/util.h"
#include "hien.h"
#include "localset.h"

#define NONE   RV_NO_THREAD
#define BIT(t) (1ull << (t))

/* The thread sets of a node: the bits of threads < 64 in node.set, those
 * of the others in the engine's overflow pool (eng.hiw). */
enum { S_EN, S_BT, S_DONE, S_SLEEP, S_FATAL, S_VSIB, S_VDONE, NSETS };

typedef struct node {
    /* threads < 64 of: enabled, backtrack, done, sleep (on arrival),
     * fatal (threads whose step explored here ended the program: they do
     * not sleep), vsib (optimal: threads whose other values were
     * considered here), vdone (optimal: threads every value of whose step
     * is covered here: asleep, or done at an earlier state, a step that
     * ended the program included, with only steps it commutes with since
     * (value_siblings)) */
    uint64_t set[NSETS];
    uint64_t cost; /* Pb or Fb of the path to this state */
    uint16_t tid;  /* thread taken here; NONE before a choice */
    uint32_t val, ndom;
    int32_t wut, cur; /* optimal: wakeup tree (its root) and the branch being explored */
    rv_action ran;    /* the step taken here as it ran (kind NONE: not yet): a later run of
                       * the same prefix must repeat it (repeated) */
} node;

/* A thread set wherever it is kept: threads < 64 are bits of *lo, thread
 * q >= 64 is bit (q - 64) % 64 of hi[(q - 64) / 64], hw words (eng.hw;
 * hi is NULL when hw is 0). */
typedef struct tref {
    uint64_t *lo, *hi;
} tref;

/* A set of the engine's own (a local of a function or of the walk): its
 * word below 64 and a row of the scratch pool (eng.scr). */
typedef struct tlocal {
    uint64_t lo;
    uint64_t *hi;
} tlocal;

/* Rows of the scratch pool: the walk's sleep sets and the input and
 * output of a sleep-set step, a union a leaf function iterates, the sets
 * of one race (races_full's found, source_backtrack's seen and initials)
 * and the happens-before walk's found. */
enum { R_SL, R_VSL, R_IN, R_OUT, R_TMP, R_FOUND, R_SEEN, R_INIT, R_CLK, NROWS };

/* A node of a wakeup tree (optimal mode): an event, as its thread, value
 * choice and action, with its first child and next sibling (-1: none).
 * The children of a node are ordered: the leftmost is explored first. */
typedef struct wnode {
    rv_action act;
    uint32_t val;
    int32_t child, sib;
} wnode;

typedef struct eng {
    rv_explore *x;
    rv_dpor_cfg cfg;
    bool sleep_sets, hb, every_race;
    node *st;
    size_t depth, cap;
    /* the thread sets' words above 64: hw per set (0 while no execution
     * had more than 64 threads), node k's set s at hiw[(k*NSETS + s)*hw],
     * and NROWS scratch rows */
    unsigned hw;
    uint64_t *hiw, *scr;
    rv_hien *hien;       /* enabled sets above 64 (hien.h) */
    uint64_t *hien_rows; /* per new state of the walk: hw words */
    size_t caprows;
    size_t hien_from;
    rv_trace t;
    /* per event of t */
    size_t *nextsame, *prevsame;
    uint32_t *lidx;
    size_t capev;
    uint32_t *vc; /* clocks, stride T: vc[i*T + v] = events of v that happen before or are i */
    unsigned T, vcT;
    size_t capvc;
    /* per thread, capT = 64 * (1 + hw) >= T entries */
    unsigned capT;
    int64_t *created; /* index of create(t), -1 for a root thread */
    rv_step *prefix;
    size_t capprefix;
    rv_localset *ls;
    /* walk state at state k */
    size_t *nxt;     /* first event of the thread at index >= k */
    int64_t *lastev; /* its last event before k, -1 if none */
    int64_t *yields; /* its yields before k (fair bound) */
    int64_t *Y;      /* scratch: yields at another state */
    size_t *firstv;  /* scratch: source_backtrack's first event per thread */
    uint32_t *held;  /* scratch: rwlock_free_for's read locks per thread */
    size_t *last;    /* scratch: index_trace's last event per thread */
    uint32_t *cnt;   /* scratch: index_trace's events per thread */
    bool stop;
    /* optimal mode: the pool of wakeup-tree nodes (free list through sib),
     * the root (state 0), and the sequence v being inserted */
    wnode *w;
    int32_t nw, capw, wfree, wroot;
    uint16_t *vt;
    uint32_t *vv;
    const rv_action **va;
    bool *vused;
    size_t capv;
    bool fatal_last; /* the last event is the failing thread's fatal step */
    rv_action fatal;
} eng;

/* ---- thread sets ----------------------------------------------------------- */

static tref nset(const eng *e, const node *nd, int s)
{
    uint64_t *hi = e->hw ? e->hiw + ((size_t)(nd - e->st) * NSETS + (size_t)s) * e->hw : NULL;
    return (tref){(uint64_t *)&nd->set[s], hi};
}

static tlocal local(const eng *e, int row)
{
    return (tlocal){0, e->hw ? e->scr + (size_t)row * e->hw : NULL};
}

static tref lref(tlocal *l)
{
    return (tref){&l->lo, l->hi};
}

static bool ts_has(const eng *e, tref s, unsigned t)
{
    if (t < 64) return (*s.lo >> t) & 1;
    t -= 64;
    return t / 64 < e->hw && ((s.hi[t / 64] >> (t % 64)) & 1);
}

/* (t < 64 * (1 + hw): every thread of an execution walked so far) */
static void ts_add(const eng *e, tref s, unsigned t)
{
    if (t < 64)
        *s.lo |= BIT(t);
    else
        s.hi[(t - 64) / 64] |= BIT((t - 64) % 64);
}

static void ts_zero(const eng *e, tref d)
{
    *d.lo = 0;
    for (unsigned i = 0; i < e->hw; i++) d.hi[i] = 0;
}

static void ts_copy(const eng *e, tref d, tref s)
{
    *d.lo = *s.lo;
    for (unsigned i = 0; i < e->hw; i++) d.hi[i] = s.hi[i];
}

/* d |= s */
static void ts_or(const eng *e, tref d, tref s)
{
    *d.lo |= *s.lo;
    for (unsigned i = 0; i < e->hw; i++) d.hi[i] |= s.hi[i];
}

/* d &= s */
static void ts_and(const eng *e, tref d, tref s)
{
    *d.lo &= *s.lo;
    for (unsigned i = 0; i < e->hw; i++) d.hi[i] &= s.hi[i];
}

/* d &= ~s */
static void ts_andnot(const eng *e, tref d, tref s)
{
    *d.lo &= ~*s.lo;
    for (unsigned i = 0; i < e->hw; i++) d.hi[i] &= ~s.hi[i];
}

static bool ts_empty(const eng *e, tref s)
{
    if (*s.lo) return false;
    for (unsigned i = 0; i < e->hw; i++)
        if (s.hi[i]) return false;
    return true;
}

static bool ts_meets(const eng *e, tref a, tref b)
{
    if (*a.lo & *b.lo) return true;
    for (unsigned i = 0; i < e->hw; i++)
        if (a.hi[i] & b.hi[i]) return true;
    return false;
}

/* The lowest thread >= from in s, NONE if none. */
static unsigned ts_next(const eng *e, tref s, unsigned from)
{
    if (from < 64) {
        uint64_t m = *s.lo & (~0ull << from);
        if (m) return (unsigned)__builtin_ctzll(m);
        from = 64;
    }
    for (unsigned i = (from - 64) / 64; i < e->hw; i++) {
        uint64_t m = s.hi[i];
        if (i == (from - 64) / 64) m &= ~0ull << ((from - 64) % 64);
        if (m) return 64 + 64 * i + (unsigned)__builtin_ctzll(m);
    }
    return NONE;
}

/* The hot loops' sets (the happens-before walk's and races_full's found):
 * the word below 64 in a plain local, which the compiler keeps in a
 * register as the 64-bit mask it was, and a zeroed scratch row above. */
static inline bool pair_has(uint64_t lo, const uint64_t *hi, unsigned t)
{
    if (t < 64) return (lo >> t) & 1;
    return (hi[(t - 64) / 64] >> ((t - 64) % 64)) & 1;
}

static inline void pair_add(uint64_t *lo, uint64_t *hi, unsigned t)
{
    if (t < 64)
        *lo |= BIT(t);
    else
        hi[(t - 64) / 64] |= BIT((t - 64) % 64);
}

static uint64_t *zero_row(const eng *e, int row)
{
    uint64_t *hi = e->hw ? e->scr + (size_t)row * e->hw : NULL;
    if (hi) memset(hi, 0, e->hw * sizeof *hi);
    return hi;
}

#define TS_FOR(e, q, s) for (unsigned q = ts_next(e, s, 0); q != NONE; q = ts_next(e, s, q + 1))

/* Per-thread tables for capT threads (their contents are set per walk). */
static void grow_threads(eng *e)
{
    unsigned n = 64 * (1 + e->hw);
    if (n <= e->capT) return;
    e->capT = n;
    e->created = rv_xrealloc(e->created, n * sizeof *e->created);
    e->nxt = rv_xrealloc(e->nxt, n * sizeof *e->nxt);
    e->lastev = rv_xrealloc(e->lastev, n * sizeof *e->lastev);
    e->yields = rv_xrealloc(e->yields, n * sizeof *e->yields);
    e->Y = rv_xrealloc(e->Y, n * sizeof *e->Y);
    e->firstv = rv_xrealloc(e->firstv, n * sizeof *e->firstv);
    e->held = rv_xrealloc(e->held, n * sizeof *e->held);
    e->last = rv_xrealloc(e->last, n * sizeof *e->last);
    e->cnt = rv_xrealloc(e->cnt, n * sizeof *e->cnt);
}

/* Make the sets hold the threads of an execution of T threads: a wider
 * stride moves the words of the nodes kept (the prefix) to it, zero above. */
static void set_width(eng *e, unsigned T)
{
    unsigned hw = rv_hien_words(T);
    if (hw > e->hw) {
        uint64_t *n = rv_xcalloc(e->cap * NSETS * hw + 1, sizeof *n);
        for (size_t k = 0; k < e->depth; k++)
            for (int s = 0; s < NSETS; s++)
                for (unsigned i = 0; i < e->hw; i++)
                    n[(k * NSETS + (size_t)s) * hw + i] =
                        e->hiw[(k * NSETS + (size_t)s) * e->hw + i];
        free(e->hiw);
        e->hiw = n;
        e->hw = hw;
        e->scr = rv_xrealloc(e->scr, NROWS * hw * sizeof *e->scr);
    }
    grow_threads(e);
}

/* ---- dependence ---------------------------------------------------------- */

static bool is_notify(const rv_action *a)
{
    return a->kind == RV_ACT_SIGNAL || a->kind == RV_ACT_BROADCAST;
}

/* rv_dependent, plus: a notification and a wait1 on the same condition
 * variable.  rv_dependent relates events with their outcome (seed 004: a
 * signal that wakes j commutes with wait1 of i), but DPOR reasons about a
 * thread's next step, and wait1(i) enables a new outcome of a pending
 * signal (waking i): for a sleep set or a race they must not commute. */
static bool dep(const rv_action *a, const rv_action *b)
{
    if (rv_dependent(a, b)) return true;
    if (a->tid == b->tid) return true;
    if (is_notify(a) && b->kind == RV_ACT_WAIT1 && a->obj == b->obj) return true;
    if (is_notify(b) && a->kind == RV_ACT_WAIT1 && a->obj == b->obj) return true;
    return false;
}

bool rv_is_release(const rv_action *a)
{
    switch (a->kind) {
    case RV_ACT_UNLOCK:
    case RV_ACT_WAIT1:
    case RV_ACT_SIGNAL:
    case RV_ACT_BROADCAST:
    case RV_ACT_SEM_POST:
    case RV_ACT_EXIT:
    case RV_ACT_ONCE_END:
    case RV_ACT_ATOMIC_END:
    case RV_ACT_RDUNLOCK:
    case RV_ACT_WRUNLOCK:
    case RV_ACT_BAR_ARRIVE:
        return true;
    default:
        return false;
    }
}

/* ---- per-trace tables ---------------------------------------------------- */

static void grow_tables(eng *e, size_t n)
{
    if (n <= e->capev) return;
    e->capev = n + n / 2 + 64;
    e->nextsame = rv_xrealloc(e->nextsame, e->capev * sizeof *e->nextsame);
    e->prevsame = rv_xrealloc(e->prevsame, e->capev * sizeof *e->prevsame);
    e->lidx = rv_xrealloc(e->lidx, e->capev * sizeof *e->lidx);
}

/* Program-order links, local indices, creation points. */
static void index_trace(eng *e)
{
    const rv_trace *t = &e->t;
    grow_tables(e, t->n + 1);
    set_width(e, t->nthreads);
    size_t *last = e->last;
    uint32_t *cnt = e->cnt;
    int64_t *created = e->created;
    unsigned capT = e->capT; /* (locals: the stores below may not alias them) */
    memset(cnt, 0, capT * sizeof *cnt);
    for (unsigned q = 0; q < capT; q++) last[q] = SIZE_MAX, created[q] = -1;
    for (size_t i = 0; i < t->n; i++) {
        uint16_t p = t->ev[i].act.tid;
        e->prevsame[i] = last[p];
        e->nextsame[i] = t->n;
        if (last[p] != SIZE_MAX) e->nextsame[last[p]] = i;
        last[p] = i;
        e->lidx[i] = cnt[p]++;
        if (t->ev[i].act.kind == RV_ACT_CREATE && t->ev[i].act.obj < e->capT)
            e->created[t->ev[i].act.obj] = (int64_t)i;
    }
    e->T = t->nthreads ? t->nthreads : 1;
}

static uint32_t *clock_of(eng *e, size_t i)
{
    return &e->vc[i * e->vcT];
}

/* Vector clocks of events [from, n) (happens-before = the transitive
 * closure of program order, creation and dependence).  Joining the latest
 * dependent event of each other thread suffices: earlier events of that
 * thread happen before it. */
static void join_clock(uint32_t *c, const uint32_t *d, size_t T)
{
    for (size_t v = 0; v < T; v++)
        if (d[v] > c[v]) c[v] = d[v];
}

/* Join into c, the clock of event i (action a), the clocks of the latest
 * event dependent with a of every other thread.  Two copies of one loop:
 * with at most 64 threads the found set is the 64-bit mask it was (this
 * loop is O(N²) per execution: a wider set there cost dpor 8% more time
 * of its own), above it has a scratch row. */
static void join_deps_lo(eng *e, size_t i, const rv_action *a, uint32_t *c, size_t T)
{
    const rv_trace *t = &e->t;
    uint64_t found = BIT(a->tid);
    for (size_t j = i; j-- > 0;) {
        uint16_t w = t->ev[j].act.tid;
        if (found & BIT(w)) continue;
        if (c[w] > e->lidx[j]) { /* already before i, and so is all of w up to j */
            found |= BIT(w);
            continue;
        }
        if (!dep(&t->ev[j].act, a)) continue;
        found |= BIT(w);
        join_clock(c, clock_of(e, j), T);
    }
}

static void join_deps_wide(eng *e, size_t i, const rv_action *a, uint32_t *c, size_t T)
{
    const rv_trace *t = &e->t;
    uint64_t found = 0, *fhi = zero_row(e, R_CLK);
    pair_add(&found, fhi, a->tid);
    for (size_t j = i; j-- > 0;) {
        uint16_t w = t->ev[j].act.tid;
        if (pair_has(found, fhi, w)) continue;
        if (c[w] > e->lidx[j]) {
            pair_add(&found, fhi, w);
            continue;
        }
        if (!dep(&t->ev[j].act, a)) continue;
        pair_add(&found, fhi, w);
        join_clock(c, clock_of(e, j), T);
    }
}

static void compute_clocks(eng *e, size_t from)
{
    const rv_trace *t = &e->t;
    if (e->T != e->vcT) from = 0, e->vcT = e->T;
    size_t T = e->vcT;
    if (t->n * T > e->capvc) {
        e->capvc = t->n * T + t->n * T / 2 + 64;
        e->vc = rv_xrealloc(e->vc, e->capvc * sizeof *e->vc);
    }
    for (size_t i = from; i < t->n; i++) {
        const rv_action *a = &t->ev[i].act;
        uint16_t p = a->tid;
        uint32_t *c = clock_of(e, i);
        if (e->prevsame[i] != SIZE_MAX)
            memcpy(c, clock_of(e, e->prevsame[i]), T * sizeof *c);
        else if (e->created[p] >= 0 && (size_t)e->created[p] < i)
            memcpy(c, clock_of(e, (size_t)e->created[p]), T * sizeof *c);
        else
            memset(c, 0, T * sizeof *c);
        if (T <= 64)
            join_deps_lo(e, i, a, c, T);
        else
            join_deps_wide(e, i, a, c, T);
        c[p] = e->lidx[i] + 1;
    }
}

/* Does event i happen before thread u's next step at state k? */
static bool hb_before(eng *e, size_t i, unsigned u)
{
    uint16_t w = e->t.ev[i].act.tid;
    if (e->lastev[u] >= 0) return clock_of(e, (size_t)e->lastev[u])[w] > e->lidx[i];
    int64_t c = e->created[u];
    if (c < 0) return false;
    return (size_t)c == i || clock_of(e, (size_t)c)[w] > e->lidx[i];
}

/* next(s_k, q) for the current walk state, or NULL if q has none. */
static const rv_action *pending(const eng *e, unsigned q)
{
    if (e->nxt[q] < e->t.n) return &e->t.ev[e->nxt[q]].act;
    if (q < e->t.nthreads && e->t.threads[q].state == RV_T_LIVE) return &e->t.threads[q].pending;
    return NULL;
}

/* next(pre(S, i), q), scanning forward. */
static const rv_action *pending_at(const eng *e, size_t i, unsigned q)
{
    for (size_t j = i; j < e->t.n; j++)
        if (e->t.ev[j].act.tid == q) return &e->t.ev[j].act;
    if (q < e->t.nthreads && e->t.threads[q].state == RV_T_LIVE) return &e->t.threads[q].pending;
    return NULL;
}

/* Does b write bytes that a accesses? */
static bool writes_bytes(const rv_action *b, const rv_action *a)
{
    return rv_is_memory(b) && b->kind != RV_ACT_READ && b->obj < a->obj + a->len &&
           a->obj < b->obj + b->len;
}

/* A compare-exchange a (RV_AF_CAS) as it would run where the bytes at its
 * object are those event f found there (its `old`): a READ copy if they
 * differ from what a expects, an RMW copy if they are the same or if f
 * tells nothing (another range, no value known): the announced kind, which
 * covers both. */
static const rv_action *cas_before(const eng *e, size_t f, const rv_action *a, rv_action *tmp)
{
    const rv_event *ev = &e->t.ev[f];
    *tmp = *a;
    bool known = rv_is_memory(&ev->act) && ev->act.obj == a->obj && ev->act.len == a->len &&
                 (ev->vflags & RV_EV_OLD);
    tmp->kind = known && ev->old != a->arg ? RV_ACT_READ : RV_ACT_RMW;
    return tmp;
}

/* Can b (another thread's event) change the outcome of compare-exchange
 * a: a write to its bytes, or a non-memory event dependent with it? */
static bool cas_changer(const rv_action *b, const rv_action *a)
{
    return writes_bytes(b, a) || (!rv_is_memory(b) && dep(b, a));
}

/* Thread q's step a, event j of the trace (j = n: its pending action), as
 * it would run at state k <= j.  Its kind is the kind at k except for a
 * compare-exchange whose bytes another thread wrote between k and j: its
 * kind at k (failed: READ, succeeded: RMW) is decided by the bytes the
 * first such write found there (`old`).  With the kind at j, a thread
 * asleep at k with a successful CAS that failed later stayed asleep after
 * a load, a read like it (issue 12, tests/dpor/cas_loop.c). */
static const rv_action *step_at(const eng *e, size_t k, size_t j, const rv_action *a,
                                rv_action *tmp)
{
    if (!a || !rv_is_cas(a) || !rv_is_memory(a)) return a;
    for (size_t i = k; i < j && i < e->t.n; i++) {
        const rv_action *b = &e->t.ev[i].act;
        if (b->tid != a->tid && cas_changer(b, a)) return cas_before(e, i, a, tmp);
    }
    return a;
}

/* The index of q's first event at index >= i (n if none). */
static size_t next_index(const eng *e, size_t i, unsigned q)
{
    while (i < e->t.n && e->t.ev[i].act.tid != q) i++;
    return i;
}

static bool exists_at(const eng *e, unsigned q, size_t k)
{
    if (q >= e->T) return false;
    if (e->created[q] >= (int64_t)k) return false;
    if (e->created[q] < 0 && q < e->t.nthreads && e->t.threads[q].parent != NONE) return false;
    return true;
}

/* The enabled threads >= 64 at new state k (k >= hien_from): hw words. */
static uint64_t *hien_row(const eng *e, size_t k)
{
    return e->hien_rows + (k - e->hien_from) * rv_hien_words(e->t.nthreads);
}

/* Is thread u enabled at state x (x = n: at the end)?  Below 64 the
 * trace says it; above, the node's set for a state of the prefix, the
 * rows of the model's replay (hien.h) for a new one. */
static bool enabled_at(const eng *e, size_t x, unsigned u)
{
    const rv_trace *t = &e->t;
    if (x >= t->n)
        return u < t->nthreads && t->threads[u].state == RV_T_LIVE && t->threads[u].enabled;
    if (u < 64) return (t->ev[x].enabled >> u) & 1;
    if (u >= t->nthreads) return false;
    if (x < e->hien_from) return ts_has(e, nset(e, &e->st[x], S_EN), u);
    return (hien_row(e, x)[(u - 64) / 64] >> ((u - 64) % 64)) & 1;
}

/* ---- bounds (seed 002 Definitions 1.5 and 1.9) --------------------------- */

/* Bv(S.next(s_k, u)) for the path S to state k, whose own cost is `cost`. */
static uint64_t cost_after(const eng *e, size_t k, tref enabled, uint64_t cost, const int64_t *Y,
                           unsigned u)
{
    if (e->cfg.bound == RV_BOUND_PREEMPTION) {
        if (k == 0) return cost;
        uint16_t last = e->t.ev[k - 1].act.tid;
        return cost + (u != last && ts_has(e, enabled, last));
    }
    if (e->cfg.bound == RV_BOUND_FAIR) {
        int64_t fb = (int64_t)cost;
        TS_FOR(e, q, enabled)
        {
            int64_t d = Y[u] - Y[q];
            if (d > fb) fb = d;
        }
        return (uint64_t)fb;
    }
    return 0;
}

static void yields_at(const eng *e, size_t k, int64_t *Y)
{
    memset(Y, 0, e->capT * sizeof *Y);
    for (size_t i = 0; i < k; i++)
        if (e->t.ev[i].act.kind == RV_ACT_YIELD) Y[e->t.ev[i].act.tid]++;
}

/* ---- backtrack points ---------------------------------------------------- */

/* Algorithm 2 AddBacktrackPoint (also FG 2005's rule).  With sleep sets
 * a u asleep at pre(S, i) would not be explored there: then every enabled
 * thread is added, as when u is disabled (the awake ones get explored). */
static void add_backtrack(eng *e, size_t i, unsigned u)
{
    node *nd = &e->st[i];
    tref en = nset(e, nd, S_EN), bt = nset(e, nd, S_BT);
    if (ts_has(e, en, u) && !ts_has(e, nset(e, nd, S_SLEEP), u))
        ts_add(e, bt, u);
    else
        ts_or(e, bt, en);
}

/* Source-DPOR (Abdulla et al. POPL 2014, Algorithm 1 lines 5-9): for the
 * race of event i with u's next step a at state k, v = notdep(i, E).a is
 * the events after i that do not happen after it, then a; unless a thread
 * of I(v) (its initials: threads whose first step in v has no predecessor
 * in v) is already in backtrack(pre(i)), add one.  If no initial is
 * enabled there (a blocked u), every enabled thread is added. */
static void source_backtrack(eng *e, size_t i, unsigned u, size_t k, const rv_action *a)
{
    const rv_trace *t = &e->t;
    uint16_t ti = t->ev[i].act.tid;
    /* an event that enables u's step (an exit its join, an unlock a
     * blocked lock) is not in a race with it: the two cannot be reordered
     * (POPL 2014 §3: in a race e' can run right before e).  The earlier
     * dependent events of i's thread are still races (every_race), e.g.
     * the lock before that unlock. */
    if (i + 1 < t->n && e->lastev[u] < (int64_t)i && !enabled_at(e, i, u) &&
        enabled_at(e, i + 1, u))
        return;
    /* only an immediate race reverses: none of i's successors comes
     * before a (else that event's own race covers it) */
    for (size_t j = i + 1; j < k; j++)
        if (clock_of(e, j)[ti] > e->lidx[i] && t->ev[j].act.tid != ti &&
            (dep(&t->ev[j].act, a) || hb_before(e, j, u)))
            return;
    size_t *firstv = e->firstv;
    tlocal sl = local(e, R_SEEN), il = local(e, R_INIT);
    tref seen = lref(&sl), init = lref(&il);
    ts_zero(e, seen);
    ts_zero(e, init);
    for (size_t j = i + 1; j < k; j++) {
        const uint32_t *c = clock_of(e, j);
        if (c[ti] > e->lidx[i]) continue; /* happens after i */
        uint16_t p = t->ev[j].act.tid;
        if (ts_has(e, seen, p)) continue;
        bool initial = true;
        for (unsigned w = ts_next(e, seen, 0); w != NONE && initial; w = ts_next(e, seen, w + 1))
            if (c[w] > e->lidx[firstv[w]]) initial = false;
        ts_add(e, seen, p);
        firstv[p] = j;
        if (initial) ts_add(e, init, p);
    }
    if (!ts_has(e, seen, u)) {
        bool initial = true;
        for (unsigned w = ts_next(e, seen, 0); w != NONE && initial; w = ts_next(e, seen, w + 1))
            for (size_t j = firstv[w]; j < k && initial; j = e->nextsame[j])
                if (dep(&t->ev[j].act, a) || hb_before(e, j, u)) initial = false;
        if (initial) ts_add(e, init, u);
    }
    node *nd = &e->st[i];
    tref en = nset(e, nd, S_EN), bt = nset(e, nd, S_BT);
    ts_and(e, init, en);
    if (ts_empty(e, init))
        ts_or(e, bt, en);
    else if (!ts_meets(e, init, bt))
        ts_add(e, bt, ts_next(e, init, 0));
}

/* Backtrack(S, i, u) of the mode (a: u's next step at state k). */
static void backtrack(eng *e, size_t i, unsigned u, size_t k, const rv_action *a)
{
    if (e->cfg.mode == RV_DPOR_NAIVE) return; /* every enabled thread is explored anyway */
    if (e->cfg.mode == RV_DPOR_SOURCE) {
        source_backtrack(e, i, u, k, a);
        return;
    }
    if (e->cfg.bound == RV_BOUND_FAIR) {
        /* Algorithm 3 lines 5-9: a release may enable anyone */
        node *nd = &e->st[i];
        const rv_action *a = pending_at(e, i, u);
        tref en = nset(e, nd, S_EN), bt = nset(e, nd, S_BT);
        if (ts_has(e, en, u) && a && !rv_is_release(a))
            ts_add(e, bt, u);
        else
            ts_or(e, bt, en);
        return;
    }
    add_backtrack(e, i, u);
    if (e->cfg.bound == RV_BOUND_PREEMPTION && i > 0) {
        /* Algorithm 2 lines 8-9: also at the latest context switch before
         * i, j = max{j < i | j = 0 or S_{j-1}.tid != S_j.tid} */
        size_t j = i - 1;
        while (j > 0 && e->t.ev[j - 1].act.tid == e->t.ev[j].act.tid) j--;
        add_backtrack(e, j, u);
    }
}

/* The race for thread u's next step a with event i (by another thread)
 * at state k. */
static void race(eng *e, size_t i, unsigned u, size_t k, const rv_action *a)
{
    if (e->hb && hb_before(e, i, u)) return; /* FG 2005: not a race if ordered */
    backtrack(e, i, u, k, a);
}

/* Algorithm 1 lines 4-7 for thread u at state k, scanning all of S.
 * Literally (BPOR) only the latest event of each v dependent with
 * next(s, u) is a race.  With every_race (unbounded modes) each dependent
 * event of v not ordered before u is: the latest one can be an unlock
 * (or a post) that is never co-enabled with u's blocked lock, and its
 * backtrack point would not reverse the earlier lock (FG 2005 filters
 * such events with "may be co-enabled", which rv_dependent cannot tell). */
static void races_full(eng *e, size_t k, unsigned u, const rv_action *a)
{
    uint64_t found = 0, *fhi = zero_row(e, R_FOUND);
    pair_add(&found, fhi, u);
    for (size_t i = k; i-- > 0;) {
        uint16_t v = e->t.ev[i].act.tid;
        if (pair_has(found, fhi, v)) continue;
        if (!dep(&e->t.ev[i].act, a)) continue;
        if (e->hb && hb_before(e, i, u)) {
            pair_add(&found, fhi, v); /* and so is every earlier event of v */
            continue;
        }
        if (!e->every_race) pair_add(&found, fhi, v);
        backtrack(e, i, u, k, a);
    }
}

/* The failing thread's last event is its fatal step: a crash happens in
 * it, an assertion right after it with no scheduling point in between.
 * So that event ends the program, and the races of a process exit are
 * taken at the state before it: with the earlier events of the others,
 * and with their next steps. */
static void fatal_event(eng *e, unsigned u, const rv_action *fatal)
{
    size_t n = e->t.n;
    if (!n || e->t.ev[n - 1].act.tid != u) return;
    /* the others' next steps race with it too */
    for (unsigned q = 0; q < e->T; q++)
        if (q != u && exists_at(e, q, n) && pending(e, q)) race(e, n - 1, q, n, pending(e, q));
    int64_t saved = e->lastev[u];
    e->lastev[u] = e->prevsame[n - 1] == SIZE_MAX ? -1 : (int64_t)e->prevsame[n - 1];
    races_full(e, n - 1, u, fatal);
    e->lastev[u] = saved;
}

/* Lines 4-7 at state k.  Only the thread w that moved (event k-1) has a new
 * next action; for the others only event k-1 can be a newer dependent one. */
static void optimal_at(eng *e, size_t k, size_t first);

static void races_at(eng *e, size_t k, size_t first)
{
    if (e->cfg.mode == RV_DPOR_NAIVE) return;
    if (e->cfg.mode == RV_DPOR_OPTIMAL) {
        optimal_at(e, k, first);
        return;
    }
    int w = k > first ? e->t.ev[k - 1].act.tid : -1;
    /* An execution ended by a bug in thread f (assertion, crash, ...): f's
     * next step ends the program, so it depends on every other thread's
     * events, as a process exit does; the executions in which the bug
     * happens after fewer events of the others are other traces. */
    rv_action fatal = {.kind = RV_ACT_PEXIT, .tid = e->t.err_tid};
    bool ended = k == e->t.n && rv_end_is_bug(e->t.end) && e->t.end != RV_END_DEADLOCK &&
                 e->t.err_tid < e->T;
    for (unsigned u = 0; u < e->T; u++) {
        if (!exists_at(e, u, k)) continue;
        const rv_action *a = ended && u == e->t.err_tid ? &fatal : pending(e, u);
        if (!a) continue;
        if (a == &fatal) {
            races_full(e, k, u, a);
            fatal_event(e, u, &fatal);
            continue;
        }
        if (w < 0 || (int)u == w)
            races_full(e, k, u, a);
        else if (dep(&e->t.ev[k - 1].act, a))
            race(e, k - 1, u, k, a);
    }
}

/* ---- Optimal-DPOR: wakeup trees ---------------------------------------- */
/*
 * Abdulla, Aronis, Jonsson, Sagonas, "Optimal dynamic partial order
 * reduction", POPL 2014, Algorithm 2 (and §6, wakeup trees; JACM 2017
 * §7).  Every state k of the stack has a wakeup tree wut(k) whose root is
 * the branch its parent is exploring (st[k-1].cur; e->wroot for k = 0):
 * the children of the root are the events still to explore at k, each with
 * the sequences that must follow it.  Exploring a child c runs the leftmost
 * branch below c (make_prefix), and c's subtree becomes wut(k+1).  When c
 * is done it is removed and its thread goes to sleep at k (Algorithm 2
 * lines 16-17).  A race e ⋖ e' found in an execution E inserts
 * v = notdep(e, E).e' at E' = pre(E, e) unless a thread asleep at E' is a
 * weak initial of v (lines 6-8); insert[E'] (Definition 6.3) walks down
 * the tree while a child is a weak initial of what is left of v and adds
 * the rest as a new rightmost leaf, or nothing when it reaches a leaf.
 *
 * Events are identified by thread and value choice: a nondet step (or a
 * signal's choice of waiter) with another value is a different event of
 * the same thread, so the siblings of a value choice are inserted at the
 * state where it is taken, as a one-event sequence, unless a sleeper is
 * independent of it (then the sibling is explored below the sleeper's
 * branch already).  Sleep sets are thread masks (done, sleep); a thread
 * goes to sleep at k only once none of its values is left in wut(k).
 */

static int32_t wnew(eng *e, const rv_action *a, uint32_t val)
{
    int32_t i;
    if (e->wfree >= 0) {
        i = e->wfree;
        e->wfree = e->w[i].sib;
    } else {
        if (e->nw == e->capw) {
            e->capw = e->capw ? 2 * e->capw : 1024;
            e->w = rv_xrealloc(e->w, (size_t)e->capw * sizeof *e->w);
        }
        i = e->nw++;
    }
    e->w[i].act = *a;
    e->w[i].val = val;
    e->w[i].child = e->w[i].sib = -1;
    return i;
}

/* Free node i and its subtree (i must be unlinked already). */
static void wfree_tree(eng *e, int32_t i)
{
    for (int32_t c = e->w[i].child, nx; c >= 0; c = nx) {
        nx = e->w[c].sib;
        wfree_tree(e, c);
    }
    e->w[i].sib = e->wfree;
    e->wfree = i;
}

static void wappend(eng *e, int32_t parent, int32_t c)
{
    int32_t *p = &e->w[parent].child;
    while (*p >= 0) p = &e->w[*p].sib;
    *p = c;
}

static void wunlink(eng *e, int32_t parent, int32_t c)
{
    int32_t *p = &e->w[parent].child;
    while (*p >= 0 && *p != c) p = &e->w[*p].sib;
    if (*p == c) *p = e->w[c].sib;
    e->w[c].sib = -1;
}

static int32_t wfind(const eng *e, int32_t parent, unsigned tid, uint32_t val)
{
    for (int32_t c = e->w[parent].child; c >= 0; c = e->w[c].sib)
        if (e->w[c].act.tid == tid && e->w[c].val == val) return c;
    return -1;
}

static bool whas_thread(const eng *e, int32_t parent, unsigned tid)
{
    for (int32_t c = e->w[parent].child; c >= 0; c = e->w[c].sib)
        if (e->w[c].act.tid == tid) return true;
    return false;
}

/* The failure F of an execution ended by a bug is a pseudo-event of the
 * failing thread after its last event, dependent with everything (the
 * program ends there).  In a wakeup sequence it is a virtual last node:
 * replaying up to the failing thread's last event brings it about. */
#define VIRTUAL UINT32_MAX

static void vpush(eng *e, size_t *nv, uint16_t tid, uint32_t val, const rv_action *a)
{
    if (*nv == e->capv) {
        e->capv = e->capv ? 2 * e->capv : 256;
        e->vt = rv_xrealloc(e->vt, e->capv * sizeof *e->vt);
        e->vv = rv_xrealloc(e->vv, e->capv * sizeof *e->vv);
        e->va = rv_xrealloc(e->va, e->capv * sizeof *e->va);
        e->vused = rv_xrealloc(e->vused, e->capv * sizeof *e->vused);
    }
    e->vt[*nv] = tid;
    e->vv[*nv] = val;
    e->va[*nv] = a;
    e->vused[*nv] = false;
    ++*nv;
}

/* Is the event of thread q whose action is a (next(q) when q has no event
 * in what is left of v) a weak initial of v (WI, §6)?  Returns 1 if q's
 * first event left in v has no predecessor there (it is an initial; *at is
 * its index), 2 if q has no event left and a is independent of all of
 * them, 0 otherwise.  val < 0: any value of q (a sleeping thread). */
static int weak_initial(const eng *e, size_t nv, unsigned q, int64_t val, const rv_action *a,
                        size_t *at)
{
    size_t x = 0;
    for (; x < nv; x++)
        if (!e->vused[x] && e->vt[x] == q) break;
    if (x < nv) {
        if (val >= 0 && e->vv[x] != (uint32_t)val) return 0; /* another event of q */
        for (size_t y = 0; y < x; y++)
            if (!e->vused[y] && dep(e->va[y], e->va[x])) return 0;
        *at = x;
        return 1;
    }
    if (!a) return 0;
    for (size_t y = 0; y < nv; y++)
        if (!e->vused[y] && dep(a, e->va[y])) return 0;
    *at = SIZE_MAX;
    return 2;
}

/* sleep(E') ∩ WI[E'](v) ≠ ∅ at state i (Algorithm 2 line 7). */
static bool sleep_blocks(const eng *e, size_t i, size_t nv)
{
    const node *nd = &e->st[i];
    tlocal ul = local(e, R_TMP);
    tref sl = lref(&ul), fatals = nset(e, nd, S_FATAL);
    ts_copy(e, sl, nset(e, nd, S_SLEEP));
    ts_or(e, sl, nset(e, nd, S_DONE));
    TS_FOR(e, q, sl)
    {
        size_t at;
        rv_action fatal = {.kind = RV_ACT_PEXIT, .tid = (uint16_t)q}, tmp;
        size_t j = next_index(e, i, q);
        const rv_action *a =
            ts_has(e, fatals, q) ? &fatal : step_at(e, i, j, pending_at(e, i, q), &tmp);
        if (weak_initial(e, nv, q, -1, a, &at)) return true;
    }
    return false;
}

/* insert[E'](v, wut) (Definition 6.3).  The branch being explored at
 * E' (skip) is the event e of the race, which v reverses: never a weak
 * initial of v in theory; skipped so that an approximate action (a fatal
 * step, a pending action) cannot make it one. */
static void winsert(eng *e, int32_t root, int32_t skip, size_t nv)
{
    size_t left = nv;
    int32_t r = root;
    for (;;) {
        if (!left) return; /* v is a prefix (up to equivalence) of a branch */
        if (r != root && e->w[r].child < 0) return; /* a leaf u ~ v: v is covered */
        int32_t m = -1;
        size_t at = SIZE_MAX;
        for (int32_t c = e->w[r].child; c >= 0 && m < 0; c = e->w[c].sib)
            if (c != skip && weak_initial(e, nv, e->w[c].act.tid, e->w[c].val, &e->w[c].act, &at))
                m = c;
        if (m < 0) break;
        if (at != SIZE_MAX) e->vused[at] = true, left--;
        r = m;
    }
    for (size_t x = 0; x < nv; x++) {
        if (e->vused[x]) continue;
        int32_t c = wnew(e, e->va[x], e->vv[x]);
        wappend(e, r, c);
        r = c;
    }
}

/* Can e' (action a of thread u) not take place before e (action b) only
 * because b enables it?  Used when u runs between e and e' (with no event
 * of its own before e' at pre(e), the enabled set says it exactly). */
static bool enables(const rv_action *b, const rv_action *a)
{
    switch (a->kind) {
    case RV_ACT_LOCK:
        return (b->kind == RV_ACT_UNLOCK && b->obj == a->obj) ||
               (b->kind == RV_ACT_WAIT1 && b->obj2 == a->obj);
    case RV_ACT_WAIT2: /* a timed one needs no notification (model.h) */
        return (b->kind == RV_ACT_UNLOCK && b->obj == a->obj2) ||
               (b->kind == RV_ACT_WAIT1 && b->obj2 == a->obj2) ||
               (!(a->flags & RV_AF_TIMED) &&
                (b->kind == RV_ACT_SIGNAL || b->kind == RV_ACT_BROADCAST) && b->obj == a->obj);
    case RV_ACT_RDLOCK: /* reader preference: only the writer's unlock */
        return b->kind == RV_ACT_WRUNLOCK && b->obj == a->obj;
    case RV_ACT_WRLOCK:
        return (b->kind == RV_ACT_WRUNLOCK || b->kind == RV_ACT_RDUNLOCK) && b->obj == a->obj;
    case RV_ACT_BAR_LEAVE: /* the arrive that completed the leave's cycle */
        return b->kind == RV_ACT_BAR_ARRIVE && b->obj == a->obj && (b->arg & 1) &&
               (b->arg >> 1) == a->arg;
    case RV_ACT_SEM_WAIT:
        return b->kind == RV_ACT_SEM_POST && b->obj == a->obj;
    case RV_ACT_JOIN: /* it returns once the thread exited, or EINVAL once detached */
        return (b->kind == RV_ACT_EXIT && b->tid == a->obj) ||
               (b->kind == RV_ACT_DETACH && b->obj == a->obj);
    case RV_ACT_ONCE_BEGIN:
        return b->kind == RV_ACT_ONCE_END && b->obj == a->obj;
    case RV_ACT_ATOMIC_BEGIN:
        return b->kind == RV_ACT_ATOMIC_END;
    default:
        return false;
    }
}

/* Does event x happen after event i (x > i)? */
static bool after(eng *e, size_t i, size_t x)
{
    return clock_of(e, x)[e->t.ev[i].act.tid] > e->lidx[i];
}

/* Is event x in pre(i).notdep(i) restricted to events before j? */
static bool kept(eng *e, size_t i, size_t x)
{
    return x < i || (x > i && !after(e, i, x));
}

/* Can u's step a (event j, or pending at j = n) run at the end of
 * pre(i).notdep(i)?  If a is u's next step at pre(i) (from == i) the
 * enabled set there says it.  Otherwise the state of a's object after
 * the kept events (those before i and notdep(i)) does: a mutex is free
 * when its last acquire or release there is a release, a thread can be
 * joined once it exited or was detached, a semaphore's count is its
 * initial value plus posts minus successful waits.  Other blocking kinds
 * (wait2's notification, once, atomic sections): i must not be what
 * enabled a (enables). */
/* Can u's rdlock or wrlock a take its lock after the kept events (those
 * before i and notdep(i))?  The writer and the read holdings they leave
 * (acquires record success in arg); the writer may always retry (EDEADLK). */
static bool on_rwlock_of(const rv_action *b, const rv_action *a)
{
    return rv_on_rwlock(b) && b->obj == a->obj;
}

/* held[p] = 0 for the threads of the events before j on a's rwlock. */
static void held_zero(eng *e, size_t j, const rv_action *a)
{
    for (size_t x = 0; x < j; x++)
        if (on_rwlock_of(&e->t.ev[x].act, a)) e->held[e->t.ev[x].act.tid] = 0;
}

static bool rwlock_free_for(eng *e, size_t i, size_t j, unsigned u, const rv_action *a)
{
    const rv_trace *t = &e->t;
    unsigned writer = NONE;
    uint32_t *held = e->held, readers = 0; /* read locks per thread */
    held_zero(e, j, a);
    for (size_t x = 0; x < j; x++) {
        const rv_action *b = &t->ev[x].act;
        if (!kept(e, i, x) || !on_rwlock_of(b, a)) continue;
        unsigned p = b->tid;
        bool got = b->arg != 0;
        if ((b->kind == RV_ACT_RDLOCK || b->kind == RV_ACT_TRYRDLOCK) && got) {
            held[p]++;
            readers++;
        } else if (b->kind == RV_ACT_RDUNLOCK && held[p]) {
            held[p]--;
            readers--;
        } else if ((b->kind == RV_ACT_WRLOCK || b->kind == RV_ACT_TRYWRLOCK) && got) {
            writer = b->tid;
        } else if (b->kind == RV_ACT_WRUNLOCK) {
            writer = NONE;
        } else if (b->kind == RV_ACT_RW_INIT) {
            writer = NONE;
            readers = 0;
            held_zero(e, x, a);
        }
    }
    if (writer == u) return true;
    return writer == NONE && (a->kind == RV_ACT_RDLOCK || readers == 0);
}

/* The blocking acquire whose availability a timed acquire that took its
 * object (value 1, model.h) needed: its thread is always enabled, its
 * value is not. */
static bool timed_acquire_as_blocking(const rv_action *a, uint32_t aval, rv_action *out)
{
    if (!(a->flags & RV_AF_TIMED) || aval != 1) return false;
    *out = *a;
    out->flags = 0;
    switch (a->kind) {
    case RV_ACT_TRYLOCK:
        out->kind = RV_ACT_LOCK;
        return true;
    case RV_ACT_SEM_TRYWAIT:
        out->kind = RV_ACT_SEM_WAIT;
        return true;
    case RV_ACT_TRYRDLOCK:
        out->kind = RV_ACT_RDLOCK;
        return true;
    case RV_ACT_TRYWRLOCK:
        out->kind = RV_ACT_WRLOCK;
        return true;
    default:
        return false;
    }
}

/* Is the mutex or rwlock of timed acquire a usable after the events kept
 * before j?  It starts usable unless its storage held no object (model.h
 * RV_MK_RAW, RV_AF_RAW); an init makes it usable, a destroy unusable.  On
 * an unusable object the acquire offers only value 0 (and is a misuse). */
static bool timed_object_usable(eng *e, size_t i, size_t j, const rv_action *a)
{
    bool rw = a->kind == RV_ACT_TRYRDLOCK || a->kind == RV_ACT_TRYWRLOCK;
    if (!rw && a->kind != RV_ACT_TRYLOCK) return true; /* semaphores: their count says it */
    bool ok = rw ? !(a->flags & RV_AF_RAW) : a->len != RV_MK_RAW;
    rv_kind init = rw ? RV_ACT_RW_INIT : RV_ACT_MUTEX_INIT;
    rv_kind fini = rw ? RV_ACT_RW_DESTROY : RV_ACT_MUTEX_DESTROY;
    for (size_t x = 0; x < j; x++) {
        const rv_action *b = &e->t.ev[x].act;
        if (!kept(e, i, x) || b->obj != a->obj) continue;
        if (b->kind == init) ok = true;
        if (b->kind == fini) ok = false;
    }
    return ok;
}

static bool reversible(eng *e, size_t i, size_t j, unsigned u, const rv_action *a, uint32_t aval,
                       size_t from)
{
    rv_action blk;
    bool timed = timed_acquire_as_blocking(a, aval, &blk);
    if (timed && !timed_object_usable(e, i, j, a)) return false;
    if (timed) a = &blk;
    /* rwlock acquires: readers commute, so notdep(i) may hold another
     * reader's rdlock that disables a wrlock enabled at pre(i) */
    bool rw = a->kind == RV_ACT_RDLOCK || a->kind == RV_ACT_WRLOCK;
    if (!timed && !rw && from == i && enabled_at(e, i, u)) return true;
    const rv_trace *t = &e->t;
    int64_t c = e->created[u]; /* u must exist: its creation kept */
    if (c >= 0 && ((size_t)c == i || ((size_t)c > i && after(e, i, (size_t)c)))) return false;
    /* another thread inside an atomic section excludes everyone */
    unsigned inside = NONE;
    for (size_t x = 0; x < j; x++) {
        if (!kept(e, i, x)) continue;
        if (t->ev[x].act.kind == RV_ACT_ATOMIC_BEGIN) inside = t->ev[x].act.tid;
        if (t->ev[x].act.kind == RV_ACT_ATOMIC_END) inside = NONE;
    }
    if (inside != NONE && inside != u) return false;
    switch (a->kind) {
    case RV_ACT_LOCK: {
        /* owner and recursion count of the mutex after the kept events */
        uint64_t m = a->obj, count = 0;
        unsigned owner = NONE;
        for (size_t x = 0; x < j; x++) {
            if (!kept(e, i, x)) continue;
            const rv_action *b = &t->ev[x].act;
            if ((b->kind == RV_ACT_LOCK && b->obj == m) ||
                (b->kind == RV_ACT_TRYLOCK && b->obj == m && b->arg))
                owner = b->tid, count++;
            else if (b->kind == RV_ACT_WAIT2 && b->obj2 == m)
                owner = b->tid, count = b->arg ? b->arg : 1;
            else if (b->kind == RV_ACT_UNLOCK && b->obj == m && count && owner == b->tid)
                count--;
            else if (b->kind == RV_ACT_WAIT1 && b->obj2 == m)
                count = 0;
        }
        return count == 0 || owner == u;
    }
    case RV_ACT_RDLOCK:
    case RV_ACT_WRLOCK:
        return rwlock_free_for(e, i, j, u, a);
    case RV_ACT_JOIN:
        for (size_t x = 0; x < j; x++) {
            const rv_action *b = &t->ev[x].act;
            if (kept(e, i, x) && ((b->kind == RV_ACT_EXIT && b->tid == a->obj) ||
                                  (b->kind == RV_ACT_DETACH && b->obj == a->obj)))
                return true;
        }
        return false;
    case RV_ACT_SEM_WAIT: {
        int64_t count = a->obj2 ? (int64_t)a->obj2 - 1 : 0;
        for (size_t x = 0; x < j; x++) {
            const rv_action *b = &t->ev[x].act;
            if (!kept(e, i, x) || b->obj != a->obj) continue;
            if (b->kind == RV_ACT_SEM_INIT) count = (int64_t)b->arg;
            if (b->kind == RV_ACT_SEM_POST) count++;
            if (b->kind == RV_ACT_SEM_WAIT || (b->kind == RV_ACT_SEM_TRYWAIT && b->arg)) count--;
        }
        return count > 0;
    }
    default:
        return (timed || from != i) && !enables(&t->ev[i].act, a);
    }
}

/* The race of event i with e' = u's step a, which is event j (j < n) or
 * u's pending action (j = n): if it is an immediate race (no event of
 * another thread than i's lies between them in happens-before: a chain
 * through i's own later events is allowed, as for a lock after the
 * owner's unlock) and reversible, insert notdep(i, E).a at pre(i).
 * refail: i is the fatal step and a a step the failure cut off; the
 * sequence is notdep(i, E).a.F (see pending_fatal_race). */
static void reverse_race_v(eng *e, size_t i, size_t j, unsigned u, const rv_action *a,
                           uint32_t aval, bool refail)
{
    const rv_trace *t = &e->t;
    uint16_t ti = t->ev[i].act.tid;
    for (size_t x = i + 1; x < j; x++) {
        if (t->ev[x].act.tid == ti || !after(e, i, x)) continue;
        bool before = j < t->n ? clock_of(e, j)[t->ev[x].act.tid] > e->lidx[x]
                               : dep(&t->ev[x].act, a) || hb_before(e, x, u);
        if (before) return;
    }
    size_t nv = 0;
    bool u_in = false;
    size_t pu = i; /* u's last event in notdep(i) */
    for (size_t x = i + 1; x < j; x++) {
        if (after(e, i, x)) continue;
        if (t->ev[x].act.tid == u) pu = x;
        /* before F, the fatal step ends the program: it commutes with nothing */
        bool fatal = aval == VIRTUAL && x + 1 == t->n;
        vpush(e, &nv, t->ev[x].act.tid, t->ev[x].val, fatal ? &e->fatal : &t->ev[x].act);
        if (t->ev[x].act.tid == u) u_in = true;
    }
    /* a runs before i now (i depends on it): a CAS sees the bytes i found
     * there (`old`) unless an event kept in v before a writes them */
    rv_action moved;
    if (rv_is_cas(a) && rv_is_memory(a)) {
        bool written = false;
        for (size_t x = i + 1; x < j && !written; x++)
            written = !after(e, i, x) && (t->ev[x].act.tid != u ? cas_changer(&t->ev[x].act, a)
                                                                : writes_bytes(&t->ev[x].act, a));
        if (written) {
            moved = *a;
            moved.kind = RV_ACT_RMW;
            a = &moved;
        } else {
            a = cas_before(e, i, a, &moved);
        }
    }
    /* notdep(e, E) is all of E after e that does not happen after e,
     * the events after e' included (Algorithm 2 line 5).  They pin how
     * the other threads' conflicting steps are ordered after e', so that
     * winsert cannot take v as covered by a branch that orders them
     * otherwise and whose own races are cut by a sleeper
     * (tests/dpor/opt_multiprodcon.c).  An event after e' that does not
     * happen after e commutes with e' (else it would happen after e' and
     * so after e).  The fatal step is left out: nothing runs after it. */
    for (size_t x = j + 1; x < t->n; x++) {
        if (after(e, i, x) || (e->fatal_last && x + 1 == t->n)) continue;
        vpush(e, &nv, t->ev[x].act.tid, t->ev[x].val, &t->ev[x].act);
    }
    vpush(e, &nv, (uint16_t)u, aval, a);
    if (refail) vpush(e, &nv, t->ev[i].act.tid, t->ev[i].val, &e->fatal);
    node *nd = &e->st[i];
    if (!reversible(e, i, j, u, a, aval, u_in ? pu + 1 : i)) return;
    if (sleep_blocks(e, i, nv)) return;
    winsert(e, nd->wut, nd->cur, nv);
}

static void reverse_race(eng *e, size_t i, size_t j, unsigned u, const rv_action *a, uint32_t aval)
{
    reverse_race_v(e, i, j, u, a, aval, false);
}

/* The race of the fatal step (the last event, n-1) with u's step a that
 * the failure cut off (DESIGN.md §4: a failing trace is the trace of the
 * events before the fatal step plus the fatal step, F, which depends on
 * everything).  If a commutes with the fatal step's own action, only F
 * makes them race, and the fatal step fails again after a: the wakeup
 * sequence is a.F, not a alone.  With a alone, a branch at pre(n-1) whose
 * step commutes with a but not with the fatal step (a write to the
 * variable the assertion reads) is a weak initial of a, and insert[E']
 * (Definition 6.3) took that leaf as covering a although the failure
 * does not recur below it: the failing trace with a before F was missed
 * (fuzzer seed 533, tests/dpor/fatal_exit.c).  If a depends on the
 * fatal step's action (a write to what it reads), it is a real race: a
 * alone, as for any race (after a the step may not fail, and then a.F
 * would keep a sleeper independent of both from blocking it). */
static void pending_fatal_race(eng *e, unsigned u, const rv_action *a)
{
    size_t n = e->t.n;
    reverse_race_v(e, n - 1, n, u, a, 0, !dep(a, &e->t.ev[n - 1].act));
}

/* Races of event j (action a) with the earlier events. */
static void event_races(eng *e, size_t j, const rv_action *a)
{
    unsigned u = e->t.ev[j].act.tid;
    for (size_t i = j; i-- > 0;) {
        if (e->t.ev[i].act.tid == u || !dep(&e->t.ev[i].act, a)) continue;
        if (clock_of(e, j)[e->t.ev[i].act.tid] <= e->lidx[i]) continue; /* not ordered */
        reverse_race(e, i, j, u, a, e->t.ev[j].val);
    }
}

/* Races of u's pending action a (value aval) at the end of the execution. */
static void pending_races(eng *e, unsigned u, const rv_action *a, uint32_t aval)
{
    size_t n = e->t.n;
    for (size_t i = n; i-- > 0;) {
        if (e->t.ev[i].act.tid == u || !dep(&e->t.ev[i].act, a)) continue;
        if (hb_before(e, i, u)) continue; /* ordered by u's own past: not a race */
        reverse_race(e, i, n, u, a, aval);
    }
}

/* Races at state k of the walk: those of event k-1 when it is new (k-1 >=
 * first-1: the prefix's last step is the branch just taken), and at the
 * end those of the pending actions (blocked threads, the others when the
 * program stopped) and of a fatal step that is no event. */
static void optimal_at(eng *e, size_t k, size_t first)
{
    const rv_trace *t = &e->t;
    if (k >= 1 && k >= first) event_races(e, k - 1, &t->ev[k - 1].act);
    if (k != t->n) return;
    /* Algorithm 2 line 3 takes every race of the maximal execution, those
     * of the replayed prefix too: v = notdep(e, E).e' depends on what E
     * does after e', so a race seen in an earlier execution yields another
     * sequence here (tests/dpor/opt_multiprodcon.c misses 3 traces when
     * only the new events' races are taken). */
    for (size_t x = 1; x < first && x <= t->n; x++) event_races(e, x - 1, &t->ev[x - 1].act);
    bool ended = rv_end_is_bug(t->end) && t->end != RV_END_DEADLOCK && t->err_tid < e->T;
    for (unsigned u = 0; u < e->T; u++) {
        if (!exists_at(e, u, k)) continue;
        const rv_action *a = pending(e, u);
        if (ended && u == t->err_tid) {
            /* F: virtual after the fatal step, else the failing pending step */
            pending_races(e, u, &e->fatal, e->fatal_last ? VIRTUAL : 0);
            continue;
        }
        if (!a) continue;
        if (e->fatal_last) {
            /* the program ended before a: only the fatal step itself
             * races with it (a before F), and a sequence in which the
             * fatal step comes before a could not reach a */
            if (t->ev[t->n - 1].act.tid == u) continue;
            /* and where a cannot run right before the fatal step (a lock
             * of a mutex the failing thread holds there), with the earlier
             * events the fatal step happens after: a before them, then the
             * failing thread (tests/adversary/opt_pending_fatal.c) */
            for (size_t i = t->n - 1; i-- > 0;) {
                if (t->ev[i].act.tid == u || !dep(&t->ev[i].act, a)) continue;
                if (hb_before(e, i, u) || !after(e, i, t->n - 1)) continue;
                reverse_race(e, i, t->n, u, a, 0);
            }
            pending_fatal_race(e, u, a);
            continue;
        }
        pending_races(e, u, a, 0);
    }
}

/* Is the last event the failing thread's fatal step (the failure follows
 * it with no scheduling point in between)?  That step ends the program:
 * it commutes with no other thread's step.  So a thread whose step ended
 * the program where it was explored (node.fatal) does not sleep in the
 * later branches there: any step of another thread changes the trace. */
static void fatal_step(eng *e)
{
    const rv_trace *t = &e->t;
    e->fatal = (rv_action){.kind = RV_ACT_PEXIT, .tid = t->err_tid};
    e->fatal_last = rv_end_is_bug(t->end) && t->end != RV_END_DEADLOCK && t->err_tid < e->T &&
                    t->n && t->ev[t->n - 1].act.tid == t->err_tid;
}

/* The other values of a value choice ev taken at state k (branch c):
 * siblings of c, unless a thread asleep or done at k is a weak initial of
 * them (its step commutes with ev: the sibling is covered below it). */
static void value_siblings(eng *e, size_t k, node *nd, const rv_event *ev, int32_t c)
{
    uint32_t ndom = ev->act.ndom ? ev->act.ndom : 1;
    unsigned p = ev->act.tid;
    tref vsib = nset(e, nd, S_VSIB);
    if (ndom < 2 || ts_has(e, vsib, p)) return; /* once per thread and state */
    /* Every value of p's step was explored at an earlier state j with only
     * steps commuting with it since: a sibling that did not end the
     * program at j is covered there (its subtree holds every trace that
     * starts with it, as a sleep set says); one that did is re-explored
     * after the steps in between by the races of its failure (a.F).  ev
     * itself runs here only because such a sequence asks for it: without
     * this, tests/native/m_assume_range.c (-DTYPE=1 -DTARGET=205) ran 30
     * executions for 12 traces. */
    if (ts_has(e, nset(e, nd, S_VDONE), p)) return;
    ts_add(e, vsib, p);
    tlocal ul = local(e, R_TMP);
    tref sl = lref(&ul);
    ts_copy(e, sl, nset(e, nd, S_DONE));
    ts_andnot(e, sl, nset(e, nd, S_FATAL));
    ts_or(e, sl, nset(e, nd, S_SLEEP));
    TS_FOR(e, q, sl)
    {
        const rv_action *a = q == p ? NULL : pending_at(e, k, q);
        if (a && !dep(a, &ev->act)) return;
    }
    int32_t prev = c;
    for (uint32_t x = 0; x < ndom; x++) {
        if (x == ev->val || wfind(e, nd->wut, p, x) >= 0) continue;
        int32_t s = wnew(e, &ev->act, x);
        e->w[s].sib = e->w[prev].sib;
        e->w[prev].sib = s;
        prev = s;
    }
}

/* Node k was just created for event ev: its tree is the parent's branch,
 * its branch the child for ev (a new leaf past the end of the wakeup
 * sequence), and a value choice gets its other values as siblings. */
static void attach(eng *e, size_t k, node *nd, const rv_event *ev)
{
    int32_t root = nd->wut;
    unsigned p = ev->act.tid;
    int32_t c = wfind(e, root, p, ev->val);
    if (c < 0) {
        c = wnew(e, &ev->act, ev->val);
        wappend(e, root, c);
    }
    e->w[c].act = ev->act; /* what ran (a pending action may have been approximate) */
    nd->cur = c;
    value_siblings(e, k, nd, ev, c);
}

/* Algorithm 2 lines 13-17 for the stack: finish the branch being explored
 * at the deepest state, take its next child, or pop. */
static bool next_branch_optimal(eng *e)
{
    while (e->depth) {
        node *nd = &e->st[e->depth - 1];
        int32_t root = nd->wut;
        if (nd->cur >= 0) {
            unsigned p = e->w[nd->cur].act.tid;
            wunlink(e, root, nd->cur);
            wfree_tree(e, nd->cur);
            nd->cur = -1;
            nd->tid = NONE;
            if (!whas_thread(e, root, p)) ts_add(e, nset(e, nd, S_DONE), p);
        }
        while (e->w[root].child >= 0) {
            int32_t c = e->w[root].child;
            /* (a virtual failure is no step: the failure did not recur) */
            unsigned q = e->w[c].act.tid;
            if (!ts_has(e, nset(e, nd, S_SLEEP), q) && !ts_has(e, nset(e, nd, S_DONE), q) &&
                e->w[c].val != VIRTUAL) {
                nd->cur = c;
                nd->tid = e->w[c].act.tid;
                nd->val = e->w[c].val;
                nd->ndom = 1;
                return true;
            }
            wunlink(e, root, c); /* asleep: explored already */
            wfree_tree(e, c);
        }
        e->depth--;
    }
    return false;
}

/* ---- the walk over a new execution --------------------------------------- */

typedef enum walk_end { W_MAXIMAL, W_BLOCKED, W_CONTINUE, W_LIVELOCK } walk_end;

static node *push_node(eng *e)
{
    if (e->depth == e->cap) {
        e->cap = e->cap ? 2 * e->cap : 1024;
        e->st = rv_xrealloc(e->st, e->cap * sizeof *e->st);
        if (e->hw) e->hiw = rv_xrealloc(e->hiw, e->cap * NSETS * e->hw * sizeof *e->hiw);
    }
    node *nd = &e->st[e->depth++];
    memset(nd, 0, sizeof *nd);
    if (e->hw) memset(nset(e, nd, 0).hi, 0, NSETS * e->hw * sizeof *e->hiw);
    nd->tid = NONE;
    nd->wut = nd->cur = -1;
    return nd;
}

/* next(s_k, q) for a sleeper q: its step as it would run at state k. */
static const rv_action *sleeper_step(const eng *e, size_t k, unsigned q, rv_action *tmp)
{
    return step_at(e, k, e->nxt[q], pending(e, q), tmp);
}

/* Sleep set after event k from a state whose sleepers are `sl` (FG 2005
 * §4: a sleeper stays asleep while the events that run commute with the
 * step it explored at the state where it fell asleep). */
static void sleep_after(const eng *e, tref sl, size_t k, tref out)
{
    const rv_action *ev = &e->t.ev[k].act;
    ts_zero(e, out);
    TS_FOR(e, q, sl)
    {
        if (q == ev->tid) continue;
        rv_action tmp;
        const rv_action *a = sleeper_step(e, k, q, &tmp);
        if (a && !dep(a, ev)) ts_add(e, out, q);
    }
}

/* sl = the sleep set after event k (sleep_after), through row R_OUT. */
static void sleep_step(const eng *e, tref sl, size_t k)
{
    tlocal ol = local(e, R_OUT);
    tref out = lref(&ol);
    sleep_after(e, sl, k, out);
    ts_copy(e, sl, out);
}

static void collect(eng *e, size_t i)
{
    if (!e->ls) return;
    const rv_event *ev = &e->t.ev[i];
    rv_localset_add(e->ls, ev->act.tid, ev->fp_lo, ev->fp_hi);
}

/* The thread of lowest cost among `cand` (lowest id on ties). */
static unsigned cheapest(const eng *e, size_t k, tref enabled, uint64_t cost, tref cand)
{
    unsigned best = ts_next(e, cand, 0);
    uint64_t bc = cost_after(e, k, enabled, cost, e->yields, best);
    for (unsigned u = ts_next(e, cand, best + 1); u != NONE; u = ts_next(e, cand, u + 1)) {
        uint64_t c = cost_after(e, k, enabled, cost, e->yields, u);
        if (c < bc) best = u, bc = c;
    }
    return best;
}

/* Initialize(S) at a new node k whose backend choice was p. */
static void initialize(eng *e, node *nd, unsigned p)
{
    tref en = nset(e, nd, S_EN), bt = nset(e, nd, S_BT);
    if (e->cfg.mode == RV_DPOR_NAIVE) {
        ts_copy(e, bt, en);
        return;
    }
    if (e->cfg.bound == RV_BOUND_FAIR) {
        const rv_action *a = pending(e, p);
        if (a && !rv_is_release(a))
            ts_add(e, bt, p);
        else
            ts_or(e, bt, en);
        return;
    }
    ts_add(e, bt, p);
}

/* The enabled threads >= 64 at the new states [n, t.n) (hien_row), from
 * the model's replay of the trace (hien.h); none below 65 threads. */
static void hien_walk(eng *e, size_t n)
{
    const rv_trace *t = &e->t;
    e->hien_from = n;
    unsigned nw = rv_hien_words(t->nthreads);
    if (!nw) return;
    size_t need = (t->n - n) * nw + 1;
    if (need > e->caprows) {
        e->caprows = need + need / 2;
        e->hien_rows = rv_xrealloc(e->hien_rows, e->caprows * sizeof *e->hien_rows);
    }
    if (!e->hien) e->hien = rv_hien_new();
    if (rv_hien_states(e->hien, t, n, e->hien_rows))
        rv_explore_incomplete(e->x, "dpor: the model's replay found a thread above 63 disabled "
                                    "where the program ran it (internal)");
}

/* A new node's enabled set: the trace's word below 64, hien's rows above. */
static void set_enabled(eng *e, node *nd, size_t k)
{
    tref en = nset(e, nd, S_EN);
    *en.lo = e->t.ev[k].enabled;
    unsigned nw = rv_hien_words(e->t.nthreads);
    for (unsigned i = 0; i < nw; i++) en.hi[i] = hien_row(e, k)[i];
}

static walk_end walk(eng *e, size_t n)
{
    rv_trace *t = &e->t;
    index_trace(e);
    if (e->hb) compute_clocks(e, n ? n - 1 : 0);
    fatal_step(e);
    hien_walk(e, n);
    size_t *nxt = e->nxt, n_ev = t->n;
    int64_t *lastev = e->lastev;
    for (unsigned q = 0, capT = e->capT; q < capT; q++) nxt[q] = n_ev, lastev[q] = -1;
    memset(e->yields, 0, e->capT * sizeof *e->yields);
    for (size_t i = t->n; i-- > n;) e->nxt[t->ev[i].act.tid] = i;
    for (size_t i = 0; i < n; i++) {
        e->lastev[t->ev[i].act.tid] = (int64_t)i;
        if (t->ev[i].act.kind == RV_ACT_YIELD) e->yields[t->ev[i].act.tid]++;
    }
    uint64_t cost = 0;
    tlocal sll = local(e, R_SL), vsll = local(e, R_VSL);
    tref sl = lref(&sll), vsl = lref(&vsll);
    ts_zero(e, sl);
    ts_zero(e, vsl);
    bool optimal = e->cfg.mode == RV_DPOR_OPTIMAL;
    if (n) {
        node *b = &e->st[n - 1];
        b->ndom = t->ev[n - 1].act.ndom ? t->ev[n - 1].act.ndom : 1;
        if (e->cfg.mode == RV_DPOR_OPTIMAL && b->cur >= 0) {
            e->w[b->cur].act = t->ev[n - 1].act; /* the branch just taken, as it ran */
            value_siblings(e, n - 1, b, &t->ev[n - 1], b->cur);
            b->ndom = 1;
        }
        int64_t *Y = e->Y;
        memcpy(Y, e->yields, e->capT * sizeof *Y);
        if (t->ev[n - 1].act.kind == RV_ACT_YIELD) Y[b->tid]--; /* yields before n-1 */
        cost = cost_after(e, n - 1, nset(e, b, S_EN), b->cost, Y, b->tid);
        tlocal inl = local(e, R_IN);
        tref in = lref(&inl);
        if (e->sleep_sets) { /* sleep | (done & ~fatal) */
            ts_copy(e, in, nset(e, b, S_DONE));
            ts_andnot(e, in, nset(e, b, S_FATAL));
            ts_or(e, in, nset(e, b, S_SLEEP));
            sleep_after(e, in, n - 1, sl);
        }
        if (optimal) { /* vdone | sleep | done */
            ts_copy(e, in, nset(e, b, S_VDONE));
            ts_or(e, in, nset(e, b, S_SLEEP));
            ts_or(e, in, nset(e, b, S_DONE));
            sleep_after(e, in, n - 1, vsl);
        }
        collect(e, n - 1);
    }
    for (size_t k = n;; k++) {
        races_at(e, k, n);
        if (k == t->n) {
            if (e->fatal_last) ts_add(e, nset(e, &e->st[k - 1], S_FATAL), t->err_tid);
            return W_MAXIMAL;
        }
        const rv_event *ev = &t->ev[k];
        unsigned p = ev->act.tid;
        if (e->cfg.bound == RV_BOUND_FAIR && k > rv_max_depth(e->x->opt)) {
            rv_observe_livelock(e->x, t, k);
            return W_LIVELOCK;
        }
        node *nd = push_node(e);
        if (e->cfg.mode == RV_DPOR_OPTIMAL) nd->wut = k ? e->st[k - 1].cur : e->wroot;
        set_enabled(e, nd, k);
        tref en = nset(e, nd, S_EN);
        ts_copy(e, nset(e, nd, S_SLEEP), sl);
        ts_copy(e, nset(e, nd, S_VDONE), vsl); /* ⊇ sl: the same filter over a superset */
        nd->cost = cost;
        if (ts_has(e, sl, p)) {
            /* the backend had to run a sleeping thread (threads above 63
             * are never avoided: rv_limits.avoid is a 64-bit mask) */
            unsigned q = ts_next(e, en, 0);
            while (q != NONE && ts_has(e, sl, q)) q = ts_next(e, en, q + 1);
            if (q == NONE) return W_BLOCKED;
            ts_add(e, nset(e, nd, S_BT), q);
            if (e->cfg.mode == RV_DPOR_OPTIMAL) {
                const rv_action *a = pending(e, q);
                rv_action none = {.kind = RV_ACT_NONE, .tid = (uint16_t)q};
                if (wfind(e, nd->wut, q, 0) < 0) wappend(e, nd->wut, wnew(e, a ? a : &none, 0));
            }
            return W_CONTINUE;
        }
        if (e->cfg.bound != RV_BOUND_NONE) {
            uint64_t c = cost_after(e, k, en, cost, e->yields, p);
            unsigned best = cheapest(e, k, en, cost, en);
            uint64_t cb = cost_after(e, k, en, cost, e->yields, best);
            /* Initialize picks a lowest-cost thread (Algorithms 2 and 3);
             * the backend's policy may have picked another one */
            if (c > cb) {
                initialize(e, nd, best);
                return W_CONTINUE;
            }
            cost = c;
        }
        initialize(e, nd, p);
        if (e->cfg.mode == RV_DPOR_OPTIMAL) attach(e, k, nd, ev);
        nd->tid = (uint16_t)p;
        nd->val = ev->val;
        nd->ndom = ev->act.ndom ? ev->act.ndom : 1;
        if (e->sleep_sets) sleep_step(e, sl, k);
        if (optimal) sleep_step(e, vsl, k); /* only value_siblings reads it */
        e->nxt[p] = e->nextsame[k];
        e->lastev[p] = (int64_t)k;
        if (ev->act.kind == RV_ACT_YIELD) e->yields[p]++;
        collect(e, k);
    }
}

/* The backend's contract: the same prefix, the same events.  A program
 * that does not repeat itself (the real clock, a file, uninitialised
 * memory) would make the stack's states meaningless; the steps of the
 * prefix before the last one (walked from `from`) ran before and must be
 * the same.  False, with the exploration stopped as incomplete, if not. */
static bool repeated(eng *e, size_t from)
{
    for (size_t i = 0; i + 1 < from; i++)
        if (!rv_explore_repeated(e->x, &e->t, i, &e->st[i].ran)) return false;
    return true;
}

/* Note the steps the last walk (from `from`) took, for repeated(). */
static void note_ran(eng *e, size_t from)
{
    for (size_t i = from ? from - 1 : 0; i < e->depth && i < e->t.n; i++)
        e->st[i].ran = e->t.ev[i].act;
}

/* ---- choosing the next branch (Algorithm 1 lines 10-13) ------------------ */

static bool next_branch(eng *e)
{
    if (e->cfg.mode == RV_DPOR_OPTIMAL) return next_branch_optimal(e);
    while (e->depth) {
        size_t k = e->depth - 1;
        node *nd = &e->st[k];
        if (nd->tid != NONE) {
            if (nd->val + 1 < nd->ndom) {
                nd->val++;
                return true;
            }
            ts_add(e, nset(e, nd, S_DONE), nd->tid);
            nd->tid = NONE;
        }
        tref en = nset(e, nd, S_EN), bt = nset(e, nd, S_BT);
        tref done = nset(e, nd, S_DONE), sleep = nset(e, nd, S_SLEEP);
        bool yields = false;
        TS_FOR(e, u, bt)
        {
            /* cand = backtrack & enabled & ~done & ~sleep */
            if (!ts_has(e, en, u) || ts_has(e, done, u) || ts_has(e, sleep, u)) continue;
            if (e->cfg.bound != RV_BOUND_NONE && !yields) yields_at(e, k, e->yields), yields = true;
            if (e->cfg.bound != RV_BOUND_NONE &&
                cost_after(e, k, en, nd->cost, e->yields, u) > e->cfg.c) {
                ts_add(e, done, u); /* visited, not explored (line 12) */
                e->x->stats.bound_reached = true;
                continue;
            }
            nd->tid = (uint16_t)u;
            nd->val = 0;
            nd->ndom = 1; /* learnt from the next execution */
            return true;
        }
        e->depth--;
    }
    return false;
}

static void prefix_push(eng *e, size_t *n, uint16_t tid, uint32_t val)
{
    if (*n == e->capprefix) {
        e->capprefix = e->capprefix ? 2 * e->capprefix : 1024;
        e->prefix = rv_xrealloc(e->prefix, e->capprefix * sizeof *e->prefix);
    }
    e->prefix[(*n)++] = (rv_step){tid, 0, val};
}

/* The schedule to replay: the stack's choices, and in optimal mode the
 * leftmost branch of the wakeup tree below the branch taken last. */
static size_t make_prefix(eng *e)
{
    size_t n = 0;
    for (size_t i = 0; i < e->depth; i++) prefix_push(e, &n, e->st[i].tid, e->st[i].val);
    if (e->cfg.mode == RV_DPOR_OPTIMAL && e->depth)
        for (int32_t c = e->w[e->st[e->depth - 1].cur].child; c >= 0 && e->w[c].val != VIRTUAL;
             c = e->w[c].child)
            prefix_push(e, &n, e->w[c].act.tid, e->w[c].val);
    return n;
}

/* How the backend continues after the prefix: without preemptions for the
 * preemption bound (Algorithm 2's Initialize prefers the last thread),
 * away from sleeping threads with sleep sets. */
static rv_policy policy(eng *e, size_t n)
{
    e->x->backend->limits.avoid = 0;
    if (e->cfg.bound == RV_BOUND_PREEMPTION) return RV_POLICY_STAY;
    if (e->sleep_sets && e->cfg.mode == RV_DPOR_OPTIMAL && e->depth) {
        /* the sleep set at the end of the wakeup sequence (a hint: walk
         * finds out whether a sleeper had to run) */
        size_t k = e->depth - 1;
        node *b = &e->st[k];
        /* (the backend avoids threads below 64 only: their bits suffice) */
        uint64_t sl = b->set[S_SLEEP] | (b->set[S_DONE] & ~b->set[S_FATAL]);
        for (int32_t c = b->cur; c >= 0 && e->w[c].val != VIRTUAL; c = e->w[c].child) {
            const rv_action *a = &e->w[c].act;
            uint64_t out = 0;
            for (uint64_t m = sl & ~(a->tid < 64 ? BIT(a->tid) : 0); m; m &= m - 1) {
                unsigned q = (unsigned)__builtin_ctzll(m);
                const rv_action *pq = pending_at(e, k, q);
                if (pq && !dep(pq, a)) out |= BIT(q);
            }
            sl = out;
        }
        e->x->backend->limits.avoid = sl;
    } else if (e->sleep_sets && n) {
        node *b = &e->st[n - 1];
        uint64_t tb = b->tid < 64 ? BIT(b->tid) : 0;
        e->x->backend->limits.avoid = (b->set[S_SLEEP] | b->set[S_DONE]) & ~tb;
    }
    return RV_POLICY_FIRST;
}

int rv_dpor_run(rv_explore *x, const rv_dpor_cfg *cfg)
{
    eng e = {.x = x, .cfg = *cfg};
    e.sleep_sets = cfg->mode == RV_DPOR_PERSISTENT || cfg->mode == RV_DPOR_SOURCE ||
                   cfg->mode == RV_DPOR_OPTIMAL;
    e.hb = e.sleep_sets;
    e.wfree = -1;
    if (cfg->mode == RV_DPOR_OPTIMAL) {
        rv_action none = {.kind = RV_ACT_NONE, .tid = NONE};
        e.wroot = wnew(&e, &none, 0);
    }
    e.every_race = e.hb;
    if (x->opt->local_states_path) {
        e.ls = rv_localset_new();
        x->backend->limits.fingerprints = true;
    }
    rv_trace_init(&e.t);
    int rc = 0;
    size_t n = 0;
    for (;;) {
        rv_policy pol = policy(&e, n);
        if (rv_execute(x->backend, e.prefix, n, pol, &e.t)) {
            rv_observe(x, &e.t);
            rc = -1;
            break;
        }
        if (e.t.n < n || e.t.end == RV_END_DIVERGED || e.t.end == RV_END_PREFIX) {
            if (!rv_observe(x, &e.t)) {
                rc = 1;
                break;
            }
            if (e.t.n < e.depth) e.depth = e.t.n;
        } else {
            size_t from = cfg->mode == RV_DPOR_OPTIMAL ? e.depth : n;
            if (!repeated(&e, from)) {
                rc = 1;
                break;
            }
            walk_end w = walk(&e, from);
            note_ran(&e, from);
            if (w == W_BLOCKED) rv_observe_blocked(x);
            if (w == W_LIVELOCK || (w == W_MAXIMAL && !rv_observe(x, &e.t))) {
                rc = 1;
                break;
            }
        }
        if (!next_branch(&e)) break;
        n = make_prefix(&e);
    }
    x->backend->limits.avoid = 0;
    if (e.ls) {
        if (rv_localset_write(e.ls, x->opt->local_states_path) < 0)
            rv_explore_incomplete(x, "could not write --local-states");
        rv_localset_free(e.ls);
    }
    rv_trace_free(&e.t);
    free(e.st);
    free(e.prefix);
    free(e.nextsame);
    free(e.prevsame);
    free(e.lidx);
    free(e.vc);
    free(e.w);
    free(e.vt);
    free(e.vv);
    free(e.va);
    free(e.vused);
    free(e.hiw);
    free(e.scr);
    free(e.hien_rows);
    rv_hien_free(e.hien);
    free(e.created);
    free(e.nxt);
    free(e.lastev);
    free(e.yields);
    free(e.Y);
    free(e.firstv);
    free(e.held);
    free(e.last);
    free(e.cnt);
    return rc;
}

/* ---- the algorithms ---------------------------------------------------- */

int rv_algo_dpor(rv_explore *x)
{
    const rv_options *o = x->opt;
    if (o->bound != RV_BOUND_NONE) return rv_algo_bpor(x);
    rv_dpor_cfg cfg = {.mode = RV_DPOR_PERSISTENT};
    return rv_dpor_run(x, &cfg);
}

int rv_algo_source(rv_explore *x)
{
    rv_dpor_cfg cfg = {.mode = RV_DPOR_SOURCE};
    return rv_dpor_run(x, &cfg);
}

int rv_algo_optimal(rv_explore *x)
{
    rv_dpor_cfg cfg = {.mode = RV_DPOR_OPTIMAL};
    return rv_dpor_run(x, &cfg);
}
