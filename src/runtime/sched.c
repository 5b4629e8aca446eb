/*
 * sched.c — the scheduler (DESIGN §2.2): each thread's pending action, the
 * enabled set, the pick of a thread and value (prefix first, then the
 * policy), giving way, and the request/answer with the explorer at each
 * visible action (rv_visible_c, rv_leave).  It owns the pick's state
 * (pend_lock, the give-way record gw); the threads and the execution are
 * kernel.c's, the states' fingerprints and scrubs state.c's.
 *
 * One scheduling step (step_once): compute the enabled set, pick a thread
 * and value, append the event to shared memory, apply the action's effect.
 * The event is written before anything else happens, so a crash right
 * after it loses nothing.
 */

#include "rt.h"
#include "engine.h"
#include "explain.h"
#include "kernel.h"
#include "state.h"
#include "fault.h"
#include "sys.h"

#include <dlfcn.h>
#include <errno.h>
#include <link.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

/* No thread can move: complete, deadlock, or infeasible (a failed assume). */
static __attribute__((noreturn)) void end_stuck(void)
{
    unsigned live = 0, assumed = 0;
    for (unsigned i = 0; i < rt.nthreads; i++) {
        live += rv_thr_at(i)->state == RV_T_LIVE;
        assumed += rv_thr_at(i)->state == RV_T_ASSUME;
    }
    if (assumed) rv_end_exec(RV_END_INFEASIBLE, 0, 0, "a __VERIFIER_assume condition failed");
    if (!live) rv_end_complete(rt.main_ret);
    rt.running = NULL; /* a deadlock belongs to no single thread */
    /* a thread held at --thread-bound would go on without it: the end of
     * the bounded execution, no deadlock (the explorer counts it as cut) */
    if (rt.shm->nonexhaustive & RV_NONEX_THREAD_BOUND)
        rv_end_exec(RV_END_COMPLETE, 0, 0, "the execution ends at --thread-bound=%u",
                    (unsigned)rt.shm->thread_bound);
    rv_end_exec(RV_END_DEADLOCK, 0, 0, "deadlock: %u thread%s blocked", live, live == 1 ? "" : "s");
}

/* ------------------------------------------------------------------ */
/* Scheduling.                                                         */

/* The enabled set of one step.  Threads below RV_MASK_THREADS are bits of
 * `mask` (rv_event.enabled), computed every step (at most 64 rv_enabled
 * calls); the others are asked only when a query needs them (en_has,
 * lowest_hi), so that a step costs nothing per thread above 63: with
 * 10,000 threads alive a full pass per step made one execution of 40,000
 * events quadratic (issue 13 part 3). */
typedef struct enset {
    uint64_t mask;
    int only;            /* the thread inside an atomic section (it alone runs), -1 if none */
    unsigned first;      /* lowest enabled thread, RV_NO_THREAD if none */
    unsigned first_pref; /* lowest enabled thread not in shm->avoid */
} enset;

static bool thr_enabled(unsigned i)
{
    rv_thr *t = rv_thr_at(i);
    return t->state == RV_T_LIVE && rv_enabled(t);
}

/* The mutex each thread >= RV_MASK_THREADS is about to lock (its pending
 * action is a LOCK of it, not of a spin lock), 0 otherwise: kept by
 * rv_visible_c, a compact copy of what lowest_hi needs to skip the many
 * threads that wait for one held mutex without touching their records. */
static uint64_t pend_lock[RV_MAX_THREADS];

/* The lowest enabled thread >= from (from >= RV_MASK_THREADS), RV_NO_THREAD
 * if none: it asks only the live threads between, in order.  Once one
 * of them is found blocked on a mutex, the others waiting for the same
 * mutex are blocked too (the model's LOCK is enabled for no thread but
 * the owner while the mutex is held and usable), and are skipped by a
 * look at pend_lock.  Cost: the live threads below the answer, a few
 * instructions each when they wait for one mutex, an rv_enabled call each
 * otherwise (none in a program whose low threads run first, as the
 * default policy has them). */
