/* The program runs under the user's stack limit, not the one ravel raises
 * for itself (tests/cli small_stack_limit): EXPECT is the limit in bytes. */
#include <assert.h>
#include <pthread.h>
#include <sys/resource.h>
static int x;
static void *f(void *a)
{
    x = 1;
    return a;
}
int main(void)
{
    struct rlimit r;
    getrlimit(RLIMIT_STACK, &r);
    pthread_t t;
    pthread_create(&t, 0, f, 0);
    x = 2;
    pthread_join(t, 0);
    assert(r.rlim_cur == EXPECT);
    return 0;
}
