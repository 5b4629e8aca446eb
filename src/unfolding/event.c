/*
 * event.c — events of the unfolding: hash-consing by canonical name,
 * per-thread trees with skew-binary jump pointers, causality and
 * conflict queries (contract in unfolding.h).
 *
 * Per-object index (issue 11; the per-address trees of Dpu/QPOR, Nguyen et
 * al., CAV 2018 §5, play the same part).  Two events can be in immediate
 * conflict only if they are dependent, and dependence between events of
 * different threads always goes through an object both touch: a mutex, a
 * memory granule (8 bytes), a condition variable, semaphore or once
 * object, or a thread (create(t) with t's events, join(t) with t's exit).
 * Events of one thread are in immediate conflict only with their siblings
 * in the thread tree.  So U is filed in buckets, one per key (object kind,
 * object) and one per thread-tree parent (kept in the parent event, not in
 * the keys' hash table), each holding event ids in
 * increasing order; an event's conflict list is brought up to date by
 * scanning only the buckets of its own keys, from its completeness bound
 * icf_upto on (binary search), instead of every later event of U.  Events
 * that depend on everything (fatal events, process exit, atomic sections,
 * memory ranges of 48 granules or more) are filed in one universal bucket
 * that every update scans, and their own lists still scan all of U.  A
 * key is a hash of (kind, object): two objects that share a key only merge
 * buckets, which adds candidates rv_unf_icf rejects, never loses one.
 * Object buckets are split per thread, reads apart, so that an update
 * reads only other threads' events (and a read only their non-reads).
 * Entries carry the event's tid and fin (the threads whose last event,
 * exit or fatal, is in its history): a pair where one history holds the
 * other's thread's last event is never an immediate conflict (gather()),
 * which drops, without touching the events, the pairs that made most of
 * the tests (a thread's events against main's events after its join).
 * Each bucket also keeps, per block of RV_UBLOCK entries, the AND of
 * their fin masks (unfolding.h, rv_ubucket): a block where every entry's
 * history holds the updated event's thread's end is skipped in one test
 * (issue 11: main's events after the joins made most of the scan), and
 * each block's first id, so that where an update starts is found without
 * touching the entries but those of one block.
 * Memory (issue 11, fifth pass): events with their pred and tmax arrays,
 * conflict lists and buckets come from the arena of arena.h.
 * Hot objects (issue 29; docs/UDPOR.md "Hot objects"): per other thread
 * v, the candidates come from a walk of v's thread tree from e's last
 * event of v down through e-independent events (walk_thread), when that
 * reads fewer than an eighth of the entries the scan of v's buckets
 * would; siblings with e's exact action are not read (gather_siblings:
 * they conflict with e only if they share its history, and those are
 * found by name).
 * Costs: filing an event O(k) amortised (k = its keys, 2-4 but for wide
 * memory ranges) plus one action comparison for its sibling mark; an
 * update O(k T' log |bucket|) to size the scans, then per thread
 * min(walk, b + c): the walk's entries w (bounded by an eighth of the
 * scan; about 4 on the counter of bench/udpor/counter.c, independent of
 * the object's events) or b blocks and c entries scanned; the siblings'
 * bucket from icf_upto by blocks, skipping same-action blocks, plus up
 * to ndom name lookups; merged over r runs in O(c log r), then
 * rv_unf_icf on each candidate.
 * The index is rebuilt in O(|U|) after rv_unf_remove renumbers ids, and is
 * not counted in u->bytes (the --cache-mb accounting is that of the
 * events, as before).
 */
#include <stdlib.h>
#include <string.h>

#include "unfolding.h"

void rv_unf_init(rv_unf *u)
{
    memset(u, 0, sizeof *u);
    u->hcap = 1024;
    u->htab = rv_xcalloc(u->hcap, sizeof *u->htab);
}

void rv_unf_free(rv_unf *u)
{
    rv_arena_release(&u->arena); /* events, lists and buckets at once */
    free(u->ix);
    free(u->scratch);
    free(u->scratch2);
    free(u->wstack);
    free(u->altX);
    free(u->alttg);
    free(u->bcstk);
    free(u->ev);
    free(u->sig);
    free(u->htab);
    free(u->cur);
    free(u->hint);
    free(u->root);
    rv_unf_cut_free(u);
    rv_unf_vals_free(u);
    rv_unf_extend_free(u);
    rv_unf_map_free(u);
    memset(u, 0, sizeof *u);
}

rv_uroot *rv_unf_root(rv_unf *u, unsigned t)
{
    if (t >= u->nroot) {
        unsigned n = u->nroot ? 2 * u->nroot : 64;
        if (n <= t) n = t + 1;
        u->root = rv_xrealloc(u->root, n * sizeof *u->root);
        memset(u->root + u->nroot, 0, (n - u->nroot) * sizeof *u->root);
        u->nroot = n;
    }
    return &u->root[t];
}

uint64_t rv_unf_choice(const rv_action *a, uint32_t val)
{
    if (a->kind == RV_ACT_NONDET) return val;
    if (a->kind == RV_ACT_SIGNAL) return a->arg;
    if (a->flags & RV_AF_TIMED) return val; /* acquire or time out (model.h) */
    return 0;
}

/* Canonical name: thread, kind, object, choice and the sorted ids of the
 * maximal events of the history (p: those events, in the same order).
 * ids and p are the inline arrays, or the heap for more predecessors
 * than fit (cname_room; cname_done frees). */
#define CNAME_INLINE (RV_UNF_STK_THREADS * 4)
typedef struct cname {
    uint16_t tid;
    uint8_t kind;
    uint8_t flags;
    uint64_t obj, choice;
    size_t np;
    uint32_t *ids;
    rv_uevent **p;
    uint32_t sids[CNAME_INLINE];
    rv_uevent *sp[CNAME_INLINE];
} cname;

/* Room for n predecessors. */
static void cname_room(cname *c, size_t n)
{
    c->ids = c->sids;
    c->p = c->sp;
    if (n <= CNAME_INLINE) return;
    c->ids = rv_xmalloc(n * sizeof *c->ids);
    c->p = rv_xmalloc(n * sizeof *c->p);
}

static void cname_done(cname *c)
{
    if (c->ids == c->sids) return;
    free(c->ids);
    free(c->p);
}

static uint64_t cname_hash(const cname *c)
{
    uint64_t h = 1469598103934665603ull;
    uint64_t w[4] = {c->tid | (uint64_t)c->kind << 16 | (uint64_t)c->flags << 24, c->obj, c->choice,
                     c->np};
    for (int i = 0; i < 4; i++) h = (h ^ w[i]) * 1099511628211ull;
    for (size_t i = 0; i < c->np; i++) h = (h ^ c->ids[i]) * 1099511628211ull;
    return h ^ (h >> 29);
}

/* Predecessors by pointer, so that a lookup touches no event but the
 * candidate (issue 11: the misses on the predecessors' ids were part of
 * rv_unf_intern's time). */
