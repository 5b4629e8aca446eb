/* A program that defines its own sigaction (tests/hijack/hijack.h). */
#include <signal.h>
#define HIJACK_USE() sigaction(SIGUSR1, 0, 0)
#include "hijack.h"

int sigaction(int sig, const struct sigaction *sa, struct sigaction *old)
{
    (void)sig, (void)sa, (void)old;
    count_call();
    return -1;
}
