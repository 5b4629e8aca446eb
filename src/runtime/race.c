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
 * Threads (issue 13 part 3): every clock, and a cell's read clocks, have
 * an entry per thread the execution may create (--max-threads: 64 by
 * default under drf, at most RV_DRF_MAX_THREADS), rounded up to 64: the
 * width W of the tables, fixed for the run.  Entries of threads not
 * created yet are zero everywhere, so joins, copies and a write's check
 * of the read clocks stop at the threads created (rt.nthreads): a
 * program of few threads pays for those, whatever W.
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
 *
 * Owns: the race detector's vector clocks (rv_zmap regions).
 */
#include "rt.h"
#include "engine.h"
#include "explain.h"
#include "kernel.h"

#include <string.h>
#include <sys/mman.h>

/* A vector clock: W entries (the header), in the tables below. */
typedef uint32_t vclock;

/* A cell of shadow memory; then rpc[W] (pc of each thread's last read)
 * and rclk[W] (its clock), cell_rpc / cell_rclk. */
typedef struct cell {
    uint64_t addr; /* 0 = empty */
    uint64_t wpc;
    uint32_t wclk;
    uint16_t wtid;
    uint16_t written;
} cell;

/* A synchronisation object's clock: the address, then W entries. */
typedef struct syncobj {
    uint64_t addr;
} syncobj;

/* An atomic location: clock = what an acquire reading its current value
 * obtains (the join of the live release heads); head[i] = the join of the
 * live heads of thread tid[i]-1 (0: a free slot).  clock and the heads
 * follow the header (atom_clock, atom_head). */
#define NHEADS 4
typedef struct atomloc {
    uint64_t addr;
    uint32_t tid[NHEADS];
} atomloc;

/* A thread's clocks (thread_vc, fence_rel, fence_acq: W entries each)
 * follow its pending atomic order. */
typedef struct rthread {
    uint8_t mo, fmo, set; /* the order of its pending atomic (rv_race_order) */
    uint8_t pad[5];
} rthread;

#define NCELLS (1u << 18)
#define NSYNC  (1u << 14)
#define NATOMS (1u << 14)

/* C11 memory orders as the TSan hooks pass them (__tsan_memory_order). */
enum { MO_RELAXED, MO_CONSUME, MO_ACQUIRE, MO_RELEASE, MO_ACQ_REL, MO_SEQ_CST };

static unsigned W; /* entries per clock (race_width), 0 until the first use */
static char *threads, *cells, *syncs, *atoms;

/* The width of the clocks: the threads an execution may create (sync.c
 * caps them at it), rounded up to 64. */
static unsigned race_width(void)
{
    if (!W) {
        unsigned n = rv_thread_cap();
        W = (n + 63) / 64 * 64;
    }
    return W;
}

/* Entries that may be non-zero: the threads created so far. */
static unsigned live(void)
{
    unsigned w = race_width();
    return rt.nthreads < w ? rt.nthreads : w;
}

/* The tables' entry sizes: a header, then W-entry arrays. */
static size_t thread_size(void)
{
    return sizeof(rthread) + 3 * (size_t)race_width() * sizeof(vclock);
}
static size_t cell_size(void)
{
    return sizeof(cell) + (size_t)race_width() * (sizeof(uint64_t) + sizeof(vclock));
}
static size_t sync_size(void)
{
    return sizeof(syncobj) + (size_t)race_width() * sizeof(vclock);
}
static size_t atom_size(void)
{
    return sizeof(atomloc) + (NHEADS + 1) * (size_t)race_width() * sizeof(vclock);
}

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

static rthread *rthr(unsigned t)
{
    if (!threads) threads = lazy_map(4, race_width() * thread_size());
    return (rthread *)(threads + t * thread_size());
}

/* Thread t's clock, the clock at its last release fence, and what
 * relaxed reads released to it for an acquire fence. */
static vclock *thread_vc(unsigned t)
{
    return (vclock *)(rthr(t) + 1);
}
static vclock *fence_rel(unsigned t)
{
    return thread_vc(t) + W;
}
static vclock *fence_acq(unsigned t)
{
    return thread_vc(t) + 2 * (size_t)W;
}

/* The slot of key addr in an open-addressing table of n entries of
 * `size` bytes whose first word is the key (0: empty). */
static void *slot_of(char *tab, size_t size, uint64_t n, uint64_t addr, const char *full)
{
    for (uint64_t i = mix(addr) & (n - 1), k = 0; k < n; i = (i + 1) & (n - 1), k++) {
        uint64_t *e = (uint64_t *)(tab + i * size);
        if (*e == addr) return e;
        if (!*e) {
            *e = addr;
            return e;
        }
    }
    rv_end_exec(RV_END_RESOURCE, 0, 0, "race detector: more than %llu %s", (unsigned long long)n,
                full);
}

static cell *cell_of(uint64_t addr)
{
    if (!cells) cells = lazy_map(1, NCELLS * cell_size());
    return slot_of(cells, cell_size(), NCELLS, addr, "shared bytes");
}
static uint64_t *cell_rpc(cell *c)
{
    return (uint64_t *)(c + 1);
}
static vclock *cell_rclk(cell *c)
{
    return (vclock *)(cell_rpc(c) + W);
}

static vclock *sync_vc(uint64_t addr)
{
    if (!syncs) syncs = lazy_map(2, NSYNC * sync_size());
    return (
        vclock *)((syncobj *)slot_of(syncs, sync_size(), NSYNC, addr, "synchronisation objects") +
                  1);
}

static atomloc *atom_of(uint64_t addr)
{
    if (!atoms) atoms = lazy_map(3, NATOMS * atom_size());
    return slot_of(atoms, atom_size(), NATOMS, addr, "atomic locations");
}
static vclock *atom_clock(atomloc *l)
{
    return (vclock *)(l + 1);
}
static vclock *atom_head(atomloc *l, int i)
{
    return atom_clock(l) + (size_t)(i + 1) * W;
}

