/* class 5: memory written by code the compiler did not instrument, in
 * each of the spellings of uninstr.h (chosen by a -D flag) or by a
 * compiler flag (tests/cutoffs/run.sh).  This file holds none of the
 * words a scan of the source text looks for: the driver must find the
 * code by what the compiler compiled.
 * Template (docs/UDPOR.md "What a state contains"): fa reads x and, if it
 * is 1, changes state that no event records; fb writes x = 1 before or
 * after that read.  The two orders reach fb's sem_wait with equal events'
 * fingerprints unless the hidden state is part of the state; the order
 * with the change has one more event (a yield), so it is the larger
 * configuration and would be cut.  fa observes the hidden state only in
 * an interleaving that is explored after that cut (y set first).
 * Must report the assertion `!hidden`, as --no-cutoffs does.  At 664a6c0
 * the default mode said "no error, exhaustive" for every spelling but
 * those whose keyword the text scan of this file would have seen. */
#include <assert.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
int hidden, other;
#include "uninstr.h"
int x, y;
sem_t s, t;
/* Overwrites what the branch's calls left below fa's frame (never an
 * event: the array does not escape), so that only the hidden state can
 * tell the two orders apart. */
WIPE_ATTR __attribute__((noinline)) static void wipe(void)
{
    char z[8192];
    for (int i = 0; i < (int)sizeof z; i++) z[i] = 0;
}
void *fa(void *a)
{
    if (x) {
        set_hidden(&hidden);
        sched_yield(); /* one more event: this order is the larger configuration */
    } else {
        set_hidden(&other);
    }
    wipe();
    sem_post(&s);
    sem_wait(&t);
    if (y) { /* only when fb ran on first: an interleaving explored after the cut */
        assert(!hidden);
    }
    return 0;
}
void *fb(void *a)
{
    x = 1;
    sem_wait(&s);
    sem_post(&t);
    y = 1;
    return 0;
}
int main(void)
{
    pthread_t ta, tb;
    sem_init(&s, 0, 0);
    sem_init(&t, 0, 0);
    pthread_create(&ta, 0, fa, 0);
    pthread_create(&tb, 0, fb, 0);
    pthread_join(ta, 0);
    pthread_join(tb, 0);
    return 0;
}
