/* Three threads race through pthread_once: the initialiser runs exactly
 * once, and every caller returns only after it has finished. */
#include <assert.h>
#include <pthread.h>
#include <stddef.h>
static pthread_once_t once = PTHREAD_ONCE_INIT;
static int runs, ready;

static void init(void)
{
    runs++;
    ready = 1;
}

static void *worker(void *arg)
{
    pthread_once(&once, init);
    assert(ready == 1);
    return NULL;
}

int main(void)
{
    pthread_t t[3];
    for (int i = 0; i < 3; i++) pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < 3; i++) pthread_join(t[i], NULL);
    assert(runs == 1);
    return 0;
}
