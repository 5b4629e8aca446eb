/*
 * extend.c — from executions to the unfolding: mapping a trace onto events
 * (hash-consing each event's canonical name) and computing the conflicting
 * extensions of the executed configuration (seed 001 Alg. 1 line 14,
 * seed 004 §3.6, generalised to every action kind of DESIGN §2.6).
 *
 * Extensions.  Every extension ⟨a, H⟩ of a prefix of C belongs to a thread
 * t and a position in t's events: after p (the <-maximal t-event of H, or
 * none), a is t's next action after p (known from C: the next t-event, or
 * the pending action at the end; it is a function of [p]).  H = [p] ∪ ↓S
 * for an antichain S of events of C, none ≤ p, none ≥ the next t-event, all
 * dependent with a (seed 001 Def. 3: the maximal events of a history are
 * dependent with the action).  Whether a is enabled at state(H), and its
 * results, are computed by replaying H's events of C in execution order
 * through a small model of the synchronisation objects (any linearisation
 * of H reaches state(H)).  For a mutex, S ranges over a chain, so the
 * enumeration is linear; for memory writes after concurrent reads it is the
 * number of antichains of those reads, which is the number of such events
 * in the unfolding.  Each call enumerates only what the previous call did
 * not ("Incremental Extend" below, issue 11).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/model.h"
#include "../core/stop.h"
#include "unfolding.h"
#include "values.h"

/* ---- mapping a trace --------------------------------------------------- */

static void note_inconsistent(rv_unf *u, const char *why, const rv_action *a)
{
    if (u->inconsistent) return;
    u->inconsistent = true;
    char buf[96];
    snprintf(u->why, sizeof u->why, "%s: %s", why, rv_action_str(a, buf, sizeof buf));
}

/* The executed action agrees with the model's prediction for the event. */
static void check_same(rv_unf *u, const rv_uevent *e, const rv_action *a)
{
    if (e->act.kind != a->kind || e->act.obj != a->obj || e->act.obj2 != a->obj2)
        note_inconsistent(u, "event name clash", a);
    switch (a->kind) {
    case RV_ACT_TRYLOCK:
    case RV_ACT_SEM_TRYWAIT:
    case RV_ACT_BROADCAST:
    case RV_ACT_ONCE_BEGIN:
    case RV_ACT_JOIN:
    case RV_ACT_TRYRDLOCK:
    case RV_ACT_TRYWRLOCK:
    case RV_ACT_BAR_ARRIVE:
        if (e->act.arg != a->arg) note_inconsistent(u, "predicted result differs", a);
        break;
    default: /* a CAS's expected value is a function of its thread's history */
        if (rv_is_cas(a) && e->act.arg != a->arg)
            note_inconsistent(u, "compare-exchange expected value differs", a);
        break;
    }
}

/* An execution that stopped in the middle: its last event was fatal.  Not
 * an infeasible one: a failed __VERIFIER_assume stops its thread like a
 * thread blocked forever (the assume is no event, its outcome a function
 * of the thread's history), and the others ran on to the end. */
static bool stopped_early(rv_end e)
{
    return rv_end_is_bug(e) && e != RV_END_DEADLOCK;
}

static void mark_dead(rv_unf *u, rv_uevent *twin)
{
    twin->dead = true;
    if (twin->tparent)
        twin->tparent->dead_child = true;
    else
        rv_unf_root(u, twin->act.tid)->dead = true;
}

/* The fatal event of the last step: its non-fatal twin (history under
 * rv_dependent: preds) is dead; the fatal event's history is every event
 * before it (last[u] = index of thread u's last event). */
static rv_uevent *intern_fatal(rv_unf *u, const rv_action *a, uint32_t val, rv_uevent *tp,
                               rv_uevent *const *preds, size_t np, const int32_t *last, size_t T,
                               bool *isnew)
{
    rv_uevent *twin = rv_unf_intern(u, a, val, tp, preds, np, NULL);
    bool fresh = !twin->dead;
    mark_dead(u, twin);
    rv_uevent *sall[RV_UNF_STK_THREADS];
    rv_uevent **all = rv_unf_scratch(sall, sizeof sall, T * sizeof *all);
    size_t na = 0;
    for (size_t k = 0; k < T; k++)
        if (last[k] >= 0) all[na++] = u->cur[last[k]];
    rv_action f = *a;
    f.flags |= RV_UF_ERR;
    rv_uevent *x = rv_unf_intern(u, &f, val, tp, all, na, isnew);
    rv_unf_scratch_free(all, sall);
    if (fresh) rv_unf_fatal_variants(u, twin);
    return x;
}

/* ---- the dependence predecessors of each event of a trace ---------------
 *
 * The maximal events of [e_i) that e_i depends on (its canonical history,
 * under rv_dependent) are, for each thread u, at most the latest event of u
 * before i that e_i depends on; the candidates are found through per-object
 * chains of the trace (newest first), as in tracecount.c, and the ones in
 * the causal past of another are dropped with vector clocks.  Chains: per
 * memory unit (of the access's level; at level 0 per granule and byte
 * mask, the bytes of the granule an access touches: "memory chains"
 * below), one with every access and one with the writes only (a read
 * depends only on writes), one per mutex / condition variable /
 * semaphore / once object, one per thread t with the create(t) and join(t)
 * events.  A walk stops at an event that depends on everything earlier on
 * the chain that e_i depends on (tracecount.c's dominates(): a covering
 * write, any event of the same mutex, a sem wait, a once event), since
 * those are in its past.  Process exits and atomic sections depend on
 * everything: the latest one is a candidate of every later event, and
 * they take the latest event of every thread.  Cost: O(n T) for the clocks
 * and, per event, the chain entries walked (O(1) amortised for locks,
 * covering writes and reads; notifications and semaphore posts walk their
 * object's chain), where the backward scan cost O(n) per event. */

typedef struct mentry {
    uint64_t key; /* its chain (to unlink it when the trace is cut back) */
    uint32_t ev;
    int32_t next; /* older entry of the same chain, -1 at the end */
} mentry;

typedef struct mapctx {
    const rv_trace *t;
    uint64_t *key; /* open addressing: chain key per slot (0 empty) */
    int32_t *head; /* newest entry per slot */
    size_t nb, nused;
    mentry *ent;
    size_t nent, capent;
    unsigned levels; /* memory levels above 0 with an access filed (bit l) */
    /* per memory granule (level 0), the byte masks its chains are kept
     * under (a bit per mask, 256): g = granule + 1, 0 empty; open
     * addressing */
    struct gmasks {
        uint64_t g;
        uint64_t bits[4];
    } * gm;
    size_t gnb, gnused;
} mapctx;

/* The mapping of the previous execution, kept for the next one (issue 11:
 * an execution replays a prefix of the previous one, whose mapping is the
 * same).  For trace index i < n: ev[i] the event as the backend reported
 * it, vc/tpos/tprev as in rv_unf_map_trace, entfrom[i] the number of chain
 * entries before i was filed, gfrom[i] the latest process exit or atomic
 * section before i; last/exited at the end.  Cutting back to a prefix of
 * length L costs O(L) comparisons plus the chain entries of [L, n)
 * (unlinked newest first) and O(T) per thread to find last[] again
 * (tprev); the mapping then runs from L.  Memory: O(n T) words, as the
 * clocks of one mapping. */
typedef struct rv_mapkeep {
    bool valid; /* the previous mapping was incremental-eligible (no cutoffs, no CAS labels) */
    size_t n, cap, T;
    rv_event *ev;
    uint32_t *vc, *tpos;
    int32_t *tprev, *gfrom;
    size_t *entfrom;
    int32_t *last, *exited; /* [0, capT) */
    size_t capT;
    mapctx mc;
} rv_mapkeep;

enum { MK_MTX = 1, MK_OBJ, MK_THR, MK_TOBJ };

static uint64_t mkey(unsigned tag, uint64_t v)
{
    return ((v * 0x9e3779b97f4a7c15ull) ^ ((uint64_t)tag << 60) ^ tag) | 1;
}

/* The keys of the mapping's chains: one per object, never shared (a key
 * determines its chain's object).  A memory unit's key has bit 63 set and
 * rv_mem_code(level, unit) * 2 + (chain of every access ? 1 : 0) below it
 * (rv_mem_code < 2^62, injective: action.h); a level-0 granule's chain of
 * one byte mask has bit 63 clear and bit 62 set (gm_key); any other
 * object's key has bits 63 and 62 clear, its value times 16 plus its tag
 * (1..MK_TOBJ), injective for values below 2^58: thread ids, and the
 * addresses of mutexes and synchronisation objects, which are user-space
 * addresses (below 2^47 on x86-64, 2^56 with 5-level paging).  No key is
 * 0 (an empty slot).  (An object at a non-canonical address faults at
 * its first use; its key could meet another, which costs walk time only:
 * every walk tests rv_dependent exactly and stops only at an event of its
 * own chain's kind.)  mprobe mixes the key into a slot. */
static uint64_t okey(unsigned tag, uint64_t v)
{
    return v << 4 | tag;
}

static size_t mprobe(const mapctx *m, uint64_t key)
{
    size_t mask = m->nb - 1, i = (size_t)(key * 0x9e3779b97f4a7c15ull >> 17) & mask;
    while (m->key[i] && m->key[i] != key) i = (i + 1) & mask;
    return i;
}

static size_t mslot(mapctx *m, uint64_t key)
{
    if (2 * (m->nused + 1) > m->nb) {
        uint64_t *ok = m->key;
        int32_t *oh = m->head;
        size_t on = m->nb;
        m->nb = on ? 2 * on : 256;
        m->key = rv_xcalloc(m->nb, sizeof *m->key);
        m->head = rv_xmalloc(m->nb * sizeof *m->head);
        for (size_t i = 0; i < on; i++)
            if (ok[i]) {
                size_t j = mprobe(m, ok[i]);
                m->key[j] = ok[i];
                m->head[j] = oh[i];
            }
        free(ok);
        free(oh);
    }
    size_t i = mprobe(m, key);
    if (!m->key[i]) {
        m->key[i] = key;
        m->head[i] = -1;
        m->nused++;
    }
    return i;
}

static void mpush(mapctx *m, uint64_t key, size_t i)
{
    size_t b = mslot(m, key);
    if (m->nent == m->capent) {
        m->capent = m->capent ? 2 * m->capent : 1024;
        m->ent = rv_xrealloc(m->ent, m->capent * sizeof *m->ent);
    }
    m->ent[m->nent] = (mentry){key, (uint32_t)i, m->head[b]};
    m->head[b] = (int32_t)m->nent++;
}

/* Does k depend on every earlier event of its chain that j depends on?
 * (Per chain: a wait's mutex chain and its condition-variable chain are
 * two chains, and only the first is ordered by the mutex; exact tests, so
 * that two objects sharing a chain key cannot stop a walk early.) */
enum { CH_MEM, CH_MUTEX, CH_OBJ, CH_THR };
static bool mdominates(const rv_action *k, const rv_action *j, int chain)
{
    switch (chain) {
    case CH_MEM:
        return (k->kind == RV_ACT_WRITE || k->kind == RV_ACT_RMW) && k->len && k->obj <= j->obj &&
               rv_mem_last(k->obj, k->len) >= rv_mem_last(j->obj, j->len);
    case CH_MUTEX: /* every event of a mutex depends on every other */
        return rv_mutex_of(k) && rv_mutex_of(k) == rv_mutex_of(j);
    case CH_OBJ:
        return k->obj == j->obj && rv_obj_dominates(k);
    default:
        return false;
    }
}

/* Walk one chain for event i: cand[u] = the latest event of thread u found
 * that i depends on. */
static void mwalk(mapctx *m, uint64_t key, size_t i, int chain, int32_t *cand)
{
    if (!m->nb) return;
    size_t b = mprobe(m, key);
    if (!m->key[b]) return;
    const rv_action *a = &m->t->ev[i].act;
    for (int32_t e = m->head[b]; e != -1; e = m->ent[e].next) {
        uint32_t k = m->ent[e].ev;
        const rv_action *b2 = &m->t->ev[k].act;
        if (!rv_dependent(b2, a)) continue;
        if (b2->tid != a->tid && (int32_t)k > cand[b2->tid]) cand[b2->tid] = (int32_t)k;
        if (mdominates(b2, a, chain)) break;
    }
}

static bool mem_writes(const rv_action *a)
{
    return a->kind != RV_ACT_READ;
}

static bool is_global(const rv_action *a)
{
    return a->kind == RV_ACT_PEXIT || rv_is_atomic_section(a);
}

/* ---- memory chains ------------------------------------------------------
 *
 * Levels (issue 27 part 6).  Filed per 8-byte granule, a memset of 64 MiB
 * made 8 M chain entries and slots (twice: every access and writes only),
 * about 16 bytes of ravel per byte of the program: a thread filling its
 * 1 GiB heap took 22 GB.  So an access is filed at its level (action.h
 * rv_mem_level), in at most RV_MEM_SPAN + 1 units whatever its length.
 * An access looks for what it depends on in the chains of its units at
 * its own level and above (a few units each), and below its level in the
 * chains of every unit it spans there, or, when that is more units than
 * the events before it, by a scan of those events (scan_back): never more
 * work than filing it per granule did, and memory O(events), not O(bytes).
 * Chains of different levels may hold the same dependence twice; a walk
 * keeps the latest per thread, so that costs nothing.
 *
 * Byte masks at level 0 (issue 28 part 5).  With one chain per granule, a
 * read of `flag` walked every write of `cnt` beside it in the granule,
 * none of which depends on it and none of which stopped the walk: a loop
 * that reads one and writes the other cost O(n) per event, O(n^2) per
 * execution.  So a level-0 access is filed once per granule it touches,
 * under the bytes of the granule it touches (its mask), and walks the
 * chains of every mask of that granule that meets its own.  Within one
 * such chain every entry touches the same bytes of the granule, so the
 * newest write found on it (of nonzero length) depends on every older
 * entry there, and they are all in its past: the walk of that chain stops
 * there.  A read walks one entry per mask met, and a write the reads
 * since the last write of each mask met.
 *
 * Complete: two accesses that depend on each other share a byte x; the
 * earlier one, at level k, is filed in x's unit of level k (at level 0
 * under a mask holding x), and the later one walks x's unit at every
 * level with an access filed (at level 0 every mask of x's granule that
 * holds x), or scans every earlier event.  A walk stops only at a write
 * w such that every older entry of its chain that the access depends on
 * also depends on w (mdominates: w covers the access; at level 0: w
 * writes the chain's whole mask), so what it skips is in w's past, and w
 * is a candidate. */

