/*
 * action.c — names, printing and the dependence relation of actions.
 * The relation is the single source of truth for trace equivalence; it is
 * tested exhaustively over small action universes in tests/unit.
 */
#include "action.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static const char *const kind_names[RV_ACT_KIND_COUNT] = {
    [RV_ACT_NONE] = "none",
    [RV_ACT_CREATE] = "create",
    [RV_ACT_JOIN] = "join",
    [RV_ACT_EXIT] = "exit",
    [RV_ACT_PEXIT] = "process-exit",
    [RV_ACT_LOCK] = "lock",
    [RV_ACT_TRYLOCK] = "trylock",
    [RV_ACT_UNLOCK] = "unlock",
    [RV_ACT_MUTEX_INIT] = "mutex-init",
    [RV_ACT_MUTEX_DESTROY] = "mutex-destroy",
    [RV_ACT_WAIT1] = "wait1",
    [RV_ACT_WAIT2] = "wait2",
    [RV_ACT_SIGNAL] = "signal",
    [RV_ACT_BROADCAST] = "broadcast",
    [RV_ACT_SEM_WAIT] = "sem-wait",
    [RV_ACT_SEM_TRYWAIT] = "sem-trywait",
    [RV_ACT_SEM_POST] = "sem-post",
    [RV_ACT_READ] = "read",
    [RV_ACT_WRITE] = "write",
    [RV_ACT_RMW] = "rmw",
    [RV_ACT_ONCE_BEGIN] = "once-begin",
    [RV_ACT_ONCE_END] = "once-end",
    [RV_ACT_NONDET] = "nondet",
    [RV_ACT_YIELD] = "yield",
    [RV_ACT_ATOMIC_BEGIN] = "atomic-begin",
    [RV_ACT_ATOMIC_END] = "atomic-end",
    [RV_ACT_DETACH] = "detach",
    [RV_ACT_COND_INIT] = "cond-init",
    [RV_ACT_COND_DESTROY] = "cond-destroy",
    [RV_ACT_SEM_INIT] = "sem-init",
    [RV_ACT_SEM_DESTROY] = "sem-destroy",
    [RV_ACT_RDLOCK] = "rdlock",
    [RV_ACT_TRYRDLOCK] = "tryrdlock",
    [RV_ACT_WRLOCK] = "wrlock",
    [RV_ACT_TRYWRLOCK] = "trywrlock",
    [RV_ACT_RDUNLOCK] = "rdunlock",
    [RV_ACT_WRUNLOCK] = "wrunlock",
    [RV_ACT_RW_INIT] = "rwlock-init",
    [RV_ACT_RW_DESTROY] = "rwlock-destroy",
    [RV_ACT_BAR_INIT] = "barrier-init",
    [RV_ACT_BAR_DESTROY] = "barrier-destroy",
    [RV_ACT_BAR_ARRIVE] = "barrier-arrive",
    [RV_ACT_BAR_LEAVE] = "barrier-leave",
};

const char *rv_kind_name(rv_kind k)
{
    return (unsigned)k < RV_ACT_KIND_COUNT && kind_names[k] ? kind_names[k] : "?";
}

uint64_t rv_mutex_of(const rv_action *a)
{
    switch (a->kind) {
    case RV_ACT_LOCK:
    case RV_ACT_TRYLOCK:
    case RV_ACT_UNLOCK:
    case RV_ACT_MUTEX_INIT:
    case RV_ACT_MUTEX_DESTROY:
        return a->obj;
    case RV_ACT_WAIT1:
    case RV_ACT_WAIT2:
        return a->obj2;
    default:
        return 0;
    }
}

static bool is_sem(const rv_action *a)
{
    return a->kind == RV_ACT_SEM_WAIT || a->kind == RV_ACT_SEM_TRYWAIT ||
           a->kind == RV_ACT_SEM_POST || a->kind == RV_ACT_SEM_INIT ||
           a->kind == RV_ACT_SEM_DESTROY;
}

/* Actions on a condition variable (obj). */
static bool is_cond(const rv_action *a)
{
    return a->kind == RV_ACT_WAIT1 || a->kind == RV_ACT_WAIT2 || a->kind == RV_ACT_SIGNAL ||
           a->kind == RV_ACT_BROADCAST || a->kind == RV_ACT_COND_INIT ||
           a->kind == RV_ACT_COND_DESTROY;
}

