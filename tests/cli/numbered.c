/* Executions cut by a limit and a real error in one run (--keep-going):
 * main reads x and y, which two threads set; unless both were set it
 * waits for them and
 * spins forever, at a line of its own for each case (three distinct
 * event limits, found first by dfs), and when both were set the
 * assertion fails (the finding). */
#include <assert.h>
#include <pthread.h>

int x, y;
volatile int spin;

static void *fx(void *a)
{
    x = 1;
    return a;
}
static void *fy(void *a)
{
    y = 1;
    return a;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, fx, 0);
    pthread_create(&b, 0, fy, 0);
    int rx = x, ry = y;
    pthread_join(a, 0); /* alone from here: one path per spin */
    pthread_join(b, 0);
    if (!rx && !ry)
        for (;;) spin++; /* LOOP-00 */
    if (!rx)
        for (;;) spin++; /* LOOP-01 */
    if (!ry)
        for (;;) spin++; /* LOOP-10 */
    assert(!(rx && ry)); /* LINE-ASSERT */
    return 0;
}
