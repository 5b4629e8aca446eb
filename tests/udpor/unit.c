/*
 * unit.c — differential tests of UDPOR against brute force on random mock
 * programs.
 *
 * Oracle: a DFS over every schedule (every enabled thread and every value
 * choice at every step) folds each maximal execution to its Mazurkiewicz
 * trace under rv_dependent(): the lexicographically least linearisation (by
 * thread id) of its dependency order, hashed.  The number of distinct keys
 * is the number of traces.  UDPOR without cutoffs and with exact
 * alternatives must explore exactly that many executions, none blocked,
 * no two of the same trace (checked with the explorer's own trace counter),
 * and find the same errors.
 *
 * usage: unit MODE FIRST COUNT
 *   exact   — optimality on COUNT random programs from seed FIRST
 *   kpart   — k = 1, 2: at least as many executions as traces, every trace
 *   cutoff  — with cutoffs: same errors/deadlocks, never more executions
 *   loops   — non-terminating finite-state programs (2 threads) terminate
 *             with cutoffs, exhaustively
 *   loops3  — the same with 2 or 3 threads (known gap: some do not end)
 *   spins   — straight-line programs with spin-waits, some of which can
 *             never end: with cutoffs the exploration ends, exhaustively,
 *             and every non-termination reported is a fair cycle in the
 *             mock's exact state (lasso_holds; loops and loops3 check it
 *             too)
 *   memh    — the memory image hash (core/trace.h rv_memh) on random
 *             writes: the software and PCLMULQDQ paths agree, a range's
 *             hash is the XOR of its pieces', the changes of random writes
 *             of any widths and overlaps XOR to H(after) ^ H(before) of the
 *             whole image, and a one-byte difference changes it
 * A mode ending in -gc bounds the event cache to 1 byte; one ending in
 * -deep (after -gc) runs udpor with --deepen=4 (passes with executions
 * stopped after 4, 8, 16, ... events; "never more executions" then holds
 * for the last pass); one ending in -least (after -deep) with
 * --schedule-policy=least.
 * `unit prodcons a|b BOUND [KEEP [GRAN]]` (with the suffixes) runs seed
 * 001's PRODCONS in the mock's exact notion of state (mock_prodcons).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "explorers/explorer.h"
#include "mock.h"

typedef struct keyset {
    rv_hash128 *k;
    size_t n, cap;
} keyset;

/* Open-addressing set of 128-bit keys (k[].lo == 0 && hi == 0: empty). */
static bool ks_add(keyset *s, rv_hash128 h)
{
    if (!h.lo && !h.hi) h.lo = 1;
    if (2 * (s->n + 1) > s->cap) {
        keyset o = *s;
        s->cap = s->cap ? 2 * s->cap : 256;
        s->k = rv_xcalloc(s->cap, sizeof *s->k);
        s->n = 0;
        for (size_t i = 0; i < o.cap; i++)
            if (o.k[i].lo || o.k[i].hi) ks_add(s, o.k[i]);
        free(o.k);
    }
    size_t i = h.lo & (s->cap - 1);
    while (s->k[i].lo || s->k[i].hi) {
        if (s->k[i].lo == h.lo && s->k[i].hi == h.hi) return false;
        i = (i + 1) & (s->cap - 1);
    }
    s->k[i] = h;
    s->n++;
    return true;
}

static bool ks_has(const keyset *s, rv_hash128 h)
{
    if (!h.lo && !h.hi) h.lo = 1;
    if (!s->cap) return false;
    size_t i = h.lo & (s->cap - 1);
    while (s->k[i].lo || s->k[i].hi) {
        if (s->k[i].lo == h.lo && s->k[i].hi == h.hi) return true;
        i = (i + 1) & (s->cap - 1);
    }
    return false;
}

/* Canonical key: lexicographically least linearisation by thread id. */
static rv_hash128 trace_key(const rv_trace *t)
{
    size_t n = t->n;
    uint32_t *npre = rv_xcalloc(n + 1, sizeof *npre);
    bool *done = rv_xcalloc(n + 1, 1);
    uint64_t *tok = rv_xmalloc((3 * n + 2) * sizeof *tok);
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < i; j++)
            if (rv_dependent(&t->ev[j].act, &t->ev[i].act)) npre[i]++;
    size_t m = 0;
    for (size_t step = 0; step < n; step++) {
        size_t best = n;
        for (size_t i = 0; i < n; i++)
            if (!done[i] && !npre[i] && (best == n || t->ev[i].act.tid < t->ev[best].act.tid))
                best = i;
        done[best] = true;
        for (size_t i = best + 1; i < n; i++)
            if (rv_dependent(&t->ev[best].act, &t->ev[i].act)) npre[i]--;
        const rv_action *a = &t->ev[best].act;
        tok[m++] = a->tid | (uint64_t)a->kind << 16;
        tok[m++] = a->obj;
        tok[m++] = a->arg; /* the result names the event; a signal's val is only an index */
    }
    tok[m++] = t->end;
    rv_hash128 h = rv_hash(tok, m * sizeof *tok);
    free(npre);
    free(done);
    free(tok);
    return h;
}

