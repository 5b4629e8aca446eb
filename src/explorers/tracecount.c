/*
 * tracecount.c — canonical keys of Mazurkiewicz traces and the set of them.
 * See tracecount.h for the method and its cost.
 */
#include "tracecount.h"

#include <stdlib.h>
#include <string.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

typedef struct entry {
    uint32_t ev;  /* event index */
    int32_t next; /* older entry with the same key, -1 at the end */
} entry;

typedef struct edge {
    uint32_t from, to;
} edge;

struct rv_tracecount {
    /* the set of keys: open addressing, (0,0) marks an empty slot */
    rv_hash128 *slots;
    size_t nslots, nkeys;
    /* scratch for rv_trace_key, reused across calls */
    uint64_t *bkey;  /* object-key table: key per slot */
    int32_t *bhead;  /* newest entry per slot, -1 when empty */
    size_t nb;       /* table size (power of two) */
    size_t nused;    /* occupied slots */
    unsigned levels; /* memory levels above 0 with an access filed (bit l) */
    entry *ent;
    size_t nent, capent;
    edge *edges;
    size_t nedges, capedges;
    uint32_t *indeg, *start, *succ, *order;
    size_t capn;
};

rv_tracecount *rv_tracecount_new(void)
{
    rv_tracecount *tc = rv_xcalloc(1, sizeof *tc);
    tc->nslots = 1024;
    tc->slots = rv_xcalloc(tc->nslots, sizeof *tc->slots);
    return tc;
}

void rv_tracecount_free(rv_tracecount *tc)
{
    if (!tc) return;
    free(tc->slots);
    free(tc->bkey);
    free(tc->bhead);
    free(tc->ent);
    free(tc->edges);
    free(tc->indeg);
    free(tc->start);
    free(tc->succ);
    free(tc->order);
    free(tc);
}

/* ------------------------------------------------------------------ */
/* The set.                                                            */

static size_t slot_of(const rv_tracecount *tc, rv_hash128 k)
{
    size_t mask = tc->nslots - 1, i = (size_t)k.lo & mask;
    while ((tc->slots[i].lo || tc->slots[i].hi) &&
           (tc->slots[i].lo != k.lo || tc->slots[i].hi != k.hi))
        i = (i + 1) & mask;
    return i;
}

static void grow_set(rv_tracecount *tc)
{
    rv_hash128 *old = tc->slots;
    size_t n = tc->nslots;
    tc->nslots *= 2;
    tc->slots = rv_xcalloc(tc->nslots, sizeof *tc->slots);
    for (size_t i = 0; i < n; i++)
        if (old[i].lo || old[i].hi) tc->slots[slot_of(tc, old[i])] = old[i];
    free(old);
}

bool rv_tracecount_insert(rv_tracecount *tc, rv_hash128 k)
{
    if (!k.lo && !k.hi) k.lo = 1; /* (0,0) is the empty marker */
    if (2 * (tc->nkeys + 1) > tc->nslots) grow_set(tc);
    size_t i = slot_of(tc, k);
    if (tc->slots[i].lo || tc->slots[i].hi) return false;
    tc->slots[i] = k;
    tc->nkeys++;
    return true;
}

uint64_t rv_tracecount_size(const rv_tracecount *tc)
{
    return tc->nkeys;
}

/* ------------------------------------------------------------------ */
/* Dependency edges.                                                   */

static void add_edge(rv_tracecount *tc, size_t from, size_t to)
{
    if (tc->nedges == tc->capedges) {
        tc->capedges = tc->capedges ? 2 * tc->capedges : 1024;
        tc->edges = rv_xrealloc(tc->edges, tc->capedges * sizeof *tc->edges);
    }
    tc->edges[tc->nedges++] = (edge){(uint32_t)from, (uint32_t)to};
}

static void reset_buckets(rv_tracecount *tc, size_t n)
{
    size_t want = 64;
    while (want < 4 * n + 64) want *= 2;
    if (want > tc->nb) {
        free(tc->bkey);
        free(tc->bhead);
        tc->nb = want;
        tc->bkey = rv_xmalloc(want * sizeof *tc->bkey);
        tc->bhead = rv_xmalloc(want * sizeof *tc->bhead);
    }
    memset(tc->bhead, -1, tc->nb * sizeof *tc->bhead);
    tc->nused = 0;
    tc->levels = 0;
    tc->nent = 0;
    tc->nedges = 0;
}

static size_t probe(const rv_tracecount *tc, uint64_t key)
{
    size_t mask = tc->nb - 1, i = (size_t)(key * 0x9e3779b97f4a7c15ull >> 20) & mask;
    while (tc->bhead[i] != -1 && tc->bkey[i] != key) i = (i + 1) & mask;
    return i;
}

