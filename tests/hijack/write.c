/* A program that defines its own write (tests/hijack/hijack.h). */
#include <unistd.h>
#define HIJACK_USE() write(1, "x", 1)
#include "hijack.h"

ssize_t write(int fd, const void *p, size_t n)
{
    (void)fd, (void)p;
    count_call();
    return (ssize_t)n;
}
