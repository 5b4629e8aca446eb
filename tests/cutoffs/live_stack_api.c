/* Liveness attack: a stack address handed out by the C library, from
 * which the caller's frame is reached (no instruction of the program
 * reads rsp or rbp as a value).  The caller is analysed and takes no
 * address, so `secret` is dead after `save()` by its own code and the
 * runtime zeroes it at look()'s pthread calls; look() then searches the
 * stack near the address kept.  Where the address comes from:
 *   -DUNWIND      the unwinder (_Unwind_Backtrace, _Unwind_GetCFA: each
 *                 frame's canonical frame address; libgcc_s, which every
 *                 program links);
 *   -DSTACK_END   glibc's `__libc_stack_end` (the top of main's stack:
 *                 the search runs from there down to look()'s frame);
 *   -DSIGINFO     a signal handler's third argument (the interrupted
 *                 context's registers: rsp).
 * Must report: only `seen == 0` (thr ran first); never `found`.  Each
 * failed (`found` with liveness only) at 664a6c0. */
#define _GNU_SOURCE
#include <assert.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <ucontext.h>
#include <unwind.h>
#define MAGIC 0x5ec2e7a11L
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int g;
pthread_t t;
long *kept[8];
int nkept;
static void *thr(void *p) { pthread_mutex_lock(&m); g = 1; pthread_mutex_unlock(&m); return 0; }
#if defined UNWIND
static _Unwind_Reason_Code one_frame(struct _Unwind_Context *c, void *arg)
{
    (void)arg;
    if (nkept == 8) return _URC_END_OF_STACK;
    kept[nkept++] = (long *)_Unwind_GetCFA(c);
    return _URC_NO_REASON;
}
__attribute__((noinline)) static void save(void) { _Unwind_Backtrace(one_frame, 0); }
#elif defined STACK_END
extern void *__libc_stack_end;
__attribute__((noinline)) static void save(void) { kept[nkept++] = __libc_stack_end; }
#elif defined SIGINFO
static void on_usr1(int sig, siginfo_t *si, void *uc)
{
    (void)sig, (void)si;
    kept[nkept++] = (long *)((ucontext_t *)uc)->uc_mcontext.gregs[REG_RSP];
}
__attribute__((noinline)) static void save(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_usr1;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGUSR1, &sa, 0);
    raise(SIGUSR1);
}
#endif
#if defined STACK_END
/* the search, from the top of the stack down to below (its reads are
 * not instrumented: thousands of them would each be an event) */
__attribute__((noinline, no_sanitize("thread"))) static int search(long *top)
{
    long here = 0;
    int found = 0;
    for (long *p = top - 1; p > &here; p--)
        if (*p == MAGIC) found = 1;
    return found + (int)here;
}
#endif
/* analysed: searches near each kept address after a visible action */
__attribute__((noinline)) static int look(void)
{
    pthread_mutex_lock(&m);
    int found = 0;
    for (int i = 0; i < nkept; i++) {
#if defined STACK_END
        found |= search(kept[i]);
#elif defined UNWIND
        for (int k = 1; k <= 32; k++)
            if (kept[i][-k] == MAGIC) found = 1;
#else
        for (int k = 0; k < 64; k++)
            if (kept[i][k] == MAGIC) found = 1;
#endif
    }
    pthread_mutex_unlock(&m);
    return found;
}
__attribute__((noinline)) static int caller(void)
{
    long secret = MAGIC;
    (void)secret;
    save();
    return look();
}
int main(void)
{
    pthread_create(&t, 0, thr, 0);
    int found = caller();
    pthread_mutex_lock(&m);
    int seen = g;
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    assert(found);
    assert(seen == 0);
    return 0;
}
