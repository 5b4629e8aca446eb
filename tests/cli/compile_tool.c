/* compile_tool.c — drives rv_compile (src/backends/native/compile.h) for
 * tests/cli/run.sh:  compile_tool [--no-cache] SRC... [-- FLAGS]
 * Prints "rc=R cached=C" and the binary's path on stdout, the diagnostics
 * on stderr.  RAVEL_RUNTIME and XDG_CACHE_HOME steer it as they steer ravel. */
#include <stdio.h>
#include <string.h>

#include "backends/native/compile.h"

int main(int argc, char **argv)
{
    const char *srcs[64];
    size_t ns = 0;
    int i = 1;
    bool no_cache = false;
    for (; i < argc && strcmp(argv[i], "--"); i++) {
        if (!strcmp(argv[i], "--no-cache"))
            no_cache = true;
        else if (ns < 64)
            srcs[ns++] = argv[i];
    }
    if (i < argc) i++;
    rv_compile_opts o = {.sources = srcs,
                         .nsources = ns,
                         .flags = (const char *const *)argv + i,
                         .nflags = (size_t)(argc - i),
                         .no_cache = no_cache};
    rv_build b;
    int rc = rv_compile(&o, &b);
    printf("rc=%d cached=%d\n%s\n", rc, b.cached, b.binary ? b.binary : "-");
    fputs(b.diag, stderr);
    rv_build_free(&b);
    return 0;
}
