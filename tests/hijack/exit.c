/* A program that defines its own exit, which the runtime also calls to end
 * an execution (tests/hijack/hijack.h): the program's exit holds the
 * assertion, so the error is found only if main's call reaches it. */
#include <stdlib.h>
#include <unistd.h>
#define HIJACK_USE() ((void)0)
#define HIJACK_CALLS 0
#define HIJACK_OWN_MAIN
#include "hijack.h"

void exit(int code)
{
    assert(y == 0); /* marker: the race */
    _exit(code);
}

int main(void)
{
    run_threads();
    exit(0);
}