static void grow_buckets(rv_tracecount *tc)
{
    uint64_t *ok = tc->bkey;
    int32_t *oh = tc->bhead;
    size_t on = tc->nb;
    tc->nb *= 2;
    tc->bkey = rv_xmalloc(tc->nb * sizeof *tc->bkey);
    tc->bhead = rv_xmalloc(tc->nb * sizeof *tc->bhead);
    memset(tc->bhead, -1, tc->nb * sizeof *tc->bhead);
    for (size_t i = 0; i < on; i++) {
        if (oh[i] == -1) continue;
        size_t j = probe(tc, ok[i]);
        tc->bkey[j] = ok[i];
        tc->bhead[j] = oh[i];
    }
    free(ok);
    free(oh);
}

/* Slot for an object key; a new key gets an empty slot (head -1). */
static size_t bucket(rv_tracecount *tc, uint64_t key)
{
    if (2 * (tc->nused + 1) > tc->nb) grow_buckets(tc);
    size_t i = probe(tc, key);
    if (tc->bhead[i] == -1) tc->nused++;
    tc->bkey[i] = key;
    return i;
}

/* Does k depend on every earlier event on this key that j depends on?
 * Then the scan back from j may stop at k (see tracecount.h). */
static bool dominates(const rv_action *k, const rv_action *j, bool memkey)
{
    if (memkey)
        return (k->kind == RV_ACT_WRITE || k->kind == RV_ACT_RMW) && k->len && k->obj <= j->obj &&
               rv_mem_last(k->obj, k->len) >= rv_mem_last(j->obj, j->len);
    if (rv_mutex_of(k) && rv_mutex_of(k) == rv_mutex_of(j)) return true;
    if (k->kind == RV_ACT_SEM_WAIT || k->kind == RV_ACT_SEM_TRYWAIT) return k->obj == j->obj;
    if (k->kind == RV_ACT_ONCE_BEGIN || k->kind == RV_ACT_ONCE_END) return true;
    if (rv_on_rwlock(k) || rv_on_barrier(k)) return k->obj == j->obj && rv_obj_dominates(k);
    return false;
}

static void push_key(rv_tracecount *tc, size_t j, uint64_t key)
{
    size_t b = bucket(tc, key);
    if (tc->nent == tc->capent) {
        tc->capent = tc->capent ? 2 * tc->capent : 1024;
        tc->ent = rv_xrealloc(tc->ent, tc->capent * sizeof *tc->ent);
    }
    tc->ent[tc->nent] = (entry){(uint32_t)j, tc->bhead[b]};
    tc->bhead[b] = (int32_t)tc->nent++;
}

/* Edges from the events on key's chain that j depends on, newest first,
 * down to one that dominates j. */
static void walk_key(rv_tracecount *tc, const rv_event *ev, size_t j, uint64_t key, bool memkey)
{
    size_t b = probe(tc, key);
    const rv_action *aj = &ev[j].act;
    for (int32_t e = tc->bhead[b]; e != -1; e = tc->ent[e].next) {
        const rv_action *ak = &ev[tc->ent[e].ev].act;
        if (ak->tid == aj->tid || !rv_dependent(ak, aj)) continue;
        add_edge(tc, tc->ent[e].ev, j);
        if (dominates(ak, aj, memkey)) break;
    }
}

static void link_key(rv_tracecount *tc, const rv_event *ev, size_t j, uint64_t key, bool memkey)
{
    walk_key(tc, ev, j, key, memkey);
    push_key(tc, j, key);
}

/* The keys of the chains: one per object, never shared.  A memory unit's
 * key is 2^63 + rv_mem_code(level, unit) (below 2^62, injective:
 * action.h); any other object's key has bit 63 clear, its value times 16
 * plus its tag (2: a synchronisation object, 3: a thread), injective for
 * values below 2^59: thread ids, and user-space addresses (below 2^47 on
 * x86-64, 2^56 with 5-level paging).  (A key shared by two objects would
 * cost time only: walk_key's tests are exact.) */
static uint64_t mem_key(unsigned l, uint64_t u)
{
    return (uint64_t)1 << 63 | rv_mem_code(l, u);
}

static uint64_t obj_key(unsigned tag, uint64_t v)
{
    return v << 4 | tag;
}

/* Memory at several granularities, as in the unfolding's mapping
 * (extend.c mem_chains, issue 27 part 6): an access is filed at its level
 * only, in at most RV_MEM_SPAN + 1 chains; it walks the chains of its
 * units at its level and above, and below it those of every unit it spans
 * there, or, when that is more units than the events before it, every
 * earlier event.  Per granule, one 4 MiB memset made 512 K keys per
 * execution. */
