/* A program that defines its own pipe (tests/hijack/hijack.h).  It does not
 * write fd[]: those writes would be events, and dfs would explore tens of
 * thousands of interleavings of them. */
#include <unistd.h>
static int fds[2];
#define HIJACK_USE() pipe(fds)
#include "hijack.h"

int pipe(int fd[2])
{
    (void)fd;
    count_call();
    return -1;
}
