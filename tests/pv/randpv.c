/* randpv.c — print a random PV program: randpv SEED [MAXCAP [MAXOPS]] */
#include <stdbool.h>
#include <stdlib.h>

#include "randpv.h"

int main(int argc, char **argv)
{
    uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 10) : 1;
    rp_opts o = {.max_threads = 3,
                 .max_res = 3,
                 .max_cap = argc > 2 ? atoi(argv[2]) : 1,
                 .max_ops = argc > 3 ? atoi(argv[3]) : 5,
                 .choice_pct = 30,
                 .leak_pct = 10};
    char buf[4096];
    rp_program(seed, &o, buf, sizeof buf);
    fputs(buf, stdout);
    return 0;
}
