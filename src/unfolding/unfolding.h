/*
 * unfolding.h — the unfolding of a program under rv_dependent() (DESIGN §2.7;
 * seed 001 §3, seed 004 §3.4): events hash-consed by canonical name, causality
 * and conflict queries, conflicting extensions of an executed trace,
 * alternatives (exact and k-partial), state fingerprints for cutoffs, and a
 * DOT writer.  Used by src/explorers/udpor.c (Algorithm 1 of seed 001).
 *
 * Events.  An event is ⟨a, H⟩: an action of thread t after the history H (a
 * configuration), named canonically by (t, kind, object, choice, the
 * <-maximal events of H).  `choice` tells apart events that share a history
 * and differ only in a value choice: the value index of a nondet, the woken
 * thread of a signal.  Every other field of the action is a function of
 * (t, H): the thread's next action is determined by its local configuration
 * and results (trylock success, broadcast mask, ...) by the state of H.
 *
 * Invariants.
 *  - Hash-consing: at most one event per canonical name; rv_unf_intern finds
 *    or creates it.  U and the cache G of Algorithm 1 share the table; events
 *    are freed only by rv_unf_remove (G discarded, under the memory bound
 *    --cache-mb) and rv_unf_free.  An event met again after it was freed is
 *    interned anew (another id, same canonical name).
 *  - Per thread, events form a tree by `tparent` (the previous event of the
 *    same thread in [e]); depth = number of events of the thread in [e].
 *    `jump` is a skew-binary jump pointer (Myers 1983): the ancestor at any
 *    depth is found in O(log depth) steps.
 *  - tmax[u] = the <-maximal event of thread u in [e] (NULL if none), for
 *    u < nt.  A configuration is determined by its per-thread maxima, so
 *    e' ≤ e  iff  tmax[tid(e')] of e descends from e' in its thread tree:
 *    O(log depth), no graph search (rv_unf_leq).
 *  - lsize = |[e]|, a linear extension of <: e < e' implies lsize < lsize'.
 *  - Early ends: when an execution stops in the middle (assertion failure,
 *    abort, crash, misuse, failed assume), its last event x is *fatal*:
 *    nothing can happen after it.  It is interned as x_f, the same action
 *    with flag RV_UF_ERR, which rv_unf_dep() makes dependent with every
 *    action, so its history is the whole execution before it and it
 *    conflicts with everything concurrent: the maximal configurations that
 *    contain one are exactly the Mazurkiewicz traces of the failing
 *    executions.  Its non-fatal twin ⟨a, H⟩ (H the history under
 *    rv_dependent) can never be executed without failing: it is marked
 *    dead and never used in an alternative.
 *  - The current configuration: after rv_unf_map_trace, cur[0..ncur) are the
 *    events of the last execution in its order and ev->pos is the index of
 *    an event in it (-1 for the others), so "e ∈ C_j" (the first j events)
 *    is the O(1) test 0 <= pos < j.
 *
 * Costs (n = |U|, m = |C|, d = thread depth): intern O(np + T) plus hashing
 * and filing in the per-object index (event.c); leq O(log d); immediate
 * conflicts of an event: cached and extended incrementally, each update
 * reading, per other thread touching the event's objects, either a walk
 * of that thread's tree from the event's view of it down through
 * independent events (bounded by an eighth of the scan it replaces;
 * independent of how many events the object has: issue 29) or the index
 * buckets of the event's objects, then its siblings but those with its
 * exact action (found by name: they conflict only with the same history)
 * and the universal bucket (binary
 * search to icf_upto), then per candidate one word test of the dependence
 * signatures, O(1) sibling and depth tests, O(T log d) when the two
 * histories branch in some thread tree, else walks of [a) \ [b) and
 * [b) \ [a) (a bucket's blocks of 16 entries whose every history holds
 * the end of e's thread are skipped in one test); mapping a trace of n
 * events whose first L equal the previous trace's: O(L) comparisons, then
 * O((n - L) T) plus the per-object chain entries walked and unlinked
 * (extend.c, rv_mapkeep), an event not in the kept prefix found by a
 * name comparison with the previous configuration (`hint`) or with its
 * thread predecessor's last mapped successor (`lastkid`), or by hashing,
 * and made without any search when its history holds an event the same
 * mapping created (it is new then);
 * Extend: O(|C| + |N| T' log |C|) for N = C \ C' (C' the configuration
 * of the previous call, T' the threads whose templates' signatures meet
 * the new event's) to find the positions that can have new extensions,
 * the index of C brought up to date in O(k) per position of C past the
 * prefix it shares with the last one indexed, then the enumeration at
 * those positions restricted to histories holding an event of N
 * (extend.c, "Incremental Extend"), each history's state replayed from
 * the synchronisation index's positions for its template, from a
 * checkpoint below the history's first missing position of C (long
 * lists), the antichains of candidates visited through per-thread
 * intervals of those concurrent with the chosen ones (long candidate
 * lists): O(T log |C|) per history enumerated, not O(|C|);
 * conflict-freeness of C ∪ X: O(|X| · |C|) dependence tests (tests filter
 * by rv_dependent before any causality query).
 */
