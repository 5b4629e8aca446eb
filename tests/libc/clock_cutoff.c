/* A clock that only advances must be part of the state: main polls the
 * clock while it waits for the flag, and the assertion fails only if it
 * read the clock at least three times before the flag was set.  Were the
 * clock's value not in the state, the loop's second turn would repeat the
 * first one's state and be cut, and the failing executions never run. */
#include <assert.h>
#include <pthread.h>
#include <time.h>

static int flag;

static void *setter(void *x)
{
    __atomic_store_n(&flag, 1, __ATOMIC_SEQ_CST);
    return x;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, setter, 0);
    while (!__atomic_load_n(&flag, __ATOMIC_SEQ_CST)) (void)time(NULL);
    assert(time(NULL) < 1735689600 + 4); /* fewer than three polls */
    pthread_join(t, 0);
    return 0;
}