static unsigned lowest_hi(unsigned from)
{
    uint64_t held = 0; /* a mutex found held in this search */
    int32_t owner = 0; /* its owner + 1 */
    for (unsigned i = rv_live_hi_next(from); i != RV_NO_THREAD && i < rt.nthreads;
         i = rv_live_hi_next(i + 1)) {
        if (held && pend_lock[i] == held && (unsigned)owner != i + 1) continue;
        rv_thr *t = rv_thr_at(i);
        if (t->state != RV_T_LIVE) {
            rv_live_hi_clear(i);
        } else if (rv_enabled(t)) {
            return i;
        } else if (pend_lock[i]) {
            held = pend_lock[i];
            owner = rv_mutex_owner(held);
        }
    }
    return RV_NO_THREAD;
}

/* ---- giving way (RV_REQ_GIVE_WAY; issue 28 part 4) ------------------------
 *
 * Lowest-first free runs let a spin-wait of thread 0 run to the event
 * budget before the thread it waits for ever ran (4,313 and 100,000
 * events in the trial).  A thread that, running alone, comes back to a
 * fingerprint it had, with nothing but reads and yields in between, is in
 * a state the whole program had already: nothing else moved.  It gives
 * way (is parked): the free choice takes another enabled thread first,
 * until some thread changes something (any event but a read or a yield),
 * which unparks every thread.  With no other thread enabled it runs on.
 * Any free choice is sound (seed 001 Alg. 1 line 6 leaves it free); only
 * which configurations come first changes.  The repetition is found as
 * Brent finds cycles: the fingerprint at steps 1, 2, 4, 8, ... since the
 * thread started running alone is the anchor, each later one compares
 * with it, so a cycle of any length c is seen within about 2(c + tail)
 * events and O(1) memory.  The state lives in the runtime's memory, so
 * every execution starts with none. */
static struct {
    uint64_t parked; /* threads below RV_MASK_THREADS that gave way */
    unsigned tid;    /* the thread watched; its events since `from` are quiet */
    uint64_t from;   /* step of its first watched event + 1; 0: none watched */
    uint64_t fp_lo, fp_hi;
    uint64_t len, pow; /* events since the anchor, and when it moves next */
} gw;

/* Changes nothing another thread can see: a read or a yield, with
 * fingerprints and no taint. */
static bool gw_quiet(const rv_event *ev)
{
    return (ev->act.kind == RV_ACT_READ || ev->act.kind == RV_ACT_YIELD) && !ev->taint && ev->fp_hi;
}

/* t (running) has just had its last event fingerprinted, and is about to
 * do its next action. */
static void give_way_note(rv_thr *t)
{
    if (!(rt.flags & RV_REQ_GIVE_WAY) || !(rt.flags & RV_REQ_FINGERPRINTS) || !rt.recording ||
        t->last_event < 0)
        return;
    const rv_event *ev = &rt.events[t->last_event];
    unsigned tid = rv_tid(t);
    if (!gw_quiet(ev)) { /* a visible change: everyone may have something to do */
        gw.parked = 0;
        gw.from = 0;
        return;
    }
    /* watched from here when another thread ran in between, or none was */
    if (!gw.from || gw.tid != tid || (uint64_t)t->last_event + 1 != rt.step) {
        gw.tid = tid;
        gw.from = rt.step;
        gw.fp_lo = ev->fp_lo, gw.fp_hi = ev->fp_hi;
        gw.len = 0, gw.pow = 1;
        return;
    }
    if (ev->fp_lo == gw.fp_lo && ev->fp_hi == gw.fp_hi) { /* the same state as before */
        if (tid < RV_MASK_THREADS && rt.step >= rt.shm->nsteps) gw.parked |= 1ull << tid;
        gw.from = 0;
        return;
    }
    if (++gw.len == gw.pow) {
        gw.fp_lo = ev->fp_lo, gw.fp_hi = ev->fp_hi;
        gw.len = 0;
        gw.pow *= 2;
    }
}

