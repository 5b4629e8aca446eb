/*
 * hien.c — enabled sets of the threads above the 64-bit masks, replayed
 * through the one model (hien.h).
 *
 * The replay keeps what the runtime keeps (sync.c), off the program's
 * memory: one model state per object the events name (an open-addressing
 * table keyed by address and object class, each state started by
 * rv_model_start from the first action that names it, as the unfolding
 * starts its templates), the world, the RV_WF_* flags and the rv_mhi
 * records of the threads above 63.  Per thread above 63 it follows the
 * thread's next action (its next event, or the pending action at the
 * end) and caches the objects that action reads, so that a test at a
 * state is one rv_model_enabled call, or none for the actions only an
 * atomic section or the process' end can disable.
 */
#include "hien.h"

#include <stdlib.h>
#include <string.h>

#include "../core/model.h"
#include "../core/util.h"

enum { C_MX = 1, C_CV, C_SEM, C_ONCE, C_RW, C_BAR };

typedef struct obj {
    uint64_t addr;
    int cls;
    union {
        rv_mutex_st mx;
        rv_cond_st cv;
        rv_sem_st sem;
        int32_t once;
        rv_rwlock_st rw;
        rv_barrier_st bar;
    } u;
} obj;

/* A thread above 63: its next event (n: none), and the objects of its
 * next action once looked up (cached while the action stays its next). */
typedef struct hthr {
    size_t nxt;
    int32_t mx, o;
    bool cached;
} hthr;

struct rv_hien {
    obj *obj;
    size_t nobj, capobj;
    int32_t *tab; /* indices into obj, -1 empty; capacity a power of two */
    size_t captab;
    rv_world_st w;
    uint8_t *whi;  /* RV_MAX_THREADS - RV_MASK_THREADS: rv_mstate.whi */
    rv_mhi *mhi;   /* per thread above 63 */
    hthr *th;      /* per thread above 63 */
    size_t *nexts; /* per event: the thread's next event (n: none) */
    size_t capthr, capev;
    unsigned T;
};

rv_hien *rv_hien_new(void)
{
    rv_hien *h = rv_xcalloc(1, sizeof *h);
    h->whi = rv_xcalloc(RV_MAX_THREADS - RV_MASK_THREADS, 1);
    return h;
}

void rv_hien_free(rv_hien *h)
{
    if (!h) return;
    free(h->obj);
    free(h->tab);
    free(h->whi);
    free(h->mhi);
    free(h->th);
    free(h->nexts);
    free(h);
}

static size_t slot_of(const rv_hien *h, uint64_t addr, int cls)
{
    uint64_t k = (addr ^ (uint64_t)cls << 59) * 0x9e3779b97f4a7c15ull;
    return (size_t)(k >> 20) & (h->captab - 1);
}

static void rehash(rv_hien *h)
{
    free(h->tab);
    h->captab = h->captab ? 2 * h->captab : 256;
    h->tab = rv_xmalloc(h->captab * sizeof *h->tab);
    memset(h->tab, 0xff, h->captab * sizeof *h->tab);
    for (size_t i = 0; i < h->nobj; i++) {
        size_t s = slot_of(h, h->obj[i].addr, h->obj[i].cls);
        while (h->tab[s] >= 0) s = (s + 1) & (h->captab - 1);
        h->tab[s] = (int32_t)i;
    }
}

/* The object of class cls at addr, started from action a if new. */
static int32_t obj_get(rv_hien *h, uint64_t addr, int cls, const rv_action *a)
{
    size_t s = slot_of(h, addr, cls);
    for (int32_t i; (i = h->tab[s]) >= 0; s = (s + 1) & (h->captab - 1))
        if (h->obj[i].addr == addr && h->obj[i].cls == cls) return i;
    if (2 * (h->nobj + 1) > h->captab) {
        rehash(h);
        return obj_get(h, addr, cls, a);
    }
    if (h->nobj == h->capobj) {
        h->capobj = h->capobj ? 2 * h->capobj : 64;
        h->obj = rv_xrealloc(h->obj, h->capobj * sizeof *h->obj);
    }
    int32_t i = (int32_t)h->nobj++;
    obj *o = &h->obj[i];
    memset(o, 0, sizeof *o);
    o->addr = addr;
    o->cls = cls;
    rv_model_start(cls == C_MX ? &o->u.mx : NULL, cls == C_CV ? &o->u.cv : NULL,
                   cls == C_SEM ? &o->u.sem : NULL, cls == C_ONCE ? &o->u.once : NULL,
                   cls == C_RW ? &o->u.rw : NULL, a); /* barriers start all-zero */
    h->tab[s] = i;
    return i;
}

/* The class of the object a names besides its mutex, 0 if none. */
static int obj_class(const rv_action *a)
{
    if (rv_on_cond(a)) return C_CV;
    if (rv_on_sem(a)) return C_SEM;
    if (rv_on_once(a)) return C_ONCE;
    if (rv_on_rwlock(a)) return C_RW;
    if (rv_on_barrier(a)) return C_BAR;
    return 0;
}

static void lookup(rv_hien *h, const rv_action *a, int32_t *mx, int32_t *o)
{
    uint64_t m = rv_mutex_of(a);
    int cls = obj_class(a);
    *mx = m ? obj_get(h, m, C_MX, a) : -1;
    *o = cls ? obj_get(h, a->obj, cls, a) : -1;
}

