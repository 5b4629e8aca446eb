/* Bytes past the heap's bump pointer (issue 27 part 3): the runtime's
 * allocator hands out a thread's arena from its start, and the reset
 * engine zeroed only the pages below the bump pointer after an execution.
 * A write past the end of the last block (a heap overflow the program
 * does not crash on) stayed, and the next execution read it: an assertion
 * failure that a forked child, whose arena is fresh, never has.  The
 * reads and writes go through a volatile pointer: the same in both
 * engines, whatever the compiler makes of an out-of-bounds access.
 *   -DTHREAD_HEAP  the threads write past their blocks (their own arenas),
 *                  main does not */
#include <assert.h>
#include <stdlib.h>

#include "racers.h"

#define SPAN (3 * 4096)

static void *thread(void *arg)
{
#ifdef THREAD_HEAP
    /* thread 1's own arena */
    volatile char *p = malloc(16);
    for (int i = 16; i < SPAN; i += 512) assert(p[i] == 0);
    for (int i = 16; i < SPAN; i += 512) p[i] = 0x5a;
#endif
    racers_x++;
    return arg;
}

int main(void)
{
#ifndef THREAD_HEAP
    volatile char *p = malloc(64);
    for (int i = 64; i < SPAN; i += 512) assert(p[i] == 0);
    for (int i = 64; i < SPAN; i += 512) p[i] = 0x5a;
#endif
    pthread_t t[2];
    race_start(t, thread);
    race_join(t);
    return 0;
}
