/*
 * values.c — memory values for compare-exchange outcomes (values.h).
 *
 * Only bytes some compare-exchange of the trace touches are tracked, so a
 * program without CAS pays one scan of its events per execution.  Costs per
 * execution: O(n log m) for n events and m CAS bytes, plus the bytes each
 * event's range covers among them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "values.h"

enum { IV_KNOWN = 1, IV_UNKNOWN, IV_CONFLICT };

struct rv_ival {
    uint64_t key; /* byte address + 1; 0: empty */
    uint8_t val;
    uint8_t state; /* IV_* */
};

static struct rv_ival *iv_slot(struct rv_ival *tab, size_t cap, uint64_t key)
{
    size_t i = (size_t)((key * 0x9e3779b97f4a7c15ull) >> 20) & (cap - 1);
    while (tab[i].key && tab[i].key != key) i = (i + 1) & (cap - 1);
    return &tab[i];
}

/* The entry of byte b, created empty (state 0) when missing. */
static struct rv_ival *iv_get(rv_unf *u, uint64_t b)
{
    if (2 * (u->nival + 1) > u->capival) {
        size_t ncap = u->capival ? 2 * u->capival : 64;
        struct rv_ival *nt = rv_xcalloc(ncap, sizeof *nt);
        for (size_t i = 0; i < u->capival; i++)
            if (u->ival[i].key) *iv_slot(nt, ncap, u->ival[i].key) = u->ival[i];
        free(u->ival);
        u->ival = nt;
        u->capival = ncap;
    }
    struct rv_ival *s = iv_slot(u->ival, u->capival, b + 1);
    if (!s->key) {
        s->key = b + 1;
        u->nival++;
    }
    return s;
}

void rv_unf_vals_free(rv_unf *u)
{
    free(u->ival);
    u->ival = NULL;
    u->nival = u->capival = 0;
}

/* An execution saw byte b hold v before any write to it.  Programs start
 * every execution from the same memory (the fork server; heap blocks at
 * deterministic addresses, fresh ones filled with 0xbe), so a second,
 * different lesson means memory changed without events (a stack slot's
 * garbage, a C library's write): the byte's initial value is unknown from
 * then on. */
static void learn(rv_unf *u, uint64_t b, uint8_t v)
{
    struct rv_ival *s = iv_get(u, b);
    if (!s->state) {
        s->state = IV_KNOWN;
        s->val = v;
    } else if (s->state == IV_KNOWN && s->val != v) {
        s->state = IV_CONFLICT;
        u->ival_ver++; /* predictions made with the value change (extend.c) */
    }
}

bool rv_vals_initial(rv_unf *u, uint64_t b, uint8_t *v)
{
    struct rv_ival *s = iv_get(u, b);
    if (!s->state) s->state = IV_UNKNOWN; /* frozen: a later lesson must not relabel */
    if (s->state != IV_KNOWN) return false;
    *v = s->val;
    return true;
}

/* The byte range an event writes or reads as memory: [*lo, *lo + *len). */
static bool mem_range(const rv_action *a, uint64_t *lo, uint64_t *len)
{
    if (rv_is_memory(a) && a->len) {
        *lo = a->obj;
        *len = a->len;
        return true;
    }
    if (a->kind == RV_ACT_CREATE && a->len) { /* writes *thread (action.c) */
        *lo = a->obj2;
        *len = a->len;
        return true;
    }
    return false;
}

uint8_t rv_vals_effect(const rv_event *ev, uint64_t *wval)
{
    const rv_action *a = &ev->act;
    *wval = 0;
    if (a->kind == RV_ACT_CREATE && a->len) {
        *wval = a->obj; /* pthread_t is the canonical id (sync.c) */
        return a->len <= 8 ? RV_WEFF_KNOWN : RV_WEFF_UNKNOWN;
    }
    if (a->kind != RV_ACT_WRITE && a->kind != RV_ACT_RMW) return RV_WEFF_NONE;
    if (a->len <= 8 && (ev->vflags & RV_EV_WVAL)) {
        *wval = ev->wval;
        return RV_WEFF_KNOWN;
    }
    return RV_WEFF_UNKNOWN;
}

int rv_vals_byte(const rv_action *a, uint8_t weff, uint64_t wval, uint64_t b, uint8_t *v)
{
    uint64_t lo, len;
    if (weff == RV_WEFF_NONE || !mem_range(a, &lo, &len) || b < lo || b - lo >= len) return 0;
    if (weff != RV_WEFF_KNOWN) return RV_WEFF_UNKNOWN;
    *v = (uint8_t)(wval >> (8 * (b - lo)));
    return RV_WEFF_KNOWN;
}

uint8_t rv_vals_cas_kind(const rv_action *a, const uint8_t *cur, const bool *known)
{
    uint64_t v = 0;
    for (uint64_t k = 0; k < a->len; k++) {
        if (!known[k]) return RV_ACT_RMW; /* unknown: over-approximate */
        v |= (uint64_t)cur[k] << (8 * k);
    }
    uint64_t mask = a->len >= 8 ? ~0ull : (1ull << (8 * a->len)) - 1;
    return v == (a->arg & mask) ? RV_ACT_RMW : RV_ACT_READ;
}

/* ---- the CAS bytes of one trace ----------------------------------------- */

typedef struct bytes {
    uint64_t *b; /* sorted, unique */
    size_t n, cap;
} bytes;

static void add_range(bytes *s, uint64_t lo, uint64_t len)
{
    for (uint64_t k = 0; k < len; k++) {
        if (s->n == s->cap) {
            s->cap = s->cap ? 2 * s->cap : 16;
            s->b = rv_xrealloc(s->b, s->cap * sizeof *s->b);
        }
        s->b[s->n++] = lo + k;
    }
}

