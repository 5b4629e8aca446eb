/* --memory=drf with cutoffs (issue 28 part 7): a spin-wait on an atomic
 * flag.  Every shared access after main's first event is an atomic (an
 * event), so the states of the spin repeat and are cut: exhaustive, with
 * the executions of the default mode.  Before, drf ran without cutoffs and
 * the spin ran to --max-events.  -DPLAIN adds a plain write by the setter
 * before its store: the states after it are unique (RV_TAINT_PLAIN), and
 * the run ends as not exhaustive, naming the access.  -DBUG: main's
 * assertion fails on a value the setter stored (found in every mode). */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

static atomic_int flag, val;
static int data; /* plain */

static void *setter(void *arg)
{
    (void)arg;
#ifdef PLAIN
    data = 5;
#endif
    atomic_store_explicit(&val, 2, memory_order_relaxed);
    atomic_store_explicit(&val, 3, memory_order_relaxed);
    atomic_store_explicit(&flag, 1, memory_order_release);
    return 0;
}

int main(void)
{
    data = 1; /* before main's first event: the same in every execution */
    pthread_t a;
    pthread_create(&a, 0, setter, 0);
    while (!atomic_load_explicit(&flag, memory_order_acquire))
        ;
#ifdef BUG
    assert(atomic_load_explicit(&val, memory_order_relaxed) != 3);
#endif
    pthread_join(a, 0);
    return 0;
}
