/* PRODCONS (a), seed 001 §6: two producers (+1, +2) and a consumer loop
 * forever over one mutex-protected counter bounded by 6; the consumer
 * keeps the last value it read in a local. */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
#ifndef BOUND
#define BOUND 6
#endif

static int count;

/* -DCONST_STORES: the counters are written by SET functions that store an
 * immediate chosen by a switch.  Without it, clang -O0 keeps the computed
 * value (`count + inc`) in a stack spill slot across the instrumented
 * store; the slot is dead after the statement but stays in the frame.
 * Before ravel's liveness analysis the thread's state remembered the last
 * value it wrote and far fewer states repeated; now the dead slot is
 * zeroed at the next visible action and both variants explore the same
 * (docs/UDPOR.md "Cutoffs in native code: dead stack bytes";
 * bench/README.md, PRODCONS). */
#ifdef CONST_STORES
static void set_count(int v)
{
    switch (v) {
    case 0: count = 0; break;
    case 1: count = 1; break;
    case 2: count = 2; break;
    case 3: count = 3; break;
    case 4: count = 4; break;
    case 5: count = 5; break;
    default: count = 6; break;
    }
}
#define SET(v) set_count(v)
#else
#define SET(v) (count = (v))
#endif

static void *producer(void *arg)
{
    int inc = (int)(long)arg;
    for (;;) {
        pthread_mutex_lock(&m);
        if (count + inc <= BOUND) SET(count + inc);
        pthread_mutex_unlock(&m);
    }
    return NULL;
}

/* -DNO_LAST: the consumer does not keep the value it read.  `last` is
 * written and never read, so no future depends on it; before the liveness
 * analysis it was a byte of the consumer's stack in every state and
 * multiplied the consumer's states by the values it can hold (docs/UDPOR.md,
 * "PRODCONS"); now it is dead at every visible action and zeroed. */
#ifdef NO_LAST
#define KEEP(dst, v) ((void)0)
#else
#define KEEP(dst, v) ((dst) = (v))
#endif

static void *consumer(void *arg)
{
    (void)arg;
#ifndef NO_LAST
    volatile int last = 0;
#endif
    for (;;) {
        pthread_mutex_lock(&m);
        if (count > 0) {
            KEEP(last, count);
            SET(count - 1);
        }
        pthread_mutex_unlock(&m);
    }
    return NULL;
}

int main(void)
{
    pthread_t p1, p2, c;
    pthread_create(&p1, NULL, producer, (void *)1L);
    pthread_create(&p2, NULL, producer, (void *)2L);
    pthread_create(&c, NULL, consumer, NULL);
    pthread_join(p1, NULL);
    pthread_join(p2, NULL);
    pthread_join(c, NULL);
    return 0;
}
