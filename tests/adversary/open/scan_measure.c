/* OPEN (not run by CI): a wrapped scan (strchr, strlen, strspn, ...; and
 * rv_read_str/rv_read_strn in memory.c) measures how far it will read on
 * the bytes as they are, before its read event, and names that range in
 * the event.  The measurement is a read without an event: when main's
 * write changes where the scan stops (here s[1] = 'c', so strchr stops at
 * s[1] instead of s[2]), the event's range depends on whether main wrote
 * before or after fc's previous event, which the trace does not order.
 * dfs then counts 3 traces where udpor --no-cutoffs runs 2 (both find the
 * assertion):
 *   build/release/ravel check --algo=dfs --count-traces tests/adversary/open/scan_measure.c   (3)
 *   build/release/ravel check --no-cutoffs tests/adversary/open/scan_measure.c               (2)
 * The same holds for a printf-family format with several %s/%n (the
 * wrapper checks the earlier strings again without events).  A fix reads
 * in aligned blocks whose ranges depend only on bytes already read at
 * events (first up to the next 8-byte boundary, then blocks as large as
 * what was read so far and aligned to their size, so never across a page,
 * as glibc's own word-at-a-time scans read), copies each block out at its
 * event, and computes the result on the copy; a format would be printed
 * from those copies. */
#include <assert.h>
#include <pthread.h>
#include <string.h>
char s[32] = "abcdef";
int done;
long r;
void *fc(void *a)
{
    done = 1;
    r = strchr(s, 'c') - s;
    return 0;
}
int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, fc, 0);
    s[1] = 'c';
    pthread_join(t, 0);
    assert(r == 2); /* fails when main wrote first */
    return 0;
}
