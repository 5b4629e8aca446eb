/* Liveness attack: a function that returns twice without setjmp.
 * swapcontext(&here, &here) saves the context and resumes it at once (the
 * first return); setcontext(&here) after jump() resumes it again (the
 * second).  On the first path nothing reads x after `jump()`, so a table
 * computed from main's code calls it dead at that call and the runtime
 * zeroes it at jump()'s pthread calls; after the second return
 * `x == 5` would fail.  -DGETCONTEXT saves with getcontext instead,
 * -DMAKECONTEXT resumes from a coroutine started with makecontext (its
 * stack a global array) that calls setcontext.  Failed (the `x == 5`
 * error) without -DGETCONTEXT before the driver required every function
 * the program imports to be on liveness.c's list (getcontext was on a
 * list of names that return twice; swapcontext and setcontext were not).
 * Must report: only `seen == 0` (thr ran first); never `x == 5`
 * (RAVEL_LIVENESS=0 gives the ground truth). */
#include <assert.h>
#include <pthread.h>
#include <ucontext.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int g, again;
pthread_t t; /* global: main takes no frame address (that pins its frame) */
ucontext_t here;
#ifdef MAKECONTEXT
ucontext_t co;
char co_stack[65536];
static void co_main(void) { setcontext(&here); }
#endif
static void *thr(void *p) { pthread_mutex_lock(&m); g = 1; pthread_mutex_unlock(&m); return 0; }
static void jump(void)
{
    pthread_mutex_lock(&m);
    pthread_mutex_unlock(&m);
    again = 1;
#ifdef MAKECONTEXT
    swapcontext(&co, &co); /* initialised without getcontext */
    co.uc_stack.ss_sp = co_stack;
    co.uc_stack.ss_size = sizeof co_stack;
    co.uc_link = 0;
    makecontext(&co, co_main, 0);
    setcontext(&co);
#else
    setcontext(&here);
#endif
}
int main(void)
{
    pthread_create(&t, 0, thr, 0);
    volatile int x = 5;
#ifdef GETCONTEXT
    getcontext(&here);
#else
    swapcontext(&here, &here);
#endif
    if (again) {
        assert(x == 5);
        pthread_mutex_lock(&m);
        int seen = g;
        pthread_mutex_unlock(&m);
        pthread_join(t, 0);
        assert(seen == 0);
        return 0;
    }
    x = 5;
    jump();
    return 1;
}
