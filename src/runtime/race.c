/*
 * race.c — memory mode drf: plain accesses are not events; they are checked
 * for data races with vector clocks (DESIGN brief §2.6).
 *
 * Happens-before is built from the synchronisation events the scheduler
 * executes: create/join, mutex release→acquire (unlock, w1 → lock,
 * trylock, w2), semaphore post→wait, signal→w2, once end→begin, and atomic
 * accesses with their C11 memory orders (below).  Because happens-before
 * is the same in every linearisation of a trace, the first race of a trace
 * is found whichever linearisation is executed, so exploring only
 * synchronisation is sound for race freedom (and, once race-free, for
 * everything else: seed 004 §3.2).
 *
 * Shadow memory: one cell per byte touched (byte-precise, so neighbouring
 * char fields protected by different locks do not race), holding the last
 * write (thread, clock, pc) and, per thread, the clock and pc of its last
 * read.  Cells live in an open-addressing table mapped lazily in the child.
 * Cost: O(len) table probes per plain access; accesses longer than 64 bytes
 * are checked at every 8th byte (documented approximation).
 * Sync-object clocks live in a second table keyed by object address.
 *
 * Memory orders (C11 5.1.2.4 and 7.17.3–4; issue 13 part 7).  Executions
 * stay sequentially consistent; only happens-before honours the orders.
 * The atomic hooks note the order of the thread's pending operation
 * (rv_race_order) and rv_race_sync applies it when the event executes:
 *  - a store or RMW that is release, acq_rel or seq_cst releases the
 *    thread's clock to the location; a load or RMW that is acquire,
 *    consume (treated as acquire), acq_rel or seq_cst joins the location's
 *    clock; relaxed does neither.  A failed compare-exchange uses its
 *    failure order.
 *  - Release sequences: the location's clock is what an acquire reading
 *    the current value synchronises with, i.e. the join of the release
 *    heads whose release sequence still contains the latest modification.
 *    An atomic store that is not an RMW (a "plain store" here) by thread
 *    t ends every sequence headed by another thread and continues t's own
 *    (C11, not C++20: later stores of the head's thread stay in its
 *    sequence).  An RMW continues every live sequence and may head a new
 *    one.  So the live heads of thread u are u's heads (stores and RMWs)
 *    since the last plain store by another thread: the location keeps
 *    their join per thread (at most NHEADS threads between two plain
 *    stores; a further thread's RMW heads still count for readers, but
 *    are forgotten when that thread then stores: this can only lose
 *    happens-before, i.e. report a race C11 would not have), and a plain
 *    store by t keeps only t's.
 *  - Fences: a release (acq_rel, seq_cst) fence saves the thread's clock;
 *    a later relaxed store or RMW of the thread releases that saved clock
 *    (fence→atomic and fence→fence synchronisation).  A relaxed load or
 *    RMW accumulates the location's clock into the thread's pending
 *    acquire clock, which a later acquire (acq_rel, seq_cst) fence joins
 *    (atomic→fence and fence→fence).  Fences are not events: they change
 *    only the calling thread's clocks, so no interleaving depends on them.
 *    seq_cst fences add nothing to happens-before beyond acq_rel (their
 *    total order constrains values, not synchronises-with); signal fences
 *    order nothing between threads.
 *  - Atomics of the runtime itself (pthread keys, C library calls) and the
 *    __sync builtins are seq_cst.
 */
#include "rt.h"

#include <string.h>
#include <sys/mman.h>

typedef struct vclock {
    uint32_t c[RV_MASK_THREADS];
} vclock;

typedef struct cell {
    uint64_t addr; /* 0 = empty */
    uint64_t wpc;
    uint32_t wclk;
    uint16_t wtid;
    uint16_t written;
    uint32_t rclk[RV_MASK_THREADS];
    uint64_t rpc[RV_MASK_THREADS];
} cell;

typedef struct syncobj {
    uint64_t addr;
    vclock vc;
} syncobj;

/* An atomic location: clock = what an acquire reading its current value
 * obtains (the join of the live release heads); head[i] = the join of the
 * live heads of thread tid[i]-1 (0: a free slot). */
#define NHEADS 4
typedef struct atomloc {
    uint64_t addr;
    vclock clock;
    uint32_t tid[NHEADS];
    vclock head[NHEADS];
} atomloc;