static uint64_t ml_key(unsigned l, bool all, uint64_t unit)
{
    return (uint64_t)1 << 63 | rv_mem_code(l, unit) << 1 | all;
}

/* Granules kept by byte mask: those below 2^53 (addresses below 2^56,
 * every user-space address), so that gm_key is injective.  A granule
 * above (an access through a wild pointer, recorded before it faults)
 * keeps one chain for all its bytes, ml_key(0, ...), walked with the
 * exact mdominates. */
static bool by_mask(uint64_t g)
{
    return g < (uint64_t)1 << 53;
}

/* Bit 62 set and bit 63 clear, then (g * 256 + mask) * 2 + all: g < 2^53
 * and mask < 256 make g * 256 + mask < 2^61, so the key determines (g,
 * mask, all) and meets neither ml_key (bit 63) nor okey (bit 62 clear
 * for values below 2^58). */
static uint64_t gm_key(uint64_t g, unsigned bmask, bool all)
{
    return (uint64_t)1 << 62 | ((g << 8 | bmask) << 1) | all;
}

static struct gmasks *gm_find(const mapctx *m, uint64_t g)
{
    size_t mask = m->gnb - 1, i = (size_t)((g + 1) * 0x9e3779b97f4a7c15ull >> 20) & mask;
    while (m->gm[i].g && m->gm[i].g != g + 1) i = (i + 1) & mask;
    return &m->gm[i];
}

static struct gmasks *gm_get(mapctx *m, uint64_t g)
{
    if (2 * (m->gnused + 1) > m->gnb) {
        struct gmasks *old = m->gm;
        size_t on = m->gnb;
        m->gnb = on ? 2 * on : 256;
        m->gm = rv_xcalloc(m->gnb, sizeof *m->gm);
        for (size_t i = 0; i < on; i++)
            if (old[i].g) *gm_find(m, old[i].g - 1) = old[i];
        free(old);
    }
    struct gmasks *x = gm_find(m, g);
    if (!x->g) {
        x->g = g + 1;
        m->gnused++;
    }
    return x;
}

/* The bytes of granule g in [lo, hi] (hi the last byte, rv_mem_last, so
 * that nothing wraps), as a mask of 8 bits; g is one of the range's
 * granules. */
static unsigned byte_mask(uint64_t g, uint64_t lo, uint64_t hi)
{
    uint64_t b = g << 3, from = lo > b ? lo - b : 0, to = hi - b;
    if (to > 7) to = 7;
    return (0xffu << from) & (0xffu >> (7 - to)) & 0xffu;
}

/* A write every older entry of a level-0 mask chain depends on: it
 * touches the chain's whole mask (len 0 touches nothing). */
static bool mask_write(const rv_action *x)
{
    return (x->kind == RV_ACT_WRITE || x->kind == RV_ACT_RMW) && x->len;
}

/* Walk granule g's level-0 chains (every access if all, else writes
 * only) of every mask that meets bm. */
static void walk_granule(mapctx *m, uint64_t g, unsigned bm, bool all, size_t i, int32_t *cand)
{
    if (!by_mask(g)) {
        mwalk(m, ml_key(0, all, g), i, CH_MEM, cand);
        return;
    }
    if (!m->gnb || !m->nb) return;
    const struct gmasks *x = gm_find(m, g);
    if (!x->g) return;
    const rv_action *a = &m->t->ev[i].act;
    for (unsigned w = 0; w < 4; w++)
        for (uint64_t bits = x->bits[w]; bits; bits &= bits - 1) {
            unsigned mm = w * 64 + (unsigned)__builtin_ctzll(bits);
            if (!(mm & bm)) continue;
            size_t b = mprobe(m, gm_key(g, mm, all));
            if (!m->key[b]) continue;
            for (int32_t e = m->head[b]; e != -1; e = m->ent[e].next) {
                uint32_t k = m->ent[e].ev;
                const rv_action *b2 = &m->t->ev[k].act;
                if (!rv_dependent(b2, a)) continue;
                if (b2->tid != a->tid && (int32_t)k > cand[b2->tid]) cand[b2->tid] = (int32_t)k;
                if (mask_write(b2)) break; /* the older entries are in its past */
            }
        }
}

/* File event i in granule g's level-0 chains under mask bm. */
static void file_granule(mapctx *m, uint64_t g, unsigned bm, bool writes, size_t i)
{
    if (!by_mask(g)) {
        mpush(m, ml_key(0, true, g), i);
        if (writes) mpush(m, ml_key(0, false, g), i);
        return;
    }
    struct gmasks *x = gm_get(m, g);
    x->bits[bm >> 6] |= 1ull << (bm & 63);
    mpush(m, gm_key(g, bm, true), i);
    if (writes) mpush(m, gm_key(g, bm, false), i);
}

/* The events before i that i depends on, latest per thread, found by
 * looking at each (a walk of every chain: a covering write ends it, as in
 * mwalk). */
static void scan_back(const mapctx *m, size_t i, int32_t *cand)
{
    const rv_action *a = &m->t->ev[i].act;
    for (size_t j = i; j-- > 0;) {
        const rv_action *b = &m->t->ev[j].act;
        if (b->tid == a->tid || (int32_t)j <= cand[b->tid] || !rv_dependent(b, a)) continue;
        cand[b->tid] = (int32_t)j;
        if (mdominates(b, a, CH_MEM)) break;
    }
}

/* Walk the memory chains of event i's access [lo, lo + len) for its
 * candidates, then file i in those of its level.  A read (!writes) walks
 * the chains of writes only. */
static void mem_chains(mapctx *m, size_t i, uint64_t lo, uint64_t len, bool writes, int32_t *cand)
{
    uint64_t hi = rv_mem_last(lo, len);
    unsigned k = rv_mem_level(lo, hi);
    uint64_t below = 0; /* units below level k to look at */
    for (unsigned l = 0; l < k; l++)
        if (!l || (m->levels >> l & 1))
            below += (hi >> rv_mem_shift(l)) - (lo >> rv_mem_shift(l)) + 1;
    if (k && below > i) {
        scan_back(m, i, cand);
    } else {
        for (uint64_t g = lo >> 3; g <= hi >> 3; g++)
            walk_granule(m, g, byte_mask(g, lo, hi), writes, i, cand);
        for (unsigned l = 1; l < RV_MEM_LEVELS; l++) {
            if (!(m->levels >> l & 1)) continue;
            for (uint64_t u = lo >> rv_mem_shift(l); u <= hi >> rv_mem_shift(l); u++)
                mwalk(m, ml_key(l, writes, u), i, CH_MEM, cand);
        }
    }
    if (!k) {
        for (uint64_t g = lo >> 3; g <= hi >> 3; g++)
            file_granule(m, g, byte_mask(g, lo, hi), writes, i);
        return;
    }
    for (uint64_t u = lo >> rv_mem_shift(k); u <= hi >> rv_mem_shift(k); u++) {
        mpush(m, ml_key(k, true, u), i);
        if (writes) mpush(m, ml_key(k, false, u), i);
    }
    m->levels |= 1u << k;
}

/* The object chains of event i: walk them for its candidates, then file
 * i in them. */
static void mobjects(mapctx *m, size_t i, int32_t *cand)
{
    const rv_action *a = &m->t->ev[i].act;
    unsigned tid = a->tid;
    if (rv_is_memory(a)) {
        mem_chains(m, i, a->obj, a->len, mem_writes(a), cand);
    } else {
        uint64_t mx = rv_mutex_of(a);
        if (mx) {
            mwalk(m, okey(MK_MTX, mx), i, CH_MUTEX, cand);
            mpush(m, okey(MK_MTX, mx), i);
        }
        if (rv_on_sync_obj(a)) {
            mwalk(m, okey(MK_OBJ, a->obj), i, CH_OBJ, cand);
            mpush(m, okey(MK_OBJ, a->obj), i);
        }
    }
    /* create writes *thread: a write to those bytes (action.c create_writes) */
    if (a->kind == RV_ACT_CREATE && a->len) mem_chains(m, i, a->obj2, a->len, true, cand);
    /* create, join and detach of one thread: its detach state */
    if (a->kind == RV_ACT_CREATE || a->kind == RV_ACT_JOIN || a->kind == RV_ACT_DETACH) {
        mwalk(m, okey(MK_TOBJ, a->obj), i, CH_THR, cand);
        mpush(m, okey(MK_TOBJ, a->obj), i);
    }
    /* create(t) and join(t) against t's events */
    mwalk(m, okey(MK_THR, tid), i, CH_THR, cand);
    if (a->kind == RV_ACT_CREATE || a->kind == RV_ACT_JOIN) mpush(m, okey(MK_THR, a->obj), i);
}

/* Whether h has the canonical name ⟨a, ↓preds⟩ (preds: the maximal events
 * of its history, distinct, as the mapping computes them; tp: its thread
 * predecessor).  Names are compared in full, so a wrong guess only costs
 * the comparison. */
static bool same_name(const rv_uevent *h, const rv_action *a, uint32_t val, const rv_uevent *tp,
                      rv_uevent *const *preds, size_t np)
{
    if (h->act.tid != a->tid || h->act.kind != a->kind || h->act.obj != a->obj ||
        rv_unf_is_err(h) || (a->flags & RV_UF_ERR) || h->choice != rv_unf_choice(a, val) ||
        h->npred != np || h->tparent != tp)
        return false;
    for (size_t k = 0; k < np; k++) {
        bool found = false;
        for (size_t q = 0; q < np && !found; q++) found = h->pred[q] == preds[k];
        if (!found) return false;
    }
    return true;
}

/* A guess of the event named ⟨a, ↓preds⟩, checked: the previous
 * configuration's event at index i (an execution replays a prefix of the
 * previous one), else the thread successor of tp mapped last (past the
 * first difference indices shift, but a thread often goes on as it did:
 * at philo_flags N=14 the mapping hashed 735,000 names, 400,000 of them
 * found in U, and with this guess 410,000, 80% new; issue 11). */
static rv_uevent *hinted(const rv_unf *u, size_t i, const rv_action *a, uint32_t val, rv_uevent *tp,
                         rv_uevent *const *preds, size_t np)
{
    if (i < u->nhint && same_name(u->hint[i], a, val, tp, preds, np)) return u->hint[i];
    if (tp && tp->lastkid && same_name(tp->lastkid, a, val, tp, preds, np)) return tp->lastkid;
    return NULL;
}

/* Whether the history of the event being mapped holds an event that this
 * mapping created (id >= n0): the event is new then, since every event
 * created since is at an earlier position of this trace, and two
 * positions of one configuration are two events.  Neither the guesses
 * nor the hash-consing table need be searched (rv_unf_intern_new). */
static bool history_new(const rv_uevent *tp, rv_uevent *const *preds, size_t np, size_t n0)
{
    if (tp && tp->id >= n0) return true;
    for (size_t k = 0; k < np; k++)
        if (preds[k]->id >= n0) return true;
    return false;
}

static void mapctx_free(mapctx *m)
{
    free(m->gm);
    free(m->key);
    free(m->head);
    free(m->ent);
}

/* Unlink the chain entries of trace indices >= entfrom (the newest). */
static void mapctx_cut(mapctx *m, size_t entfrom)
{
    while (m->nent > entfrom) {
        const mentry *x = &m->ent[--m->nent];
        m->head[mprobe(m, x->key)] = x->next;
    }
    if (!m->nent) { /* no access filed: forget the levels and the masks */
        m->levels = 0;
        if (m->gnused) memset(m->gm, 0, m->gnb * sizeof *m->gm);
        m->gnused = 0;
    }
}

void rv_unf_map_free(rv_unf *u)
{
    rv_mapkeep *k = u->mk;
    if (!k) return;
    mapctx_free(&k->mc);
    free(k->ev);
    free(k->vc);
    free(k->tpos);
    free(k->tprev);
    free(k->gfrom);
    free(k->entfrom);
    free(k->last);
    free(k->exited);
    free(k);
    u->mk = NULL;
}

/* Room for n trace indices at T threads (contents kept). */
static void mapkeep_reserve(rv_mapkeep *k, size_t n, size_t T)
{
    if (T > k->capT) {
        k->capT = T > 64 ? T : 64;
        k->last = rv_xrealloc(k->last, k->capT * sizeof *k->last);
        k->exited = rv_xrealloc(k->exited, k->capT * sizeof *k->exited);
    }
    if (n + 1 <= k->cap && T == k->T) return;
    size_t cap = n + 1 > k->cap ? 2 * (n + 1) : k->cap;
    k->ev = rv_xrealloc(k->ev, cap * sizeof *k->ev);
    k->vc = rv_xrealloc(k->vc, (cap * T + 1) * sizeof *k->vc);
    k->tpos = rv_xrealloc(k->tpos, cap * sizeof *k->tpos);
    k->tprev = rv_xrealloc(k->tprev, cap * sizeof *k->tprev);
    k->gfrom = rv_xrealloc(k->gfrom, cap * sizeof *k->gfrom);
    k->entfrom = rv_xrealloc(k->entfrom, cap * sizeof *k->entfrom);
    k->cap = cap;
}

