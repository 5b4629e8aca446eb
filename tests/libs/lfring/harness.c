/* tests/libs/lfring: a harness (ravel's) for sysprog21/concurrent-programs'
 * lock-free MPMC ring (vendored beside it; -DLFRING_PORTABLE_CAS gives its
 * 16-byte CAS as a builtin instead of inline assembly). */
/* 2 producers enqueue one element each into an MPMC ring of 2 while main
 * tries to dequeue TAKES times (1); after joining them main drains the ring: every
 * element comes out exactly once, and a dequeue never returns more than
 * was enqueued. */
#include <assert.h>
#include <pthread.h>
#include <stdint.h>
#include "lfring.h"

static lfring_t *ring;

static void *producer(void *arg)
{
    void *e[1] = {arg};
    uint32_t n = lfring_enqueue(ring, e, 1);
    assert(n == 1); /* @full: a ring of 2 holds both elements */
    return 0;
}

static uintptr_t seen;

static void take(void)
{
    void *e[1];
    uint32_t idx;
    if (lfring_dequeue(ring, e, 1, &idx) == 1) {
        uintptr_t v = (uintptr_t) e[0];
        assert((v == 1 || v == 2) && !(seen & v)); /* @once */
        seen |= v;
    }
}

int main(void)
{
    ring = lfring_alloc(2, LFRING_FLAG_MP | LFRING_FLAG_MC);
    pthread_t p[2];
    pthread_create(&p[0], 0, producer, (void *) 1);
    pthread_create(&p[1], 0, producer, (void *) 2);
#ifndef TAKES
#define TAKES 1
#endif
    for (int i = 0; i < TAKES; i++)
        take();
    pthread_join(p[0], 0);
    pthread_join(p[1], 0);
    take();
    take();
    assert(seen == 3); /* @all */
    lfring_free(ring);
    return 0;
}
