/*
 * udpor.c — unfolding-based partial-order reduction: Algorithm 1 of seed 001
 * (Explore(C, D, A), Extend, Alt), iterative over executions as in seed 004
 * §3.7, with exact or k-partial alternatives and cutoffs (seed 001 §5.2).
 *
 * The recursion of Alg. 1 along one execution is a stack of levels: level i
 * is the call Explore(C_i, D_i, A_i) with C_i = cur[0..i) and chosen event
 * e_i = cur[i].  D_i is the union of dadd over levels 0..i: a level's dadd
 * holds the events it added at line 11 (D ∪ {e}); deeper levels inherit it
 * (line 9 passes D unchanged).  After an execution reaches a maximal
 * configuration, Extend (line 14) adds the conflicting extensions of every
 * prefix at once; then, deepest level first, line 10 looks for an
 * alternative J ∈ Alt(C_i, D_i ∪ {e_i}); if there is one, the next
 * execution replays C_i and J \ C_i (the A of line 11, chosen first by
 * line 8) and continues freely (line 6), else the level returns.
 * Once J is included every event of D is in conflict with C (Def. 8), so the
 * backend's free choice never picks one; with k-partial alternatives it may,
 * and then another enabled event of U is tried, and if every enabled event
 * is in D the execution is sleep-set blocked (counted, seed 001 §4).
 *
 * Cutoffs (seed 001 §5.2) are decided while an execution is mapped; the
 * events above them are never interned, executions run with an event
 * budget, and a pruned execution is continued by line 6 (settle()).
 *
 * Deepening (--deepen=N; docs/UDPOR.md "Deepening"): the exploration runs
 * in passes whose executions stop after N, 2N, 4N, ... events, until a
 * pass stops none; that pass is the answer.  The table of each state's
 * ◁-least configuration seen passes from one pass to the next, so the
 * last one decides cutoffs against the small configurations the short
 * passes met (each was executed: a witness of eq. (7) like any other).
 *
 * Remove (lines 15-18): U and the cache G share one table; when it outgrows
 * --cache-mb, everything outside Q_{C,D,U} of the call about to be made is
 * discarded (collect_garbage(), src/unfolding/remove.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/util.h"
#include "../unfolding/unfolding.h"
#include "explorer.h"

typedef struct level {
    rv_uevent **d; /* events this level added to D (Alg. 1 line 11) */
    size_t n, cap;
} level;

typedef struct udpor {
    rv_explore *x;
    rv_unf u;
    level *lv;
    size_t nlv, caplv;
    size_t *nz; /* the levels with a non-empty dadd, increasing (issue 11:
                 * D is gathered in O(|D|), not O(levels), per level) */
    size_t nnz, capnz;
    /* one backtracking sweep's D (sweep_d): the dadd of the levels nz[z],
     * in that order, dcum[z] = how many come from nz[0..z]; one slot more
     * for e_i */
    rv_uevent **dbuf;
    size_t capdbuf;
    size_t *dcum;
    size_t capdcum;
    rv_trace tr, obs;
    rv_step *sched;
    size_t nsched, capsched;
    rv_uevent **expect; /* events the prefix must reproduce */
    size_t nexpect, capexpect;
    double usum;
    uint64_t nmax;
    uint64_t gc_at;   /* discard G when the unfolding's bytes exceed this */
    uint64_t budget;  /* events an execution may run past its prefix (cutoffs only) */
    uint64_t avoid;   /* threads cut off in this branch: scheduled last */
    uint64_t horizon; /* deepening pass: executions stop after this many events (0: none) */
    bool trunc;       /* the last run stopped at the horizon */
    bool truncated;   /* some run of this pass did */
    bool unmapped;    /* the last execution was not mapped (unmapped_ok) */
    /* a cycle one of this branch's runs ended in (lasso.c): the trace up
     * to it, reported instead of the branch's maximal configuration */
    bool looped;
    rv_trace loop;
    /* enabled_outside_d's buckets and where it is in each */
    const rv_ubucket **cand;
    size_t capcand;
    uint32_t *candcur;
    size_t capcur;
} udpor;

static void lv_push(level *l, rv_uevent *e)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 4;
        l->d = rv_xrealloc(l->d, l->cap * sizeof *l->d);
    }
    l->d[l->n++] = e;
}

/* Alg. 1 line 11 at level i, the deepest level with events in D. */
static void d_push(udpor *p, size_t i, rv_uevent *e)
{
    if (!p->lv[i].n) {
        if (p->nnz == p->capnz) {
            p->capnz = p->capnz ? 2 * p->capnz : 16;
            p->nz = rv_xrealloc(p->nz, p->capnz * sizeof *p->nz);
        }
        p->nz[p->nnz++] = i;
    }
    lv_push(&p->lv[i], e);
}

