/* A program that defines its own waitpid (tests/hijack/hijack.h). */
#include <sys/wait.h>
#define HIJACK_USE() waitpid(-1, 0, WNOHANG)
#include "hijack.h"

pid_t waitpid(pid_t pid, int *st, int opt)
{
    (void)pid, (void)st, (void)opt;
    count_call();
    return -1;
}
