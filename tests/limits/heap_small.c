/* heap_small.c — two threads each allocate a small block and add its
 * value to a counter under a lock: an ordinary program, which must run
 * under an address-space limit (ulimit -v) as without one.  Each thread's
 * heap arena was a 4 GiB reservation: under `ulimit -v 8000000` the first
 * malloc failed as "heap limit exceeded allocating 4 bytes". */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int n;

static void *work(void *a)
{
    int *p = malloc(sizeof *p);
    *p = 1;
    pthread_mutex_lock(&m);
    n += *p;
    pthread_mutex_unlock(&m);
    free(p);
    return a;
}

int main(void)
{
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, work, 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    assert(n == 2);
    return 0;
}