#ifndef RAVEL_UNFOLDING_UNFOLDING_H
#define RAVEL_UNFOLDING_UNFOLDING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "../core/trace.h"
#include "../core/util.h"
#include "arena.h"

/* Threads per execution the unfolding holds: every thread of ravel
 * (issue 13 part 3).  Its per-thread tables grow with the threads met
 * (rv_unf.root) and its per-thread scratch arrays are on the stack up to
 * RV_UNF_STK_THREADS threads, on the heap above (rv_unf_scratch), so that
 * programs of few threads pay what they did.  What stays per thread is
 * the dense causality: each event keeps one entry per thread up to the
 * largest in its history (tmax, 8 bytes each) and the mapping one clock
 * entry per thread per event (4 bytes): memory grows as events × threads
 * (docs/DESIGN.md "Many threads"). */
#define RV_UNF_MAX_THREADS RV_MAX_THREADS
#define RV_UNF_STK_THREADS 1024
/* udpor's default --max-threads (cli check.c): a program that creates
 * thousands of threads one after the other would otherwise build clocks
 * of events × threads entries (16,384 threads of 6 events each: 6 GB);
 * --max-threads raises it up to RV_UNF_MAX_THREADS. */
#define RV_UNF_DEF_THREADS 1024

/* A scratch array of `bytes`: stk (of stk_bytes) when it fits, else the
 * heap; rv_unf_scratch_free(p, stk) frees what came from the heap. */
static inline void *rv_unf_scratch(void *stk, size_t stk_bytes, size_t bytes)
{
    return bytes <= stk_bytes ? stk : rv_xmalloc(bytes);
}
static inline void rv_unf_scratch_free(void *p, const void *stk)
{
    if (p != stk) free(p);
}

typedef struct rv_uevent rv_uevent;

/* A cycle the mapping of the last execution found (lasso.c): `period`
 * events among the trace's events (from, to] — all of them when `all`,
 * else thread tid's alone (the others there are other threads',
 * independent of them) — bring the program back to the state it had
 * without them, with every thread outside the cycle finished or blocked
 * for good: the program can loop there forever.  nthreads threads act in
 * the cycle; tid is the one of its last event. */
typedef struct rv_lasso {
    bool found;
    bool all;
    unsigned tid, nthreads;
    size_t from, to; /* trace indices; to is the cycle's last event */
    uint32_t period;
} rv_lasso;

/* An entry of the per-object index: what its filters need without
 * touching the event. */
typedef struct rv_uentry {
    uint64_t idt; /* id << 32 | tid */
    uint64_t fin; /* the event's fin */
} rv_uentry;

/* One bucket of the per-object index of U (event.c): the events filed
 * under one key, in increasing id order; for an object key, the threads
 * that have events filed under it. */
