/* A bounded lock-free multi-producer single-consumer ring buffer: each
 * slot has a sequence number; a producer claims a position with a
 * fetch-and-add, waits until its slot is free (seq == pos), writes and
 * publishes (seq = pos + 1); the consumer waits until the slot at its
 * position is published, reads it and frees it for the next lap
 * (seq = pos + CAP).  The positions are taken modulo CAP with a mask, so
 * CAP must be a power of two (the documented rule).
 *   CONSUME=bounded   the consumer takes exactly the items produced
 *   CONSUME=forever   the consumer loops for ever (a server): the program
 *                     never ends once the producers are done
 *   CAP=3             breaks the size rule: position 3 maps to slot 3 & 2
 *                     = 2, whose sequence never becomes 3: a hang
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#ifndef CAP
#define CAP 2
#endif
#ifndef PRODUCERS
#define PRODUCERS 2
#endif
#ifndef ITEMS
#define ITEMS 2 /* per producer */
#endif
#define BOUNDED 1
#define FOREVER 2
#ifndef CONSUME
#define CONSUME BOUNDED
#endif

struct slot {
    atomic_uint seq;
    int value;
};
struct ring {
    struct slot slot[CAP];
    atomic_uint tail; /* next position a producer claims */
    unsigned head;    /* next position the consumer reads (consumer only) */
};
static struct ring q;

static void ring_init(struct ring *r)
{
    for (unsigned i = 0; i < CAP; i++) atomic_store(&r->slot[i].seq, i);
}

static void ring_push(struct ring *r, int v)
{
    unsigned pos = atomic_fetch_add(&r->tail, 1);
    struct slot *s = &r->slot[pos & (CAP - 1)];
    while (atomic_load_explicit(&s->seq, memory_order_acquire) != pos) /* @push-spin */
        ; /* full: wait for the consumer */
    s->value = v;
    atomic_store_explicit(&s->seq, pos + 1, memory_order_release);
}

static int ring_pop(struct ring *r)
{
    struct slot *s = &r->slot[r->head & (CAP - 1)];
    while (atomic_load_explicit(&s->seq, memory_order_acquire) != r->head + 1) /* @pop-spin */
        ; /* empty: wait for a producer */
    int v = s->value;
    atomic_store_explicit(&s->seq, r->head + CAP, memory_order_release);
    r->head++;
    return v;
}

static void *producer(void *arg)
{
    int base = (int)(long)arg * 100;
    for (int i = 1; i <= ITEMS; i++) ring_push(&q, base + i);
    return 0;
}

int main(void)
{
    pthread_t p[PRODUCERS];
    ring_init(&q);
    for (long i = 0; i < PRODUCERS; i++) pthread_create(&p[i], 0, producer, (void *)(i + 1));
    int sum = 0;
#if CONSUME == BOUNDED
    for (int n = 0; n < PRODUCERS * ITEMS; n++) sum += ring_pop(&q);
    int want = 0;
    for (int i = 1; i <= PRODUCERS; i++) want += ITEMS * i * 100 + ITEMS * (ITEMS + 1) / 2;
    assert(sum == want); /* @sum */
#else
    for (;;) sum += ring_pop(&q); /* @forever */
#endif
    for (int i = 0; i < PRODUCERS; i++) pthread_join(p[i], 0);
    return 0;
}
