/* Two threads race through pthread_once: the initialiser runs exactly
 * once, and each caller returns only after it has finished. */
#include <assert.h>
#include <pthread.h>
#include <stddef.h>
static pthread_once_t once = PTHREAD_ONCE_INIT;
static int runs;

static void init(void)
{
    runs++;
}

static void *worker(void *arg)
{
    pthread_once(&once, init);
    assert(runs == 1);
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
