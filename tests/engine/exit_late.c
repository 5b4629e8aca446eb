/* Exit handlers registered while the program exits, and exit() called
 * again while it exits (issue 27 part 3, attacked again): under the reset
 * engine the execution must end where a forked child's process ends.
 * Each execution races two threads on a counter (racers.h); the handler
 * that runs last asserts that the counter is 2, so the fork engine finds
 * an assertion failure in the executions where an increment was lost,
 * and the reset engine must find the same.
 *   (default)      a destructor registers the checking handler with
 *                  atexit: it runs after every destructor (on the
 *                  commit before the fix: never under reset, no error)
 *   -DON_EXIT      ... with on_exit, which also gets exit's status
 *   -DCXA          ... with __cxa_atexit
 *   -DNESTED       the late handler registers the checking one in turn
 *   -DPRIO         the registering destructor has a priority (101)
 *   -DEXIT_IN_DTOR a destructor calls exit(3) where the counter is 1,
 *                  before any late handler: the process ends there, the
 *                  checking destructor after it never runs (on the commit
 *                  before the fix: the reset engine's process died,
 *                  exit 3 "the fork server died")
 *   -DEXIT_IN_LATE the late handler calls exit(5) before it checks: the
 *                  C library runs the handlers still pending, none
 *   -DCRASH_IN_DTOR  the destructor writes through a null pointer where
 *                  the counter is 1 (on the commit before the fix: no
 *                  error in either engine, the report already said the
 *                  execution was complete)
 *   -DCRASH_IN_LATE  ... the late handler does
 *   -DOUTPUT       each step prints, for `ravel replay` */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

#include "racers.h"

#ifdef OUTPUT
#define SAY(s) fputs(s, stdout)
#else
#define SAY(s) ((void)0)
#endif

static void check(void)
{
    SAY("check\n");
    assert(racers_x == 2);
}

#ifdef ON_EXIT
static void check_status(int status, void *arg)
{
    (void)arg;
    assert(status == 0);
    check();
}
#endif
#ifdef CXA
extern void *__dso_handle;
int __cxa_atexit(void (*fn)(void *), void *arg, void *dso);
static void check_arg(void *arg)
{
    assert(arg == &racers_x);
    check();
}
#endif

static void crash_if_lost(void)
{
    if (racers_x == 1) *(volatile int *)0 = 1; /* MARK crash */
}

static void late(void)
{
    SAY("late\n");
#ifdef CRASH_IN_LATE
    crash_if_lost();
#endif
#ifdef EXIT_IN_LATE
    exit(5);
#endif
#ifdef NESTED
    atexit(check);
#else
    check();
#endif
}

static void register_late(void)
{
    SAY("register\n");
#if defined ON_EXIT
    on_exit(check_status, NULL);
#elif defined CXA
    __cxa_atexit(check_arg, &racers_x, __dso_handle);
#elif defined NESTED || defined EXIT_IN_LATE || defined CRASH_IN_LATE
    atexit(late);
#else
    atexit(check);
#endif
}

#ifdef PRIO
__attribute__((destructor(101))) static void dtor(void)
#else
__attribute__((destructor)) static void dtor(void)
#endif
{
#ifdef CRASH_IN_DTOR
    crash_if_lost();
#endif
#ifdef EXIT_IN_DTOR
    if (racers_x == 1) exit(3);
    check(); /* not reached where the counter is 1 */
#else
    register_late();
#endif
}

int main(void)
{
    pthread_t t[2];
    race_start(t, NULL);
    race_join(t);
    SAY("main\n");
    return 0;
}