typedef struct rv_ubucket {
    uint64_t key; /* 0: empty slot */
    rv_uentry *ent;
    /* ent[0..cap) is followed in the same allocation by band[0..cap /
     * RV_UBLOCK]: band[b] is the AND of the fin of entries [b·RV_UBLOCK,
     * (b+1)·RV_UBLOCK) filed so far, so that a conflict-list update skips
     * a block whose every entry's history holds the updated event's
     * thread's last event in one test (event.c gather; 8 bytes per
     * RV_UBLOCK entries); then bfirst[0..cap / RV_UBLOCK]: the id of each
     * block's first entry, so that finding where an update starts reads
     * one small array, not log n lines of entries (4 bytes per block) */
    uint64_t
        mask; /* object key: threads filed under it, t < 63 as bit t, every t >= 63 as bit 63 */
    uint32_t n, cap;
    uint32_t last; /* 1 + the largest id filed under it (object key: any thread) */
} rv_ubucket;
#define RV_UBLOCK 16

struct rv_uevent {
    rv_action act;      /* with its results (trylock success, woken thread, ...) */
    uint32_t val;       /* value choice (rv_step.val) observed or computed at [e) */
    uint32_t id;        /* index in U, creation order */
    uint64_t choice;    /* part of the canonical name (see above) */
    uint64_t sig;       /* rv_dep_sig of act (every bit for fatal events) */
    rv_uevent *tparent; /* previous event of the same thread, or NULL */
    rv_uevent *jump;    /* skew-binary jump pointer in the thread tree */
    rv_uevent **pred;   /* immediate causal predecessors: max([e) ) */
    rv_uevent **tmax;   /* per-thread maxima of [e], length nt */
    uint64_t hname;     /* hash of the canonical name under the current ids (event.c) */
    uint32_t depth;     /* events of this thread in [e] */
    uint32_t flevel;    /* Foata level: 1 + the largest flevel of a cause (1 if none) */
    uint32_t lsize;     /* |[e]| */
    uint32_t nn;        /* events of this thread up to e that change object states (cutoff.c) */
    uint64_t fin;       /* threads whose last event (exit or fatal) is in [e) */
    uint16_t npred, nt;
    int32_t pos;    /* index in the current configuration, or -1 */
    uint32_t mark;  /* scratch marks for walks (epoch-stamped) */
    uint32_t jmark; /* membership in the alternative under construction */
    uint32_t dmark; /* membership in D during an alternative search */
    /* immediate conflicts #^i_U(e), complete against U[0..icf_upto) */
    rv_uevent **icf;
    uint32_t nicf, capicf, icf_upto;
    uint64_t pc;
    uint64_t fp_lo, fp_hi; /* backend fingerprint after this event (0 if unknown) */
    uint64_t wv_lo, wv_hi; /* its change of the memory image (trace.h rv_event.wv), if wv_ok */
    uint32_t taint;        /* RV_TAINT_* of the backend: state changed without an event */
    rv_hash128 state;      /* fingerprint of state([e]) (cutoffs) */
    bool has_fp;           /* fp_lo/hi observed */
    bool wv_ok;            /* wv_lo/hi observed (RV_EV_WV) */
    bool state_ok;         /* decided (cutoff or not) */
    bool state_known;      /* `state` holds state([e]) (decided, not unique) */
    bool cutoff;           /* cutoff(e, U, G) held when first decided */
    bool executed;         /* seen in an execution */
    bool dead;             /* the non-fatal twin of a fatal event: never executable */
    bool bc_val;           /* memo of "a cause is a cutoff", valid at bc_ver */
    uint64_t bc_ver;
    bool dead_child; /* some thread successor of this event is dead */
    bool sib_same;   /* its action is its first sibling's, byte for byte (event.c) */
    /* Values (executed events; docs/UDPOR.md "Compare-and-swap"): what the
     * event left in the bytes it writes: RV_WEFF_*, and the bytes when
     * known (memory writes of len <= 8: [obj, obj+len); create: *thread). */
    uint8_t weff;
    uint64_t wval;
    rv_hash128 nh; /* hash of the canonical name, recursive (fatal.c); 0 until computed */
    /* incremental Extend (extend.c): the last rv_unf_extend call whose C
     * held the event, the last one that enumerated the extensions of its
     * thread after it, and whether it is new in C (not in that call's
     * previous C) */
    uint32_t xgen, pgen;
    bool xnew;
    /* the bucket of its thread successors (the siblings' bucket of the
     * per-object index, event.c): here, not in the index's hash table,
     * whose probes it made most of (one key per event with a child) */
    rv_ubucket kids;
    rv_uevent *lastkid; /* the thread successor mapped last (a guess for the next mapping) */
};

