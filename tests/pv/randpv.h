/*
 * randpv.h — a random generator of well-bracketed PV programs for the
 * cross-checks (header-only; used by the tests and by `randpv` to print
 * programs).  Processes are random walks over P/V with their own holdings
 * (so releases may interleave: P(a).P(b).V(a).V(b)), optional choices
 * between two balanced segments, and optionally resources left held at
 * the end.  Deterministic in the seed (xorshift64*).
 */
#ifndef RAVEL_TESTS_PV_RANDPV_H
#define RAVEL_TESTS_PV_RANDPV_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef struct rp_rng {
    uint64_t s;
} rp_rng;

static inline uint64_t rp_next(rp_rng *r)
{
    r->s ^= r->s >> 12;
    r->s ^= r->s << 25;
    r->s ^= r->s >> 27;
    return r->s * 2685821657736338717ull;
}
static inline int rp_below(rp_rng *r, int n) { return (int)(rp_next(r) % (uint64_t)n); }

typedef struct rp_opts {
    int max_threads;  /* 2..max */
    int max_res;      /* 1..max */
    int max_cap;      /* capacities 1..max */
    int max_ops;      /* P/V per process (roughly) */
    int choice_pct;   /* chance of a choice segment */
    int leak_pct;     /* chance a process ends holding something */
} rp_opts;

typedef struct rp_buf {
    char *s;
    size_t n, cap;
} rp_buf;

static inline void rp_put(rp_buf *b, const char *t)
{
    size_t k = strlen(t);
    if (b->n + k + 1 > b->cap) return; /* caller gives enough room */
    memcpy(b->s + b->n, t, k + 1);
    b->n += k;
}

/* A walk of about `ops` operations that ends holding what it held at the
 * start (balanced) unless leak; held[] is updated. */
static inline void rp_walk(rp_rng *r, rp_buf *b, int nres, int *held, int ops, int *first,
                           int leak)
{
    int start[8];
    memcpy(start, held, (size_t)nres * sizeof *held);
    char t[32];
    for (int k = 0; k < ops; k++) {
        int a = rp_below(r, nres);
        bool can_v = held[a] > start[a];
        bool is_p = !can_v || rp_below(r, 2);
        if (is_p && held[a] >= 2) continue;
        snprintf(t, sizeof t, "%s%c(r%d)", *first ? "" : ".", is_p ? 'P' : 'V', a);
        rp_put(b, t);
        *first = 0;
        held[a] += is_p ? 1 : -1;
    }
    if (leak) return;
    for (;;) { /* release the surplus in random order */
        int any = 0;
        for (int a = 0; a < nres; a++) any |= held[a] > start[a];
        if (!any) break;
        int a = rp_below(r, nres);
        if (held[a] <= start[a]) continue;
        snprintf(t, sizeof t, "%sV(r%d)", *first ? "" : ".", a);
        rp_put(b, t);
        *first = 0;
        held[a]--;
    }
}

/* Writes a random program into out (cap bytes); returns the number of
 * processes.  caps[] receives the capacities. */
static inline int rp_program(uint64_t seed, const rp_opts *o, char *out, size_t cap)
{
    rp_rng r = {seed * 0x9e3779b97f4a7c15ull + 1};
    for (int k = 0; k < 4; k++) rp_next(&r);
    rp_buf b = {out, 0, cap};
    out[0] = '\0';
    int nt = 2 + rp_below(&r, o->max_threads - 1);
    int nres = 1 + rp_below(&r, o->max_res);
    char t[64];
    rp_put(&b, "resource ");
    for (int a = 0; a < nres; a++) {
        int c = 1 + rp_below(&r, o->max_cap);
        snprintf(t, sizeof t, "%sr%d : %d", a ? ", " : "", a, c);
        rp_put(&b, t);
    }
    rp_put(&b, ";\n");
    for (int p = 0; p < nt; p++) {
        if (p) rp_put(&b, "\n| ");
        int held[8] = {0}, first = 1;
        int ops = 1 + rp_below(&r, o->max_ops);
        if (rp_below(&r, 100) < o->choice_pct) {
            /* prefix . (x + y) . suffix, x and y balanced */
            int pre = rp_below(&r, ops / 2 + 1);
            rp_walk(&r, &b, nres, held, pre, &first, 1);
            rp_put(&b, first ? "(" : ".(");
            int f2 = 1;
            rp_walk(&r, &b, nres, held, 1 + rp_below(&r, 2), &f2, 0);
            if (f2) rp_put(&b, "1");
            rp_put(&b, " + ");
            f2 = 1;
            if (rp_below(&r, 4)) rp_walk(&r, &b, nres, held, 1 + rp_below(&r, 2), &f2, 0);
            if (f2) rp_put(&b, "1");
            rp_put(&b, ")");
            first = 0;
            rp_walk(&r, &b, nres, held, rp_below(&r, 2), &first, rp_below(&r, 100) < o->leak_pct);
        } else {
            rp_walk(&r, &b, nres, held, ops, &first, rp_below(&r, 100) < o->leak_pct);
        }
        if (first) rp_put(&b, "1");
    }
    rp_put(&b, "\n");
    return nt;
}

#endif
