/* Two threads each allocate from the heap, in an order that differs between
 * executions (it follows the order of their first visible write).  Thread 2
 * allocates a mutex and uses it.  Every execution appends "x=<last writer>
 * m=<address>" to the file named by $MM_LOG: with deterministic per-thread
 * heaps, the mutex has the same address whichever thread allocated first. */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
static int x;
static void *p1;
static pthread_mutex_t *pm;

static void *one(void *arg)
{
    x = 1;
    p1 = malloc(sizeof(pthread_mutex_t));
    return NULL;
}

static void *two(void *arg)
{
    x = 2;
    pthread_mutex_t *m = malloc(sizeof *m);
    pthread_mutex_init(m, NULL);
    pthread_mutex_lock(m);
    pthread_mutex_unlock(m);
    pm = m;
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, one, NULL);
    pthread_create(&b, NULL, two, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    char line[128];
    int n = snprintf(line, sizeof line, "x=%d m=%p\n", x, (void *)pm);
    const char *path = getenv("MM_LOG");
    if (!path) return 0; /* run outside the test: log nothing */
    int fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (fd >= 0) {
        if (write(fd, line, (size_t)n) != n) abort();
        close(fd);
    }
    return 0;
}