static void link_range(rv_tracecount *tc, const rv_event *ev, size_t j, uint64_t obj, uint64_t len)
{
    uint64_t lo = obj, hi = rv_mem_last(obj, len);
    unsigned k = rv_mem_level(lo, hi);
    uint64_t below = 0;
    for (unsigned l = 0; l < k; l++)
        if (!l || (tc->levels >> l & 1))
            below += (hi >> rv_mem_shift(l)) - (lo >> rv_mem_shift(l)) + 1;
    if (k && below > j) {
        const rv_action *aj = &ev[j].act;
        for (size_t i = j; i-- > 0;) {
            const rv_action *ai = &ev[i].act;
            if (ai->tid == aj->tid || !rv_dependent(ai, aj)) continue;
            add_edge(tc, i, j);
            if (dominates(ai, aj, true)) break;
        }
    } else {
        for (unsigned l = 0; l < RV_MEM_LEVELS; l++) {
            if (l && !(tc->levels >> l & 1)) continue;
            for (uint64_t u = lo >> rv_mem_shift(l); u <= hi >> rv_mem_shift(l); u++)
                walk_key(tc, ev, j, mem_key(l, u), true);
        }
    }
    for (uint64_t u = lo >> rv_mem_shift(k); u <= hi >> rv_mem_shift(k); u++)
        push_key(tc, j, mem_key(k, u));
    if (k) tc->levels |= 1u << k;
}

/* The objects an action touches, as bucket keys: 8-byte granules for
 * memory (tag 1) and for the *thread a create writes, the object for
 * synchronisation (tag 2), the thread whose detach state create, join and
 * detach use and whose exit join waits for (tag 3). */
static void link_objects(rv_tracecount *tc, const rv_event *ev, size_t j)
{
    const rv_action *a = &ev[j].act;
    if (rv_is_memory(a)) {
        link_range(tc, ev, j, a->obj, a->len);
        return;
    }
    if (a->kind == RV_ACT_CREATE && a->len) link_range(tc, ev, j, a->obj2, a->len);
    if (a->kind == RV_ACT_CREATE || a->kind == RV_ACT_JOIN || a->kind == RV_ACT_DETACH)
        link_key(tc, ev, j, obj_key(3, a->obj), false);
    /* a join of a detached thread returns at once: it may precede the exit */
    if (a->kind == RV_ACT_EXIT) link_key(tc, ev, j, obj_key(3, a->tid), false);
    uint64_t m = rv_mutex_of(a);
    if (m) link_key(tc, ev, j, obj_key(2, m), false);
    if (rv_on_sync_obj(a)) link_key(tc, ev, j, obj_key(2, a->obj), false);
}

/* Threads the trace names (actors, created and joined threads): the
 * per-thread arrays below have that many entries, not RV_MAX_THREADS
 * (16,384: clearing them was most of a short execution's key). */
static unsigned trace_threads(const rv_event *ev, size_t n)
{
    unsigned T = 1;
    for (size_t j = 0; j < n; j++) {
        const rv_action *a = &ev[j].act;
        if (a->tid + 1u > T) T = a->tid + 1u;
        if ((a->kind == RV_ACT_CREATE || a->kind == RV_ACT_JOIN) && a->obj < RV_MAX_THREADS &&
            a->obj + 1 > T)
            T = (unsigned)a->obj + 1;
    }
    return T < RV_MAX_THREADS ? T : RV_MAX_THREADS;
}

static void build_edges(rv_tracecount *tc, const rv_event *ev, size_t n, unsigned T)
{
    int64_t *last = rv_xmalloc(3 * (size_t)T * sizeof *last), *created = last + T,
            *exited = created + T;
    for (unsigned t = 0; t < T; t++) last[t] = created[t] = exited[t] = -1;
    int64_t barrier = -1; /* the last process exit, after which everything is ordered */
    int64_t section = -1; /* the last end of an atomic section: ordered with other threads */
    reset_buckets(tc, n);
    for (size_t j = 0; j < n; j++) {
        const rv_action *a = &ev[j].act;
        unsigned t = a->tid < T ? a->tid : 0;
        if (last[t] >= 0)
            add_edge(tc, (size_t)last[t], j);
        else if (created[t] >= 0)
            add_edge(tc, (size_t)created[t], j);
        if (barrier >= 0) add_edge(tc, (size_t)barrier, j);
        if (a->kind == RV_ACT_CREATE && a->obj < T) created[a->obj] = (int64_t)j;
        if (a->kind == RV_ACT_EXIT) exited[t] = (int64_t)j;
        if (a->kind == RV_ACT_JOIN && a->obj < T && exited[a->obj] >= 0)
            add_edge(tc, (size_t)exited[a->obj], j);
        if (section >= 0 && ev[section].act.tid != a->tid) add_edge(tc, (size_t)section, j);
        if (a->kind == RV_ACT_PEXIT || rv_is_atomic_section(a)) {
            for (unsigned u = 0; u < T; u++)
                if (last[u] >= 0 && u != t) add_edge(tc, (size_t)last[u], j);
            if (a->kind == RV_ACT_PEXIT)
                barrier = (int64_t)j;
            else
                section = (int64_t)j;
        }
        link_objects(tc, ev, j);
        last[t] = (int64_t)j;
    }
    free(last);
}

