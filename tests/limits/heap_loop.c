/* heap_loop.c — a thread allocates 64 MiB blocks in a loop and fills each
 * (issue 27 part 6): the execution's --max-memory stops it, and neither
 * ravel's memory nor the program's grows past that.  Each fill is one
 * write event of 64 MiB, which udpor's mapping once filed per 8-byte
 * granule: 22.5 GB of ravel for the default 1 GiB heap. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static void *hog(void *a)
{
    for (;;) {
        char *p = malloc((size_t)64 << 20);
        if (!p) break;
        memset(p, 1, (size_t)64 << 20);
    }
    return a;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, hog, 0);
    pthread_join(t, 0);
    return 0;
}
