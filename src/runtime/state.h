/*
 * state.h — state.c's contract: what makes a thread's state (docs/UDPOR.md
 * "What a state contains").  The scheduler calls these at each visible
 * action, in this order: rv_program_ret_slot (where the program's frames
 * end), rv_fingerprint_last (followed by image.c's rv_image_after) or
 * rv_keep_taint (before the switch), then,
 * when the thread runs again, rv_dead_floor, rv_check_below_floor,
 * rv_scrub_deep, rv_scrub_dead with rv_arm_return_scrub, rv_deep_inside.
 * They change only the running thread's dead stack bytes and its last
 * event's fingerprint and taint.
 *
 * Owns: no state (the taint words are state.c's).
 */
#ifndef RAVEL_RUNTIME_STATE_H
#define RAVEL_RUNTIME_STATE_H

#include "rt.h"

/* Zero the dead stack below the caller before a runtime wrapper calls
 * program code (a key destructor, a cleanup handler): the runtime's
 * leftovers would sit in the callee's uninitialised slots. */
void rv_scrub_before_callback(void);

/* Nonzero when the program names a deep C library function without
 * calling it (its address taken): its calls are not recorded, so every
 * visible action zeroes the whole dead stack (compile.c, deep_always). */
extern const unsigned __ravel_deep_always __attribute__((weak));

/* Fingerprint thread t's local state into its last event: its stack from
 * sp up, its record and (regs) the registers stored at the visible entry;
 * at its exit, its return value and record only.  The taint since goes
 * to the event too.  The event's change of the memory image is not
 * touched: the caller completes it (image.c, rv_image_after). */
void rv_fingerprint_last(rv_thr *t, const void *sp, bool regs);
void rv_fingerprint_exit(rv_thr *t);
/* Without fingerprints: the taint still goes to t's last event. */
void rv_keep_taint(rv_thr *t);

/* The slot of the program's return address above the runtime's frame fp
 * (NULL: the runtime calling itself). */
uint64_t *rv_program_ret_slot(const rv_thr *t, char *fp);
/* The lowest byte the program's frames may have used since t's last
 * action, and the checks and scrubs below it. */
char *rv_dead_floor(rv_thr *t, char *here);
void rv_check_below_floor(rv_thr *t, char *floor, char *here, rv_kind k, uint64_t pc, bool deep);
void rv_scrub_deep(rv_thr *t, char *here, char *floor);
void rv_scrub_dead(rv_thr *t, char *here, char *floor, char *stub_lo);
/* Arm the return stub at slot; how far down it will zero (NULL: no slot). */
char *rv_arm_return_scrub(rv_thr *t, uint64_t *slot, char *here, char *floor);
/* Whether t, at an action returning into the program at slot, is still
 * inside the deep call recorded in deep. */
bool rv_deep_inside(const rv_thr *t, const uint64_t *slot, const uint64_t *deep);

#endif
