/* spaces_driver.c — a stand-alone `spaces` command for tests, so that they
 * do not depend on the CLI binary: spaces_driver [options] prog.pv. */
#include "spaces/spaces.h"

int main(int argc, char **argv)
{
    argv[0] = "spaces";
    return rv_spaces_main(argc, argv);
}
