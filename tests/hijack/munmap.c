/* A program that defines its own munmap (tests/hijack/hijack.h). */
#include <sys/mman.h>
#define HIJACK_USE() munmap(0, 4096)
#include "hijack.h"

int munmap(void *a, size_t n)
{
    (void)a, (void)n;
    count_call();
    return 0;
}
