/* long.c — a failing execution of over a hundred steps, most of them one
 * thread's run of writes to an array only it uses (tests/report: the HTML
 * report folds such runs, and finds steps by line). */
#include <assert.h>
#include <pthread.h>

static int priv[120];
static int shared;
static void *worker(void *arg)
{
    for (int i = 0; i < 120; i++) priv[i] = i; /* LOOP */
    shared = 1; /* PUBLISH */
    return arg;
}
int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    int seen = shared; /* READ */
    pthread_join(t, 0);
    assert(seen == 1); /* FAILS */
    return 0;
}
