/* Issue 9: pthread_create's write of *thread is part of its event, so a
 * thread reading the variable concurrently is ordered with the create:
 * reader sees 0 (before) or the new id (after); with -DBUG it asserts 0. */
#include <assert.h>
#include <pthread.h>
#include <stddef.h>
static pthread_t g;
static int seen;

static void *reader(void *arg)
{
    seen = g != 0;
#ifdef BUG
    assert(!seen);
#endif
    return NULL;
}

static void *empty(void *arg)
{
    return NULL;
}

int main(void)
{
    pthread_t r;
    pthread_create(&r, NULL, reader, NULL);
    pthread_create(&g, NULL, empty, NULL);
    pthread_join(r, NULL);
    pthread_join(g, NULL);
    return 0;
}