/* An error's identity: kind and place (deadlock: where threads are stuck). */
static rv_hash128 error_key(const rv_trace *t)
{
    uint64_t *w = malloc((2 + t->nthreads) * sizeof *w);
    w[0] = t->end;
    w[1] = t->err_pc;
    size_t m = 2;
    if (t->end == RV_END_DEADLOCK)
        for (unsigned i = 0; i < t->nthreads; i++)
            if (t->threads[i].state == RV_T_LIVE) w[m++] = t->threads[i].pending_pc;
    rv_hash128 h = rv_hash(w, m * sizeof *w);
    free(w);
    return h;
}

static keyset *diff_seen;
static void print_trace(const rv_trace *t);

typedef struct bf {
    rv_backend *b;
    keyset traces, errors;
    uint64_t execs, cap;
    rv_trace tr;
} bf;

static void bf_run(bf *s, rv_step *pre, size_t n, bool vals_of_last)
{
    if (s->execs > s->cap) return;
    rv_execute(s->b, pre, n, RV_POLICY_FIRST, &s->tr);
    s->execs++;
    rv_trace t;
    rv_trace_init(&t);
    rv_trace_copy(&t, &s->tr);
    if (t.end == RV_END_DIVERGED || t.end == RV_END_EVENT_LIMIT) {
        s->execs = s->cap + 1; /* not a usable program for the oracle */
        rv_trace_free(&t);
        return;
    }
    ks_add(&s->traces, trace_key(&t));
    if (rv_end_is_bug(t.end)) ks_add(&s->errors, error_key(&t));
    rv_step *p = rv_xmalloc((t.n + 1) * sizeof *p);
    rv_trace_schedule(&t, t.n, p);
    if (vals_of_last && n > 0)
        for (uint32_t v = 1; v < t.ev[n - 1].act.ndom; v++) {
            p[n - 1].val = v;
            bf_run(s, p, n, false);
        }
    rv_trace_schedule(&t, t.n, p);
    for (size_t i = n; i < t.n; i++) {
        const rv_event *e = &t.ev[i];
        for (uint32_t v = 1; v < e->act.ndom; v++) {
            p[i] = (rv_step){.tid = e->act.tid, .val = v};
            bf_run(s, p, i + 1, false);
        }
        for (unsigned u = 0; u < 64; u++) {
            if (u == e->act.tid || !((e->enabled >> u) & 1)) continue;
            p[i] = (rv_step){.tid = (uint16_t)u, .val = 0};
            bf_run(s, p, i + 1, true);
        }
        p[i] = (rv_step){.tid = e->act.tid, .val = e->val};
    }
    free(p);
    rv_trace_free(&t);
}

static void bf_missing(bf *s, rv_step *pre, size_t n, bool vals_of_last)
{
    if (s->execs > s->cap) return;
    rv_execute(s->b, pre, n, RV_POLICY_FIRST, &s->tr);
    s->execs++;
    rv_trace t;
    rv_trace_init(&t);
    rv_trace_copy(&t, &s->tr);
    if (t.end == RV_END_DIVERGED || t.end == RV_END_EVENT_LIMIT) {
        s->execs = s->cap + 1; /* not a usable program for the oracle */
        rv_trace_free(&t);
        return;
    }
    if (ks_add(&s->traces, trace_key(&t)) && !ks_has(diff_seen, trace_key(&t))) {
        printf("# missing:\n");
        print_trace(&t);
    }
    if (rv_end_is_bug(t.end)) ks_add(&s->errors, error_key(&t));
    rv_step *p = rv_xmalloc((t.n + 1) * sizeof *p);
    rv_trace_schedule(&t, t.n, p);
    if (vals_of_last && n > 0)
        for (uint32_t v = 1; v < t.ev[n - 1].act.ndom; v++) {
            p[n - 1].val = v;
            bf_missing(s, p, n, false);
        }
    rv_trace_schedule(&t, t.n, p);
    for (size_t i = n; i < t.n; i++) {
        const rv_event *e = &t.ev[i];
        for (uint32_t v = 1; v < e->act.ndom; v++) {
            p[i] = (rv_step){.tid = e->act.tid, .val = v};
            bf_missing(s, p, i + 1, false);
        }
        for (unsigned u = 0; u < 64; u++) {
            if (u == e->act.tid || !((e->enabled >> u) & 1)) continue;
            p[i] = (rv_step){.tid = (uint16_t)u, .val = 0};
            bf_missing(s, p, i + 1, true);
        }
        p[i] = (rv_step){.tid = e->act.tid, .val = e->val};
    }
    free(p);
    rv_trace_free(&t);
}