#define NCELLS (1u << 18)
#define NSYNC  (1u << 14)
#define NATOMS (1u << 14)

/* C11 memory orders as the TSan hooks pass them (__tsan_memory_order). */
enum { MO_RELAXED, MO_CONSUME, MO_ACQUIRE, MO_RELEASE, MO_ACQ_REL, MO_SEQ_CST };

static vclock thread_vc[RV_MASK_THREADS];
static vclock fence_rel[RV_MASK_THREADS]; /* clock at the last release fence */
static vclock fence_acq[RV_MASK_THREADS]; /* released to relaxed reads, for an acquire fence */
static uint8_t pend_mo[RV_MASK_THREADS], pend_fmo[RV_MASK_THREADS], pend_set[RV_MASK_THREADS];
static cell *cells;
static syncobj *syncs;
static atomloc *atoms;

static uint64_t mix(uint64_t a)
{
    return (a * 0x9e3779b97f4a7c15ull) >> 17;
}

/* key: which table (kept by the reset engine across executions) */
static void *lazy_map(uintptr_t key, size_t bytes)
{
    bool fresh;
    void *p = rv_zmap(key, NULL, bytes, &fresh);
    if (p == MAP_FAILED)
        rv_end_exec(RV_END_INTERNAL, 0, 0, "race detector: cannot map shadow memory");
    return p;
}

static cell *cell_of(uint64_t addr)
{
    if (!cells) cells = lazy_map(1, NCELLS * sizeof(cell));
    for (uint64_t i = mix(addr) & (NCELLS - 1), n = 0; n < NCELLS;
         i = (i + 1) & (NCELLS - 1), n++) {
        if (cells[i].addr == addr) return &cells[i];
        if (!cells[i].addr) {
            cells[i].addr = addr;
            return &cells[i];
        }
    }
    rv_end_exec(RV_END_RESOURCE, 0, 0, "race detector: more than %u shared bytes", NCELLS);
}

static vclock *sync_vc(uint64_t addr)
{
    if (!syncs) syncs = lazy_map(2, NSYNC * sizeof(syncobj));
    for (uint64_t i = mix(addr) & (NSYNC - 1), n = 0; n < NSYNC; i = (i + 1) & (NSYNC - 1), n++) {
        if (syncs[i].addr == addr) return &syncs[i].vc;
        if (!syncs[i].addr) {
            syncs[i].addr = addr;
            return &syncs[i].vc;
        }
    }
    rv_end_exec(RV_END_RESOURCE, 0, 0, "race detector: more than %u synchronisation objects",
                NSYNC);
}

static atomloc *atom_of(uint64_t addr)
{
    if (!atoms) atoms = lazy_map(3, NATOMS * sizeof(atomloc));
    for (uint64_t i = mix(addr) & (NATOMS - 1), n = 0; n < NATOMS;
         i = (i + 1) & (NATOMS - 1), n++) {
        if (atoms[i].addr == addr) return &atoms[i];
        if (!atoms[i].addr) {
            atoms[i].addr = addr;
            return &atoms[i];
        }
    }
    rv_end_exec(RV_END_RESOURCE, 0, 0, "race detector: more than %u atomic locations", NATOMS);
}

static void join_vc(vclock *into, const vclock *from)
{
    for (int i = 0; i < RV_MASK_THREADS; i++)
        if (from->c[i] > into->c[i]) into->c[i] = from->c[i];
}

static void tick(unsigned t)
{
    thread_vc[t].c[t]++;
}

/* The thread t acquires what was released to object obj. */
static void acquire(unsigned t, uint64_t obj)
{
    join_vc(&thread_vc[t], sync_vc(obj));
}

/* Thread t releases to object obj (accumulating: several releasers). */
static void release(unsigned t, uint64_t obj)
{
    join_vc(sync_vc(obj), &thread_vc[t]);
    tick(t);
}

static bool mo_acquires(int mo)
{
    return mo == MO_CONSUME || mo == MO_ACQUIRE || mo == MO_ACQ_REL || mo == MO_SEQ_CST;
}

static bool mo_releases(int mo)
{
    return mo == MO_RELEASE || mo == MO_ACQ_REL || mo == MO_SEQ_CST;
}

