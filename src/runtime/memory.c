/*
 * memory.c — memory accesses as visible actions, and the deterministic heap.
 *
 * ThreadSanitizer's compiler pass calls __tsan_readN/__tsan_writeN before
 * every access that may be shared and __tsan_atomicN_* for atomics (DESIGN
 * §2.1); we define those symbols, so each such access becomes an event
 * (memory mode sc).  Accesses to TLS variables are events like any other:
 * each thread's TLS lies at addresses of its own (kernel.c), and a pointer
 * to it may reach another thread.  Atomic operations are performed here, after their event, so
 * they are indivisible; executions are sequentially consistent, and memory
 * orders matter only to the race detector of memory mode drf (race.c).
 *
 * Heap (DESIGN §2.4): thread t allocates from its own arena at a fixed
 * address by bumping a pointer, and reuses only blocks it allocated and
 * freed itself, so the n-th allocation of thread t has the same address in
 * every execution in which it happens.  Fresh blocks are filled with 0xbe so
 * that an uninitialised mutex or semaphore is recognised.  Pointers that
 * did not come from the arenas (strdup and other C library allocations) go
 * back to the C library.  free is a write event over the block, and so is
 * the refill of a reused block (issue 9: the runtime's writes to memory the
 * program can reach are events).
 *
 * Owns: the heap: each thread's arena and free lists (in its rv_thr), and
 * no other state.
 */
#include "rt.h"
#include "engine.h"
#include "explain.h"
#include "strev.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>

#define PC RV_PC()

/* ------------------------------------------------------------------ */
/* Plain accesses.                                                     */

#define ACCESS_HOOKS(N)                                                                            \
    void __tsan_read##N(void *a)                                                                   \
    {                                                                                              \
        rv_mem_event(RV_ACT_READ, a, N, PC, 0);                                                    \
    }                                                                                              \
    void __tsan_write##N(void *a)                                                                  \
    {                                                                                              \
        rv_mem_event(RV_ACT_WRITE, a, N, PC, 0);                                                   \
    }                                                                                              \
    void __tsan_unaligned_read##N(void *a)                                                         \
    {                                                                                              \
        rv_mem_event(RV_ACT_READ, a, N, PC, 0);                                                    \
    }                                                                                              \
    void __tsan_unaligned_write##N(void *a)                                                        \
    {                                                                                              \
        rv_mem_event(RV_ACT_WRITE, a, N, PC, 0);                                                   \
    }                                                                                              \
    void __tsan_volatile_read##N(void *a)                                                          \
    {                                                                                              \
        rv_mem_event(RV_ACT_READ, a, N, PC, 0);                                                    \
    }                                                                                              \
    void __tsan_volatile_write##N(void *a)                                                         \
    {                                                                                              \
        rv_mem_event(RV_ACT_WRITE, a, N, PC, 0);                                                   \
    }                                                                                              \
    void __tsan_unaligned_volatile_read##N(void *a)                                                \
    {                                                                                              \
        rv_mem_event(RV_ACT_READ, a, N, PC, 0);                                                    \
    }                                                                                              \
    void __tsan_unaligned_volatile_write##N(void *a)                                               \
    {                                                                                              \
        rv_mem_event(RV_ACT_WRITE, a, N, PC, 0);                                                   \
    }

ACCESS_HOOKS(1)
ACCESS_HOOKS(2)
ACCESS_HOOKS(4)
ACCESS_HOOKS(8)
ACCESS_HOOKS(16)

void __tsan_read_range(void *a, unsigned long n)
{
    rv_mem_event(RV_ACT_READ, a, n, PC, 0);
}
void __tsan_write_range(void *a, unsigned long n)
{
    rv_mem_event(RV_ACT_WRITE, a, n, PC, 0);
}
void __tsan_vptr_read(void **p)
{
    rv_mem_event(RV_ACT_READ, p, sizeof *p, PC, 0);
}
void __tsan_vptr_update(void **p, void *v)
{
    rv_mem_event(RV_ACT_WRITE, p, sizeof *p, PC, 0);
}
void __tsan_init(void) {}

/* ------------------------------------------------------------------ */
/* Functions named __VERIFIER_atomic_* run atomically: __tsan_func_entry's
 * return address lies inside the instrumented function itself. */

extern const rv_atomic_fn __ravel_atomic_fns[] __attribute__((weak));
extern const unsigned long __ravel_natomic_fns __attribute__((weak));