static void lv_resize(udpor *p, size_t n)
{
    while (p->nnz && p->nz[p->nnz - 1] >= n) p->nnz--;
    if (n > p->caplv) {
        size_t c = p->caplv ? p->caplv : 64;
        while (c < n) c *= 2;
        p->lv = rv_xrealloc(p->lv, c * sizeof *p->lv);
        memset(p->lv + p->caplv, 0, (c - p->caplv) * sizeof *p->lv);
        p->caplv = c;
    }
    for (size_t i = n; i < p->nlv; i++) p->lv[i].n = 0;
    for (size_t i = p->nlv; i < n; i++) p->lv[i].n = 0;
    p->nlv = n;
}

/* D_i ∪ {e_i} as one array, oldest first. */
static rv_uevent **collect_d(udpor *p, size_t i, rv_uevent *e, size_t *n)
{
    size_t tot = 1;
    for (size_t z = 0; z < p->nnz && p->nz[z] <= i; z++) tot += p->lv[p->nz[z]].n;
    rv_uevent **d = rv_xmalloc(tot * sizeof *d);
    size_t m = 0;
    for (size_t z = 0; z < p->nnz && p->nz[z] <= i; z++)
        for (size_t q = 0; q < p->lv[p->nz[z]].n; q++) d[m++] = p->lv[p->nz[z]].d[q];
    if (e) d[m++] = e;
    *n = m;
    return d;
}

/* Fill dbuf/dcum for a backtracking sweep, which visits the levels from
 * the deepest down and so needs D_i = dbuf[0..dcum[z]) for the last z
 * with nz[z] <= i, a prefix of the deepest level's D (issue 11, eighth
 * pass: collect_d copied D into a new array once per level visited,
 * about 4% of the explorer's instructions on the philosophers). */
static void sweep_d(udpor *p)
{
    size_t tot = 0;
    if (p->nnz > p->capdcum) {
        p->capdcum = 2 * p->nnz;
        p->dcum = rv_xrealloc(p->dcum, p->capdcum * sizeof *p->dcum);
    }
    for (size_t z = 0; z < p->nnz; z++) p->dcum[z] = tot += p->lv[p->nz[z]].n;
    if (tot + 1 > p->capdbuf) {
        p->capdbuf = 2 * (tot + 1);
        p->dbuf = rv_xrealloc(p->dbuf, p->capdbuf * sizeof *p->dbuf);
    }
    size_t m = 0;
    for (size_t z = 0; z < p->nnz; z++)
        for (size_t q = 0; q < p->lv[p->nz[z]].n; q++) p->dbuf[m++] = p->lv[p->nz[z]].d[q];
}

/* D_i ∪ {e_i} for the deepest level i of a sweep (sweep_d): the levels
 * above i are gone, so nz holds only levels <= i, and the slot after D_i
 * (a deeper level's event, no longer needed) takes e_i. */
static rv_uevent **sweep_level_d(udpor *p, rv_uevent *e, size_t *n)
{
    size_t nd = p->nnz ? p->dcum[p->nnz - 1] : 0;
    p->dbuf[nd] = e;
    *n = nd + 1;
    return p->dbuf;
}

static bool in_d(udpor *p, size_t i, const rv_uevent *e)
{
    for (size_t z = 0; z < p->nnz && p->nz[z] <= i && p->nz[z] < p->nlv; z++)
        for (size_t q = 0; q < p->lv[p->nz[z]].n; q++)
            if (p->lv[p->nz[z]].d[q] == e) return true;
    return false;
}

static void set_prefix(udpor *p, size_t j, rv_uevent *const *J, size_t nj)
{
    size_t n = j + nj;
    if (n + 1 > p->capsched) {
        p->capsched = 2 * (n + 1);
        p->sched = rv_xrealloc(p->sched, p->capsched * sizeof *p->sched);
    }
    if (n + 1 > p->capexpect) {
        p->capexpect = 2 * (n + 1);
        p->expect = rv_xrealloc(p->expect, p->capexpect * sizeof *p->expect);
    }
    p->nsched = rv_unf_schedule(&p->u, j, J, nj, p->sched);
    for (size_t i = 0; i < n; i++) p->expect[i] = i < j ? p->u.cur[i] : J[i - j];
    p->nexpect = n;
}

/* Pending actions at the end are the threads' next actions, also when the
 * program stopped early (the stopping thread's next event is ERR). */
static bool pending_valid(rv_end e)
{
    return e != RV_END_DIVERGED && e != RV_END_INTERNAL && e != RV_END_PREFIX;
}

/* A thread that met a resource limit (a create past --max-threads, an
 * allocation past --max-memory) stopped before it announced its next
 * action: the pending action the runtime shows for it is the one it did
 * last.  Extending with it made a second create of the same thread, which
 * the next run could not replay (met once a free run gave way and reached
 * the limit in a run with a cutoff to continue). */
