/* Storage a synchronisation object used, reused for data (issue 28 part
 * 1; docs/UDPOR.md "What a state contains").  The runtime keeps a
 * semaphore's count (a mutex's owner, ...) in the object's own bytes and
 * changes them at the object's events, which write no memory; a later
 * write over those bytes must change the image from what it last held,
 * not from the bytes the object left.  fa runs A when it read x == 1
 * (one post more and a yield: the larger configuration), B otherwise;
 * both use a semaphore (A posts once: count 1; B does not: count 0),
 * destroy it and reuse its storage, initialise a fresh semaphore there
 * (count 0 in both), destroy it and store a value one bit apart (A 7,
 * B 6) where the count was:
 *   1 a global's storage, reused by a store (5)
 *   2 a heap block's, reused by free and malloc (the free list's link
 *     and the refill write over the count)
 * An image that took each write's change from the bytes the object left
 * holds k ^ a ^ v there (k the count, a the first write, v the last):
 * the same for k = 1, v = 7 as for k = 0, v = 6; the configurations,
 * equal in every other respect, were cut as one although the data
 * differ (case 1 said "no error, exhaustive" before). */
#include <pthread.h>
#include <semaphore.h>
#include <stdlib.h>
#ifndef CASE
#define CASE 1
#endif
union store {
    sem_t s;
    unsigned w[8];
};
#define COUNT 1 /* rv_sem_st.count, in words */
#if CASE == 1
union store g;
#define STORE (&g)
#else
union store *volatile h;
#define STORE   h
#define SETUP() (h = malloc(sizeof *h))
#endif
static void reuse(int k)
{
    sem_init(&STORE->s, 0, 0);
    if (k) sem_post(&STORE->s);
    sem_destroy(&STORE->s);
#if CASE == 1
    g.w[COUNT] = 5;
#else
    free(h);
    h = malloc(sizeof *h); /* the same block again */
#endif
    sem_init(&STORE->s, 0, 0);
    sem_destroy(&STORE->s);
    STORE->w[COUNT] = k ? 7 : 6;
}
#define BRANCH_A() reuse(1)
#define BRANCH_B() reuse(0)
#define CHECK()    assert(STORE->w[COUNT] != 7)
#include "two_branches.h"
