/* A program that defines its own poll (tests/hijack/hijack.h). */
#include <poll.h>
#define HIJACK_USE() poll(0, 0, 0)
#include "hijack.h"

int poll(struct pollfd *p, nfds_t n, int ms)
{
    (void)p, (void)n, (void)ms;
    count_call();
    return 0;
}
