/*
 * posix_ext.h — the runtime's spin locks, timed waits, read-write locks,
 * barriers and the attribute setters it accepts (posix_ext.c; issue 13).
 * Semantics are the model's (src/core/model.h); this header only exposes
 * the packing of a spin lock's model state into its 4 bytes, which sync.c's
 * generic enabledness and effect code needs.
 */
#ifndef RAVEL_RUNTIME_POSIX_EXT_H
#define RAVEL_RUNTIME_POSIX_EXT_H

#include <stdint.h>

#include "../core/model.h"

/* The model state (a normal mutex) of the pthread_spinlock_t at addr. */
void rv_spin_unpack(uint64_t addr, rv_mutex_st *m);
/* Store m back into the pthread_spinlock_t at addr. */
void rv_spin_pack(uint64_t addr, const rv_mutex_st *m);

#endif