static bool in_atomic_fn(uint64_t pc)
{
    for (unsigned long i = 0; i < __ravel_natomic_fns; i++) {
        uint64_t s = (uint64_t)(uintptr_t)__ravel_atomic_fns[i].start;
        if (pc >= s && pc < s + __ravel_atomic_fns[i].size) return true;
    }
    return false;
}

void __tsan_func_entry(void *caller)
{
    if (!rt.running) return;
    rv_thr *t = rt.running;
    /* the stack's low-water mark since the last visible action: how deep
     * the scrub after the next one must reach (state.c, rv_scrub_dead) */
    char *f = __builtin_frame_address(0);
    if (!t->stack_low || f < t->stack_low) t->stack_low = f;
    /* the explain log's shadow stack: explain runs only, so that every
     * other run pays one test of a flag per call, not a call */
    if (rt.flags & RV_REQ_EXPLAIN)
        rv_xl_push((uint64_t)(uintptr_t)caller, *(uint64_t *)f, (uint64_t)(uintptr_t)f);
    if (!&__ravel_natomic_fns || !__ravel_natomic_fns) return;
    bool atomic = in_atomic_fn(PC);
    if (atomic) {
        if (t->natomic_at == RV_ATOMIC_FN_NEST)
            rv_end_exec(RV_END_UNSUPPORTED, PC, 0, "atomic functions nested more than %d deep",
                        RV_ATOMIC_FN_NEST);
        t->atomic_at[t->natomic_at++] = t->func_depth;
    }
    t->func_depth++;
    if (atomic) rv_atomic_enter(PC);
}

void __tsan_func_exit(void)
{
    if (rt.flags & RV_REQ_EXPLAIN) rv_xl_pop((uint64_t)(uintptr_t)__builtin_frame_address(0));
    if (!&__ravel_natomic_fns || !__ravel_natomic_fns || !rt.running) return;
    rv_thr *t = rt.running;
    if (!t->func_depth) return;
    t->func_depth--;
    if (t->natomic_at && t->atomic_at[t->natomic_at - 1] == t->func_depth) {
        t->atomic_at[--t->natomic_at] = 0;
        rv_atomic_exit(PC);
    }
}

/* ------------------------------------------------------------------ */
/* Atomics: one indivisible event each.  A compare-exchange of up to 8
 * bytes is announced as an RMW with RV_AF_CAS and the expected bytes in
 * arg; the scheduler makes it a READ when it fails (rv_apply, action.h).
 * 16-byte ones stay RMWs. */

/* The order of the atomic at a about to be announced: only drf's race
 * detector uses it (race.c). */
static void race_order(const volatile void *a, int mo, int fmo)
{
    (void)a;
    if (rt.active && (rt.flags & RV_REQ_DRF)) rv_race_order(mo, fmo);
}

/* The expected value of a CAS as the bytes in memory, zero-extended (the
 * unfolding compares them with the bytes writes leave; issue 9 part 3). */
static uint64_t cas_expected(const void *c, size_t len)
{
    uint64_t e = 0;
    if (len <= sizeof e) memcpy(&e, c, len);
    return e;
}

static void rv_cas_event(const void *a, size_t len, uint64_t expected, uint64_t pc)
{
    if (!rt.active || len > 8) {
        rv_mem_event(RV_ACT_RMW, a, len, pc, RV_AF_ATOMIC);
        return;
    }
    rv_action act = rv_act(RV_ACT_RMW, (uint64_t)(uintptr_t)a);
    act.len = len;
    act.flags = RV_AF_ATOMIC | RV_AF_CAS;
    act.arg = expected;
    rt.running->note_old = true;
    rv_visible(act, pc);
}

#define ATOMIC_RMW(N, T, NAME, EXPR)                                                               \
    T __tsan_atomic##N##_##NAME(volatile T *a, T v, int mo)                                        \
    {                                                                                              \
        race_order(a, mo, mo);                                                                     \
        rv_mem_event(RV_ACT_RMW, (const void *)a, sizeof(T), PC, RV_AF_ATOMIC);                    \
        T o = *a;                                                                                  \
        *a = (T)(EXPR);                                                                            \
        return o;                                                                                  \
    }