static bool cname_eq(const cname *c, const rv_uevent *e)
{
    if (e->act.tid != c->tid || e->act.kind != c->kind || e->act.obj != c->obj ||
        (e->act.flags & RV_UF_ERR) != c->flags || e->choice != c->choice || e->npred != c->np)
        return false;
    for (size_t i = 0; i < c->np; i++)
        if (e->pred[i] != c->p[i]) return false;
    return true;
}

/* The hash of an event's name under the current ids. */
static uint64_t event_hname(const rv_uevent *e)
{
    cname c; /* field by field: no zeroing of ids[] and p[] */
    c.tid = e->act.tid;
    c.kind = e->act.kind;
    c.obj = e->act.obj;
    c.flags = e->act.flags & RV_UF_ERR;
    c.choice = e->choice;
    c.np = e->npred;
    cname_room(&c, c.np);
    for (size_t k = 0; k < e->npred; k++) c.ids[k] = e->pred[k]->id;
    uint64_t h = cname_hash(&c);
    cname_done(&c);
    return h;
}

static size_t hslot_first(uint64_t h, size_t cap)
{
    return (size_t)((h * 0x9e3779b97f4a7c15ull) >> 32) & (cap - 1);
}

/* The slot holding the event of name c (hash h), or the empty slot where
 * it goes. */
static struct rv_hslot *hslot_find(rv_unf *u, const cname *c, uint64_t h)
{
    for (size_t i = hslot_first(h, u->hcap);; i = (i + 1) & (u->hcap - 1)) {
        struct rv_hslot *s = &u->htab[i];
        if (!s->e || (s->h == h && cname_eq(c, s->e))) return s;
    }
}

static void hslot_put(struct rv_hslot *tab, size_t cap, uint64_t h, rv_uevent *e)
{
    size_t i = hslot_first(h, cap);
    while (tab[i].e) i = (i + 1) & (cap - 1);
    tab[i] = (struct rv_hslot){h, e};
}

/* Double the table: the slots move with their hashes, no event touched. */
static void grow_htab(rv_unf *u)
{
    size_t ncap = 2 * u->hcap;
    struct rv_hslot *nt = rv_xcalloc(ncap, sizeof *nt);
    for (size_t i = 0; i < u->hcap; i++)
        if (u->htab[i].e) hslot_put(nt, ncap, u->htab[i].h, u->htab[i].e);
    free(u->htab);
    u->htab = nt;
    u->hcap = ncap;
}

/* The table from scratch after ids changed (rv_unf_remove): each name's
 * hash is computed again. */
static void rebuild_htab(rv_unf *u)
{
    memset(u->htab, 0, u->hcap * sizeof *u->htab);
    for (size_t i = 0; i < u->n; i++) {
        rv_uevent *e = u->ev[i];
        e->hname = event_hname(e);
        hslot_put(u->htab, u->hcap, e->hname, e);
    }
}

/* ---- per-object index (see the header) -------------------------------- */

enum { K_UNIV = 1, K_TEV, K_EXIT, K_CJ, K_MTX, K_MEM, K_OBJ, K_SPLIT, K_TOBJ };

static uint64_t ix_key(unsigned tag, uint64_t v)
{
    uint64_t h = (v ^ ((uint64_t)tag << 56)) * 0x9e3779b97f4a7c15ull;
    h ^= h >> 29;
    return h | 1; /* 0 marks an empty slot */
}

/* Actions that depend on every action: filed in the universal bucket. */
static bool universal_act(const rv_action *a)
{
    if ((a->flags & RV_UF_ERR) || a->kind == RV_ACT_PEXIT || rv_is_atomic_section(a)) return true;
    if (!rv_is_memory(a)) return false;
    uint64_t first = a->obj >> 3, last = (a->obj + (a->len ? a->len : 1) - 1) >> 3;
    return last - first >= 48;
}

static bool universal(const rv_uevent *e)
{
    return universal_act(&e->act);
}

/* Keys written to k[0..n), room for 64 (the caller's: rv_unf_dep_keys
 * writes into its out array, no copy). */
typedef struct keyset {
    uint64_t *k;
    unsigned n;
} keyset;

/* Keys of the objects an action touches: filed and looked up alike. */
static void object_keys(const rv_action *a, keyset *ks)
{
    uint64_t m = rv_mutex_of(a);
    if (m) ks->k[ks->n++] = ix_key(K_MTX, m);
    if (a->kind == RV_ACT_CREATE || a->kind == RV_ACT_JOIN || a->kind == RV_ACT_DETACH)
        ks->k[ks->n++] = ix_key(K_TOBJ, a->obj); /* the target's detach state */
    if (a->kind == RV_ACT_CREATE && a->len) {    /* create writes *thread (action.c) */
        uint64_t first = a->obj2 >> 3, last = (a->obj2 + a->len - 1) >> 3;
        for (uint64_t g = first; g <= last && ks->n < 8; g++) ks->k[ks->n++] = ix_key(K_MEM, g);
    }
    if (rv_is_memory(a)) {
        uint64_t first = a->obj >> 3, last = (a->obj + (a->len ? a->len : 1) - 1) >> 3;
        for (uint64_t g = first; g <= last; g++) ks->k[ks->n++] = ix_key(K_MEM, g);
        return;
    }
    if (rv_on_sync_obj(a)) ks->k[ks->n++] = ix_key(K_OBJ, a->obj);
}

/* Where a non-universal action is filed, its own thread's siblings aside. */
static void act_filed_keys(const rv_action *a, keyset *ks)
{
    object_keys(a, ks);
    ks->k[ks->n++] = ix_key(K_TEV, a->tid); /* for create(t) */
    if (a->kind == RV_ACT_EXIT) ks->k[ks->n++] = ix_key(K_EXIT, a->tid);
    if (a->kind == RV_ACT_CREATE || a->kind == RV_ACT_JOIN) ks->k[ks->n++] = ix_key(K_CJ, a->obj);
}

/* Where the actions a non-universal action may depend on are filed, its
 * own thread aside (rv_dependent case by case: create(t) -> t's events;
 * join(t) -> t's exits; an event of t -> create/join(t); shared objects;
 * universal actions). */
static void act_lookup_keys(const rv_action *a, keyset *ks)
{
    object_keys(a, ks);
    ks->k[ks->n++] = ix_key(K_CJ, a->tid);
    if (a->kind == RV_ACT_CREATE) ks->k[ks->n++] = ix_key(K_TEV, a->obj);
    if (a->kind == RV_ACT_JOIN) ks->k[ks->n++] = ix_key(K_EXIT, a->obj);
    ks->k[ks->n++] = ix_key(K_UNIV, 0);
}

size_t rv_unf_dep_keys(const rv_action *a, bool lookup, uint64_t *out)
{
    keyset ks = {out, 0};
    if (universal_act(a)) {
        if (lookup) return SIZE_MAX;
        ks.k[ks.n++] = ix_key(K_UNIV, 0);
    } else if (lookup) {
        act_lookup_keys(a, &ks);
    } else {
        act_filed_keys(a, &ks);
    }
    return ks.n;
}

