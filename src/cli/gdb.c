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
 * Threads are the runtime's coroutines on one OS thread, so gdb knows
 * only the one whose stack it stopped on.  The script defines
 * `ravel-threads` (every thread's state and pending action, from the
 * runtime's records) and `ravel-thread N`, which shows thread N the way
 * gdb's `thread N` would: it loads the registers N saved when it was
 * switched out (ctx_x86_64.S's frame at its saved stack pointer) and
 * selects the program's frame of its pending action, so `bt`, `info
 * locals` and `print` speak of N; the registers of the thread gdb stopped
 * on are kept and put back by `ravel-thread` on it, and before any
 * command that resumes the program (hooks on continue, step, next, ...).
 * The run keeps dead frame bytes (RV_REQ_KEEP_DEAD): the model checker
 * zeroes them for its state hashes (live.c), but here a person prints
 * them (a blocked philosopher's `i` read 0 without it).
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
                     (o->lim.spurious ? RV_REQ_SPURIOUS : 0) | RV_REQ_SHOW_OUTPUT |
                     RV_REQ_KEEP_DEAD;
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

/* The gdb commands that show another thread (see the header).  The saved
 * frame at a switched-out thread's sp: MXCSR and x87 control word, r15,
 * r14, r13, r12, rbx, rbp, return address (rv_ctx_switch). */
static void write_thread_commands(FILE *f)
{
    static const char *const regs[] = {"pc", "sp", "rbp", "rbx", "r12", "r13", "r14", "r15"};
    fputs("define ravel-threads\n"
          "  set $i = 0\n"
          "  while $i < rt.nthreads\n"
          "    ravel-thr-at $i\n"
          "    printf \"thread %d: %s, pending action kind %d at \", $i, "
          "$rvT->state == 2 ? \"finished\" : \"live\", $rvT->pending.kind\n"
          "    info symbol $rvT->pending_pc\n"
          "    set $i = $i + 1\n"
          "  end\n"
          "end\n"
          "document ravel-threads\nEvery thread of the execution (ravel's coroutines): live or "
          "finished, and where its pending action is.\nend\n",
          f);
    fprintf(f,
            "define ravel-thr-at\n  set $rvT = $arg0 < %d ? &rv_threads[$arg0] : "
            "&rv_threads_hi[$arg0 - %d]\nend\n",
            RV_MASK_THREADS, RV_MASK_THREADS);
    /* the thread whose stack gdb stopped on, from its stack pointer (protocol.h) */
    fprintf(f,
            "define ravel-stopped\n  set $rvaway = 0\n"
            "  set $rvhome = (int)(((unsigned long)$sp - 0x%llx) / 0x%llx)\nend\n",
            (unsigned long long)RV_STACK_BASE, (unsigned long long)RV_STACK_SPAN);
    fputs("define ravel-home-regs\n  if $rvaway\n    select-frame 0\n", f);
    for (size_t i = 0; i < sizeof regs / sizeof *regs; i++)
        fprintf(f, "    set $%s = $rvsave_%s\n", regs[i], regs[i]);
    fputs("    set $rvaway = 0\n  end\nend\n", f);
    static const char *const resume[] = {"continue", "step",  "next",    "finish", "stepi",
                                         "nexti",    "until", "advance", "jump",   "kill"};
    for (size_t i = 0; i < sizeof resume / sizeof *resume; i++)
        fprintf(f, "define hook-%s\n  ravel-home-regs\nend\n", resume[i]);
    /* from frame 0 up to the program's call of $rvT's pending action */
    fputs("define ravel-pending-frame\n"
          "  select-frame 0\n"
          "  set $rvi = 0\n"
          "  while $rvi < 64 && $pc != $rvT->pending_pc\n"
          "    up-silently\n"
          "    set $rvi = $rvi + 1\n"
          "  end\n"
          "end\n",
          f);
    fputs("define ravel-thread\n"
          "  if $argc != 1 || $arg0 < 0 || $arg0 >= rt.nthreads\n"
          "    printf \"usage: ravel-thread N, with N a thread of the execution (0 to %d)\\n\", "
          "rt.nthreads - 1\n"
          "  else\n"
          "    ravel-home-regs\n"
          "    ravel-thr-at $arg0\n"
          "    if $arg0 == $rvhome\n"
          "      ravel-home-frame\n"
          "    else\n"
          "      if $rvT->state == 2\n"
          "        printf \"thread %d has finished\\n\", $arg0\n"
          "      else\n"
          "        select-frame 0\n",
          f);
    for (size_t i = 0; i < sizeof regs / sizeof *regs; i++)
        fprintf(f, "        set $rvsave_%s = $%s\n", regs[i], regs[i]);
    fputs("        set $rvaway = 1\n"
          "        set $rvS = (unsigned long *)$rvT->sp\n"
          "        set $r15 = $rvS[1]\n        set $r14 = $rvS[2]\n        set $r13 = $rvS[3]\n"
          "        set $r12 = $rvS[4]\n        set $rbx = $rvS[5]\n        set $rbp = $rvS[6]\n"
          "        set $pc = $rvS[7]\n        set $sp = $rvS + 8\n"
          "        ravel-pending-frame\n"
          "        printf \"ravel: thread %d (its registers until a command resumes the program, "
          "or `ravel-thread %d`)\\n\", $arg0, $rvhome\n"
          "        frame\n"
          "      end\n"
          "    end\n"
          "  end\n"
          "end\n"
          "document ravel-thread\nravel-thread N: show thread N of the execution (bt, info locals, "
          "print speak of it),\nat the program's call of its pending action.\nend\n",
          f);
}

static void write_script(FILE *f, const rv_cli_opts *o, const rv_explained *x)
{
    const rv_trace *t = &x->tr;
    fputs("set pagination off\nset confirm off\nset breakpoint pending on\n"
          "set print thread-events off\n",
          f);
    write_thread_commands(f);
    const char *fn = rv_end_is_bug(t->end) ? end_function(x, t->err_tid) : NULL;
    /* the frame to show of the thread gdb stopped on: the program's
     * innermost at the error ($rvstop 1) where the explain run knows it,
     * else the program's call of the thread's pending action (a thread
     * blocked at a deadlock; the step's return after --break-step) */
    fprintf(f,
            "define ravel-home-frame\n  ravel-thr-at $rvhome\n  if $rvstop == 1 && %d\n"
            "    frame function %s\n  else\n    ravel-pending-frame\n    frame\n  end\nend\n",
            fn != NULL, fn ? fn : "main");
    if (o->break_step && o->break_step <= t->n) {
        const rv_event *e = &t->ev[o->break_step - 1];
        fprintf(f,
                "break *0x%" PRIx64 " if rt.step == %" PRIu64 " && rt.running->tid == %u\n"
                "commands\n  silent\n  ravel-stopped\n  set $rvstop = 2\n"
                "  printf \"ravel: after step %" PRIu64
                " (thread %u); `continue` goes on to the end\\n\"\nend\n",
                e->pc, o->break_step, e->act.tid, o->break_step, e->act.tid);
    }
    /* at a deadlock no thread runs (rt.running is NULL): the thread is
     * the one whose stack the runtime found every thread blocked on */
    fprintf(f,
            "break rv_end_exec if end >= %d && end != %d\n"
            "commands\n  silent\n  ravel-stopped\n  set $rvstop = 1\n"
            "  printf \"ravel: stopped at the error (%s) in thread %%d\\n\", $rvhome\n",
            RV_END_ASSERT, RV_END_INTERNAL, rv_end_name(t->end));
    fputs("  ravel-home-frame\nend\nrun\n", f);
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
