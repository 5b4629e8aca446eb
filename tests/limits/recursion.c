/* recursion.c — unbounded recursion in a thread (-DMAIN: in main), 4 KiB
 * frames: a stack overflow, reported as such, also under an address-space
 * limit. */
#include <pthread.h>

static int depth(int n)
{
    volatile char pad[4096];
    pad[0] = (char)n;
    return n > 1 << 30 ? pad[0] : depth(n + 1) + pad[0];
}

static void *go(void *a)
{
    return (void *)(long)depth(0);
}

int main(void)
{
#ifdef MAIN
    return depth(0);
#else
    pthread_t t;
    pthread_create(&t, 0, go, 0);
    pthread_join(t, 0);
    return 0;
#endif
}
