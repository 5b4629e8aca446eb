/* mmap_loop.c — maps and fills 64 MiB regions in a loop: memory that is
 * not heap, which --max-memory does not count at the allocation.  The
 * watch of the program's resident memory (native.c) stops it; before, it
 * took 11 GB of the machine until its --timeout, or, under an address-
 * space limit, ran out of mappings and ended "without error". */
#include <string.h>
#include <sys/mman.h>

int main(void)
{
    for (;;) {
        char *p = mmap(0, 64 << 20, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) break;
        memset(p, 1, 64 << 20);
    }
    return 0;
}
