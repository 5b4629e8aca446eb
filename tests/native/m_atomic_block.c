/* Issue 9: a thread that blocks inside an atomic section blocks everyone
 * (the one semantics, DESIGN "The one model"): when `other` holds m as
 * `sect` enters its section, the execution deadlocks. */
#include <pthread.h>
#include <stddef.h>
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int x, y;

static void *sect(void *arg)
{
    __VERIFIER_atomic_begin();
    pthread_mutex_lock(&m);
    x = 1;
    pthread_mutex_unlock(&m);
    __VERIFIER_atomic_end();
    return NULL;
}

static void *other(void *arg)
{
    pthread_mutex_lock(&m);
    y = 1;
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;
    pthread_create(&t1, NULL, sect, NULL);
    pthread_create(&t2, NULL, other, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return 0;
}
