/*
 * c11threads.c — C11 <threads.h> as a thin layer over the runtime's POSIX
 * threads (sync.c).
 *
 * Contract: every C11 function calls the pthread function glibc's own
 * <threads.h> implementation calls, on the same storage, so its events,
 * dependence, enabledness and misuse checks are exactly the pthread
 * equivalent's (the one model, src/core/model.h); only the return codes
 * are mapped (glibc's thrd_err_map: 0 -> thrd_success, EBUSY -> thrd_busy,
 * ENOMEM -> thrd_nomem, ETIMEDOUT -> thrd_timedout, anything else ->
 * thrd_error).  The storage layouts are glibc's: mtx_t and cnd_t are
 * unions of pthread_mutex_t's and pthread_cond_t's size and alignment,
 * once_flag is an int as pthread_once_t (ONCE_FLAG_INIT is 0, as
 * PTHREAD_ONCE_INIT), tss_t is pthread_key_t and thrd_t is pthread_t
 * (asserted below).  Each wrapper hands its caller's pc to sync.c
 * (rv_pc_override, rt.h) so that events name the program's line.
 *
 * A thrd_start_t returns int; the thread is started through the
 * void *(*)(void *) type of pthread_create and its int result is the low
 * half of the pointer-sized result (x86-64 System V returns both in rax;
 * the runtime is x86-64 only, ctx_x86_64.S), which thrd_join truncates
 * back, as thrd_exit widens its argument.
 *
 * Timed calls (mtx_timedlock, cnd_timedwait) are the pthread timed calls
 * (posix_ext.c), referenced strongly: the runtime is an archive, and a weak
 * reference would not pull posix_ext.o into a program that calls no other
 * POSIX extension (the call would end as unsupported).
 *
 * Owns: no state: each C11 call is its POSIX counterpart's action (sync.c),
 * made as the program's (rv_pc_override, kernel.c).
 */
#include "rt.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <threads.h>
#include <time.h>

_Static_assert(sizeof(mtx_t) == sizeof(pthread_mutex_t) &&
                   _Alignof(mtx_t) == _Alignof(pthread_mutex_t),
               "mtx_t is pthread_mutex_t storage");
_Static_assert(sizeof(cnd_t) == sizeof(pthread_cond_t) &&
                   _Alignof(cnd_t) == _Alignof(pthread_cond_t),
               "cnd_t is pthread_cond_t storage");
_Static_assert(sizeof(once_flag) == sizeof(pthread_once_t), "once_flag is pthread_once_t");
_Static_assert(sizeof(tss_t) == sizeof(pthread_key_t), "tss_t is pthread_key_t");
_Static_assert(sizeof(thrd_t) == sizeof(pthread_t), "thrd_t is pthread_t");

/* the runtime's pthread layer (sync.c) */
int __ravel_pthread_create(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);
int __ravel_pthread_join(pthread_t, void **);
int __ravel_pthread_detach(pthread_t);
pthread_t __ravel_pthread_self(void);
int __ravel_sched_yield(void);
int __ravel_nanosleep(const void *, void *);
int __ravel_pthread_mutex_init(pthread_mutex_t *, const pthread_mutexattr_t *);
int __ravel_pthread_mutex_destroy(pthread_mutex_t *);
int __ravel_pthread_mutex_lock(pthread_mutex_t *);
int __ravel_pthread_mutex_trylock(pthread_mutex_t *);
int __ravel_pthread_mutex_unlock(pthread_mutex_t *);
int __ravel_pthread_cond_init(pthread_cond_t *, const pthread_condattr_t *);
int __ravel_pthread_cond_destroy(pthread_cond_t *);
int __ravel_pthread_cond_wait(pthread_cond_t *, pthread_mutex_t *);
int __ravel_pthread_cond_signal(pthread_cond_t *);
int __ravel_pthread_cond_broadcast(pthread_cond_t *);
int __ravel_pthread_once(pthread_once_t *, void (*)(void));
int __ravel_pthread_key_create(pthread_key_t *, void (*)(void *));
int __ravel_pthread_key_delete(pthread_key_t);
void *__ravel_pthread_getspecific(pthread_key_t);
int __ravel_pthread_setspecific(pthread_key_t, const void *);
/* timed calls (posix_ext.c) */
int __ravel_pthread_mutex_timedlock(pthread_mutex_t *, const struct timespec *);
int __ravel_pthread_cond_timedwait(pthread_cond_t *, pthread_mutex_t *, const struct timespec *);

/* Evaluate a sync.c call as if the program had made it (rt.h). */
#define AS_CALLER(call)                                                                            \
    __extension__({                                                                                \
        rv_pc_override = RV_PC();                                                                  \
        __typeof__(call) r_ = (call);                                                              \
        rv_pc_override = 0;                                                                        \
        r_;                                                                                        \
    })

static int thrd_code(int err)
{
    switch (err) {
    case 0:
        return thrd_success;
    case EBUSY:
        return thrd_busy;
    case ENOMEM:
        return thrd_nomem;
    case ETIMEDOUT:
        return thrd_timedout;
    default:
        return thrd_error;
    }
}

#define MX(m) ((pthread_mutex_t *)(void *)(m))
#define CV(c) ((pthread_cond_t *)(void *)(c))

/* ------------------------------------------------------------------ */
/* Threads.                                                            */

