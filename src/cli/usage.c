/* usage.c — the help texts of `ravel`, `ravel help check|replay`. */
#include <string.h>

#include "cli.h"

static const char overview[] =
    "ravel " RV_VERSION " - a stateless model checker for multithreaded C programs\n"
    "\n"
    "usage:\n"
    "  ravel check [options] FILE.c... [-- cflags]   explore every interleaving, report bugs\n"
    "  ravel check [options] FILE.pv                 the same for a PV program\n"
    "  ravel check [options] TASK.yml                an SV-COMP task (its property, a verdict)\n"
    "  ravel replay [options] FILE.c... SCHEDULE [-- cflags]\n"
    "                                                replay a reported bug step by step\n"
    "  ravel spaces [options] FILE.pv                trace spaces of a PV program\n"
    "  ravel help [check|replay|spaces]              this help, or a command's\n"
    "  ravel --version\n"
    "\n"
    "exit codes: 0 no error found (exhaustive), 1 error found, 2 usage or compile error,\n"
    "            3 incomplete (a limit was hit) and no error found\n"
    "documentation: docs/CLI.md\n";

static const char check_help[] =
    "usage: ravel check [options] FILE.c... [-- cflags]\n"
    "       ravel check [options] FILE.pv\n"
    "       ravel check [options] TASK.yml      (SV-COMP task definition, format 2.0)\n"
    "\n"
    "Compiles the program (clang, else gcc; $CC or --cc) with ThreadSanitizer\n"
    "instrumentation and -O0 -g (flags after `--` are appended: -DN=3, -O1, -lm),\n"
    "runs it under ravel's scheduler and explores its interleavings.  C++ sources\n"
    "(.cpp, .cc, .cxx) are compiled with clang++ ($CXX) and a rewired static libstdc++.\n"
    "\n"
    "exploration:\n"
    "  --algo=NAME          algorithm (default udpor if built in, else dfs): %s\n"
    "  --count-traces       count distinct Mazurkiewicz traces\n"
    "  --keep-going         collect every distinct error (default: stop at the first)\n"
    "  --max-executions=N   stop after N executions (then incomplete)\n"
    "  --time-limit=SECONDS stop the whole exploration after SECONDS (then\n"
    "                       incomplete, with the statistics and errors so far)\n"
    "  --cutoffs, --no-cutoffs   udpor: cutoff events (default on)\n"
    "  --alt=exact|kN       udpor: exact or k-partial alternatives (default exact)\n"
    "  --memory=sc|drf      every access is an event (sc, default), or only\n"
    "                       synchronisation, with data races reported (drf)\n"
    "  --cache-mb=N         udpor: memory bound of the unfolding; past it the\n"
    "                       event cache G is discarded (default 1024)\n"
    "  --cache-kb=N         udpor: the same bound in KiB (--cache-kb=1: G is\n"
    "                       discarded after nearly every alternative)\n"
    "  --dot=FILE           udpor: write the explored unfolding (Graphviz)\n"
    "  --preemption-bound=C|iterative   BPOR (seed 002): every thread-local state\n"
    "                       reachable with at most C preemptions; iterative: C = 0,\n"
    "                       1, 2, ... until an error or a bound that cuts nothing.\n"
    "                       With --algo=dpor (default) or dfs (naive); never exhaustive\n"
    "  --fair-bound=K       BPOR with the fair bound K (yield counts); a livelock is\n"
    "                       reported past --max-depth steps\n"
    "  --max-depth=N        fair bound: steps before a livelock is reported (default 10000)\n"
    "  --local-states=FILE  dpor, source, bounded: write the thread-local states reached\n"
    "properties (SV-COMP):\n"
    "  --property=P         what is a violation: all (default: every error kind),\n"
    "                       unreach-call (reach_error; abort() and deadlocks end an\n"
    "                       execution without an error), no-deadlock, no-data-race\n"
    "                       (implies --memory=drf), valid-memsafety (faults, double\n"
    "                       free); prints a verdict TRUE, FALSE(...) or UNKNOWN (why)\n"
    "  --witness=FILE       FALSE under a property: the GraphML violation witness\n"
    "                       (default: next to the schedule file; YAML 2.0 beside it)\n"
    "  --data-model=ILP32|LP64   overrides a task's data model (ILP32 is refused:\n"
    "                       the runtime is x86-64 only)\n"
    "per execution:\n"
    "  --max-events=N       events per execution (default 100000)\n"
    "  --timeout=SECONDS    wall-clock time per execution (default 10; 0 = none)\n"
    "  --max-memory=MB      heap per execution (default 1024)\n"
    "  --max-threads=N      threads per execution, main included (default and most 1024;\n"
    "                       64 for dpor, source, optimal, bounds, --memory=drf)\n"
    "  --engine=auto|fork|reset   how executions run: reset one process's memory\n"
    "                       between executions (fast), or fork one child per\n"
    "                       execution; auto (default, or $RAVEL_ENGINE) resets\n"
    "                       unless the program calls something a reset cannot undo\n"
    "  --nondet-domain=LO:HI   values of __VERIFIER_nondet_* wider than 8 bits\n"
    "                       (default -1:2; such a result is not exhaustive)\n"
    "  --posix-exit         returning from main ends the program (default: only\n"
    "                       the main thread; the program ends when all threads have)\n"
    "  --spurious-wakeups   pthread_cond_wait may return without a signal, as POSIX\n"
    "                       allows (default off: a wait loop then never ends)\n"
    "output and build:\n"
    "  --json               one JSON object on stdout\n"
    "  --progress, --no-progress   a progress line on stderr (default: when\n"
    "                       stderr is a terminal)\n"
    "  --out=DIR            where schedule files go (default ravel-out)\n"
    "  --quiet              print the summary only when the exit code is not 0\n"
    "  --cc=CC              compiler\n"
    "  --no-cache           rebuild even if a cached build exists\n";

static const char replay_help[] =
    "usage: ravel replay [options] FILE.c... SCHEDULE [-- cflags]\n"
    "\n"
    "Runs the program once along SCHEDULE (written by `ravel check`), with the\n"
    "program's output shown, and prints each step with its source location, then\n"
    "the outcome.  The compiler flags and run options recorded in the schedule\n"
    "file are used unless given again.  Exit: 1 the execution ends in a bug, 0 it\n"
    "does not, 2 bad schedule file or the schedule does not fit the program.\n"
    "\n"
    "options: --json, --quiet, --cc=CC, --no-cache, --posix-exit, --memory=sc|drf, --property=P,\n"
    "         --nondet-domain=LO:HI, --max-events=N, --timeout=SECONDS, --max-memory=MB,\n"
    "         --max-threads=N,\n"
    "         --engine=auto|fork|reset\n";

void rv_cli_usage(FILE *f, const char *topic)
{
    if (topic && !strcmp(topic, "check"))
        fprintf(f, check_help, rv_algo_names());
    else if (topic && !strcmp(topic, "replay"))
        fputs(replay_help, f);
    else
        fputs(overview, f);
}
