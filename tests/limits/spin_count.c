/* spin_count.c — main waits for a flag another thread sets and counts its
 * turns: every state of the spin is new (the count), so no cutoff ends
 * it, and each execution in which the setter comes late runs to
 * --max-events (issue 28 part 5).  With --keep-going every one of them is
 * explored: 100,000-event executions, each of which cost the unfolding
 * O(n^2) before (a conflict test walked the whole difference of two
 * histories before looking at it). */
#include <pthread.h>
#include <stdatomic.h>

atomic_int flag;
int turns; /* beside flag: one 8-byte granule */

static void *setter(void *a)
{
    atomic_store(&flag, 1);
    return a;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, setter, 0);
    while (!atomic_load(&flag)) turns++; /* marker: spin */
    pthread_join(t, 0);
    return 0;
}
