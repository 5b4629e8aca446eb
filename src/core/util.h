/*
 * util.h — allocation that never returns NULL, and small helpers shared by
 * ravel's own code (never linked into programs under test).
 */
#ifndef RAVEL_CORE_UTIL_H
#define RAVEL_CORE_UTIL_H

#include <stddef.h>
#include <stdint.h>

/* ravel's own allocations.  One that fails ends ravel through
 * rv_out_of_memory: the handler set with rv_set_oom_handler (the command's
 * partial summary: what was explored, "ravel ran out of memory" as the
 * reason) runs first, with a reserve of RV_OOM_RESERVE bytes given back to
 * the allocator so that it can print; then "ravel: out of memory", exit 3.
 * The handler must not return to the code that failed: it exits. */
#define RV_OOM_RESERVE ((size_t)8 << 20)
void rv_set_oom_handler(void (*fn)(size_t n, void *ctx), void *ctx);
__attribute__((noreturn)) void rv_out_of_memory(size_t n);

void *rv_xmalloc(size_t n);
void *rv_xcalloc(size_t n, size_t sz);
void *rv_xrealloc(void *p, size_t n);
char *rv_xstrdup(const char *s);
/* printf into a fresh heap string. */
char *rv_xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Seconds since an arbitrary fixed point (monotonic clock). */
double rv_now(void);
/* Peak resident set size of this process (not its children), MiB. */
double rv_peak_rss_mb(void);

/* ravel's own frames reach about 400 KiB (tables sized by the thread
 * limits live on the stack), so a small stack limit (`ulimit -s 256`)
 * crashed it.  rv_stack_limit_raise() raises the soft limit to 8 MiB when
 * it is lower (at most to the hard limit) and returns the limit in force,
 * in bytes (0: unlimited); rv_stack_limit_restore() gives a child the
 * limit the user had, before it execs the program under test. */
uint64_t rv_stack_limit_raise(void);
void rv_stack_limit_restore(void);

/* 128-bit hash (XXH3-128) of a buffer, and a streaming variant. */
typedef struct rv_hash128 {
    uint64_t lo, hi;
} rv_hash128;
rv_hash128 rv_hash(const void *p, size_t n);

/* The first index in [lo, hi) whose value in the ascending array a is >=
 * key (hi if none): binary search, O(log(hi - lo)). */
static inline uint32_t rv_lower_bound_u32(const uint32_t *a, uint32_t lo, uint32_t hi, uint32_t key)
{
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (a[mid] < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

#endif
