/*
 * alt.c — alternatives (seed 001 Def. 8, Alg. 1 line 10) and replay
 * schedules of configurations.
 *
 * Exact search.  An alternative J to D after C can always be chosen as
 * ∪[ê_d] with ê_d ∈ #^i_U(d) for each d ∈ D not yet in conflict with C:
 * if e' ∈ J conflicts with d, some e1 ≤ e', e2 ≤ d are in immediate
 * conflict, and e2 = d because [d) ⊆ C (D ⊆ ex(C), seed 001 Lemma 18) and
 * C ∪ J is conflict-free.  So a backtracking search over these choices,
 * keeping C ∪ J conflict-free, finds an alternative iff one exists in U.
 * k-partial (seed 004 §3.7): the search only has to cover the k most
 * recently added events of D; it is polynomial but may be non-optimal.
 */
#include <stdlib.h>
#include <string.h>

#include "unfolding.h"

typedef struct altctx {
    rv_unf *u;
    size_t j;      /* C = cur[0..j) */
    rv_uevent **J; /* J as a stack (jmark == u->jepoch) */
    size_t nJ, capJ;
    rv_uevent **X; /* scratch: [ê] \ (C ∪ J) */
    size_t nX, capX;
    rv_uevent **tg; /* targets */
    size_t ntg;
} altctx;

static bool in_c(const rv_uevent *e, size_t j)
{
    return e->pos >= 0 && (size_t)e->pos < j;
}

static bool in_cj(const altctx *a, const rv_uevent *e)
{
    return in_c(e, a->j) || e->jmark == a->u->jepoch;
}

/* An event is unusable when it or a cause is a cutoff (Extend', seed 001
 * §5.2: cutoffs and their successors are not in U).  Memoised per number
 * of cutoffs (the set only grows).  A walk with a stack of its own, not a
 * recursion: one thread's chain can be 10^5 events deep (a spin that ran
 * to --max-events), and the recursion overflowed ravel's stack there
 * (issue 28 part 5, tests/limits long_spin_*). */
struct rv_bcframe {
    rv_uevent *e;
    size_t k; /* the next cause to look at: pred[k], tparent at k == npred */
};

static bool beyond_cutoff(rv_unf *u, rv_uevent *e)
{
    uint64_t ver = u->ncutoffs + 1;
    if (e->bc_ver == ver) return e->bc_val;
    size_t n = 0;
    bool v = false;
    rv_uevent *push_e = e;
    for (;;) {
        if (push_e) { /* enter an event not yet known */
            if (push_e->cutoff) {
                v = true;
                push_e->bc_ver = ver;
                push_e->bc_val = true;
                break;
            }
            if (n == u->capbcstk) {
                u->capbcstk = u->capbcstk ? 2 * u->capbcstk : 256;
                u->bcstk = rv_xrealloc(u->bcstk, u->capbcstk * sizeof *u->bcstk);
            }
            u->bcstk[n++] = (struct rv_bcframe){push_e, 0};
            push_e = NULL;
        }
        if (!n) break;
        struct rv_bcframe *f = &u->bcstk[n - 1];
        if (f->k > f->e->npred) { /* every cause is clear */
            f->e->bc_ver = ver;
            f->e->bc_val = false;
            n--;
            continue;
        }
        rv_uevent *c = f->k < f->e->npred ? f->e->pred[f->k] : f->e->tparent;
        f->k++;
        if (!c) continue;
        if (c->bc_ver != ver) {
            push_e = c;
        } else if (c->bc_val) {
            v = true;
            break;
        }
    }
    /* a cutoff was found below the events still on the stack: each of
     * them has it in its history */
    for (size_t i = 0; i < n; i++) {
        u->bcstk[i].e->bc_ver = ver;
        u->bcstk[i].e->bc_val = v;
    }
    return v;
}

static void push(rv_uevent ***v, size_t *n, size_t *cap, rv_uevent *e)
{
    if (*n == *cap) {
        *cap = *cap ? 2 * *cap : 64;
        *v = rv_xrealloc(*v, *cap * sizeof **v);
    }
    (*v)[(*n)++] = e;
}

/* X := [e] \ (C ∪ J), iteratively (histories can be long). */
static void collect(altctx *a, rv_uevent *e)
{
    rv_unf *u = a->u;
    u->epoch++;
    a->nX = 0;
    if (in_cj(a, e)) return;
    e->mark = u->epoch;
    push(&a->X, &a->nX, &a->capX, e);
    for (size_t i = 0; i < a->nX; i++) {
        rv_uevent *x = a->X[i];
        for (size_t k = 0; k <= x->npred; k++) {
            rv_uevent *y = k < x->npred ? x->pred[k] : x->tparent;
            if (!y || y->mark == u->epoch || in_cj(a, y)) continue;
            y->mark = u->epoch;
            push(&a->X, &a->nX, &a->capX, y);
        }
    }
}

