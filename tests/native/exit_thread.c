/* A thread calls exit(0): the whole program ends at once (not an error), so
 * main's failing assertion after the join is never reached. */
#include <assert.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
static int x;

static void *worker(void *arg)
{
    x = 1;
    exit(0);
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    x = 2;
    pthread_join(t, NULL);
    assert(!"unreachable: the thread ended the program");
    return 0;
}
