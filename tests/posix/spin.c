/* Spin locks (normal-mutex semantics).  Two threads add 1 to x under the
 * lock; main joins both and checks x.
 *   MODE 0: correct.  Traces: the two critical sections are ordered by the
 *           lock (their accesses to x are inside), everything else is
 *           ordered by create/join: 2 traces (a first or b first).
 *   MODE 1: b skips the lock: its read/write of x interleave with a's
 *           section, and a lost update fails the assertion.
 *   MODE 2: b takes the lock with trylock and adds only if it got it;
 *           main checks x == 1 + got.  Traces: b's trylock before a's lock
 *           (acquires; then a's lock waits), between a's lock and unlock
 *           (fails), after a's unlock (acquires): 3.  Correct.
 *   MODE 3: b locks twice: a spin lock is not recursive, b never gets it
 *           again: a deadlock (ravel never spins) in every trace.
 *   MODE 4: b unlocks a lock it does not hold: a misuse. */
#include <assert.h>
#include <pthread.h>

static pthread_spinlock_t l;
static int x, got;

static void *fa(void *arg)
{
    pthread_spin_lock(&l);
    x = x + 1;
    pthread_spin_unlock(&l);
    return arg;
}

static void *fb(void *arg)
{
    if (MODE == 2) {
        if (pthread_spin_trylock(&l) == 0) {
            got = 1;
            x = x + 1;
            pthread_spin_unlock(&l);
        }
        return arg;
    }
    if (MODE == 4) {
        pthread_spin_unlock(&l);
        return arg;
    }
    if (MODE != 1) pthread_spin_lock(&l);
    if (MODE == 3) pthread_spin_lock(&l);
    x = x + 1;
    if (MODE != 1) pthread_spin_unlock(&l);
    return arg;
}

int main(void)
{
    pthread_t a, b;
    pthread_spin_init(&l, PTHREAD_PROCESS_PRIVATE);
    pthread_create(&a, 0, fa, 0);
    pthread_create(&b, 0, fb, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    if (MODE == 2)
        assert(x == 1 + got);
    else if (MODE != 4)
        assert(x == 2);
    pthread_spin_destroy(&l);
    return 0;
}
