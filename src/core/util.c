/* util.c — see util.h. */
#include "util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

static void (*oom_fn)(size_t, void *);
static void *oom_ctx, *oom_reserve;

void rv_set_oom_handler(void (*fn)(size_t n, void *ctx), void *ctx)
{
    oom_fn = fn;
    oom_ctx = ctx;
    if (fn && !oom_reserve) oom_reserve = malloc(RV_OOM_RESERVE);
}

void rv_out_of_memory(size_t n)
{
    void (*fn)(size_t, void *) = oom_fn;
    oom_fn = NULL; /* once: an allocation that fails inside the handler ends here */
    free(oom_reserve);
    oom_reserve = NULL;
    if (fn) fn(n, oom_ctx);
    fprintf(stderr, "ravel: out of memory (allocating %zu bytes)\n", n);
    exit(3);
}

static void oom(size_t n)
{
    rv_out_of_memory(n);
}

void *rv_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) oom(n);
    return p;
}

void *rv_xcalloc(size_t n, size_t sz)
{
    void *p = calloc(n ? n : 1, sz ? sz : 1);
    if (!p) oom(n * sz);
    return p;
}

void *rv_xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q) oom(n);
    return q;
}

char *rv_xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(rv_xmalloc(n), s, n);
}

char *rv_xasprintf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *s = rv_xmalloc((size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return s;
}

double rv_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

double rv_peak_rss_mb(void)
{
    /* ravel's own peak (the explorer's data structures).  Children are left
     * out on purpose: the compiler's peak would hide the explorer's. */
    struct rusage self;
    getrusage(RUSAGE_SELF, &self);
    return (double)self.ru_maxrss / 1024.0;
}

#define RV_STACK_NEED (8ull << 20)
static struct rlimit user_stack;
static int stack_raised;

uint64_t rv_stack_limit_raise(void)
{
    if (getrlimit(RLIMIT_STACK, &user_stack)) return 0;
    struct rlimit r = user_stack;
    if (r.rlim_cur != RLIM_INFINITY && r.rlim_cur < RV_STACK_NEED) {
        r.rlim_cur =
            r.rlim_max == RLIM_INFINITY || r.rlim_max >= RV_STACK_NEED ? RV_STACK_NEED : r.rlim_max;
        if (!setrlimit(RLIMIT_STACK, &r)) stack_raised = 1;
        getrlimit(RLIMIT_STACK, &r);
    }
    return r.rlim_cur == RLIM_INFINITY ? 0 : (uint64_t)r.rlim_cur;
}

void rv_stack_limit_restore(void)
{
    if (stack_raised) setrlimit(RLIMIT_STACK, &user_stack);
}

rv_hash128 rv_hash(const void *p, size_t n)
{
    XXH128_hash_t h = XXH3_128bits(p, n);
    return (rv_hash128){h.low64, h.high64};
}
