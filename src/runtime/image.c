/*
 * image.c — each event's change of the memory image (trace.h rv_memh;
 * docs/UDPOR.md "What a state contains").
 *
 * Contract.  With fingerprints asked for, every event leaves in wv (flag
 * RV_EV_WV) its change H(after) ^ H(before) of the memory image, such
 * that the changes of a configuration's events XOR to H(M) ^ H(M0) of the
 * memory M it leaves, outside the threads' stacks (which their own
 * fingerprints hash): every change of those bytes is in exactly one
 * event's wv, or the state is made unique (a taint).  Three kinds of
 * changes:
 *
 *  - A write event's own bytes.  Its wv is H(after) ^ H(before) over its
 *    range: H(before) is taken when its thread resumes after the event,
 *    before the access (sched.c rv_visible_c, with rv_note_old: the
 *    scheduler ran nothing since), H(after) at the thread's next visible
 *    operation (fingerprint_last: only that thread ran between, and its
 *    other writes are events of their own).
 *
 *  - Bytes the runtime writes for the running thread without an event (a
 *    fresh block's header and fill, realloc's copy, the freed flag, a
 *    join's *retval: rv_acct_begin/end).  Their change goes to the same
 *    thread's last event, as a taint would go there (for a thread's first
 *    segment, its creator's create event, which is running).
 *
 *  - The bytes of a synchronisation object, which the model changes at the
 *    object's events (a semaphore's count, a mutex's owner, ...): those
 *    events write no memory, and what they leave is in the state through
 *    the objects' folded states (cutoff.c fold_sync), not through the
 *    image.  The image keeps the bytes it last held there (objs below),
 *    and a write over them later changes the image from those, not from
 *    the bytes the object left: otherwise the object's history would stay
 *    in the image as a residue, and two configurations whose memory
 *    differs by exactly such a residue would hash equal
 *    (tests/cutoffs/sync_reuse.c).
 *
 * Owns: the table of object granularities (objs) and the accounting of the
 * runtime's writes (acct_sum).
 */
#include "rt.h"

#include <string.h>

static bool imaging(void)
{
    return (rt.flags & RV_REQ_FINGERPRINTS) && rt.recording && rt.active;
}

/* ---- bytes of synchronisation objects ------------------------------------
 *
 * objs: per 8-byte granule holding such bytes, the bytes the image holds
 * (acc) for those the model changed since the image last took them
 * (mask).  Every byte outside it holds in memory what it holds in the
 * image.  An entry is made as the object's event is applied (rv_image_obj:
 * acc = the bytes then, which the image holds); a write over the bytes
 * adds acc ^ now to its change (obj_fix) and, once done, leaves the image
 * holding the bytes again (obj_done: mask cleared).  Open addressing; no
 * entry is removed within an execution (a cleared mask stays as a slot
 * for the granule).  When the table is full (OBJ_FULL granules), the
 * image cannot follow the objects any more: every later write makes the
 * state unique (RV_TAINT_SYNC_TABLE). */
#define OBJ_CAP  8192u
#define OBJ_FULL (OBJ_CAP / 4 * 3) /* 6144: cutoff.c names it (RV_TAINT_SYNC_TABLE) */
typedef struct obj_gran {
    uint64_t g1; /* granule index + 1; 0: empty */
    uint8_t mask;
    uint8_t acc[8];
} obj_gran;
static obj_gran objs[OBJ_CAP];
static unsigned nobjs;
static bool objs_full;
static uint64_t objs_lo = UINT64_MAX, objs_hi; /* granules [lo, hi] hold every entry */

static obj_gran *obj_find(uint64_t g, bool make)
{
    uint64_t k = g + 1;
    size_t j = (size_t)(k * 0x9e3779b97f4a7c15ull >> 40) & (OBJ_CAP - 1);
    while (objs[j].g1 && objs[j].g1 != k) j = (j + 1) & (OBJ_CAP - 1);
    if (objs[j].g1) return &objs[j];
    if (!make || nobjs >= OBJ_FULL) return NULL;
    nobjs++;
    objs[j].g1 = k;
    objs[j].mask = 0;
    if (g < objs_lo) objs_lo = g;
    if (g > objs_hi) objs_hi = g;
    return &objs[j];
}