/* The signature test first (issue 11): x_fits pairs every event of X with
 * all of C, and most pairs touch disjoint objects. */
static bool clash(const rv_uevent *x, const rv_uevent *y)
{
    return (x->sig & y->sig) && rv_unf_dep(&x->act, &y->act) && rv_unf_concurrent(x, y);
}

/* Is C ∪ J ∪ X conflict-free?  X is a difference of a configuration, so
 * only pairs across X and C ∪ J can clash. */
static bool x_fits(altctx *a)
{
    for (size_t i = 0; i < a->nX; i++) {
        rv_uevent *x = a->X[i];
        for (size_t k = 0; k < a->j; k++)
            if (clash(x, a->u->cur[k])) return false;
        for (size_t k = 0; k < a->nJ; k++)
            if (clash(x, a->J[k])) return false;
    }
    return true;
}

/* J never contains an event of D (with exact alternatives it cannot: J
 * conflicts with all of D; k-partial ones must exclude them explicitly, or
 * an explored event could be chosen again). */
static bool x_meets_d(altctx *a)
{
    for (size_t i = 0; i < a->nX; i++)
        if (a->X[i]->dmark == a->u->jepoch) return true;
    return false;
}

/* A context whose X is the scratch kept in u (one malloc per call was a
 * few percent of the explorer's instructions on the philosophers). */
static altctx alt_open(rv_unf *u, size_t j)
{
    return (altctx){.u = u, .j = j, .X = u->altX, .capX = u->capaltX};
}

static void alt_close(altctx *a)
{
    a->u->altX = a->X;
    a->u->capaltX = a->capX;
}

bool rv_unf_compatible(rv_unf *u, size_t j, rv_uevent *e)
{
    u->jepoch++;
    altctx a = alt_open(u, j);
    collect(&a, e);
    bool ok = x_fits(&a);
    alt_close(&a);
    return ok;
}

static bool conflicts_cj(altctx *a, rv_uevent *d)
{
    size_t n;
    rv_uevent *const *l = rv_unf_icf_list(a->u, d, &n);
    for (size_t i = 0; i < n; i++)
        if (in_cj(a, l[i])) return true;
    return false;
}

static bool search(altctx *a, size_t idx)
{
    if (idx == a->ntg) return true;
    rv_uevent *d = a->tg[idx];
    if (conflicts_cj(a, d)) return search(a, idx + 1);
    size_t n;
    rv_uevent *const *l = rv_unf_icf_list(a->u, d, &n);
    /* copy: the list may grow while recursing */
    rv_uevent *small[16];
    rv_uevent **cand = n <= 16 ? small : rv_xmalloc(n * sizeof *cand);
    if (n) memcpy(cand, l, n * sizeof *cand);
    bool found = false;
    for (size_t i = 0; i < n && !found; i++) {
        rv_uevent *e = cand[i];
        if (rv_unf_stop(a->u)) break; /* no answer: the caller ends the run */
        if (e->dead || beyond_cutoff(a->u, e)) continue;
        collect(a, e);
        if (!x_fits(a) || x_meets_d(a)) continue;
        size_t base = a->nJ;
        for (size_t k = 0; k < a->nX; k++) {
            a->X[k]->jmark = a->u->jepoch;
            push(&a->J, &a->nJ, &a->capJ, a->X[k]);
        }
        found = search(a, idx + 1);
        if (!found) {
            for (size_t k = base; k < a->nJ; k++) a->J[k]->jmark = 0;
            a->nJ = base;
        }
    }
    if (cand != small) free(cand);
    return found;
}

static int by_lsize(const void *x, const void *y)
{
    const rv_uevent *a = *(rv_uevent *const *)x, *b = *(rv_uevent *const *)y;
    if (a->lsize != b->lsize) return a->lsize < b->lsize ? -1 : 1;
    return a->id < b->id ? -1 : a->id > b->id;
}

bool rv_unf_alt(rv_unf *u, size_t j, rv_uevent *const *D, size_t nd, unsigned k, rv_uevent ***out,
                size_t *nout)
{
    u->jepoch++;
    altctx a = alt_open(u, j);
    if (u->capalttg < nd) {
        u->capalttg = 2 * nd;
        u->alttg = rv_xrealloc(u->alttg, u->capalttg * sizeof *u->alttg);
    }
    a.tg = u->alttg;
    for (size_t i = 0; i < nd; i++) D[i]->dmark = u->jepoch;
    /* targets, most recent first; the ones in conflict with C need nothing */
    for (size_t i = nd; i-- > 0;) {
        if (conflicts_cj(&a, D[i])) continue;
        if (k && a.ntg == k) break;
        a.tg[a.ntg++] = D[i];
    }
    bool found = search(&a, 0);
    for (size_t i = 0; i < a.nJ; i++) a.J[i]->jmark = 0;
    if (found) {
        qsort(a.J, a.nJ, sizeof *a.J, by_lsize);
        *out = a.J;
        *nout = a.nJ;
    } else {
        free(a.J);
        *out = NULL;
        *nout = 0;
    }
    alt_close(&a);
    return found;
}