static void drop_stale_pending(rv_trace *t)
{
    if (t->end == RV_END_RESOURCE && t->err_tid < t->nthreads)
        t->threads[t->err_tid].pending.kind = RV_ACT_NONE;
}

/* An execution of many threads is reported unmapped when it is the
 * first and the last (--max-executions=1): its observation needs the
 * trace alone (a trace that ended at a limit is then reported as such,
 * where cutoffs might have made it complete: sound), and nothing else
 * would use the unfolding.  1,000 threads are mapped in about 1.5 s (the
 * mapping's clocks hold an entry per thread per event), 10,000 would need
 * 3 GB; up to udpor's default bound (RV_UNF_DEF_THREADS) every execution
 * is mapped, as it always was. */
static bool unmapped_ok(const udpor *p)
{
    return p->tr.nthreads > RV_UNF_DEF_THREADS && p->nexpect == 0 &&
           rv_explore_last_execution(p->x);
}

/* Run the current prefix, map it, and check that the prefix reproduced the
 * events it was built from.  Returns -1 on a backend failure. */
static int run_once(udpor *p)
{
    rv_explore *x = p->x;
    if (rv_execute(x->backend, p->sched, p->nsched,
                   x->opt->least_first ? RV_POLICY_LEAST : RV_POLICY_FIRST, &p->tr) != 0) {
        rv_explore_incomplete(x, p->tr.msg[0] ? p->tr.msg : "backend failure");
        return -1;
    }
    if (p->tr.end == RV_END_DIVERGED) {
        char d[sizeof p->tr.msg + 96];
        snprintf(d, sizeof d,
                 "%s; unless udpor's model of the synchronisation objects "
                 "disagrees with the runtime",
                 p->tr.msg);
        rv_explore_diverged(x, &p->tr, NULL, 0, d);
        return -1;
    }
    if (getenv("RV_UDPOR_DEBUG"))
        fprintf(stderr, "run: prefix %zu n %zu end %s\n", p->nsched, p->tr.n,
                rv_end_name(p->tr.end));
    p->unmapped = unmapped_ok(p);
    if (p->unmapped) return 0;
    rv_unf_map_trace(&p->u, &p->tr, x->opt->cutoffs);
    /* The prefix must reproduce the expected events (C_j in order, then J
     * in some causal order): each is in C now, or was cut (decided a
     * cutoff, or above one, only now that it ran). */
    rv_unf *u = &p->u;
    bool ok = true;
    for (size_t i = 0; ok && i < p->nexpect; i++) {
        rv_uevent *e = p->expect[i];
        ok = e->pos >= 0 || (x->opt->cutoffs && rv_unf_cutoff(u, e));
    }
    /* An expected event may turn out fatal (the program stops after it):
     * the execution is then a new one ending in its fatal twin x_f, and it
     * is a branch of Alg. 1 all the same: C_j ∪ J' ∪ {x_f} (J' the part of
     * J run before it) is an alternative too, since x_f conflicts with
     * every event of D (seed 001 Def. 8: all are concurrent with it). */
    if (!ok && u->ncur && rv_unf_is_err(u->cur[u->ncur - 1])) {
        u->epoch++;
        bool twin = false; /* the expected event that ran fatal is dead now */
        for (size_t i = 0; i < p->nexpect; i++) {
            p->expect[i]->mark = u->epoch;
            twin |= p->expect[i]->pos < 0 && p->expect[i]->dead;
        }
        /* without it the fatal event is not the one predicted (another
         * name: e.g. another result), and the same alternative would be
         * chosen again and again */
        ok = twin;
        for (size_t i = 0; ok && i + 1 < u->ncur; i++) ok = u->cur[i]->mark == u->epoch;
    }
    if (!ok && getenv("RV_UDPOR_DEBUG")) {
        char b[128];
        for (size_t i = 0; i < p->nexpect; i++)
            fprintf(stderr, "expect %u t%u %s npred %u\n", p->expect[i]->id, p->expect[i]->act.tid,
                    rv_action_str(&p->expect[i]->act, b, sizeof b), p->expect[i]->npred);
        for (size_t i = 0; i < u->ncur; i++)
            fprintf(stderr, "got    %u t%u %s npred %u\n", u->cur[i]->id, u->cur[i]->act.tid,
                    rv_action_str(&u->cur[i]->act, b, sizeof b), u->cur[i]->npred);
    }
    if (!ok && rv_explore_time_up(x)) return -1; /* cut at the --time-limit deadline */
    if (!ok) { /* name the first expected event that did not come back */
        size_t i = 0;
        while (i < p->nexpect &&
               (p->expect[i]->pos >= 0 || (x->opt->cutoffs && rv_unf_cutoff(u, p->expect[i]))))
            i++;
        rv_uevent *m = i < p->nexpect ? p->expect[i] : NULL;
        rv_explore_diverged(x, &p->tr, m ? &m->act : NULL, m ? m->pc : 0, NULL);
        return -1;
    }
    if (p->u.inconsistent) {
        rv_explore_incomplete(x, p->u.why);
        return -1;
    }
    return 0;
}

