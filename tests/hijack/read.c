/* A program that defines its own read (tests/hijack/hijack.h). */
#include <unistd.h>
#define HIJACK_USE()                                                                               \
    do {                                                                                           \
        char c;                                                                                    \
        read(0, &c, 1);                                                                            \
    } while (0)
#include "hijack.h"

ssize_t read(int fd, void *p, size_t n)
{
    (void)fd, (void)p, (void)n;
    count_call();
    return 0;
}
