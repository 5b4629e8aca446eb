/* Issue 9: a __VERIFIER_assume that fails in one thread while the others go
 * on.  The checker thread stops (like a blocked thread) when it sees x != 0;
 * main keeps running and may fail its own assertion. */
#include <assert.h>
#include <pthread.h>
#include <stddef.h>
extern void __VERIFIER_assume(int);
static int x, y;

static void *checker(void *arg)
{
    __VERIFIER_assume(x == 0);
    y = 1;
    return NULL;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, checker, NULL);
    x = 1;
    int v = y;
#ifdef BUG
    assert(v == 0);
#endif
    pthread_join(t, NULL);
    return 0;
}