/* The bytes of an event that u->bytes counts (--cache-mb): its fields up
 * to `kids`; those from `kids` on belong to the index, the hash-consing
 * table and the mapping, which are not counted. */
#define RV_UEVENT_BYTES offsetof(rv_uevent, kids)

#define RV_WEFF_NONE    0 /* writes nothing (reads, a failed CAS, sync objects) */
#define RV_WEFF_KNOWN   1 /* wrote wval */
#define RV_WEFF_UNKNOWN 2 /* wrote bytes the backend did not report */

/* rv_action.flags bit of fatal events (outside RV_AF_*). */
#define RV_UF_ERR 0x80u
static inline bool rv_unf_is_err(const rv_uevent *e)
{
    return (e->act.flags & RV_UF_ERR) != 0;
}

/* The dependence of the unfolding: rv_dependent(), and fatal events
 * depend on everything. */
static inline bool rv_unf_dep(const rv_action *a, const rv_action *b)
{
    return ((a->flags | b->flags) & RV_UF_ERR) || rv_dependent(a, b);
}

/* A slot of the hash-consing table: the name's hash beside the event, so
 * that a probe touches an event only when the hashes match (issue 11:
 * most lookups of the mapping create the event, and walking a chain
 * missed on every event in it). */
struct rv_hslot {
    uint64_t h;
    rv_uevent *e; /* NULL: empty */
};