/* ---- schedules ---------------------------------------------------------- */

/* The waiter sets of the condition variables along a schedule: threads
 * below RV_MASK_THREADS in a mask per condvar, the others as (condvar,
 * thread) pairs (the runtime's rv_mhi, model.h). */
typedef struct condw {
    uint64_t obj, waiting;
} condw;

typedef struct hiwait {
    uint64_t obj;
    unsigned tid;
} hiwait;

typedef struct waiters {
    condw *cw;
    size_t ncw;
    hiwait *hw;
    size_t nhw, caphw;
} waiters;

static uint64_t *waiting_of(waiters *w, uint64_t obj)
{
    for (size_t i = 0; i < w->ncw; i++)
        if (w->cw[i].obj == obj) return &w->cw[i].waiting;
    w->cw = rv_xrealloc(w->cw, (w->ncw + 1) * sizeof *w->cw);
    w->cw[w->ncw] = (condw){.obj = obj};
    return &w->cw[w->ncw++].waiting;
}

static void wait_add(waiters *w, const rv_action *a)
{
    if (a->tid < RV_MASK_THREADS) {
        *waiting_of(w, a->obj) |= 1ull << a->tid;
        return;
    }
    if (w->nhw == w->caphw) {
        w->caphw = w->caphw ? 2 * w->caphw : 8;
        w->hw = rv_xrealloc(w->hw, w->caphw * sizeof *w->hw);
    }
    w->hw[w->nhw++] = (hiwait){.obj = a->obj, .tid = a->tid};
}

/* Take thread t out of condvar obj's waiter set (if it is in it). */
static void wait_drop(waiters *w, uint64_t obj, uint64_t t)
{
    if (t < RV_MASK_THREADS) {
        *waiting_of(w, obj) &= ~(1ull << t);
        return;
    }
    for (size_t i = 0; i < w->nhw; i++)
        if (w->hw[i].obj == obj && w->hw[i].tid == t) {
            w->hw[i] = w->hw[--w->nhw];
            return;
        }
}

/* A broadcast: the threads below 64 it woke (its mask), and every waiter
 * above if it woke any (no wait1 is concurrent with a broadcast). */
static void wait_broadcast(waiters *w, const rv_action *a)
{
    *waiting_of(w, a->obj) &= ~a->arg;
    if (!a->len) return;
    for (size_t i = 0; i < w->nhw;)
        if (w->hw[i].obj == a->obj)
            w->hw[i] = w->hw[--w->nhw];
        else
            i++;
}

/* The value choice of a signal that wakes thread t: its index among
 * condvar obj's waiters in ascending thread order (seed 004: sig(c, j);
 * model.c apply_signal). */
static uint32_t signal_val(waiters *w, uint64_t obj, uint64_t t)
{
    uint64_t lo = *waiting_of(w, obj);
    if (t < RV_MASK_THREADS) return (uint32_t)__builtin_popcountll(lo & ((1ull << t) - 1));
    uint32_t v = (uint32_t)__builtin_popcountll(lo);
    for (size_t i = 0; i < w->nhw; i++) v += w->hw[i].obj == obj && w->hw[i].tid < t;
    return v;
}

size_t rv_unf_schedule(rv_unf *u, size_t j, rv_uevent *const *J, size_t nj, rv_step *out)
{
    waiters w = {0};
    for (size_t i = 0; i < j + nj; i++) {
        const rv_uevent *e = i < j ? u->cur[i] : J[i - j];
        const rv_action *a = &e->act;
        out[i] = (rv_step){.tid = a->tid, .val = 0};
        switch (a->kind) {
        case RV_ACT_WAIT1:
            wait_add(&w, a);
            break;
        case RV_ACT_BROADCAST:
            wait_broadcast(&w, a);
            break;
        case RV_ACT_SIGNAL:
            if (a->arg != RV_NO_THREAD) {
                out[i].val = signal_val(&w, a->obj, a->arg);
                wait_drop(&w, a->obj, a->arg);
            }
            break;
        case RV_ACT_WAIT2: /* a timed one may leave the waiter set itself */
            wait_drop(&w, a->obj, a->tid);
            break;
        case RV_ACT_NONDET:
            out[i].val = e->val;
            break;
        default:
            if (a->flags & RV_AF_TIMED) out[i].val = e->val; /* acquire or time out */
            break;
        }
    }
    free(w.cw);
    free(w.hw);
    return j + nj;
}
