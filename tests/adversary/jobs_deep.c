/* N threads each doing K increments of a shared counter under no lock,
 * with an error deep in the tree: the final value equals a target only
 * in a few interleavings. */
#include <assert.h>
#include <pthread.h>
#ifndef N
#define N 3
#endif
#ifndef K
#define K 2
#endif
int c;
void *f(void *a)
{
    for (int i = 0; i < K; i++) {
        int v = c;
        c = v + 1;
    }
    return a;
}
int main(void)
{
    pthread_t t[N];
    for (int i = 0; i < N; i++) pthread_create(&t[i], 0, f, 0);
    for (int i = 0; i < N; i++) pthread_join(t[i], 0);
#ifdef CRASH
    if (c == 2) *(volatile int *)0 = 1;
#endif
#ifdef HANG
    if (c == 2) for (;;) ;
#endif
    assert(c != TARGET);
    return 0;
}