static bool is_cond_life(const rv_action *a)
{
    return a->kind == RV_ACT_COND_INIT || a->kind == RV_ACT_COND_DESTROY;
}

static bool is_notify(const rv_action *a)
{
    return a->kind == RV_ACT_SIGNAL || a->kind == RV_ACT_BROADCAST;
}

/* A signal or broadcast that woke nobody (seed 004: "lost"). */
static bool is_lost(const rv_action *a)
{
    return (a->kind == RV_ACT_SIGNAL && a->arg == RV_NO_THREAD) ||
           (a->kind == RV_ACT_BROADCAST && a->arg == 0 && a->len == 0);
}

/* Does notification n (signal or broadcast) wake the thread of wait half
 * w?  A broadcast names the threads below RV_MASK_THREADS it woke in a
 * mask; a w2 above them names the broadcast that woke it (action.h). */
static bool notifies(const rv_action *n, const rv_action *w)
{
    unsigned t = w->tid;
    if (n->kind == RV_ACT_SIGNAL) return n->arg == t;
    if (t < RV_MASK_THREADS) return (n->arg >> t) & 1u;
    return w->kind == RV_ACT_WAIT2 && n->len && (w->arg >> 32) == n->len;
}

/* Seed 004 §3.1: dependence between a wait half w and a notification n on
 * the same condition variable.  w1 of thread i depends on signals to i,
 * on lost signals and on every broadcast; w2 of i on the notification
 * that woke i. */
static bool wait_notify_dependent(const rv_action *w, const rv_action *n)
{
    if (w->obj != n->obj) return false;
    /* a timed w2 (or one that may wake spuriously) reads whether a
     * notification came: every notification (DESIGN "Timed waits") */
    if (w->kind == RV_ACT_WAIT2 && (w->flags & RV_AF_TIMED)) return true;
    if (w->kind == RV_ACT_WAIT1) return n->kind == RV_ACT_BROADCAST || is_lost(n) || notifies(n, w);
    return notifies(n, w);
}

/* Do [lo1, lo1 + len1) and [lo2, lo2 + len2) share a byte?  Compared by
 * last bytes (action.h rv_mem_last), so that a range whose end passes the
 * last address meets what it covers instead of wrapping to nothing. */
static bool bytes_meet(uint64_t lo1, uint64_t len1, uint64_t lo2, uint64_t len2)
{
    return len1 && len2 && lo1 <= rv_mem_last(lo2, len2) && lo2 <= rv_mem_last(lo1, len1);
}

static bool ranges_overlap(const rv_action *a, const rv_action *b)
{
    return bytes_meet(a->obj, a->len, b->obj, b->len);
}

/* The bytes pthread_create writes (*thread), as a memory range. */
static bool create_writes(const rv_action *c, const rv_action *m)
{
    return c->kind == RV_ACT_CREATE && rv_is_memory(m) &&
           bytes_meet(c->obj2, c->len, m->obj, m->len);
}

static bool joins_or_detaches(const rv_action *a)
{
    return a->kind == RV_ACT_JOIN || a->kind == RV_ACT_DETACH;
}

static bool thread_dependent(const rv_action *a, const rv_action *b)
{
    /* create(t) precedes everything t does; t's exit precedes join(t). */
    if (a->kind == RV_ACT_CREATE && a->obj == b->tid) return true;
    if (a->kind == RV_ACT_JOIN && a->obj == b->tid && b->kind == RV_ACT_EXIT) return true;
    /* join(t) reads t's detach state, which create(t) and detach(t) write */
    if ((a->kind == RV_ACT_CREATE || a->kind == RV_ACT_DETACH) && joins_or_detaches(b) &&
        a->obj == b->obj)
        return true;
    return create_writes(a, b);
}