/* Budget past which an execution whose new part holds unique states
 * (rv_event.taint: changed without events) is not run longer. */
#define UNIQUE_BUDGET 4096

/* The part of the last execution past its prefix changed state without
 * events (its states are unique: no cutoff can end it).  A deep stack
 * (RV_TAINT_DEEP_STACK) does not count: a recursion that deep is better
 * run on to its overflow or --max-events (a linear cost since issue 11). */
static bool tail_unique(const udpor *p)
{
    for (size_t i = p->nexpect; i < p->tr.n; i++)
        if (p->tr.ev[i].taint & ~RV_TAINT_DEEP_STACK) return true;
    /* --memory=drf: a plain access in the prefix (a create's handle, a
     * field set before a spin) makes the tail's states unique too when
     * they lie above it; the unfolding has met such states */
    if (!(p->u.unique_why & RV_TAINT_PLAIN)) return false;
    for (size_t i = 0; i < p->nexpect && i < p->tr.n; i++)
        if (p->tr.ev[i].taint & RV_TAINT_PLAIN) return true;
    return false;
}

/* Run the prefix with an event budget.  With cutoffs, everything beyond a
 * cutoff is pruned anyway (seed 001 §5.2), so a non-terminating execution
 * need not run to --max-events: it runs `budget` events past its prefix,
 * and only if it got that far without reaching a cutoff is it run again
 * with four times the budget, up to --max-events.  Without cutoffs the
 * budget is off: every execution must reach its end. */
static int run(udpor *p)
{
    rv_limits *l = &p->x->backend->limits;
    p->trunc = false;
    bool whole = false; /* run to the end: no cutoff can be found */
    for (;;) {
        l->budget = p->x->opt->cutoffs && !whole ? p->nexpect + p->budget : 0;
        if (l->max_events && l->budget >= l->max_events) l->budget = 0;
        /* a deepening pass: never past the horizon, but always the prefix */
        uint64_t h = p->horizon > p->nexpect ? p->horizon : p->nexpect;
        bool at_h =
            p->horizon && (!l->budget || h < l->budget) && (!l->max_events || h < l->max_events);
        if (at_h) l->budget = h;
        l->avoid = p->avoid;
        /* giving way (sched.c) needs cutoffs to end the spin it cuts
         * short: once a state was met that cannot be cut (unique), every
         * execution of a spin-wait would only be one turn longer than the
         * one before, an endless series of short runs where lowest-first
         * reaches --max-events at once */
        l->give_way = p->x->opt->cutoffs && !p->u.unique_why;
        int r = run_once(p);
        if (r != 0 || !l->budget || p->tr.end != RV_END_EVENT_LIMIT || p->tr.n < l->budget)
            return r;
        if (at_h) {
            p->trunc = p->truncated = true;
            return 0;
        }
        if (p->unmapped) { /* cutoffs are found in the unfolding */
            whole = true;
            continue;
        }
        if (p->u.cutmask) return 0;
        if (p->budget >= UNIQUE_BUDGET && tail_unique(p)) {
            /* states that cannot be accounted for never repeat: a longer
             * run cannot reach a cutoff, only cost time (issue 10) */
            char why[sizeof p->x->stats.unique_states], msg[400];
            rv_unf_unique_str(p->u.unique_why, why, sizeof why);
            snprintf(msg, sizeof msg,
                     "an execution ran %llu events without a cutoff; its states are unique "
                     "(states after %s)",
                     (unsigned long long)p->tr.n, why);
            rv_explore_incomplete(p->x, msg);
            return 0;
        }
        p->budget *= 4;
    }
}

/* A thread of C stopped at a failed __VERIFIER_assume (its events were
 * not cut, so its end is C's): C is infeasible, as the run would have
 * been had the cutoff not ended it. */
static bool held_by_assume(const udpor *p)
{
    for (unsigned v = 0; v < p->tr.nthreads && v < RV_MASK_THREADS; v++)
        if (p->tr.threads[v].state == RV_T_ASSUME && !((p->u.cutmask >> v) & 1)) return true;
    return false;
}

/* Hand the execution to the explorer core.  An execution stopped at an
 * event limit after cutoffs pruned it explored a maximal configuration of
 * the cutoff-free prefix: it is reported as complete (seed 001 §5.2). */