static enset enabled_set(void)
{
    enset e = {0, -1, RV_NO_THREAD, RV_NO_THREAD};
    unsigned own = rv_atomic_owner();
    if (own) { /* inside an atomic section: it alone runs (the model disables the others) */
        unsigned i = own - 1;
        if (i >= rt.nthreads || !thr_enabled(i)) return e;
        return (enset){i < RV_MASK_THREADS ? 1ull << i : 0, (int)i, i, i};
    }
    unsigned n = rt.nthreads < RV_MASK_THREADS ? rt.nthreads : RV_MASK_THREADS;
    for (unsigned i = 0; i < n; i++)
        if (thr_enabled(i)) e.mask |= 1ull << i;
    uint64_t pref = e.mask & ~rt.shm->avoid;   /* threads above 63 are never avoided */
    if (pref & ~gw.parked) pref &= ~gw.parked; /* given way: the others first */
    unsigned hi = e.mask && pref ? RV_NO_THREAD : lowest_hi(RV_MASK_THREADS);
    e.first = e.mask ? (unsigned)__builtin_ctzll(e.mask) : hi;
    e.first_pref = pref ? (unsigned)__builtin_ctzll(pref) : hi != RV_NO_THREAD ? hi : e.first;
    return e;
}

static bool en_has(const enset *e, unsigned tid)
{
    if (e->only >= 0) return tid == (unsigned)e->only;
    if (tid < RV_MASK_THREADS) return (e->mask >> tid) & 1;
    return tid < rt.nthreads && thr_enabled(tid);
}

/* rv_event.next_en: the lowest enabled thread above tid. */
static uint32_t next_enabled(const enset *e, unsigned tid)
{
    if (e->only >= 0) return RV_NO_THREAD;
    if (tid + 1 < RV_MASK_THREADS) {
        uint64_t m = e->mask >> (tid + 1) << (tid + 1);
        if (m) return (uint32_t)__builtin_ctzll(m);
    }
    return lowest_hi(tid + 1 > RV_MASK_THREADS ? tid + 1 : RV_MASK_THREADS);
}

/* The prefix's step s, its thread known enabled: its value checked
 * against the action's domain, which is returned. */
static uint32_t take_step(rv_step s, unsigned *tid, uint32_t *val)
{
    uint32_t dom = rv_domain(rv_thr_at(s.tid));
    if (s.val >= dom)
        rv_end_exec(RV_END_DIVERGED, 0, 0,
                    "schedule step %llu asks for value %u of thread %u, which has %u",
                    (unsigned long long)rt.step, (unsigned)s.val, (unsigned)s.tid, dom);
    *tid = s.tid;
    *val = s.val;
    return dom;
}

/* The step's thread and value from the whole set; returns the action's
 * domain when the choice asked for it (a prefix step), else 0. */
static uint32_t pick(const enset *en, unsigned *tid, uint32_t *val)
{
    if (rt.step < rt.shm->nsteps) {
        rv_step s = rt.steps[rt.step];
        if (s.tid >= rt.nthreads || !en_has(en, s.tid))
            rv_end_exec(RV_END_DIVERGED, 0, 0,
                        "schedule step %llu names thread %u, which is not enabled",
                        (unsigned long long)rt.step, (unsigned)s.tid);
        return take_step(s, tid, val);
    }
    switch (rt.shm->policy) {
    case RV_POLICY_STOP:
        rv_end_exec(RV_END_PREFIX, 0, 0, "end of the schedule");
    case RV_POLICY_STAY:
        *tid = en_has(en, rt.last_tid) ? rt.last_tid : en->first;
        break;
    case RV_POLICY_LEAST: { /* among the threads of the mask; the others as FIRST */
        uint64_t pref = en->mask & ~rt.shm->avoid;
        if (pref & ~gw.parked) pref &= ~gw.parked; /* given way: the others first */
        /* all avoided and none above the mask enabled: the least of the avoided */
        if (!pref && en->first_pref < RV_MASK_THREADS) pref = en->mask;
        *tid = pref ? rv_least_thread(pref, rt.nev) : en->first_pref;
        break;
    }
    default:
        *tid = en->first_pref;
    }
    *val = 0;
    return 0;
}

/* ctx_x86_64.S: the vector and caller-saved registers zeroed (kept MXCSR
 * and x87): the last call of rv_visible_c, so that the program does not
 * get the scheduler's values in them. */
void rv_scrub_regs(void);

/* The choice of a step without the enabled set (RV_REQ_LAZY_ENABLED: the
 * explorer reads neither rv_event.enabled nor next_en), for the common
 * cases: a prefix step whose thread is enabled (one model query instead
 * of one per thread), and the lowest thread below RV_MASK_THREADS that is
 * enabled and not avoided (queries up to it).  The same choice as pick()
 * on the whole set; false when it cannot tell (an atomic section, a
 * prefix thread not enabled, another policy, no such thread), and the
 * whole set decides, with its reports (divergence, deadlock).  In
 * philosophers N=14 the whole set's fifteen queries per step were about
 * half of the scheduler's samples (issue 11). */