/* The bucket of its siblings in the thread tree: in the parent event, or
 * per thread for first events (not in the hash table: one key per parent
 * made most of its probes and misses). */
static rv_ubucket *sibling_bucket(rv_unf *u, const rv_uevent *e)
{
    return e->tparent ? &e->tparent->kids : &rv_unf_root(u, e->act.tid)->kids;
}

static rv_ubucket *ix_slot(rv_ubucket *tab, size_t cap, uint64_t key)
{
    size_t i = (key >> 7) & (cap - 1);
    while (tab[i].key && tab[i].key != key) i = (i + 1) & (cap - 1);
    return &tab[i];
}

static rv_ubucket *ix_find(const rv_unf *u, uint64_t key)
{
    if (!u->capix) return NULL;
    rv_ubucket *b = ix_slot(u->ix, u->capix, key);
    return b->key ? b : NULL;
}

static rv_ubucket *ix_get(rv_unf *u, uint64_t key)
{
    if (2 * (u->nix + 1) > u->capix) {
        size_t ncap = u->capix ? 2 * u->capix : 256;
        rv_ubucket *nt = rv_xcalloc(ncap, sizeof *nt);
        for (size_t i = 0; i < u->capix; i++)
            if (u->ix[i].key) *ix_slot(nt, ncap, u->ix[i].key) = u->ix[i];
        free(u->ix);
        u->ix = nt;
        u->capix = ncap;
    }
    rv_ubucket *b = ix_slot(u->ix, u->capix, key);
    if (!b->key) {
        b->key = key;
        u->nix++;
    }
    return b;
}

/* The bucket of an object key's events of thread tid, reads apart. */
static uint64_t split_key(uint64_t key, unsigned tid, bool read)
{
    return ix_key(K_SPLIT, key ^ ((uint64_t)(2 * tid + read) * 0xff51afd7ed558ccdull));
}

/* The block ANDs of a bucket, stored after its entries (unfolding.h). */
static uint64_t *bucket_band(const rv_ubucket *b)
{
    return (uint64_t *)(b->ent + b->cap);
}

/* The bytes of a bucket's allocation: entries and block ANDs. */
static size_t bucket_bytes(uint32_t cap)
{
    size_t nb = cap / RV_UBLOCK + 1;
    return cap ? cap * sizeof(rv_uentry) + nb * (sizeof(uint64_t) + sizeof(uint32_t)) : 0;
}

/* The first ids of a bucket's blocks, after its block ANDs. */
static uint32_t *bucket_bfirst(const rv_ubucket *b)
{
    return (uint32_t *)(bucket_band(b) + b->cap / RV_UBLOCK + 1);
}

/* Double a bucket's room, moving its block ANDs after the new room. */
static void bucket_grow(rv_unf *u, rv_ubucket *b)
{
    uint32_t ocap = b->cap, ncap = ocap ? 2 * ocap : 4;
    size_t oband = ocap ? ocap / RV_UBLOCK + 1 : 0, nband = ncap / RV_UBLOCK + 1;
    b->ent = rv_arena_resize(&u->arena, b->ent, bucket_bytes(ocap), bucket_bytes(ncap));
    /* the new places lie past the old arrays' end: no overlap */
    char *oa = (char *)(b->ent + ocap), *na = (char *)(b->ent + ncap);
    memcpy(na, oa, oband * sizeof(uint64_t));
    memcpy(na + nband * sizeof(uint64_t), oa + oband * sizeof(uint64_t), oband * sizeof(uint32_t));
    b->cap = ncap;
}

/* File entry x (of event id) in b; bandv is what the block ANDs fold:
 * the fin for object buckets, the same-action flag for sibling buckets. */
static void ix_put(rv_unf *u, rv_ubucket *b, rv_uentry x, uint32_t id, uint64_t bandv)
{
    if (b->n && b->ent[b->n - 1].idt == x.idt) return; /* two granules, one key */
    if (b->n == b->cap) bucket_grow(u, b);
    uint64_t *band = bucket_band(b);
    uint32_t blk = b->n / RV_UBLOCK;
    band[blk] = b->n % RV_UBLOCK ? band[blk] & bandv : bandv;
    if (b->n % RV_UBLOCK == 0) bucket_bfirst(b)[blk] = id;
    if (id + 1 > b->last) b->last = id + 1;
    b->ent[b->n++] = x;
}

static void ix_push(rv_unf *u, rv_ubucket *b, const rv_uevent *e)
{
    rv_uentry x = {(uint64_t)e->id << 32 | e->act.tid, e->fin};
    ix_put(u, b, x, e->id, e->fin);
}

/* Sibling buckets (issue 29): bit SIB_SAME of an entry's idt says that
 * its event's action is, byte for byte, that of the bucket's first
 * entry; the block ANDs fold that bit, so that gather_siblings skips a
 * block of same-action siblings in one test.  (The thread field of a
 * sibling entry is its bucket's thread: the bit is free.) */
#define SIB_SAME (1ull << 31)

static void sib_push(rv_unf *u, rv_ubucket *b, rv_uevent *e)
{
    bool same = !b->n || !memcmp(&u->ev[b->ent[0].idt >> 32]->act, &e->act, sizeof e->act);
    rv_uentry x = {(uint64_t)e->id << 32 | e->act.tid | (same ? SIB_SAME : 0), e->fin};
    e->sib_same = same;
    ix_put(u, b, x, e->id, same);
}

static void bucket_clear(rv_unf *u, rv_ubucket *b)
{
    rv_arena_free(&u->arena, b->ent, bucket_bytes(b->cap));
    memset(b, 0, sizeof *b);
}

static void ix_add(rv_unf *u, rv_uevent *e)
{
    if (universal(e)) {
        ix_push(u, ix_get(u, ix_key(K_UNIV, 0)), e);
        return;
    }
    uint64_t kbuf[64]; /* k[0..n) only: no zeroing of 512 bytes (issue 11) */
    keyset ks = {kbuf, 0};
    act_filed_keys(&e->act, &ks);
    unsigned t = e->act.tid;
    bool rd = e->act.kind == RV_ACT_READ;
    for (unsigned i = 0; i < ks.n; i++) {
        rv_ubucket *ob = ix_get(u, ks.k[i]);
        ob->mask |= 1ull << (t < 63 ? t : 63);
        if (e->id + 1 > ob->last) ob->last = e->id + 1;
        ix_push(u, ix_get(u, split_key(ks.k[i], t, rd)), e);
    }
    sib_push(u, sibling_bucket(u, e), e);
    if (t + 1 > u->ixnth) u->ixnth = t + 1;
}

/* The index from scratch (ids were renumbered). */
static void ix_rebuild(rv_unf *u)
{
    for (size_t i = 0; i < u->capix; i++) bucket_clear(u, &u->ix[i]);
    free(u->ix);
    u->ix = NULL;
    u->nix = u->capix = 0;
    for (size_t t = 0; t < u->nroot; t++) bucket_clear(u, &u->root[t].kids);
    for (size_t i = 0; i < u->n; i++) bucket_clear(u, &u->ev[i]->kids);
    for (size_t i = 0; i < u->n; i++) ix_add(u, u->ev[i]);
}

