/*
 * race.c — memory mode drf: plain accesses are not events; they are checked
 * for data races with vector clocks (DESIGN brief §2.6).
 *
 * Happens-before is built from the synchronisation events the scheduler
 * executes: create/join, mutex release→acquire (unlock, w1 → lock,
 * trylock, w2), semaphore post→wait, signal→w2, once end→begin, and atomic
 * accesses (an atomic write or rmw releases to its location, an atomic read
 * or rmw acquires from it).  Because happens-before is the same in every
 * linearisation of a trace, the first race of a trace is found whichever
 * linearisation is executed, so exploring only synchronisation is sound for
 * race freedom (and, once race-free, for everything else: seed 004 §3.2).
 *
 * Shadow memory: one cell per byte touched (byte-precise, so neighbouring
 * char fields protected by different locks do not race), holding the last
 * write (thread, clock, pc) and, per thread, the clock and pc of its last
 * read.  Cells live in an open-addressing table mapped lazily in the child.
 * Cost: O(len) table probes per plain access; accesses longer than 64 bytes
 * are checked at every 8th byte (documented approximation).
 * Sync-object clocks live in a second table keyed by object address.
 */
#include "rt.h"

#include <string.h>
#include <sys/mman.h>

typedef struct vclock {
    uint32_t c[RV_MAX_THREADS];
} vclock;

typedef struct cell {
    uint64_t addr; /* 0 = empty */
    uint64_t wpc;
    uint32_t wclk;
    uint16_t wtid;
    uint16_t written;
    uint32_t rclk[RV_MAX_THREADS];
    uint64_t rpc[RV_MAX_THREADS];
} cell;

typedef struct syncobj {
    uint64_t addr;
    vclock vc;
} syncobj;

#define NCELLS (1u << 18)
#define NSYNC  (1u << 14)

static vclock thread_vc[RV_MAX_THREADS];
static cell *cells;
static syncobj *syncs;

static uint64_t mix(uint64_t a)
{
    return (a * 0x9e3779b97f4a7c15ull) >> 17;
}

static void *lazy_map(size_t bytes)
{
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                   -1, 0);
    if (p == MAP_FAILED)
        rv_end_exec(RV_END_INTERNAL, 0, 0, "race detector: cannot map shadow memory");
    return p;
}

static cell *cell_of(uint64_t addr)
{
    if (!cells) cells = lazy_map(NCELLS * sizeof(cell));
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
    if (!syncs) syncs = lazy_map(NSYNC * sizeof(syncobj));
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

static void join_vc(vclock *into, const vclock *from)
{
    for (int i = 0; i < RV_MAX_THREADS; i++)
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

void rv_race_thread_start(unsigned parent, unsigned child)
{
    if (child == parent) {
        memset(&thread_vc[child], 0, sizeof(vclock));
        tick(child);
        return;
    }
    thread_vc[child] = thread_vc[parent];
    tick(child);
    tick(parent);
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
        if (a->kind != RV_ACT_WRITE) acquire(t, a->obj);
        if (a->kind != RV_ACT_READ) release(t, a->obj);
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
        for (unsigned u = 0; u < RV_MAX_THREADS; u++)
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
