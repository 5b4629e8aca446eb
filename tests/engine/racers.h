/* racers.h — two threads that race on a counter, for the engine tests of
 * issue 27 part 3: four executions (udpor), so that each program runs
 * several executions in one process under the reset engine. */
#include <pthread.h>
#include <stddef.h>

static int racers_x;

static void *racer(void *arg)
{
    racers_x++;
    return arg;
}

/* Start two threads running fn (racer when NULL). */
static void race_start(pthread_t t[2], void *(*fn)(void *))
{
    pthread_create(&t[0], NULL, fn ? fn : racer, NULL);
    pthread_create(&t[1], NULL, fn ? fn : racer, NULL);
}

static void race_join(pthread_t t[2])
{
    pthread_join(t[0], NULL);
    pthread_join(t[1], NULL);
}