/* The running thread's next event is an atomic access with order mo (fmo:
 * the failure order of a compare-exchange). */
void rv_race_order(int mo, int fmo)
{
    if (!rt.running) return;
    unsigned t = rv_tid(rt.running);
    pend_mo[t] = (uint8_t)mo;
    pend_fmo[t] = (uint8_t)fmo;
    pend_set[t] = 1;
}

/* atomic_thread_fence(mo) by the running thread (not an event). */
void rv_race_fence(int mo)
{
    if (!rt.running) return;
    unsigned t = rv_tid(rt.running);
    if (mo_acquires(mo)) join_vc(&thread_vc[t], &fence_acq[t]);
    if (mo_releases(mo)) {
        fence_rel[t] = thread_vc[t];
        tick(t);
    }
}

/* The join of t's live release heads at l (a fresh slot if none; NULL if
 * every slot is taken).  plain: t makes a plain store, which ends the
 * other threads' sequences (their slots are freed; t's is slot 0). */
static vclock *heads_of(atomloc *l, unsigned t, bool plain)
{
    int mine = -1, free_slot = -1;
    for (int i = 0; i < NHEADS; i++) {
        if (l->tid[i] == t + 1)
            mine = i;
        else if (!l->tid[i] && free_slot < 0)
            free_slot = i;
    }
    if (plain) {
        if (mine < 0)
            memset(&l->head[0], 0, sizeof(vclock));
        else if (mine > 0)
            l->head[0] = l->head[mine];
        memset(l->tid, 0, sizeof l->tid);
        l->tid[0] = t + 1;
        return &l->head[0];
    }
    if (mine >= 0) return &l->head[mine];
    if (free_slot < 0) return NULL;
    l->tid[free_slot] = t + 1;
    memset(&l->head[free_slot], 0, sizeof(vclock));
    return &l->head[free_slot];
}

/* An atomic access a by thread t has just executed (C11 rules in the
 * header comment). */
static void atomic_sync(unsigned t, const rv_action *a)
{
    int mo = MO_SEQ_CST;
    if (pend_set[t]) {
        mo = a->kind == RV_ACT_READ && rv_is_cas(a) ? pend_fmo[t] : pend_mo[t];
        pend_set[t] = 0;
    }
    atomloc *l = atom_of(a->obj);
    if (a->kind != RV_ACT_WRITE) /* reads the value left by a release sequence */
        join_vc(mo_acquires(mo) ? &thread_vc[t] : &fence_acq[t], &l->clock);
    if (a->kind == RV_ACT_READ) return;
    const vclock *rel = mo_releases(mo) ? &thread_vc[t] : &fence_rel[t];
    vclock *mine = heads_of(l, t, a->kind == RV_ACT_WRITE);
    if (mine) join_vc(mine, rel);
    if (a->kind == RV_ACT_WRITE) /* ends the other threads' sequences */
        l->clock = *mine;
    else /* an RMW continues every live sequence and heads its own */
        join_vc(&l->clock, rel);
    if (mo_releases(mo)) tick(t);
}

void rv_race_thread_start(unsigned parent, unsigned child)
{
    memset(&fence_rel[child], 0, sizeof(vclock));
    memset(&fence_acq[child], 0, sizeof(vclock));
    pend_set[child] = 0;
    if (child == parent) {
        memset(&thread_vc[child], 0, sizeof(vclock));
        tick(child);
        return;
    }
    thread_vc[child] = thread_vc[parent];
    tick(child);
    tick(parent);
}

/* The synchronisation name of cycle gen of the barrier at obj. */
static uint64_t bar_cycle(uint64_t obj, uint64_t gen)
{
    return obj + 1 + (gen & 15);
}