static bool observe(udpor *p, bool cut)
{
    /* an unmapped execution is the whole explored prefix: its events */
    p->usum += p->unmapped ? (double)p->tr.n : (double)p->u.n;
    p->nmax++;
    if (p->looped) { /* the branch's end is the cycle: non-termination */
        p->looped = false;
        return rv_observe(p->x, &p->loop);
    }
    /* only the event budget: a run stopped by another limit (a resource,
     * the time) did not end because of the cutoff */
    if (cut && p->tr.end == RV_END_EVENT_LIMIT) {
        rv_trace_reset(&p->obs);
        for (size_t i = 0; i < p->u.ncur; i++) {
            rv_event *ev = rv_trace_push(&p->obs);
            const rv_uevent *e = p->u.cur[i];
            ev->act = e->act;
            ev->val = e->val;
            ev->pc = e->pc;
        }
        p->obs.end = held_by_assume(p) ? RV_END_INFEASIBLE : RV_END_COMPLETE;
        /* what the run did not stand for (values drawn from a sampled
         * domain, a create held at --thread-bound) holds for C too:
         * without it a bounded run said "exhaustive" */
        p->obs.nonexhaustive = p->tr.nonexhaustive;
        memcpy(p->obs.unexplored, p->tr.unexplored, sizeof p->obs.unexplored);
        return rv_observe(p->x, &p->obs);
    }
    return rv_observe(p->x, &p->tr);
}

/* e is enabled at C_i, outside it, not a cutoff and not in D_i. */
static bool enabled_candidate(udpor *p, size_t i, rv_uevent *e)
{
    if (e->pos >= 0 && (size_t)e->pos < i) return false;
    if (e->cutoff) return false;
    for (size_t k = 0; k < e->npred; k++)
        if (e->pred[k]->pos < 0 || (size_t)e->pred[k]->pos >= i) return false;
    if (e->tparent && (e->tparent->pos < 0 || (size_t)e->tparent->pos >= i)) return false;
    return !in_d(p, i, e) && rv_unf_compatible(&p->u, i, e);
}

/* An event of U enabled at C_i and not in D_i (Alg. 1 line 6), or NULL:
 * the one of least id.  Every such event is in one of the buckets of
 * rv_unf_ext_buckets (each in id order), so they are merged by id and
 * the first that qualifies is the answer: on a hot object the rest of U
 * is never looked at. */
static rv_uevent *enabled_outside_d(udpor *p, size_t i)
{
    rv_unf *u = &p->u;
    size_t nb = rv_unf_ext_buckets(u, i, &p->cand, &p->capcand);
    if (nb > p->capcur) {
        p->capcur = nb;
        p->candcur = rv_xrealloc(p->candcur, nb * sizeof *p->candcur);
    }
    uint32_t *at = p->candcur;
    memset(at, 0, nb * sizeof *at);
    for (;;) {
        size_t best = nb;
        uint64_t bid = UINT64_MAX;
        for (size_t b = 0; b < nb; b++) {
            if (at[b] == p->cand[b]->n) continue;
            uint64_t id = p->cand[b]->ent[at[b]].idt >> 32;
            if (id < bid) bid = id, best = b;
        }
        if (best == nb) return NULL;
        at[best]++;
        rv_uevent *e = u->ev[bid];
        if (enabled_candidate(p, i, e)) return e;
    }
}

/* k-partial alternatives may let the free phase pick an event of D:
 * re-execute with another enabled event, or report the execution blocked.
 * Returns the level at which it blocked, or SIZE_MAX if it did not;
 * -2 (as SIZE_MAX - 1) on failure. */
#define NOT_BLOCKED SIZE_MAX
#define RUN_FAILED  (SIZE_MAX - 1)
static size_t avoid_d(udpor *p, size_t from)
{
    for (;;) {
        size_t i;
        for (i = from; i < p->u.ncur; i++)
            if (in_d(p, i < p->nlv ? i : p->nlv - 1, p->u.cur[i])) break;
        if (i >= p->u.ncur) return NOT_BLOCKED;
        rv_uevent *e = enabled_outside_d(p, i);
        if (!e) return i;
        set_prefix(p, i, &e, 1);
        if (run(p) != 0) return RUN_FAILED;
        from = i + 1;
    }
}

static uint64_t object_key(void *backend, uint64_t obj)
{
    rv_backend *b = backend;
    return b->ops->object_key(b, obj);
}

/* Statistics of the passes so far (deepening), added to the last one's. */
typedef struct sums {
    uint64_t events, cutoffs, evicted;
} sums;

static void finish_stats(udpor *p, const sums *before)
{
    rv_stats *s = &p->x->stats;
    /* |E|: events of the explored prefix; events above a cutoff are not in
     * it.  Events discarded from G count; one interned again counts twice. */
    uint64_t above = 0;
    for (size_t i = 0; i < p->u.n; i++) above += p->u.ev[i]->cutoff || p->u.ev[i]->dead;
    s->events = before->events + p->u.n - (above - p->u.ncutoffs) + p->u.nevicted_prefix;
    if (p->unmapped) s->events = before->events + p->tr.n; /* the one execution, unmapped */
    s->cutoffs = before->cutoffs + p->u.ncutoffs;
    s->evicted = before->evicted + p->u.nevicted;
    rv_unf_unique_str(p->u.unique_why, s->unique_states, sizeof s->unique_states);
    memcpy(s->unique_src, p->u.unique_src, sizeof s->unique_src);
    s->nunique_src = p->u.nunique_src;
    s->unique_src_more = p->u.unique_src_more;
    s->avg_u = p->nmax ? p->usum / (double)p->nmax : 0;
}