bool rv_dependent(const rv_action *a, const rv_action *b)
{
    if (a->tid == b->tid) return true;
    if (a->kind == RV_ACT_PEXIT || b->kind == RV_ACT_PEXIT) return true;
    /* entering a section disables every other thread, leaving enables them */
    if (rv_is_atomic_section(a) || rv_is_atomic_section(b)) return true;
    if (thread_dependent(a, b) || thread_dependent(b, a)) return true;

    uint64_t ma = rv_mutex_of(a), mb = rv_mutex_of(b);
    if (ma && ma == mb) return true;

    if (rv_is_memory(a) && rv_is_memory(b))
        return (a->kind != RV_ACT_READ || b->kind != RV_ACT_READ) && ranges_overlap(a, b);

    if (is_notify(a) && is_notify(b)) return a->obj == b->obj && !(is_lost(a) && is_lost(b));
    if ((a->kind == RV_ACT_WAIT1 || a->kind == RV_ACT_WAIT2) && is_notify(b))
        return wait_notify_dependent(a, b);
    if ((b->kind == RV_ACT_WAIT1 || b->kind == RV_ACT_WAIT2) && is_notify(a))
        return wait_notify_dependent(b, a);

    if (is_cond(a) && is_cond(b) && (is_cond_life(a) || is_cond_life(b))) return a->obj == b->obj;

    if (is_sem(a) && is_sem(b))
        return a->obj == b->obj && !(a->kind == RV_ACT_SEM_POST && b->kind == RV_ACT_SEM_POST);

    if ((a->kind == RV_ACT_ONCE_BEGIN || a->kind == RV_ACT_ONCE_END) &&
        (b->kind == RV_ACT_ONCE_BEGIN || b->kind == RV_ACT_ONCE_END))
        return a->obj == b->obj;

    /* read-write locks: readers (rdlock, tryrdlock, rdunlock) only add or
     * remove their own thread's holdings and read whether a writer holds
     * the lock, which no reader changes; everything else writes the
     * writer or reads the readers (DESIGN "Read-write locks") */
    if (rv_on_rwlock(a) && rv_on_rwlock(b))
        return a->obj == b->obj && !(rv_is_rw_reader(a) && rv_is_rw_reader(b));
    /* barriers: a leave reads the generation and decrements the number of
     * threads inside, which two leaves do in either order; arrive, init
     * and destroy write what every barrier action reads */
    if (rv_on_barrier(a) && rv_on_barrier(b))
        return a->obj == b->obj && !(a->kind == RV_ACT_BAR_LEAVE && b->kind == RV_ACT_BAR_LEAVE);
    return false;
}

static uint64_t obj_bit(uint64_t x)
{
    x *= 0x9e3779b97f4a7c15ull; /* Fibonacci hashing: the high bits mix best */
    return 1ull << (16 + (x >> 58) % 48);
}

/* The object bits of the 8-byte granules of [obj, obj + len). */
static uint64_t granule_bits(uint64_t obj, uint64_t len)
{
    uint64_t first = obj >> 3, last = rv_mem_last(obj, len) >> 3, s = 0;
    if (last - first >= 48) return ~0xffffull; /* long ranges: every object bit */
    for (uint64_t g = first; g <= last; g++) s |= obj_bit(g);
    return s;
}

uint64_t rv_dep_sig(const rv_action *a)
{
    if (a->kind == RV_ACT_PEXIT || rv_is_atomic_section(a)) return ~0ull;
    uint64_t s = 1ull << (a->tid & 15);
    if (a->kind == RV_ACT_CREATE || a->kind == RV_ACT_JOIN || a->kind == RV_ACT_DETACH)
        s |= 1ull << (a->obj & 15);
    if (a->kind == RV_ACT_CREATE && a->len) s |= granule_bits(a->obj2, a->len);
    uint64_t m = rv_mutex_of(a);
    if (m) s |= obj_bit(m);
    if (rv_is_memory(a)) {
        s |= granule_bits(a->obj, a->len);
    } else if (rv_on_sync_obj(a)) {
        s |= obj_bit(a->obj);
    }
    return s;
}

