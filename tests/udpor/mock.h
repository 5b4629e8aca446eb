/*
 * mock.h — an in-process backend for testing explorers: small random
 * programs of threads doing lock/unlock/trylock/read/write/nondet/condvar
 * wait/signal/broadcast/semaphores/create/join with forward branches and
 * assertions (and, in loop mode, backward jumps for cutoff tests).
 * Deterministic, fingerprints on request.  Semantics follow the runtime
 * (src/runtime/sync.c): a thread runs its local instructions eagerly after
 * each visible operation; signal's value indexes the waiters by ascending
 * thread id.
 */
#ifndef RAVEL_TESTS_UDPOR_MOCK_H
#define RAVEL_TESTS_UDPOR_MOCK_H

#include <stdint.h>

#include "backends/backend.h"

enum {
    M_LOCK,
    M_UNLOCK,
    M_TRYLOCK,
    M_READ,
    M_WRITE,
    M_RMW,
    M_NONDET,
    M_WAIT,
    M_SIGNAL,
    M_BCAST,
    M_SEMW,
    M_SEMP,
    M_CREATE,
    M_JOIN,
    M_BRANCH,
    M_ASSERT,
    M_JMP,
    M_EXIT,
    M_YIELD
};

typedef struct minstr {
    int op;
    int a, b, c; /* object / value / target, by op */
} minstr;

#define MOCK_MAXT 6
#define MOCK_MAXI 40

typedef struct mprog {
    int nthreads; /* thread 0 is main; threads 1.. are created by main if `spawn` */
    int spawn;    /* threads 1.. need create from thread 0 */
    int ni[MOCK_MAXT];
    minstr code[MOCK_MAXT][MOCK_MAXI];
    int seminit[4];
} mprog;

rv_backend *mock_open(const mprog *p);
/* Random program from a seed; loops = 0: straight-line with forward
 * branches; 1: every thread loops forever (finite-state), 2 threads;
 * 2: the same with 2 or 3 threads. */
void mock_random(mprog *p, uint64_t seed, int loops);
void mock_print(const mprog *p);

#endif
