/*
 * fatal.c — the fatal variants of a twin that has just been found dead.
 *
 * A twin t = ⟨a, B⟩ (B = [t), the history of a under rv_dependent) is known
 * dead only once an execution runs a there and fails.  The events of the
 * unfolding at that position are then the fatal variants ⟨a_f, H⟩ for every
 * configuration H ⊇ B whose part that a depends on is B: H \ B has no event
 * of a's thread and none dependent with a.  Extend (seed 001 Alg. 1 line 14)
 * adds the ones with H ⊆ C for every configuration C explored from now on,
 * but the configurations explored before had the twin as their extension
 * instead.  The completeness argument (seed 000 App. B.4, Case 1: e'_i is
 * added to U while the left subtree of b_i is explored) needs those too, so
 * they are added here, for every H made of executed events (each lies in an
 * executed configuration, so it is real; every explored configuration is made
 * of executed events).
 *
 * Each such H is enumerated once: from H, the enabled candidates are taken
 * in a fixed order and a branch that skips a candidate excludes it below.
 * Every H is a Mazurkiewicz trace ending in the failure, one execution each,
 * so the enumeration costs no more than exploring them.
 */
#include <stdlib.h>
#include <string.h>

#include "unfolding.h"

typedef struct fvctx {
    rv_unf *u;
    rv_action af; /* a with RV_UF_ERR */
    uint32_t val;
    rv_uevent *p;                 /* a's thread predecessor */
    rv_uevent *m[RV_MAX_THREADS]; /* per-thread maxima of H */
    rv_uevent **cand;             /* executed events H may add */
    bool *excl;                   /* cand[i] excluded in this branch */
    size_t ncand;
    size_t created;
} fvctx;

static bool in_h(const fvctx *c, const rv_uevent *y)
{
    unsigned t = y->act.tid;
    return t < RV_MAX_THREADS && c->m[t] && rv_unf_leq(y, c->m[t]);
}

/* May H grow by e: e is its thread's next event after H, its causes are in
 * H, and no event of H outside [e) is dependent with it (a conflict). */
static bool enabled_at(const fvctx *c, rv_uevent *e)
{
    unsigned t = e->act.tid;
    if (e->tparent != c->m[t] || in_h(c, e)) return false;
    for (size_t i = 0; i < e->npred; i++)
        if (!in_h(c, e->pred[i])) return false;
    for (unsigned v = 0; v < RV_MAX_THREADS; v++) {
        if (v == t) continue;
        rv_uevent *stop = v < e->nt ? e->tmax[v] : NULL;
        for (rv_uevent *h = c->m[v]; h && h != stop; h = h->tparent)
            if (rv_unf_dep(&h->act, &e->act)) return false;
    }
    return true;
}

static void emit(fvctx *c)
{
    rv_uevent *preds[RV_MAX_THREADS];
    size_t np = 0;
    for (unsigned v = 0; v < RV_MAX_THREADS; v++)
        if (c->m[v]) preds[np++] = c->m[v];
    bool isnew;
    rv_unf_intern(c->u, &c->af, c->val, c->p, preds, np, &isnew);
    c->created += isnew;
}

static void grow(fvctx *c)
{
    emit(c);
    size_t *en = rv_xmalloc((c->ncand + 1) * sizeof *en);
    size_t nen = 0;
    for (size_t i = 0; i < c->ncand; i++)
        if (!c->excl[i] && enabled_at(c, c->cand[i])) en[nen++] = i;
    for (size_t k = 0; k < nen; k++) {
        rv_uevent *e = c->cand[en[k]];
        unsigned t = e->act.tid;
        rv_uevent *old = c->m[t];
        c->m[t] = e;
        grow(c);
        c->m[t] = old;
        c->excl[en[k]] = true;
    }
    for (size_t k = 0; k < nen; k++) c->excl[en[k]] = false;
    free(en);
}

/* Events H \ B may hold: executed, real (not dead, fatal or cut), of
 * another thread, independent of a. */
static bool candidate(const rv_uevent *e, const rv_uevent *twin)
{
    return e->executed && !e->dead && !e->cutoff && !rv_unf_is_err(e) &&
           e->act.tid != twin->act.tid && e->act.tid < RV_MAX_THREADS &&
           !rv_dependent(&e->act, &twin->act);
}

size_t rv_unf_fatal_variants(rv_unf *u, const rv_uevent *twin)
{
    fvctx c = {.u = u, .af = twin->act, .val = twin->val, .p = twin->tparent};
    c.af.flags |= RV_UF_ERR;
    for (unsigned v = 0; v < RV_MAX_THREADS && v < twin->nt; v++) c.m[v] = twin->tmax[v];
    c.m[twin->act.tid] = twin->tparent;
    c.cand = rv_xmalloc((u->n + 1) * sizeof *c.cand);
    for (size_t i = 0; i < u->n; i++)
        if (candidate(u->ev[i], twin)) c.cand[c.ncand++] = u->ev[i];
    c.excl = rv_xcalloc(c.ncand + 1, sizeof *c.excl);
    grow(&c);
    free(c.cand);
    free(c.excl);
    return c.created;
}
