/* pthread_cleanup_push handlers run by pthread_exit (src/runtime/
 * cleanup.c).  glibc's C macros register a buffer on the pushing frame
 * and expect pthread_exit to jump to the innermost one; before the
 * runtime kept a list per thread, pthread_exit ran no handler and every
 * mode reported a false "deadlock: 1 thread blocked" for OP 0.
 * OP 0: f pushes a handler that unlocks m, locks m and exits: main's
 *       lock after the join succeeds, ran == 1 (no error).
 * OP 1: two nested handlers run innermost first (order 2 then 1).
 * OP 2: pop(1) runs the handler, pop(0) does not, and neither runs again
 *       at the exit (ran == 1).
 * OP 3: the handler (f's, while holding m) records whether main has set
 *       x (2 traces); with -DBUG it asserts x == 0, which fails in the
 *       trace where main's store comes first: every algorithm finds it.
 * OP 4: thread 0 (main) itself exits through pthread_exit, its handler
 *       unlocks m for f. */
#ifndef OP
#define OP 0
#endif
#include <assert.h>
#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int ran, order[2], n, x;
static void unlock(void *a)
{
    ran++;
    pthread_mutex_unlock(&m);
}
static void note(void *a)
{
    order[n++] = (int)(long)a;
}
static void check_x(void *a)
{
#ifdef BUG
    assert(x == 0);
#endif
    ran = 1 + x;
    pthread_mutex_unlock(&m);
}
void *f(void *a)
{
#if OP == 0
    pthread_cleanup_push(unlock, 0);
    pthread_mutex_lock(&m);
    pthread_exit(0);
    pthread_cleanup_pop(0);
#elif OP == 1
    pthread_cleanup_push(note, (void *)1);
    pthread_cleanup_push(note, (void *)2);
    pthread_exit(0);
    pthread_cleanup_pop(0);
    pthread_cleanup_pop(0);
#elif OP == 2
    pthread_cleanup_push(unlock, 0);
    pthread_mutex_lock(&m);
    pthread_cleanup_pop(1);
    pthread_cleanup_push(unlock, 0);
    pthread_cleanup_pop(0);
    pthread_exit(0);
#elif OP == 3
    pthread_cleanup_push(check_x, 0);
    pthread_mutex_lock(&m);
    pthread_exit(0);
    pthread_cleanup_pop(0);
#else
    pthread_mutex_lock(&m);
    ran = 1;
    pthread_mutex_unlock(&m);
#endif
    return 0;
}
int main(void)
{
    pthread_t t;
#if OP == 4
    pthread_mutex_lock(&m);
    pthread_create(&t, 0, f, 0);
    pthread_cleanup_push(unlock, 0);
    pthread_exit(0);
    pthread_cleanup_pop(0);
#else
    pthread_create(&t, 0, f, 0);
#if OP == 3
    x = 1;
#endif
    pthread_join(t, 0);
    pthread_mutex_lock(&m);
#if OP == 1
    assert(n == 2 && order[0] == 2 && order[1] == 1);
#elif OP == 3
    assert(ran == 1 || ran == 2);
#else
    assert(ran == 1);
#endif
#endif
    return 0;
}
