/* two_branches.h — the strncpy.c template for the memory-image tests
 * (bytes_order.c, bytes_heap.c, bytes_widths.c; issue 28 part 1).
 *
 * fa runs BRANCH_A() when it read x == 1, then YIELDS (one or more
 * yields: that configuration is the larger one and is cut when its state
 * equals the other's), and BRANCH_B() otherwise; fb writes x = 1 before
 * or after that read.  Both reach fb's sem_wait with equal threads' states
 * (wipe clears what the branches' calls left below fa's frame), so only
 * the bytes the branches left tell them apart.  CHECK() runs only when fb
 * ran on first (y set): in an interleaving explored after the cut.  The
 * including file defines BRANCH_A, BRANCH_B and CHECK, and may define
 * SETUP (fa, first), MAIN_SETUP and YIELDS. */
#include <assert.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#ifndef SETUP
#define SETUP() ((void)0)
#endif
#ifndef MAIN_SETUP
#define MAIN_SETUP() ((void)0)
#endif
#ifndef YIELDS
#define YIELDS() sched_yield()
#endif
int x, y;
sem_t s, t;
__attribute__((noinline)) static void wipe(void)
{
    char z[8192];
    for (int i = 0; i < (int)sizeof z; i++) z[i] = 0;
}
void *fa(void *a)
{
    SETUP();
    if (x) {
        BRANCH_A();
        YIELDS();
    } else {
        BRANCH_B();
    }
    wipe();
    sem_post(&s);
    sem_wait(&t);
    if (y) CHECK();
    return a;
}
void *fb(void *a)
{
    x = 1;
    sem_wait(&s);
    sem_post(&t);
    y = 1;
    return a;
}
int main(void)
{
    pthread_t ta, tb;
    MAIN_SETUP();
    sem_init(&s, 0, 0);
    sem_init(&t, 0, 0);
    pthread_create(&ta, 0, fa, 0);
    pthread_create(&tb, 0, fb, 0);
    pthread_join(ta, 0);
    pthread_join(tb, 0);
    return 0;
}