/* The last run ended in a cycle no other thread can leave (lasso.c):
 * keep an execution that ends with it, with what the report says of it:
 * the thread(s), where the cycle closes, its events, and the other
 * threads as they wait at the end of the run (which lies on the cycle).
 * The trace up to the cycle's end, with the cycle's events moved last
 * (the events of other threads among them are independent of them and
 * not after them: lasso.c), so that they are its last `cycle` events and
 * the schedule still runs the program (a linearisation of the same
 * configuration). */
static void note_loop(udpor *p)
{
    const rv_lasso *l = &p->u.lasso;
    rv_trace *t = &p->loop;
    rv_trace_copy(t, &p->tr);
    size_t w = l->from + 1, c = 0;
    for (size_t k = l->from + 1; k <= l->to; k++) /* the others first, in order */
        if (!l->all && p->tr.ev[k].act.tid != l->tid) t->ev[w++] = p->tr.ev[k];
    for (size_t k = l->from + 1; k <= l->to; k++)
        if (l->all || p->tr.ev[k].act.tid == l->tid) t->ev[w++] = p->tr.ev[k], c++;
    t->n = w;
    t->end = RV_END_NONTERM;
    t->err_tid = (uint16_t)l->tid;
    t->err_pc = p->tr.ev[l->to].pc;
    t->cycle = (uint32_t)c;
    if (l->nthreads > 1)
        snprintf(t->msg, sizeof t->msg,
                 "%u threads loop forever: after a cycle of %u events they are back in the same "
                 "state, and every other thread has finished or waits for something the cycle "
                 "never gives",
                 l->nthreads, l->period);
    else
        snprintf(t->msg, sizeof t->msg,
                 "thread %u loops forever: after a cycle of %u event%s it is back in the same "
                 "state, and every other thread has finished or waits for something the cycle "
                 "never gives",
                 l->tid, l->period, l->period == 1 ? "" : "s");
    /* main finished (not in the cycle): if it returned, that ends only
     * the main thread by default (docs/CLI.md "Program end"), where a
     * real run's exit() would end the loop with the program */
    if (t->nthreads && t->threads[0].state == RV_T_FINISHED) {
        size_t m = strlen(t->msg);
        snprintf(t->msg + m, sizeof t->msg - m,
                 "; main has finished: if it returned, a real run ends here (its exit() ends "
                 "every thread; --posix-exit models that)");
    }
    p->looped = true;
}

/* settle() stopped because the run was asked to (src/core/stop.h): the
 * last execution ran to its end but was not extended. */
#define INTERRUPTED (-2)

/* Run the prefix and go on to a maximal configuration of the explored
 * prefix of the unfolding: one branch of Alg. 1 (lines 5-9) down to a call
 * with en(C) ⊆ D.  When cutoffs pruned the execution, the pruned C may
 * still enable events that are no cutoffs (other threads' next events,
 * events of a history without the cut part): line 6 continues with one of
 * them in a new run that replays C, with the threads that were cut
 * scheduled last.  Each continuation adds an event to C or finds a new
 * cutoff, so this ends.  Sets *blocked (k-partial SSB) and *cut.  Returns
 * 0, -1 on failure, or INTERRUPTED. */
