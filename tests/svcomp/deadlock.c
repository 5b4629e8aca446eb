/* A lock-order deadlock and no call of reach_error: TRUE under
 * unreach-call (a deadlock is no call of reach_error), FALSE under
 * ravel's no-deadlock. */
#include <pthread.h>
extern void reach_error(void);

pthread_mutex_t m1 = PTHREAD_MUTEX_INITIALIZER, m2 = PTHREAD_MUTEX_INITIALIZER;
int x;

void *t1(void *arg)
{
    pthread_mutex_lock(&m1);
    pthread_mutex_lock(&m2);
    x++;
    pthread_mutex_unlock(&m2);
    pthread_mutex_unlock(&m1);
    return 0;
}

void *t2(void *arg)
{
    pthread_mutex_lock(&m2);
    pthread_mutex_lock(&m1);
    x++;
    pthread_mutex_unlock(&m1);
    pthread_mutex_unlock(&m2);
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, t1, 0);
    pthread_create(&b, 0, t2, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    if (x != 2) reach_error();
    return 0;
}
