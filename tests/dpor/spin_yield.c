/* A spin-yield wait that terminates under fair scheduling: the waiter
 * yields until the setter has published.  Without a fair bound the
 * search is infinite (the waiter can spin forever). */
#include <assert.h>
#include <pthread.h>
#include <sched.h>

static volatile int done, data;

static void *waiter(void *a)
{
    while (!done) sched_yield();
    assert(data == 42);
    return a;
}

static void *setter(void *a)
{
    data = 42;
    done = 1;
    return a;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, waiter, 0);
    pthread_create(&b, 0, setter, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
