/* The memory image's table of synchronisation objects' bytes (image.c)
 * holds 6144 8-byte granules per execution; past that the image cannot
 * follow the objects' storage and every later write makes the state
 * unique, with its own reason (docs/UDPOR.md "The memory image").  N
 * mutexes (rv_mutex_st: 3 granules each) are initialised, then a write
 * (marked) and a spin-wait on a flag another thread sets: 2
 * executions while the table holds them (N = 1000), the spin runs to the
 * event limit with the reason and the write's line named (N = 2100). */
#include <pthread.h>
#ifndef N
#define N 1000
#endif
static pthread_mutex_t m[N];
static int flag, data;
static void *thr(void *x)
{
    __atomic_store_n(&flag, 1, __ATOMIC_SEQ_CST);
    return x;
}
int main(void)
{
    for (int i = 0; i < N; i++) pthread_mutex_init(&m[i], 0);
    data = 1; /* where: data */
    pthread_t t;
    pthread_create(&t, 0, thr, 0);
    while (!__atomic_load_n(&flag, __ATOMIC_SEQ_CST))
        ;
    pthread_join(t, 0);
    return 0;
}
