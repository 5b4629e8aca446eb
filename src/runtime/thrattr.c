/*
 * thrattr.c — what one thread can set and read of another: its name
 * (pthread_setname_np, pthread_getname_np), its scheduling policy and
 * priority (pthread_setschedparam, pthread_getschedparam,
 * pthread_setschedprio), and its attributes (pthread_getattr_np).
 *
 * Contract: each thread's name and scheduling live in a 32-byte block of
 * a runtime table (rv_zmap: zero again at each execution), which is
 * memory like the program's: every access is an atomic memory event on
 * the whole block (a read, or a read-modify-write), so two calls on one
 * thread are dependent, calls on different threads are not, and the
 * state folds each block as the bytes its last write left
 * (docs/UDPOR.md "What a state contains").  A new thread inherits its
 * creator's name and scheduling (Linux copies both at clone), or takes
 * the scheduling its attributes name explicitly: the creator reads its
 * own block and writes the child's at two events before the create event
 * (rv_tattr_spawn), when no other thread can know the child's id yet.
 * This file is linked only into programs that call a function defined
 * here (sync.c refers to rv_tattr_spawn weakly), so other programs pay
 * no event for it.
 *
 * Semantics (DESIGN §3b): a name has at most 15 bytes (ERANGE beyond; a
 * buffer shorter than 16 bytes: ERANGE); a thread never named has the
 * process's name (the executable's, as the kernel sets it at exec).  The
 * program runs unprivileged: SCHED_OTHER, SCHED_BATCH and SCHED_IDLE at
 * priority 0 are accepted, real-time policies refused with EPERM
 * (rv_sched_check); priorities change nothing else, since every
 * interleaving is explored whatever they say.  Thread ids stay valid
 * after a thread ends, as everywhere in the model (a join does not end
 * them); an id no create returned is ESRCH.
 *
 * Owns: the table of the threads' names and scheduling (tab).
 */
#include "rt.h"
#include "engine.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <string.h>
#include <sys/mman.h>

#include "posix_ext.h"
#include "strev.h"

#define PC RV_PC()

typedef struct rv_tattr {
    char name[16]; /* "" until named: the process's name */
    int32_t policy, prio;
    uint32_t pad[2];
} rv_tattr;
_Static_assert(sizeof(rv_tattr) == 32, "one block per thread");

#define RV_TATTR_KEY 0x7461u /* rv_zmap's key for the table ("ta") */

static rv_tattr *tab;

static rv_tattr *block(unsigned t)
{
    if (!tab) {
        size_t len = (RV_MAX_THREADS * sizeof(rv_tattr) + 4095) & ~(size_t)4095;
        bool fresh;
        void *p = rv_zmap(RV_TATTR_KEY, NULL, len, &fresh);
        if (p == MAP_FAILED)
            rv_end_exec(RV_END_INTERNAL, 0, 0, "cannot map the table of thread names");
        tab = p;
    }
    return &tab[t];
}

/* Thread t's block copied out at an atomic read event. */
static rv_tattr read_block(unsigned t, uint64_t pc)
{
    rv_tattr *b = block(t);
    int e = errno;
    rv_mem_event(RV_ACT_READ, b, sizeof *b, pc, RV_AF_ATOMIC);
    errno = e;
    return *b;
}

/* Thread t's block at an atomic read-modify-write event: the caller
 * changes it before the thread's next event. */
static rv_tattr *modify_block(unsigned t, uint64_t pc)
{
    rv_tattr *b = block(t);
    int e = errno;
    rv_mem_event(RV_ACT_RMW, b, sizeof *b, pc, RV_AF_ATOMIC);
    errno = e;
    return b;
}

void rv_tattr_spawn(unsigned id, const rv_spawn_attr *sa, uint64_t pc)
{
    rv_tattr c = read_block(rv_tid(rv_self()), pc);
    if (sa->explicit_sched) {
        c.policy = sa->policy;
        c.prio = sa->prio;
    }
    rv_tattr *b = block(id);
    int e = errno;
    rv_mem_event(RV_ACT_WRITE, b, sizeof *b, pc, RV_AF_ATOMIC);
    errno = e;
    *b = c;
}

static bool valid(pthread_t t)
{
    return t < rt.nthreads && rv_thr_at((unsigned)t)->state != RV_T_NONE;
}

/* The name of a thread never named: the executable's, as the kernel
 * sets it at exec (its first 15 bytes). */
static void process_name(char out[16])
{
    extern char *program_invocation_short_name;
    memset(out, 0, 16);
    strncpy(out, program_invocation_short_name, 15);
}

