/* A program that defines its own pipe (tests/hijack/hijack.h). */
#include <unistd.h>
#define HIJACK_USE()                                                                               \
    do {                                                                                           \
        int fd[2];                                                                                 \
        pipe(fd);                                                                                  \
    } while (0)
#include "hijack.h"

int pipe(int fd[2])
{
    fd[0] = fd[1] = -1;
    count_call();
    return -1;
}
