/* A compare-and-swap whose `expected` is a local, in functions whose only
 * instrumented accesses are atomic ones (the shape of an MCS lock's
 * release, sysprog21/concurrent-programs mcslock.c).  At -O0 clang keeps
 * &expected in a spill slot and, after the CAS hook returns, reloads it
 * to store the value it saw: a store through a pointer to the thread's
 * own frame, with no hook (ThreadSanitizer leaves accesses to locals
 * whose address does not escape alone).  The object scan lost the spill
 * slot's contents at the hook's call in functions with no hook of a plain
 * access, judged the store "unannounced, outside the stack", and every
 * state became unique: the spin never ended and the result was never
 * exhaustive (objscan.c, transfer).  Correct: exhaustive, no error.
 * -DBUG: the increment is outside the lock: the assertion fails. */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>

static _Atomic(int *) lock;
static int token[2];
static int counter;

static int try_acquire(int *me)
{
    int *expected = NULL;
    return atomic_compare_exchange_strong_explicit(&lock, &expected, me, memory_order_acquire,
                                                   memory_order_relaxed);
}

static void acquire(int *me)
{
    while (!try_acquire(me))
        while (atomic_load_explicit(&lock, memory_order_relaxed) != NULL) {
        }
}

static void release(void)
{
    atomic_store_explicit(&lock, NULL, memory_order_release);
}

static void *worker(void *arg)
{
    int *me = arg;
#ifdef BUG
    int c = counter;
    acquire(me);
    counter = c + 1;
#else
    acquire(me);
    counter++;
#endif
    release();
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, worker, &token[0]);
    pthread_create(&b, 0, worker, &token[1]);
    pthread_join(a, 0);
    pthread_join(b, 0);
    assert(counter == 2);
    return 0;
}
