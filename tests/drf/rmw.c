/* Release sequences through RMWs and same-thread stores, and the failure
 * order of compare-exchange (tests/drf; C11 5.1.2.4 p10 release sequence,
 * 7.17.7.4 compare-exchange).  Writer W writes data then publishes x; a
 * middle thread M modifies x; reader R reads data when it sees x == 2.
 *   MODE 1  W: store(x,1,release)   M: fetch_add(x,1,relaxed)
 *           M's RMW is in W's release sequence: R synchronises with W.
 *   MODE 2  W: store(x,1,release)   M: if load(x)==1: store(x,2,relaxed)
 *           M's plain store ends W's sequence: data races.
 *   MODE 3  W: store(x,1,release); store(x,2,relaxed)   (M does nothing)
 *           a later store of the head's thread stays in its sequence.
 *   MODE 4  W: fetch_add(x,1,relaxed)  M: fetch_add(x,1,relaxed)
 *           nothing releases: data races.
 *   MODE 5  as 1, and M reads data when its fetch_add(acq_rel) saw 1:
 *           an RMW chain of acquires, race-free.
 *   MODE 6  as 5 with M's fetch_add relaxed: M's read of data races.
 *   MODE 7  R instead tries compare_exchange(x, 5 -> 7, seq_cst, FMO) and
 *           reads data when it failed having seen 1: race-free iff the
 *           failure order FMO acquires.
 *   MODE 8  M: store(x,1,relaxed) (a plain store by another thread first);
 *           W, once it sees 1: fetch_add(x,1,release); store(x,10,relaxed)
 *           R reads data when it sees 10: W's store is in the release
 *           sequence its own RMW heads (only W modifies x after the RMW),
 *           so R synchronises with W: race-free.
 *   MODE 9  as 8 with W's fetch_add relaxed: data races. */
#include <pthread.h>
#include <stdatomic.h>

#ifndef MODE
#define MODE 1
#endif
#if MODE == 8 || MODE == 9
#define SEEN 10
#else
#define SEEN 2
#endif
#ifndef FMO
#define FMO memory_order_relaxed
#endif

int data;
atomic_int x;
int r, r2;

static void *w(void *arg)
{
    (void)arg;
    data = 1; /* the write */
#if MODE == 4
    atomic_fetch_add_explicit(&x, 1, memory_order_relaxed);
#elif MODE == 8 || MODE == 9
    if (atomic_load_explicit(&x, memory_order_relaxed) == 1) {
        atomic_fetch_add_explicit(&x, 1, MODE == 8 ? memory_order_release : memory_order_relaxed);
        atomic_store_explicit(&x, 10, memory_order_relaxed);
    }
#else
    atomic_store_explicit(&x, 1, memory_order_release);
#endif
#if MODE == 3
    atomic_store_explicit(&x, 2, memory_order_relaxed);
#endif
    return 0;
}

static void *m(void *arg)
{
    (void)arg;
#if MODE == 1 || MODE == 4
    atomic_fetch_add_explicit(&x, 1, memory_order_relaxed);
#elif MODE == 2
    if (atomic_load_explicit(&x, memory_order_relaxed) == 1)
        atomic_store_explicit(&x, 2, memory_order_relaxed);
#elif MODE == 5
    if (atomic_fetch_add_explicit(&x, 1, memory_order_acq_rel) == 1)
        r2 = data; /* M reads, acq_rel */
#elif MODE == 8 || MODE == 9
    atomic_store_explicit(&x, 1, memory_order_relaxed);
#elif MODE == 6
    if (atomic_fetch_add_explicit(&x, 1, memory_order_relaxed) == 1)
        r2 = data; /* M reads, relaxed */
#endif
    return 0;
}

static void *rd(void *arg)
{
    (void)arg;
#if MODE == 7
    int e = 5;
    if (!atomic_compare_exchange_strong_explicit(&x, &e, 7, memory_order_seq_cst, FMO) && e == 1)
        r = data; /* R reads after CAS */
#else
    if (atomic_load_explicit(&x, memory_order_acquire) == SEEN) r = data; /* R reads after load */
#endif
    return 0;
}

int main(void)
{
    pthread_t a, b, c;
    pthread_create(&a, 0, w, 0);
    pthread_create(&b, 0, m, 0);
    pthread_create(&c, 0, rd, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    pthread_join(c, 0);
    return 0;
}
