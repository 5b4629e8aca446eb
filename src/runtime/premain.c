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
 * A once control finished before main is remembered: its later calls
 * return at once, without an event.  An event would be a once-begin that
 * finds it done, which the unfolding's model (it starts every object from
 * its initial state, src/core/model.h) predicts to run the function; and
 * nothing can change a finished once, so no order of it matters.  A mutex
 * a constructor leaves locked into main has the same disagreement (the
 * runtime has it held by the main thread, the unfolding's model free):
 * udpor then stops with "a replayed configuration diverged", never
 * silently; libstdc++ and ordinary constructors unlock what they lock.
 *
 * An action that cannot take effect alone — one that would block (a
 * deadlock among constructors) or create a thread — ends the process with
 * a message: it has no execution to report in.
 *
 * Owns: the once controls that finished before main (premain_once).
 */
#include "rt.h"

#include <stdio.h>
#include <unistd.h>

/* rv_self() is the main thread from the first constructor on. */
__attribute__((constructor(101))) static void premain_thread(void)
{
    if (!rt.active && !rt.running) rt.running = rv_thr_at(0);
}

#define PREMAIN_ONCES 256
static uint64_t premain_once[PREMAIN_ONCES];
static unsigned npremain_once;

bool rv_premain_once_done(const void *once)
{
    for (unsigned i = 0; i < npremain_once; i++)
        if (premain_once[i] == (uint64_t)(uintptr_t)once) return true;
    return false;
}

void rv_premain_visible(rv_action a)
{
    if (!rt.running) rt.running = rv_thr_at(0);
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
    if (a.kind == RV_ACT_ONCE_END && npremain_once < PREMAIN_ONCES)
        premain_once[npremain_once++] = a.obj;
}
