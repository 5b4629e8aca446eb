/* OPEN (not run in CI): pthread_exit does not run the thread's cleanup
 * handlers.  f pushes a handler that unlocks m, locks m and calls
 * pthread_exit; POSIX runs the handler (glibc: natively the program exits
 * 0), so main's lock after the join succeeds and ran == 1.  Under ravel
 * every mode (dfs --keep-going: 3 executions, udpor: 1) reports
 * "deadlock: 1 thread blocked": a false error, the same in every
 * algorithm.  glibc's C macros
 * call __pthread_register_cancel / __pthread_unregister_cancel (not
 * "pthread_"-prefixed, so the compile driver binds them to the C library,
 * which records the buffer in the one OS thread's descriptor, shared by
 * every ravel thread) and expect pthread_exit to longjmp to the buffer
 * (__sigsetjmp_cancel) and __pthread_unwind_next to go on to the next.
 * Idea: wrap the three in the runtime (a per-thread list, hashed with the
 * thread's record), and in __ravel_pthread_exit longjmp to the innermost
 * buffer before the key destructors; C++ (-fexceptions) uses
 * __pthread_cleanup_class, whose destructor needs the unwinding instead. */
#include <assert.h>
#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int ran;
static void unlock(void *a)
{
    ran = 1;
    pthread_mutex_unlock(&m);
}
void *f(void *a)
{
    pthread_cleanup_push(unlock, 0);
    pthread_mutex_lock(&m);
    pthread_exit(0);
    pthread_cleanup_pop(0);
    return 0;
}
int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, f, 0);
    pthread_join(t, 0);
    pthread_mutex_lock(&m);
    assert(ran);
    return 0;
}
