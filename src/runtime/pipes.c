/*
 * pipes.c — descriptors the program makes to talk to itself (pipe, pipe2,
 * socketpair), made conservative (issue 27: "never a wrong answer").
 *
 * Bytes written into a pipe or a socket pair by one thread and read by
 * another order the two threads in every real run (the read waits for the
 * write), but read and write are no visible actions: the explorers take
 * them for independent and never run the other order of two writers into
 * one pipe (tests/posix pipe_two_writers.c: every algorithm but dfs said
 * "no error, exhaustive" of a bug behind the other order), a thread's
 * read of an empty pipe blocks the whole process (the program's threads
 * share one OS thread) until --timeout, and the kernel's buffer is not in
 * the state a cutoff compares.  Until such descriptors are modelled as
 * objects (a read that would block disables its thread, all accesses to
 * one pipe dependent, the buffered bytes in the state), no result that
 * could depend on an order through one is called exhaustive.
 *
 * Contract: sysout.c's pipe, pipe2 and socketpair call rv_pipe_made(fn,
 * pc) once the descriptors exist, and every thread create calls
 * rv_pipe_thread_created(pc) (sync.c, under C11 threads too).  The
 * process's results stop being exhaustive (rv_unexplored: exit 3 without
 * an error, SV-COMP UNKNOWN) as soon as such a descriptor and a second
 * thread may coexist in an execution: made while another thread may run
 * (unmodelled.c's rule: every other thread ended and joined is ordered),
 * or a thread created after one was made.  A descriptor closed before the
 * thread was created still counts (close is not tracked: conservative).
 * A program that uses pipes with one thread at a time keeps exhaustive
 * results; errors found are real either way.
 *
 * Owns: the first call site that made such a descriptor in this execution
 * (runtime data, put back between executions as a fork would).  It needs
 * no place in the state: the call that makes the descriptor taints the
 * state (sysout.c), and the verdict flag is the process's.
 */
#include "rt.h"

#include <errno.h>
#include <stdio.h>

static const char *made_fn; /* the first pipe-like call of this execution */
static uint64_t made_pc;

static void pipe_unexplored(const char *fn, uint64_t pc, const char *what)
{
    int e = errno;
    char why[200];
    snprintf(why, sizeof why,
             "%s at <pc %#llx> makes descriptors %s: orders between threads through the kernel "
             "are not modelled",
             fn, (unsigned long long)pc, what);
    rv_unexplored(why);
    errno = e;
}

void rv_pipe_made(const char *fn, uint64_t pc)
{
    if (!rt.active || !rt.running) return;
    if (!made_fn) made_fn = fn, made_pc = pc;
    if (!rv_alone(rt.running)) pipe_unexplored(fn, pc, "while other threads run");
}

void rv_pipe_thread_created(uint64_t pc)
{
    (void)pc;
    if (!rt.active || !made_fn) return;
    pipe_unexplored(made_fn, made_pc, "that a thread created later may share");
}
