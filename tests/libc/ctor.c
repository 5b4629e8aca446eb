/* Family functions called outside an execution (a constructor before
 * main, an atexit handler after it) run normally: the runtime's call is a
 * no-op there.  The sequence after srand(5) is the same in the
 * constructor and in main. */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

static int c0, c1;
static const char *home;
__attribute__((constructor)) static void init(void)
{
    srand(5);
    c0 = rand();
    home = getenv("PATH");
}
static void bye(void)
{
    srand(5);
    c1 = rand();
    if (c1 != c0) abort();
}
void *f(void *p)
{
    (void)rand();
    return 0;
}
int main(void)
{
    pthread_t t;
    atexit(bye);
    srand(5);
    assert(rand() == c0);
    assert(home == getenv("PATH"));
    pthread_create(&t, 0, f, 0);
    (void)rand();
    pthread_join(t, 0);
    return 0;
}
