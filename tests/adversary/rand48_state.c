/* The rand48 generator's state lives in the C library, in no memory image.
 * OP 0: main's drand48 after a race on x that makes 2 traces: each
 *       execution must start from the default seed, so d is the first value
 *       of the default generator in every execution: no error, 2 traces.
 * OP 1: fa's lcong48 (a custom multiplier) races with main's erand48, which
 *       uses the shared multiplier: main's value differs in one order:
 *       the assertion, 2 traces.
 * OP 2: fa's seed48 races with main's drand48: assertion.
 * Written by the adversary of issue 27 (2026-11-28); dfs counts 2, 4 and 3
 * traces (the family event of the rand48 calls orders them too), and every
 * explorer and engine agrees with it. */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
int x;
void *fa(void *a)
{
#if OP == 1
    unsigned short p[7] = {1, 2, 3, 5, 0, 0, 7};
    lcong48(p);
#elif OP == 2
    unsigned short s[3] = {9, 9, 9};
    seed48(s);
#endif
    x = 1;
    return 0;
}
int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, fa, 0);
    x = 2;
#if OP == 1
    unsigned short xs[3] = {0x330e, 0xabcd, 0x1234};
    double d = erand48(xs);
#else
    double d = drand48();
#endif
    pthread_join(t, 0);
#if OP == 1
    unsigned short ref[3] = {0x330e, 0xabcd, 0x1234};
#else
    unsigned short ref[3] = {0, 0, 0}; /* glibc's generator before any seed */
#endif
    /* the default generator's first value, computed without the library's state */
    unsigned long long v = ((unsigned long long)ref[2] << 32 | (unsigned long long)ref[1] << 16 | ref[0]);
    v = (v * 0x5deece66dull + 0xb) & 0xffffffffffffull;
    double want = (double)v / 281474976710656.0;
    assert(d == want);
    return 0;
}
