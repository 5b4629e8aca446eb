/*
 * arena.c — size-class allocator of the unfolding (contract in arena.h).
 * Under AddressSanitizer, free blocks are poisoned so that a use after
 * Remove freed an event is still reported.
 */
#include "arena.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "../core/util.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define RV_ARENA_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define RV_ARENA_ASAN 1
#endif
#ifdef RV_ARENA_ASAN
#include <sanitizer/asan_interface.h>
#define POISON(p, n)   ASAN_POISON_MEMORY_REGION(p, n)
#define UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION(p, n)
#else
#define POISON(p, n)   ((void)(p), (void)(n))
#define UNPOISON(p, n) ((void)(p), (void)(n))
#endif

/* Chunks are mapped populated: one system call instead of a page fault
 * per 4 KiB of fresh event memory (the faults were about a tenth of the
 * explorer's time on the philosophers, N=14: 55,000 faults, now under
 * 10,000).  Sizes double from CHUNK0 to CHUNK so that a small unfolding
 * does not pay for 2 MiB. */
#define CHUNK0 (64u << 10)
#define CHUNK  (2u << 20)
#define HDR    16 /* chunk link and big-block links; keeps 16-byte alignment */

struct rv_ubig {
    rv_ubig *prev, *next;
};

static size_t class_of(size_t n)
{
    return (n + 15) / 16;
}

static void *big_alloc(rv_uarena *a, size_t n)
{
    rv_ubig *b = rv_xmalloc(sizeof *b + n);
    b->prev = NULL;
    b->next = a->big;
    if (a->big) a->big->prev = b;
    a->big = b;
    return b + 1;
}

static void big_free(rv_uarena *a, void *p)
{
    rv_ubig *b = (rv_ubig *)p - 1;
    if (b->prev)
        b->prev->next = b->next;
    else
        a->big = b->next;
    if (b->next) b->next->prev = b->prev;
    free(b);
}

/* A chunk of n bytes; its header holds the link and n. */
static char *chunk_new(rv_uarena *a, size_t n)
{
    char *m =
        mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
    if (m == MAP_FAILED) rv_out_of_memory(n); /* as rv_xmalloc */
    ((void **)m)[0] = a->chunks;
    ((size_t *)m)[1] = n;
    a->chunks = m;
    return m;
}

/* Carve a block of class c from the newest chunk, opening one if needed
 * (the tail of the old one is left unused: under 4 KiB per MiB). */
static void *carve(rv_uarena *a, size_t c)
{
    size_t n = c * 16;
    if ((size_t)(a->end - a->cur) < n) {
        size_t sz = a->chunks ? ((size_t *)a->chunks)[1] : CHUNK0 / 2;
        sz = sz < CHUNK ? 2 * sz : CHUNK;
        char *ch = chunk_new(a, sz);
        a->cur = ch + HDR;
        a->end = ch + sz;
        POISON(a->cur, (size_t)(a->end - a->cur));
    }
    void *p = a->cur;
    a->cur += n;
    return p;
}

void *rv_arena_alloc(rv_uarena *a, size_t n)
{
    if (n > RV_ARENA_MAX) return big_alloc(a, n);
    size_t c = class_of(n ? n : 1);
    void *p = a->freel[c];
    if (p) {
        UNPOISON(p, c * 16);
        a->freel[c] = *(void **)p;
    } else {
        p = carve(a, c);
        UNPOISON(p, c * 16);
    }
    return p;
}

void *rv_arena_calloc(rv_uarena *a, size_t n)
{
    void *p = rv_arena_alloc(a, n);
    memset(p, 0, n);
    return p;
}

void rv_arena_free(rv_uarena *a, void *p, size_t n)
{
    if (!p) return;
    if (n > RV_ARENA_MAX) {
        big_free(a, p);
        return;
    }
    size_t c = class_of(n ? n : 1);
    *(void **)p = a->freel[c];
    a->freel[c] = p;
    POISON(p, c * 16);
}

void *rv_arena_resize(rv_uarena *a, void *p, size_t old, size_t n)
{
    if (p && old <= RV_ARENA_MAX && n <= RV_ARENA_MAX &&
        class_of(old ? old : 1) == class_of(n ? n : 1))
        return p;
    void *q = rv_arena_alloc(a, n);
    if (p) {
        memcpy(q, p, old < n ? old : n);
        rv_arena_free(a, p, old);
    }
    return q;
}

void rv_arena_release(rv_uarena *a)
{
    while (a->chunks) {
        void *ch = a->chunks;
        size_t sz = ((size_t *)ch)[1];
        UNPOISON(ch, sz);
        a->chunks = *(void **)ch;
        munmap(ch, sz);
    }
    while (a->big) {
        rv_ubig *b = a->big;
        a->big = b->next;
        free(b);
    }
    memset(a, 0, sizeof *a);
}
