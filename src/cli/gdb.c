/*
 * gdb.c — `ravel replay --gdb`: the failing execution under gdb.
 *
 * The program binary ravel built runs under gdb without a fork server;
 * the runtime takes the schedule and the run's settings from the
 * environment (src/runtime/standalone.c), so the execution is the one of
 * the schedule file, step for step, and stops where the schedule ends.
 * ravel first replays the schedule itself (to know how it ends and where
 * each step is), then writes a gdb script and runs gdb on it:
 *  - a breakpoint on the runtime's rv_end_exec for a bug (the ends from
 *    RV_END_ASSERT on, trace.h), whose commands select the innermost
 *    frame of the program's own code in the thread that ended it (for a
 *    deadlock, the thread that found every thread blocked), so `info
 *    locals`, `print` and `bt` speak of the program at once;
 *  - with --break-step=K, a breakpoint at the return address of step K's
 *    operation, conditioned on the runtime's step counter and running
 *    thread: gdb stops right after step K, in the thread that did it.
 * Threads are the runtime's coroutines on one OS thread, so gdb shows
 * the running one; the script defines `ravel-threads`, which prints
 * every thread's state and pending action from the runtime's records.
 *
 * The gdb command is $RAVEL_GDB (default "gdb"), split into words like a
 * shell would (quotes); its first word is the program, the rest is passed
 * after ravel's script, so `RAVEL_GDB="gdb -batch -ex 'info locals'"`
 * runs a batch session that prints the locals at the error.
 */
#include "cli.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../core/util.h"
#include "../runtime/protocol.h"
#include "explain.h"

/* The runtime's settings for the standalone run (standalone.c). */
static void set_environment(const rv_cli_opts *o, const rv_schedfile *sf)
{
    char *steps = rv_schedule_str(sf->steps, sf->nsteps);
    setenv("RAVEL_STEPS", steps, 1);
    free(steps);
    size_t cap = 16 + (size_t)sf->nthreads * 24, len = 0;
    char *thr = rv_xmalloc(cap);
    thr[0] = 0;
    for (unsigned t = 1; t < sf->nthreads; t++)
        len += (size_t)snprintf(thr + len, cap - len, "%s%u:%u", t > 1 ? " " : "",
                                (unsigned)sf->parent[t], (unsigned)sf->index[t]);
    setenv("RAVEL_THREADS", thr, 1);
    free(thr);
    char v[64];
    unsigned flags = (o->lim.posix_exit ? RV_REQ_POSIX_EXIT : 0) | (o->lim.drf ? RV_REQ_DRF : 0) |
                     (o->lim.spurious ? RV_REQ_SPURIOUS : 0) | RV_REQ_SHOW_OUTPUT;
    snprintf(v, sizeof v, "%u", flags);
    setenv("RAVEL_FLAGS", v, 1);
    snprintf(v, sizeof v, "%lld:%lld", (long long)o->lim.nondet_lo, (long long)o->lim.nondet_hi);
    setenv("RAVEL_NONDET", v, 1);
    if (o->lim.max_threads) {
        snprintf(v, sizeof v, "%u", (unsigned)o->lim.max_threads);
        setenv("RAVEL_MAX_THREADS", v, 1);
    }
    /* a property makes abort() and friends steps of their own (check.c) */
    if (o->property > RV_PROP_ALL)
        setenv("RAVEL_FATAL_STEPS", "1", 1);
    else
        unsetenv("RAVEL_FATAL_STEPS");
}

/* The innermost program function of thread tid at the end, or NULL. */
static const char *end_function(const rv_explained *x, unsigned tid)
{
    for (size_t i = 0; i < x->nth; i++)
        if (x->th[i].tid == tid && x->th[i].stack.n && x->th[i].stack.f[0].func)
            return x->th[i].stack.f[0].func;
    return NULL;
}