/* How many leading events of t the previous mapping already mapped: the
 * events agree in everything the mapping reads (the whole record), the
 * last event of either trace aside (it may be fatal), and C still holds
 * them at the same indices. */
static size_t kept_prefix(const rv_unf *u, const rv_mapkeep *k, const rv_trace *t, size_t T)
{
    if (!k->valid || k->T != T || u->ncur != k->n) return 0;
    size_t n = t->n < k->n ? t->n : k->n, L = 0;
    if (n) n--;
    while (L < n && !memcmp(&t->ev[L], &k->ev[L], sizeof *k->ev) && u->cur[L]->pos == (int32_t)L)
        L++;
    return L;
}

/* Cut the kept mapping back to its first L indices: last/exited/global
 * and the chains as they were before index L was mapped. */
static void mapkeep_cut(rv_mapkeep *k, size_t L, int32_t *last, int32_t *exited, int32_t *global,
                        uint32_t *cnt)
{
    for (size_t t = 0; t < k->T; t++) { /* L > 0 only with the same T (kept_prefix) */
        int32_t x = L ? k->last[t] : -1;
        while (x >= (int32_t)L) x = k->tprev[x];
        last[t] = x;
        exited[t] = !L || k->exited[t] >= (int32_t)L ? -1 : k->exited[t];
        cnt[t] = x >= 0 ? k->tpos[x] : 0;
    }
    *global = L ? k->gfrom[L] : -1;
    mapctx_cut(&k->mc, L ? k->entfrom[L] : 0);
}

size_t rv_unf_map_trace(rv_unf *u, const rv_trace *t, bool cutoffs)
{
    /* compare-exchanges: learn initial values, then label each executed CAS
     * by the rule predictions use (values.h); orig keeps the backend's kinds
     * (what each event really wrote) */
    const rv_trace *orig = t;
    rv_trace labelled;
    bool copied = false, cas = rv_vals_learn(u, t);
    if (cas) t = rv_vals_label(u, t, &labelled, &copied);
    if (u->caphint < u->ncur) {
        u->caphint = 2 * u->ncur;
        u->hint = rv_xrealloc(u->hint, u->caphint * sizeof *u->hint);
    }
    if (u->ncur) memcpy(u->hint, u->cur, u->ncur * sizeof *u->hint);
    u->nhint = u->ncur;
    size_t n = t->n, T = 1, created = 0;
    for (size_t i = 0; i < n; i++)
        if (t->ev[i].act.tid + 1u > T) T = t->ev[i].act.tid + 1u;
    for (size_t i = 0; i < n; i++) {
        const rv_action *a = &t->ev[i].act;
        if ((a->kind == RV_ACT_CREATE || a->kind == RV_ACT_JOIN) && a->obj + 1 > T) T = a->obj + 1;
    }
    /* per-thread arrays: entries [0, T) are used, on the stack up to
     * RV_UNF_STK_THREADS threads */
    if (!u->mk) u->mk = rv_xcalloc(1, sizeof *u->mk);
    rv_mapkeep *mk = u->mk;
    /* indices [0, from) are mapped as in the previous execution */
    size_t from = cas ? 0 : kept_prefix(u, mk, t, T);
    for (size_t i = 0; i < u->ncur; i++) u->cur[i]->pos = -1;
    u->ncur = 0;
    u->cutmask = 0;
    u->lasso.found = false;
    if (u->capcur < t->n) {
        u->capcur = t->n;
        u->cur = rv_xrealloc(u->cur, u->capcur * sizeof *u->cur);
    }
    mapkeep_reserve(mk, n, T);
    mk->T = T;
    /* vc[i*T+u]: events of thread u in [ev i]; tpos[i]: ev i's index in its
     * thread; tprev[i]: the previous event of the same thread */
    uint32_t *vc = mk->vc, *tpos = mk->tpos;
    int32_t *tprev = mk->tprev;
    uint32_t scnt[RV_UNF_STK_THREADS];
    int32_t slast[RV_UNF_STK_THREADS], sexited[RV_UNF_STK_THREADS], scand[RV_UNF_STK_THREADS];
    int32_t sorder[RV_UNF_STK_THREADS];
    rv_uevent *spreds[RV_UNF_STK_THREADS * 4];
    uint32_t *cnt = rv_unf_scratch(scnt, sizeof scnt, T * sizeof *cnt);
    int32_t *last = rv_unf_scratch(slast, sizeof slast, T * sizeof *last);
    int32_t *exited = rv_unf_scratch(sexited, sizeof sexited, T * sizeof *exited);
    int32_t *cand = rv_unf_scratch(scand, sizeof scand, T * sizeof *cand);
    int32_t *order = rv_unf_scratch(sorder, sizeof sorder, T * sizeof *order);
    size_t cappreds = T <= RV_UNF_STK_THREADS ? RV_UNF_STK_THREADS * 4 : 4 * T;
    rv_uevent **preds = rv_unf_scratch(spreds, sizeof spreds, cappreds * sizeof *preds);
    int32_t global;   /* the latest process exit or atomic section */
    size_t n0 = u->n; /* events from here on are this mapping's (history_new) */
    mapkeep_cut(mk, from, last, exited, &global, cnt);
    mapctx *mcp = &mk->mc;
    mcp->t = t;
    for (size_t i = 0; i < from; i++) u->cur[i]->pos = (int32_t)i;
    for (size_t i = from; i < n; i++) {
        const rv_event *ev = &t->ev[i];
        unsigned tid = ev->act.tid;
        uint32_t *v = &vc[i * T];
        memset(v, 0, T * sizeof *v);
        mk->gfrom[i] = global;
        mk->entfrom[i] = mcp->nent;
        size_t np = 0;
        /* dropped: above a cutoff (a cause was cut or dropped) */
        bool dropped = last[tid] >= 0 && !u->cur[last[tid]];
        /* candidates: per thread, the latest earlier event i depends on */
        for (size_t k = 0; k < T; k++) cand[k] = -1;
        cand[tid] = last[tid];
        if (is_global(&ev->act))
            for (size_t k = 0; k < T; k++) cand[k] = last[k];
        if (global >= 0 && (int32_t)i > global) {
            unsigned g = t->ev[global].act.tid;
            if (global > cand[g]) cand[g] = global;
        }
        if (ev->act.kind == RV_ACT_CREATE && ev->act.obj < T &&
            last[ev->act.obj] > cand[ev->act.obj])
            cand[ev->act.obj] = last[ev->act.obj];
        if (ev->act.kind == RV_ACT_JOIN && ev->act.obj < T &&
            exited[ev->act.obj] > cand[ev->act.obj])
            cand[ev->act.obj] = exited[ev->act.obj];
        mobjects(mcp, i, cand);
        /* A candidate not yet in the past is maximal (anything above it
         * has a larger index and was taken first).  cand[k] is an event of
         * thread k, so the candidates are distinct: taken in decreasing
         * order, sorted once (issue 11: picking the largest of all T
         * threads' slots for each one was a tenth of the mapping). */
        size_t nord = 0;
        for (size_t k = 0; k < T; k++) {
            int32_t c = cand[k];
            if (c < 0) continue;
            size_t q = nord++;
            for (; q > 0 && order[q - 1] < c; q--) order[q] = order[q - 1];
            order[q] = c;
        }
        for (size_t o = 0; o < nord; o++) {
            size_t jj = (size_t)order[o];
            unsigned tj = t->ev[jj].act.tid;
            if (tpos[jj] <= v[tj]) continue;
            if (!u->cur[jj]) dropped = true;
            if (np < cappreds) preds[np++] = u->cur[jj];
            uint32_t *restrict vi = v;
            const uint32_t *restrict vj = &vc[jj * T];
            for (size_t k = 0; k < T; k++) vi[k] = vj[k] > vi[k] ? vj[k] : vi[k];
        }
        tprev[i] = last[tid];
        tpos[i] = ++cnt[tid];
        v[tid] = tpos[i];
        if (is_global(&ev->act)) global = (int32_t)i;
        if (ev->act.kind == RV_ACT_EXIT) exited[tid] = (int32_t)i;
        bool fatal = i + 1 == n && stopped_early(t->end);
        for (size_t k = 0; fatal && k < T; k++) dropped |= last[k] >= 0 && !u->cur[last[k]];
        if (dropped) { /* not in the cutoff-free prefix: not interned */
            u->cur[i] = NULL;
            last[tid] = (int32_t)i;
            if (tid < RV_MASK_THREADS) u->cutmask |= 1ull << tid;
            continue;
        }
        rv_uevent *tp = last[tid] >= 0 ? u->cur[last[tid]] : NULL;
        bool isnew;
        rv_uevent *e;
        if (fatal) {
            e = intern_fatal(u, &ev->act, ev->val, tp, preds, np, last, T, &isnew);
        } else if (history_new(tp, preds, np, n0)) {
            e = rv_unf_intern_new(u, &ev->act, ev->val, tp, preds, np);
            isnew = true;
        } else if ((e = hinted(u, i, &ev->act, ev->val, tp, preds, np))) {
            isnew = false;
        } else {
            e = rv_unf_intern(u, &ev->act, ev->val, tp, preds, np, &isnew);
        }
        if (isnew) {
            created++;
        } else {
            check_same(u, e, &ev->act);
        }
        if (tp) tp->lastkid = e;
        e->act.arg = ev->act.arg;
        e->act.ndom = ev->act.ndom;
        e->val = ev->val;
        e->pc = ev->pc;
        if (ev->fp_lo || ev->fp_hi) {
            e->fp_lo = ev->fp_lo;
            e->fp_hi = ev->fp_hi;
            e->wv_lo = ev->wv_lo;
            e->wv_hi = ev->wv_hi;
            e->wv_ok = (ev->vflags & RV_EV_WV) != 0;
            e->taint = ev->taint;
            if (cutoffs && ev->taint) rv_unf_note_taint(u, ev);
            e->has_fp = true;
        }
        e->weff = rv_vals_effect(&orig->ev[i], &e->wval);
        e->executed = true;
        e->pos = (int32_t)i;
        u->cur[i] = e;
        last[tid] = (int32_t)i;
        if (cutoffs) rv_unf_cut_prefix(u, e);
        if (cutoffs && rv_unf_cutoff(u, e)) {  /* in U, but not in C */
            rv_unf_lasso_check(u, orig, i, e); /* before e leaves C: positions are indices */
            e->pos = -1;
            u->cur[i] = NULL;
            if (tid < RV_MASK_THREADS) u->cutmask |= 1ull << tid;
        }
    }
    if (cutoffs) rv_unf_lasso_tail(u, orig);
    size_t w = 0;
    for (size_t i = 0; i < n; i++) {
        rv_uevent *e = u->cur[i];
        if (!e) continue;
        e->pos = (int32_t)w;
        u->cur[w++] = e;
    }
    u->ncur = w;
    /* kept for the next execution: only where every index was interned as
     * the trace says (no cutoffs, no relabelled compare-exchange) */
    if (n) memcpy(mk->ev + from, orig->ev + from, (n - from) * sizeof *mk->ev);
    mk->n = n;
    memcpy(mk->last, last, T * sizeof *last);
    memcpy(mk->exited, exited, T * sizeof *exited);
    mk->valid = !cutoffs && !cas && w == n;
    if (copied) free(labelled.ev);
    rv_unf_scratch_free(cnt, scnt);
    rv_unf_scratch_free(last, slast);
    rv_unf_scratch_free(exited, sexited);
    rv_unf_scratch_free(cand, scand);
    rv_unf_scratch_free(order, sorder);
    rv_unf_scratch_free(preds, spreds);
    return created;
}

/* ---- the model of synchronisation state at a history ----------------- */

typedef struct hist {
    rv_uevent *p;  /* thread predecessor (or NULL) */
    rv_uevent **S; /* other maximal events */
    size_t ns;
} hist;

static bool in_hist(const rv_uevent *y, const hist *h)
{
    if (h->p && rv_unf_leq(y, h->p)) return true;
    for (size_t i = 0; i < h->ns; i++)
        if (rv_unf_leq(y, h->S[i])) return true;
    return false;
}

/* The model's states (src/core/model.h) of the objects an action touches,
 * at a history: the same states and functions the runtime uses. */
typedef struct objstate {
    rv_mutex_st mx;
    rv_cond_st cv;
    rv_sem_st sem;
    int32_t once;
    rv_world_st w;
    rv_rwlock_st rw;
    rv_barrier_st bar;
    /* the world's RV_WF_* flags of threads >= RV_MASK_THREADS that the
     * template reads (rv_mstate.whi): its own thread (its creation) and a
     * join or detach target; tid 0 = no slot */
    uint16_t htid[2];
    uint8_t hflags[2];
    /* the condvar waits and read locks of threads >= RV_MASK_THREADS on
     * the template's object (rv_mstate.hs): capacity 0 and no storage
     * unless the template's events hold such threads (os_copy, os_free) */
    rv_mhi_set hs;
} objstate;

/* A state with hs of room for cap threads (s->hs empty and unallocated). */
static void hs_alloc(objstate *s, unsigned cap)
{
    s->hs = (rv_mhi_set){.cap = cap};
    if (!cap) return;
    s->hs.hi = rv_xmalloc(cap * (sizeof *s->hs.hi + sizeof *s->hs.tid));
    s->hs.tid = (uint16_t *)(s->hs.hi + cap);
}