#define ATOMIC_OPS(N, T)                                                                           \
    T __tsan_atomic##N##_load(const volatile T *a, int mo)                                         \
    {                                                                                              \
        race_order(a, mo, mo);                                                                     \
        rv_mem_event(RV_ACT_READ, (const void *)a, sizeof(T), PC, RV_AF_ATOMIC);                   \
        return *a;                                                                                 \
    }                                                                                              \
    void __tsan_atomic##N##_store(volatile T *a, T v, int mo)                                      \
    {                                                                                              \
        race_order(a, mo, mo);                                                                     \
        rv_mem_event(RV_ACT_WRITE, (const void *)a, sizeof(T), PC, RV_AF_ATOMIC);                  \
        *a = v;                                                                                    \
    }                                                                                              \
    ATOMIC_RMW(N, T, exchange, v)                                                                  \
    ATOMIC_RMW(N, T, fetch_add, o + v)                                                             \
    ATOMIC_RMW(N, T, fetch_sub, o - v)                                                             \
    ATOMIC_RMW(N, T, fetch_and, o &v)                                                              \
    ATOMIC_RMW(N, T, fetch_or, o | v)                                                              \
    ATOMIC_RMW(N, T, fetch_xor, o ^ v)                                                             \
    ATOMIC_RMW(N, T, fetch_nand, ~(o & v))                                                         \
    static int cas##N(volatile T *a, T *c, T v, uint64_t pc)                                       \
    {                                                                                              \
        rv_cas_event((const void *)a, sizeof(T), cas_expected(c, sizeof(T)), pc);                  \
        T o = *a;                                                                                  \
        if (o == *c) {                                                                             \
            *a = v;                                                                                \
            return 1;                                                                              \
        }                                                                                          \
        *c = o;                                                                                    \
        return 0;                                                                                  \
    }                                                                                              \
    /* a weak CAS never fails spuriously here: executions are sequential */                        \
    int __tsan_atomic##N##_compare_exchange_strong(volatile T *a, T *c, T v, int mo, int fmo)      \
    {                                                                                              \
        race_order(a, mo, fmo);                                                                    \
        return cas##N(a, c, v, PC);                                                                \
    }                                                                                              \
    int __tsan_atomic##N##_compare_exchange_weak(volatile T *a, T *c, T v, int mo, int fmo)        \
    {                                                                                              \
        race_order(a, mo, fmo);                                                                    \
        return cas##N(a, c, v, PC);                                                                \
    }                                                                                              \
    T __tsan_atomic##N##_compare_exchange_val(volatile T *a, T c, T v, int mo, int fmo)            \
    {                                                                                              \
        race_order(a, mo, fmo);                                                                    \
        rv_cas_event((const void *)a, sizeof(T), cas_expected(&c, sizeof(T)), PC);                 \
        T o = *a;                                                                                  \
        if (o == c) *a = v;                                                                        \
        return o;                                                                                  \
    }

ATOMIC_OPS(8, unsigned char)
ATOMIC_OPS(16, unsigned short)
ATOMIC_OPS(32, unsigned int)
ATOMIC_OPS(64, unsigned long long)
ATOMIC_OPS(128, unsigned __int128)

void __tsan_atomic_thread_fence(int mo)
{
    if (rt.active && (rt.flags & RV_REQ_DRF)) rv_race_fence(mo);
}
void __tsan_atomic_signal_fence(int mo) {}

/* ------------------------------------------------------------------ */
/* The program's calls to memory and string functions (renamed to these
 * by the compile driver): their accesses are events like any other.
 *
 * Each access is done right after its own event, before the thread's next
 * event: only then is it the event's place in the execution that decides
 * what it reads or overwrites (between two events of one thread no other
 * thread runs).  Reading the source after the destination's write event
 * (as memcpy once did) let another thread's write land between the read
 * event and the real read: --algo=dfs saw the new value in an
 * interleaving that the unfolding counts as the same trace as one with
 * the old value (tests/adversary/memcpy_late_read.c).  So a copy reads
 * into a bounce buffer at its read event and writes from it at its write
 * event (the buffers and the block reads of strings: strev.c). */

extern void __libc_free(void *);

/* d[0..n) = s[0..n) with the bytes read at a read event of s and written
 * at a write event of d. */
