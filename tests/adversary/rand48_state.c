/* The rand48 generator's state lives in the C library, in no memory image.
 * OP 0: main's drand48 after a race on x that makes 2 traces: each
 *       execution must start from the default seed, so d is the first value
 *       of the default generator in every execution: no error, 2 traces.
 * OP 1: fa's lcong48 (a custom multiplier) races with main's erand48, which
 *       uses the shared multiplier: main's value differs in one order:
 *       the assertion, 3 traces (2 failing).
 * OP 2: fa's seed48 races with main's drand48: assertion.
 * OP 3: fa's erand48 on a shared xs races with main's lcong48 and with
 *       main's store to xs; the assertion fails when fa's erand48 runs
 *       wholly before the lcong48 (old seed, old multiplier).
 * Written by the adversary of issue 27 (2026-11-28).  dfs counted 4
 * traces for OP 1 where every DPOR algorithm ran 3: erand48's wrapper made
 * the family's read event and then the read event of xs, and the C
 * library read the multiplier only after that second event, so fa's
 * lcong48 could run between the two: one trace (the read event before
 * the lcong48) with two outcomes (the old multiplier, and the new one),
 * which dfs counted twice over its two different outcomes' executions.
 * OP 3 turns that into a wrong answer: the DPOR algorithms run the trace
 * "erand48's read event before lcong48, xs read after main's store"
 * through the one execution that exists, which reads the new multiplier,
 * and the default mode and optimal said "no error, exhaustive" (dfs: the
 * assertion).  Fixed (libcout.c RAND48): the family's read is the last
 * event before the C library's call.  dfs counts 2, 3, 3 and 5 traces,
 * and every explorer agrees. */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
int x;
#if OP == 3
unsigned short xs[3] = {0x330e, 0xabcd, 0x1234};
double d3;
#endif
void *fa(void *a)
{
#if OP == 3
    d3 = erand48(xs);
    return 0;
#endif
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
#if OP == 3
    unsigned short p[7] = {1, 2, 3, 5, 0, 0, 7};
    lcong48(p);
    xs[0] = 1;
    pthread_join(t, 0);
    unsigned long long v0 = (0x1234ull << 32 | 0xabcdull << 16 | 0x330e);
    v0 = (v0 * 0x5deece66dull + 0xb) & 0xffffffffffffull;
    assert(d3 != (double)v0 / 281474976710656.0); /* fa's erand48 before lcong48 */
    return 0;
#endif
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
