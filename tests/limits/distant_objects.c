/* distant_objects.c — objects far apart in the address space, accessed at
 * every width, by two threads.  udpor's mapping and the trace counter
 * index accesses by (level, unit) of their address (action.h rv_mem_level,
 * rv_mem_code); a unit or key computed with a wrong shift would merge or
 * split objects that differ in high address bits.  The objects: a global
 * array (low addresses), a heap block (a thread's arena), a 128-byte array
 * on main's stack, and a mapping placed at the global's address with bit
 * 46 set (it differs from the global in that bit only, within the page).
 * -DW=bytes the wide accesses (8: level 0, 4096: level 1, 1 MiB: level 2,
 * 16 MiB: level 3).  Three pairs of accesses conflict, in the same order
 * in both threads (t1's fill and main's poke of the heap block, t1's stack
 * write and main's stack read, t1's write of the mapping and main's read
 * of it): each pair in either order, 2^3 = 8 traces; the global's wide
 * write conflicts with nothing.  -DBUG: the poke before the fill and the
 * stack write before its read fails (2 of the 8). */
#include <assert.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#ifndef W
#define W 4096
#endif

static char glob[W + 64];
static char *heap, *far, *stk;

static void *t1(void *a)
{
    memset(heap, 1, W); /* wide write of the heap block */
    stk[8] = 1;         /* narrow write on main's stack */
    far[W / 2] = 1;     /* narrow write of the mapping */
    return a;
}

/* The mapping: the global's page with bit 46 set; anywhere if that is taken. */
static char *map_far(void)
{
    size_t len = ((size_t)W + 64 + 8191) & ~(size_t)4095;
    uintptr_t at = ((uintptr_t)glob & ~(uintptr_t)4095) | (uintptr_t)1 << 46;
    void *p = mmap((void *)at, len, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
    if (p == MAP_FAILED)
        p = mmap(0, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    assert(p != MAP_FAILED);
    return (char *)p + ((uintptr_t)glob & 4095);
}

int main(void)
{
    volatile char on_stack[128] = {0};
    stk = (char *)on_stack;
    heap = malloc(W + 64);
    far = map_far();
    pthread_t t;
    pthread_create(&t, 0, t1, 0);
    heap[W / 2] = 2;         /* narrow write inside the fill */
    char seen = on_stack[8]; /* read of the stack object */
    memcpy(glob, far, W);    /* wide read of the mapping, wide write of the global */
    pthread_join(t, 0);
#ifdef BUG
    assert(!(heap[W / 2] == 1 && seen == 1)); /* LINE-ASSERT */
#else
    (void)seen;
#endif
    return 0;
}
