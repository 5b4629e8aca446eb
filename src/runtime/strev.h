/*
 * strev.h — helpers for C library wrappers whose accesses to the
 * program's memory are events (memory.c, libcmem.c).
 *
 * Contract: each helper makes its events through rv_mem_event with the
 * program's call site pc, and does the access right after the event it
 * belongs to (between two events of one thread no other thread runs), so
 * the event's place in the execution decides what is read or written.
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
/* The string at s read by events, re-read until it stops growing:
 * strlen(s) + 1 as of the last event. */
size_t rv_read_str(const char *s, uint64_t pc);
/* The bytes strncpy would read of s (at most n, the terminator included),
 * read by events as rv_read_str; returns their number. */
size_t rv_read_strn(const char *s, size_t n, uint64_t pc);
/* s[0..sn) (read at the caller's last event) written to d[0..dn), the
 * rest zero, at one write event of d. */
void rv_write_from(char *d, size_t dn, const char *s, size_t sn, uint64_t pc);
/* The %s strings a printf-family format reads and the %n destinations it
 * writes, as events (libcmem.c); the caller calls the real function next,
 * with no event between. */
void rv_printf_events(const char *fmt, va_list ap, uint64_t pc);

#endif
