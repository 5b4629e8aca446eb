/*
 * posix_ext.h — the runtime's spin locks, timed waits, read-write locks,
 * barriers and the attribute setters it accepts (posix_ext.c; issue 13).
 * Semantics are the model's (src/core/model.h); the packing of a spin
 * lock's model state into its 4 bytes is apply.c's (rv_spin_pack), and
 * so is how an action says its object started in storage that held no
 * object (rv_raw_start, rv_cond_act); both are declared here.
 *
 * Owns: no state (posix_ext.c's and apply.c's, as above).
 */
#ifndef RAVEL_RUNTIME_POSIX_EXT_H
#define RAVEL_RUNTIME_POSIX_EXT_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../core/model.h"

/* RV_AF_RAW if the condvar or rwlock at obj (model status `status`, overlay
 * of `overlay` bytes) started in storage that held no object: a status no
 * init or static initialiser writes, now or before (a tag past the overlay
 * remembers it, so that every action on the object tells the unfolding the
 * same start: model.h rv_model_start); else 0. */
uint8_t rv_raw_start(uint64_t obj, size_t overlay, uint32_t status); /* apply.c */
/* A condition-variable action of kind k on c, with its RV_AF_RAW. */
rv_action rv_cond_act(rv_kind k, pthread_cond_t *c); /* apply.c */

/* What pthread_create takes from its attribute object (apply.c). */
typedef struct rv_spawn_attr {
    bool detached;
    bool explicit_sched; /* PTHREAD_EXPLICIT_SCHED: policy and prio below */
    int policy, prio;
} rv_spawn_attr;
/* Read *attr at a read event into *out; 0, or the error pthread_create
 * returns (EPERM for a real-time policy: the program runs unprivileged).
 * A stack larger than ravel's threads have ends the execution
 * (RV_END_RESOURCE). */
int rv_create_attr(const pthread_attr_t *attr, uint64_t pc, rv_spawn_attr *out); /* sync.c */
/* 0 if an unprivileged thread may take scheduling policy `policy` at
 * priority `prio`, else EINVAL (not valid) or EPERM (real-time). */
int rv_sched_check(int policy, int prio); /* apply.c */
/* thrattr.c, linked only into programs that call the functions it
 * defines (sync.c refers to it weakly): the new thread id's name and
 * scheduling, inherited from its creator or taken from the attributes,
 * at events before the create. */
void rv_tattr_spawn(unsigned id, const rv_spawn_attr *sa, uint64_t pc) __attribute__((weak));

/* The model state (a normal mutex) of the pthread_spinlock_t at addr
 * (apply.c). */
void rv_spin_unpack(uint64_t addr, rv_mutex_st *m);
/* Store m back into the pthread_spinlock_t at addr (apply.c). */
void rv_spin_pack(uint64_t addr, const rv_mutex_st *m);

#endif