static void copy_by_events(void *d, const void *s, size_t n, uint64_t pc)
{
    char small[BOUNCE_STACK];
    char *buf = rv_bounce_alloc(n, small);
    rv_mem_event(RV_ACT_READ, s, n, pc, 0);
    memcpy(buf, s, n);
    rv_out(d, buf, n, pc);
    rv_bounce_free(buf, small);
}

void *__ravel_memcpy(void *d, const void *s, size_t n)
{
    copy_by_events(d, s, n, PC);
    return d;
}

void *__ravel_memmove(void *d, const void *s, size_t n)
{
    copy_by_events(d, s, n, PC);
    return d;
}

void *__ravel_memset(void *d, int c, size_t n)
{
    rv_out_fill(d, c, n, PC);
    return d;
}

int __ravel_memcmp(const void *a, const void *b, size_t n)
{
    uint64_t pc = PC;
    char small[BOUNCE_STACK];
    char *buf = rv_bounce_alloc(n, small);
    rv_mem_event(RV_ACT_READ, a, n, pc, 0);
    memcpy(buf, a, n);
    rv_mem_event(RV_ACT_READ, b, n, pc, 0);
    int r = memcmp(buf, b, n);
    rv_bounce_free(buf, small);
    return r;
}

size_t __ravel_strlen(const char *s)
{
    rv_snap sn;
    size_t n = rv_snap_str(&sn, s, SIZE_MAX, PC) - 1;
    rv_snap_free(&sn);
    return n;
}

int __ravel_strcmp(const char *a, const char *b)
{
    uint64_t pc = PC;
    rv_snap x, y;
    rv_snap_str(&x, a, SIZE_MAX, pc);
    rv_snap_str(&y, b, SIZE_MAX, pc);
    int r = strcmp(x.p, y.p);
    rv_snap_free(&x);
    rv_snap_free(&y);
    return r;
}

/* s[0..sn) read at its last read event (made by the caller) is written
 * to d[0..dn) (dn >= sn; the rest zero) at a write event of d. */
void rv_write_from(char *d, size_t dn, const char *s, size_t sn, uint64_t pc)
{
    char small[BOUNCE_STACK];
    char *buf = rv_bounce_alloc(dn, small);
    memcpy(buf, s, sn);
    memset(buf + sn, 0, dn - sn);
    rv_out(d, buf, dn, pc);
    rv_bounce_free(buf, small);
}

/* strncpy, stpcpy, strcat, strncat and the sprintf family write the
 * program's memory; as C library functions they did so without events,
 * so another thread's read of the destination looked independent of
 * them: every explorer but dfs missed a bug behind that order
 * (tests/adversary/libc_writes.c). */
char *__ravel_strncpy(char *d, const char *s, size_t n)
{
    uint64_t pc = PC;
    rv_snap x;
    size_t k = rv_snap_str(&x, s, n, pc);
    rv_write_from(d, n, x.p, k, pc);
    rv_snap_free(&x);
    return d;
}

char *__ravel_strcpy(char *d, const char *s)
{
    uint64_t pc = PC;
    rv_snap x;
    size_t n = rv_snap_str(&x, s, SIZE_MAX, pc);
    rv_write_from(d, n, x.p, n, pc);
    rv_snap_free(&x);
    return d;
}

char *__ravel_stpcpy(char *d, const char *s)
{
    uint64_t pc = PC;
    rv_snap x;
    size_t k = rv_snap_str(&x, s, SIZE_MAX, pc);
    rv_write_from(d, k, x.p, k, pc);
    rv_snap_free(&x);
    return d + k - 1;
}

/* strcat and strncat read the destination's string, then the source */
char *__ravel_strcat(char *d, const char *s)
{
    uint64_t pc = PC;
    rv_snap x, y;
    size_t dl = rv_snap_str(&x, d, SIZE_MAX, pc) - 1;
    rv_snap_free(&x);
    size_t k = rv_snap_str(&y, s, SIZE_MAX, pc);
    rv_write_from(d + dl, k, y.p, k, pc);
    rv_snap_free(&y);
    return d;
}

char *__ravel_strncat(char *d, const char *s, size_t n)
{
    uint64_t pc = PC;
    rv_snap x, y;
    size_t dl = rv_snap_str(&x, d, SIZE_MAX, pc) - 1;
    rv_snap_free(&x);
    size_t k = rv_snap_str(&y, s, n, pc);
    /* n bytes without a terminator: the copy's own terminator (y.p[k] is
     * always 0) is written after them */
    if (k && y.p[k - 1]) k++;
    rv_write_from(d + dl, k, y.p, k, pc);
    rv_snap_free(&y);
    return d;
}