static bool lazy_pick(unsigned *tid, uint32_t *val, uint32_t *dom)
{
    if (rv_atomic_owner()) return false;
    if (rt.step < rt.shm->nsteps) {
        rv_step s = rt.steps[rt.step];
        if (s.tid >= rt.nthreads || !thr_enabled(s.tid)) return false;
        *dom = take_step(s, tid, val);
        return true;
    }
    if (rt.shm->policy != RV_POLICY_FIRST) return false;
    unsigned n = rt.nthreads < RV_MASK_THREADS ? rt.nthreads : RV_MASK_THREADS;
    uint64_t avoid = rt.shm->avoid | gw.parked; /* the parked: the whole set decides */
    for (unsigned i = 0; i < n; i++)
        if (!((avoid >> i) & 1) && thr_enabled(i)) {
            *tid = i;
            *val = 0;
            return true;
        }
    return false;
}

/* One scheduling step; returns the thread whose action was executed. */
static rv_thr *step_once(void)
{
    if (rt.pause_at && rt.step == rt.pause_at) rv_engine_pause();
    unsigned tid;
    uint32_t val;
    uint32_t dom = 0; /* the action's domain, if the choice asked for it */
    bool lazy = (rt.flags & RV_REQ_LAZY_ENABLED) && lazy_pick(&tid, &val, &dom);
    enset en = {0, -1, RV_NO_THREAD, RV_NO_THREAD};
    if (!lazy) {
        en = enabled_set();
        if (en.first == RV_NO_THREAD) end_stuck();
        dom = pick(&en, &tid, &val);
    }
    rv_thr *t = rv_thr_at(tid);
    /* the explorer's budget for this run (udpor) is no --max-events: a
     * message that said "raise --max-events" named the wrong limit */
    if (rt.step >= rt.shm->budget && rt.shm->budget < rt.shm->max_events)
        rv_end_exec(RV_END_EVENT_LIMIT, t->pending_pc, 0,
                    "execution stopped after %llu events by the explorer (its budget for this "
                    "run; --max-events=%llu was not reached)",
                    (unsigned long long)rt.shm->budget, (unsigned long long)rt.shm->max_events);
    if (rt.step >= rt.shm->budget)
        rv_end_exec(RV_END_EVENT_LIMIT, t->pending_pc, 0,
                    "execution exceeded %llu events (non-terminating? raise --max-events)",
                    (unsigned long long)rt.shm->budget);
    static rv_event scratch; /* standalone runs record nothing */
    rv_event *ev = rt.recording ? &rt.events[rt.step] : &scratch;
    memset(ev, 0, sizeof *ev);
    ev->act = t->pending;
    ev->act.ndom = dom ? dom : rv_domain(t);
    /* lazily: the set holds the acting thread alone (trace.h) */
    ev->enabled = !lazy ? en.mask : tid < RV_MASK_THREADS ? 1ull << tid : 0;
    ev->next_en = !lazy ? next_enabled(&en, tid) : RV_NO_THREAD;
    ev->pc = t->pending_pc;
    ev->val = val;
    rv_xl_event(t, rt.step, ev->pc);
    t->last_event = (int64_t)rt.step;
    rt.nev[tid]++;
    rt.step++;
    rt.shm->nevents = rt.step;
    rt.last_tid = tid;
    rv_apply(t, ev, val);
    if (rt.flags & RV_REQ_DRF) rv_race_sync(tid, &ev->act);
    return t;
}

/* The running thread's memory event has just been taken and nothing ran
 * since: note the bytes it is about to access (rv_event.old).  Called by
 * rv_visible_c once the thread is back, rather than by the scheduler: a
 * wild address then faults in the thread that accesses it, as the access
 * itself would; and rather than by the wrapper after rv_visible returns:
 * the event's index it computes would stay in the caller-saved registers
 * the program gets back (rv_scrub_regs). */
