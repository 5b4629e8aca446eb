/* OPEN (not run in CI; tests/adversary/run.sh t_memstream_warns checks
 * the warning only): the C library writes the program's memory through a
 * stream that fmemopen put over it, in a call ravel takes for pure output
 * (fputc, fflush; compile.c pure_libc_fn), so the write is no event and
 * fc's read of gbuf[0] looks independent of everything fa does (the
 * adversary of issue 27, after part 2).  dfs runs fa's segment before fc's
 * read in one of its 11 traces and finds the assertion; udpor, with or
 * without cutoffs, runs one execution (fc first: the only order its
 * independence allows) and says "no error, exhaustive" (exit 0).
 * Seen on ee4a129 (release build, glibc 2.36):
 *   ravel check --algo=dfs tests/adversary/open/memstream_race.c   -> assertion, 11 executions
 *   ravel check tests/adversary/open/memstream_race.c              -> exit 0, exhaustive
 *   ravel check --no-cutoffs tests/adversary/open/memstream_race.c -> exit 0, exhaustive
 * The same holds for setvbuf/setbuf/setbuffer over a program buffer (then
 * printf's vprintf writes it), open_memstream's *ptr and *size (written
 * by fflush), fopencookie's callbacks.  Since the adversary's branch the
 * build warns that fmemopen writes the program's memory without events
 * (compile.c writes_through_pointers), as for fscanf or gmtime_r, but the
 * verdict still says exhaustive.  Ideas: wrap these functions so that
 * the stream becomes an object whose output calls are write events over
 * the buffer (the whole buffer, conservatively), or make a verdict
 * "exhaustive" impossible (exit 3, "not exhaustive: unmodelled writes")
 * when any function of writes_through_pointers is called. */
#include <assert.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
char gbuf[64];
void *fc(void *a)
{
    char c = gbuf[0];
    assert(c != 'x');
    return 0;
}
void *fa(void *a)
{
    sched_yield();
    FILE *f = fmemopen(gbuf, sizeof gbuf, "w");
    fputc('x', f);
    fflush(f); /* gbuf[0] = 'x', no event */
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
