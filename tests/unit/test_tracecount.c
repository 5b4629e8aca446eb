/*
 * test_tracecount.c — the Mazurkiewicz trace counter (the ground truth of
 * every reduction) against brute force.
 *
 * Random small programs: 2–3 threads, each a fixed sequence of 1–4 actions
 * (reads, writes and read-modify-writes of overlapping byte ranges, lock/
 * unlock sections, semaphore waits/posts, yields).  Every interleaving the
 * semantics allows (a lock waits for a free mutex, a wait for a positive
 * count) is enumerated.  Since each thread's actions are the same in every
 * interleaving, an event is named by (thread, index), and two interleavings
 * are the same trace iff they order every dependent pair of events the same
 * way.  That order vector is the independent ground truth: the number of
 * distinct rv_trace_key()s must equal the number of distinct vectors, and
 * two interleavings must get the same key iff they have the same vector.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/action.h"
#include "core/trace.h"
#include "explorers/tracecount.h"

static uint64_t rng;
static unsigned rnd(unsigned n)
{
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return (unsigned)(rng % n);
}

#define MT 3
#define ME 6
static int nt, len[MT];
static rv_action prog[MT][ME];

static rv_action mk(rv_kind k, unsigned t, uint64_t obj, uint64_t l)
{
    rv_action a;
    memset(&a, 0, sizeof a);
    a.kind = (uint8_t)k, a.tid = (uint16_t)t, a.ndom = 1, a.obj = obj, a.len = l;
    return a;
}

static void gen_program(void)
{
    static const uint64_t addr[] = {0x1000, 0x1004, 0x1000, 0x1008};
    static const uint64_t sz[] = {4, 4, 8, 4};
    nt = 2 + rnd(2);
    for (int t = 0; t < nt; t++) {
        int n = 0, want = 1 + rnd(4);
        while (n < want) {
            unsigned c = rnd(10);
            if (c < 5) {
                unsigned a = rnd(4);
                rv_kind k = c < 2 ? RV_ACT_READ : c < 4 ? RV_ACT_WRITE : RV_ACT_RMW;
                prog[t][n++] = mk(k, t + 1, addr[a], sz[a]);
            } else if (c < 7 && n + 2 <= ME) {
                uint64_t m = 0x2000 + 8 * rnd(2);
                prog[t][n++] = mk(RV_ACT_LOCK, t + 1, m, 0);
                if (rnd(2)) prog[t][n++] = mk(RV_ACT_WRITE, t + 1, 0x1000 + 4 * rnd(3), 4);
                prog[t][n++] = mk(RV_ACT_UNLOCK, t + 1, m, 0);
            } else if (c < 9) {
                prog[t][n++] = mk(rnd(2) ? RV_ACT_SEM_POST : RV_ACT_SEM_WAIT, t + 1, 0x3000, 0);
            } else {
                prog[t][n++] = mk(RV_ACT_YIELD, t + 1, 0, 0);
            }
        }
        len[t] = n;
    }
}

/* all events, numbered */
static int nev, ev_t[MT * ME], ev_i[MT * ME];
/* enumeration state */
static int pos[MT], owner[2], semcount, initial_sem;
static rv_event seq[MT * ME];
static int seqid[MT * ME], depth;
/* results: per interleaving, its order vector and its key */
#define MAXRUNS 200000
static int nruns;
static char (*vec)[MT * ME + MT * ME * MT * ME / 2 + 1];
static rv_hash128 *keys;
static rv_tracecount *tc;
static int sizeok;

static bool enabled(const rv_action *a)
{
    switch (a->kind) {
    case RV_ACT_LOCK:
        return owner[(a->obj - 0x2000) / 8] == 0;
    case RV_ACT_SEM_WAIT:
        return semcount > 0;
    default:
        return true;
    }
}
static void apply(const rv_action *a, int dir)
{
    switch (a->kind) {
    case RV_ACT_LOCK:
        owner[(a->obj - 0x2000) / 8] = dir > 0 ? a->tid : 0;
        break;
    case RV_ACT_UNLOCK:
        owner[(a->obj - 0x2000) / 8] = dir > 0 ? 0 : a->tid;
        break;
    case RV_ACT_SEM_WAIT:
        semcount -= dir;
        break;
    case RV_ACT_SEM_POST:
        semcount += dir;
        break;
    }
}