int __ravel_pthread_setname_np(pthread_t t, const char *name)
{
    uint64_t pc = PC;
    rv_snap x;
    rv_snap_str(&x, name, 16, pc); /* 15 bytes and the terminator, or too long */
    char v[16] = {0};
    size_t n = strlen(x.p);
    if (n <= 15) memcpy(v, x.p, n);
    rv_snap_free(&x);
    if (n > 15) return ERANGE;
    if (!valid(t)) return ESRCH;
    rv_tattr *b = modify_block((unsigned)t, pc);
    memcpy(b->name, v, sizeof v);
    return 0;
}

int __ravel_pthread_getname_np(pthread_t t, char *buf, size_t len)
{
    uint64_t pc = PC;
    if (len < 16) return ERANGE; /* as glibc: the buffer must hold any name */
    if (!valid(t)) return ESRCH;
    rv_tattr c = read_block((unsigned)t, pc);
    char v[16];
    if (c.name[0])
        memcpy(v, c.name, sizeof v);
    else
        process_name(v);
    rv_out(buf, v, strlen(v) + 1, pc);
    return 0;
}

int __ravel_pthread_setschedparam(pthread_t t, int policy, const struct sched_param *p)
{
    uint64_t pc = PC;
    struct sched_param v;
    rv_in(&v, p, sizeof v, pc);
    if (!valid(t)) return ESRCH;
    int r = rv_sched_check(policy, v.sched_priority);
    if (r) return r;
    rv_tattr *b = modify_block((unsigned)t, pc);
    b->policy = policy;
    b->prio = v.sched_priority;
    return 0;
}

int __ravel_pthread_getschedparam(pthread_t t, int *policy, struct sched_param *p)
{
    uint64_t pc = PC;
    if (!valid(t)) return ESRCH;
    rv_tattr c = read_block((unsigned)t, pc);
    struct sched_param v;
    memset(&v, 0, sizeof v);
    v.sched_priority = c.prio;
    int pol = c.policy;
    rv_out(policy, &pol, sizeof pol, pc);
    rv_out(p, &v, sizeof v, pc);
    return 0;
}

/* Only priority 0 is valid under the policies an unprivileged thread
 * can have, and it is the one every thread has: nothing to write. */
int __ravel_pthread_setschedprio(pthread_t t, int prio)
{
    uint64_t pc = PC;
    if (!valid(t)) return ESRCH;
    rv_tattr c = read_block((unsigned)t, pc);
    return rv_sched_check(c.policy, prio);
}

/* pthread_getattr_np: the thread's detach state, stack, guard and
 * scheduling, written to *attr at one write event.  Another thread's
 * pthread_detach changes the detach state with a detach event, which
 * only a join or detach depends on (action.h), so the state is read
 * inside an atomic section (whose ends depend on every other thread's
 * action) unless it can no longer change: the caller's own thread,
 * detached already.  Main's stack is the process's, which the C library
 * reports; the others' are the runtime's (kernel.c, map_stack). */
int __ravel_pthread_getattr_np(pthread_t t, pthread_attr_t *attr)
{
    uint64_t pc = PC;
    if (!valid(t)) return ESRCH;
    rv_thr *th = rv_thr_at((unsigned)t);
    bool fixed = th == rv_self() && rv_thread_detached((unsigned)t);
    if (!fixed) rv_atomic_enter(pc);
    bool detached = rv_thread_detached((unsigned)t);
    if (!fixed) rv_atomic_exit(pc);
    rv_tattr b = read_block((unsigned)t, pc);
    pthread_attr_t c;
    memset(&c, 0, sizeof c);
    pthread_attr_init(&c);
    pthread_attr_setdetachstate(&c, detached ? PTHREAD_CREATE_DETACHED : PTHREAD_CREATE_JOINABLE);
    if (t == 0) {
        pthread_attr_t m;
        void *lo = NULL;
        size_t size = 0, guard = 0;
        if (pthread_getattr_np(pthread_self(), &m) == 0) {
            pthread_attr_getstack(&m, &lo, &size);
            pthread_attr_getguardsize(&m, &guard);
            pthread_attr_destroy(&m);
        }
        pthread_attr_setstack(&c, lo, size);
        pthread_attr_setguardsize(&c, guard);
    } else {
        pthread_attr_setstack(&c, th->stack_lo, (size_t)(th->stack_hi - th->stack_lo));
        pthread_attr_setguardsize(&c, RV_GUARD_SIZE);
    }
    struct sched_param sp;
    memset(&sp, 0, sizeof sp);
    sp.sched_priority = b.prio;
    pthread_attr_setschedpolicy(&c, b.policy);
    pthread_attr_setschedparam(&c, &sp);
    rv_out(attr, &c, sizeof c, pc);
    return 0;
}