char *rv_action_str(const rv_action *a, char *buf, size_t cap)
{
    const char *k = rv_kind_name((rv_kind)a->kind);
    switch (a->kind) {
    case RV_ACT_READ:
    case RV_ACT_WRITE:
    case RV_ACT_RMW:
        snprintf(buf, cap, "%s%s(0x%llx, %llu)", (a->flags & RV_AF_ATOMIC) ? "atomic-" : "", k,
                 (unsigned long long)a->obj, (unsigned long long)a->len);
        break;
    case RV_ACT_CREATE:
    case RV_ACT_JOIN:
    case RV_ACT_DETACH:
        snprintf(buf, cap, "%s(thread %llu)", k, (unsigned long long)a->obj);
        break;
    case RV_ACT_WAIT1:
    case RV_ACT_WAIT2:
        snprintf(buf, cap, "%s%s(cond 0x%llx, mutex 0x%llx)",
                 (a->flags & RV_AF_TIMED) ? "timed-" : "", k, (unsigned long long)a->obj,
                 (unsigned long long)a->obj2);
        break;
    case RV_ACT_SIGNAL:
        if (a->arg == RV_NO_THREAD)
            snprintf(buf, cap, "signal(0x%llx) lost", (unsigned long long)a->obj);
        else
            snprintf(buf, cap, "signal(0x%llx) wakes thread %llu", (unsigned long long)a->obj,
                     (unsigned long long)a->arg);
        break;
    case RV_ACT_BROADCAST:
        if (a->len)
            snprintf(buf, cap, "broadcast(0x%llx) wakes mask 0x%llx and threads above 63 (#%llu)",
                     (unsigned long long)a->obj, (unsigned long long)a->arg,
                     (unsigned long long)a->len);
        else
            snprintf(buf, cap, "broadcast(0x%llx) wakes mask 0x%llx", (unsigned long long)a->obj,
                     (unsigned long long)a->arg);
        break;
    case RV_ACT_NONDET:
        snprintf(buf, cap, "nondet = %lld", (long long)a->arg);
        break;
    case RV_ACT_EXIT:
    case RV_ACT_YIELD:
    case RV_ACT_ATOMIC_BEGIN:
    case RV_ACT_ATOMIC_END:
        snprintf(buf, cap, "%s", k);
        break;
    case RV_ACT_PEXIT:
        snprintf(buf, cap, "process-exit(%lld)", (long long)a->arg);
        break;
    default: /* spin locks and timed calls say so; sem_getvalue is a peek */
        if (a->kind == RV_ACT_SEM_TRYWAIT && (a->flags & RV_AF_PEEK)) {
            snprintf(buf, cap, "sem-getvalue(0x%llx)", (unsigned long long)a->obj);
            break;
        }
        snprintf(buf, cap, "%s%s%s(0x%llx)", (a->flags & RV_AF_SPIN) ? "spin-" : "",
                 (a->flags & RV_AF_TIMED) ? "timed-" : "", k, (unsigned long long)a->obj);
    }
    return buf;
}

bool rv_action_names_objects(const rv_action *a)
{
    switch (a->kind) {
    case RV_ACT_NONE:
    case RV_ACT_CREATE:
    case RV_ACT_JOIN:
    case RV_ACT_DETACH:
    case RV_ACT_EXIT:
    case RV_ACT_PEXIT:
    case RV_ACT_NONDET:
    case RV_ACT_YIELD:
        return false;
    default:
        return true;
    }
}

/* The first "0x<hex of v>" in buf, not the prefix of a longer number,
 * becomes name (the rest of buf moves to make room, cut at cap). */
static void substitute(char *buf, size_t cap, uint64_t v, const char *name)
{
    char hex[24];
    snprintf(hex, sizeof hex, "0x%" PRIx64, v);
    char *at = strstr(buf, hex);
    if (!at) return;
    char next = at[strlen(hex)];
    if ((next >= '0' && next <= '9') || (next >= 'a' && next <= 'f')) return;
    size_t off = (size_t)(at - buf), hl = strlen(hex), nl = strlen(name);
    size_t tail = strlen(at + hl);
    if (off + nl >= cap) nl = cap - 1 - off;
    size_t keep = off + nl + tail < cap ? tail : cap - 1 - off - nl;
    memmove(at + nl, at + hl, keep);
    memcpy(at, name, nl);
    at[nl + keep] = 0;
}

char *rv_action_str_named(const rv_action *a, const char *n1, const char *n2, char *buf, size_t cap)
{
    rv_action_str(a, buf, cap);
    if (!rv_action_names_objects(a)) return buf;
    if (a->obj && n1) substitute(buf, cap, a->obj, n1);
    if (a->obj2 && n2) substitute(buf, cap, a->obj2, n2);
    return buf;
}
