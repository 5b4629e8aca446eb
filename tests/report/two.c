/* two.c — two distinct errors: an assertion and a deadlock (tests/report,
 * --keep-going), for the SARIF log. */
#include <assert.h>
#include <pthread.h>

static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
static int x;

static void *t1(void *arg)
{
    pthread_mutex_lock(&a);
    pthread_mutex_lock(&b); /* T1-B */
    x = 1;
    pthread_mutex_unlock(&b);
    pthread_mutex_unlock(&a);
    return arg;
}
static void *t2(void *arg)
{
    pthread_mutex_lock(&b);
    pthread_mutex_lock(&a); /* T2-A */
    pthread_mutex_unlock(&a);
    pthread_mutex_unlock(&b);
    return arg;
}
int main(void)
{
    pthread_t p, q;
    pthread_create(&p, 0, t1, 0);
    pthread_create(&q, 0, t2, 0);
    assert(x == 0); /* ASSERT-X */
    pthread_join(p, 0);
    pthread_join(q, 0);
    return 0;
}
