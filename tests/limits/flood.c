/* flood.c — writes to stdout forever.  Under `ravel check` the output goes
 * to /dev/null and the execution ends at --timeout; under `ravel replay`
 * with the output redirected to a file, --max-output stops it before it
 * fills the disk. */
#include <stdio.h>

int main(void)
{
    for (unsigned long i = 0;; i++) printf("line %lu of a program that never stops writing\n", i);
}