typedef struct result {
    uint64_t execs, blocked, traces, events, cutoffs;
    uint64_t nonterm, bad_nonterm; /* non-termination reports, and those lasso_holds refuted */
    uint64_t last_execs;           /* executions of the last pass (--deepen) */
    keyset errors;
    bool exhaustive;
    char why[256];
} result;

/* Modes with the suffix "-gc" bound the event cache to 1 byte: Remove
 * discards G after every alternative (src/unfolding/remove.c). */
static uint64_t cache_bytes;
static bool least_first; /* modes ending in -least: --schedule-policy=least */
static uint64_t deepen;  /* modes ending in -deep: --deepen=4 (-least comes after it) */
static uint64_t tot_evicted, tot_removes;
static uint64_t tot_nonterm; /* non-termination reports checked by lasso_holds (loops) */

/* Run the first n steps of sched on a fresh execution of prog and stop:
 * the state reached, and whether a thread outside `cyc` (a flag per
 * thread) is enabled there. */
static rv_hash128 state_after(const mprog *prog, const rv_step *sched, size_t n, const bool *cyc,
                              bool *other_enabled)
{
    rv_backend *b = mock_open(prog);
    rv_trace tr;
    rv_trace_init(&tr);
    rv_execute(b, sched, n, RV_POLICY_STOP, &tr);
    *other_enabled = tr.end != RV_END_PREFIX;
    for (unsigned v = 0; v < tr.nthreads; v++)
        if (!cyc[v] && tr.threads[v].state == RV_T_LIVE && tr.threads[v].enabled)
            *other_enabled = true;
    rv_hash128 h = mock_state(b);
    rv_trace_free(&tr);
    b->ops->destroy(b);
    return h;
}

/* A non-termination report checked against the mock's exact state
 * (issue 28 part 3, src/unfolding/lasso.c): its trace is G0 followed by
 * the cycle S, its last t->cycle events; the state after G0 · S must be
 * the one after G0, and no thread outside S may be enabled after G0 nor
 * after any prefix of S.  Then G0 · S · S · ... is an infinite execution
 * in which the threads of S run forever and no other can ever run. */
static bool lasso_holds(const mprog *prog, const rv_error *e)
{
    const rv_trace *t = e->trace;
    if (!t || t->end != RV_END_NONTERM || !t->cycle || t->cycle > t->n) return false;
    size_t n = t->n, ng = n - t->cycle;
    bool cyc[MOCK_MAXT] = {false};
    rv_step *g = rv_xmalloc((n + 1) * sizeof *g);
    for (size_t k = 0; k < n; k++) {
        g[k] = (rv_step){.tid = t->ev[k].act.tid, .val = t->ev[k].val};
        if (k >= ng && t->ev[k].act.tid < MOCK_MAXT) cyc[t->ev[k].act.tid] = true;
    }
    bool other;
    rv_hash128 h0 = state_after(prog, g, ng, cyc, &other);
    bool ok = !other;
    for (size_t j = ng + 1; ok && j <= n; j++) {
        rv_hash128 h = state_after(prog, g, j, cyc, &other);
        ok = j == n ? h.lo == h0.lo && h.hi == h0.hi : !other;
    }
    free(g);
    return ok;
}

