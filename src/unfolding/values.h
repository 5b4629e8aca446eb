/*
 * values.h — what the unfolding knows of memory values, to predict the
 * outcome of a compare-exchange at a history (issue 9 part 3; docs/UDPOR.md
 * "Compare-and-swap").
 *
 * A CAS event (RV_AF_CAS) is a READ when it fails and an RMW when it
 * succeeds.  At a history H the outcome is a function of the bytes
 * [obj, obj+len) at H: each byte holds what the last write of H to it left
 * (writes to one byte are totally ordered in H), or its initial value when
 * H has no write to it.  Writes report their bytes (rv_event.wval, len <= 8);
 * initial values are learnt from the bytes an access saw before any write
 * to them in an execution (rv_event.old) and kept in a per-byte table.
 *
 * The label rule, the same for an executed CAS (rv_vals_label) and an
 * extension (extend.c): if every byte is known, READ when they differ
 * from the expected value (arg), RMW when equal; if some byte is unknown,
 * RMW (an over-approximation of the dependence).  It must be a function of
 * (thread, H) for hash-consing to be sound: a write's bytes are a property
 * of the event; a table entry is fixed the first time it is looked up
 * (missing: frozen as unknown forever), so a later lesson cannot relabel
 * an event already named.
 */
#ifndef RAVEL_UNFOLDING_VALUES_H
#define RAVEL_UNFOLDING_VALUES_H

#include "unfolding.h"

/* Learn initial values of the bytes the trace's compare-exchanges touch
 * from the trace.  Returns false if the trace has no CAS (nothing to do). */
bool rv_vals_learn(rv_unf *u, const rv_trace *t);

/* Byte b's initial value: true and *v if known; a missing entry is
 * frozen unknown. */
bool rv_vals_initial(rv_unf *u, uint64_t b, uint8_t *v);

/* The effect of an executed event on the bytes it writes (RV_WEFF_*). */
uint8_t rv_vals_effect(const rv_event *ev, uint64_t *wval);

/* Does the executed event (with effect weff, wval) write byte b, and
 * what?  0: does not write b; RV_WEFF_KNOWN (*v set) or RV_WEFF_UNKNOWN. */
int rv_vals_byte(const rv_action *a, uint8_t weff, uint64_t wval, uint64_t b, uint8_t *v);

/* The kind a CAS gets from the bytes known at its history: cur[k] is byte
 * obj+k's value where known[k]. */
uint8_t rv_vals_cas_kind(const rv_action *a, const uint8_t *cur, const bool *known);

/* The trace with each executed CAS labelled by the rule (a failed CAS
 * whose value the unfolding cannot know becomes an RMW), or t itself when
 * no label changes; a copy is malloc'd into *copy (free it).  A label that
 * contradicts the backend's outcome marks u inconsistent. */
const rv_trace *rv_vals_label(rv_unf *u, const rv_trace *t, rv_trace *copy, bool *copied);

#endif