static void join_vc(vclock *into, const vclock *from)
{
    for (unsigned i = 0, n = live(); i < n; i++)
        if (from[i] > into[i]) into[i] = from[i];
}

static void copy_vc(vclock *into, const vclock *from)
{
    memcpy(into, from, live() * sizeof(vclock));
}

static void zero_vc(vclock *c)
{
    memset(c, 0, live() * sizeof(vclock));
}

static void tick(unsigned t)
{
    thread_vc(t)[t]++;
}

/* The thread t acquires what was released to object obj. */
static void acquire(unsigned t, uint64_t obj)
{
    join_vc(thread_vc(t), sync_vc(obj));
}

/* Thread t releases to object obj (accumulating: several releasers). */
static void release(unsigned t, uint64_t obj)
{
    join_vc(sync_vc(obj), thread_vc(t));
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
    rthread *r = rthr(rv_tid(rt.running));
    r->mo = (uint8_t)mo;
    r->fmo = (uint8_t)fmo;
    r->set = 1;
}

/* atomic_thread_fence(mo) by the running thread (not an event). */
void rv_race_fence(int mo)
{
    if (!rt.running) return;
    unsigned t = rv_tid(rt.running);
    if (mo_acquires(mo)) join_vc(thread_vc(t), fence_acq(t));
    if (mo_releases(mo)) {
        copy_vc(fence_rel(t), thread_vc(t));
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
            zero_vc(atom_head(l, 0));
        else if (mine > 0)
            copy_vc(atom_head(l, 0), atom_head(l, mine));
        memset(l->tid, 0, sizeof l->tid);
        l->tid[0] = t + 1;
        return atom_head(l, 0);
    }
    if (mine >= 0) return atom_head(l, mine);
    if (free_slot < 0) return NULL;
    l->tid[free_slot] = t + 1;
    zero_vc(atom_head(l, free_slot));
    return atom_head(l, free_slot);
}

/* An atomic access a by thread t has just executed (C11 rules in the
 * header comment). */
static void atomic_sync(unsigned t, const rv_action *a)
{
    int mo = MO_SEQ_CST;
    rthread *r = rthr(t);
    if (r->set) {
        mo = a->kind == RV_ACT_READ && rv_is_cas(a) ? r->fmo : r->mo;
        r->set = 0;
    }
    atomloc *l = atom_of(a->obj);
    if (a->kind != RV_ACT_WRITE) /* reads the value left by a release sequence */
        join_vc(mo_acquires(mo) ? thread_vc(t) : fence_acq(t), atom_clock(l));
    if (a->kind == RV_ACT_READ) return;
    const vclock *rel = mo_releases(mo) ? thread_vc(t) : fence_rel(t);
    vclock *mine = heads_of(l, t, a->kind == RV_ACT_WRITE);
    if (mine) join_vc(mine, rel);
    if (a->kind == RV_ACT_WRITE) /* ends the other threads' sequences */
        copy_vc(atom_clock(l), mine);
    else /* an RMW continues every live sequence and heads its own */
        join_vc(atom_clock(l), rel);
    if (mo_releases(mo)) tick(t);
}

void rv_race_thread_start(unsigned parent, unsigned child)
{
    zero_vc(fence_rel(child));
    zero_vc(fence_acq(child));
    rthr(child)->set = 0;
    if (child == parent) {
        zero_vc(thread_vc(child));
        tick(child);
        return;
    }
    copy_vc(thread_vc(child), thread_vc(parent));
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
        if (!a->arg) join_vc(thread_vc(t), thread_vc((unsigned)a->obj)); /* arg: EINVAL, detached */
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
    const vclock *me = thread_vc(t);
    vclock *rclk = cell_rclk(c);
    if (c->written && c->wtid != t && c->wclk > me[c->wtid])
        report(addr, write, pc, c->wtid, true, c->wpc);
    if (write) {
        for (unsigned u = 0, n = live(); u < n; u++)
            if (u != t && rclk[u] && rclk[u] > me[u])
                report(addr, true, pc, u, false, cell_rpc(c)[u]);
        c->written = 1;
        c->wtid = (uint16_t)t;
        c->wclk = me[t];
        c->wpc = pc;
    } else {
        rclk[t] = me[t];
        cell_rpc(c)[t] = pc;
    }
}

/* The state after a plain access is unique (RV_TAINT_PLAIN; docs/UDPOR.md
 * "Cutoffs under --memory=drf"): its bytes are in no event's change of the
 * memory image, and whether a later access races with it depends on the
 * happens-before history, which no state holds.  Except main's accesses
 * before its first event: they are the same in every execution, and every
 * other thread is created after them (happens-before every later access). */
static void taint_plain(const rv_thr *t, uint64_t pc)
{
    extern uint32_t __ravel_taint;
    extern uint64_t __ravel_taint_pc, __ravel_taint_fn;
    if (t == rv_thr_at(0) && t->last_event < 0) return;
    if (!__ravel_taint_pc) { /* the access names itself: no frame walk */
        __ravel_taint_pc = pc;
        __ravel_taint_fn = 0;
    }
    __ravel_taint |= RV_TAINT_PLAIN;
}

void rv_race_access(const void *addr, uint64_t len, bool write, uint64_t pc)
{
    unsigned t = rv_tid(rt.running);
    taint_plain(rt.running, pc);
    uint64_t a = (uint64_t)(uintptr_t)addr;
    uint64_t step = len > 64 ? 8 : 1;
    rv_xl_access(a, len, pc);
    for (uint64_t i = 0; i < len; i += step) check_byte(t, a + i, write, pc);
}
