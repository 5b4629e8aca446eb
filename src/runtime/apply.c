/*
 * apply.c — the model applied to the program's objects (DESIGN §2.2): the
 * scheduler asks it whether a thread's pending action is enabled, its
 * value domain and who holds what a thread waits for, and applies the
 * chosen action's effect (rv_apply), misuse included.  Enabledness,
 * domains, effects and misuse are the model's (src/core/model.h, shared
 * with the unfolding); this file lays the model's states over the
 * program's objects and adds what only the runtime does (starting a
 * thread's coroutine, writing *thread).
 *
 * It owns the model's world state (rv_world: threads, atomic sections,
 * process exit) and the table of condvar waits and read locks of the
 * threads above RV_MASK_THREADS.  Object state lives inside the program's
 * own objects (the model's overlays); all-zero storage is a valid
 * statically initialised object, as in glibc, and so are glibc's
 * *_INITIALIZER_NP mutex initialisers.  The objects (sync.c, posix_ext.c,
 * c11threads.c, ...) share their state only through it.
 */
#include "rt.h"
#include "engine.h"
#include "kernel.h"

#include <stddef.h>

#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/uio.h>

#include "../core/model.h"
#include "posix_ext.h"
#include "sys.h"

/* The object states are the model's (src/core/model.h), laid over the
 * program's own storage. */
_Static_assert(sizeof(rv_mutex_st) <= sizeof(pthread_mutex_t), "mutex overlay");
_Static_assert(offsetof(rv_mutex_st, kind) == offsetof(pthread_mutex_t, __data.__kind),
               "the kind sits where glibc's static initialisers put it");
_Static_assert(sizeof(rv_cond_st) <= sizeof(pthread_cond_t), "cond overlay");
_Static_assert(sizeof(rv_sem_st) <= sizeof(sem_t), "sem overlay");
_Static_assert(sizeof(int32_t) == sizeof(pthread_once_t), "once control");
_Static_assert(PTHREAD_MUTEX_NORMAL == RV_MK_NORMAL && PTHREAD_MUTEX_RECURSIVE == RV_MK_RECURSIVE &&
                   PTHREAD_MUTEX_ERRORCHECK == RV_MK_ERRORCHECK,
               "mutex kinds");

/* Threads, atomic sections, process exit: the model's world state (a plain
 * global, copied into each forked execution like the rest of the runtime). */
static rv_world_st rv_world;
static uint8_t rv_world_hi[RV_MAX_THREADS - RV_MASK_THREADS]; /* rv_mstate.whi */

/* The condvar waits and read locks of threads >= RV_MASK_THREADS
 * (rv_mstate.hi): a table by thread mapped at the first action on a
 * condvar or rwlock of an execution with such threads, an rv_zmap region
 * (zero again after each execution, kept out of the .bss that the reset
 * engine scans: 56 B per thread). */
static rv_mhi *rv_hi;
#define RV_HI_TAB_KEY 0x6869u /* rv_zmap's key for it ("hi"; race.c uses 1 ..) */

/* ---- the word of a spin lock (posix_ext.c's pthread_spin_*) ----------------- */

/* The word: 0 = free and never initialised (a zero-filled lock is usable,
 * as in glibc); else SPIN_TAG | status code << 8 | owner (tid + 1), the
 * code's SPIN_RAW bit set when the lock was initialised over garbage (the
 * start every action reports: RV_MK_RAW).  Any other value (heap garbage)
 * is an uninitialised lock. */
#define SPIN_TAG 0x5a000000u
enum { SPIN_STATIC, SPIN_INIT, SPIN_DEAD, SPIN_CODE = 0x7f, SPIN_RAW = 0x80 };

void rv_spin_unpack(uint64_t addr, rv_mutex_st *m)
{
    uint32_t w = *(const volatile uint32_t *)(uintptr_t)addr;
    static const uint32_t status[] = {RV_MST_STATIC, RV_MST_INIT, RV_MST_DEAD};
    memset(m, 0, sizeof *m);
    m->kind = RV_MK_NORMAL;
    if (w == 0) return;
    unsigned code = (w >> 8) & SPIN_CODE;
    if ((w & 0xff000000u) != SPIN_TAG || code > SPIN_DEAD) {
        m->status = 0xbadu; /* neither static, initialised nor destroyed */
        return;
    }
    m->status = status[code];
    if (w & SPIN_RAW << 8) m->kind0 = RV_MK_RAW;
    m->owner = (int32_t)(w & 0xff);
    m->count = m->owner ? 1 : 0;
}

void rv_spin_pack(uint64_t addr, const rv_mutex_st *m)
{
    unsigned code;
    if (m->status == RV_MST_STATIC)
        code = SPIN_STATIC;
    else if (m->status == RV_MST_INIT)
        code = SPIN_INIT;
    else if (m->status == RV_MST_DEAD)
        code = SPIN_DEAD;
    else
        return; /* still uninitialised (a misuse): leave the bytes */
    if (m->kind0 == RV_MK_RAW) code |= SPIN_RAW; /* initialised over garbage */
    uint32_t w = code == SPIN_STATIC && !m->owner ? 0 : SPIN_TAG | code << 8 | (uint32_t)m->owner;
    *(volatile uint32_t *)(uintptr_t)addr = w;
}