/* *dst = *src, with dst's own copy of hs (states are copied per history,
 * checkpoint and value). */
static void os_copy(objstate *dst, const objstate *src)
{
    *dst = *src;
    if (!src->hs.cap) return;
    hs_alloc(dst, src->hs.cap);
    dst->hs.n = src->hs.n;
    memcpy(dst->hs.hi, src->hs.hi, src->hs.n * sizeof *src->hs.hi);
    memcpy(dst->hs.tid, src->hs.tid, src->hs.n * sizeof *src->hs.tid);
}

static void os_free(objstate *s)
{
    if (s->hs.cap) free(s->hs.hi);
    s->hs = (rv_mhi_set){0};
}

static bool on_mutex(const rv_action *a)
{
    return rv_mutex_of(a) != 0;
}

/* World events of b that a's enabledness or result reads: process exit,
 * atomic sections, the creation of a's thread, and for join/detach the
 * target's creation (detached attribute), detach and exit. */
static bool world_relevant(const rv_action *a, const rv_action *b)
{
    if (b->kind == RV_ACT_PEXIT || rv_is_atomic_section(b)) return true;
    if (b->kind == RV_ACT_CREATE && b->obj == a->tid) return true;
    if (a->kind != RV_ACT_JOIN && a->kind != RV_ACT_DETACH) return false;
    if (b->kind == RV_ACT_CREATE || b->kind == RV_ACT_DETACH) return b->obj == a->obj;
    return b->kind == RV_ACT_EXIT && b->tid == a->obj;
}

/* The model's view of s for action b: a's objects where b touches them,
 * scratch objects for b's other object (a wait's condvar when a is about
 * its mutex and the reverse; b was executed, so its mutex was held). */
static inline __attribute__((always_inline)) rv_mstate
view_for(objstate *s, const rv_action *a, const rv_action *b, rv_mutex_st *smx, rv_cond_st *scv)
{
    rv_mstate v = {.w = &s->w, .whi = s->hflags, .whi_tid = s->htid, .nwhi = 2};
    uint64_t m = rv_mutex_of(a);
    if (on_mutex(b)) {
        *smx = (rv_mutex_st){.owner = b->tid + 1, .count = 1, .status = RV_MST_INIT};
        v.mx = m && rv_mutex_of(b) == m ? &s->mx : smx;
    }
    if (rv_on_cond(b)) {
        *scv = (rv_cond_st){.status = RV_MST_INIT};
        v.cv = rv_on_cond(a) && b->obj == a->obj ? &s->cv : scv;
        if (v.cv == &s->cv) v.hs = &s->hs; /* not a scratch condvar's waiters */
    }
    if (rv_on_sem(b)) v.sem = &s->sem;
    if (rv_on_once(b)) v.once = &s->once;
    if (rv_on_rwlock(b)) {
        v.rw = &s->rw;
        v.hs = &s->hs;
    }
    if (rv_on_barrier(b)) v.bar = &s->bar;
    return v;
}

/* Does b change a state that a reads?  m = rv_mutex_of(a), computed once
 * per replay by the caller. */
static inline __attribute__((always_inline)) bool relevant(const rv_action *a, uint64_t m,
                                                           const rv_action *b)
{
    if (m && rv_mutex_of(b) == m) return true;
    if (b->obj == a->obj &&
        ((rv_on_cond(a) && rv_on_cond(b)) || (rv_on_sem(a) && rv_on_sem(b)) ||
         (rv_on_once(a) && rv_on_once(b)) || (rv_on_rwlock(a) && rv_on_rwlock(b)) ||
         (rv_on_barrier(a) && rv_on_barrier(b))))
        return true;
    return world_relevant(a, b);
}

/* C's events per thread: thread t's are cur[idx[off[t] .. off[t + 1])],
 * in order (C holds each thread's chain from its first event). */
typedef struct chains {
    uint32_t *idx;
    unsigned nt;   /* 1 + the largest thread id in C; off[t] = |C| for nt < t <= cover */
    uint32_t *off; /* soff, or the heap (build_chains) */
    uint32_t soff[RV_UNF_STK_THREADS + 1]; /* [0, cover] */
} chains;

static size_t sync_positions(rv_unf *u, const rv_action *a, const uint32_t **out);

/* Replay y (an event of C) on s for template a, if it changes a state
 * that a reads; m = rv_mutex_of(a). */
static void fold(objstate *s, const rv_action *a, uint64_t m, const rv_uevent *y)
{
    if (!relevant(a, m, &y->act)) return;
    rv_mutex_st smx;
    rv_cond_st scv;
    rv_mstate v = view_for(s, a, &y->act, &smx, &scv);
    rv_model_redo(&v, &y->act, y->val);
}

static void state_start(objstate *s, const rv_action *a, unsigned nhs)
{
    memset(s, 0, sizeof *s);
    hs_alloc(s, nhs);
    rv_model_start(&s->mx, &s->cv, &s->sem, &s->once, &s->rw, a);
    if (a->tid >= RV_MASK_THREADS) s->htid[0] = a->tid;
    if ((a->kind == RV_ACT_JOIN || a->kind == RV_ACT_DETACH) && a->obj >= RV_MASK_THREADS &&
        a->obj < RV_UNF_MAX_THREADS)
        s->htid[1] = (uint16_t)a->obj;
}

/* States at histories (issue 11).  state_at replays the positions of C
 * that the synchronisation index gives for template a, those in H; on a
 * long execution looping over a mutex that list is the whole loop, and
 * every history replayed it: quadratic.  So per template (within one
 * Extend call, C fixed) the list is kept, with checkpoints: ck[j] = the
 * state after replaying L[0 .. j·SC_STEP) whole.  A history H ⊆ C holds
 * every position of C before f(H), the first position of an event not in
 * H (per thread u, the event after H's maximal u-event), and none after
 * g(H), its last one: its state is the checkpoint below f, the rest of L
 * before f replayed whole, and L's entries in [f, g] replayed if in H (a
 * depth test per entry: H holds u's events of C up to its maximal one).
 * The same positions in the same order as the plain replay: the same
 * state.  Lists shorter than SC_MIN are replayed as before. */
#ifndef SC_MIN /* overridable to test the checkpoints on small programs */
#define SC_MIN 64
#endif
#ifndef SC_STEP
#define SC_STEP 16
#endif

typedef struct scache {
    rv_action key; /* the template (see sc_get) */
    bool used;     /* false: empty slot */
    size_t off;    /* sync_positions(key): the pool's entries [off, off + nl) */
    size_t nl;
    objstate *ck; /* ck[j]: the state after L[0 .. j·SC_STEP) */
    size_t nck, capck;
    unsigned nhs; /* room its states need for threads >= RV_MASK_THREADS (hs_room) */
} scache;

static uint64_t sc_hash(const rv_action *a)
{
    uint64_t w[5];
    memcpy(w, a, sizeof w);
    uint64_t h = 0x9e3779b97f4a7c15ull;
    for (int k = 0; k < 5; k++) h = (h ^ w[k]) * 0xff51afd7ed558ccdull, h ^= h >> 32;
    return h;
}

_Static_assert(sizeof(rv_action) == 40, "sc_hash reads rv_action as five words");

/* Free the templates' lists and checkpoints (C changed). */
static void sc_clear(struct rv_xscratch *xs);
static unsigned xs_nthreads(rv_unf *u);
/* The cache entry of template a (created with its sync positions, *L). */
static scache *sc_get(rv_unf *u, const rv_action *a, const uint32_t **L);

static uint32_t hist_depth(const hist *h, unsigned t)
{
    uint32_t d = 0;
    if (h->p && t < h->p->nt && h->p->tmax[t]) d = h->p->tmax[t]->depth;
    for (size_t i = 0; i < h->ns; i++) {
        const rv_uevent *s = h->S[i];
        if (t < s->nt && s->tmax[t] && s->tmax[t]->depth > d) d = s->tmax[t]->depth;
    }
    return d;
}

static const chains *sc_chains(rv_unf *u);

/* Replay H's events (in execution order, a linearisation of H) for the
 * objects a touches, through the model (rv_model_redo: an executed event
 * with its recorded results).  Only the positions of C the synchronisation
 * index gives for a are looked at (a superset of those relevant() keeps). */
static void state_at(rv_unf *u, const rv_action *a, const hist *h, objstate *s)
{
    uint64_t m = rv_mutex_of(a);
    const uint32_t *L;
    scache *e = sc_get(u, a, &L);
    const chains *ch = sc_chains(u);
    if (e->nl < SC_MIN || !ch) {
        state_start(s, a, e->nhs);
        for (size_t q = 0; q < e->nl; q++) {
            const rv_uevent *y = u->cur[L[q]];
            if (!relevant(a, m, &y->act) || !in_hist(y, h)) continue;
            rv_mutex_st smx;
            rv_cond_st scv;
            rv_mstate v = view_for(s, a, &y->act, &smx, &scv);
            rv_model_redo(&v, &y->act, y->val);
        }
        return;
    }
    uint32_t sd[RV_UNF_STK_THREADS];
    uint32_t *d = rv_unf_scratch(sd, sizeof sd, ch->nt * sizeof *d);
    uint32_t f = UINT32_MAX, g = 0;
    bool any = false;
    for (unsigned t = 0; t < ch->nt; t++) {
        uint32_t len = ch->off[t + 1] - ch->off[t];
        if (!len) continue;
        d[t] = hist_depth(h, t);
        if (d[t] < len && ch->idx[ch->off[t] + d[t]] < f) f = ch->idx[ch->off[t] + d[t]];
        if (d[t] && ch->idx[ch->off[t] + d[t] - 1] >= g) {
            g = ch->idx[ch->off[t] + d[t] - 1];
            any = true;
        }
    }
    size_t jf = rv_lower_bound_u32(L, 0, (uint32_t)e->nl, f); /* first entry at or after f */
    size_t j = jf / SC_STEP;
    while (e->nck <= j) { /* the checkpoints up to j */
        if (e->nck == e->capck) {
            e->capck = e->capck ? 2 * e->capck : 16;
            e->ck = rv_xrealloc(e->ck, e->capck * sizeof *e->ck);
        }
        if (!e->nck) {
            state_start(&e->ck[0], a, e->nhs);
        } else {
            objstate *c = &e->ck[e->nck];
            os_copy(c, &e->ck[e->nck - 1]);
            for (size_t q = (e->nck - 1) * SC_STEP; q < e->nck * SC_STEP; q++)
                fold(c, a, m, u->cur[L[q]]);
        }
        e->nck++;
    }
    os_copy(s, &e->ck[j]);
    for (size_t q = j * SC_STEP; q < jf; q++) fold(s, a, m, u->cur[L[q]]);
    for (size_t q = jf; any && q < e->nl && L[q] <= g; q++) {
        const rv_uevent *y = u->cur[L[q]];
        if (y->depth <= d[y->act.tid]) fold(s, a, m, y);
    }
    rv_unf_scratch_free(d, sd);
}

/* The model's states of a's objects in s. */
static rv_mstate view_of(objstate *s, const rv_action *a)
{
    return (rv_mstate){.hs = &s->hs,
                       .mx = on_mutex(a) ? &s->mx : NULL,
                       .cv = rv_on_cond(a) ? &s->cv : NULL,
                       .sem = rv_on_sem(a) ? &s->sem : NULL,
                       .once = rv_on_once(a) ? &s->once : NULL,
                       .w = &s->w,
                       .rw = rv_on_rwlock(a) ? &s->rw : NULL,
                       .bar = rv_on_barrier(a) ? &s->bar : NULL,
                       .whi = s->hflags,
                       .whi_tid = s->htid,
                       .nwhi = 2};
}

/* The kind of CAS template a at history h (values.h): the bytes at obj
 * are the last writes of h to them, replayed in execution order (writes to
 * one byte are ordered in h, so C's order is theirs), else the initial
 * values. */
static uint8_t cas_kind_at(rv_unf *u, const rv_action *a, const hist *h)
{
    uint8_t cur[8] = {0};
    bool known[8] = {0}, set[8] = {0};
    uint64_t lo = a->obj, len = a->len <= 8 ? a->len : 8;
    for (size_t i = 0; i < u->ncur; i++) {
        const rv_uevent *y = u->cur[i];
        if (y->weff == RV_WEFF_NONE) continue;
        bool hit = false, inh = false;
        for (uint64_t k = 0; k < len; k++) {
            uint8_t v = 0;
            int r = rv_vals_byte(&y->act, y->weff, y->wval, lo + k, &v);
            if (!r) continue;
            if (!hit) {
                hit = true;
                inh = in_hist(y, h);
            }
            if (!inh) break;
            set[k] = true;
            known[k] = r == RV_WEFF_KNOWN;
            cur[k] = v;
        }
    }
    for (uint64_t k = 0; k < len; k++)
        if (!set[k]) known[k] = rv_vals_initial(u, lo + k, &cur[k]);
    return rv_vals_cas_kind(a, cur, known);
}

/* A read acquire of thread t >= RV_MASK_THREADS fails with EAGAIN when t
 * holds read locks on RV_HI_RD other rwlocks (model.h rv_mhi), which a
 * replay of a's rwlock does not see: they are t's own, read from its
 * events up to p (the acquires that succeeded, less the unlocks), and
 * put in t's rv_mhi of s before a is concretised. */
