/*
 * explain.h — explain.c's contract: the explain log (protocol.h), written
 * in runs with RV_REQ_EXPLAIN only (each call is a no-op otherwise).
 *
 * Owns: no state (the explain log's shadow stacks are explain.c's).
 */
#ifndef RAVEL_RUNTIME_EXPLAIN_H
#define RAVEL_RUNTIME_EXPLAIN_H

#include "rt.h"

void rv_xl_push(uint64_t ret, uint64_t fb, uint64_t sp); /* a function entered */
void rv_xl_pop(uint64_t sp);                             /* left */
void rv_xl_event(const rv_thr *t, uint64_t index, uint64_t pc);
void rv_xl_end(void);                                        /* the execution ends */
void rv_xl_access(uint64_t addr, uint64_t len, uint64_t pc); /* a plain access (drf) */

#endif
