/* Attack on cutoffs under --memory=drf (issue 28 part 7): two histories
 * that reach the same memory, local states and lock state, but differ in
 * happens-before.  The reader spins taking the lock; the writer sets x
 * before it takes the lock and publishes `done` with a relaxed store.
 * When the reader's last lock came before the writer's, its read of x is
 * a data race; when it came after, it is ordered.  No state of memory and
 * threads tells the two apart, so a cutoff of one by the other could lose
 * the race: the plain accesses make such states unique (RV_TAINT_PLAIN). */
#include <pthread.h>
#include <stdatomic.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int x; /* plain */
static atomic_int done;

static void *writer(void *arg)
{
    (void)arg;
    x = 1;
    pthread_mutex_lock(&m);
    pthread_mutex_unlock(&m);
    atomic_store_explicit(&done, 1, memory_order_relaxed);
    return 0;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, writer, 0);
    int r = 1;
    for (int k = 0; k < 3; k++) {
        pthread_mutex_lock(&m);
        pthread_mutex_unlock(&m);
        if (atomic_load_explicit(&done, memory_order_relaxed)) {
            r = x; /* races with x = 1 unless the last lock followed the writer's */
            break;
        }
    }
    pthread_join(t, 0);
    return r - 1;
}
