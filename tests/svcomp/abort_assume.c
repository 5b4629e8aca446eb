/* abort() as assume(false): the path where x is not 1 is infeasible, so
 * reach_error() is unreachable.  Under --property=all the abort() is an
 * error, under unreach-call it ends the execution without one. */
#include <pthread.h>
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "abort_assume.c", 3, "reach_error"); }

int x;
void *t(void *arg)
{
    x = 2;
    return 0;
}
int main(void)
{
    pthread_t th;
    x = 1;
    pthread_create(&th, 0, t, 0);
    if (x != 1) abort(); /* the interleavings where t ran first: infeasible */
    pthread_join(th, 0);
    if (x != 2) reach_error();
    return 0;
}
