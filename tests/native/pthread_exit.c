/* pthread_exit in a thread ends that thread only; its value reaches join.
 * pthread_exit in main lets the other thread finish. */
#include <assert.h>
#include <pthread.h>
#include <stddef.h>
static int x;

static void *worker(void *arg)
{
    x = 1;
    pthread_exit((void *)7);
    assert(!"unreachable");
    return NULL;
}

static void *late(void *arg)
{
    assert(x == 1);
    return NULL;
}

int main(void)
{
    pthread_t t;
    void *v;
    pthread_create(&t, NULL, worker, NULL);
    pthread_join(t, &v);
    assert(v == (void *)7);
    pthread_create(&t, NULL, late, NULL);
    pthread_exit(NULL);
}
