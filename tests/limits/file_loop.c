/* file_loop.c — a thread appends to a file forever: --max-output (the
 * largest file the program may write) ends the execution as a resource
 * limit. */
#include <pthread.h>
#include <stdio.h>

static char block[64 << 10]; /* one read event per write of 64 KiB */

static void *writer(void *a)
{
    FILE *f = fopen("file_loop.out", "w");
    if (!f) return a;
    for (;;) fwrite(block, 1, sizeof block, f);
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, writer, 0);
    pthread_join(t, 0);
    return 0;
}