static void run_udpor(const mprog *prog, bool cutoffs, unsigned k, uint64_t max_events, result *r)
{
    rv_backend *b = mock_open(prog);
    b->limits.max_events = max_events;
    rv_options opt = {.algo = "udpor",
                      .count_traces = true,
                      .keep_going = true,
                      .cutoffs = cutoffs,
                      .alt_k = k,
                      .cache_bytes = cache_bytes,
                      .least_first = least_first,
                      .deepen = deepen};
    rv_explore x;
    rv_explore_init(&x, b, &opt);
    rv_algo_udpor(&x);
    memset(r, 0, sizeof *r);
    r->execs = x.stats.executions;
    r->last_execs = x.stats.last_pass_executions;
    r->blocked = x.stats.blocked;
    r->traces = x.stats.traces;
    r->events = x.stats.events;
    r->cutoffs = x.stats.cutoffs;
    tot_evicted += x.stats.evicted;
    tot_removes += x.stats.removes;
    r->exhaustive = x.stats.exhaustive;
    snprintf(r->why, sizeof r->why, "%s", x.stats.incomplete_why);
    for (size_t i = 0; i < x.nerrors; i++) {
        ks_add(&r->errors, error_key(x.errors[i].trace));
        if (x.errors[i].kind != RV_END_NONTERM) continue;
        r->nonterm++;
        r->bad_nonterm += !lasso_holds(prog, &x.errors[i]);
    }
    rv_explore_free(&x);
    b->ops->destroy(b);
}

static bool same_set(const keyset *a, const keyset *b)
{
    if (a->n != b->n) return false;
    for (size_t i = 0; i < a->cap; i++)
        if ((a->k[i].lo || a->k[i].hi) && !ks_has(b, a->k[i])) return false;
    return true;
}

/* Brute force; false if the program is too big for the oracle. */
static bool oracle(const mprog *p, bf *s)
{
    memset(s, 0, sizeof *s);
    s->b = mock_open(p);
    s->b->limits.max_events = 200;
    s->cap = 20000;
    rv_trace_init(&s->tr);
    bf_run(s, NULL, 0, false);
    rv_trace_free(&s->tr);
    s->b->ops->destroy(s->b);
    return s->execs <= s->cap;
}

static int check_exact(uint64_t seed, unsigned k, bool cutoffs, uint64_t *tot_traces,
                       uint64_t *tot_execs)
{
    mprog p;
    mock_random(&p, seed, 0);
    bf s;
    if (!oracle(&p, &s)) {
        free(s.traces.k);
        free(s.errors.k);
        return -1; /* skipped */
    }
    result r;
    run_udpor(&p, cutoffs, k, 200, &r);
    int bad = 0;
    const char *why = "";
    if (!r.exhaustive)
        bad = 1, why = r.why;
    else if (!cutoffs && !k && r.execs != s.traces.n)
        bad = 1, why = "executions != traces";
    else if (!cutoffs && !k && r.blocked)
        bad = 1, why = "blocked executions";
    else if (!cutoffs && r.traces != s.traces.n)
        bad = 1, why = "traces covered != traces";
    else if (r.traces != r.execs && !k && !cutoffs)
        bad = 1, why = "an execution repeated a trace";
    else if (cutoffs && r.last_execs > s.traces.n)
        bad = 1, why = "more executions with cutoffs"; /* in a pass (--deepen: the passes add up) */
    else if (!same_set(&r.errors, &s.errors))
        bad = 1, why = "different errors";
    if (bad) {
        printf(
            "# seed %llu: %s: udpor execs %llu blocked %llu traces %llu errors %zu; oracle traces "
            "%zu errors %zu (interleavings %llu)\n",
            (unsigned long long)seed, why, (unsigned long long)r.execs,
            (unsigned long long)r.blocked, (unsigned long long)r.traces, r.errors.n, s.traces.n,
            s.errors.n, (unsigned long long)s.execs);
        mock_print(&p);
    }
    *tot_traces += s.traces.n;
    *tot_execs += r.execs;
    free(s.traces.k);
    free(s.errors.k);
    free(r.errors.k);
    return bad;
}

/* Loop programs: with cutoffs the exploration terminates, is exhaustive,
 * and finds every error the (bounded) oracle finds. */
static int check_loop(uint64_t seed, int kind, uint64_t *tot_execs)
{
    mprog p;
    mock_random(&p, seed, kind);
    result r;
    run_udpor(&p, true, 0, 400, &r);
    *tot_execs += r.execs;
    tot_nonterm += r.nonterm;
    int bad = !r.exhaustive || r.bad_nonterm;
    if (r.bad_nonterm) {
        printf(
            "# loop seed %llu: %llu of %llu non-termination reports refuted by the mock's state\n",
            (unsigned long long)seed, (unsigned long long)r.bad_nonterm,
            (unsigned long long)r.nonterm);
        mock_print(&p);
    }
    if (!r.exhaustive) {
        printf("# loop seed %llu: not exhaustive (%s), execs %llu events %llu cutoffs %llu\n",
               (unsigned long long)seed, r.why, (unsigned long long)r.execs,
               (unsigned long long)r.events, (unsigned long long)r.cutoffs);
        mock_print(&p);
    }
    free(r.errors.k);
    return bad;
}

