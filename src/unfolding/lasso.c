/*
 * lasso.c — non-termination: a spin loop whose exit can never come
 * (issue 28 part 3; GenMC's liveness check reports the same for its spin
 * loops).
 *
 * A cutoff e (seed 001 §5.2) ends an execution where state([e]) equals
 * the state of a ◁-smaller configuration: what lies beyond is explored
 * from there.  When that smaller configuration is [x] for an earlier
 * event x of e's own thread t, the events between are t's alone, and no
 * other thread can ever run, the cut-off part is an infinite execution:
 * the program hangs there in every schedule that reaches it.  Cutting it
 * silently made "exhaustive, no error" the answer for such a program.
 *
 * Two checks find such cycles: one at a cutoff (below), and one at the
 * end of a run, on the trace alone, for a cycle of reads and yields of one
 * or more threads (the second section: a spin that gave way to the other
 * threads before it was left alone, a livelock of spinners).  Either records the cycle in u->lasso,
 * and udpor.c reports the run as a non-termination.
 *
 * The check, when the mapping of an execution (extend.c) decides that e,
 * at trace index i, is a cutoff:
 *  (1) x is an ancestor of e in t's chain, in the current configuration,
 *      with state([x]) = state([e]) (both computed, not unique);
 *  (2) [e] \ [x] holds only t's events: |[e]| - |[x]| equals the number
 *      of t's events after x up to e;
 *  (3) in the trace, no event of another thread between the first event
 *      of (x, e] and e is causally after an event of (x, e]; every event
 *      after e is t's (the mapping dropped them: t went on running its
 *      loop), and the execution ended at its event budget with t still
 *      running;
 *  (4) every other thread has never been created, has finished, or
 *      waits: its pending action is disabled at the end and independent
 *      (rv_dependent) of every event of the cycle (x, e], so that the
 *      cycle can enable it at no point; and no thread is held by a failed
 *      assume (the run is infeasible) or by --thread-bound (run_is_real);
 *  (5) no event of the run is tainted: a taint concurrent with the cycle
 *      leaves the cycle's states known, but what changed outside the
 *      state (an alarm armed) can still end the loop.
 * Then let S = (x, e] and G0 the trace's prefix up to e without S: a
 * configuration by (3).  An event of G0 \ [x] depending on one of S would
 * be below it (it comes first in the trace, by (3)), hence in [e] \ [x],
 * which holds only S: so G0 \ [x] is independent of S, and S does to G0
 * what it does to [x], which it leaves in the same state.  G0 · S · S ·
 * ... is an execution of the program (each repetition starts in the same
 * state, and the runtime is deterministic), and it is fair: by (4) and
 * independence (an action's enabledness is not changed by an independent
 * one) no other thread is ever enabled along it, and t runs forever.
 * The end of the execution lies on that cycle (only t ran after e), so
 * the enabledness the runtime reports there holds at every point of it.
 *
 * What neither check reports (both are sound, neither complete): a cycle
 * in which threads change shared state in turn (a server loop with its
 * workers), a cycle another thread could leave (under fair scheduling it
 * will: a spinner whose exit another enabled thread makes, or a lock
 * loop another thread waits to enter), a loop whose states never repeat
 * (it reaches --max-events instead), one whose states are unique (no
 * cutoff), and a cycle that does not reach the end of its run (another
 * thread ran after it, or the run stopped for another reason).
 */
#include <stdlib.h>
#include <string.h>

#include "../core/util.h"
#include "unfolding.h"

/* Walks up the thread's chain stop after this many events: a loop body
 * longer than this is not looked for (the cost of a check stays
 * bounded; such a cycle is then cut without a report, as before). */
#define LASSO_MAX_PERIOD 65536
/* ... nor a cycle spread over more than this many trace events. */
#define LASSO_MAX_SPAN (1u << 20)

/* Whether the run's end can stand for a real execution that never ends.
 * Not when a thread is held by a failed assume (the execution is
 * infeasible: no real run goes there, and a deadlock there is not
 * reported either; DESIGN §3a), nor when a create waits at --thread-bound
 * (the program would go on without the bound: its thread could end the
 * cycle). */
static bool run_is_real(const rv_trace *tr)
{
    for (unsigned v = 0; v < tr->nthreads; v++) {
        const rv_thread_end *th = &tr->threads[v];
        if (th->state == RV_T_ASSUME) return false;
        if (th->state == RV_T_LIVE && (th->pending.flags & RV_AF_BOUND)) return false;
    }
    return !(tr->nonexhaustive & RV_NONEX_THREAD_BOUND);
}

/* Whether an event of the run is tainted.  A taint makes the states above
 * it unique (cutoff.c): something the image and the fingerprints do not
 * hold changed (a C library call that keeps state, an alarm set, code
 * without instrumentation), and it may end the loop from outside (a
 * SIGALRM handler that sets the flag).  A tainted event concurrent with
 * the cycle is not below it, so the cycle's own states are known: the
 * whole run must be clean (tests/cutoffs spin_fool.c ALARM_OTHER: another
 * thread arms the alarm and finishes before the spin is cut). */
