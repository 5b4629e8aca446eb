/* Pre-runs under --memory=drf (tests/engine run.sh t_prerun_attack_drf):
 * the race detector's clocks, built by the prefix's lock events, go on
 * across the pause; the race on r (only where ta saw all twelve
 * increments) is reported at the same place by both engines. */
#include <pthread.h>
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int cnt, r;
static void *ta(void *arg)
{
    for (int i = 0; i < 6; i++) {
        pthread_mutex_lock(&m);
        cnt++;
        pthread_mutex_unlock(&m);
    }
    pthread_mutex_lock(&m);
    int c = cnt;
    pthread_mutex_unlock(&m);
    if (c == 12) r = 1;
    return NULL;
}
int main(void)
{
    pthread_t a;
    pthread_create(&a, NULL, ta, NULL);
    for (int i = 0; i < 6; i++) {
        pthread_mutex_lock(&m);
        cnt++;
        pthread_mutex_unlock(&m);
    }
    r = 2;
    pthread_join(a, NULL);
    return 0;
}
