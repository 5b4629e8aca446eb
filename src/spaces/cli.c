/* cli.c — `ravel spaces` (see spaces.h).  Placeholder. */
#include "spaces.h"

#include <stdio.h>

int rv_spaces_main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "ravel spaces: not implemented yet\n");
    return 2;
}
