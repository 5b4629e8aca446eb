/* main.c — the `ravel` entry point: subcommand dispatch and help. */
#include <stdio.h>
#include <string.h>

#include "../backends/native/compile.h"
#include "../core/util.h"
#include "../spaces/spaces.h"
#include "cli.h"

static int help(int argc, char **argv)
{
    if (argc < 2) {
        rv_cli_usage(stdout, NULL);
        return RV_EXIT_OK;
    }
    if (!strcmp(argv[1], "spaces")) {
        char *args[] = {"spaces", "--help", NULL};
        return rv_spaces_main(2, args);
    }
    if (strcmp(argv[1], "check") && strcmp(argv[1], "replay") && strcmp(argv[1], "report")) {
        fprintf(stderr, "ravel help: no help on '%s' (topics: check, replay, report, spaces)\n",
                argv[1]);
        return RV_EXIT_USAGE;
    }
    rv_cli_usage(stdout, argv[1]);
    return RV_EXIT_OK;
}

int main(int argc, char **argv)
{
    if (argc > 0) rv_cli_argv0 = argv[0];
    uint64_t stack = rv_stack_limit_raise();
    if (stack && stack < (1u << 20)) {
        fprintf(stderr,
                "ravel: the stack limit is %llu KiB and its hard limit forbids more; ravel "
                "needs at least 1024 KiB (ulimit -s)\n",
                (unsigned long long)(stack >> 10));
        return RV_EXIT_USAGE;
    }
    if (argc < 2) {
        rv_cli_usage(stderr, NULL);
        return RV_EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "check")) return rv_cli_check(argc - 1, argv + 1);
    if (!strcmp(cmd, "replay")) return rv_cli_replay(argc - 1, argv + 1);
    if (!strcmp(cmd, "report")) return rv_cli_report(argc - 1, argv + 1);
    if (!strcmp(cmd, "spaces")) return rv_spaces_main(argc - 1, argv + 1);
    if (!strcmp(cmd, "help")) return help(argc - 1, argv + 1);
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h")) {
        rv_cli_usage(stdout, NULL);
        return RV_EXIT_OK;
    }
    if (!strcmp(cmd, "--version") || !strcmp(cmd, "version")) {
        printf("ravel %s\n", RV_VERSION);
        return RV_EXIT_OK;
    }
    size_t n = strlen(cmd);
    if ((n > 2 && !strcmp(cmd + n - 2, ".c")) || (n > 3 && !strcmp(cmd + n - 3, ".pv")) ||
        rv_compile_is_cxx(cmd))
        fprintf(stderr, "ravel: unknown command '%s' (did you mean `ravel check %s`?)\n", cmd, cmd);
    else
        fprintf(stderr, "ravel: unknown command '%s' (see `ravel --help`)\n", cmd);
    return RV_EXIT_USAGE;
}