/* ------------------------------------------------------------------ */
/* The lexicographically least linearisation (Kahn's algorithm taking the
 * lowest thread whose next event has no unplaced predecessor). */

static void ensure_n(rv_tracecount *tc, size_t n)
{
    if (n + 1 <= tc->capn) return;
    tc->capn = 2 * (n + 1);
    tc->indeg = rv_xrealloc(tc->indeg, tc->capn * sizeof *tc->indeg);
    tc->start = rv_xrealloc(tc->start, (tc->capn + 1) * sizeof *tc->start);
    tc->order = rv_xrealloc(tc->order, tc->capn * sizeof *tc->order);
}

static void build_succ(rv_tracecount *tc, size_t n)
{
    memset(tc->indeg, 0, n * sizeof *tc->indeg);
    memset(tc->start, 0, (n + 1) * sizeof *tc->start);
    for (size_t i = 0; i < tc->nedges; i++) {
        tc->start[tc->edges[i].from + 1]++;
        tc->indeg[tc->edges[i].to]++;
    }
    for (size_t i = 0; i < n; i++) tc->start[i + 1] += tc->start[i];
    tc->succ = rv_xrealloc(tc->succ, (tc->nedges + 1) * sizeof *tc->succ);
    /* fill using order[] as a cursor array */
    memcpy(tc->order, tc->start, n * sizeof *tc->order);
    for (size_t i = 0; i < tc->nedges; i++)
        tc->succ[tc->order[tc->edges[i].from]++] = tc->edges[i].to;
}

typedef struct canon_rec {
    uint16_t tid;
    uint8_t kind, flags;
    uint32_t pad;
    uint64_t obj, obj2, arg, len;
} canon_rec;

rv_hash128 rv_trace_key(rv_tracecount *tc, const rv_event *ev, size_t n)
{
    unsigned T = trace_threads(ev, n);
    ensure_n(tc, n);
    build_edges(tc, ev, n, T);
    build_succ(tc, n);
    /* per-thread queues of event indices, in program order */
    size_t *cursor = rv_xcalloc(3 * (size_t)T + 1, sizeof *cursor), *count = cursor + T,
           *off = count + T; /* off: T + 1 entries */
    uint32_t *byt = rv_xmalloc((n + 1) * sizeof *byt);
    for (size_t i = 0; i < n; i++) count[ev[i].act.tid < T ? ev[i].act.tid : 0]++;
    for (unsigned t = 0; t < T; t++) off[t + 1] = off[t] + count[t];
    for (size_t i = 0; i < n; i++) {
        unsigned t = ev[i].act.tid < T ? ev[i].act.tid : 0;
        byt[off[t] + cursor[t]++] = (uint32_t)i;
    }
    memset(cursor, 0, T * sizeof *cursor);
    XXH3_state_t st;
    XXH3_128bits_reset(&st);
    for (size_t placed = 0; placed < n; placed++) {
        int pick = -1;
        for (unsigned t = 0; t < T && pick < 0; t++)
            if (cursor[t] < count[t] && tc->indeg[byt[off[t] + cursor[t]]] == 0) pick = (int)t;
        if (pick < 0) break; /* cannot happen: edges go forward in time */
        uint32_t e = byt[off[pick] + cursor[pick]++];
        for (uint32_t s = tc->start[e]; s < tc->start[e + 1]; s++) tc->indeg[tc->succ[s]]--;
        const rv_action *a = &ev[e].act;
        canon_rec r = {a->tid, a->kind, a->flags, 0, a->obj, a->obj2, a->arg, a->len};
        XXH3_128bits_update(&st, &r, sizeof r);
    }
    free(byt);
    free(cursor);
    XXH128_hash_t h = XXH3_128bits_digest(&st);
    return (rv_hash128){h.low64, h.high64};
}
