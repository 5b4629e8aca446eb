/* ring_nonterm.c — a lock-free single-producer ring buffer of SIZE slots
 * whose push waits while the ring is full (issue 28 part 3: the ring
 * buffer of the trial, used against its size rule).  The consumer takes
 * TAKE items and stops; the producer pushes ITEMS and joins the consumer.
 * With ITEMS - TAKE > SIZE a push never finds room once the consumer has
 * gone: the producer spins forever (non-termination in push); with
 * TAKE > ITEMS the consumer waits for an item that never comes while the
 * producer waits to join it (non-termination in pop).  Otherwise every
 * push and pop gets its turn under fair scheduling and the program ends
 * (exhaustive, no error). */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifndef SIZE
#define SIZE 2
#endif
#ifndef ITEMS
#define ITEMS 3
#endif
#ifndef TAKE
#define TAKE ITEMS
#endif

static int slot[SIZE];
static atomic_uint head, tail; /* head: next to take; tail: next to fill */

static void push(int v)
{
    unsigned t = atomic_load_explicit(&tail, memory_order_relaxed);
    while (t - atomic_load_explicit(&head, memory_order_acquire) == SIZE) /* marker: full */
        ;
    slot[t % SIZE] = v;
    atomic_store_explicit(&tail, t + 1, memory_order_release);
}

static int pop(void)
{
    unsigned h = atomic_load_explicit(&head, memory_order_relaxed);
    while (atomic_load_explicit(&tail, memory_order_acquire) == h) /* marker: empty */
        ;
    int v = slot[h % SIZE];
    atomic_store_explicit(&head, h + 1, memory_order_release);
    return v;
}

static void *consumer(void *a)
{
    for (int i = 0; i < TAKE; i++) assert(pop() == i + 1);
    return a;
}

int main(void)
{
    pthread_t c;
    pthread_create(&c, 0, consumer, 0);
    for (int i = 0; i < ITEMS; i++) push(i + 1);
    pthread_join(c, 0);
    return 0;
}