static int settle(udpor *p, size_t *blocked, bool *cut)
{
    const rv_options *o = p->x->opt;
    p->avoid = 0;
    p->looped = false;
    uint64_t runs = 0;
    for (;;) {
        size_t n0 = p->u.n, cur0 = p->u.ncur;
        uint64_t c0 = p->u.ncutoffs;
        if (run(p) != 0) return -1;
        if (p->u.lasso.found && !p->looped) note_loop(p);
        if (p->unmapped) { /* the last execution: nothing to extend */
            *blocked = NOT_BLOCKED;
            *cut = false;
            return 0;
        }
        /* Never loop without progress (issue 9): a continuation grows C,
         * adds an event to U or decides a new cutoff; if it did none, the
         * next one would pick the same event again. */
        if (runs++ && p->u.ncur <= cur0 && p->u.n == n0 && p->u.ncutoffs == c0) {
            rv_explore_incomplete(p->x, "udpor: a continuation after a cutoff made no progress");
            return -1;
        }
        *blocked = NOT_BLOCKED;
        if (o->alt_k && p->nlv) {
            *blocked = avoid_d(p, p->nexpect);
            if (*blocked == RUN_FAILED) return -1;
        }
        uint64_t cutmask = p->u.cutmask;
        *cut = cutmask != 0;
        /* the last execution (--max-executions): its observation ends the
         * exploration, and its extensions would never be used; with
         * thousands of threads alive they are most of the work (every
         * order of their pending acquisitions: quadratic) */
        if (*blocked == NOT_BLOCKED && rv_explore_last_execution(p->x)) return 0;
        drop_stale_pending(&p->tr);
        rv_unf_extend(&p->u, &p->tr, pending_valid(p->tr.end));
        if (p->u.interrupted) return INTERRUPTED; /* rv_explore sees why (stop.h) */
        /* events freed by Remove and met again: executed, and the fatal
         * variants of dead twins over them (fatal.c) */
        rv_unf_fatal_recall(&p->u, n0);
        if (o->cutoffs) rv_unf_cut_sweep(&p->u);
        if (p->u.interrupted) return INTERRUPTED;
        /* a run that ended at a resource limit is reported as that
         * limit (observe), not continued as if a cutoff had ended it */
        if (!cutmask || *blocked != NOT_BLOCKED || p->trunc || p->tr.end == RV_END_RESOURCE)
            return 0;
        rv_uevent *e = enabled_outside_d(p, p->u.ncur);
        if (!e) return 0;
        p->avoid |= cutmask;
        set_prefix(p, p->u.ncur, &e, 1);
    }
}

/* The memory bound of U ∪ G in bytes (0: none). */
static uint64_t cache_limit(const rv_options *o)
{
    return o->cache_bytes ? o->cache_bytes : o->cache_mb << 20;
}

/* Remove (Alg. 1 lines 15-18) with G discarded, when U ∪ G outgrew the
 * bound: the next call is Explore(C_i, D_i ∪ {e_i}, J) and every pending
 * call has a smaller C and D, so Q_{C_i ∪ J, D_i ∪ {e_i}, U} serves them
 * all (seed 000 App. B.5: U = Q at every call).  The replay prefix
 * (expect: C_i then J) and D are kept; rv_unf_remove keeps the last
 * execution.  When Q alone exceeds the bound, the next collection waits
 * until a quarter of the bound has been added again, so collections cost
 * amortised O(1) per event. */
static void collect_garbage(udpor *p, size_t i)
{
    uint64_t lim = cache_limit(p->x->opt);
    if (!lim || p->u.bytes <= lim || p->u.bytes <= p->gc_at) return;
    size_t nd;
    rv_uevent **keep = collect_d(p, i, NULL, &nd);
    keep = rv_xrealloc(keep, (nd + p->nexpect + 1) * sizeof *keep);
    memcpy(keep + nd, p->expect, p->nexpect * sizeof *keep);
    rv_unf_remove(&p->u, keep, nd + p->nexpect);
    free(keep);
    p->x->stats.removes++;
    p->gc_at = p->u.bytes + lim / 4;
}

static int explore(udpor *p)
{
    rv_explore *x = p->x;
    const rv_options *o = x->opt;
    set_prefix(p, 0, NULL, 0);
    for (;;) {
        size_t blocked;
        bool cut;
        int rs = settle(p, &blocked, &cut);
        if (rs == INTERRUPTED) {
            /* the execution itself is done: its error, if it has one, is
             * reported (rv_observe then ends the run, which is past its
             * deadline or signalled) */
            if (blocked == NOT_BLOCKED) observe(p, cut || p->trunc);
            return -1;
        }
        if (rs != 0) return -1;
        if (p->u.bytes > x->stats.unf_peak) x->stats.unf_peak = p->u.bytes;
        if (getenv("RV_UDPOR_DEBUG"))
            fprintf(
                stderr,
                "exec: end %s n %zu cur %zu |U| %zu levels %zu cut %d states %zu cutoffs %llu\n",
                rv_end_name(p->tr.end), p->tr.n, p->u.ncur, p->u.n, p->nlv, cut, p->u.ncut,
                (unsigned long long)p->u.ncutoffs);
        size_t top;
        if (blocked != NOT_BLOCKED) {
            rv_observe_blocked(x);
            top = blocked; /* Alg. 1: a blocked call returns without line 10 */
        } else {
            if (!observe(p, cut || p->trunc)) return 0;
            top = p->u.ncur;
        }
        lv_resize(p, top);
        /* backtrack: deepest level first (Alg. 1 lines 10-11) */
        bool again = false;
        sweep_d(p);
        while (p->nlv > 0 && !again) {
            if (rv_unf_stop(&p->u)) return -1; /* a long backtracking sweep */
            size_t i = p->nlv - 1;
            rv_uevent *e = p->u.cur[i];
            size_t nd;
            rv_uevent **D = sweep_level_d(p, e, &nd);
            rv_uevent **J;
            size_t nj;
            bool found = rv_unf_alt(&p->u, i, D, nd, o->alt_k, &J, &nj);
            if (p->u.interrupted) return -1; /* no answer: never "no alternative" */
            if (found) {
                d_push(p, i, e);
                lv_resize(p, i + 1);
                set_prefix(p, i, J, nj);
                free(J);
                collect_garbage(p, i);
                again = true;
            } else {
                lv_resize(p, i);
            }
        }
        if (!again) return 0;
    }
}