static rv_mhi *hi_table(void)
{
    if (rv_hi) return rv_hi;
    size_t len = ((RV_MAX_THREADS - RV_MASK_THREADS) * sizeof(rv_mhi) + 4095) & ~(size_t)4095;
    bool fresh;
    void *p = rv_zmap(RV_HI_TAB_KEY, NULL, len, &fresh);
    if (p == MAP_FAILED)
        rv_end_exec(RV_END_INTERNAL, 0, 0, "cannot map the condvar and rwlock table of threads");
    return rv_hi = p;
}

static rv_mutex_st *MX(uint64_t a)
{
    return (rv_mutex_st *)(uintptr_t)a;
}

/* The model states action a reads or changes, in the program's storage;
 * a spin lock's (4 bytes, too small for the overlay) unpacked into *spin
 * (posix_ext.c), to be packed back after an apply. */
static rv_mstate state_of(const rv_action *a, rv_mutex_st *spin)
{
    rv_mstate s = {.w = &rv_world, .whi = rv_world_hi};
    uint64_t m = rv_mutex_of(a);
    if (m) s.mx = MX(m);
    if (m && (a->flags & RV_AF_SPIN)) {
        rv_spin_unpack(m, spin);
        s.mx = spin;
    }
    void *o = (void *)(uintptr_t)a->obj;
    if (rv_on_cond(a)) s.cv = o;
    if (rv_on_sem(a)) s.sem = o;
    if (rv_on_once(a)) s.once = o;
    if (rv_on_rwlock(a)) s.rw = o;
    if (rv_on_barrier(a)) s.bar = o;
    if ((s.cv || s.rw) && rt.nthreads > RV_MASK_THREADS) {
        s.hi = hi_table();
        s.hi_end = rt.nthreads;
    }
    return s;
}

/* ------------------------------------------------------------------ */
/* Enabledness, value domains and effects: the model's.               */

bool rv_enabled(const rv_thr *t)
{
    rv_mutex_st spin;
    rv_mstate s = state_of(&t->pending, &spin);
    return rv_model_enabled(&s, &t->pending);
}

unsigned rv_atomic_owner(void)
{
    return rv_world.atomic;
}

bool rv_thread_detached(unsigned t)
{
    if (t < RV_MASK_THREADS) return (rv_world.detached >> t) & 1;
    return (rv_world_hi[t - RV_MASK_THREADS] & RV_WF_DETACHED) != 0;
}

int32_t rv_mutex_owner(uint64_t m)
{
    return MX(m)->owner;
}

uint32_t rv_domain(const rv_thr *t)
{
    rv_mutex_st spin;
    rv_mstate s = state_of(&t->pending, &spin);
    return rv_model_domain(&s, &t->pending);
}

/* A reader >= RV_MASK_THREADS of rwlock rw (one that holds one exists). */
static uint64_t hi_reader(uint64_t rw)
{
    for (unsigned t = RV_MASK_THREADS; t < rt.nthreads; t++) {
        const rv_mhi *h = &hi_table()[t - RV_MASK_THREADS];
        for (int k = 0; k < RV_HI_RD; k++)
            if (h->rdn[k] && h->rd[k] == rw) return t;
    }
    return RV_NO_THREAD;
}

uint64_t rv_holder_of(const rv_thr *t)
{
    const rv_action *a = &t->pending;
    if (a->kind == RV_ACT_LOCK || a->kind == RV_ACT_WAIT2) {
        rv_mutex_st spin;
        const rv_mutex_st *m = state_of(a, &spin).mx;
        return m->owner ? (uint64_t)(m->owner - 1) : RV_NO_THREAD;
    }
    if (a->kind == RV_ACT_RDLOCK || a->kind == RV_ACT_WRLOCK) {
        const rv_rwlock_st *r = (const rv_rwlock_st *)(uintptr_t)a->obj;
        if (r->writer) return (uint64_t)(r->writer - 1);
        if (r->readers[0]) return (uint64_t)__builtin_ctzll(r->readers[0]);
        return r->nhi ? hi_reader(a->obj) : RV_NO_THREAD;
    }
    if (a->kind == RV_ACT_JOIN) return a->obj;
    return RV_NO_THREAD;
}

static void misuse(rv_thr *t, uint64_t obj, const char *what)
{
    rt.running = t;
    rv_end_exec(RV_END_MISUSE, t->pending_pc, obj, "%s", what);
}

/* The object a misuse report names: the mutex of a condition wait when
 * the message is about it, else the action's object. */