typedef struct rv_unf {
    rv_uarena arena; /* events, their arrays, conflict lists, index buckets (arena.h) */
    rv_uevent **ev;  /* U: every event, by id */
    uint64_t *sig;   /* sig[id] = ev[id]->sig, contiguous for the conflict-list scans */
    size_t n, cap;
    struct rv_hslot *htab; /* hash-consing table: open addressing, load <= 1/2 */
    size_t hcap;
    rv_ubucket *ix; /* per-object index: key -> events (open addressing) */
    size_t nix, capix;
    unsigned ixnth;        /* 1 + the largest thread id filed in ix (rv_ubucket.mask's bit 63) */
    struct rv_uroot *root; /* per thread t < nroot (rv_unf_root) */
    unsigned nroot;
    rv_uentry *scratch; /* candidates of one conflict-list update */
    size_t capscratch;
    rv_uentry *scratch2; /* the other buffer of their merge */
    size_t capscratch2;
    rv_uevent **wstack; /* the thread-tree walk of a conflict-list update (event.c) */
    size_t capwstack;
    uint32_t epoch;  /* for mark */
    uint32_t jepoch; /* for jmark */
    rv_uevent **cur; /* the current configuration, in execution order */
    size_t ncur, capcur;
    rv_uevent **hint; /* the previous configuration while a trace is mapped (extend.c) */
    size_t nhint, caphint;
    /* cutoff table: state hash -> smallest |[e]| seen */
    struct rv_cutslot *cut;
    size_t ncut, capcut;
    struct rv_cutprefix *cutpre; /* states of the current execution's prefixes */
    /* rv_unf_cut_sweep's work list: the events of U[0..undec_upto) not yet
     * decided, in id order; U[undec_upto..n) are not swept yet */
    rv_uevent **undec;
    size_t nundec, capundec, undec_upto;
    uint64_t bytes;           /* memory held by events (for --cache-mb accounting) */
    uint64_t nevicted;        /* events freed by rv_unf_remove so far */
    uint64_t nevicted_prefix; /* of those, events of the explored prefix (no cutoff) */
    uint64_t ncutoffs;
    uint64_t
        cutmask;    /* threads < RV_MASK_THREADS that lost events to cutoffs in the last mapping */
    rv_lasso lasso; /* a cycle the last mapping found (lasso.c), if any */
    uint32_t unique_why; /* RV_UNIQ_* / RV_TAINT_*: why states were made unique (cutoff.c) */
    /* where: the first sources met (distinct reason, place and function) */
    rv_unique_src unique_src[RV_UNIQUE_SRC_MAX];
    unsigned nunique_src;
    bool unique_src_more; /* more were met than unique_src holds */
    /* names (nh) of the executed events rv_unf_remove freed (fatal.c):
     * open addressing, 16 bytes per entry, outside the --cache-mb bound */
    rv_hash128 *xrec;
    size_t nxrec, capxrec;
    size_t named;      /* ev[0..named) have nh */
    bool inconsistent; /* a backend result contradicted the model */
    /* Labels of the adequate order (cutoff.c) name an object by
     * objkey(objkey_ctx, obj) when set (the backend's object_key: not the
     * address of a global, which moves with the program's layout). */
    uint64_t (*objkey)(void *ctx, uint64_t obj);
    void *objkey_ctx;
    /* set once rv_unf_stop() saw the run asked to stop (src/core/stop.h:
     * --time-limit, SIGINT, SIGTERM): Extend, the alternatives' search
     * and the explorer's loops over U return early, U and the answers are
     * then incomplete, and the caller ends the exploration */
    bool interrupted;
    uint32_t ticks;
    char why[256];
    /* initial values of the bytes compare-exchanges touch (extend.c) */
    struct rv_ival *ival;
    size_t nival, capival;
    uint32_t ival_ver; /* bumped when a learnt initial value turns out unknown */
    /* incremental Extend (extend.c): the generation of the last call, and
     * per thread the last one that enumerated its first position; what
     * forces a full enumeration if it changed since */
    uint32_t xgen;
    uint64_t xevicted;
    uint32_t xival_ver;
    /* Extend's buffers, kept from call to call (extend.c) */
    struct rv_xscratch *xs;
    /* the alternatives' scratch, kept from call to call (alt.c) */
    rv_uevent **altX, **alttg;
    size_t capaltX, capalttg;
    struct rv_bcframe *bcstk; /* beyond_cutoff's walk (alt.c) */
    size_t capbcstk;
    /* the previous execution's mapping, for the next one (extend.c) */
    struct rv_mapkeep *mk;
} rv_unf;

/* What the unfolding keeps per thread, grown to the threads met. */
typedef struct rv_uroot {
    rv_ubucket kids; /* the thread's events without tparent (its first events) */
    uint32_t gen;    /* the last rv_unf_extend call that enumerated its first position */
    bool dead;       /* a first event of it has a dead twin */
} rv_uroot;

/* Thread t's entry, made (zero) if t is past the table. */
rv_uroot *rv_unf_root(rv_unf *u, unsigned t);
/* Thread t's entry if it has one, else NULL (nothing is made). */
static inline const rv_uroot *rv_unf_root_get(const rv_unf *u, unsigned t)
{
    return t < u->nroot ? &u->root[t] : NULL;
}

/* Writes to *out (capacity *cap, grown as needed) the non-empty buckets
 * (each in id order) whose events hold every e ∉ C_j = cur[0..j) with
 * [e) ⊆ C_j such that C_j ∪ {e} is conflict-free: the thread successors
 * of each thread's last event in C_j (the first events of threads
 * without one) and the universal events.  Returns their number, at most
 * one per thread plus one; O(j + threads). */