static void hi_other_reads(objstate *s, const rv_action *a, const rv_uevent *p)
{
    if (a->tid < RV_MASK_THREADS || (a->kind != RV_ACT_RDLOCK && a->kind != RV_ACT_TRYRDLOCK))
        return;
    struct held {
        uint64_t obj;
        int n;
    } held[4 * RV_HI_RD];
    size_t nh = 0;
    for (; p; p = p->tparent) { /* newest first: an unlock counts against older acquires */
        const rv_action *y = &p->act;
        int d = y->kind == RV_ACT_RDUNLOCK                                            ? -1
                : (y->kind == RV_ACT_RDLOCK || y->kind == RV_ACT_TRYRDLOCK) && y->arg ? 1
                                                                                      : 0;
        if (!d || y->obj == a->obj) continue;
        size_t k = 0;
        while (k < nh && held[k].obj != y->obj) k++;
        if (k == nh) {
            if (nh == sizeof held / sizeof held[0]) continue; /* far beyond RV_HI_RD */
            held[nh++] = (struct held){y->obj, 0};
        }
        held[k].n += d;
    }
    rv_mstate v = {.hs = &s->hs};
    rv_mhi *h = NULL;
    for (size_t k = 0; k < nh; k++) {
        if (held[k].n <= 0) continue;
        if (!h && !(h = rv_model_hi_slot(&v, a->tid))) return;
        int f = 0;
        while (f < RV_HI_RD && h->rdn[f]) f++;
        if (f == RV_HI_RD) return;
        h->rd[f] = held[k].obj;
        h->rdn[f] = 1;
    }
}

/* The concrete actions (with results and value choice) of template a at H,
 * at most cap; 0 when a is disabled there. */
static size_t concretise(rv_unf *u, const rv_action *a, bool root, const hist *h, rv_action *out,
                         uint32_t *vals, size_t cap)
{
    rv_action cas;
    if (rv_is_cas(a) && rv_is_memory(a)) { /* READ if it fails at h, else RMW */
        cas = *a;
        cas.kind = cas_kind_at(u, a, h);
        a = &cas;
    }
    objstate s;
    state_at(u, a, h, &s);
    hi_other_reads(&s, a, h->p);
    unsigned t = a->tid;
    rv_mstate v = view_of(&s, a);
    size_t k = 0;
    if ((root || h->p || rv_model_created(&v, t)) && rv_model_enabled(&v, a)) {
        uint32_t dom = rv_model_domain(&v, a);
        for (uint32_t val = 0; val < dom && k < cap; val++, k++) {
            objstate c;
            os_copy(&c, &s);
            rv_mstate cv = view_of(&c, a);
            out[k] = *a;
            rv_model_apply(&cv, &out[k], val, NULL, 0);
            out[k].ndom = dom;
            vals[k] = val;
            os_free(&c);
        }
    }
    os_free(&s);
    return k;
}

/* How many concrete actions template a can have (concretise's cap): a
 * signal wakes one of the waiters, at most every thread of the execution
 * but its own (nthreads), or it is lost. */
static size_t max_choices(const rv_action *a, unsigned nthreads)
{
    size_t n = RV_MASK_THREADS + 1;
    if (a->kind == RV_ACT_SIGNAL && nthreads > RV_MASK_THREADS) n = nthreads + 1;
    return a->kind == RV_ACT_NONDET && a->ndom > n ? a->ndom : n;
}

/* May template a (results unknown) depend on b?  Signals and broadcasts
 * depend on waits according to whom they wake: take the union. */
static bool may_depend(const rv_action *a, const rv_action *b)
{
    if (rv_is_cas(a)) { /* READ or RMW by the value at H: RMW covers both */
        rv_action x = *a;
        x.kind = RV_ACT_RMW;
        return rv_unf_dep(&x, b);
    }
    if (a->kind == RV_ACT_SIGNAL || a->kind == RV_ACT_BROADCAST) {
        rv_action x = *a, y = *a;
        x.arg = a->kind == RV_ACT_SIGNAL ? RV_NO_THREAD : 0;
        y.arg = a->kind == RV_ACT_SIGNAL ? b->tid : ~0ull;
        return rv_unf_dep(&x, b) || rv_unf_dep(&y, b);
    }
    return rv_unf_dep(a, b);
}

/* ---- enumeration of histories ----------------------------------------- */

typedef struct xctx {
    rv_unf *u;
    rv_action tmpl;
    bool root;
    rv_uevent *p;
    rv_uevent **R; /* candidate maximal events */
    size_t nr;
    rv_uevent **S; /* chosen antichain */
    size_t ns;
    size_t created;
    bool fatal;     /* enumerate fatal variants of dead twins */
    rv_uevent *x;   /* t's next event in C after p (NULL at the end) */
    bool inc;       /* only histories not within the previous C (S holds a new event) */
    size_t nnew;    /* events of S that are new in C */
    size_t *newsuf; /* newsuf[i]: new events in R[i..nr) */
    /* R grouped by thread (antichains): the g-th thread of R, rth[g], has
     * its candidates at R-indices gi[goff[g] .. goff[g + 1]) (increasing:
     * R is in C's order, so in the thread's order too) */
    uint32_t ng;
    uint16_t *rth;  /* [1 + the largest thread of R], outside the struct: xctx is */
    uint32_t *goff; /* zero-initialised per position */
    uint32_t *gi;
} xctx;

/* The non-fatal event ⟨a, H'⟩ with H' the part of H that a depends on under
 * rv_dependent (its maximal dependent events and p), if known. */
static rv_uevent *dep_twin(xctx *c, const hist *h, const rv_action *a, uint32_t val)
{
    /* at most one event per thread (one is below another of its thread) and p */
    size_t cap = xs_nthreads(c->u) + 1;
    rv_uevent *sm[RV_UNF_STK_THREADS + 1];
    rv_uevent **m = rv_unf_scratch(sm, sizeof sm, cap * sizeof *m);
    size_t nm = 0;
    if (c->p) m[nm++] = c->p;
    for (size_t i = c->u->ncur; i-- > 0;) {
        rv_uevent *y = c->u->cur[i];
        if (y->act.tid == a->tid || !rv_dependent(&y->act, a) || !in_hist(y, h)) continue;
        bool below = false;
        for (size_t k = 0; k < nm && !below; k++) below = rv_unf_leq(y, m[k]);
        if (!below && nm < cap) m[nm++] = y;
    }
    rv_uevent *e = rv_unf_find(c->u, a, val, m, nm);
    rv_unf_scratch_free(m, sm);
    return e;
}

static void emit(xctx *c)
{
    hist h = {.p = c->p, .S = c->S, .ns = c->ns};
    size_t cap = max_choices(&c->tmpl, xs_nthreads(c->u));
    /* on the stack unless a nondet has more values, or a signal more
     * waiters, than 64 */
    rv_action sacts[RV_MASK_THREADS + 1];
    uint32_t svals[RV_MASK_THREADS + 1];
    bool heap = cap > RV_MASK_THREADS + 1;
    rv_action *acts = heap ? rv_xmalloc(cap * sizeof *acts) : sacts;
    uint32_t *vals = heap ? rv_xmalloc(cap * sizeof *vals) : svals;
    size_t k = concretise(c->u, &c->tmpl, c->root, &h, acts, vals, cap);
    rv_uevent *spreds[RV_UNF_STK_THREADS * 4];
    size_t cappreds = c->ns + 1 > RV_UNF_STK_THREADS * 4 ? c->ns + 1 : RV_UNF_STK_THREADS * 4;
    rv_uevent **preds = rv_unf_scratch(spreds, sizeof spreds, cappreds * sizeof *preds);
    for (size_t i = 0; i < k; i++) {
        if (c->fatal) {
            /* only where the history under rv_dependent names a dead twin */
            rv_uevent *twin = dep_twin(c, &h, &acts[i], vals[i]);
            if (!twin || !twin->dead) continue;
            acts[i].flags |= RV_UF_ERR;
        }
        bool ok = true;
        for (size_t s = 0; s < c->ns && ok; s++) ok = rv_unf_dep(&acts[i], &c->S[s]->act);
        if (!ok) continue;
        size_t np = 0;
        if (c->p) preds[np++] = c->p;
        for (size_t s = 0; s < c->ns && np < cappreds; s++) preds[np++] = c->S[s];
        bool isnew;
        rv_unf_intern(c->u, &acts[i], vals[i], c->p, preds, np, &isnew);
        c->created += isnew;
    }
    if (heap) {
        free(acts);
        free(vals);
    }
    rv_unf_scratch_free(preds, spreds);
}

/* Is ⟨a, [p] ∪ ↓S⟩ the executed event x itself?  Its name would be x's:
 * the maximal events of {p} ∪ S (S is an antichain of events not below
 * p, so p is dropped iff it is below one of them) are x's predecessors.
 * Only for actions whose every concretisation at a history has the same
 * name (not a nondet's values, not a signal's woken threads): interning
 * would find x.  Skipping it spares the model replay of emit(). */
static bool is_x_itself(const xctx *c)
{
    const rv_uevent *x = c->x;
    if (!x || c->fatal || x->act.kind == RV_ACT_NONDET || x->act.kind == RV_ACT_SIGNAL ||
        (x->act.flags & RV_AF_TIMED))
        return false;
    bool with_p = c->p != NULL;
    for (size_t s = 0; s < c->ns && with_p; s++) with_p = !rv_unf_leq(c->p, c->S[s]);
    if (x->npred != c->ns + with_p) return false;
    for (size_t k = 0; k < x->npred; k++) {
        const rv_uevent *y = x->pred[k];
        bool found = with_p && y == c->p;
        for (size_t s = 0; s < c->ns && !found; s++) found = y == c->S[s];
        if (!found) return false;
    }
    return true;
}

bool rv_unf_stop(rv_unf *u)
{
    if (u->interrupted) return true;
    if ((++u->ticks & 255) == 0 && rv_stop_poll()) u->interrupted = true;
    return u->interrupted;
}

/* Depth of thread u's maximal event in [e] (0: none). */
static uint32_t tdepth(const rv_uevent *e, unsigned u)
{
    return u < e->nt && e->tmax[u] ? e->tmax[u]->depth : 0;
}

/* y ≤ z for two events of C: [z] holds y's thread at least as deep as y
 * (C holds one branch of each thread tree), O(1). */
static bool leq_in_c(const rv_uevent *y, const rv_uevent *z)
{
    return tdepth(z, y->act.tid) >= y->depth;
}

/* Every antichain of R[i..]: include R[i] only if concurrent with S.  The
 * plain recursion, for short candidate lists (below AC_MIN), where it
 * costs less than antichains' intervals; the same histories in the same
 * order. */
static void antichains_scan(xctx *c, size_t i)
{
    if (rv_unf_stop(c->u)) return;
    /* incremental: a history within the previous C was enumerated then */
    if (c->inc && !c->nnew && !c->newsuf[i]) return;
    if (i == c->nr) {
        if (!is_x_itself(c)) emit(c);
        return;
    }
    antichains_scan(c, i + 1);
    rv_uevent *y = c->R[i];
    for (size_t s = 0; s < c->ns; s++)
        if (!rv_unf_concurrent(y, c->S[s])) return;
    c->S[c->ns++] = y;
    c->nnew += y->xnew;
    antichains_scan(c, i + 1);
    c->nnew -= y->xnew;
    c->ns--;
}

#ifndef AC_MIN /* overridable to test antichains on small programs */
#define AC_MIN 32
#endif

/* Every antichain S of R[i..] with the events chosen so far (seed 001
 * Alg. 1 line 14, Extend: the histories [p] ∪ ↓S), each one once, in the
 * order of the recursion "without R[k] first, then with R[k] if it is
 * concurrent with S" over k = i .., which the event ids keep.  That
 * recursion tested every later candidate against S (the candidates of a
 * thread are a chain, so after choosing one the whole rest was walked and
 * rejected: quadratic on a long execution looping over a mutex, issue
 * 11).  Here the candidates of each thread concurrent with every event
 * of S form an interval of its chain, [lo[g], hi[g]) in gi (not below
 * s: deeper than s's maximal event of that thread; not above s: a prefix,
 * since above one event is above the later ones), narrowed by binary
 * search when an event joins S, O(T log |R|) with O(1) tests between
 * events of C.  The recursion visits only what it emits: the leaf "no
 * more", then each includable R[j] (j >= i) in decreasing order (what
 * the exclude-first recursion produced), nested at most one level per
 * thread. */
static void antichains(xctx *c, size_t i, const uint32_t *lo, const uint32_t *hi);

/* antichains' frame: top, bot, nlo, nhi hold c->ng entries each */
static void antichains_at(xctx *c, size_t i, const uint32_t *lo, const uint32_t *hi, uint32_t *top,
                          uint32_t *bot, uint32_t *nlo, uint32_t *nhi)
{
    if (rv_unf_stop(c->u)) return;
    /* incremental: a history within the previous C was enumerated then */
    if (c->inc && !c->nnew && !c->newsuf[i]) return;
    if ((!c->inc || c->nnew) && !is_x_itself(c)) emit(c);
    /* with nothing new in S, an R[j] opens new histories only if R[j..]
     * holds a new event */
    size_t lim = c->nr;
    if (c->inc && !c->nnew)
        while (lim > i && !c->newsuf[lim - 1]) lim--;
    for (uint32_t g = 0; g < c->ng; g++) { /* each thread's includable part within [i, lim) */
        const uint32_t *gi = c->gi + c->goff[g];
        uint32_t l = lo[g], h = hi[g];
        /* the common cases first: nothing before i, nothing at or after lim */
        bot[g] = l < h && gi[l] >= i ? l : rv_lower_bound_u32(gi, l, h, i);
        top[g] = bot[g] < h && gi[h - 1] < lim ? h : rv_lower_bound_u32(gi, bot[g], h, lim);
    }
    for (;;) {
        if (c->u->interrupted) return;
        uint32_t best = c->ng;
        for (uint32_t g = 0; g < c->ng; g++)
            if (top[g] > bot[g] && (best == c->ng || c->gi[c->goff[g] + top[g] - 1] >
                                                         c->gi[c->goff[best] + top[best] - 1]))
                best = g;
        if (best == c->ng) return;
        uint32_t j = c->gi[c->goff[best] + --top[best]];
        rv_uevent *y = c->R[j];
        /* the intervals of the threads' candidates concurrent with y too */
        for (uint32_t g = 0; g < c->ng; g++) {
            nlo[g] = lo[g];
            nhi[g] = hi[g];
            if (g == best) {
                nlo[g] = nhi[g];
                continue;
            }
            const uint32_t *gi = c->gi + c->goff[g];
            uint32_t d = tdepth(y, c->rth[g]), l = nlo[g], h = nhi[g];
            while (l < h) { /* first candidate not below y */
                uint32_t mid = l + (h - l) / 2;
                if (c->R[gi[mid]]->depth <= d)
                    l = mid + 1;
                else
                    h = mid;
            }
            nlo[g] = l;
            h = nhi[g];
            while (l < h) { /* first candidate above y */
                uint32_t mid = l + (h - l) / 2;
                if (!leq_in_c(y, c->R[gi[mid]]))
                    l = mid + 1;
                else
                    h = mid;
            }
            nhi[g] = l;
        }
        c->S[c->ns++] = y;
        c->nnew += y->xnew;
        antichains(c, j + 1, nlo, nhi);
        c->nnew -= y->xnew;
        c->ns--;
    }
}

