/* rand() inside __VERIFIER_atomic functions: each thread draws two values
 * in one indivisible step, so it gets two consecutive values of the
 * sequence (srand(1): R1 R2 R3 R4), never R1 and R3; the assertion in
 * main holds in both orders of the steps.  With -DBUG main also asserts
 * that fa drew first: false in the order where fb's step comes first. */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

#define R1 1804289383
#define R2 846930886
#define R3 1681692777
#define R4 1714636915
int a[2], b[2];
void __VERIFIER_atomic_draw2(int *out)
{
    out[0] = rand();
    out[1] = rand();
}
void *fa(void *p)
{
    __VERIFIER_atomic_draw2(a);
    return 0;
}
void *fb(void *p)
{
    __VERIFIER_atomic_draw2(b);
    return 0;
}
static int pair(const int *x, int u, int v)
{
    return x[0] == u && x[1] == v;
}
int main(void)
{
    pthread_t ta, tb;
    pthread_create(&ta, 0, fa, 0);
    pthread_create(&tb, 0, fb, 0);
    pthread_join(ta, 0);
    pthread_join(tb, 0);
    assert((pair(a, R1, R2) && pair(b, R3, R4)) || (pair(b, R1, R2) && pair(a, R3, R4)));
#ifdef BUG
    assert(a[0] == R1);
#endif
    return 0;
}
