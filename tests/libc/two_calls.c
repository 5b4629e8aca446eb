/* Two threads, one C library call each (-DA=... -DB=...), nothing else
 * shared.  1 trace when the calls touch independent state (different
 * families, two readers of the environment, two printf), 2 when they
 * touch one family (a writer and a reader of the environment). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#ifndef A
#define A (void)rand()
#endif
#ifndef B
#define B (void)getenv("HOME")
#endif
void *fa(void *p)
{
    A;
    return 0;
}
void *fb(void *p)
{
    B;
    return 0;
}
int main(void)
{
    pthread_t ta, tb;
    pthread_create(&ta, 0, fa, 0);
    pthread_create(&tb, 0, fb, 0);
    pthread_join(ta, 0);
    pthread_join(tb, 0);
    return 0;
}
