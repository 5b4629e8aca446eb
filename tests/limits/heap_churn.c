/* heap_churn.c — a thread allocates, fills and frees blocks of 2 MiB (and,
 * -DALIGN, aligned ones) 2,000 times: 4 GB handed out, 2 MiB live.  Blocks
 * above the size classes were never reused, so the execution hit the
 * default 1 GiB --max-memory after 512 rounds; now the thread gets its own
 * freed block back. */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static void *churn(void *a)
{
    for (int i = 0; i < 2000; i++) {
#ifdef ALIGN
        char *p = aligned_alloc(4096, (size_t)2 << 20);
        assert(((unsigned long)p & 4095) == 0);
#else
        char *p = malloc((size_t)2 << 20);
#endif
        memset(p, i, 4096);
        free(p);
    }
    return a;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, churn, 0);
    pthread_join(t, 0);
    return 0;
}