void rv_image_obj(const void *p, size_t n)
{
    if (!imaging() || !n || objs_full) return;
    uint64_t a = (uint64_t)(uintptr_t)p, e = a + n;
    for (uint64_t g = a >> 3; g <= (e - 1) >> 3; g++) {
        obj_gran *x = obj_find(g, true);
        if (!x) {
            objs_full = true; /* rv_image_before and rv_acct_begin taint from now on */
            return;
        }
        for (unsigned i = 0; i < 8; i++) {
            uint64_t b = g * 8 + i;
            if (b < a || b >= e || (x->mask >> i & 1)) continue;
            x->mask |= (uint8_t)(1u << i);
            x->acc[i] = *(const uint8_t *)(uintptr_t)b;
        }
    }
}

/* The granules of [a, e) that may hold entries: [*g0, *g1); false if none. */
static bool obj_span(uint64_t a, uint64_t e, uint64_t *g0, uint64_t *g1)
{
    if (!nobjs || e <= a) return false;
    *g0 = a >> 3 > objs_lo ? a >> 3 : objs_lo;
    *g1 = ((e - 1) >> 3) + 1 < objs_hi + 1 ? ((e - 1) >> 3) + 1 : objs_hi + 1;
    return *g0 < *g1;
}

/* A write of [a, e) is about to change the image: acc ^ now for the
 * object bytes in it, to be added to the write's change. */
static rv_memh obj_fix(uint64_t a, uint64_t e)
{
    rv_memh h = {0, 0};
    uint64_t g0, g1;
    if (!obj_span(a, e, &g0, &g1)) return h;
    for (uint64_t g = g0; g < g1; g++) {
        const obj_gran *x = obj_find(g, false);
        if (!x || !x->mask) continue;
        uint8_t d[8] = {0};
        bool any = false;
        for (unsigned i = 0; i < 8; i++) {
            uint64_t b = g * 8 + i;
            if (b < a || b >= e || !(x->mask >> i & 1)) continue;
            d[i] = x->acc[i] ^ *(const uint8_t *)(uintptr_t)b;
            any |= d[i] != 0;
        }
        if (any) h = rv_memh_xor(h, rv_memh_range(g * 8, d, 8));
    }
    return h;
}

/* The write of [a, e) is in the image: it holds those bytes again. */
static void obj_done(uint64_t a, uint64_t e)
{
    uint64_t g0, g1;
    if (!obj_span(a, e, &g0, &g1)) return;
    for (uint64_t g = g0; g < g1; g++) {
        obj_gran *x = obj_find(g, false);
        if (!x) continue;
        for (unsigned i = 0; i < 8; i++) {
            uint64_t b = g * 8 + i;
            if (b >= a && b < e) x->mask &= (uint8_t) ~(1u << i);
        }
    }
}

/* ---- write events ------------------------------------------------------- */

/* The bytes an event on the key registry (sync.c's RMWs of &rt.nkeys)
 * changes: every key's use and destructor, not only the count, decide
 * what later key calls do.  The runtime's own memory: no object there. */
static rv_memh registry_image(void)
{
    rv_memh h = rv_memh_range((uint64_t)(uintptr_t)&rt.nkeys, &rt.nkeys, sizeof rt.nkeys);
    h = rv_memh_xor(
        h, rv_memh_range((uint64_t)(uintptr_t)rt.key_used, rt.key_used, sizeof rt.key_used));
    return rv_memh_xor(
        h, rv_memh_range((uint64_t)(uintptr_t)rt.key_dtor, rt.key_dtor, sizeof rt.key_dtor));
}

static bool is_registry(const rv_event *ev)
{
    return (const void *)(uintptr_t)ev->act.obj == &rt.nkeys;
}

/* H now of the bytes a write event writes (its own range). */
static rv_memh event_image(const rv_event *ev)
{
    const void *obj = (const void *)(uintptr_t)ev->act.obj;
    return is_registry(ev) ? registry_image() : rv_memh_range(ev->act.obj, obj, ev->act.len);
}

static bool images_own_range(const rv_event *ev)
{
    return (ev->act.kind == RV_ACT_WRITE || ev->act.kind == RV_ACT_RMW) && ev->act.len <= RV_WV_MAX;
}

void rv_image_before(rv_thr *t)
{
    if (!imaging() || t->last_event < 0) return;
    rv_event *ev = &rt.events[t->last_event];
    if (!images_own_range(ev)) return;
    if (objs_full) rv_taint(RV_TAINT_SYNC_TABLE);
    rv_memh h = event_image(ev);
    if (!is_registry(ev)) h = rv_memh_xor(h, obj_fix(ev->act.obj, ev->act.obj + ev->act.len));
    ev->wv_lo = h.lo;
    ev->wv_hi = h.hi;
    ev->vflags |= RV_EV_WV0;
}

