/* main runs code on a coroutine stack in its data (makecontext,
 * swapcontext) between its visible actions: OP 0, a visible action there
 * (wfn reads x); OP 1, only instrumented calls (hooked() has
 * __tsan_func_entry, which lowers the scrub's low-water mark).  The mark
 * then lay on the coroutine's stack, far below main's own, and the scrub
 * after main's next action reached down to it: once the mark started at
 * each action's frame (commit 44b092e, uninit_stack.c -DREC -DRET) both crashed
 * in every mode (signal 11, faulting address 0, after 1 execution).  A
 * mark on another stack is now ignored (sched.c, dead_floor).  No error:
 * dfs 45 executions (OP 0), 28 (OP 1). */
#ifndef OP
#define OP 0
#endif
#include <pthread.h>
#include <sched.h>
#include <ucontext.h>
int x, r;
static char co_stack[65536];
static ucontext_t back, co;
__attribute__((noinline)) static int hooked(int n)
{
    return n ? hooked(n - 1) + 1 : 0;
}
static void wfn(void)
{
#if OP == 0
    r = x;
    sched_yield();
#else
    r = hooked(3);
#endif
}
void *fb(void *a)
{
    x = 1;
    return 0;
}
int main(void)
{
    pthread_t tb;
    pthread_create(&tb, 0, fb, 0);
    getcontext(&co);
    co.uc_stack.ss_sp = co_stack;
    co.uc_stack.ss_size = sizeof co_stack;
    co.uc_link = &back;
    makecontext(&co, wfn, 0);
    swapcontext(&back, &co);
    sched_yield();
    pthread_join(tb, 0);
    return 0;
}
