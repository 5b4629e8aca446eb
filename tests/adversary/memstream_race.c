/* The C library writes the program's memory through a stream that was
 * handed a program buffer, inside calls ravel takes for pure output
 * (fputc, fflush; compile.c pure_libc_fn), so the write is no event and
 * fc's read of the buffer looks independent of everything fa does (the
 * adversary of issue 27, after part 2).  dfs runs fa's segment before
 * fc's read in one of its traces and finds the assertion; udpor, with or
 * without cutoffs, ran one execution (fc first: the only order its
 * independence allows) and said "no error, exhaustive" (exit 0).  Seen
 * on ee4a129 for OP=0 (release build, glibc 2.36):
 *   ravel check --algo=dfs memstream_race.c    -> assertion, 11 executions
 *   ravel check memstream_race.c               -> exit 0, exhaustive
 * Now the runtime wraps every function that hands program memory to a
 * stream (src/runtime/streams.c): a call that does makes the result not
 * exhaustive (exit 3, the reason names the function; SV-COMP UNKNOWN).
 * OP picks the function (tests/adversary/run.sh memstream_*):
 *   0 fmemopen "w"      1 setvbuf           2 setbuf      3 setbuffer
 *   4 open_memstream (*size written by fflush)
 *   5 open_wmemstream (likewise)            6 fopencookie (the write
 *     callback runs inside fflush)
 *   7 control: setvbuf with no buffer of the program's (the library's
 *     own buffer): no error, exhaustive. */
#define _GNU_SOURCE /* fopencookie */
#include <assert.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <sys/types.h>
#include <wchar.h>
char gbuf[BUFSIZ];
char *gp;
wchar_t *gw;
size_t gn;
#if OP == 6
static ssize_t cookie_write(void *c, const char *b, size_t n)
{
    gbuf[0] = b[0];
    return (ssize_t)n;
}
#endif
void *fc(void *a)
{
#if OP == 4 || OP == 5
    assert(gn != 1);
#else
    char c = gbuf[0];
    assert(c != 'x');
#endif
    return 0;
}
void *fa(void *a)
{
    sched_yield();
#if OP == 0
    FILE *f = fmemopen(gbuf, sizeof gbuf, "w");
#elif OP == 4
    FILE *f = open_memstream(&gp, &gn);
#elif OP == 5
    FILE *f = open_wmemstream(&gw, &gn);
#elif OP == 6
    cookie_io_functions_t io = {.write = cookie_write};
    FILE *f = fopencookie(0, "w", io);
#else
    FILE *f = fopen("/dev/null", "w");
#endif
#if OP == 1
    setvbuf(f, gbuf, _IOFBF, sizeof gbuf);
#elif OP == 2
    setbuf(f, gbuf);
#elif OP == 3
    setbuffer(f, gbuf, sizeof gbuf);
#elif OP == 7
    setvbuf(f, 0, _IOFBF, sizeof gbuf);
#endif
#if OP == 5
    fputwc(L'x', f);
#else
    fputc('x', f);
#endif
#if OP == 0 || OP == 4 || OP == 5 || OP == 6
    fflush(f); /* the buffer, *size, or the callback's store: no event */
#endif
    return 0;
}
int main(void)
{
    pthread_t tc, ta;
    pthread_create(&tc, 0, fc, 0);
    pthread_create(&ta, 0, fa, 0);
    pthread_join(tc, 0);
    pthread_join(ta, 0);
    return 0;
}
