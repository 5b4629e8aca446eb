/* Two threads each call rand() once.  Under the fork server every
 * execution starts from the same seed, so the first call returns R1 and
 * the second R2 (srand(1): 1804289383, then 846930886).  The assertion
 * fails only when the second thread (tb) calls rand() first: a behaviour
 * a checker misses if it treats the two calls as independent. */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

int a, b;
void *fa(void *p)
{
    a = rand();
    return 0;
}
void *fb(void *p)
{
    b = rand();
    return 0;
}
int main(void)
{
    pthread_t ta, tb;
    pthread_create(&ta, 0, fa, 0);
    pthread_create(&tb, 0, fb, 0);
    pthread_join(ta, 0);
    pthread_join(tb, 0);
    assert(!(b == 1804289383 && a == 846930886)); /* tb called rand() first */
    return 0;
}