static void pass_free(udpor *p)
{
    for (size_t i = 0; i < p->caplv; i++) free(p->lv[i].d);
    free(p->lv);
    free(p->nz);
    free(p->dbuf);
    free(p->dcum);
    free(p->sched);
    free(p->expect);
    free(p->cand);
    free(p->candcur);
    rv_trace_free(&p->tr);
    rv_trace_free(&p->obs);
    rv_trace_free(&p->loop);
}

static void debug_summary(udpor *p)
{
    fprintf(stderr, "remove: %zu names of freed executed events recorded (%zu bytes)\n", p->u.nxrec,
            p->u.capxrec * sizeof *p->u.xrec);
    /* how the events of U stand with cutoffs (docs/UDPOR.md, PRODCONS) */
    size_t undecided = 0, kept = 0, cut = 0, unexec = 0;
    for (size_t i = 0; i < p->u.n; i++) {
        const rv_uevent *e = p->u.ev[i];
        unexec += !e->executed;
        if (!e->state_ok)
            undecided++;
        else if (e->cutoff)
            cut++;
        else
            kept++;
    }
    fprintf(stderr,
            "cutoffs: |U| %zu, states %zu, decided non-cutoff %zu, cutoff or above %zu, "
            "undecided %zu, never executed %zu\n",
            p->u.n, p->u.ncut, kept, cut, undecided, unexec);
}

/* The first pass's horizon (0: no deepening). */
static uint64_t first_horizon(const rv_options *o)
{
    return o->cutoffs ? o->deepen : 0;
}

int rv_algo_udpor(rv_explore *x)
{
    if (x->opt->cutoffs) x->backend->limits.fingerprints = true;
    /* nothing here reads rv_event.enabled or next_en: the runtime asks the
     * model only about the threads a choice needs */
    x->backend->limits.lazy_enabled = true;
    uint64_t horizon = first_horizon(x->opt);
    rv_unf hold; /* the cutoff table between passes */
    memset(&hold, 0, sizeof hold);
    sums before = {0};
    double usum = 0;
    uint64_t nmax = 0;
    uint32_t uwhy = 0;
    unsigned pass = 0;
    uint64_t ex0 = x->stats.executions;
    int r;
    for (;;) {
        udpor p = {.x = x, .budget = 256, .horizon = horizon, .usum = usum, .nmax = nmax};
        rv_unf_init(&p.u);
        if (x->backend->ops->object_key) {
            p.u.objkey = object_key;
            p.u.objkey_ctx = x->backend;
        }
        rv_unf_cut_move(&hold, &p.u);
        p.u.unique_why = uwhy;
        rv_trace_init(&p.tr);
        rv_trace_init(&p.obs);
        rv_trace_init(&p.loop);
        r = explore(&p);
        pass++;
        x->stats.passes = pass;
        x->stats.last_pass_executions = x->stats.executions - ex0;
        ex0 = x->stats.executions;
        if (getenv("RV_UDPOR_DEBUG"))
            fprintf(stderr, "pass %u: horizon %llu truncated %d executions so far %llu\n", pass,
                    (unsigned long long)horizon, p.truncated,
                    (unsigned long long)x->stats.executions);
        if (r == 0 && p.truncated && x->stats.exhaustive && !x->stats.stopped) {
            finish_stats(&p, &before);
            before = (sums){x->stats.events, x->stats.cutoffs, x->stats.evicted};
            usum = p.usum, nmax = p.nmax, uwhy = p.u.unique_why;
            rv_unf_cut_move(&p.u, &hold);
            pass_free(&p);
            rv_unf_fatal_free(&p.u);
            rv_unf_free(&p.u);
            /* past 2^32 events (--max-events=0) the next pass is unbounded */
            horizon = horizon < (1ull << 32) ? 2 * horizon : 0;
            continue;
        }
        finish_stats(&p, &before);
        if (x->opt->dot_path && rv_unf_dot(&p.u, x->opt->dot_path) != 0)
            rv_explore_incomplete(x, "udpor: cannot write the --dot file");
        pass_free(&p);
        if (getenv("RV_UDPOR_DEBUG")) debug_summary(&p);
        rv_unf_fatal_free(&p.u);
        rv_unf_free(&p.u);
        break;
    }
    rv_unf_cut_free(&hold);
    x->backend->limits.budget = x->backend->limits.avoid = 0;
    x->backend->limits.lazy_enabled = x->backend->limits.give_way = false;
    return r;
}