/* The recursion's frames: on the stack for up to RV_MASK_THREADS threads
 * in R (1 KiB), on the heap above (the recursion is as deep as a history
 * has maximal events: a stack frame per thread would not fit). */
static void antichains(xctx *c, size_t i, const uint32_t *lo, const uint32_t *hi)
{
    if (c->ng <= RV_MASK_THREADS) {
        uint32_t b[4 * RV_MASK_THREADS];
        antichains_at(c, i, lo, hi, b, b + RV_MASK_THREADS, b + 2 * RV_MASK_THREADS,
                      b + 3 * RV_MASK_THREADS);
        return;
    }
    uint32_t *b = rv_xmalloc(4 * (size_t)c->ng * sizeof *b);
    antichains_at(c, i, lo, hi, b, b + c->ng, b + 2 * c->ng, b + 3 * c->ng);
    free(b);
}

/* The current configuration filed by the keys of rv_unf_dep_keys, per
 * thread: bucket (key, u) holds the positions of C of thread u's events
 * filed under key, in increasing order.  R of an extension of thread t
 * after p, before x, is collected from the buckets of the template's
 * lookup keys for each thread u != t, and only from the window of u's
 * events that are neither below p (a prefix: depth <= that of p's
 * maximal u-event) nor above x (a suffix, found by binary search): the
 * enumeration touches only events on the same objects (issue 11), and a
 * long execution costs O(n (k T log n + |R|)) instead of O(n^2). */
typedef struct pbucket {
    uint64_t key; /* 0: empty */
    uint32_t *pos;
    uint32_t n, cap;
    uint64_t mask; /* thread-less bucket (tid RV_UNF_MAX_THREADS): threads filed under the key,
                    * thread t < 63 as bit t, every thread >= 63 as bit 63 */
} pbucket;

typedef struct curix {
    pbucket *b;
    size_t nb, nused;
    /* the configuration indexed, so that the next call files only what
     * differs after the common prefix (issue 11): ev[0..n), and
     * u->nevicted then (a Remove since may have freed events of ev) */
    rv_uevent **ev;
    size_t n, cap;
    uint64_t evicted;
    unsigned nth; /* 1 + the largest thread id filed (bit 63 of a mask: threads 63 .. nth - 1) */
    /* the bucket keys each position was filed under: klog[kofs[i] ..
     * kofs[i + 1]) for position i (kofs[0..n]), so that unfiling reads
     * them instead of computing them again (issue 11, eighth pass) */
    uint64_t *klog;
    uint32_t *kofs;
    size_t nklog, capklog;
} curix;

/* Extend's buffers, kept in rv_unf from call to call so that an execution
 * does not pay for hundreds of small allocations (issue 11: malloc, free
 * and realloc were a fifth of the explorer's instructions): the index of
 * C (its buckets are emptied, not freed, between calls) and the
 * per-position arrays of extend_position (it does not recurse). */
struct rv_xscratch {
    curix ix;
    uint32_t *pos;
    size_t cappos;
    rv_uevent **R, **S;
    size_t *newsuf;
    uint32_t *gi; /* R grouped by thread (antichains) */
    size_t capr;
    curix sx;       /* the synchronisation index of C (sync_index) */
    bool sx_ok;     /* sx is that of the current C (reset by each Extend) */
    uint32_t *spos; /* sync_positions' answer */
    size_t capspos;
    scache *sc;       /* state_at's templates (open addressing), for the current C */
    uint32_t *scused; /* the used slots, nsc of them */
    size_t nsc, capsc;
    uint32_t *pool; /* the templates' lists */
    size_t npool, cappool;
    const chains *ch;  /* C's chains while rv_unf_extend runs, else NULL */
    unsigned nthreads; /* the trace's threads (rv_unf_extend) */
};

static struct rv_xscratch *xscratch(rv_unf *u)
{
    if (!u->xs) u->xs = rv_xcalloc(1, sizeof *u->xs);
    return u->xs;
}

/* Empty the table (C changed): the used slots only; the table itself is
 * kept unless it grew far beyond its use (an Extend call per execution:
 * no allocation per call for the common few templates). */
static void sc_clear(struct rv_xscratch *xs)
{
    for (size_t k = 0; k < xs->nsc; k++) {
        scache *e = &xs->sc[xs->scused[k]];
        for (size_t j = 0; j < e->nck; j++) os_free(&e->ck[j]);
        free(e->ck);
        memset(e, 0, sizeof *e);
    }
    if (xs->capsc > 1024 && 16 * xs->nsc < xs->capsc) {
        free(xs->sc);
        free(xs->scused);
        xs->sc = NULL;
        xs->scused = NULL;
        xs->capsc = 0;
    }
    xs->nsc = 0;
    xs->npool = 0;
}

static unsigned xs_nthreads(rv_unf *u)
{
    return xscratch(u)->nthreads;
}

static const chains *sc_chains(rv_unf *u)
{
    return xscratch(u)->ch;
}

/* The entries a state of template a needs in hs (objstate): one per
 * wait or read lock of a thread >= RV_MASK_THREADS among the replayed
 * positions L[0..nl) (a bound on the threads they name), and one for a's
 * own thread.  Only executions of more than 64 threads count them. */
static unsigned hs_room(rv_unf *u, const rv_action *a, const uint32_t *L, size_t nl)
{
    if (!rv_on_cond(a) && !rv_on_rwlock(a)) return 0;
    unsigned n = a->tid >= RV_MASK_THREADS;
    for (size_t q = 0; q < nl; q++) {
        const rv_action *y = &u->cur[L[q]]->act;
        n += y->tid >= RV_MASK_THREADS &&
             (y->kind == RV_ACT_WAIT1 || y->kind == RV_ACT_RDLOCK || y->kind == RV_ACT_TRYRDLOCK);
    }
    return n;
}

static scache *sc_get(rv_unf *u, const rv_action *a, const uint32_t **L)
{
    struct rv_xscratch *xs = xscratch(u);
    /* state_at reads of a: kind, tid, obj, obj2 (a wait's mutex, a
     * semaphore's initial count) and len (a mutex's static kind), not
     * its results (arg, flags) nor ndom */
    rv_action key = *a;
    key.ndom = 0;
    key.flags = 0;
    key.arg = 0;
    if (2 * (xs->nsc + 1) > xs->capsc) {
        scache *old = xs->sc;
        size_t on = xs->capsc;
        xs->capsc = on ? 2 * on : 64;
        xs->sc = rv_xcalloc(xs->capsc, sizeof *xs->sc);
        xs->scused = rv_xrealloc(xs->scused, xs->capsc / 2 * sizeof *xs->scused);
        size_t w = 0;
        for (size_t i = 0; i < on; i++) {
            if (!old[i].used) continue;
            size_t j = sc_hash(&old[i].key) & (xs->capsc - 1);
            while (xs->sc[j].used) j = (j + 1) & (xs->capsc - 1);
            xs->sc[j] = old[i];
            xs->scused[w++] = (uint32_t)j;
        }
        free(old);
    }
    size_t i = sc_hash(&key) & (xs->capsc - 1);
    while (xs->sc[i].used && memcmp(&xs->sc[i].key, &key, sizeof key))
        i = (i + 1) & (xs->capsc - 1);
    scache *e = &xs->sc[i];
    if (!e->used) {
        const uint32_t *pos;
        size_t np = sync_positions(u, a, &pos);
        if (xs->npool + np > xs->cappool || !xs->pool) {
            xs->cappool = 2 * (xs->npool + np) + 16;
            xs->pool = rv_xrealloc(xs->pool, xs->cappool * sizeof *xs->pool);
        }
        if (np) memcpy(xs->pool + xs->npool, pos, np * sizeof *xs->pool);
        e->key = key;
        e->used = true;
        e->off = xs->npool;
        e->nl = np;
        e->nhs = xs->nthreads > RV_MASK_THREADS ? hs_room(u, a, pos, np) : 0;
        xs->npool += np;
        xs->scused[xs->nsc++] = (uint32_t)i;
    }
    *L = xs->pool + e->off;
    return e;
}

static void curix_free(curix *ix)
{
    for (size_t i = 0; i < ix->nb; i++) free(ix->b[i].pos);
    free(ix->b);
    free(ix->ev);
    free(ix->klog);
    free(ix->kofs);
    memset(ix, 0, sizeof *ix);
}

/* Drop every bucket (keys of objects C no longer touches pile up, or a
 * Remove may have freed events of ev): the next filing starts at 0. */
static void curix_reset(curix *ix, uint64_t evicted)
{
    for (size_t i = 0; i < ix->nb; i++) free(ix->b[i].pos);
    free(ix->b);
    ix->b = NULL;
    ix->nb = ix->nused = ix->n = 0;
    ix->nth = 0;
    ix->evicted = evicted;
}

void rv_unf_extend_free(rv_unf *u)
{
    if (!u->xs) return;
    curix_free(&u->xs->ix);
    curix_free(&u->xs->sx);
    free(u->xs->spos);
    free(u->xs->pos);
    free(u->xs->R);
    free(u->xs->S);
    free(u->xs->newsuf);
    free(u->xs->gi);
    sc_clear(u->xs);
    free(u->xs->sc);
    free(u->xs->scused);
    free(u->xs->pool);
    free(u->xs);
    u->xs = NULL;
}

static uint64_t tkey(uint64_t key, unsigned tid)
{
    return ((key ^ ((uint64_t)tid * 0xff51afd7ed558ccdull)) * 0x9e3779b97f4a7c15ull) | 1;
}

static pbucket *pb_find(const curix *ix, uint64_t key)
{
    if (!ix->nb) return NULL;
    size_t i = (key >> 17) & (ix->nb - 1);
    while (ix->b[i].key && ix->b[i].key != key) i = (i + 1) & (ix->nb - 1);
    return ix->b[i].key ? &ix->b[i] : NULL;
}

/* The bucket of key, created empty if absent. */
static pbucket *pb_slot(curix *ix, uint64_t key)
{
    if (2 * (ix->nused + 1) > ix->nb) {
        pbucket *old = ix->b;
        size_t on = ix->nb;
        ix->nb = on ? 2 * on : 256;
        ix->b = rv_xcalloc(ix->nb, sizeof *ix->b);
        for (size_t i = 0; i < on; i++) {
            if (!old[i].key) continue;
            size_t j = (old[i].key >> 17) & (ix->nb - 1);
            while (ix->b[j].key) j = (j + 1) & (ix->nb - 1);
            ix->b[j] = old[i];
        }
        free(old);
    }
    size_t i = (key >> 17) & (ix->nb - 1);
    while (ix->b[i].key && ix->b[i].key != key) i = (i + 1) & (ix->nb - 1);
    pbucket *b = &ix->b[i];
    if (!b->key) {
        b->key = key;
        ix->nused++;
    }
    return b;
}

static void pb_push(curix *ix, uint64_t key, uint32_t pos)
{
    pbucket *b = pb_slot(ix, key);
    if (b->n && b->pos[b->n - 1] == pos) return; /* two granules, one key */
    if (b->n == b->cap) {
        b->cap = b->cap ? 2 * b->cap : 4;
        b->pos = rv_xrealloc(b->pos, b->cap * sizeof *b->pos);
    }
    b->pos[b->n++] = pos;
}

/* The length of the prefix the index shares with C (the same events at
 * the same positions). */
static size_t curix_common(const curix *ix, const rv_unf *u)
{
    size_t L = 0;
    while (L < ix->n && L < u->ncur && ix->ev[L] == u->cur[L]) L++;
    return L;
}

/* Unfile positions [L, ix->n) (their events are still allocated: no
 * Remove since they were filed) through the keys their filing logged.
 * A thread-less bucket keeps its mask: a thread whose bucket is empty
 * yields nothing in cur_candidates. */
static void curix_cut(curix *ix, size_t L)
{
    if (L >= ix->n) return;
    for (size_t q = ix->kofs[L]; q < ix->kofs[ix->n]; q++) {
        pbucket *b = pb_find(ix, ix->klog[q]);
        while (b && b->n && b->pos[b->n - 1] >= L) b->n--;
    }
    ix->n = L;
}