/* The model's view for an action whose objects are mx and o. */
static rv_mstate view(rv_hien *h, int32_t mx, int32_t o)
{
    rv_mstate s = {.w = &h->w, .whi = h->whi, .hi = h->mhi, .hi_end = h->T};
    if (mx >= 0) s.mx = &h->obj[mx].u.mx;
    if (o >= 0) {
        obj *b = &h->obj[o];
        switch (b->cls) {
        case C_CV:
            s.cv = &b->u.cv;
            break;
        case C_SEM:
            s.sem = &b->u.sem;
            break;
        case C_ONCE:
            s.once = &b->u.once;
            break;
        case C_RW:
            s.rw = &b->u.rw;
            break;
        default:
            s.bar = &b->u.bar;
            break;
        }
    }
    return s;
}

/* Can a be disabled by its objects (model.c rv_model_enabled)?  The
 * others are enabled but for an atomic section or the process' end. */
static bool may_block(const rv_action *a)
{
    switch (a->kind) {
    case RV_ACT_LOCK:
    case RV_ACT_WAIT2:
    case RV_ACT_RDLOCK:
    case RV_ACT_WRLOCK:
    case RV_ACT_BAR_LEAVE:
    case RV_ACT_JOIN:
    case RV_ACT_SEM_WAIT:
    case RV_ACT_ONCE_BEGIN:
    case RV_ACT_NONE:
        return true;
    case RV_ACT_CREATE: /* held by the thread bound (action.h) */
        return (a->flags & RV_AF_BOUND) != 0;
    default:
        return false;
    }
}

static void reset(rv_hien *h, const rv_trace *t)
{
    h->T = t->nthreads;
    size_t nh = h->T - RV_MASK_THREADS;
    if (nh > h->capthr) {
        h->capthr = nh;
        free(h->mhi);
        free(h->th);
        h->mhi = rv_xmalloc(nh * sizeof *h->mhi);
        h->th = rv_xmalloc(nh * sizeof *h->th);
    }
    memset(h->mhi, 0, nh * sizeof *h->mhi);
    memset(h->whi, 0, RV_MAX_THREADS - RV_MASK_THREADS); /* a join may name any id */
    memset(&h->w, 0, sizeof h->w);
    h->nobj = 0;
    if (!h->captab) rehash(h);
    memset(h->tab, 0xff, h->captab * sizeof *h->tab);
    if (t->n > h->capev) {
        h->capev = t->n + t->n / 2;
        h->nexts = rv_xrealloc(h->nexts, h->capev * sizeof *h->nexts);
    }
    for (size_t q = 0; q < nh; q++) h->th[q] = (hthr){.nxt = t->n};
    for (size_t i = t->n; i-- > 0;) {
        unsigned p = t->ev[i].act.tid;
        if (p < RV_MASK_THREADS || p >= h->T) continue;
        h->nexts[i] = h->th[p - RV_MASK_THREADS].nxt;
        h->th[p - RV_MASK_THREADS].nxt = i;
    }
}

/* Is thread q (>= 64) enabled at the replay's current state? */
static bool enabled_now(rv_hien *h, const rv_trace *t, unsigned q)
{
    if (!(h->whi[q - RV_MASK_THREADS] & RV_WF_CREATED)) return false;
    hthr *th = &h->th[q - RV_MASK_THREADS];
    const rv_action *a;
    if (th->nxt < t->n)
        a = &t->ev[th->nxt].act;
    else if (q < t->nthreads && t->threads[q].state == RV_T_LIVE)
        a = &t->threads[q].pending;
    else
        return false;
    if (!may_block(a)) {
        rv_mstate s = {.w = &h->w};
        return rv_model_enabled(&s, a);
    }
    if (!th->cached) {
        lookup(h, a, &th->mx, &th->o);
        th->cached = true;
    }
    rv_mstate s = view(h, th->mx, th->o);
    return rv_model_enabled(&s, a);
}

size_t rv_hien_states(rv_hien *h, const rv_trace *t, size_t from, uint64_t *out)
{
    unsigned nw = rv_hien_words(t->nthreads);
    if (!nw) return 0;
    reset(h, t);
    size_t wrong = 0;
    for (size_t k = 0; k < t->n; k++) {
        const rv_event *ev = &t->ev[k];
        unsigned p = ev->act.tid;
        if (k >= from) {
            uint64_t *row = out + (k - from) * nw;
            memset(row, 0, nw * sizeof *row);
            for (unsigned q = RV_MASK_THREADS; q < h->T; q++)
                if (enabled_now(h, t, q))
                    row[(q - RV_MASK_THREADS) / 64] |= 1ull << (q - RV_MASK_THREADS) % 64;
            if (p >= RV_MASK_THREADS && p < h->T) {
                uint64_t *w = &row[(p - RV_MASK_THREADS) / 64],
                         b = 1ull << (p - RV_MASK_THREADS) % 64;
                if (!(*w & b)) wrong++, *w |= b; /* it ran: the trace says it */
            }
        }
        int32_t mx, o;
        lookup(h, &ev->act, &mx, &o);
        rv_mstate s = view(h, mx, o);
        rv_model_redo(&s, &ev->act, ev->val);
        if (p >= RV_MASK_THREADS && p < h->T) {
            hthr *th = &h->th[p - RV_MASK_THREADS];
            th->nxt = h->nexts[k];
            th->cached = false;
        }
    }
    return wrong;
}
