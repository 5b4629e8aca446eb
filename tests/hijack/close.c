/* A program that defines its own close (tests/hijack/hijack.h). */
#include <unistd.h>
#define HIJACK_USE() close(1000)
#include "hijack.h"

int close(int fd)
{
    (void)fd;
    count_call();
    return 0;
}