/* Called by the scheduler after the effect of every event. */
void rv_race_sync(unsigned t, const rv_action *a)
{
    switch (a->kind) {
    case RV_ACT_JOIN:
        if (!a->arg) join_vc(&thread_vc[t], &thread_vc[a->obj]); /* arg: EINVAL, detached */
        break;
    case RV_ACT_LOCK:
        acquire(t, a->obj);
        break;
    case RV_ACT_TRYLOCK:
        if (a->arg) acquire(t, a->obj);
        break;
    /* read-write locks: readers synchronise with writers only, never
     * with each other: writers release to obj, readers to obj + 1 (inside
     * the lock's storage, so no other object's name); a reader acquires
     * obj, a writer both */
    case RV_ACT_RDLOCK:
    case RV_ACT_TRYRDLOCK:
        if (a->arg) acquire(t, a->obj);
        break;
    case RV_ACT_WRLOCK:
    case RV_ACT_TRYWRLOCK:
        if (a->arg) acquire(t, a->obj), acquire(t, a->obj + 1);
        break;
    case RV_ACT_RDUNLOCK:
        release(t, a->obj + 1);
        break;
    case RV_ACT_WRUNLOCK:
    case RV_ACT_RW_INIT:
        release(t, a->obj);
        break;
    /* barriers: the arrivals of a cycle release to a name of the cycle
     * (obj + 1 + generation mod 16, inside the barrier's storage), which
     * its serial thread and its leaves acquire */
    case RV_ACT_BAR_ARRIVE:
        release(t, bar_cycle(a->obj, a->arg >> 1));
        if (a->arg & 1) acquire(t, bar_cycle(a->obj, a->arg >> 1));
        break;
    case RV_ACT_BAR_LEAVE:
        acquire(t, bar_cycle(a->obj, a->arg));
        break;
    case RV_ACT_UNLOCK:
        release(t, a->obj);
        break;
    case RV_ACT_WAIT1:
        release(t, a->obj2);
        break;
    case RV_ACT_WAIT2:
        acquire(t, a->obj2);
        acquire(t, a->obj);
        break;
    case RV_ACT_SIGNAL:
    case RV_ACT_BROADCAST:
    case RV_ACT_SEM_POST:
    case RV_ACT_ONCE_END:
    case RV_ACT_SEM_INIT:  /* later users of the object acquire it */
    case RV_ACT_COND_INIT: /* (detach and the destroys order nothing) */
        release(t, a->obj);
        break;
    case RV_ACT_SEM_WAIT:
    case RV_ACT_ONCE_BEGIN:
        acquire(t, a->obj);
        break;
    case RV_ACT_SEM_TRYWAIT:
        if (a->arg) acquire(t, a->obj);
        break;
    case RV_ACT_ATOMIC_BEGIN: /* sections exclude each other: one lock, */
        acquire(t, 1);        /* named 1 (0 marks a free slot) */
        break;
    case RV_ACT_ATOMIC_END:
        release(t, 1);
        break;
    case RV_ACT_READ:
    case RV_ACT_WRITE:
    case RV_ACT_RMW: /* atomics (plain accesses are no events in drf) */
        atomic_sync(t, a);
        break;
    default:
        break;
    }
}

static __attribute__((noreturn)) void report(uint64_t addr, bool write, uint64_t pc, unsigned other,
                                             bool other_write, uint64_t other_pc)
{
    rt.shm->err_pc2 = other_pc;
    rv_end_exec(RV_END_RACE, pc, addr, "%s by thread %u and %s by thread %u",
                write ? "write" : "read", rv_tid(rt.running), other_write ? "write" : "read",
                other);
}

static void check_byte(unsigned t, uint64_t addr, bool write, uint64_t pc)
{
    cell *c = cell_of(addr);
    const vclock *me = &thread_vc[t];
    if (c->written && c->wtid != t && c->wclk > me->c[c->wtid])
        report(addr, write, pc, c->wtid, true, c->wpc);
    if (write) {
        for (unsigned u = 0; u < RV_MASK_THREADS; u++)
            if (u != t && c->rclk[u] && c->rclk[u] > me->c[u])
                report(addr, true, pc, u, false, c->rpc[u]);
        c->written = 1;
        c->wtid = (uint16_t)t;
        c->wclk = me->c[t];
        c->wpc = pc;
    } else {
        c->rclk[t] = me->c[t];
        c->rpc[t] = pc;
    }
}

void rv_race_access(const void *addr, uint64_t len, bool write, uint64_t pc)
{
    unsigned t = rv_tid(rt.running);
    uint64_t a = (uint64_t)(uintptr_t)addr;
    uint64_t step = len > 64 ? 8 : 1;
    for (uint64_t i = 0; i < len; i += step) check_byte(t, a + i, write, pc);
}
