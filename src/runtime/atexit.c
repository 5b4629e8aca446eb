/*
 * atexit.c — the exit handlers the program registers (atexit, on_exit,
 * __cxa_atexit) as an object of the model: each registration during an
 * execution is an atomic RMW event of one runtime word, exit_list, a
 * digest of the list.  The C library's list is no program memory, and a
 * state that did not hold it folded two configurations that registered
 * different handlers to one: the default mode cut off the one whose
 * handler fails (tests/cutoffs outparam, atexit rows).  The memory image
 * (image.c) holds the word; registrations by different threads are
 * ordered by it, as their order is the order the handlers run in.
 *
 * The registration itself is the C library's, diverted by the reset
 * engine while the program exits (engine.c, rv_engine_late_register).
 *
 * Owns: exit_list.
 */
#include "rt.h"
#include "engine.h"

#include <errno.h>
#include <stdlib.h>

static uint64_t exit_list;

static void note_exit_handler(int kind, void (*fn)(void), void *arg, void *dso, uint64_t pc)
{
    if (!rt.active) return; /* before main, or while exiting: no execution state */
    int e = errno;
    rv_mem_event(RV_ACT_RMW, &exit_list, sizeof exit_list, pc, RV_AF_ATOMIC);
    errno = e;
    uint64_t x = (uint64_t)kind ^ (uint64_t)(uintptr_t)fn * 0x9e3779b97f4a7c15ull ^
                 (uint64_t)(uintptr_t)arg * 0xc2b2ae3d27d4eb4full ^
                 (uint64_t)(uintptr_t)dso * 0x165667b19e3779f9ull;
    exit_list = (exit_list ^ x) * 0xff51afd7ed558ccdull + 1;
}

extern void *__dso_handle;
int __cxa_atexit(void (*fn)(void *), void *arg, void *dso);

int __ravel_atexit(void (*fn)(void))
{
    note_exit_handler(0, fn, NULL, __dso_handle, RV_PC());
    int r = rv_engine_late_register(0, fn, NULL, __dso_handle, RV_PC());
    return r != -1 ? r : __cxa_atexit((void (*)(void *))(void (*)(void))fn, NULL, __dso_handle);
}

int __ravel_on_exit(void (*fn)(int, void *), void *arg)
{
    note_exit_handler(1, (void (*)(void))fn, arg, NULL, RV_PC());
    int r = rv_engine_late_register(1, (void (*)(void))fn, arg, NULL, RV_PC());
    return r != -1 ? r : on_exit(fn, arg);
}

int __ravel___cxa_atexit(void (*fn)(void *), void *arg, void *dso)
{
    note_exit_handler(2, (void (*)(void))fn, arg, dso, RV_PC());
    int r = rv_engine_late_register(2, (void (*)(void))fn, arg, dso, RV_PC());
    return r != -1 ? r : __cxa_atexit(fn, arg, dso);
}
