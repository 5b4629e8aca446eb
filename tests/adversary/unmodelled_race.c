/* C library functions that write the program's memory and that the
 * runtime does not wrap (compile.c, writes_through_pointers: the stream
 * scanf family, and what else of that list has no wrapper) wrote without
 * any event: their trampoline only tainted the state.  fa's fscanf into g
 * then looked independent of main's read of g, so every explorer but dfs
 * ran one order (main's read first) and said "no error, exhaustive"
 * (exit 0) while dfs finds the assertion.  Seen on b45d707 for OP=0
 * (release build, glibc 2.36):
 *   ravel check --algo=dfs unmodelled_race.c -- -DOP=0   -> assertion
 *   ravel check unmodelled_race.c -- -DOP=0              -> exit 0, exhaustive
 *   (likewise --algo=dpor, source, optimal, --no-cutoffs)
 * Now the trampoline asks the runtime first (src/runtime/unmodelled.c):
 * unless every other thread has ended and been joined, the result is not
 * exhaustive (exit 3, the reason names the function and the call's line;
 * SV-COMP UNKNOWN).  OP (tests/adversary/run.sh unmodelled_*):
 *   0 fscanf in fa while main reads g (the bug: main reads after fa)
 *   1 vfscanf, the same
 *   2 scanf from stdin (stdin is a stream over a string literal), the same
 *   3 sscanf with 33 destinations: the wrapper's fallback runs the C
 *     library's function without events (libcmem.c scan_events), the same
 *   4 fscanf called through its address (no trampoline): every execution
 *     counts as racing (compile.c note_impure_addresses), the same
 *   5 fa calls fscanf while main waits in pthread_join for it: no bug, but
 *     main is alive, so the call counts as concurrent (conservative)
 * Ordered calls, which must stay exhaustive with dfs's count:
 *   10 main calls fscanf before it creates fc: 2 traces (fc's write of h
 *      and main's read of it)
 *   11 main calls fscanf after joining fa, which created and joined fb
 *      (a chain of joins), then creates fc: 2 traces */
#include <assert.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
int g, h, x, y;
FILE *f;
#if OP == 1
static int my_scanf(FILE *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vfscanf(s, fmt, ap);
    va_end(ap);
    return r;
}
#endif
static void read_g(void)
{
#if OP == 1
    my_scanf(f, "%d", &g);
#elif OP == 2
    scanf("%d", &g);
#elif OP == 3
    int d[32];
    sscanf("7 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0",
           "%d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d "
           "%d %d %d %d %d",
           &g, d, d + 1, d + 2, d + 3, d + 4, d + 5, d + 6, d + 7, d + 8, d + 9, d + 10, d + 11,
           d + 12, d + 13, d + 14, d + 15, d + 16, d + 17, d + 18, d + 19, d + 20, d + 21, d + 22,
           d + 23, d + 24, d + 25, d + 26, d + 27, d + 28, d + 29, d + 30, d + 31);
#elif OP == 4
    int (*volatile fp)(FILE *, const char *, ...) = fscanf;
    fp(f, "%d", &g);
#else
    fscanf(f, "%d", &g);
#endif
}
void *fa(void *a)
{
    x = 1; /* an event first: the call is not part of fa's creation */
    read_g();
    return 0;
}
void *fb(void *a)
{
    y = 1;
    return 0;
}
void *fa_chain(void *a)
{
    pthread_t t;
    pthread_create(&t, 0, fb, 0);
    pthread_join(t, 0);
    x = y;
    return 0;
}
void *fc(void *a)
{
    assert(g == 7);
    h = 1;
    return 0;
}
int main(void)
{
    f = fmemopen("7", 1, "r"); /* read-only memory: no stream over the program's */
    stdin = f;
    pthread_t t;
#if OP < 5
    pthread_create(&t, 0, fa, 0);
    int v = g;
    pthread_join(t, 0);
    assert(v != 7); /* fails when main reads after fa's call */
#elif OP == 5
    pthread_create(&t, 0, fa, 0);
    pthread_join(t, 0);
    assert(g == 7);
#else
#if OP == 11
    pthread_create(&t, 0, fa_chain, 0);
    pthread_join(t, 0);
    assert(x == 1);
#endif
    read_g();
    pthread_create(&t, 0, fc, 0);
    int seen = h;
    pthread_join(t, 0);
    assert(seen == 0 || seen == 1);
#endif
    return 0;
}