/* Room for positions [0, n) and their kofs. */
static void curix_reserve(curix *ix, size_t n)
{
    if (ix->cap >= n && ix->kofs) return;
    ix->cap = 2 * n + 1;
    ix->ev = rv_xrealloc(ix->ev, ix->cap * sizeof *ix->ev);
    ix->kofs = rv_xrealloc(ix->kofs, (ix->cap + 1) * sizeof *ix->kofs);
    ix->kofs[0] = 0;
}

/* Start bringing ix up to C (cur_index, sync_index): dropped whole when
 * empty buckets pile up or a Remove freed events, else cut back to the
 * prefix it shares with C.  Returns that prefix's length L; the caller
 * files positions [L, ncur), sets kofs[i + 1] after each and ix->n. */
static size_t curix_begin(curix *ix, const rv_unf *u)
{
    if (ix->nused > 256 + 16 * u->ncur || ix->evicted != u->nevicted) curix_reset(ix, u->nevicted);
    size_t L = curix_common(ix, u);
    curix_cut(ix, L);
    curix_reserve(ix, u->ncur);
    ix->nklog = ix->kofs[L];
    return L;
}

/* File position pos under bucket key, logging the key. */
static void curix_file(curix *ix, uint64_t key, uint32_t pos)
{
    if (ix->nklog == ix->capklog) {
        ix->capklog = ix->capklog ? 2 * ix->capklog : 256;
        ix->klog = rv_xrealloc(ix->klog, ix->capklog * sizeof *ix->klog);
    }
    ix->klog[ix->nklog++] = key;
    pb_push(ix, key, pos);
}

/* The synchronisation index of C (issue 11: state_at tested every event
 * of C against each template, a fifth of Extend's instructions on the
 * philosophers): the positions of C, in increasing order, per key:
 * (mutex m) the events whose rv_mutex_of is m; (object o) the events on
 * a condition variable, semaphore, once object, read-write lock or barrier
 * o; (thread u) the create and detach of u and u's exit; (global) process
 * exits and atomic sections.  relevant(a, m, b) holds only for b in one
 * of a's lists (sync_positions), so state_at replays the merge of those
 * instead of scanning C.  Brought up to date once per Extend call that
 * models a state: O(|C|) pointer comparisons to find the prefix shared
 * with the configuration last indexed, then O(1) per position unfiled or
 * filed after it (sync_index); a query merges at most five lists,
 * O(r log 5)-ish for r entries (here a linear pick among five heads). */
enum { SX_MTX = 1, SX_OBJ, SX_THR, SX_GLOBAL };

static void sync_file(curix *sx, const rv_action *b, uint32_t i)
{
    uint64_t m = rv_mutex_of(b);
    if (m) curix_file(sx, mkey(SX_MTX, m), i);
    if (rv_on_sync_obj(b)) curix_file(sx, mkey(SX_OBJ, b->obj), i);
    if (b->kind == RV_ACT_PEXIT || rv_is_atomic_section(b)) curix_file(sx, mkey(SX_GLOBAL, 0), i);
    if (b->kind == RV_ACT_CREATE || b->kind == RV_ACT_DETACH)
        curix_file(sx, mkey(SX_THR, b->obj), i);
    if (b->kind == RV_ACT_EXIT) curix_file(sx, mkey(SX_THR, b->tid), i);
}

/* Brought up to date like the index of C (cur_index): the positions after
 * the prefix C shares with the configuration last indexed are unfiled
 * and C's from there on filed (issue 11, eighth pass: it was rebuilt
 * whole once per Extend call). */
static void sync_index(rv_unf *u, curix *sx)
{
    for (size_t i = curix_begin(sx, u); i < u->ncur; i++) {
        sx->ev[i] = u->cur[i];
        sync_file(sx, &u->cur[i]->act, (uint32_t)i);
        sx->kofs[i + 1] = (uint32_t)sx->nklog;
    }
    sx->n = u->ncur;
}

/* Positions of C (increasing, distinct) holding every event b with
 * relevant(a, rv_mutex_of(a), b): a's mutex, a's object (when a is on a
 * synchronisation object), the global list, the thread lists of a's
 * thread (its creation) and, for join and detach, of the target. */
static size_t sync_positions(rv_unf *u, const rv_action *a, const uint32_t **out)
{
    struct rv_xscratch *xs = xscratch(u);
    if (!xs->sx_ok) {
        sync_index(u, &xs->sx);
        xs->sx_ok = true;
    }
    const pbucket *l[5];
    size_t nl = 0, total = 0;
    uint64_t m = rv_mutex_of(a);
    uint64_t keys[5];
    size_t nk = 0;
    if (m) keys[nk++] = mkey(SX_MTX, m);
    if (rv_on_sync_obj(a)) keys[nk++] = mkey(SX_OBJ, a->obj);
    keys[nk++] = mkey(SX_GLOBAL, 0);
    keys[nk++] = mkey(SX_THR, a->tid);
    if ((a->kind == RV_ACT_JOIN || a->kind == RV_ACT_DETACH) && a->obj != a->tid)
        keys[nk++] = mkey(SX_THR, a->obj);
    for (size_t k = 0; k < nk; k++) {
        const pbucket *b = pb_find(&xs->sx, keys[k]);
        if (b && b->n) {
            l[nl++] = b;
            total += b->n;
        }
    }
    if (total > xs->capspos) {
        xs->capspos = 2 * total;
        xs->spos = rv_xrealloc(xs->spos, xs->capspos * sizeof *xs->spos);
    }
    uint32_t at[5] = {0};
    size_t n = 0;
    for (;;) { /* merge, dropping repeats (a key collision or two lists) */
        size_t best = nl;
        for (size_t k = 0; k < nl; k++)
            if (at[k] < l[k]->n && (best == nl || l[k]->pos[at[k]] < l[best]->pos[at[best]]))
                best = k;
        if (best == nl) break;
        uint32_t p = l[best]->pos[at[best]++];
        if (!n || xs->spos[n - 1] != p) xs->spos[n++] = p;
    }
    *out = xs->spos;
    return n;
}

/* Bring the index to the current configuration: positions after the
 * prefix it shares with the configuration last indexed are unfiled, and
 * C's from there on filed.  O(|C|) pointer comparisons plus O(k) per
 * position unfiled or filed (k keys), against O(|C| k) to rebuild. */
static void cur_index(rv_unf *u, curix *ix)
{
    /* keys of objects that C no longer touches stay as empty buckets,
     * unless they pile up (curix_begin) */
    uint64_t keys[64];
    for (size_t i = curix_begin(ix, u); i < u->ncur; i++) {
        const rv_action *a = &u->cur[i]->act;
        ix->ev[i] = u->cur[i];
        size_t nk = rv_unf_dep_keys(a, false, keys);
        for (size_t k = 0; k < nk; k++) {
            curix_file(ix, tkey(keys[k], a->tid), (uint32_t)i);
            pb_slot(ix, tkey(keys[k], RV_UNF_MAX_THREADS))->mask |= 1ull
                                                                    << (a->tid < 63 ? a->tid : 63);
        }
        ix->kofs[i + 1] = (uint32_t)ix->nklog;
        if (a->tid + 1u > ix->nth) ix->nth = a->tid + 1u;
    }
    ix->n = u->ncur;
}

