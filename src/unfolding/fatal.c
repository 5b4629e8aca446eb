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
    rv_uevent *p;     /* a's thread predecessor */
    rv_uevent **m;    /* per-thread maxima of H, [0, nt) */
    rv_uevent **cand; /* executed events H may add */
    bool *excl;       /* cand[i] excluded in this branch */
    size_t ncand;
    size_t created;
    unsigned nt; /* m[v] is NULL for v >= nt */
} fvctx;

static bool in_h(const fvctx *c, const rv_uevent *y)
{
    unsigned t = y->act.tid;
    return t < c->nt && c->m[t] && rv_unf_leq(y, c->m[t]);
}

/* May H grow by e: e is its thread's next event after H, its causes are in
 * H, and no event of H outside [e) is dependent with it (a conflict). */
static bool enabled_at(const fvctx *c, rv_uevent *e)
{
    unsigned t = e->act.tid;
    if (e->tparent != c->m[t] || in_h(c, e)) return false;
    for (size_t i = 0; i < e->npred; i++)
        if (!in_h(c, e->pred[i])) return false;
    for (unsigned v = 0; v < c->nt; v++) {
        if (v == t) continue;
        rv_uevent *stop = v < e->nt ? e->tmax[v] : NULL;
        for (rv_uevent *h = c->m[v]; h && h != stop; h = h->tparent)
            if (rv_unf_dep(&h->act, &e->act)) return false;
    }
    return true;
}

static void emit(fvctx *c)
{
    rv_uevent *spreds[RV_UNF_STK_THREADS];
    rv_uevent **preds = rv_unf_scratch(spreds, sizeof spreds, c->nt * sizeof *preds);
    size_t np = 0;
    for (unsigned v = 0; v < c->nt; v++)
        if (c->m[v]) preds[np++] = c->m[v];
    bool isnew;
    rv_unf_intern(c->u, &c->af, c->val, c->p, preds, np, &isnew);
    c->created += isnew;
    rv_unf_scratch_free(preds, spreds);
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
           e->act.tid != twin->act.tid && !rv_dependent(&e->act, &twin->act);
}

size_t rv_unf_fatal_variants(rv_unf *u, const rv_uevent *twin)
{
    fvctx c = {.u = u, .af = twin->act, .val = twin->val, .p = twin->tparent};
    c.af.flags |= RV_UF_ERR;
    c.nt = twin->nt;
    if (twin->act.tid + 1u > c.nt) c.nt = twin->act.tid + 1u;
    c.cand = rv_xmalloc((u->n + 1) * sizeof *c.cand);
    for (size_t i = 0; i < u->n; i++)
        if (candidate(u->ev[i], twin)) {
            c.cand[c.ncand++] = u->ev[i];
            if (u->ev[i]->act.tid + 1u > c.nt) c.nt = u->ev[i]->act.tid + 1u;
        }
    c.m = rv_xcalloc(c.nt, sizeof *c.m); /* NULL for the candidates' threads above */
    for (unsigned v = 0; v < twin->nt; v++) c.m[v] = twin->tmax[v];
    c.m[twin->act.tid] = twin->tparent;
    c.excl = rv_xcalloc(c.ncand + 1, sizeof *c.excl);
    grow(&c);
    free(c.m);
    free(c.cand);
    free(c.excl);
    return c.created;
}

/* ---- executed events freed by Remove ------------------------------------
 *
 * Remove (remove.c) frees executed events outside Q.  A twin found dead
 * later needs them: a fatal variant ⟨a_f, H⟩ whose H holds such an event
 * is a failing trace that no explored configuration had as an extension
 * (the twin stood there, not known dead), and Extend never adds it unless
 * the event is in U again.  Without a bound they would all be in U when
 * the twin dies.  What the enumeration needs of a freed event is only
 * that it was executed (it is real: no unknown dead twin is in its
 * history): its name is recorded, 16 bytes, and when Extend or an
 * execution puts an event of that name into U again, it is executed again
 * and the variants of each dead twin that it extends are added then.
 * Those variants are alternatives of the explored configuration that
 * re-created it (docs/UDPOR.md, "Fatal variants under Remove"). */

static bool hzero(rv_hash128 h)
{
    return !h.lo && !h.hi;
}

