/* Attack on cutoffs under --memory=drf (issue 28 part 7): the value main
 * reads after its spin was written by plain accesses, which are no events
 * in drf.  A state that left them out would call the spin's states after
 * one and after two increments equal (the writer's local state is the same
 * at its loop's top) and cut the one with the bug.  The plain accesses make
 * those states unique (RV_TAINT_PLAIN): the default finds the assertion as
 * --no-cutoffs and dfs do, or says it is not exhaustive. */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int v; /* plain, under m */
static atomic_int go;

static void *writer(void *arg)
{
    (void)arg;
    for (;;) {
        pthread_mutex_lock(&m);
        int stop = ++v >= 2;
        pthread_mutex_unlock(&m);
        if (stop) break;
    }
    atomic_store_explicit(&go, 1, memory_order_release);
    return 0;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, writer, 0);
    for (int k = 0; k < 3 && !atomic_load_explicit(&go, memory_order_acquire); k++) {
        pthread_mutex_lock(&m);
        pthread_mutex_unlock(&m);
    }
    pthread_mutex_lock(&m);
    assert(v != 2);
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    return 0;
}
