/* create_nondet.c — a nondet number of workers (SV-COMP's other shape):
 * main creates workers while __VERIFIER_nondet_bool() says so, then joins
 * none of them.  The lost update needs two workers. */
#include <assert.h>
#include <pthread.h>

extern _Bool __VERIFIER_nondet_bool(void);
static int x;

static void *worker(void *a)
{
    int v = x;
    x = v + 1;
    assert(x == v + 1); /* LINE-ASSERT */
    return a;
}

int main(void)
{
    pthread_t t;
    while (__VERIFIER_nondet_bool()) pthread_create(&t, 0, worker, 0);
    return 0;
}