static void write_script(FILE *f, const rv_cli_opts *o, const rv_explained *x)
{
    const rv_trace *t = &x->tr;
    fputs("set pagination off\nset confirm off\nset breakpoint pending on\n"
          "set print thread-events off\n"
          "define ravel-threads\n"
          "  set $i = 0\n"
          "  while $i < rt.nthreads\n"
          "    printf \"thread %d: state %d, pending action kind %d at \", $i, "
          "rv_threads[$i].state, rv_threads[$i].pending.kind\n"
          "    info symbol rv_threads[$i].pending_pc\n"
          "    set $i = $i + 1\n"
          "  end\n"
          "end\n"
          "document ravel-threads\nEvery thread of the execution (ravel's coroutines): state "
          "(1 live, 2 finished) and where its pending action is.\nend\n",
          f);
    if (o->break_step && o->break_step <= t->n) {
        const rv_event *e = &t->ev[o->break_step - 1];
        fprintf(f,
                "break *0x%" PRIx64 " if rt.step == %" PRIu64 " && rt.running->tid == %u\n"
                "commands\n  silent\n  printf \"ravel: after step %" PRIu64
                " (thread %u); `continue` goes on to the end\\n\"\nend\n",
                e->pc, o->break_step, e->act.tid, o->break_step, e->act.tid);
    }
    const char *fn = rv_end_is_bug(t->end) ? end_function(x, t->err_tid) : NULL;
    fprintf(f,
            "break rv_end_exec if end >= %d && end != %d\n"
            "commands\n  silent\n  printf \"ravel: stopped at the error (%s) in thread %%d\\n\", "
            "rt.running ? rt.running->tid : -1\n",
            RV_END_ASSERT, RV_END_INTERNAL, rv_end_name(t->end));
    if (fn) fprintf(f, "  frame function %s\n", fn);
    fputs("end\nrun\n", f);
}

/* Run the gdb command with the script; its exit status. */
static int run_gdb(const char *script, const char *binary)
{
    const char *cmd = getenv("RAVEL_GDB");
    char **words = NULL;
    size_t n = 0;
    if (!cmd || !*cmd) cmd = "gdb";
    if (rv_shell_split(cmd, &words, &n) < 0 || !n) {
        fprintf(stderr, "ravel replay: cannot parse RAVEL_GDB='%s'\n", cmd);
        return -1;
    }
    char **argv = rv_xcalloc(n + 8, sizeof *argv);
    size_t k = 0;
    argv[k++] = words[0];
    argv[k++] = "-q";
    argv[k++] = "-x";
    argv[k++] = (char *)script;
    for (size_t i = 1; i < n; i++) argv[k++] = words[i];
    argv[k++] = "--args";
    argv[k++] = (char *)binary;
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        execvp(argv[0], argv);
        fprintf(stderr, "ravel replay: cannot run %s: %s (install gdb, or set RAVEL_GDB)\n",
                argv[0], strerror(errno));
        _exit(127);
    }
    int st = -1;
    while (pid > 0 && waitpid(pid, &st, 0) < 0 && errno == EINTR) {
    }
    for (size_t i = 0; i < n; i++) free(words[i]);
    free(words);
    free(argv);
    return pid < 0 ? -1 : WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

int rv_replay_gdb(const rv_cli_opts *o, rv_backend *b, const char *schedule, const rv_schedfile *sf)
{
    const char *bin = b->ops->binary ? b->ops->binary(b) : NULL;
    if (!bin) {
        fprintf(stderr, "ravel replay: --gdb needs a C program (not a PV one)\n");
        return RV_EXIT_USAGE;
    }
    /* where the schedule leads, and where its steps are */
    rv_trace t;
    rv_trace_init(&t);
    rv_error e;
    rv_error_of_schedule(b, sf->steps, sf->nsteps, &t, &e);
    rv_explained x;
    rv_explain(b, &e, &x);
    if (o->break_step > t.n)
        fprintf(stderr, "ravel replay: note: --break-step=%" PRIu64 " is past the %zu steps\n",
                o->break_step, t.n);
    char script[] = "/tmp/ravel-gdb-XXXXXX";
    int fd = mkstemp(script);
    FILE *f = fd < 0 ? NULL : fdopen(fd, "w");
    int code = RV_EXIT_USAGE;
    if (!f) {
        fprintf(stderr, "ravel replay: cannot write a gdb script: %s\n", strerror(errno));
    } else {
        write_script(f, o, &x);
        fclose(f);
        set_environment(o, sf);
        if (!o->quiet)
            fprintf(stderr, "ravel replay: %s under gdb (%zu steps, ending in %s)\n", schedule,
                    sf->nsteps, rv_end_name(t.end));
        int rc = run_gdb(script, bin);
        code = rc < 0 ? RV_EXIT_USAGE : rc;
        unlink(script);
    }
    rv_explained_free(&x);
    rv_trace_free(&t);
    return code;
}