/* ---- diff: the traces brute force finds and UDPOR does not (debugging) */

typedef struct proxy {
    rv_backend b;
    rv_backend *in;
    keyset seen;
} proxy;

static int proxy_exec(rv_backend *b, const rv_step *p, size_t n, rv_policy pol, rv_trace *out)
{
    proxy *x = (proxy *)b;
    x->in->limits = b->limits;
    int r = rv_execute(x->in, p, n, pol, out);
    ks_add(&x->seen, trace_key(out));
    if (getenv("UNIT_SHOW")) {
        char buf[96];
        printf("# exec (prefix %zu):", n);
        for (size_t i = 0; i < out->n; i++)
            printf(" t%u:%s", out->ev[i].act.tid, rv_action_str(&out->ev[i].act, buf, sizeof buf));
        printf(" [%s]\n", rv_end_name(out->end));
    }
    return r;
}

static void print_trace(const rv_trace *t)
{
    char buf[128];
    for (size_t i = 0; i < t->n; i++)
        printf("#   t%u %s val %u\n", t->ev[i].act.tid,
               rv_action_str(&t->ev[i].act, buf, sizeof buf), t->ev[i].val);
    printf("#   end %s\n", rv_end_name(t->end));
}

static void bf_missing(bf *s, rv_step *pre, size_t n, bool vals_of_last);

static int diff(uint64_t seed)
{
    mprog p;
    mock_random(&p, seed, 0);
    mock_print(&p);
    static const rv_backend_ops ops = {.execute = proxy_exec};
    proxy px = {.b = {.ops = &ops, .name = "proxy"}, .in = mock_open(&p)};
    rv_options opt = {.algo = "udpor", .keep_going = true, .cache_bytes = cache_bytes};
    rv_explore x;
    rv_explore_init(&x, &px.b, &opt);
    rv_algo_udpor(&x);
    printf("# udpor executions %llu\n", (unsigned long long)x.stats.executions);
    rv_explore_free(&x);
    diff_seen = &px.seen;
    bf s;
    memset(&s, 0, sizeof s);
    s.b = px.in;
    s.cap = 20000;
    rv_trace_init(&s.tr);
    bf_missing(&s, NULL, 0, false);
    return 0;
}

/* rv_memh's contract on the random writes of one seed (see the header). */
static int check_memh(uint64_t seed)
{
    enum { N = 96 };
    uint64_t x = seed * 0x9e3779b97f4a7c15ull + 1;
#define RND() (x ^= x << 13, x ^= x >> 7, x ^= x << 17, x)
    unsigned char mem[N], init[N];
    uint64_t base = 0x7f0000001000ull + (RND() & 0xfff);
    for (int i = 0; i < N; i++) mem[i] = init[i] = (unsigned char)RND();
    rv_memh sum = {0, 0};
    const char *bad = NULL;
    for (int w = 0; w < 40 && !bad; w++) {
        size_t a = RND() % N, n = 1 + RND() % (N - a);
        rv_memh before = rv_memh_range(base + a, mem + a, n);
        rv_memh soft = rv_memh_range_soft(base + a, mem + a, n);
        size_t c = RND() % (n + 1);
        rv_memh p1 = rv_memh_range(base + a, mem + a, c);
        rv_memh p2 = rv_memh_range(base + a + c, mem + a + c, n - c);
        if (soft.lo != before.lo || soft.hi != before.hi) bad = "software and PCLMULQDQ differ";
        if ((p1.lo ^ p2.lo) != before.lo || (p1.hi ^ p2.hi) != before.hi)
            bad = "a range is not the XOR of its pieces";
        for (size_t i = 0; i < n; i++)
            if (RND() % 3) mem[a + i] = (unsigned char)RND(); /* some bytes stay */
        sum = rv_memh_xor(sum, rv_memh_xor(before, rv_memh_range(base + a, mem + a, n)));
    }
    rv_memh whole = rv_memh_xor(rv_memh_range(base, init, N), rv_memh_range(base, mem, N));
    if (!bad && (whole.lo != sum.lo || whole.hi != sum.hi))
        bad = "the writes' changes do not XOR to the image's";
    size_t k = RND() % N;
    mem[k] ^= (unsigned char)(1 + RND() % 255);
    rv_memh other = rv_memh_xor(rv_memh_range(base, init, N), rv_memh_range(base, mem, N));
    if (!bad && other.lo == whole.lo && other.hi == whole.hi) bad = "a changed byte hashes equal";
#undef RND
    if (bad) printf("# seed %llu: memh: %s\n", (unsigned long long)seed, bad);
    return bad != NULL;
}

