/*
 * premain.c — synchronisation before main.
 *
 * Constructors run before the runtime's main starts the first execution:
 * the program's global objects (a C++ global whose constructor locks a
 * std::mutex, a C function with __attribute__((constructor))) and the C++
 * library's own initialisation (libstdc++'s locale and iostream set-up
 * calls pthread_once and locks mutexes, through the rewired library,
 * compile.c "C++").  Nothing is explored there: the one thread is the
 * main thread (thread 0), which runs the constructors, and each action
 * takes its effect (the model's, sync.c rv_apply) at once, without an
 * event.  The objects keep the states it leaves (a mutex a constructor
 * left locked is held by the main thread), copied into every execution
 * by the fork server, as all memory is.
 *
 * An action that cannot take effect alone — one that would block (a
 * deadlock among constructors) or create a thread — ends the process with
 * a message: it has no execution to report in.
 */
#include "rt.h"

#include <stdio.h>
#include <unistd.h>

/* rv_self() is the main thread from the first constructor on. */
__attribute__((constructor(101))) static void premain_thread(void)
{
    if (!rt.active && !rt.running) rt.running = &rv_threads[0];
}

void rv_premain_visible(rv_action a)
{
    if (!rt.running) rt.running = &rv_threads[0];
    rv_thr *self = rt.running;
    a.tid = (uint16_t)rv_tid(self);
    self->pending = a;
    if (a.kind == RV_ACT_CREATE || !rv_enabled(self)) {
        dprintf(2, "ravel: a %s before main (in a constructor) is not supported\n",
                a.kind == RV_ACT_CREATE ? "thread created" : "blocking call");
        _exit(70);
    }
    rv_event ev = {0};
    ev.act = a;
    rv_apply(self, &ev, 0);
    self->pending = (rv_action){0};
}
