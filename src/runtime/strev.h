/*
 * strev.h — helpers for C library wrappers whose accesses to the
 * program's memory are events (strev.c; used by memory.c, libcmem.c,
 * posix_ext.c, thrattr.c).
 *
 * Contract: each helper makes its events through rv_mem_event with the
 * program's call site pc, and does the access right after the event it
 * belongs to (between two events of one thread no other thread runs), so
 * the event's place in the execution decides what is read or written.
 *
 * Owns: no state.
 */
#ifndef RAVEL_RT_STREV_H
#define RAVEL_RT_STREV_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

enum { BOUNCE_STACK = 1024 }; /* small copies bounce on the stack (in the scrubbed area) */

/* A buffer of n bytes: `small` (BOUNCE_STACK bytes) when it fits, else
 * from the C library's allocator; release with rv_bounce_free. */
void *rv_bounce_alloc(size_t n, char *small);
void rv_bounce_free(void *p, char *small);

/* A copy of bytes of the program's memory taken at read events (memory.c):
 * p[0..n) as read, p[n] = 0. */
typedef struct rv_snap {
    char *p;
    size_t n, cap;
    char small[256];
} rv_snap;
/* How many bytes a scan needs, given the copy c[0..k) read so far (c[k] =
 * 0, not read): that count (<= k) once the bytes decide the scan, or 0
 * for more. */
typedef size_t (*rv_scan_need)(const char *c, size_t k, const void *arg);
/* s read in aligned blocks, each at its read event and copied into sn
 * right after it, until need says the copy decides the scan or max bytes
 * are read; returns the bytes needed (the copy may hold a few more).  A
 * block's range depends only on s and the bytes already read, never on
 * bytes read without an event. */
size_t rv_snap_scan(rv_snap *sn, const void *s, size_t max, rv_scan_need need, const void *arg,
                    uint64_t pc);
/* The string at s, at most max bytes: strnlen(s, max), plus 1 for the
 * terminator when it is within max. */
size_t rv_snap_str(rv_snap *sn, const char *s, size_t max, uint64_t pc);
/* A scan through the first byte (unsigned char)*(const int *)arg, no
 * terminator (rawmemchr, memchr, memccpy). */
size_t rv_byte_need(const char *c, size_t k, const void *arg);
void rv_snap_init(rv_snap *sn);
void rv_snap_free(rv_snap *sn);

/* s[0..sn) (a copy) written to d[0..dn) (dn >= sn; the rest zero) at one
 * write event of d. */
void rv_write_from(char *d, size_t dn, const char *s, size_t sn, uint64_t pc);

/* A printf-family call's arguments (libcmem.c): rv_printf_begin reads each
 * %s string at events into a copy and points the argument at the copy,
 * and points each %n argument at a scratch word; the caller then calls
 * the real function (no event between) and rv_printf_end, which puts the
 * arguments back and writes each %n destination at its event. */
enum { FMT_ARGS_MAX = 32 };
typedef struct rv_fmt_args {
    int nslot, nn;
    void **slot[FMT_ARGS_MAX]; /* patched argument slots, and their values */
    void *orig[FMT_ARGS_MAX];
    void *ndest[FMT_ARGS_MAX]; /* %n: destination, size, scratch offset */
    size_t nsize[FMT_ARGS_MAX], noff[FMT_ARGS_MAX];
    char *arena;
} rv_fmt_args;
void rv_printf_begin(rv_fmt_args *fa, const char *fmt, va_list ap, uint64_t pc);
void rv_printf_end(rv_fmt_args *fa, uint64_t pc);

#endif
