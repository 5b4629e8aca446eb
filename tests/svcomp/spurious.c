/* reach_error only after a spurious wake-up: the waiter does not re-check
 * its condition in a loop, so if pthread_cond_wait returns without a
 * signal, ready is still 0.  POSIX allows that (and SV-COMP's
 * pthread-divine tasks expect it): the SV-COMP verdict is FALSE.  ravel
 * never wakes a waiter spuriously, so it cannot find the path; it must
 * not answer TRUE either. */
#include <pthread.h>
extern void reach_error(void);

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int ready;

void *waiter(void *arg)
{
    pthread_mutex_lock(&m);
    if (!ready) pthread_cond_wait(&c, &m);
    if (!ready) reach_error();
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void)
{
    pthread_t w;
    pthread_create(&w, 0, waiter, 0);
    pthread_mutex_lock(&m);
    ready = 1;
    pthread_cond_signal(&c);
    pthread_mutex_unlock(&m);
    pthread_join(w, 0);
    return 0;
}
