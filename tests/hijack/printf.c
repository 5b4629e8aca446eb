/* A program that defines its own printf (tests/hijack/hijack.h). */
#include <stdio.h>
#define HIJACK_USE() printf("%d\n", 1)
#include "hijack.h"

int printf(const char *fmt, ...)
{
    (void)fmt;
    count_call();
    return 0;
}