size_t rv_unf_ext_buckets(rv_unf *u, size_t j, const rv_ubucket ***out, size_t *cap);

/* Free an event, its conflict list and its siblings' bucket (rv_unf_remove). */
void rv_unf_event_free(rv_unf *u, rv_uevent *e);

/* Free the kept mapping (rv_unf_free). */
void rv_unf_map_free(rv_unf *u);

/* Free Extend's buffers (rv_unf_free). */
void rv_unf_extend_free(rv_unf *u);

/* Free the initial-value table (rv_unf_free). */
void rv_unf_vals_free(rv_unf *u);

/* Why a state was made unique (rv_unf.unique_why), besides the backend's
 * RV_TAINT_* bits (src/runtime/protocol.h, low bits). */
#define RV_UNIQ_BIG_WRITE 0x100u /* a write the backend did not hash (> RV_WV_MAX bytes) */
#define RV_UNIQ_KIND      0x400u /* an event kind whose effect on objects is not folded */
/* an event of a thread >= RV_MASK_THREADS, or of its world flags */
#define RV_UNIQ_HI_SYNC 0x800u
/* The reasons as text ("a, b"), for the summary. */
void rv_unf_unique_str(uint32_t why, char *out, size_t n);
/* Note where the taint of an executed event came from (rv_unf.unique_src;
 * its states are unique).  Called as executions are mapped with cutoffs. */
void rv_unf_note_taint(rv_unf *u, const rv_event *ev);

void rv_unf_init(rv_unf *u);
void rv_unf_free(rv_unf *u);

/* Find or create ⟨a, H⟩ with H = ↓preds (preds: the maximal events of H, in
 * any order, duplicates allowed; tparent: the previous event of a's thread in
 * H).  *created tells whether it is new. */
rv_uevent *rv_unf_intern(rv_unf *u, const rv_action *a, uint32_t val, rv_uevent *tparent,
                         rv_uevent *const *preds, size_t np, bool *created);
/* rv_unf_intern of a name the caller knows is not in U (the same event,
 * id and table as rv_unf_intern would make): the table's slot is fetched
 * ahead while the event is made. */
rv_uevent *rv_unf_intern_new(rv_unf *u, const rv_action *a, uint32_t val, rv_uevent *tparent,
                             rv_uevent *const *preds, size_t np);

/* The event of that canonical name, or NULL (nothing is created). */
rv_uevent *rv_unf_find(rv_unf *u, const rv_action *a, uint32_t val, rv_uevent *const *preds,
                       size_t np);

/* The canonical choice of an action (nondet: value index; signal: woken). */
uint64_t rv_unf_choice(const rv_action *a, uint32_t val);

/* Keys of the per-object index (event.c) for an action: lookup = false,
 * where it is filed; lookup = true, where every action of another thread
 * that it may depend on (rv_unf_dep) is filed, or SIZE_MAX when it depends
 * on everything.  Up to 64 keys are written to out. */
size_t rv_unf_dep_keys(const rv_action *a, bool lookup, uint64_t *out);

/* a ≤ b (causality, reflexive). */
bool rv_unf_leq(const rv_uevent *a, const rv_uevent *b);
static inline bool rv_unf_concurrent(const rv_uevent *a, const rv_uevent *b)
{
    return !rv_unf_leq(a, b) && !rv_unf_leq(b, a);
}

/* a #^i b: immediate conflict (seed 001 §3): a # b, and [a] ∪ [b) and
 * [a) ∪ [b] are configurations (so a, b are dependent and concurrent). */
bool rv_unf_icf(rv_unf *u, rv_uevent *a, rv_uevent *b);
/* Bring #^i_U(e) up to date with U[e->icf_upto..n) (rv_unf_icf_list). */
void rv_unf_icf_update(rv_unf *u, rv_uevent *e);
/* #^i_U(e), brought up to date with every event of U.  Inline: most calls
 * (the alternatives' conflict checks) find the list complete, and the
 * call of the update's large frame was most of their cost (issue 11). */