/* ------------------------------------------------------------------ */
/* The heap.                                                           */

extern void *__libc_realloc(void *, size_t);

typedef struct rv_block {
    uint64_t size;  /* usable bytes */
    uint16_t owner; /* allocating thread */
    uint16_t cls;   /* size class, or RV_HEAP_CLASSES for unclassed */
    uint32_t freed;
} rv_block;

#define HDR       sizeof(rv_block)
#define MAX_CLASS ((size_t)16 << (RV_HEAP_CLASSES - 1))
#define FILL_MAX  4096

static bool ours(const void *p)
{
    uint64_t a = (uint64_t)(uintptr_t)p;
    return a >= RV_HEAP_BASE && a < RV_HEAP_BASE + RV_MAX_THREADS * RV_HEAP_SPAN;
}

static unsigned size_class(size_t n)
{
    unsigned c = 0;
    while (((size_t)16 << c) < n) c++;
    return c;
}

static rv_thr *allocating_thread(void)
{
    return rt.running ? rt.running : rv_thr_at(0);
}

/* Under an address-space limit (ulimit -v: RLIMIT_AS, or RLIMIT_DATA,
 * which counts private writable mappings) a 4 GiB arena per thread does
 * not fit: two threads took 8 GiB, and under `ulimit -v 8000000` the
 * first malloc of a program with two threads failed as "heap limit
 * exceeded".  There an arena is mapped in pieces as it fills, at the same
 * addresses: ARENA_PIECE, then pieces that double what is mapped, each
 * kept by the reset engine like any rv_zmap region (its address is its
 * key).  Without such a limit an arena is one 4 GiB reservation
 * (MAP_NORESERVE: only touched pages cost memory). */
#define ARENA_PIECE ((size_t)1 << 20)

static bool address_space_limited(void)
{
    static int limited = -1;
    if (limited < 0) {
        struct rlimit as, data;
        limited = (!getrlimit(RLIMIT_AS, &as) && as.rlim_cur != RLIM_INFINITY) ||
                  (!getrlimit(RLIMIT_DATA, &data) && data.rlim_cur != RLIM_INFINITY);
    }
    return limited;
}

static char *arena_base(const rv_thr *t)
{
    return (char *)(uintptr_t)(RV_HEAP_BASE + (uint64_t)rv_tid(t) * RV_HEAP_SPAN);
}

/* Map the next piece of t's arena: the whole span, or (limited) the
 * piece after heap_end; false if the kernel refuses it. */
static bool grow_arena(rv_thr *t)
{
    char *base = arena_base(t), *at = t->arena_mapped ? t->heap_end : base;
    size_t len = RV_HEAP_SPAN;
    if (address_space_limited()) len = at == base ? ARENA_PIECE : (size_t)(at - base);
    bool fresh;
    if (rv_zmap((uintptr_t)at, at, len, &fresh) != at) return false;
    if (!t->arena_mapped) t->heap_next = base;
    t->heap_end = at + len;
    t->arena_mapped = true;
    return true;
}

/* The execution's --max-memory is exceeded by n more bytes. */
static void *out_of_memory(size_t n)
{
    if (rt.active)
        rv_end_exec(RV_END_RESOURCE, 0, 0,
                    "heap limit exceeded allocating %zu bytes (raise --max-memory)", n);
    errno = ENOMEM;
    return NULL;
}

/* Thread t's own arena (RV_HEAP_SPAN, protocol.h) has no room for n more
 * bytes although the execution's --max-memory has: a fixed limit of the
 * address layout, reported as such (raising --max-memory does not help). */
static void *arena_full(const rv_thr *t, size_t n)
{
    if (rt.active)
        rv_end_exec(RV_END_RESOURCE, 0, 0,
                    "thread %u's heap arena (%llu GiB, one per thread) is full allocating %zu "
                    "bytes",
                    rv_tid(t), (unsigned long long)(RV_HEAP_SPAN >> 30), n);
    errno = ENOMEM;
    return NULL;
}

/* The kernel refused to map more of t's arena although --max-memory
 * allows it: the process's address-space limit (ulimit -v), said so. */
