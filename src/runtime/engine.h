/*
 * engine.h — engine.c's contract: the reset engine (many executions in one
 * process, engine.c's opening comment) and the end of an execution's
 * process under either engine.  Used by the layers above the kernel and
 * by start.c; the kernel reaches rv_exec_exit and rv_zmap only through
 * kernel.h's rv_kernel_ops.
 *
 * Owns: no state (the reset engine's record of memory is engine.c's).
 */
#ifndef RAVEL_RUNTIME_ENGINE_H
#define RAVEL_RUNTIME_ENGINE_H

#include "rt.h"

/* The seccomp filter of the reset engine trapped system call nr (engine.c
 * "Kernel state"): the engine leaves; nothing outside it, nor for a call
 * that creates a process or thread (rv_creates_process: unsupported under
 * either engine, the caller reports it). */
void rv_engine_seccomp(int nr);
/* System call nr creates a process or an OS thread: fork, vfork, clone,
 * clone3.  The program may only make threads through pthread_create and
 * thrd_create, which the runtime runs as its own threads; any other way
 * is unsupported (the C library's wrappers by name at compile time, the
 * raw system calls here: syscall(SYS_clone, ...), inline asm). */
bool rv_creates_process(int nr);
/* In each execution's forked child of the fork engine: a seccomp filter
 * that traps the system calls rv_creates_process names (the reset
 * engine's filter traps them too), so that a raw one is reported as
 * unsupported instead of running a process or thread no explorer
 * controls.  Returns 0, or -1 if the kernel refused the filter. */
int rv_trap_process_creation(void);
/* At the server's fork: true in each execution the engine runs (memory as
 * in a forked child), false if it cannot be used (shm->engine_why). */
bool rv_engine_start(rv_shm *s);
/* True while an execution runs under the reset engine. */
bool rv_engine_active(void);
/* A pre-run has reached rt.pause_at: back to the engine, which returns
 * here once the request has confirmed the steps so far (engine.c). */
void rv_engine_pause(void);
/* ravel's SIGXCPU (a --timeout) in a pre-run not yet confirmed: the
 * location goes to the memory ravel reads, not only to the shadow. */
void rv_engine_where(uint32_t tid, uint64_t pc);
/* End the execution with exit status `code` (instead of _exit); with the
 * reset engine back to the server loop. */
__attribute__((noreturn)) void rv_exec_exit(int code);
/* Under the reset engine: end the execution as killed by `sig`. */
void rv_exec_signaled(int sig);
/* Under the reset engine: a reading *ts of CPU clock c made relative to
 * the execution's start, as a forked child's would be (else unchanged). */
struct timespec;
void rv_engine_cpu_clock(int c, struct timespec *ts);
/* An exit handler fn (kind 0 atexit, 1 on_exit, 2 __cxa_atexit) registered
 * while the program exits under the reset engine: registered with the C
 * library through the engine's own handler, which ends the execution
 * after the last one (pc: the program's call, for the report).  -1: not
 * diverted (the caller registers it itself). */
int rv_engine_late_register(int kind, void (*fn)(void), void *arg, void *dso, uint64_t pc);
/* exit() called while the program exits (engine.c): under the reset
 * engine, ends the execution where the forked child's process would end. */
void rv_engine_exit_again(void);
/* A zero-filled private mapping of len bytes (at `fixed` unless NULL),
 * kept by the reset engine across executions under `key` and handed out
 * again zero-filled; *fresh when newly mapped.  MAP_FAILED on failure. */
void *rv_zmap(uintptr_t key, void *fixed, size_t len, bool *fresh);

#endif
