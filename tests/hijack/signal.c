/* A program that defines its own signal (tests/hijack/hijack.h). */
#include <signal.h>
#define HIJACK_USE() signal(SIGUSR1, SIG_IGN)
#include "hijack.h"

typedef void (*handler)(int);

handler signal(int sig, handler h)
{
    (void)sig, (void)h;
    count_call();
    return SIG_ERR;
}