int __ravel_thrd_create(thrd_t *thr, thrd_start_t fn, void *arg)
{
    /* the int result comes back in the pointer's low half (see above) */
    void *(*start)(void *) = (void *(*)(void *))(void (*)(void))fn;
    return thrd_code(AS_CALLER(__ravel_pthread_create(thr, NULL, start, arg)));
}

int __ravel_thrd_join(thrd_t thr, int *res)
{
    uint64_t pc = RV_PC();
    void *ret = NULL;
    int r = rv_join(thr, &ret, pc);
    if (r == 0 && res) {
        int v = (int)(intptr_t)ret;
        rv_out(res, &v, sizeof v, pc); /* at a write event (progmem.c) */
    }
    return thrd_code(r);
}

int __ravel_thrd_detach(thrd_t thr)
{
    return thrd_code(AS_CALLER(__ravel_pthread_detach(thr)));
}

__attribute__((noreturn)) void __ravel_thrd_exit(int res)
{
    rv_thread_finish((void *)(intptr_t)res); /* pthread_exit: no event of its own before EXIT */
}

thrd_t __ravel_thrd_current(void)
{
    return __ravel_pthread_self();
}

int __ravel_thrd_equal(thrd_t a, thrd_t b)
{
    return a == b;
}

void __ravel_thrd_yield(void)
{
    AS_CALLER(__ravel_sched_yield());
}

/* Sleeping is a yield, as nanosleep (sync.c): 0, the whole time slept. */
int __ravel_thrd_sleep(const struct timespec *t, struct timespec *rem)
{
    return AS_CALLER(__ravel_nanosleep(t, rem));
}

/* ------------------------------------------------------------------ */
/* Mutexes: glibc's mtx_init maps the C11 types to pthread kinds.      */

int __ravel_mtx_init(mtx_t *m, int type)
{
    int kind;
    switch (type) {
    case mtx_plain:
    case mtx_timed:
        kind = PTHREAD_MUTEX_NORMAL;
        break;
    case mtx_plain | mtx_recursive:
    case mtx_timed | mtx_recursive:
        kind = PTHREAD_MUTEX_RECURSIVE;
        break;
    default:
        return thrd_error;
    }
    /* the kind straight to sync.c: no attribute object in the program's
     * memory to read at an event */
    return thrd_code(rv_mutex_init(MX(m), kind, RV_PC()));
}

void __ravel_mtx_destroy(mtx_t *m)
{
    AS_CALLER(__ravel_pthread_mutex_destroy(MX(m)));
}

int __ravel_mtx_lock(mtx_t *m)
{
    return thrd_code(AS_CALLER(__ravel_pthread_mutex_lock(MX(m))));
}

int __ravel_mtx_trylock(mtx_t *m)
{
    return thrd_code(AS_CALLER(__ravel_pthread_mutex_trylock(MX(m))));
}

int __ravel_mtx_unlock(mtx_t *m)
{
    return thrd_code(AS_CALLER(__ravel_pthread_mutex_unlock(MX(m))));
}

int __ravel_mtx_timedlock(mtx_t *m, const struct timespec *ts)
{
    return thrd_code(AS_CALLER(__ravel_pthread_mutex_timedlock(MX(m), ts)));
}

/* ------------------------------------------------------------------ */
/* Condition variables.                                                */

int __ravel_cnd_init(cnd_t *c)
{
    return thrd_code(AS_CALLER(__ravel_pthread_cond_init(CV(c), NULL)));
}

void __ravel_cnd_destroy(cnd_t *c)
{
    AS_CALLER(__ravel_pthread_cond_destroy(CV(c)));
}

int __ravel_cnd_wait(cnd_t *c, mtx_t *m)
{
    return thrd_code(AS_CALLER(__ravel_pthread_cond_wait(CV(c), MX(m))));
}

int __ravel_cnd_signal(cnd_t *c)
{
    return thrd_code(AS_CALLER(__ravel_pthread_cond_signal(CV(c))));
}

int __ravel_cnd_broadcast(cnd_t *c)
{
    return thrd_code(AS_CALLER(__ravel_pthread_cond_broadcast(CV(c))));
}

int __ravel_cnd_timedwait(cnd_t *c, mtx_t *m, const struct timespec *ts)
{
    return thrd_code(AS_CALLER(__ravel_pthread_cond_timedwait(CV(c), MX(m), ts)));
}

/* ------------------------------------------------------------------ */
/* Once and thread-specific storage.                                   */

void __ravel_call_once(once_flag *flag, void (*fn)(void))
{
    AS_CALLER(__ravel_pthread_once((pthread_once_t *)(void *)flag, fn));
}

/* Destructors run when a thread ends, up to TSS_DTOR_ITERATIONS (4)
 * rounds, as pthread keys' (PTHREAD_DESTRUCTOR_ITERATIONS, sync.c). */
int __ravel_tss_create(tss_t *key, tss_dtor_t dtor)
{
    return thrd_code(AS_CALLER(__ravel_pthread_key_create(key, dtor)));
}

void __ravel_tss_delete(tss_t key)
{
    AS_CALLER(__ravel_pthread_key_delete(key));
}

void *__ravel_tss_get(tss_t key)
{
    return __ravel_pthread_getspecific(key);
}

int __ravel_tss_set(tss_t key, void *v)
{
    return thrd_code(__ravel_pthread_setspecific(key, v));
}