static uint64_t misused_obj(const rv_action *a, const char *msg)
{
    if ((a->kind == RV_ACT_WAIT1 || a->kind == RV_ACT_WAIT2) && strstr(msg, "mutex"))
        return a->obj2;
    return a->obj;
}

/* A compare-exchange is decided now, as its event is taken: nothing runs
 * until its thread performs it (memory.c), so the bytes at obj are the
 * ones it will compare.  A failed one only reads (action.h). */
static void decide_cas(rv_event *ev)
{
    uint64_t cur;
    if (!rv_peek(ev->act.obj, ev->act.len, &cur)) return; /* faults in the thread: stays RMW */
    if (cur != ev->act.arg) ev->act.kind = RV_ACT_READ;
}

/* The program's bytes the model is about to change for action a (its
 * objects in state s; a spin lock's packed word): the memory image keeps
 * what it held there (image.c). */
static void note_objects(const rv_mstate *s, const rv_action *a, const rv_mutex_st *spin)
{
    if (s->mx == spin)
        rv_image_obj((const void *)(uintptr_t)a->obj, sizeof(uint32_t)); /* rv_spin_pack */
    else if (s->mx)
        rv_image_obj(s->mx, sizeof *s->mx);
    if (s->cv) rv_image_obj(s->cv, sizeof *s->cv);
    if (s->sem) rv_image_obj(s->sem, sizeof *s->sem);
    if (s->once) rv_image_obj(s->once, sizeof *s->once);
    if (s->rw) rv_image_obj(s->rw, sizeof *s->rw);
    if (s->bar) rv_image_obj(s->bar, sizeof *s->bar);
}

void rv_apply(rv_thr *t, rv_event *ev, uint32_t val)
{
    if (rv_is_cas(&ev->act)) decide_cas(ev);
    rv_mutex_st spin;
    rv_mstate s = state_of(&ev->act, &spin);
    note_objects(&s, &ev->act, &spin);
    char msg[160];
    int r = rv_model_apply(&s, &ev->act, val, msg, sizeof msg);
    if (ev->act.flags & RV_AF_SPIN) rv_spin_pack(ev->act.obj, &spin);
    if (r == RV_MODEL_MISUSE) misuse(t, misused_obj(&ev->act, msg), msg);
    t->result = r;
    switch (ev->act.kind) {
    case RV_ACT_CREATE: {
        t->nchildren++;
        pthread_t id = (pthread_t)ev->act.obj; /* *thread: part of the event, and of its wv */
        rv_acct_event_store(ev, (void *)(uintptr_t)ev->act.obj2, &id, sizeof id);
        if (rt.flags & RV_REQ_DRF) rv_race_thread_start(rv_tid(t), (unsigned)ev->act.obj);
        rv_thread_start((unsigned)ev->act.obj, t);
        break;
    }
    case RV_ACT_EXIT:
        t->state = RV_T_FINISHED;
        break;
    case RV_ACT_WAIT1:
        t->wait_count = (uint32_t)ev->act.arg; /* restored by w2 (its arg) */
        break;
    case RV_ACT_ONCE_BEGIN:
        t->result = (int)ev->act.arg; /* this thread runs the initialiser */
        break;
    case RV_ACT_BAR_ARRIVE:
        t->result = (int)(uint32_t)ev->act.arg; /* generation << 1 | serial */
        break;
    default: /* memory, nondet and yield: the thread itself acts once resumed */
        break;
    }
}

/* ---- objects that started raw (condition variables, rwlocks) ------------- */

#define RAW_TAG 0x21574152u /* past the overlay: "this object started raw" */

uint8_t rv_raw_start(uint64_t obj, size_t overlay, uint32_t status)
{
    volatile uint32_t *tag = (volatile uint32_t *)(uintptr_t)(obj + overlay);
    bool raw = *tag == RAW_TAG || !rv_model_status_written(status);
    if (!raw) return 0;
    rv_image_obj((const void *)tag, sizeof *tag); /* no event writes it (image.c) */
    *tag = RAW_TAG;
    return RV_AF_RAW;
}

rv_action rv_cond_act(rv_kind k, pthread_cond_t *c)
{
    rv_action a = rv_act(k, (uint64_t)(uintptr_t)c);
    a.flags = rv_raw_start(a.obj, sizeof(rv_cond_st), ((const rv_cond_st *)c)->status);
    return a;
}

/* ---- the scheduling policies of pthread_create's attributes (sync.c's
 * rv_create_attr) and thrattr.c's calls -------------------------------------- */

int rv_sched_check(int policy, int prio)
{
    switch (policy) {
    case SCHED_OTHER:
    case SCHED_BATCH:
    case SCHED_IDLE:
        return prio == 0 ? 0 : EINVAL;
    case SCHED_FIFO:
    case SCHED_RR:
        return prio < sched_get_priority_min(policy) || prio > sched_get_priority_max(policy)
                   ? EINVAL
                   : EPERM;
    default:
        return EINVAL;
    }
}