static void record(void)
{
    if (nruns >= MAXRUNS) {
        sizeok = 0;
        return;
    }
    int where[MT * ME];
    for (int i = 0; i < nev; i++) where[i] = -1;
    for (int i = 0; i < depth; i++) where[seqid[i]] = i;
    int k = 0;
    /* which events ran (a blocked run stops early), then the pair orders */
    for (int a = 0; a < nev; a++) vec[nruns][k++] = where[a] < 0 ? '0' : '1';
    for (int a = 0; a < nev; a++)
        for (int b = a + 1; b < nev; b++) {
            char c = '-';
            if (ev_t[a] != ev_t[b] && where[a] >= 0 && where[b] >= 0 &&
                rv_dependent(&prog[ev_t[a]][ev_i[a]], &prog[ev_t[b]][ev_i[b]]))
                c = where[a] < where[b] ? '<' : '>';
            vec[nruns][k++] = c;
        }
    vec[nruns][k] = 0;
    keys[nruns] = rv_trace_key(tc, seq, (size_t)depth);
    rv_tracecount_insert(tc, keys[nruns]);
    nruns++;
}

static void explore(void)
{
    bool any = false;
    uint64_t en = 0;
    for (int t = 0; t < nt; t++)
        if (pos[t] < len[t] && enabled(&prog[t][pos[t]])) en |= 1ull << (t + 1);
    for (int t = 0; t < nt; t++) {
        if (pos[t] >= len[t] || !enabled(&prog[t][pos[t]])) continue;
        any = true;
        const rv_action *a = &prog[t][pos[t]];
        memset(&seq[depth], 0, sizeof seq[depth]);
        seq[depth].act = *a;
        seq[depth].enabled = en;
        int id = 0;
        for (int u = 0; u < t; u++) id += len[u];
        seqid[depth] = id + pos[t];
        apply(a, +1);
        pos[t]++, depth++;
        explore();
        depth--, pos[t]--;
        apply(a, -1);
    }
    if (!any) record(); /* maximal: everything done, or blocked */
}

static int cmpstr(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(void)
{
    vec = malloc(sizeof *vec * MAXRUNS);
    keys = malloc(sizeof *keys * MAXRUNS);
    char **sorted = malloc(sizeof *sorted * MAXRUNS);
    int bad = 0, cases = 0;
    char why[600] = "";
    for (int c = 0; c < 400; c++) {
        rng = 0x9e3779b97f4a7c15ull * (uint64_t)(c + 1);
        gen_program();
        nev = 0;
        for (int t = 0; t < nt; t++)
            for (int i = 0; i < len[t]; i++) ev_t[nev] = t, ev_i[nev] = i, nev++;
        initial_sem = (int)rnd(2);
        semcount = initial_sem;
        memset(pos, 0, sizeof pos);
        memset(owner, 0, sizeof owner);
        depth = 0, nruns = 0, sizeok = 1;
        tc = rv_tracecount_new();
        explore();
        if (!sizeok) {
            rv_tracecount_free(tc);
            continue;
        }
        cases++;
        /* distinct vectors */
        for (int r = 0; r < nruns; r++) sorted[r] = vec[r];
        qsort(sorted, (size_t)nruns, sizeof *sorted, cmpstr);
        uint64_t distinct = nruns ? 1 : 0;
        for (int r = 1; r < nruns; r++) distinct += strcmp(sorted[r - 1], sorted[r]) != 0;
        uint64_t got = rv_tracecount_size(tc);
        int wrong = got != distinct;
        /* same key iff same vector (quadratic, the cases are small) */
        for (int a = 0; a < nruns && !wrong && nruns <= 3000; a++)
            for (int b = a + 1; b < nruns; b++) {
                bool sk = keys[a].lo == keys[b].lo && keys[a].hi == keys[b].hi;
                bool sv = strcmp(vec[a], vec[b]) == 0;
                if (sk != sv) {
                    wrong = 1;
                    break;
                }
            }
        if (wrong && !bad++)
            snprintf(why, sizeof why,
                     "case %d: %d threads, %d interleavings, %llu traces by "
                     "brute force, rv_tracecount says %llu",
                     c, nt, nruns, (unsigned long long)distinct, (unsigned long long)got);
        rv_tracecount_free(tc);
    }
    if (bad)
        printf("FAIL unit/tracecount-vs-brute-force: %d of %d cases wrong, first: %s\n", bad, cases,
               why);
    else if (cases < 300)
        printf("FAIL unit/tracecount-vs-brute-force: only %d cases ran\n", cases);
    else
        printf("PASS unit/tracecount-vs-brute-force\n");
    fflush(stdout);
    free(vec);
    free(keys);
    free(sorted);
    return 0;
}
