/* PRODCONS (b), seed 001 §6 (issue 11): two producers, each looping
 * forever on its own mutex-protected counter bounded by BOUND, and one
 * consumer taking from both; the consumer keeps the last values it read
 * in locals.  POET closes it with 15 maximal configurations (BOUND 6). */
#include <pthread.h>

#ifndef BOUND
#define BOUND 6
#endif

/* -DPAD=n: n bytes of other globals, laid out before the mutexes
 * (tests/cutoffs layout_globals). */
#ifdef PAD
char padding[PAD] = {1};
#endif

/* -DON_MAIN_STACK: the mutexes live in main's frame (tests/cutoffs
 * layout_env: their addresses, and the counts under cutoffs, must not
 * depend on the size of the environment). */
#ifdef ON_MAIN_STACK
static pthread_mutex_t *m;
#else
static pthread_mutex_t m[2] = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER};
#endif
static int count[2];

/* -DCONST_STORES: the counters are written by SET functions that store an
 * immediate chosen by a switch, so no computed value is left in a dead
 * spill slot; since ravel's liveness analysis zeroes such slots, both
 * variants explore the same states (see prodcons_a.c). */
#ifdef CONST_STORES
static void set_count0(int v)
{
    switch (v) {
    case 0: count[0] = 0; break;
    case 1: count[0] = 1; break;
    case 2: count[0] = 2; break;
    case 3: count[0] = 3; break;
    case 4: count[0] = 4; break;
    case 5: count[0] = 5; break;
    default: count[0] = 6; break;
    }
}
static void set_count1(int v)
{
    switch (v) {
    case 0: count[1] = 0; break;
    case 1: count[1] = 1; break;
    case 2: count[1] = 2; break;
    case 3: count[1] = 3; break;
    case 4: count[1] = 4; break;
    case 5: count[1] = 5; break;
    default: count[1] = 6; break;
    }
}
#define SET(i, v) ((i) ? set_count1(v) : set_count0(v))
#else
#define SET(i, v) (count[i] = (v))
#endif

static void *producer(void *arg)
{
    int i = (int)(long)arg;
    for (;;) {
        pthread_mutex_lock(&m[i]);
        if (count[i] < BOUND) SET(i, count[i] + 1);
        pthread_mutex_unlock(&m[i]);
    }
    return NULL;
}

/* -DNO_LAST: the consumer does not keep the values it read (write-only
 * locals: see prodcons_a.c). */
#ifdef NO_LAST
#define KEEP(dst, v) ((void)0)
#else
#define KEEP(dst, v) ((dst) = (v))
#endif

static void *consumer(void *arg)
{
    (void)arg;
    /* two scalars, not an array: `int last[2] = {0, 0}` is initialised by
     * one 8-byte write, and a later 4-byte write to one element partially
     * overlaps it, which makes every later state unique (cutoff.c) */
#ifndef NO_LAST
    volatile int last0 = 0, last1 = 0;
#endif
    for (;;) {
        pthread_mutex_lock(&m[0]);
        if (count[0] > 0) {
            KEEP(last0, count[0]);
            SET(0, count[0] - 1);
        }
        pthread_mutex_unlock(&m[0]);
        pthread_mutex_lock(&m[1]);
        if (count[1] > 0) {
            KEEP(last1, count[1]);
            SET(1, count[1] - 1);
        }
        pthread_mutex_unlock(&m[1]);
    }
    return NULL;
}

int main(void)
{
#ifdef ON_MAIN_STACK
    pthread_mutex_t mm[2] = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER};
    m = mm;
#endif
    pthread_t p1, p2, c;
    pthread_create(&p1, NULL, producer, (void *)0L);
    pthread_create(&p2, NULL, producer, (void *)1L);
    pthread_create(&c, NULL, consumer, NULL);
    pthread_join(p1, NULL);
    pthread_join(p2, NULL);
    pthread_join(c, NULL);
    return 0;
}
