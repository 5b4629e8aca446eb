/*
 * util.h — allocation that never returns NULL, and small helpers shared by
 * ravel's own code (never linked into programs under test).
 */
#ifndef RAVEL_CORE_UTIL_H
#define RAVEL_CORE_UTIL_H

#include <stddef.h>
#include <stdint.h>

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

/* 128-bit hash (XXH3-128) of a buffer, and a streaming variant. */
typedef struct rv_hash128 {
    uint64_t lo, hi;
} rv_hash128;
rv_hash128 rv_hash(const void *p, size_t n);

#endif