void rv_note_old(const void *addr, uint64_t len)
{
    rv_thr *t = rt.running;
    if (!rt.recording || len > 8 || !t || t->last_event < 0) return;
    rv_event *ev = &rt.events[t->last_event];
    uint64_t v = 0;
    memcpy(&v, addr, len);
    ev->old = v;
    ev->vflags |= RV_EV_OLD;
}

/* sched_yield: a visible action with no effect, so that the explorer may
 * switch threads there (posix_ext.c's pthread_yield and c11threads.c's
 * thrd_yield call it; RV_API_PC names the program's line). */
int __ravel_sched_yield(void)
{
    rv_visible(rv_act(RV_ACT_YIELD, 0), RV_API_PC());
    return 0;
}

/* The state after thread t's last event, complete now that t acts again
 * (here: its frame in the runtime, sp: the stack it keeps) or leaves: the
 * fingerprint of its local state and its taint (state.c), then the
 * event's change of the memory image (image.c), in that order. */
static inline void complete_last(rv_thr *t, const void *sp)
{
    rv_fingerprint_last(t, sp, true);
    if (t->last_event >= 0) rv_image_after(&rt.events[t->last_event]);
}

static inline void complete_exit(rv_thr *t)
{
    rv_fingerprint_exit(t);
    if (t->last_event >= 0) rv_image_after(&rt.events[t->last_event]);
}

/* rv_visible(rv_action a, uint64_t pc): the runtime's single entry for a
 * visible action.  Stores the caller's callee-saved registers, MXCSR and
 * x87 control word in rv_entry_regs (kernel.c; state.c fingerprints them)
 * before compiled code could change them, then tail-jumps to
 * rv_visible_c with the stack and the argument registers untouched.
 * They are part of the thread's state (cutoffs): a program built with
 * -O1 keeps values there across calls.  Assembly, in the scheduler's own
 * file: the entry is the scheduler's, and the kernel's assembly
 * (ctx_x86_64.S) calls nothing above it. */
__asm__(".text\n"
        ".p2align 4\n"
        ".globl rv_visible\n"
        ".type rv_visible, @function\n"
        "rv_visible:\n"
        "    movq %rbx, rv_entry_regs(%rip)\n"
        "    movq %rbp, rv_entry_regs+8(%rip)\n"
        "    movq %r12, rv_entry_regs+16(%rip)\n"
        "    movq %r13, rv_entry_regs+24(%rip)\n"
        "    movq %r14, rv_entry_regs+32(%rip)\n"
        "    movq %r15, rv_entry_regs+40(%rip)\n"
        "    movq $0, rv_entry_regs+48(%rip)\n"
        "    stmxcsr rv_entry_regs+48(%rip)\n"
        "    fnstcw rv_entry_regs+52(%rip)\n"
        "    jmp rv_visible_c\n"
        ".size rv_visible, .-rv_visible\n");

/* Entered from rv_visible (above), which stored the caller's callee-saved
 * registers in rv_entry_regs and jumped here. */
void rv_visible_c(rv_action a, uint64_t pc)
{
    if (!rt.active) { /* a constructor, before main: premain.c */
        rv_premain_visible(a);
        return;
    }
    rv_thr *self = rt.running;
    char *here = __builtin_frame_address(0);
    /* the record of a deep call since the thread's last action (it stays
     * in this frame while other threads run) */
    uint64_t deep[2] = {__ravel_deep[0], __ravel_deep[1]};
    __ravel_deep[0] = __ravel_deep[1] = 0;
    if (&__ravel_deep_always && __ravel_deep_always) deep[0] = deep[1] = UINT64_MAX;
    self->pending = a;
    /* a barrier leave's cycle: the arrive's result (generation << 1),
     * kept out of the program's and wrapper's frames (posix_ext.c) */
    if (a.kind == RV_ACT_BAR_LEAVE) self->pending.arg = (uint32_t)self->result >> 1;
    self->pending_pc = pc;
    if (rv_tid(self) >= RV_MASK_THREADS)
        pend_lock[rv_tid(self)] = a.kind == RV_ACT_LOCK && !(a.flags & RV_AF_SPIN) ? a.obj : 0;
    rv_capture_wval(self);
    uint64_t *slot = rv_program_ret_slot(self, here);
    rv_live_scrub(self, slot); /* before the fingerprint, which hashes every byte */
    if ((rt.flags & RV_REQ_FINGERPRINTS) && rt.recording)
        complete_last(self, here);
    else
        rv_keep_taint(self);
    give_way_note(self);
    if (self->priming) { /* first visible action of a new thread: back to its creator */
        self->priming = false;
        rv_switch_to(self, rt.primer);
    } else {
        rv_thr *next = step_once();
        rv_switch_to(self, next);
    }
    if (self->note_old) { /* a memory access: the bytes it is about to access */
        self->note_old = false;
        rv_note_old((const void *)(uintptr_t)a.obj, a.len);
        rv_image_before(self);
    }
    char *floor = rv_dead_floor(self, here);
    rv_check_below_floor(self, floor, here, a.kind, pc, deep[0] != 0);
    if (deep[0])
        rv_scrub_deep(self, here, floor); /* before rv_scrub_dead: its frame is above floor */
    rv_scrub_dead(self, here, floor, rv_arm_return_scrub(self, slot, here, floor));
    if (deep[0] && rv_deep_inside(self, slot, deep)) {
        __ravel_deep[0] = deep[0];
        __ravel_deep[1] = deep[1];
    }
    rv_scrub_regs();
}