void rv_unf_rehash(rv_unf *u)
{
    rebuild_htab(u);
    ix_rebuild(u);
}

static rv_uevent *ancestor(rv_uevent *x, uint32_t depth)
{
    while (x && x->depth > depth) x = x->jump->depth >= depth ? x->jump : x->tparent;
    return x;
}

bool rv_unf_leq(const rv_uevent *a, const rv_uevent *b)
{
    unsigned t = a->act.tid;
    if (t >= b->nt) return false;
    rv_uevent *m = b->tmax[t];
    if (!m || m->depth < a->depth) return false;
    return ancestor(m, a->depth) == a;
}

/* Link a new event into its thread tree (Myers' skew-binary jumps). */
static void link_thread(rv_uevent *e, rv_uevent *p)
{
    e->tparent = p;
    if (!p) {
        e->depth = 1;
        e->jump = e;
        return;
    }
    e->depth = p->depth + 1;
    rv_uevent *j1 = p->jump, *j2 = j1->jump;
    e->jump = (p->depth - j1->depth == j1->depth - j2->depth) ? j2 : p;
}

/* tmax = join of the predecessors' maxima (they lie on common chains since
 * the history is a configuration), plus e itself. */
static void compute_tmax(rv_uevent *e)
{
    unsigned nt = e->nt;
    for (size_t i = 0; i <= e->npred; i++) {
        rv_uevent *p = i < e->npred ? e->pred[i] : e->tparent;
        if (!p) continue;
        for (unsigned t = 0; t < p->nt; t++) {
            rv_uevent *m = p->tmax[t];
            if (m && (!e->tmax[t] || m->depth > e->tmax[t]->depth)) e->tmax[t] = m;
        }
    }
    e->tmax[e->act.tid] = e;
    e->flevel = 1;
    for (size_t i = 0; i <= e->npred; i++) {
        const rv_uevent *p = i < e->npred ? e->pred[i] : e->tparent;
        if (p && p->flevel + 1 > e->flevel) e->flevel = p->flevel + 1;
    }
    uint32_t s = 0;
    for (unsigned t = 0; t < nt; t++)
        if (e->tmax[t]) s += e->tmax[t]->depth;
    e->lsize = s;
}

/* A thread's last event: nothing of its thread follows an exit or a fatal
 * event (extensions stop there). */
static uint64_t ended_bit(const rv_uevent *p)
{
    bool last = p->act.kind == RV_ACT_EXIT || rv_unf_is_err(p);
    return last && p->act.tid < RV_MASK_THREADS ? 1ull << p->act.tid : 0;
}

/* fin = the threads whose last event is in [e): the union over [p] for p
 * in preds and tparent.  Used by the index filter of conflict lists. */
static void compute_fin(rv_uevent *e)
{
    e->fin = 0;
    for (size_t i = 0; i <= e->npred; i++) {
        const rv_uevent *p = i < e->npred ? e->pred[i] : e->tparent;
        if (p) e->fin |= p->fin | ended_bit(p);
    }
}

/* Sort a name's predecessors by id (a few: insertion sort, no qsort
 * call), then read their ids. */
static void sort_preds(cname *c)
{
    for (size_t i = 1; i < c->np; i++) {
        rv_uevent *x = c->p[i];
        size_t k = i;
        for (; k > 0 && c->p[k - 1]->id > x->id; k--) c->p[k] = c->p[k - 1];
        c->p[k] = x;
    }
    for (size_t i = 0; i < c->np; i++) c->ids[i] = c->p[i]->id;
}

/* The canonical name of ⟨a, ↓preds⟩; returns its hash. */
static uint64_t make_cname(cname *c, const rv_action *a, uint32_t val, rv_uevent *const *preds,
                           size_t np)
{
    /* field by field: a compound literal would zero ids[] and p[] on
     * every lookup (issue 11) */
    c->tid = (uint16_t)a->tid;
    c->kind = a->kind;
    c->obj = a->obj;
    c->flags = a->flags & RV_UF_ERR;
    c->choice = rv_unf_choice(a, val);
    c->np = 0;
    cname_room(c, np);
    /* keep only maximal, distinct predecessors */
    for (size_t i = 0; i < np; i++) {
        bool keep = true;
        for (size_t k = 0; k < np && keep; k++) {
            if (k == i) continue;
            if (preds[k] == preds[i])
                keep = k > i;
            else if (rv_unf_leq(preds[i], preds[k]))
                keep = false;
        }
        if (keep) c->p[c->np++] = preds[i];
    }
    sort_preds(c);
    return cname_hash(c);
}

/* The bytes of an event's block: the event, then pred[npred], tmax[nt]. */
static size_t event_bytes(size_t npred, size_t nt)
{
    return sizeof(rv_uevent) + (npred + nt) * sizeof(rv_uevent *);
}

/* A zeroed event with pred filled from the name and room for tmax (its
 * width: the widest of the causes' and the thread's own), one block. */
static rv_uevent *event_new(rv_unf *u, const cname *c, const rv_action *a, rv_uevent *tparent)
{
    unsigned nt = a->tid + 1u;
    for (size_t i = 0; i < c->np; i++)
        if (c->p[i]->nt > nt) nt = c->p[i]->nt;
    if (tparent && tparent->nt > nt) nt = tparent->nt;
    rv_uevent *e = rv_arena_calloc(&u->arena, event_bytes(c->np, nt));
    e->pred = (rv_uevent **)(e + 1);
    e->tmax = e->pred + c->np;
    e->npred = (uint16_t)c->np;
    e->nt = (uint16_t)nt;
    memcpy(e->pred, c->p, c->np * sizeof *e->pred);
    return e;
}

void rv_unf_event_free(rv_unf *u, rv_uevent *e)
{
    rv_arena_free(&u->arena, e->icf, e->capicf * sizeof *e->icf);
    bucket_clear(u, &e->kids);
    rv_arena_free(&u->arena, e, event_bytes(e->npred, e->nt));
}

rv_uevent *rv_unf_find(rv_unf *u, const rv_action *a, uint32_t val, rv_uevent *const *preds,
                       size_t np)
{
    cname c;
    uint64_t h = make_cname(&c, a, val, preds, np);
    rv_uevent *e = hslot_find(u, &c, h)->e;
    cname_done(&c);
    return e;
}

/* A new event of name c (hash h) in U and the index, not yet in the
 * hash-consing table. */
static rv_uevent *event_make(rv_unf *u, const cname *c, uint64_t h, const rv_action *a,
                             uint32_t val, rv_uevent *tparent)
{
    rv_uevent *e = event_new(u, c, a, tparent);
    e->act = *a;
    e->val = val;
    e->choice = c->choice;
    e->sig = rv_unf_is_err(e) ? ~0ull : rv_dep_sig(a);
    e->id = (uint32_t)u->n;
    e->pos = -1;
    e->hname = h;
    link_thread(e, tparent);
    compute_tmax(e);
    compute_fin(e);
    if (u->n == u->cap) {
        u->cap = u->cap ? 2 * u->cap : 1024;
        u->ev = rv_xrealloc(u->ev, u->cap * sizeof *u->ev);
        u->sig = rv_xrealloc(u->sig, u->cap * sizeof *u->sig);
    }
    u->sig[u->n] = e->sig;
    u->ev[u->n++] = e;
    ix_add(u, e);
    u->bytes += RV_UEVENT_BYTES + (c->np + e->nt) * sizeof(void *);
    return e;
}

