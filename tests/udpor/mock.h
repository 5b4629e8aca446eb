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
#include "core/util.h"

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
    M_YIELD,
    M_ADDB /* mock_prodcons: an RMW adding b when the result stays in [0, c] */
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
    int mod; /* values written are taken modulo mod (0: 3) */
} mprog;

rv_backend *mock_open(const mprog *p);
/* The whole state of the program after the backend's last execution: every
 * thread's state, pc, register and wait phase, every object (exact, not a
 * fingerprint of a part): two executions that end in the same state hash
 * the same.  For checking reports of non-termination (unit.c). */
rv_hash128 mock_state(rv_backend *b);
/* Random program from a seed; loops = 0: straight-line with forward
 * branches; 1: every thread loops forever (finite-state), 2 threads;
 * 2: the same with 2 or 3 threads; 3: straight-line code with spin-waits
 * (a read of a variable repeated until it holds a value, some inside a
 * critical section), which may wait forever. */
void mock_random(mprog *p, uint64_t seed, int loops);
void mock_print(const mprog *p);
/* Seed 001 §6's PRODCONS family in the mock's abstraction, where a
 * thread's state is its pc and one register, so that POET's notion of state
 * (program counter and live locals) is modelled exactly: which = 'a' (two
 * producers +1/+2 and a consumer on one counter) or 'b' (two producers on
 * two counters, a consumer taking from both); counters bounded by `bound`.
 * keep: the consumer keeps the last value read in its register (else it is
 * cleared after each critical section, like a dead temporary).  gran: the
 * events of a critical section: 0 lock, read, write, unlock; 1 lock, RMW,
 * unlock; 2 one atomic RMW, no mutex. */
void mock_prodcons(mprog *p, int which, int bound, int keep, int gran);

#endif