static inline rv_uevent *const *rv_unf_icf_list(rv_unf *u, rv_uevent *e, size_t *n)
{
    if (e->icf_upto < u->n) rv_unf_icf_update(u, e);
    *n = e->nicf;
    return e->icf;
}

/* Map an execution onto the unfolding: intern each event with its immediate
 * causal predecessors computed from the trace with rv_dependent(); sets
 * cur/pos.  Learns semaphore bounds.  With `cutoffs`, each event is decided
 * as it is interned (rv_unf_cutoff); a cutoff stays in U but not in C, and
 * the events above it are neither interned nor in C (a suffix of each
 * thread): cur is then the cutoff-free part of the execution and cutmask
 * the threads that lost events.  Returns the number of new events. */
size_t rv_unf_map_trace(rv_unf *u, const rv_trace *t, bool cutoffs);

/* Add to U the conflicting extensions of every prefix of the current
 * configuration (seed 001 Extend, seed 004 §3.6): for each thread position
 * the events ⟨a, H⟩ with H ⊆ C, for every history H whose maximal events
 * are dependent with a and at whose state a is enabled.  `pending` says
 * whether the final pending actions are extensions too (false after an
 * execution that stopped early: error, limit).  Incremental: extensions
 * whose history lies within the configuration of the previous call are
 * not enumerated again (they are in U, unless a Remove ran since: then
 * everything is).  Returns new events. */
size_t rv_unf_extend(rv_unf *u, const rv_trace *t, bool pending);

/* A twin has just been found dead: add its fatal variants ⟨a_f, H⟩ for
 * every configuration H of executed events whose part a depends on is the
 * twin's history (fatal.c).  Returns new events. */
size_t rv_unf_fatal_variants(rv_unf *u, const rv_uevent *twin);

/* Remove frees executed events that fatal variants of a twin found dead
 * later need (fatal.c).  rv_unf_fatal_forget records the canonical name
 * of such an event before it is freed; rv_unf_fatal_recall, after new
 * events U[from..n) were added, marks those whose name is recorded as
 * executed again and adds the fatal variants of every dead twin that they
 * extend.  Returns new events.  rv_unf_fatal_free frees the record. */
void rv_unf_fatal_forget(rv_unf *u, rv_uevent *e);
size_t rv_unf_fatal_recall(rv_unf *u, size_t from);
void rv_unf_fatal_free(rv_unf *u);
/* Compute nh for every event (ids in creation order: causes first). */
void rv_unf_name_all(rv_unf *u);

/* Whether the run was asked to stop (src/core/stop.h), polled every 256
 * calls; once true it stays true (u->interrupted).  Every loop of the
 * unfolding that can run long calls it, and the caller of an interrupted
 * function ends the exploration (its answer is incomplete). */
bool rv_unf_stop(rv_unf *u);

/* Alternatives (seed 001 Def. 8): find J with C_j ∪ J a configuration and
 * every d in D (not already in conflict with C_j) in immediate conflict with
 * some event of C_j ∪ J, C_j = cur[0..j).  k = 0: exact backtracking search
 * (finds one iff one exists in U); k > 0: only the k most recently added
 * events of D (the end of the array) must be matched (seed 004 §3.7).
 * Skips events marked cutoff.  On success returns true and J \ C_j in a
 * causal order in *out (caller frees).  False with u->interrupted set
 * when the run was asked to stop during the search (rv_unf_stop): no
 * answer. */
bool rv_unf_alt(rv_unf *u, size_t j, rv_uevent *const *D, size_t nd, unsigned k, rv_uevent ***out,
                size_t *nout);

/* Is C_j ∪ [e] conflict-free (e enabled or addable after C_j)? */
bool rv_unf_compatible(rv_unf *u, size_t j, rv_uevent *e);