rv_uevent *rv_unf_intern(rv_unf *u, const rv_action *a, uint32_t val, rv_uevent *tparent,
                         rv_uevent *const *preds, size_t np, bool *created)
{
    cname c;
    uint64_t h = make_cname(&c, a, val, preds, np);
    struct rv_hslot *slot = hslot_find(u, &c, h);
    if (slot->e) {
        cname_done(&c);
        if (created) *created = false;
        return slot->e;
    }
    rv_uevent *e = event_make(u, &c, h, a, val, tparent);
    *slot = (struct rv_hslot){h, e};
    if (2 * u->n > u->hcap) grow_htab(u);
    cname_done(&c);
    if (created) *created = true;
    return e;
}

rv_uevent *rv_unf_intern_new(rv_unf *u, const rv_action *a, uint32_t val, rv_uevent *tparent,
                             rv_uevent *const *preds, size_t np)
{
    cname c;
    uint64_t h = make_cname(&c, a, val, preds, np);
    /* the slot's line is fetched while the event is made (issue 11,
     * eighth pass: the probe's miss was the largest single item of the
     * explorer's profile); the first empty slot of the probe sequence,
     * as rv_unf_intern would find it */
    __builtin_prefetch(&u->htab[hslot_first(h, u->hcap)], 1);
    rv_uevent *e = event_make(u, &c, h, a, val, tparent);
    hslot_put(u->htab, u->hcap, h, e);
    if (2 * u->n > u->hcap) grow_htab(u);
    cname_done(&c);
    return e;
}

/* ---- conflicts --------------------------------------------------------- */

/* The part of [e) outside [other], gathered by rv_unf_icf into a scratch
 * array, and the tests a member must pass for e #^i other to remain
 * possible.  Each member is tested as it is found, so that a pair that is
 * no immediate conflict is rejected after a few events: in a spin or lock
 * loop an event has O(n) candidate partners whose histories differ by
 * O(n) events, and gathering whole differences before testing made every
 * conflict list O(n^2) and a run of n-event executions O(n^3) (issue 28
 * part 5; 84% of the profile in collect_outside).  The order of the walk
 * does not change the answer, only when it is known. */
typedef struct diffwalk {
    rv_uevent **v; /* the members found so far */
    size_t n, cap;
    const rv_uevent *other;    /* members are not below it; none may depend on it */
    rv_uevent *const *against; /* the other side's members (NULL while gathering the first) */
    size_t nagainst;
} diffwalk;

/* Whether x, a member of one side, leaves e #^i other possible: x must not
 * depend on the other side's event (else [other] ∪ [e) is no
 * configuration), and no member of the other side gathered before may be
 * dependent and concurrent with it (else [e) ∪ [other) is none). */
static bool member_ok(const diffwalk *w, const rv_uevent *x)
{
    if ((x->sig & w->other->sig) && rv_unf_dep(&x->act, &w->other->act)) return false;
    for (size_t k = 0; k < w->nagainst; k++) {
        const rv_uevent *y = w->against[k];
        if ((x->sig & y->sig) && rv_unf_dep(&x->act, &y->act) && rv_unf_concurrent(x, y))
            return false;
    }
    return true;
}

/* Add x (not yet visited) to the walk unless it lies in [other]; false
 * when x rules the conflict out. */
static bool walk_visit(rv_unf *u, diffwalk *w, rv_uevent *x)
{
    if (x->mark == u->epoch) return true;
    x->mark = u->epoch;
    if (rv_unf_leq(x, w->other)) return true;
    if (!member_ok(w, x)) return false;
    if (w->n == w->cap) {
        w->cap = w->cap ? 2 * w->cap : 64;
        w->v = rv_xrealloc(w->v, w->cap * sizeof *w->v);
    }
    w->v[w->n++] = x;
    return true;
}

/* [e) \ [other] into w, newest causes first (the immediate predecessors
 * are the likeliest to depend on `other`); false as soon as a member
 * rules e #^i other out.  Iterative: the differences can be 10^5 events
 * deep along one thread. */
static bool walk_outside(rv_unf *u, rv_uevent *e, diffwalk *w)
{
    u->epoch++;
    size_t from = w->n;
    for (size_t i = 0; i <= e->npred; i++) {
        rv_uevent *y = i < e->npred ? e->pred[i] : e->tparent;
        if (y && !walk_visit(u, w, y)) return false;
    }
    for (size_t q = from; q < w->n; q++) {
        rv_uevent *x = w->v[q];
        for (size_t i = 0; i <= x->npred; i++) {
            rv_uevent *y = i < x->npred ? x->pred[i] : x->tparent;
            if (y && !walk_visit(u, w, y)) return false;
        }
    }
    return true;
}

/* The maximal event of thread t in [e), or NULL. */
static rv_uevent *strict_tmax(const rv_uevent *e, unsigned t)
{
    if (t == e->act.tid) return e->tparent;
    return t < e->nt ? e->tmax[t] : NULL;
}

/* Necessary for [a) ∪ [b) to be conflict-free: per thread, the two
 * histories end on one chain of the thread tree (two events of one thread
 * on different branches are in conflict).  O(T log d); it rejects most
 * pairs before the walks of rv_unf_icf. */
static bool threads_compatible(const rv_uevent *a, const rv_uevent *b)
{
    unsigned nt = a->nt > b->nt ? a->nt : b->nt;
    for (unsigned t = 0; t < nt; t++) {
        const rv_uevent *x = strict_tmax(a, t), *y = strict_tmax(b, t);
        if (!x || !y) continue;
        if (x->depth > y->depth) {
            const rv_uevent *z = x;
            x = y;
            y = z;
        }
        if (ancestor((rv_uevent *)y, x->depth) != x) return false;
    }
    return true;
}

/* Necessary for [a] ∪ [b) to be a configuration: [b) holds no event of
 * a's thread as deep as a (its ancestor at a's depth would be another
 * event at a's place: a conflict).  O(1); for two events of one thread it
 * leaves only siblings. */
static bool depth_compatible(const rv_uevent *a, const rv_uevent *b)
{
    const rv_uevent *x = strict_tmax(b, a->act.tid);
    return !x || x->depth < a->depth;
}

