/* A program that defines its own mmap (tests/hijack/hijack.h). */
#include <sys/mman.h>
#define HIJACK_USE() mmap(0, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
#include "hijack.h"

void *mmap(void *a, size_t n, int prot, int flags, int fd, off_t off)
{
    (void)a, (void)n, (void)prot, (void)flags, (void)fd, (void)off;
    count_call();
    return MAP_FAILED;
}
