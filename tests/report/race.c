/* race.c — a data race two calls deep in one thread and in main
 * (tests/report, --memory=drf). */
#include <pthread.h>

static int counter;
static void bump(void)
{
    counter++; /* RACE-A */
}
static void *worker(void *arg)
{
    bump(); /* CALL-BUMP */
    return arg;
}
int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, worker, 0); /* CREATE */
    counter = 5; /* RACE-B */
    pthread_join(t, 0);
    return 0;
}
