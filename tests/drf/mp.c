/* Message passing through an atomic flag (tests/drf): the writer sets
 * data, then flag; the reader reads data only after seeing flag set.
 * Whether the plain accesses to data race depends on the memory orders:
 *   -DST=<order of the store>  -DLD=<order of the load>  (memory_order_*)
 *   -DWFENCE: a release fence before the store; -DRFENCE: an acquire fence
 *   after the load (C11 7.17.4: fences make relaxed accesses synchronise);
 *   -DRFENCE_EARLY: the acquire fence before the load (orders nothing);
 *   -DWFENCE_MO=, -DRFENCE_MO=: the fences' orders (default release and
 *   acquire; seq_cst and acq_rel fences are both, an acquire fence on the
 *   writer's side or a release fence on the reader's orders nothing)
 * Race-free iff the store is release (or seq_cst, or preceded by a release
 * fence) and the load acquire (or consume, seq_cst, or followed by an
 * acquire fence) — C11 5.1.2.4. */
#include <pthread.h>
#include <stdatomic.h>

#ifndef ST
#define ST memory_order_relaxed
#endif
#ifndef LD
#define LD memory_order_relaxed
#endif
#ifndef WFENCE_MO
#define WFENCE_MO memory_order_release
#endif
#ifndef RFENCE_MO
#define RFENCE_MO memory_order_acquire
#endif

int data;
atomic_int flag;
int r;

static void *writer(void *arg)
{
    (void)arg;
    data = 1; /* the write */
#ifdef WFENCE
    atomic_thread_fence(WFENCE_MO);
#endif
    atomic_store_explicit(&flag, 1, ST);
    return 0;
}

static void *reader(void *arg)
{
    (void)arg;
#ifdef RFENCE_EARLY
    atomic_thread_fence(memory_order_acquire);
#endif
    if (atomic_load_explicit(&flag, LD)) {
#ifdef RFENCE
        atomic_thread_fence(RFENCE_MO);
#endif
        r = data; /* the read */
    }
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, writer, 0);
    pthread_create(&b, 0, reader, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
