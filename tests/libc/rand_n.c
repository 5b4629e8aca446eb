/* N threads (-DN=2 or 3) each call rand() once and share nothing else:
 * the calls are pairwise dependent (one PRNG state), so there are exactly
 * N! Mazurkiewicz traces (the orders of the N calls). */
#include <pthread.h>
#include <stdlib.h>
#ifndef N
#define N 2
#endif
void *f(void *p)
{
    (void)rand();
    return 0;
}
int main(void)
{
    pthread_t t[N];
    for (int i = 0; i < N; i++) pthread_create(&t[i], 0, f, 0);
    for (int i = 0; i < N; i++) pthread_join(t[i], 0);
    return 0;
}
