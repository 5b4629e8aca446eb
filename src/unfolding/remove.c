/*
 * remove.c — Remove and the event cache G (seed 001 Alg. 1 lines 15-18;
 * seed 000 §4 and App. B.5).
 *
 * Alg. 1 keeps in U only Q_{C,D,U} = C ∪ D ∪ ⋃_{e ∈ C∪D, e' ∈ #^i_U(e)} [e']
 * (seed 000 §4, "Remove will preserve in U the following events"); the rest
 * moves to G, a cache that may be discarded at any time.  Here U and G live
 * in one table (hash-consing finds an event in either) and G is discarded
 * when the table outgrows its memory bound: rv_unf_remove frees every event
 * outside Q at once.  App. B.5 shows that U = Q holds at every call of
 * Explore, so what is freed is exactly what Remove would have moved to G
 * by then, and Alt (which only needs #^i_U of C ∪ D, App. B.4) finds the
 * same alternatives; an evicted event that is met again is interned anew.
 *
 * Kept besides Q: the events of the last execution (cur, so that mapping
 * the next one can reset them) and dead twins (their flag is knowledge a
 * fresh event would not have).  That an event was executed is knowledge
 * too (fatal.c enumerates fatal variants over executed events): the name
 * of a freed executed event is recorded (rv_unf_fatal_forget, 16 bytes)
 * and given back when the event is interned again.  Q is causally
 * closed, so no kept event points to a freed one through pred, tparent,
 * jump or tmax; conflict lists are filtered and ids renumbered in
 * creation order.
 */
#include <stdlib.h>
#include <string.h>

#include "unfolding.h"

static void push(rv_uevent ***v, size_t *n, size_t *cap, rv_uevent *e)
{
    if (*n == *cap) {
        *cap = *cap ? 2 * *cap : 256;
        *v = rv_xrealloc(*v, *cap * sizeof **v);
    }
    (*v)[(*n)++] = e;
}

/* The roots of Q: C ∪ D (keep[] and cur), their immediate conflicts, and
 * dead twins.  Conflict lists are brought up to date first: they use the
 * walk marks, which the closure below reuses. */
static rv_uevent **roots(rv_unf *u, rv_uevent *const *keep, size_t nkeep, size_t *nroots)
{
    rv_uevent **r = NULL;
    size_t n = 0, cap = 0;
    for (size_t i = 0; i < nkeep + u->ncur; i++) {
        rv_uevent *e = i < nkeep ? keep[i] : u->cur[i - nkeep];
        if (i < nkeep && e->pos >= 0) continue; /* in cur: taken below */
        size_t ni;
        rv_uevent *const *icf = rv_unf_icf_list(u, e, &ni);
        push(&r, &n, &cap, e);
        for (size_t k = 0; k < ni; k++) push(&r, &n, &cap, icf[k]);
    }
    for (size_t i = 0; i < u->n; i++)
        if (u->ev[i]->dead) push(&r, &n, &cap, u->ev[i]);
    *nroots = n;
    return r;
}

/* Mark the causal closure of the roots with a fresh epoch. */
static void mark_closure(rv_unf *u, rv_uevent **stack, size_t n)
{
    u->epoch++;
    size_t top = 0;
    for (size_t i = 0; i < n; i++)
        if (stack[i]->mark != u->epoch) {
            stack[i]->mark = u->epoch;
            stack[top++] = stack[i];
        }
    /* each event is pushed once, so the stack never outgrows |U| */
    rv_uevent **s = rv_xrealloc(stack, (u->n + 1) * sizeof *s);
    while (top > 0) {
        rv_uevent *x = s[--top];
        for (size_t k = 0; k <= x->npred; k++) {
            rv_uevent *y = k < x->npred ? x->pred[k] : x->tparent;
            if (!y || y->mark == u->epoch) continue;
            y->mark = u->epoch;
            s[top++] = y;
        }
    }
    free(s);
}

static uint64_t event_bytes(const rv_uevent *e)
{
    return RV_UEVENT_BYTES + (e->npred + e->nt + e->capicf) * sizeof(void *);
}

static void free_event(rv_unf *u, rv_uevent *e)
{
    u->bytes -= event_bytes(e) < u->bytes ? event_bytes(e) : u->bytes;
    rv_unf_event_free(u, e);
}

/* Keep only marked entries in e's conflict list; its completeness bound
 * icf_upto (an index into the old U) becomes the number of kept events
 * below it. */
static void filter_icf(rv_unf *u, rv_uevent *e, const uint32_t *kept_below)
{
    size_t w = 0;
    for (size_t k = 0; k < e->nicf; k++)
        if (e->icf[k]->mark == u->epoch) e->icf[w++] = e->icf[k];
    e->nicf = (uint32_t)w;
    e->icf_upto = kept_below[e->icf_upto];
}

size_t rv_unf_remove(rv_unf *u, rv_uevent *const *keep, size_t nkeep)
{
    rv_unf_cut_materialise(u); /* the cutoff table may name events freed below */
    size_t nr;
    rv_uevent **r = roots(u, keep, nkeep, &nr);
    mark_closure(u, r, nr);
    /* kept_below[i]: kept events among U[0..i) */
    uint32_t *kept_below = rv_xmalloc((u->n + 1) * sizeof *kept_below);
    kept_below[0] = 0;
    for (size_t i = 0; i < u->n; i++)
        kept_below[i + 1] = kept_below[i] + (u->ev[i]->mark == u->epoch);
    for (size_t i = 0; i < u->n; i++) {
        rv_uevent *e = u->ev[i];
        if (e->mark != u->epoch) continue;
        filter_icf(u, e, kept_below);
        if (e->lastkid && e->lastkid->mark != u->epoch) e->lastkid = NULL; /* freed below */
    }
    rv_unf_name_all(u); /* while every cause is alive */
    size_t w = 0, freed = 0;
    for (size_t i = 0; i < u->n; i++) {
        rv_uevent *e = u->ev[i];
        if (e->mark != u->epoch) {
            u->nevicted_prefix += !e->cutoff;
            rv_unf_fatal_forget(u, e);
            free_event(u, e);
            freed++;
            continue;
        }
        e->id = (uint32_t)w;
        u->sig[w] = e->sig;
        u->ev[w++] = e;
    }
    u->n = w;
    u->named = w;
    rv_unf_cut_renumbered(u); /* its work list names freed events */
    free(kept_below);
    rv_unf_rehash(u);
    u->nevicted += freed;
    return freed;
}
