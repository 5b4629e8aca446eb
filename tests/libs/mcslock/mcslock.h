/* Vendored from https://github.com/sysprog21/concurrent-programs mcslock/mcslock.h
 * at commit e04b9c3654043276f523a50b9f29fd7d135d5809.  Copyright (C)
 * 2021-2023 National Cheng Kung University, Taiwan; BSD 2-clause licence:
 * tests/libs/LICENSE.concurrent-programs.  Changes for ravel are marked. */
#pragma once

#include <stdatomic.h>
#include <stdint.h>

typedef struct mcsnode {
    _Atomic(struct mcsnode *) next;
    _Atomic(uint8_t) wait;
} mcsnode_t;

typedef _Atomic(mcsnode_t *) mcslock_t;

/* Initialize an MCS lock */
void mcslock_init(mcslock_t *lock);

/* Acquire an MCS lock
 * 'node' points to an uninitialized mcsnode
 */
void mcslock_acquire(mcslock_t *lock, mcsnode_t *node);

/* Release an MCS lock
 * node' must specify same node as used in matching acquire call
 */
void mcslock_release(mcslock_t *lock, mcsnode_t *node);