static int cmp_u64(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : a > b;
}

static bool is_cas(const rv_action *a)
{
    return rv_is_cas(a) && rv_is_memory(a) && a->len && a->len <= 8;
}

static void cas_bytes(const rv_trace *t, bytes *s)
{
    for (size_t i = 0; i < t->n; i++)
        if (is_cas(&t->ev[i].act)) add_range(s, t->ev[i].act.obj, t->ev[i].act.len);
    for (unsigned k = 0; k < t->nthreads && k < RV_UNF_MAX_THREADS; k++)
        if (t->threads[k].state == RV_T_LIVE && is_cas(&t->threads[k].pending))
            add_range(s, t->threads[k].pending.obj, t->threads[k].pending.len);
    if (!s->n) return;
    qsort(s->b, s->n, sizeof *s->b, cmp_u64);
    size_t w = 0;
    for (size_t i = 0; i < s->n; i++)
        if (!w || s->b[w - 1] != s->b[i]) s->b[w++] = s->b[i];
    s->n = w;
}

/* Index of the first CAS byte >= lo. */
static size_t first_at(const bytes *s, uint64_t lo)
{
    size_t l = 0, h = s->n;
    while (l < h) {
        size_t m = l + (h - l) / 2;
        if (s->b[m] < lo)
            l = m + 1;
        else
            h = m;
    }
    return l;
}

bool rv_vals_learn(rv_unf *u, const rv_trace *t)
{
    bytes s = {0};
    cas_bytes(t, &s);
    if (!s.n) return false;
    bool *done = rv_xcalloc(s.n, sizeof *done);
    for (size_t i = 0; i < t->n; i++) {
        const rv_event *ev = &t->ev[i];
        uint64_t lo, len, w;
        if (!mem_range(&ev->act, &lo, &len)) continue;
        bool writes = rv_vals_effect(ev, &w) != RV_WEFF_NONE;
        bool old = (ev->vflags & RV_EV_OLD) && rv_is_memory(&ev->act) && len <= 8;
        for (size_t j = first_at(&s, lo); j < s.n && s.b[j] - lo < len; j++) {
            if (done[j]) continue;
            if (old) learn(u, s.b[j], (uint8_t)(ev->old >> (8 * (s.b[j] - lo))));
            done[j] = old || writes; /* a long read neither teaches nor hides */
        }
    }
    /* bytes no event wrote: a pending CAS saw them at the end */
    for (unsigned k = 0; k < t->nthreads && k < RV_UNF_MAX_THREADS; k++) {
        const rv_thread_end *te = &t->threads[k];
        if (te->state != RV_T_LIVE || !is_cas(&te->pending) || !te->pending_old_ok) continue;
        uint64_t lo = te->pending.obj;
        for (size_t j = first_at(&s, lo); j < s.n && s.b[j] - lo < te->pending.len; j++)
            if (!done[j]) learn(u, s.b[j], (uint8_t)(te->pending_old >> (8 * (s.b[j] - lo))));
    }
    free(done);
    free(s.b);
    return true;
}

const rv_trace *rv_vals_label(rv_unf *u, const rv_trace *t, rv_trace *copy, bool *copied)
{
    *copied = false;
    bytes s = {0};
    cas_bytes(t, &s);
    if (!s.n) return t;
    int64_t *lastw = rv_xmalloc(s.n * sizeof *lastw);
    for (size_t j = 0; j < s.n; j++) lastw[j] = -1;
    const rv_trace *out = t;
    for (size_t i = 0; i < t->n; i++) {
        const rv_event *ev = &t->ev[i];
        const rv_action *a = &ev->act;
        if (is_cas(a)) {
            uint8_t cur[8] = {0};
            bool known[8] = {0}, all = true;
            for (uint64_t k = 0; k < a->len; k++) {
                size_t j = first_at(&s, a->obj + k);
                int64_t w = lastw[j];
                if (w < 0) {
                    known[k] = rv_vals_initial(u, a->obj + k, &cur[k]);
                } else {
                    uint64_t wv;
                    uint8_t we = rv_vals_effect(&t->ev[w], &wv);
                    known[k] =
                        rv_vals_byte(&t->ev[w].act, we, wv, a->obj + k, &cur[k]) == RV_WEFF_KNOWN;
                }
                all &= known[k];
            }
            uint8_t kind = rv_vals_cas_kind(a, cur, known);
            if (all && kind != a->kind && !u->inconsistent) {
                u->inconsistent = true;
                snprintf(u->why, sizeof u->why,
                         "the outcome of a compare-exchange at 0x%llx differs from the value the "
                         "unfolding computed for its history (memory changed without events?)",
                         (unsigned long long)a->obj);
            } else if (kind != a->kind) {
                if (!*copied) {
                    *copy = *t;
                    copy->ev = rv_xmalloc(t->n * sizeof *copy->ev);
                    memcpy(copy->ev, t->ev, t->n * sizeof *copy->ev);
                    copy->cap = t->n;
                    *copied = true;
                    out = copy;
                }
                copy->ev[i].act.kind = kind;
            }
        }
        uint64_t lo, len, wv;
        if (!mem_range(a, &lo, &len) || rv_vals_effect(ev, &wv) == RV_WEFF_NONE) continue;
        for (size_t j = first_at(&s, lo); j < s.n && s.b[j] - lo < len; j++) lastw[j] = (int64_t)i;
    }
    free(lastw);
    free(s.b);
    return out;
}
