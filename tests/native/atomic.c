/* Increments inside __VERIFIER_atomic_begin/end and inside a function named
 * __VERIFIER_atomic_* run without interruption: no update is lost. */
#include <assert.h>
#include <pthread.h>
#include <stddef.h>
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
static int x;

void __VERIFIER_atomic_inc(void)
{
    int v = x;
    x = v + 1;
}

static void *worker(void *arg)
{
    __VERIFIER_atomic_begin();
    int v = x;
    x = v + 1;
    __VERIFIER_atomic_end();
    __VERIFIER_atomic_inc();
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(x == 4);
    return 0;
}
