/* POSIX semantics of errorcheck and recursive mutexes, checked by the
 * program itself in every interleaving. */
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stddef.h>
static pthread_mutex_t ec, rec;
static int inside;

static void *worker(void *arg)
{
    /* errorcheck: relock by the owner fails with EDEADLK */
    assert(pthread_mutex_lock(&ec) == 0);
    assert(pthread_mutex_lock(&ec) == EDEADLK);
    assert(pthread_mutex_unlock(&ec) == 0);
    /* recursive: the owner may lock it again; it is released by the last unlock */
    assert(pthread_mutex_lock(&rec) == 0);
    assert(pthread_mutex_lock(&rec) == 0);
    assert(pthread_mutex_trylock(&rec) == 0);
    inside++;
    assert(inside == 1);
    inside--;
    assert(pthread_mutex_unlock(&rec) == 0);
    assert(pthread_mutex_unlock(&rec) == 0);
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
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    /* errorcheck: unlocking a mutex one does not hold fails with EPERM */
    assert(pthread_mutex_unlock(&ec) == EPERM);
    assert(pthread_mutex_lock(&ec) == 0);
    assert(pthread_mutex_unlock(&ec) == 0);
    return 0;
}
