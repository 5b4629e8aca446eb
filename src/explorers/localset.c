/*
 * localset.c — the set of thread-local states a search reached, as
 * (thread, fingerprint) pairs, deduplicated (--local-states).  The DPOR
 * engine (dpor.c) fills it at every event; the tests of seed 002 Theorem 1
 * compare the sets that two searches write (tests/dpor).  Its own module so
 * that dpor.c and bounded.c do not call each other.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "../core/util.h"
#include "localset.h"
#include "tracecount.h"

typedef struct lstate {
    uint64_t lo, hi;
    uint16_t tid;
} lstate;

struct rv_localset {
    rv_tracecount *seen; /* dedup by (thread, fingerprint) */
    lstate *v;
    size_t n, cap;
};

rv_localset *rv_localset_new(void)
{
    rv_localset *s = rv_xcalloc(1, sizeof *s);
    s->seen = rv_tracecount_new();
    return s;
}

void rv_localset_add(rv_localset *s, uint16_t tid, uint64_t lo, uint64_t hi)
{
    rv_hash128 k = {lo ^ ((uint64_t)tid * 0x9e3779b97f4a7c15ull), hi ^ tid};
    if (!rv_tracecount_insert(s->seen, k)) return;
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 256;
        s->v = rv_xrealloc(s->v, s->cap * sizeof *s->v);
    }
    s->v[s->n++] = (lstate){lo, hi, tid};
}

static int cmp_lstate(const void *a, const void *b)
{
    const lstate *x = a, *y = b;
    if (x->tid != y->tid) return x->tid < y->tid ? -1 : 1;
    if (x->hi != y->hi) return x->hi < y->hi ? -1 : 1;
    if (x->lo != y->lo) return x->lo < y->lo ? -1 : 1;
    return 0;
}

/* One line per state: "thread fp_hi fp_lo", sorted, so that two searches
 * compare with diff/comm. */
int rv_localset_write(rv_localset *s, const char *path)
{
    qsort(s->v, s->n, sizeof *s->v, cmp_lstate);
    FILE *f = fopen(path, "w");
    if (!f) return -1;
    for (size_t i = 0; i < s->n; i++)
        fprintf(f, "%u %016" PRIx64 " %016" PRIx64 "\n", s->v[i].tid, s->v[i].hi, s->v[i].lo);
    return fclose(f) ? -1 : 0;
}

void rv_localset_free(rv_localset *s)
{
    if (!s) return;
    rv_tracecount_free(s->seen);
    free(s->v);
    free(s);
}