static int cmp_h(const void *a, const void *b)
{
    const rv_hash128 *x = a, *y = b;
    if (x->hi != y->hi) return x->hi < y->hi ? -1 : 1;
    return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* The canonical name (event.c: thread, kind, object, fatal flag, choice,
 * maximal causes) with the causes named by their own nh instead of ids,
 * so that an event interned again after it was freed gets the same nh. */
static void name_one(rv_uevent *e)
{
    rv_hash128 sph[RV_UNF_STK_THREADS];
    uint64_t sbuf[4 + 2 * RV_UNF_STK_THREADS];
    rv_hash128 *ph = rv_unf_scratch(sph, sizeof sph, e->npred * sizeof *ph);
    uint64_t *buf = rv_unf_scratch(sbuf, sizeof sbuf, (4 + 2 * (size_t)e->npred) * sizeof *buf);
    buf[0] = e->act.tid | (uint64_t)e->act.kind << 16 | (uint64_t)(e->act.flags & RV_UF_ERR) << 24;
    buf[1] = e->act.obj;
    buf[2] = e->choice;
    buf[3] = e->npred;
    for (size_t i = 0; i < e->npred; i++) ph[i] = e->pred[i]->nh;
    qsort(ph, e->npred, sizeof *ph, cmp_h); /* a set: pred order is by id */
    for (size_t i = 0; i < e->npred; i++) buf[4 + 2 * i] = ph[i].lo, buf[5 + 2 * i] = ph[i].hi;
    e->nh = rv_hash(buf, (4 + 2 * (size_t)e->npred) * sizeof *buf);
    if (hzero(e->nh)) e->nh.lo = 1;
    rv_unf_scratch_free(ph, sph);
    rv_unf_scratch_free(buf, sbuf);
}

void rv_unf_name_all(rv_unf *u)
{
    if (u->named > u->n) u->named = 0;
    for (size_t i = u->named; i < u->n; i++)
        if (hzero(u->ev[i]->nh)) name_one(u->ev[i]);
    u->named = u->n;
}

static size_t xrec_slot(const rv_unf *u, rv_hash128 h)
{
    size_t i = h.lo & (u->capxrec - 1);
    while (!hzero(u->xrec[i]) && (u->xrec[i].lo != h.lo || u->xrec[i].hi != h.hi))
        i = (i + 1) & (u->capxrec - 1);
    return i;
}

static void xrec_add(rv_unf *u, rv_hash128 h)
{
    if (2 * (u->nxrec + 1) > u->capxrec) {
        rv_hash128 *old = u->xrec;
        size_t oc = u->capxrec;
        u->capxrec = oc ? 2 * oc : 256;
        u->xrec = rv_xcalloc(u->capxrec, sizeof *u->xrec);
        u->nxrec = 0;
        for (size_t i = 0; i < oc; i++)
            if (!hzero(old[i])) xrec_add(u, old[i]);
        free(old);
    }
    size_t i = xrec_slot(u, h);
    if (hzero(u->xrec[i])) u->xrec[i] = h, u->nxrec++;
}

static bool xrec_has(const rv_unf *u, rv_hash128 h)
{
    if (!u->capxrec) return false;
    return !hzero(u->xrec[xrec_slot(u, h)]);
}

void rv_unf_fatal_forget(rv_unf *u, rv_uevent *e)
{
    /* fatal, dead and cut events are never in H (candidate()) */
    if (e->executed && !e->dead && !e->cutoff && !rv_unf_is_err(e)) xrec_add(u, e->nh);
}

size_t rv_unf_fatal_recall(rv_unf *u, size_t from)
{
    if (!u->nxrec || from >= u->n) return 0;
    rv_unf_name_all(u);
    size_t n = u->n, nr = 0;
    rv_uevent **rec = rv_xmalloc((n - from) * sizeof *rec);
    for (size_t i = from; i < n; i++) {
        rv_uevent *e = u->ev[i];
        if (rv_unf_is_err(e) || !xrec_has(u, e->nh)) continue;
        e->executed = true;
        rec[nr++] = e;
    }
    size_t created = 0;
    for (size_t i = 0; nr && i < n; i++) {
        rv_uevent *d = u->ev[i];
        if (!d->dead) continue;
        bool hit = false;
        for (size_t k = 0; k < nr && !hit; k++) hit = candidate(rec[k], d);
        if (hit) created += rv_unf_fatal_variants(u, d);
    }
    free(rec);
    return created;
}

void rv_unf_fatal_free(rv_unf *u)
{
    free(u->xrec);
    u->xrec = NULL;
    u->nxrec = u->capxrec = 0;
}