/* The schedule replaying cur[0..j) followed by J[0..nj): one step per event,
 * signal
 * values recomputed along the sequence (the waiter index of the woken
 * thread depends on the interleaving).  Returns the number of steps. */
size_t rv_unf_schedule(rv_unf *u, size_t j, rv_uevent *const *J, size_t nj, rv_step *out);

/* Cutoffs (seed 001 §5.2 eq. (7)): compute state([e]) from backend
 * fingerprints and decide cutoff(e, U, G) by a total adequate order on
 * local configurations (size, then Parikh vector, then Foata normal form;
 * seed 000 App. C.1) over every event seen.  Returns e->cutoff. */
bool rv_unf_cutoff(rv_unf *u, rv_uevent *e);
/* rv_unf_cutoff on every undecided event of U, in id order (an execution
 * has just been mapped), visiting only those: a decided event stays
 * decided, so the sweep costs the undecided and new events, not |U|.
 * Stops early when rv_unf_stop says so. */
void rv_unf_cut_sweep(rv_unf *u);
/* rv_unf_remove renumbered U: the next sweep visits U from the start. */
void rv_unf_cut_renumbered(rv_unf *u);

/* Non-termination (lasso.c): the mapping of trace tr has just decided
 * that e, its event at index i, is a cutoff.  If the cut-off part is a
 * cycle of e's thread that no other thread can ever interrupt, records it
 * in u->lasso (the first one of a mapping). */
void rv_unf_lasso_check(rv_unf *u, const rv_trace *tr, size_t i, const rv_uevent *e);
/* Non-termination at the end of a run (lasso.c): the trace ends, at its
 * budget, in a cycle of one thread's reads and yields (fingerprints
 * recurring) while every other thread has finished or waits for good;
 * records it in u->lasso unless one was found already. */
void rv_unf_lasso_tail(rv_unf *u, const rv_trace *tr);

/* Fold the event at position e->pos of the current execution into the
 * running state of its prefixes (called by rv_unf_map_trace for each
 * event it keeps, in order, before rv_unf_cutoff; position 0 starts a new
 * execution).  Where [e] is that prefix, rv_unf_cutoff takes its state
 * from here in O(1) instead of folding [e]. */
void rv_unf_cut_prefix(rv_unf *u, rv_uevent *e);

/* Build the order keys the cutoff table still names by event (before
 * rv_unf_remove frees events). */
void rv_unf_cut_materialise(rv_unf *u);

/* Free the cutoff table (rv_unf_free). */
void rv_unf_cut_free(rv_unf *u);
/* Hand the table of ◁-least configurations per state over from `from`
 * (whose events are still allocated) to `to`, which then decides cutoffs
 * against them too: each is a configuration that was executed, so a
 * witness of eq. (7) (udpor.c, deepening passes). */
void rv_unf_cut_move(rv_unf *from, rv_unf *to);

/* Remove (seed 001 Alg. 1 lines 15-18) with the cache G discarded: free
 * every event outside Q_{C,D,U} = C ∪ D ∪ ⋃_{e ∈ C∪D} [#^i_U(e)] (seed 000
 * §4, App. B.5), C ∪ D given by keep[] plus the current configuration cur;
 * dead twins are kept too.  Surviving events are renumbered (ids stay in
 * creation order) and the hash-consing table is rebuilt; pointers to freed
 * events held outside U become invalid.  Cost O(|U| + |Q| · preds) plus
 * bringing the conflict lists of C ∪ D up to date.  Returns the number of
 * events freed. */
size_t rv_unf_remove(rv_unf *u, rv_uevent *const *keep, size_t nkeep);

/* Rebuild the hash-consing table (after ids changed). */
void rv_unf_rehash(rv_unf *u);

/* Write U as a Graphviz graph: causality (immediate predecessors) and
 * immediate conflicts (dotted); cutoffs are grey. Returns 0 or -1. */
int rv_unf_dot(rv_unf *u, const char *path);

#endif