/* ---- atomic sections (__VERIFIER_atomic_*, the C11 atomics of memory.c) --- */

/* The outermost entry to an atomic section and the outermost exit are
 * events (the others threads stop after the first and resume after the
 * second: the explorers must see both); nested ones only count.  The
 * model's effect of the events is apply.c's. */
void rv_atomic_enter(uint64_t pc)
{
    rv_thr *t = rt.running;
    if (!t) return;
    if (t->atomic_depth == 0 && rt.active) rv_visible(rv_act(RV_ACT_ATOMIC_BEGIN, 0), pc);
    t->atomic_depth++;
}

void rv_atomic_exit(uint64_t pc)
{
    rv_thr *t = rt.running;
    if (!t || t->atomic_depth == 0) return;
    if (t->atomic_depth == 1 && rt.active) rv_visible(rv_act(RV_ACT_ATOMIC_END, 0), pc);
    t->atomic_depth--;
}

/* The end report's threads (kernel.h rv_kernel_ops.end_report): each
 * thread's state, its registry entry and, for a live one, its pending
 * action, whether it is enabled and who holds what it waits for; then
 * the explain log's last records.  Kernel.c calls it once the report
 * holds the execution's verdict and event count. */
static void report_threads(void)
{
    rv_shm *s = rt.shm;
    s->nthreads = rt.nthreads;
    for (unsigned i = 0; i < rt.nthreads; i++) {
        rv_thr *t = rv_thr_at(i);
        rv_thread_end *te = &s->threads[i];
        memset(te, 0, sizeof *te);
        te->state = t->state;
        te->parent = i ? s->reg_parent[i] : RV_NO_THREAD;
        te->index = i ? s->reg_index[i] : 0;
        if (t->state == RV_T_LIVE) {
            te->pending = t->pending;
            te->pending_pc = t->pending_pc;
            te->enabled = rv_enabled(t);
            te->holder = rv_holder_of(t);
            if (rv_is_cas(&t->pending))
                te->pending_old_ok = rv_peek(t->pending.obj, t->pending.len, &te->pending_old);
        } else {
            te->holder = RV_NO_THREAD;
        }
    }
}

void rv_sched_end_report(void)
{
    report_threads();
    rv_xl_end();
}

void rv_leave(void)
{
    rv_thr *self = rt.running;
    if ((rt.flags & RV_REQ_FINGERPRINTS) && rt.recording)
        complete_exit(self);
    else
        rv_keep_taint(self);
    give_way_note(self); /* an exit: a visible change */
    if (self->priming) {
        /* stopped before its first visible action (a failed assume): the
         * creator's create event is still running and takes control back,
         * as from a first action; scheduling from here would record the
         * create a second time (fuzzer seed 19983, tests/native
         * m_assume_prime.c) */
        self->priming = false;
        rv_switch_to(self, rt.primer);
        __builtin_unreachable();
    }
    for (;;) {
        rv_thr *next = step_once();
        if (next != self) {
            if (rv_tid(self) >= RV_MASK_THREADS) rv_dead_stack = self;
            rv_switch_to(self, next);
            break;
        }
    }
    __builtin_unreachable(); /* a finished thread is never picked again */
}
