/*
 * stop.h — the one way a run of ravel is asked to stop early: SIGINT or
 * SIGTERM received, or the run's deadline (--time-limit) passed.
 *
 * Contract.  Every loop of ravel that can run long (the backend's waits
 * for the program, the compile driver's waits for the compiler, the
 * unfolding's Extend, alternatives, cutoff and conflict work, the
 * explorers between executions) polls rv_stop_poll() at least every few
 * milliseconds of work and, when it answers true, returns what it has
 * with its caller told that the work is unfinished: nothing is ever
 * reported exhaustive because it was cut short.  The caller up the chain
 * (rv_explore_run, `ravel check`) then reports the partial result
 * (summary, JSON, schedule files) as for any limit.  rv_stop_poll() also
 * calls the tick hook (the progress line) at most every `every` seconds,
 * so that the line moves during a long execution or a long piece of the
 * explorer's own work.
 *
 * The signal handlers only set a flag (async-signal-safe); a second
 * SIGINT or SIGTERM while the first is being honoured ends the process at
 * once with the default action, unless it comes within a second of the
 * first (timeout(1) signals ravel and then its process group: one
 * request).  Never linked into programs under test.
 */
#ifndef RAVEL_CORE_STOP_H
#define RAVEL_CORE_STOP_H

#include <stdbool.h>

/* Catch SIGINT and SIGTERM from now on (their handlers set the flag). */
void rv_stop_install(void);
/* The whole run's deadline, rv_now() seconds (0: none). */
void rv_stop_set_deadline(double t);
double rv_stop_deadline(void);
/* The signal that asked to stop, 0 if none; its name ("SIGINT"). */
int rv_stop_signal(void);
const char *rv_stop_signal_name(int signo);
/* A signal was received or the deadline has passed. */
bool rv_stop_requested(void);
/* rv_stop_requested(), and the tick hook when it is due.  Cheap enough for
 * a loop of microsecond steps that calls it every iteration. */
bool rv_stop_poll(void);
/* The hook rv_stop_poll() calls at most every `every` seconds (NULL:
 * none). */
void rv_stop_set_tick(void (*fn)(void *arg), void *arg, double every);

#endif
