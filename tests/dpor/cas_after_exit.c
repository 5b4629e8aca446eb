/* Issue 12 (fuzzer seed 184): main creates a thread that does nothing,
 * then an atomic store, a failing compare-exchange and a join.  One
 * Mazurkiewicz trace; main's own events and states are the same in every
 * schedule.  The naive bounded DFS found one more local state of main
 * (at the compare-exchange) when the thread ran and exited right after
 * its creation: the runtime's frames above the scheduler, hashed with
 * main's stack, held a slot that no code of this call wrote and that the
 * store's wrapper had left there, the store event's index, and the
 * registers the program got back from the store held it too.  Seed 002
 * Theorem 1 (tests/dpor/run.sh, theorem1) needs the same local states
 * from BPOR and the naive search. */
#include <pthread.h>
#include <stdatomic.h>

static atomic_int a;

static void *empty(void *arg)
{
    return arg;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, empty, NULL);
    atomic_store(&a, 1);
    int e = 2;
    atomic_compare_exchange_strong(&a, &e, 0);
    pthread_join(t, NULL);
    return 0;
}
