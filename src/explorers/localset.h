/*
 * localset.h — a set of thread-local states, (thread, fingerprint) pairs
 * (--local-states; seed 002 Theorem 1: BPOR with bound c reaches every
 * thread-local state that some execution of bound <= c reaches).
 * Contract: add is idempotent per pair; write sorts the set and writes one
 * line "thread fp_hi fp_lo" per state (hex), so that two searches compare
 * with diff or comm; it returns 0 or -1 (errno set) when the file cannot
 * be written.
 */
#ifndef RAVEL_EXPLORERS_LOCALSET_H
#define RAVEL_EXPLORERS_LOCALSET_H

#include <stdint.h>

typedef struct rv_localset rv_localset;
rv_localset *rv_localset_new(void);
void rv_localset_add(rv_localset *s, uint16_t tid, uint64_t lo, uint64_t hi);
int rv_localset_write(rv_localset *s, const char *path);
void rv_localset_free(rv_localset *s);

#endif
