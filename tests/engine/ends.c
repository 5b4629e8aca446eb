/* Executions end in every way a program can: normally, exit() from a
 * thread, abort, a crash, a deadlock, a timeout (a silent loop).  Both
 * engines must report the same executions and errors, and the reset
 * engine must keep serving executions after each of them. */
#include <pthread.h>
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);

static pthread_mutex_t m1 = PTHREAD_MUTEX_INITIALIZER, m2 = PTHREAD_MUTEX_INITIALIZER;
static int x;

static void *t(void *arg)
{
    int v = x;
    if (v == 1) exit(0); /* exit from a thread: the program ends */
    if (v == 2) abort();
    if (v == 3) *(volatile int *)0 = 1; /* crash */
    if (v == 4) {
        pthread_mutex_lock(&m2);
        pthread_mutex_lock(&m1);
        pthread_mutex_unlock(&m1);
        pthread_mutex_unlock(&m2);
    }
    if (v == 5)
        for (;;) __asm__ volatile(""); /* silent (no events): ends at --timeout */
    return NULL;
}

int main(void)
{
    pthread_t a;
    pthread_create(&a, NULL, t, NULL);
    x = __VERIFIER_nondet_int(); /* 0..5 with --nondet-domain=0:5 */
    pthread_mutex_lock(&m1);
    pthread_mutex_lock(&m2);
    pthread_mutex_unlock(&m2);
    pthread_mutex_unlock(&m1);
    pthread_join(a, NULL);
    return 0;
}