int main(int argc, char **argv)
{
    if (argc < 4) return 2;
    setvbuf(stdout, NULL, _IOLBF, 0);
    char mode[32];
    snprintf(mode, sizeof mode, "%s", argv[1]);
    size_t ml = strlen(mode);
    if (ml > 6 && !strcmp(mode + ml - 6, "-least")) { /* --schedule-policy=least */
        mode[ml -= 6] = 0;
        least_first = true;
    }
    if (ml > 5 && !strcmp(mode + ml - 5, "-deep")) { /* --deepen=4: many passes */
        mode[ml -= 5] = 0;
        deepen = getenv("UNIT_DEEPEN") ? strtoull(getenv("UNIT_DEEPEN"), NULL, 10) : 4;
    }
    if (ml > 3 && !strcmp(mode + ml - 3, "-gc")) {
        mode[ml - 3] = 0;
        cache_bytes = 1;
    }
    if (!strcmp(mode, "prodcons")) { /* prodcons a|b BOUND [KEEP [GRAN]]: one run's numbers */
        mprog p;
        mock_prodcons(&p, argv[2][0], atoi(argv[3]), argc > 4 && atoi(argv[4]),
                      argc > 5 ? atoi(argv[5]) : 0);
        result r;
        run_udpor(&p, true, 0, 400, &r);
        printf("prodcons %s bound %s gran %s%s%s%s: executions %llu (last pass %llu) events %llu "
               "cutoffs %llu exhaustive %d\n",
               argv[2], argv[3], argc > 5 ? argv[5] : "0", argc > 4 && atoi(argv[4]) ? " keep" : "",
               deepen ? " deep" : "", least_first ? " least" : "", (unsigned long long)r.execs,
               (unsigned long long)r.last_execs, (unsigned long long)r.events,
               (unsigned long long)r.cutoffs, r.exhaustive);
        free(r.errors.k);
        return r.exhaustive ? 0 : 1;
    }
    uint64_t first = strtoull(argv[2], NULL, 10), count = strtoull(argv[3], NULL, 10);
    unsigned fails = 0, skipped = 0, done = 0;
    uint64_t tt = 0, te = 0;
    for (uint64_t sd = first; sd < first + count; sd++) {
        int r;
        if (!strcmp(mode, "exact"))
            r = check_exact(sd, 0, false, &tt, &te);
        else if (!strcmp(mode, "k1"))
            r = check_exact(sd, 1, false, &tt, &te);
        else if (!strcmp(mode, "k2"))
            r = check_exact(sd, 2, false, &tt, &te);
        else if (!strcmp(mode, "cutoff"))
            r = check_exact(sd, 0, true, &tt, &te);
        else if (!strcmp(mode, "loops"))
            r = check_loop(sd, 1, &te);
        else if (!strcmp(mode, "loops3"))
            r = check_loop(sd, 2, &te);
        else if (!strcmp(mode, "spins"))
            r = check_loop(sd, 3, &te);
        else if (!strcmp(mode, "diff"))
            r = diff(sd);
        else if (!strcmp(mode, "memh"))
            r = check_memh(sd);
        else
            return 2;
        if (r < 0)
            skipped++;
        else
            done++, fails += (unsigned)r;
    }
    printf("# %s%s%s%s: %u programs checked, %u skipped (too big for brute force), %u failed; "
           "traces %llu, udpor executions %llu",
           mode, cache_bytes ? "-gc" : "", deepen ? "-deep" : "", least_first ? "-least" : "", done,
           skipped, fails, (unsigned long long)tt, (unsigned long long)te);
    if (cache_bytes)
        printf("; G discarded %llu times, %llu events freed", (unsigned long long)tot_removes,
               (unsigned long long)tot_evicted);
    if (tot_nonterm)
        printf("; %llu non-termination reports checked against the mock's state",
               (unsigned long long)tot_nonterm);
    printf("\n");
    return fails ? 1 : 0;
}