static void *no_address_space(const rv_thr *t, size_t n)
{
    if (rt.active) {
        struct rlimit as;
        unsigned long long mb = !getrlimit(RLIMIT_AS, &as) && as.rlim_cur != RLIM_INFINITY
                                    ? (unsigned long long)(as.rlim_cur >> 20)
                                    : 0;
        char lim[64] = "";
        if (mb) snprintf(lim, sizeof lim, " of %llu MB", mb);
        rv_end_exec(RV_END_RESOURCE, 0, 0,
                    "cannot map thread %u's heap to allocate %zu bytes: the address-space "
                    "limit%s (ulimit -v) is reached",
                    rv_tid(t), n, lim);
    }
    errno = ENOMEM;
    return NULL;
}

/* A block above the classes (RV_HEAP_CLASSES: more than 1 MiB, or aligned
 * past 16) that thread t freed itself, at least usable bytes and at most
 * twice that, aligned to align: the first on its list, unlinked; NULL if
 * none.  Without this a thread that allocated and freed 2 MiB in a loop
 * hit --max-memory after 512 rounds with 2 MiB live, and its resident
 * memory grew with every round.  The list is a function of t's own
 * allocations and frees, as the class lists are, so addresses stay the
 * same in every execution in which t does the same. */
static void *reuse_large(rv_thr *t, size_t usable, size_t align)
{
    for (void **link = &t->free_list[RV_HEAP_CLASSES]; *link; link = (void **)*link) {
        char *p = *link;
        rv_block *b = (rv_block *)(p - HDR);
        if (b->size < usable || b->size / 2 > usable || (uintptr_t)p % align) continue;
        /* a link inside an earlier freed block is program memory (a
         * dangling pointer may read it): its store is a write event
         * (progmem.c's contract) */
        if (rt.running && link != &t->free_list[RV_HEAP_CLASSES])
            rv_out_event(link, sizeof *link, PC);
        *link = *(void **)p;
        return p;
    }
    return NULL;
}

/* Hand out freed block p again: refilling it is a write event (a dangling
 * pointer may still read it; fresh blocks are unreachable).  The header is
 * outside the event's range: accounted to the image (rt.h rv_acct). */
static void *reuse(void *p)
{
    rv_block *b = (rv_block *)((char *)p - HDR);
    if (rt.running) rv_out_event(p, b->size, PC);
    rv_acct a;
    rv_acct_begin(&a, &b->freed, sizeof b->freed, RV_TAINT_RUNTIME_WRITE);
    b->freed = 0;
    rv_acct_end(&a);
    memset(p, 0xbe, b->size < FILL_MAX ? b->size : FILL_MAX);
    return p;
}

static void *heap_alloc(size_t n, size_t align)
{
    rv_thr *t = allocating_thread();
    if (!t->arena_mapped && !grow_arena(t)) return no_address_space(t, n);
    if (align < 16) align = 16;
    unsigned cls = RV_HEAP_CLASSES;
    size_t usable = (n + 15) & ~(size_t)15;
    if (n <= MAX_CLASS && align == 16) {
        cls = size_class(n);
        usable = (size_t)16 << cls;
        void *p = t->free_list[cls];
        if (p) {
            t->free_list[cls] = *(void **)p;
            return reuse(p);
        }
    } else {
        void *p = reuse_large(t, usable, align);
        if (p) return reuse(p);
    }
    uintptr_t start = (uintptr_t)t->heap_next + HDR;
    start = (start + align - 1) & ~(uintptr_t)(align - 1);
    char *end = (char *)start + usable;
    uint64_t max = rt.shm ? rt.shm->max_heap : UINT64_MAX;
    if (rt.heap_used + usable > max) return out_of_memory(n);
    if (n > RV_HEAP_SPAN || end > arena_base(t) + RV_HEAP_SPAN) return arena_full(t, n);
    while (end > t->heap_end)
        if (!grow_arena(t)) return no_address_space(t, n);
    rt.heap_used += usable;
    t->heap_next = end;
    rv_block *b = (rv_block *)(start - HDR);
    /* a fresh block: no event (nobody can reach it), its bytes accounted
     * to the thread's last event (rt.h rv_acct) */
    rv_acct a;
    rv_acct_begin(&a, b, HDR + (usable < FILL_MAX ? usable : FILL_MAX), RV_TAINT_RUNTIME_WRITE);
    b->size = usable;
    b->owner = (uint16_t)rv_tid(t);
    b->cls = (uint16_t)cls;
    b->freed = 0;
    memset((void *)start, 0xbe, usable < FILL_MAX ? usable : FILL_MAX);
    rv_acct_end(&a);
    return (void *)start;
}

