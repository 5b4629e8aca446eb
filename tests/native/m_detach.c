/* Issue 9: pthread_detach is an event that orders with join: joining a
 * thread another thread detached first fails with EINVAL; with -DBUG the
 * joiner asserts success. */
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stddef.h>
static pthread_t w;
static int created;

static void *work(void *arg)
{
    return NULL;
}

static void *joiner(void *arg)
{
    int r = pthread_join(w, NULL);
    assert(r == 0 || r == EINVAL);
#ifdef BUG
    assert(r == 0);
#endif
    return NULL;
}

int main(void)
{
    pthread_t j;
    pthread_create(&w, NULL, work, NULL);
    pthread_create(&j, NULL, joiner, NULL);
    pthread_detach(w);
    pthread_join(j, NULL);
    return 0;
}
