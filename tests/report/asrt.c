/* asrt.c — a lost update: main's local `seen` is 1 when the assertion
 * fails (tests/report, replay under gdb). */
#include <assert.h>
#include <pthread.h>

int counter;
static void *inc(void *a)
{
    int local = counter; /* READ */
    counter = local + 1;
    return a;
}
int main(void)
{
    pthread_t t1, t2;
    pthread_create(&t1, 0, inc, 0);
    pthread_create(&t2, 0, inc, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    int seen = counter;
    assert(seen == 2); /* FAILS */
    return 0;
}