static bool run_tainted(const rv_trace *tr)
{
    for (size_t k = 0; k < tr->n; k++)
        if (tr->ev[k].taint) return true;
    return false;
}

/* (3) and (4): the trace's suffix from index from + 1 on is t's alone and
 * ends at the budget with t running; every other thread stays out of the
 * cycle, whose events are t's in (first, to]; nothing in the run is
 * tainted. */
static bool others_stay_out(const rv_trace *tr, unsigned t, size_t first, size_t to)
{
    if (tr->end != RV_END_EVENT_LIMIT || t >= tr->nthreads || !run_is_real(tr)) return false;
    for (size_t k = to + 1; k < tr->n; k++)
        if (tr->ev[k].act.tid != t) return false;
    for (unsigned v = 0; v < tr->nthreads; v++) {
        if (v == t) continue;
        const rv_thread_end *th = &tr->threads[v];
        if (th->state != RV_T_LIVE) continue; /* never created, or finished */
        if (th->enabled) return false;
        for (size_t k = first; k <= to; k++)
            if (tr->ev[k].act.tid == t && rv_dependent(&tr->ev[k].act, &th->pending)) return false;
    }
    return !run_tainted(tr);
}

/* The depth of t's maximal event in [z] (0: none). */
static uint32_t depth_of_t(const rv_uevent *z, unsigned t)
{
    if (z->act.tid == t) return z->depth;
    return t < z->nt && z->tmax[t] ? z->tmax[t]->depth : 0;
}

void rv_unf_lasso_check(rv_unf *u, const rv_trace *tr, size_t i, const rv_uevent *e)
{
    if (u->lasso.found || !e->state_known || rv_unf_is_err(e)) return;
    unsigned t = e->act.tid;
    /* y: the first event of the cycle S = (x, e], which takes t's events
     * of the trace from y's index to i; above: the deepest t event below
     * any other thread's event in that span, which must stay below y
     * (then the trace up to i without S is a configuration G0, whose
     * events are independent of S) */
    uint32_t above = 0;
    size_t scan = i; /* the span (scan, i) is checked */
    const rv_uevent *y = e;
    for (uint32_t d = 1; y->tparent && d <= LASSO_MAX_PERIOD; y = y->tparent, d++) {
        const rv_uevent *x = y->tparent;
        if (y->pos < 0 || u->cur[y->pos] != y || x->pos < 0 || u->cur[x->pos] != x) return;
        for (; scan > (size_t)y->pos + 1 && i - scan < LASSO_MAX_SPAN; scan--) {
            const rv_uevent *z = u->cur[scan - 1];
            if (!z) return;                /* dropped: where it lies is unknown */
            if (z->act.tid == t) continue; /* an event of S */
            uint32_t dz = depth_of_t(z, t);
            if (dz > above) above = dz;
        }
        if (scan > (size_t)y->pos + 1) return; /* too long a span to look at */
        if (above >= y->depth) return;         /* an event after S's start depends on it */
        if (!x->state_known || x->state.lo != e->state.lo || x->state.hi != e->state.hi) continue;
        if (e->lsize - x->lsize != d) continue; /* (2) */
        if (!others_stay_out(tr, t, (size_t)y->pos, i)) return;
        u->lasso =
            (rv_lasso){.found = true, .tid = t, .from = (size_t)y->pos - 1, .to = i, .period = d};
        return;
    }
}

/* ---- a quiet cycle at the end of a run ------------------------------------
 *
 * A spin-wait that gave way (sched.c) is cut where it first repeated, and
 * other threads ran after that cutoff: the check above does not apply.
 * When they are done, the spinner runs on to the end of the run, and
 * there the trace itself shows the cycle; so does a cycle of several
 * threads, each waiting for another (a livelock: two spinners, each
 * waiting for the other's flag).  The run ends at its budget in a tail
 * of quiet events (reads and yields, untainted, fingerprinted) of any
 * threads, and no event of the run is tainted (its states would be
 * unique: never a cutoff, nor a repetition here).  Quiet events change nothing but their thread's
 * own state, so along the tail the program's state is given by the fingerprints of the threads that
 * act in it (the latest of each); when that combination after event a recurs after event b, the
 * program is in the same state after a and after b, and (a, b] can repeat forever.  It is a fair
 * execution if every thread that does not act in (a, b] is never enabled
 * along it: every thread acting after b acts in (a, b] too (one acting
 * later was enabled all along: quiet events change no shared state), and
 * every other thread has not been created, has finished, or waits at
 * the end (and run_is_real) (its enabledness is the same all
 * along the tail, for the same reason).  No cutoff or unfolding state is
 * involved. */

static bool quiet(const rv_event *ev)
{
    return (ev->act.kind == RV_ACT_READ || ev->act.kind == RV_ACT_YIELD) && !ev->taint && ev->fp_hi;
}

