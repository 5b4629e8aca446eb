/* main chooses where to store from a local it never initialized, so the
 * choice is indeterminate (found on sv-benchmarks'
 * goblint-regression/06-symbeq_12-equ_proc_rc, expected FALSE under
 * no-data-race).  Ground truth: when x is nonzero main's store to `a`
 * races with the thread's; when x is zero nothing races.  ravel runs
 * whatever the stack held (the same in every execution), so it explores
 * one of the two; the compiler reports the read (-Wuninitialized), and
 * the verdict must be UNKNOWN, never TRUE.  -DINIT=0 or -DINIT=1
 * initializes x: TRUE and FALSE(no-data-race). */
#include <pthread.h>

int a, b;

static void *writer(void *arg)
{
    a = 1;
    return NULL;
}

int main(void)
{
#ifdef INIT
    int x = INIT;
#else
    int x;
#endif
    int *p = x ? &a : &b;
    pthread_t t;
    pthread_create(&t, NULL, writer, NULL);
    *p = 2;
    pthread_join(t, NULL);
    return 0;
}
