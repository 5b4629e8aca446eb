/* A constructor that allocates maps thread 0's heap arena (16 GiB of
 * address space, reserved) before the reset engine exists.  The snapshot
 * used to copy that whole mapping: the server never answered ("did not
 * answer within 30 s of starting").  Now the part below the bump pointer
 * is a snapshot range and the rest is zeroed after each execution, so
 * every execution sees the constructor's block as it left it and fresh
 * memory past it, as a forked child would. */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

#define BIG (64 << 10) /* past the runtime's 4 KiB fill of a new block */

static char *pre;
static int x;

__attribute__((constructor)) static void early(void)
{
    pre = calloc(1, 1 << 20);
    pre[0] = 1;
}

static void *worker(void *arg)
{
    x = 1;
    return arg;
}

int main(void)
{
    assert(pre[0] == 1 && pre[100] == 0); /* the constructor's block, put back */
    pre[100] = 5;
    char *big = malloc(BIG);
    assert(big[BIG - 1] == 0); /* past the pre-main part of the arena: zero again */
    big[BIG - 1] = 7;
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    int r = x;
    pthread_join(t, 0);
    return r;
}