static int cmp_pos(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

/* The window of a bucket of thread u's events: neither below p nor
 * above x. */
static void window(rv_unf *u, const pbucket *b, unsigned tu, const rv_uevent *p, const rv_uevent *x,
                   uint32_t *lo, uint32_t *hi)
{
    const rv_uevent *pm = p && tu < p->nt ? p->tmax[tu] : NULL;
    uint32_t d = pm ? pm->depth : 0, l = 0, h = b->n;
    while (l < h) { /* first event deeper than p's maximal u-event */
        uint32_t mid = l + (h - l) / 2;
        if (u->cur[b->pos[mid]]->depth <= d)
            l = mid + 1;
        else
            h = mid;
    }
    *lo = l;
    h = b->n;
    while (x && l < h) { /* first event above x */
        uint32_t mid = l + (h - l) / 2;
        if (!rv_unf_leq(x, u->cur[b->pos[mid]]))
            l = mid + 1;
        else
            h = mid;
    }
    *hi = x ? l : b->n;
}

/* Positions of C that may hold an event of another thread that template
 * a (of thread t, after p, before x) may depend on, in increasing order;
 * SIZE_MAX when a depends on everything. */
static size_t cur_candidates(rv_unf *u, const curix *ix, const rv_action *a, const rv_uevent *p,
                             const rv_uevent *x, uint32_t **out, size_t *cap)
{
    uint64_t keys[64];
    size_t nk = rv_unf_dep_keys(a, true, keys), n = 0;
    if (nk == SIZE_MAX) return SIZE_MAX;
    unsigned nbk = 0;
    for (size_t k = 0; k < nk; k++) {
        const pbucket *tb = pb_find(ix, tkey(keys[k], RV_UNF_MAX_THREADS));
        uint64_t mask = tb ? tb->mask & ~(a->tid < 63 ? 1ull << a->tid : 0) : 0;
        for (; mask; mask &= mask - 1) { /* the other threads filed under the key */
            unsigned tu = (unsigned)__builtin_ctzll(mask);
            /* bit 63: every thread from 63 on (few-thread programs: only 63) */
            unsigned tend = tu < 63 ? tu + 1 : ix->nth;
            for (; tu < tend; tu++) {
                if (tu == a->tid) continue;
                const pbucket *b = pb_find(ix, tkey(keys[k], tu));
                if (!b) continue;
                uint32_t lo, hi;
                window(u, b, tu, p, x, &lo, &hi);
                if (lo >= hi) continue;
                nbk++;
                if (n + (hi - lo) > *cap) {
                    *cap = 2 * (n + (hi - lo));
                    *out = rv_xrealloc(*out, *cap * sizeof **out);
                }
                memcpy(*out + n, b->pos + lo, (hi - lo) * sizeof **out);
                n += hi - lo;
            }
        }
    }
    if (nbk > 1) {
        qsort(*out, n, sizeof **out, cmp_pos);
        size_t w = 0;
        for (size_t i = 0; i < n; i++)
            if (!w || (*out)[w - 1] != (*out)[i]) (*out)[w++] = (*out)[i];
        n = w;
    }
    return n;
}

/* May an event of S be y (another thread's, neither below p nor above x,
 * one a may depend on)?  asig: a signature of a's dependence (template_sig):
 * a disjoint signature rules y out with one word test, before the
 * causality queries and the full dependence test (issue 11: rv_dependent
 * from here was a fifth of Extend's cost on the philosophers). */
static bool may_be_in_r(const rv_action *a, uint64_t asig, const rv_uevent *p, const rv_uevent *x,
                        const rv_uevent *y)
{
    return (asig & y->sig) && y->act.tid != a->tid && !(p && rv_unf_leq(y, p)) &&
           !(x && rv_unf_leq(x, y)) && may_depend(a, &y->act);
}

/* A dependence signature of template a valid for every concretisation
 * may_depend() considers: rv_dep_sig does not read a CAS's kind or a
 * notification's woken threads (arg), and rv_unf_dep(a, b) implies
 * rv_dep_sig(a) & rv_dep_sig(b) != 0 (action.h); fatal: every bit. */
static uint64_t template_sig(const rv_action *a)
{
    if (a->flags & RV_UF_ERR) return ~0ull;
    rv_action x = *a;
    if (rv_is_cas(a)) x.kind = RV_ACT_RMW;
    return rv_dep_sig(&x);
}

/* Extensions of thread t after p with template a; x = t's next event in C
 * (NULL at the end).  inc: the previous call enumerated this position with
 * p in its C, so only histories holding an event of nw (the events of C
 * new since then) are enumerated. */
static size_t extend_position(rv_unf *u, const curix *ix, const rv_action *a, bool root,
                              rv_uevent *p, rv_uevent *x, bool fatal, bool inc,
                              rv_uevent *const *nw, size_t nnw)
{
    xctx c = {.u = u, .tmpl = *a, .root = root, .p = p, .fatal = fatal, .x = x, .inc = inc};
    c.tmpl.flags &= (uint8_t)~RV_UF_ERR;
    rv_action any = c.tmpl;
    if (fatal) any.flags |= RV_UF_ERR; /* a fatal event's history may hold anything */
    a = &any;
    uint64_t asig = template_sig(a);
    if (inc) { /* no new event can be in S: nothing new at this position */
        bool some = false;
        for (size_t q = 0; q < nnw && !some; q++)
            some = (asig & nw[q]->sig) && may_be_in_r(a, asig, p, x, nw[q]);
        if (!some) return 0;
    }
    struct rv_xscratch *xs = xscratch(u);
    size_t np = cur_candidates(u, ix, a, p, x, &xs->pos, &xs->cappos);
    size_t nr = np == SIZE_MAX ? u->ncur : np;
    if (nr + 1 > xs->capr) {
        xs->capr = 2 * (nr + 1);
        free(xs->R);
        free(xs->S);
        free(xs->newsuf);
        free(xs->gi);
        xs->gi = rv_xmalloc(xs->capr * sizeof *xs->gi);
        xs->R = rv_xmalloc(xs->capr * sizeof *xs->R);
        xs->S = rv_xmalloc(xs->capr * sizeof *xs->S);
        xs->newsuf = rv_xmalloc(xs->capr * sizeof *xs->newsuf);
    }
    c.R = xs->R;
    c.S = xs->S;
    for (size_t q = 0; q < nr; q++) {
        rv_uevent *y = u->cur[np == SIZE_MAX ? q : xs->pos[q]];
        if (may_be_in_r(a, asig, p, x, y)) c.R[c.nr++] = y;
    }
    c.newsuf = xs->newsuf;
    c.newsuf[c.nr] = 0;
    for (size_t q = c.nr; q-- > 0;) c.newsuf[q] = c.newsuf[q + 1] + c.R[q]->xnew;
    if (c.nr < AC_MIN) {
        antichains_scan(&c, 0);
        return c.created;
    }
    if (inc && !c.newsuf[0]) return 0; /* antichains would stop at once */
    /* R by thread (counting sort, stable) for antichains; only the
     * threads present are touched; per-thread arrays [0, T) */
    unsigned T = 1;
    for (size_t q = 0; q < c.nr; q++)
        if (c.R[q]->act.tid + 1u > T) T = c.R[q]->act.tid + 1u;
    uint32_t scnt[RV_UNF_STK_THREADS], sfill[RV_UNF_STK_THREADS], sgoff[RV_UNF_STK_THREADS + 1];
    uint32_t slo[RV_UNF_STK_THREADS], shi[RV_UNF_STK_THREADS];
    uint16_t srth[RV_UNF_STK_THREADS];
    uint64_t spresent[RV_UNF_STK_THREADS / 64];
    uint32_t *cnt = rv_unf_scratch(scnt, sizeof scnt, T * sizeof *cnt);
    uint32_t *fill = rv_unf_scratch(sfill, sizeof sfill, T * sizeof *fill);
    uint32_t *goff = rv_unf_scratch(sgoff, sizeof sgoff, (T + 1) * sizeof *goff);
    uint32_t *lo = rv_unf_scratch(slo, sizeof slo, T * sizeof *lo);
    uint32_t *hi = rv_unf_scratch(shi, sizeof shi, T * sizeof *hi);
    uint16_t *rth = rv_unf_scratch(srth, sizeof srth, T * sizeof *rth);
    uint64_t *present = /* words [0, pw) in use */
        rv_unf_scratch(spresent, sizeof spresent, (T + 63) / 64 * sizeof *present);
    c.goff = goff;
    c.rth = rth;
    unsigned pw = 0;
    for (size_t q = 0; q < c.nr; q++) {
        unsigned t = c.R[q]->act.tid;
        while (pw <= t / 64) present[pw++] = 0;
        if (!((present[t / 64] >> (t % 64)) & 1)) {
            present[t / 64] |= 1ull << (t % 64);
            cnt[t] = 0;
        }
        cnt[t]++;
    }
    c.goff[0] = 0;
    for (unsigned pi = 0; pi < pw; pi++)
        for (uint64_t mk = present[pi]; mk; mk &= mk - 1) {
            unsigned t = pi * 64 + (unsigned)__builtin_ctzll(mk);
            c.rth[c.ng] = (uint16_t)t;
            fill[t] = c.goff[c.ng];
            c.goff[c.ng + 1] = c.goff[c.ng] + cnt[t];
            c.ng++;
        }
    c.gi = xs->gi;
    for (size_t q = 0; q < c.nr; q++) c.gi[fill[c.R[q]->act.tid]++] = (uint32_t)q;
    for (uint32_t g = 0; g < c.ng; g++) {
        lo[g] = 0;
        hi[g] = c.goff[g + 1] - c.goff[g];
    }
    antichains(&c, 0, lo, hi);
    rv_unf_scratch_free(cnt, scnt);
    rv_unf_scratch_free(fill, sfill);
    rv_unf_scratch_free(goff, sgoff);
    rv_unf_scratch_free(lo, slo);
    rv_unf_scratch_free(hi, shi);
    rv_unf_scratch_free(rth, srth);
    rv_unf_scratch_free(present, spresent);
    return c.created;
}

static bool has_dead_child(const rv_unf *u, const rv_uevent *p, unsigned tid)
{
    if (p) return p->dead_child;
    const rv_uroot *r = rv_unf_root_get(u, tid);
    return r && r->dead;
}

/* Incremental Extend (issue 11).  An extension ⟨a, H⟩ of thread t after p
 * is determined by H: a is t's next action after p, a function of [p], and
 * every valid H (H ⊆ C, p the maximal t-event of H, its other maximal
 * events dependent with a) is enumerated at that position.  So when the
 * previous call enumerated position p with p in its configuration C', the
 * extensions with H ⊆ C ∩ C' are in U already (nothing freed them, and
 * the initial values CAS predictions read did not change: else every
 * position is enumerated again), and only histories holding an event of
 * C \ C' are new.  Since C ∩ C' is causally closed, H ⊄ C' iff one of its
 * maximal events other than p is in C \ C'.  Fatal variants (their twins
 * die at any time) are always enumerated in full.  Per position this costs
 * one test per new event before anything is gathered, so an execution
 * that replays a long prefix pays for its new part and one pass over C. */
static uint32_t next_generation(rv_unf *u, rv_uevent ***nw, size_t *nnw)
{
    bool full = !u->xgen || u->nevicted != u->xevicted || u->ival_ver != u->xival_ver;
    uint32_t gen = u->xgen + (full ? 2 : 1);
    u->xgen = gen;
    u->xevicted = u->nevicted;
    u->xival_ver = u->ival_ver;
    *nw = rv_xmalloc((u->ncur + 1) * sizeof **nw);
    *nnw = 0;
    for (size_t i = 0; i < u->ncur; i++) {
        rv_uevent *e = u->cur[i];
        e->xnew = e->xgen != gen - 1;
        if (e->xnew) (*nw)[(*nnw)++] = e;
        e->xgen = gen;
    }
    return gen;
}

/* Did the previous call enumerate thread tid's position after p? */
static bool enumerated_before(const rv_unf *u, const rv_uevent *p, unsigned tid, uint32_t gen)
{
    if (p) return p->pgen == gen - 1;
    const rv_uroot *r = rv_unf_root_get(u, tid);
    return (r ? r->gen : 0) == gen - 1;
}

static void set_enumerated(rv_unf *u, rv_uevent *p, unsigned tid, uint32_t gen)
{
    if (p)
        p->pgen = gen;
    else
        rv_unf_root(u, tid)->gen = gen;
}

/* C's chains, with off[] up to max(cover, 1 + the largest thread of C);
 * chains_free frees them. */
static void build_chains(const rv_unf *u, chains *ch, unsigned cover)
{
    unsigned nt = 0;
    for (size_t i = 0; i < u->ncur; i++)
        if (u->cur[i]->act.tid + 1u > nt) nt = u->cur[i]->act.tid + 1u;
    if (cover < nt) cover = nt;
    ch->off = rv_unf_scratch(ch->soff, sizeof ch->soff, (cover + 1) * sizeof *ch->off);
    uint32_t sfill[RV_UNF_STK_THREADS];
    uint32_t *fill = rv_unf_scratch(sfill, sizeof sfill, nt * sizeof *fill); /* [0, nt) */
    memset(fill, 0, nt * sizeof *fill);
    memset(ch->off, 0, (nt + 1) * sizeof *ch->off);
    for (size_t i = 0; i < u->ncur; i++) ch->off[u->cur[i]->act.tid + 1]++;
    for (unsigned t = 0; t < nt; t++) ch->off[t + 1] += ch->off[t];
    for (unsigned t = nt + 1; t <= cover; t++) ch->off[t] = ch->off[nt];
    ch->nt = nt;
    ch->idx = rv_xmalloc((u->ncur + 1) * sizeof *ch->idx);
    for (size_t i = 0; i < u->ncur; i++) {
        unsigned t = u->cur[i]->act.tid;
        ch->idx[ch->off[t] + fill[t]++] = (uint32_t)i;
    }
    rv_unf_scratch_free(fill, sfill);
}

static void chains_free(chains *ch)
{
    free(ch->idx);
    rv_unf_scratch_free(ch->off, ch->soff);
}

/* The positions of thread t (k = 0 .. len: after its k-th event of C) at
 * which a new event y can be a maximal event of a history: y's history
 * holds none of t's events from the k+1-th on (k >= D, D = the depth of
 * t's maximal event in [y]), and y is not below t's k-th event (k < K,
 * found by binary search: once y is below one it is below the later
 * ones).  Adds +1 over [D, K) to the difference array cnt (len + 2). */
static void mark_window(const rv_unf *u, const chains *ch, unsigned t, const rv_uevent *y,
                        int32_t *cnt)
{
    uint32_t len = ch->off[t + 1] - ch->off[t];
    const uint32_t *c = ch->idx + ch->off[t];
    unsigned ty = y->act.tid;
    const rv_uevent *m = t < y->nt ? y->tmax[t] : NULL;
    uint32_t d = m ? m->depth : 0, lo = d > 1 ? d : 1, hi = len + 1;
    if (d > len) return;
    while (lo < hi) { /* first k >= 1 whose k-th event is above y */
        uint32_t mid = lo + (hi - lo) / 2;
        const rv_uevent *p = u->cur[c[mid - 1]];
        const rv_uevent *pm = ty < p->nt ? p->tmax[ty] : NULL;
        if (pm && pm->depth >= y->depth)
            hi = mid;
        else
            lo = mid + 1;
    }
    if (lo <= d) return;
    cnt[d]++;
    cnt[lo]--;
}

/* The union of the template signatures of thread t's positions (its
 * events of C and its next action after C).  A new event y whose
 * signature misses it can be in R at none of them (may_be_in_r tests
 * asig & y->sig first), so its window need not be marked there: a
 * position opened only by such an event enumerates nothing new.  O(len)
 * per thread and call, against the O(|N| log len) of the windows it
 * spares (issue 11: mark_window was 4% of the instructions on the
 * philosophers, each new event marked against every thread). */
static uint64_t thread_sig(const rv_unf *u, const chains *ch, unsigned t, const rv_action *tail)
{
    uint64_t s = tail ? template_sig(tail) : 0;
    /* an event's sig covers its template's: rv_dep_sig reads no CAS kind
     * (both are memory actions), and a fatal event's is every bit */
    for (uint32_t k = ch->off[t]; k < ch->off[t + 1]; k++) s |= u->cur[ch->idx[k]]->sig;
    return s;
}

size_t rv_unf_extend(rv_unf *u, const rv_trace *t, bool pending)
{
    size_t created = 0, nnw;
    rv_uevent **nw;
    xscratch(u)->sx_ok = false; /* C changed since the last call */
    sc_clear(u->xs);
    u->xs->nthreads = t->nthreads;
    uint32_t gen = next_generation(u, &nw, &nnw);
    chains ch;
    build_chains(u, &ch, t->nthreads);
    u->xs->ch = &ch;
    /* the trace index of each thread's first event not in C (cutoffs) */
    unsigned nth = t->nthreads;
    if (ch.nt > nth) nth = ch.nt;
    int32_t safter[RV_UNF_STK_THREADS]; /* [0, nth) used */
    uint32_t sseen[RV_UNF_STK_THREADS];
    int32_t *after = rv_unf_scratch(safter, sizeof safter, nth * sizeof *after);
    uint32_t *seen = rv_unf_scratch(sseen, sizeof sseen, nth * sizeof *seen);
    memset(seen, 0, nth * sizeof *seen);
    for (unsigned k = 0; k < nth; k++) after[k] = -1;
    for (size_t i = 0; i < t->n; i++) {
        unsigned tid = t->ev[i].act.tid;
        if (tid < nth && seen[tid]++ == ch.off[tid + 1] - ch.off[tid]) after[tid] = (int32_t)i;
    }
    /* per thread and position: new events that may be in S (a window) */
    int32_t *cnt = rv_xcalloc(u->ncur + 2 * (size_t)nth + 2, sizeof *cnt);
    curix *ix = &xscratch(u)->ix;
    bool ixed = false;
    for (unsigned tid = 0; tid < t->nthreads && tid < nth; tid++) {
        const rv_thread_end *te = &t->threads[tid];
        if (te->state == RV_T_NONE) continue;
        bool root = te->parent == RV_NO_THREAD;
        uint32_t len = ch.off[tid + 1] - ch.off[tid];
        int32_t *w = cnt + ch.off[tid] + 2 * tid;
        memset(w, 0, (len + 2) * sizeof *w);
        /* t's next action after C: its next event in the trace when C was
         * restricted by cutoffs (a suffix of each thread is dropped), else
         * its pending action */
        const rv_action *tail = after[tid] >= 0 ? &t->ev[after[tid]].act : NULL;
        if (!tail && pending && te->state == RV_T_LIVE && te->pending.kind != RV_ACT_NONE)
            tail = &te->pending;
        uint64_t tsig = nnw ? thread_sig(u, &ch, tid, tail) : 0;
        for (size_t q = 0; q < nnw; q++)
            if (nw[q]->act.tid != tid && (nw[q]->sig & tsig)) mark_window(u, &ch, tid, nw[q], w);
        rv_uevent *p = NULL;
        int32_t open = 0;
        for (uint32_t k = 0; k <= len && !u->interrupted; k++) {
            if (rv_unf_stop(u)) break;
            rv_uevent *x = k < len ? u->cur[ch.idx[ch.off[tid] + k]] : NULL;
            open += w[k];
            const rv_action *a = x ? &x->act : tail;
            if (a && !(p && rv_unf_is_err(p))) {
                bool inc = enumerated_before(u, p, tid, gen);
                bool dead = has_dead_child(u, p, tid);
                if ((!inc || open > 0 || dead) && !ixed) {
                    cur_index(u, ix);
                    ixed = true;
                }
                if (!inc || open > 0)
                    created += extend_position(u, ix, a, root, p, x, false, inc, nw, nnw);
                set_enumerated(u, p, tid, gen);
                if (dead) created += extend_position(u, ix, a, root, p, x, true, false, nw, nnw);
            }
            p = x;
        }
    }
    u->xs->ch = NULL;
    free(cnt);
    chains_free(&ch);
    rv_unf_scratch_free(after, safter);
    rv_unf_scratch_free(seen, sseen);
    free(nw);
    return created;
}