bool rv_unf_icf(rv_unf *u, rv_uevent *a, rv_uevent *b)
{
    if (a == b || !(a->sig & b->sig) || !rv_unf_dep(&a->act, &b->act)) return false;
    /* one thread: only siblings can be in immediate conflict (two distinct
     * events of the thread at one depth would be in [a) ∪ [b) otherwise) */
    if (a->act.tid == b->act.tid && a->tparent != b->tparent) return false;
    if (rv_unf_leq(a, b) || rv_unf_leq(b, a)) return false;
    if (!depth_compatible(a, b) || !depth_compatible(b, a)) return false;
    if (!threads_compatible(a, b)) return false;
    /* [a) ∪ [b) conflict-free: only X = [a) \ [b) against Y = [b) \ [a)
     * matters.  [a] ∪ [b) and [a) ∪ [b] are configurations too: a is
     * concurrent with every event of Y (a ≰ b, and none is below a), so it
     * must depend on none of them (else a # b is inherited); and likewise b
     * with X.  Each member is tested as the walks find it (diffwalk). */
    diffwalk x = {.other = b}, y = {.other = a};
    bool ok = walk_outside(u, a, &x);
    if (ok) {
        y.against = x.v;
        y.nagainst = x.n;
        ok = walk_outside(u, b, &y);
    }
    free(x.v);
    free(y.v);
    return ok;
}

static void icf_push(rv_unf *u, rv_uevent *e, rv_uevent *x)
{
    if (e->nicf == e->capicf) {
        u->bytes += (e->capicf ? e->capicf : 8) * sizeof *e->icf;
        e->capicf = e->capicf ? 2 * e->capicf : 8;
        e->icf = rv_arena_resize(&u->arena, e->icf, e->nicf * sizeof *e->icf,
                                 e->capicf * sizeof *e->icf);
    }
    e->icf[e->nicf++] = x;
}

static void icf_test(rv_unf *u, rv_uevent *e, uint32_t id)
{
    if (!(e->sig & u->sig[id])) return; /* independent: no conflict */
    rv_uevent *x = u->ev[id];
    if (rv_unf_icf(u, e, x)) icf_push(u, e, x);
}

static int cmp_entry(const void *a, const void *b)
{
    uint64_t x = ((const rv_uentry *)a)->idt, y = ((const rv_uentry *)b)->idt;
    return x < y ? -1 : x > y;
}

/* First index of a bucket holding an id >= from: a binary search of the
 * blocks' first ids, then a scan of one block. */
static uint32_t bucket_from(const rv_ubucket *b, uint32_t from)
{
    const uint32_t *bf = bucket_bfirst(b);
    uint32_t lo = rv_lower_bound_u32(bf, 0, (b->n + RV_UBLOCK - 1) / RV_UBLOCK, from);
    if (!lo) return 0; /* block 0 starts at or after from */
    uint32_t k = (lo - 1) * RV_UBLOCK, end = lo * RV_UBLOCK < b->n ? lo * RV_UBLOCK : b->n;
    while (k < end && (b->ent[k].idt >> 32) < from) k++;
    return k;
}

/* Append the entries of a bucket from id `from` on to the scratch list,
 * but those that cannot be in immediate conflict with e because one's
 * history holds the last event z (exit or fatal) of the other's thread:
 * an event y of that thread is then below z (so below the other event),
 * or on another branch of the thread tree than z, or deeper than z on
 * z's branch, which cannot be (nothing follows z); rv_unf_icf would
 * reject the pair (causality, depth or thread-tree test). */
static bool gather_from(rv_unf *u, const rv_uevent *e, const rv_ubucket *b, uint32_t k, size_t *nc)
{
    if (k == b->n) return false;
    if (*nc + (b->n - k) > u->capscratch) {
        u->capscratch = 2 * (*nc + (b->n - k));
        u->scratch = rv_xrealloc(u->scratch, u->capscratch * sizeof *u->scratch);
    }
    /* fin has bits for threads < RV_MASK_THREADS only: others filter nothing */
    uint64_t tb = e->act.tid < RV_MASK_THREADS ? 1ull << e->act.tid : 0;
    size_t n0 = *nc;
    const uint64_t *band = bucket_band(b);
    while (k < b->n) {
        uint32_t end = (k / RV_UBLOCK + 1) * RV_UBLOCK;
        if (end > b->n) end = b->n;
        if (band[k / RV_UBLOCK] & tb) { /* every entry of the block has t's end */
            k = end;
            continue;
        }
        for (; k < end; k++) {
            const rv_uentry *x = &b->ent[k];
            uint32_t xt = (uint32_t)x->idt;
            if ((x->fin & tb) || (xt < RV_MASK_THREADS && ((e->fin >> xt) & 1))) continue;
            u->scratch[(*nc)++] = *x;
        }
    }
    return *nc > n0;
}

/* Where the entries of a bucket from id icf_upto on start (b->n: none). */
static uint32_t bucket_new(const rv_uevent *e, const rv_ubucket *b)
{
    if (!b || !b->n || b->last <= e->icf_upto) return b ? b->n : 0; /* nothing new */
    return bucket_from(b, e->icf_upto);
}

static bool gather(rv_unf *u, const rv_uevent *e, const rv_ubucket *b, size_t *nc)
{
    return b && gather_from(u, e, b, bucket_new(e, b), nc);
}

/* The candidates of one update as sorted runs, one per bucket gathered. */
typedef struct runs {
    size_t st[129]; /* st[0..n) run starts, st[n] = the end */
    unsigned n;
    bool many; /* more runs than st holds: sort instead */
} runs;

static void gather_run(rv_unf *u, const rv_uevent *e, const rv_ubucket *b, size_t *nc, runs *r)
{
    size_t s = *nc;
    if (!gather(u, e, b, nc)) return;
    if (r->n < 128)
        r->st[r->n++] = s;
    else
        r->many = true;
}

/* Merge src[lo, mid) and src[mid, hi) into dst[lo, hi). */
static void merge2(const rv_uentry *src, rv_uentry *dst, size_t lo, size_t mid, size_t hi)
{
    size_t i = lo, k = mid, w = lo;
    while (i < mid && k < hi) dst[w++] = src[k].idt < src[i].idt ? src[k++] : src[i++];
    while (i < mid) dst[w++] = src[i++];
    while (k < hi) dst[w++] = src[k++];
}

/* Sort the candidates by merging their runs pairwise (was qsort: the runs
 * are sorted already, and there are a few). */
static void merge_runs(rv_unf *u, runs *r, size_t nc)
{
    if (u->capscratch2 < u->capscratch) {
        u->capscratch2 = u->capscratch;
        u->scratch2 = rv_xrealloc(u->scratch2, u->capscratch2 * sizeof *u->scratch2);
    }
    rv_uentry *src = u->scratch, *dst = u->scratch2;
    size_t n = r->n;
    r->st[n] = nc;
    while (n > 1) {
        size_t m = 0;
        for (size_t i = 0; i < n; i += 2) {
            size_t lo = r->st[i], mid = r->st[i + 1], hi = r->st[i + 2 <= n ? i + 2 : n];
            merge2(src, dst, lo, mid, hi);
            r->st[m++] = lo;
        }
        r->st[m] = nc;
        n = m;
        rv_uentry *x = src;
        src = dst;
        dst = x;
    }
    if (src != u->scratch) { /* the result is in the other buffer: swap them */
        size_t c = u->capscratch;
        u->scratch2 = u->scratch;
        u->capscratch = u->capscratch2;
        u->capscratch2 = c;
        u->scratch = src;
    }
}