/* ---- bytes the runtime writes without an event -------------------------- */

/* Their changes since the running thread's last event (consumed with the
 * taint, by rv_image_after). */
static rv_memh acct_sum;
static bool acct_any;

/* The running thread's last event, if its own range is being imaged:
 * bytes inside it are in its H(after) already. */
static const rv_event *imaged_last(void)
{
    rv_thr *t = rt.running;
    if (!t || t->last_event < 0) return NULL;
    const rv_event *ev = &rt.events[t->last_event];
    return (ev->vflags & RV_EV_WV0) ? ev : NULL;
}

/* The pieces of [d, d + n) outside the last event's range (at most 2). */
static unsigned acct_pieces(const rv_acct *a, uint64_t lo[2], uint64_t hi[2])
{
    uint64_t d = (uint64_t)(uintptr_t)a->p, e = d + a->n;
    const rv_event *ev = imaged_last();
    if (!ev) {
        lo[0] = d, hi[0] = e;
        return 1;
    }
    uint64_t x = ev->act.obj, y = x + ev->act.len;
    unsigned k = 0;
    if (d < x) lo[k] = d, hi[k++] = e < x ? e : x;
    if (e > y) lo[k] = d > y ? d : y, hi[k++] = e;
    return k;
}

/* H now of the pieces (with the objects' fix before the write). */
static rv_memh acct_image(const rv_acct *a, bool before)
{
    uint64_t lo[2], hi[2];
    rv_memh h = {0, 0};
    for (unsigned i = acct_pieces(a, lo, hi); i-- > 0;) {
        h = rv_memh_xor(h, rv_memh_range(lo[i], (const void *)(uintptr_t)lo[i], hi[i] - lo[i]));
        if (before)
            h = rv_memh_xor(h, obj_fix(lo[i], hi[i]));
        else
            obj_done(lo[i], hi[i]);
    }
    return h;
}

void rv_acct_begin(rv_acct *a, void *p, size_t n, uint32_t taint)
{
    a->p = p;
    a->n = n;
    a->on = imaging() && rt.running && n;
    if (!a->on) return;
    if (n > RV_WV_MAX || objs_full) { /* not hashed, or not exactly: the state is unique */
        a->on = false;
        rv_taint(n > RV_WV_MAX ? taint : RV_TAINT_SYNC_TABLE);
        return;
    }
    a->before = acct_image(a, true);
}

void rv_acct_end(rv_acct *a)
{
    if (!a->on) return;
    acct_sum = rv_memh_xor(acct_sum, rv_memh_xor(a->before, acct_image(a, false)));
    acct_any = true;
}

void rv_acct_event_store(rv_event *ev, void *d, const void *s, size_t n)
{
    if (!imaging() || n > RV_WV_MAX || objs_full) {
        if (imaging()) ev->taint |= objs_full ? RV_TAINT_SYNC_TABLE : RV_TAINT_RUNTIME_WRITE;
        memcpy(d, s, n);
        return;
    }
    uint64_t a = (uint64_t)(uintptr_t)d;
    rv_memh h = rv_memh_xor(rv_memh_range(a, d, n), obj_fix(a, a + n));
    memcpy(d, s, n);
    h = rv_memh_xor(h, rv_memh_range(a, d, n));
    obj_done(a, a + n);
    ev->wv_lo ^= h.lo;
    ev->wv_hi ^= h.hi;
    ev->vflags |= RV_EV_WV;
}

/* ---- completing an event's change ---------------------------------------- */

void rv_image_after(rv_event *ev)
{
    if (ev->vflags & RV_EV_WV0) {
        rv_memh h = event_image(ev);
        ev->wv_lo ^= h.lo;
        ev->wv_hi ^= h.hi;
        ev->vflags = (ev->vflags & ~RV_EV_WV0) | RV_EV_WV;
        if (!is_registry(ev)) obj_done(ev->act.obj, ev->act.obj + ev->act.len);
    }
    if (acct_any) {
        ev->wv_lo ^= acct_sum.lo;
        ev->wv_hi ^= acct_sum.hi;
        ev->vflags |= RV_EV_WV;
        acct_sum.lo = acct_sum.hi = 0;
        acct_any = false;
    }
}