/* A thread's part of the program's state along the tail. */
static rv_hash128 part(unsigned t, uint64_t lo, uint64_t hi)
{
    uint64_t w[3] = {t, lo, hi};
    return rv_hash(w, sizeof w);
}

/* Candidate cycles tested per run at most (each test is linear in the
 * tail): a repetition that is not fair is followed by longer ones. */
#define TAIL_TRIES 64

/* The threads acting in (a, b] as a set (bit per thread, sized nthreads),
 * and whether every thread acting in (b, n) is among them and every other
 * thread stays out. */
static bool tail_fair(const rv_trace *tr, size_t a, size_t b, uint8_t *in)
{
    memset(in, 0, tr->nthreads);
    for (size_t k = a + 1; k <= b; k++) in[tr->ev[k].act.tid] = 1;
    for (size_t k = b + 1; k < tr->n; k++)
        if (!in[tr->ev[k].act.tid]) return false;
    for (unsigned v = 0; v < tr->nthreads; v++) {
        const rv_thread_end *th = &tr->threads[v];
        if (in[v] || th->state != RV_T_LIVE) continue;
        if (th->enabled) return false;
        for (size_t k = a + 1; k <= b; k++)
            if (rv_dependent(&tr->ev[k].act, &th->pending)) return false;
    }
    return true;
}

void rv_unf_lasso_tail(rv_unf *u, const rv_trace *tr)
{
    if (u->lasso.found || tr->end != RV_END_EVENT_LIMIT || tr->n < 2 || !tr->nthreads ||
        !run_is_real(tr))
        return;
    size_t n = tr->n, q = n;
    while (q > 0 && n - q < LASSO_MAX_SPAN && quiet(&tr->ev[q - 1])) q--;
    if (n - q < 2) return;
    if (run_tainted(tr)) return; /* (as at a cutoff) */
    for (size_t k = q; k < n; k++)
        if (tr->ev[k].act.tid >= tr->nthreads) return;
    /* the threads acting in the tail, and each one's latest fingerprint
     * before it (none: 0) */
    uint64_t *lo = rv_xcalloc(tr->nthreads, sizeof *lo);
    uint64_t *hi = rv_xcalloc(tr->nthreads, sizeof *hi);
    uint8_t *want = rv_xcalloc(tr->nthreads, 1), *in = rv_xmalloc(tr->nthreads);
    for (size_t k = q; k < n; k++) want[tr->ev[k].act.tid] = 1;
    rv_hash128 g = {0, 0};
    for (unsigned t = 0; t < tr->nthreads; t++) {
        if (!want[t]) continue;
        for (size_t k = q; k-- > 0;) /* (each thread's scan stops at its latest event) */
            if (tr->ev[k].act.tid == t) {
                lo[t] = tr->ev[k].fp_lo, hi[t] = tr->ev[k].fp_hi;
                break;
            }
        rv_hash128 h = part(t, lo[t], hi[t]);
        g.lo += h.lo, g.hi += h.hi;
    }
    /* the first point after which each combination held: i = 0 before
     * the tail, i = k - q + 1 after event k (open addressing; at = i + 1) */
    size_t cap = 16;
    while (cap < 2 * (n - q + 1)) cap *= 2;
    struct tslot {
        rv_hash128 g;
        size_t at;
    } *slot = rv_xcalloc(cap, sizeof *slot);
    unsigned tries = 0;
    for (size_t i = 0; i <= n - q; i++) {
        if (i) { /* event q + i - 1 changes its thread's part */
            const rv_event *ev = &tr->ev[q + i - 1];
            unsigned t = ev->act.tid;
            rv_hash128 o = part(t, lo[t], hi[t]), h = part(t, ev->fp_lo, ev->fp_hi);
            g.lo += h.lo - o.lo, g.hi += h.hi - o.hi;
            lo[t] = ev->fp_lo, hi[t] = ev->fp_hi;
        }
        size_t x = (size_t)(g.lo * 0x9e3779b97f4a7c15ull >> 20) & (cap - 1);
        while (slot[x].at && (slot[x].g.lo != g.lo || slot[x].g.hi != g.hi))
            x = (x + 1) & (cap - 1);
        if (!slot[x].at) {
            slot[x] = (struct tslot){g, i + 1};
            continue;
        }
        if (tries++ >= TAIL_TRIES) break;
        /* the cycle: the tail's events (from, to] (from = q - 1 + ia may be
         * "before the first event" when q is 0: the sums wrap alike) */
        size_t from = q + (slot[x].at - 1) - 1, to = q + i - 1;
        if (!tail_fair(tr, from, to, in)) continue;
        unsigned nin = 0;
        for (unsigned v = 0; v < tr->nthreads; v++) nin += in[v];
        u->lasso = (rv_lasso){.found = true,
                              .tid = tr->ev[to].act.tid,
                              .from = from,
                              .to = to,
                              .period = (uint32_t)(to - from),
                              .all = true,
                              .nthreads = nin};
        break;
    }
    free(slot);
    free(lo);
    free(hi);
    free(want);
    free(in);
}