static void run_add(runs *r, size_t s, size_t nc)
{
    if (nc == s) return;
    if (r->n < 128)
        r->st[r->n++] = s;
    else
        r->many = true;
}

/* Sort scratch[s, nc) by id: a few entries, insertion sort. */
static void sort_run(rv_uentry *a, size_t s, size_t nc)
{
    if (nc - s > 32) {
        qsort(a + s, nc - s, sizeof *a, cmp_entry);
        return;
    }
    for (size_t i = s + 1; i < nc; i++) {
        rv_uentry x = a[i];
        size_t k = i;
        for (; k > s && a[k - 1].idt > x.idt; k--) a[k] = a[k - 1];
        a[k] = x;
    }
}

static void wstack_push(rv_unf *u, size_t *n, rv_uevent *x)
{
    if (*n == u->capwstack) {
        u->capwstack = u->capwstack ? 2 * u->capwstack : 64;
        u->wstack = rv_xrealloc(u->wstack, u->capwstack * sizeof *u->wstack);
    }
    u->wstack[(*n)++] = x;
}

static void scratch_room(rv_unf *u, size_t n)
{
    if (n <= u->capscratch) return;
    u->capscratch = 2 * n;
    u->scratch = rv_xrealloc(u->scratch, u->capscratch * sizeof *u->scratch);
}

/* The candidates of thread v (v != tid(e)) for #^i(e), found in v's
 * thread tree instead of the object buckets (issue 29: where one object
 * has many events, the buckets hold thousands of v's events for each one
 * in conflict with e).  If x of thread v is in immediate conflict with e,
 * then (m = the last event of v in [e), the strict tmax):
 *  - x's thread parent is m or below m: [e) ∪ [x) is a configuration, so
 *    its events of v form one chain, and [e) holds no event of v as deep
 *    as x (that would be x's sibling, in conflict with x: depth test);
 *  - every event y of v strictly between m and x is in [x) \ [e), so
 *    concurrent with e (e ≤ y would give e ≤ x) and in one configuration
 *    with it ([e] ∪ [x) is one): independent of e.
 * So x is reached from m's children (v's first events if m is NULL) by
 * descending through events independent of e, and it is dependent with
 * e: the walk stops below each dependent event.  A subtree is skipped
 * when its root y cannot be below any such x: [y) holds an event of
 * e's thread as deep as e (depth_compatible: e ≤ y, or a conflict with
 * e), or e's thread's last event (fin, as in gather).  The walk visits
 * at most `budget` children; past it, it gives up (false, nothing kept)
 * and the caller scans the buckets instead, so an update costs at most a
 * bounded fraction more than the scan it replaces.  Candidates with ids
 * from icf_upto on are appended to the scratch, sorted by id. */
static bool walk_thread(rv_unf *u, rv_uevent *e, unsigned v, size_t budget, size_t *nc)
{
    unsigned t = e->act.tid;
    uint64_t tb = t < RV_MASK_THREADS ? 1ull << t : 0;
    rv_uevent *m = v < e->nt ? e->tmax[v] : NULL;
    const rv_uroot *root = rv_unf_root_get(u, v);
    if (!m && !root) return true; /* v has no events */
    size_t s = *nc, ns = 0;
    const rv_ubucket *b = m ? &m->kids : &root->kids;
    for (;;) {
        if (b->n > budget) {
            *nc = s;
            return false;
        }
        budget -= b->n;
        scratch_room(u, *nc + b->n);
        for (uint32_t i = 0; i < b->n; i++) {
            const rv_uentry *x = &b->ent[i];
            if (x->fin & tb) continue; /* so is every event below x */
            rv_uevent *y = u->ev[x->idt >> 32];
            if (!depth_compatible(e, y)) continue; /* and below */
            if ((e->sig & y->sig) && rv_unf_dep(&e->act, &y->act)) {
                if (y->id >= e->icf_upto) u->scratch[(*nc)++] = *x;
            } else if (y->kids.n) {
                wstack_push(u, &ns, y);
            }
        }
        if (!ns) break;
        b = &u->wstack[--ns]->kids;
    }
    sort_run(u->scratch, s, *nc);
    return true;
}

/* Append the same-action siblings of e with ids from icf_upto on that
 * can be in immediate conflict with it: those of the same history, which
 * differ from e by their value choice only, found by name. */
static void same_history_siblings(rv_unf *u, rv_uevent *e, size_t *nc)
{
    if (rv_unf_choice(&e->act, 0) == rv_unf_choice(&e->act, 1)) return; /* one name: e */
    uint32_t nv = e->act.ndom > 2 ? e->act.ndom : 2;
    for (uint32_t val = 0; val < nv; val++) {
        if (rv_unf_choice(&e->act, val) == e->choice) continue;
        rv_uevent *x = rv_unf_find(u, &e->act, val, e->pred, e->npred);
        /* a name leaves out fields of the action (unfolding.h): one that
         * differs is not a same-action sibling, and the scan reads it */
        if (!x || x->id < e->icf_upto || x->tparent != e->tparent ||
            memcmp(&x->act, &e->act, sizeof x->act))
            continue;
        scratch_room(u, *nc + 1);
        u->scratch[(*nc)++] = (rv_uentry){(uint64_t)x->id << 32 | x->act.tid, x->fin};
    }
}

/* The candidates among e's siblings (same thread, same thread parent),
 * sorted by id.  A sibling x whose action is e's, byte for byte, is in
 * immediate conflict with e only if [x) = [e) (issue 29): each event's
 * history is generated by its immediate predecessors, all dependent
 * with its action (seed 001 §3: the maximal events of H in ⟨a, H⟩), so
 * a predecessor of x outside [e) would be dependent with e, concurrent
 * with it (it is neither below e nor above: e is x's sibling) and in
 * [e] ∪ [x), which is then no configuration; so pred(x) ⊆ [e), and
 * likewise pred(e) ⊆ [x).  Such siblings then share e's name but for
 * the value choice: at most ndom lookups.  The bucket's same-action
 * entries (SIB_SAME, with whole blocks skipped) are not read when e's
 * action is that of the first sibling; every other sibling is a
 * candidate as before.  Was: every sibling tested, and on a hot object
 * a thread's event has a sibling per interleaving of the other
 * threads' events before it. */
