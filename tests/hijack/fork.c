/* A program that defines its own fork (tests/hijack/hijack.h). */
#include <unistd.h>
#define HIJACK_USE() fork()
#include "hijack.h"

pid_t fork(void)
{
    count_call();
    return -1;
}
