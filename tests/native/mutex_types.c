/* POSIX semantics of errorcheck and recursive mutexes, checked by the
 * program itself in every interleaving (kept small: DFS enumerates all). */
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stddef.h>
static pthread_mutex_t ec, rec;

static void *other(void *arg)
{
    /* both mutexes are held by main while this thread runs */
    assert(pthread_mutex_trylock(&ec) == EBUSY);
    assert(pthread_mutex_unlock(&ec) == EPERM); /* errorcheck: not the owner */
    assert(pthread_mutex_trylock(&rec) == EBUSY); /* recursive, owned by main */
    return NULL;
}

static void *after(void *arg)
{
    assert(pthread_mutex_trylock(&rec) == 0); /* main released it completely */
    assert(pthread_mutex_unlock(&rec) == 0);
    return NULL;
}

int main(void)
{
    pthread_mutexattr_t a;
    pthread_mutexattr_init(&a);
    pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ERRORCHECK);
    pthread_mutex_init(&ec, &a);
    pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&rec, &a);
    pthread_mutexattr_destroy(&a);

    assert(pthread_mutex_lock(&ec) == 0);
    assert(pthread_mutex_lock(&ec) == EDEADLK); /* errorcheck: relock by the owner */
    assert(pthread_mutex_lock(&rec) == 0);
    assert(pthread_mutex_lock(&rec) == 0); /* recursive: the owner locks again */
    assert(pthread_mutex_trylock(&rec) == 0);
    pthread_t t;
    pthread_create(&t, NULL, other, NULL);
    pthread_join(t, NULL);
    assert(pthread_mutex_unlock(&ec) == 0);
    assert(pthread_mutex_unlock(&ec) == EPERM); /* no longer held */
    assert(pthread_mutex_unlock(&rec) == 0);
    assert(pthread_mutex_unlock(&rec) == 0);
    assert(pthread_mutex_unlock(&rec) == 0); /* released by the third unlock ... */
    pthread_create(&t, NULL, after, NULL);    /* ... so another thread can take it */
    pthread_join(t, NULL);
    return 0;
}