static bool gather_siblings(rv_unf *u, rv_uevent *e, const rv_ubucket *b, size_t *nc)
{
    uint32_t k = bucket_new(e, b);
    if (!b || k == b->n) return false;
    size_t n0 = *nc;
    bool same = e->sib_same; /* no read of the first sibling (a cache miss) */
    bool choices = e->act.ndom <= 64 || rv_unf_choice(&e->act, 0) == rv_unf_choice(&e->act, 1);
    if (same && !choices) same = false; /* too many names to look up: read them all */
    scratch_room(u, *nc + (b->n - k));
    const uint64_t *band = bucket_band(b);
    while (k < b->n) {
        uint32_t end = (k / RV_UBLOCK + 1) * RV_UBLOCK;
        if (end > b->n) end = b->n;
        if (same && band[k / RV_UBLOCK]) { /* every entry of the block has e's action */
            k = end;
            continue;
        }
        for (; k < end; k++) {
            rv_uentry x = b->ent[k];
            if (same && (x.idt & SIB_SAME)) continue;
            x.idt &= ~SIB_SAME;
            u->scratch[(*nc)++] = x;
        }
    }
    if (same) {
        same_history_siblings(u, e, nc);
        sort_run(u->scratch, n0, *nc);
    }
    return *nc > n0;
}

/* Bring e's list up to date through the index: the candidates of its
 * buckets from icf_upto on, tested in increasing id order (the order of
 * a scan of U, so lists are the same as without the index).  Object
 * buckets are split per thread and reads apart: e looks only at other
 * threads' events (only siblings, in the sibling bucket, can be in
 * immediate conflict with an event of its own thread) and, if it is a
 * read, only at their non-reads (two reads are independent unless one is
 * fatal, and fatal events are universal).  Per other thread, when its
 * buckets hold more new entries than a few, its candidates come from a
 * bounded walk of its thread tree instead (walk_thread). */
static void icf_update_indexed(rv_unf *u, rv_uevent *e)
{
    uint64_t kbuf[64]; /* k[0..n) only: no zeroing of 512 bytes (issue 11) */
    keyset ks = {kbuf, 0};
    act_lookup_keys(&e->act, &ks);
    unsigned t = e->act.tid;
    bool rd = e->act.kind == RV_ACT_READ;
    uint64_t univ = ix_key(K_UNIV, 0);
    size_t nc = 0;
    runs r;
    r.n = 0;
    r.many = false;
    /* The threads whose last event is in [e): gather would drop every
     * entry of their split buckets one by one (issue 11, eighth pass:
     * main's events after the joins scanned every thread's buckets), so
     * those buckets are not read.  Bits 0..62 of an object's mask are
     * single threads; bit 63 stands for every thread from 63 on and is
     * tested per thread below. */
    uint64_t skip = (e->fin & ~(1ull << 63)) | (t < 63 ? 1ull << t : 0);
    /* the objects with events filed since the last update (the others'
     * split buckets have nothing new either, issue 11) and their threads */
    const rv_ubucket *obs[64];
    uint64_t okey[64];
    unsigned no = 0;
    uint64_t vmask = 0;
    for (unsigned i = 0; i < ks.n; i++) {
        if (ks.k[i] == univ) continue;
        const rv_ubucket *ob = ix_find(u, ks.k[i]);
        if (!ob || ob->last <= e->icf_upto) continue;
        obs[no] = ob;
        okey[no++] = ks.k[i];
        vmask |= ob->mask & ~skip;
    }
    for (uint64_t mm = vmask; mm; mm &= mm - 1) {
        unsigned v = (unsigned)__builtin_ctzll(mm);
        unsigned vend = v < 63 ? v + 1 : u->ixnth; /* bit 63: every thread from 63 on */
        for (; v < vend; v++) {
            if (v == t || (v < RV_MASK_THREADS && ((e->fin >> v) & 1))) continue;
            uint64_t vb = 1ull << (v < 63 ? v : 63);
            const rv_ubucket *sb[128];
            uint32_t from[128];
            unsigned nb = 0;
            size_t scan = 0;
            for (unsigned i = 0; i < no; i++) {
                if (!(obs[i]->mask & vb)) continue;
                for (int w = 0; w < (rd ? 1 : 2); w++) {
                    const rv_ubucket *b = ix_find(u, split_key(okey[i], v, w == 1));
                    uint32_t k = bucket_new(e, b);
                    if (!b || k == b->n) continue;
                    sb[nb] = b;
                    from[nb++] = k;
                    scan += b->n - k;
                }
            }
            if (!scan) continue;
            size_t s = nc;
            /* a walk that costs more than an eighth of the scan is not
             * worth it (cold objects, long executions of independent
             * events: the scan reads a few entries; a walk's entry costs
             * a read of its event, a scanned one mostly not: with a
             * quarter, philosophers N=14 spent 10% more) */
            if (scan > 64 && walk_thread(u, e, v, scan / 8, &nc)) {
                run_add(&r, s, nc);
                continue;
            }
            for (unsigned i = 0; i < nb; i++) {
                s = nc;
                if (gather_from(u, e, sb[i], from[i], &nc)) run_add(&r, s, nc);
            }
        }
    }
    size_t s = nc;
    if (gather_siblings(u, e, sibling_bucket(u, e), &nc)) run_add(&r, s, nc);
    gather_run(u, e, ix_find(u, univ), &nc, &r);
    if (r.many || r.n > 1) {
        if (r.many)
            qsort(u->scratch, nc, sizeof *u->scratch, cmp_entry);
        else
            merge_runs(u, &r, nc);
        size_t w = 0;
        for (size_t i = 0; i < nc; i++)
            if (!w || u->scratch[w - 1].idt != u->scratch[i].idt) u->scratch[w++] = u->scratch[i];
        nc = w;
    }
    for (size_t i = 0; i < nc; i++) {
        uint32_t id = (uint32_t)(u->scratch[i].idt >> 32);
        if (id != e->id) icf_test(u, e, id);
    }
}

void rv_unf_icf_update(rv_unf *u, rv_uevent *e)
{
    if (universal(e))
        for (; e->icf_upto < u->n; e->icf_upto++) icf_test(u, e, e->icf_upto);
    else
        icf_update_indexed(u, e);
    e->icf_upto = (uint32_t)u->n;
}

/* An event e ∉ C_j with [e) ⊆ C_j that is compatible with C_j has its
 * thread's last event of C_j as thread parent (a sibling of an event of
 * C_j is dependent — same thread — and concurrent with it: a conflict),
 * or none when its thread has no event in C_j.  So such events are
 * among the thread successors of those parents, which the sibling
 * buckets list, and the universal events, which are filed only under
 * K_UNIV (ix_add).  O(j + threads), not O(|U|). */
size_t rv_unf_ext_buckets(rv_unf *u, size_t j, const rv_ubucket ***out, size_t *cap)
{
    size_t nt = u->nroot, n = 0;
    if (*cap < nt + 1) {
        *cap = nt + 1;
        *out = rv_xrealloc(*out, *cap * sizeof **out);
    }
    const rv_ubucket **b = *out;
    for (size_t t = 0; t < nt; t++) b[t] = &u->root[t].kids;
    for (size_t i = 0; i < j; i++) {
        rv_uevent *e = u->cur[i];
        if (e->act.tid < nt) b[e->act.tid] = &e->kids;
    }
    for (size_t t = 0; t < nt; t++)
        if (b[t]->n) b[n++] = b[t];
    const rv_ubucket *univ = ix_find(u, ix_key(K_UNIV, 0));
    if (univ && univ->n) b[n++] = univ;
    return n;
}