void *__ravel_malloc(size_t n)
{
    return heap_alloc(n, 16);
}

void *__ravel_calloc(size_t n, size_t m)
{
    size_t total;
    if (__builtin_mul_overflow(n, m, &total)) {
        errno = ENOMEM;
        return NULL;
    }
    void *p = heap_alloc(total, 16);
    if (!p) return p;
    /* A reused block's refill event covers all of it; a fresh one is zero
     * past FILL_MAX (its arena is an rv_zmap region, zero when the
     * execution starts, and the bump pointer hands out no byte twice), so
     * only the fill changes. */
    rv_acct a;
    if (ours(p)) rv_acct_begin(&a, p, total < FILL_MAX ? total : FILL_MAX, RV_TAINT_RUNTIME_WRITE);
    memset(p, 0, total);
    if (ours(p)) rv_acct_end(&a);
    return p;
}

void __ravel_free(void *p)
{
    if (!p) return;
    if (!ours(p)) {
        __libc_free(p);
        return;
    }
    rv_block *b = (rv_block *)((char *)p - HDR);
    /* free writes the block (the free-list link; the block's end of life):
     * an event over its whole range, so that accesses through dangling
     * pointers, and another free, are ordered with it */
    if (rt.running) rv_out_event(p, b->size, PC);
    if (b->freed && rt.active)
        rv_end_exec(RV_END_MISUSE, PC, (uint64_t)(uintptr_t)p, "double free of %p", p);
    rv_acct a; /* the header: part of the memory image, so freed is too */
    rv_acct_begin(&a, &b->freed, sizeof b->freed, RV_TAINT_RUNTIME_WRITE);
    b->freed = 1;
    rv_acct_end(&a);
    rv_thr *t = allocating_thread();
    if (b->owner == rv_tid(t)) { /* class RV_HEAP_CLASSES: the blocks above them */
        *(void **)p = t->free_list[b->cls];
        t->free_list[b->cls] = p;
    }
}

void *__ravel_realloc(void *p, size_t n)
{
    if (!p) return heap_alloc(n, 16);
    if (!ours(p)) {
        rv_taint(RV_TAINT_HEAP_COPY);
        return __libc_realloc(p, n);
    }
    rv_block *b = (rv_block *)((char *)p - HDR);
    if (n <= b->size) return p;
    void *q = heap_alloc(n, 16);
    if (!q) return NULL;
    /* the old bytes read at a read event (after heap_alloc's event on a
     * reused block), written at a write event (progmem.c) */
    copy_by_events(q, p, b->size, PC);
    __ravel_free(p);
    return q;
}

void *__ravel_reallocarray(void *p, size_t n, size_t m)
{
    size_t total;
    if (__builtin_mul_overflow(n, m, &total)) {
        errno = ENOMEM;
        return NULL;
    }
    return __ravel_realloc(p, total);
}

int __ravel_posix_memalign(void **out, size_t align, size_t n)
{
    if (align < sizeof(void *) || (align & (align - 1))) return EINVAL;
    void *p = heap_alloc(n, align);
    if (!p) return ENOMEM;
    rv_out(out, &p, sizeof p, PC); /* at a write event (progmem.c) */
    return 0;
}

void *__ravel_aligned_alloc(size_t align, size_t n)
{
    return heap_alloc(n, align);
}
void *__ravel_memalign(size_t align, size_t n)
{
    return heap_alloc(n, align);
}
void *__ravel_valloc(size_t n)
{
    return heap_alloc(n, 4096);
}

size_t __ravel_malloc_usable_size(void *p)
{
    if (!p) return 0;
    return ours(p) ? ((rv_block *)((char *)p - HDR))->size : 0;
}

char *__ravel_strdup(const char *s)
{
    /* read at the read events: heap_alloc may be an event too (reuse) */
    rv_snap x;
    size_t n = rv_snap_str(&x, s, SIZE_MAX, PC);
    char *d = heap_alloc(n, 16);
    if (d) rv_out(d, x.p, n, PC); /* at a write event (progmem.c) */
    rv_snap_free(&x);
    return d;
}
