/*
 * arena.h — the memory of the unfolding's events (issue 11): events with
 * their pred and tmax arrays in one block, conflict lists and index
 * buckets, carved from large chunks with one free list per size class
 * (16-byte steps up to RV_ARENA_MAX; larger blocks are malloc'd and
 * linked).  U is freed in one go (chunks, then the large blocks) instead
 * of block by block, and Remove's freed blocks are reused by the next
 * events of their class, so memory stays bounded under --cache-mb.
 * The caller passes each block's size back on free (it is a function of
 * fields it keeps: npred, nt, capicf, cap).
 */
#ifndef RAVEL_UNFOLDING_ARENA_H
#define RAVEL_UNFOLDING_ARENA_H

#include <stddef.h>

#define RV_ARENA_MAX     4096
#define RV_ARENA_CLASSES (RV_ARENA_MAX / 16 + 1)

typedef struct rv_ubig rv_ubig;

typedef struct rv_uarena {
    char *cur, *end;               /* the rest of the newest chunk */
    void *chunks;                  /* chunks, linked through their first word */
    void *freel[RV_ARENA_CLASSES]; /* per class, freed blocks linked through their first word */
    rv_ubig *big;                  /* blocks larger than RV_ARENA_MAX */
} rv_uarena;

void *rv_arena_alloc(rv_uarena *a, size_t n);
void *rv_arena_calloc(rv_uarena *a, size_t n);
void rv_arena_free(rv_uarena *a, void *p, size_t n);
/* A block of n bytes holding the first min(old, n) of p's; p is freed. */
void *rv_arena_resize(rv_uarena *a, void *p, size_t old, size_t n);
/* Free everything. */
void rv_arena_release(rv_uarena *a);

#endif
