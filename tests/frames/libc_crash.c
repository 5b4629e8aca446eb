/* A crash inside libc's memcpy (through the runtime's wrapper): the
 * report names the program's call. */
#include <pthread.h>
#include <string.h>

char *dst; /* NULL */

static void *worker(void *a)
{
    memcpy(dst, "abc", 4); /* marker: crash */
    return a;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_join(t, 0);
    return 0;
}
