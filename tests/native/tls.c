/* Each thread stores its id in a __thread variable, then checks its own
 * copy; both accesses are events (TLS lies at addresses of its own in each
 * thread, and a pointer to it could reach another thread), so DFS runs the
 * other thread between them.  If the threads shared one copy, an
 * interleaving explored by DFS would fail the assertion. */
#include <assert.h>
#include <pthread.h>
#include <stddef.h>
static __thread long mine = -1;

static void *worker(void *arg)
{
    long id = (long)arg;
    mine = id;
    assert(mine == id);
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, worker, (void *)1);
    pthread_create(&b, NULL, worker, (void *)2);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(mine == -1);
    return 0;
}
