/*
 * streams.c — C library streams that write the program's memory
 * (issue 27, tests/adversary/memstream_race.c).
 *
 * fmemopen over a program buffer, setvbuf/setbuf/setbuffer with a program
 * buffer, open_memstream/open_wmemstream (their *ptr and *size) and
 * fopencookie (its callbacks, run from inside the library) hand program
 * memory to a stream.  From then on the output functions (fputc, printf,
 * fflush, fclose, exit's flush), which ravel treats as pure output
 * (compile.c, pure_libc_fn), write that memory inside the C library:
 * no event announces those writes, so another thread's access to the
 * bytes looks independent of them and the orders between them are never
 * explored.
 *
 * Contract: each wrapper calls the C library's function unchanged.  When
 * the call hands program memory to a stream, the process's results stop
 * being exhaustive (rv_unexplored: the verdict says "not exhaustive",
 * exit 3 without an error, SV-COMP UNKNOWN), and the state is tainted
 * (the stream's buffer is no part of the state of a configuration: the
 * states after the call are unique, as for any C library call that
 * writes memory, docs/UDPOR.md "What a state contains").  A call that
 * leaves the buffer to the library (fmemopen(NULL, ...), setvbuf with a
 * NULL buffer, setbuf(f, NULL)) or reads only memory nobody can write
 * (fmemopen over a string literal) changes nothing.  A read stream over
 * writable memory counts: its reads (in fgets, fread) are no events
 * either, and another thread may write those bytes.
 *
 * Owns: no state: the streams are the C library's, their buffers the
 * program's.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <wchar.h>

#include "rt.h"

typedef struct {
    uintptr_t lo, hi;
    bool read_only;
} range_query;

static int in_read_only_segment(struct dl_phdr_info *info, size_t size, void *arg)
{
    (void)size;
    range_query *q = arg;
    for (unsigned i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type != PT_LOAD || (ph->p_flags & PF_W)) continue;
        uintptr_t lo = info->dlpi_addr + ph->p_vaddr, hi = lo + ph->p_memsz;
        if (q->lo >= lo && q->hi <= hi) {
            q->read_only = true;
            return 1;
        }
    }
    return 0;
}

/* [p, p + n) lies in a segment nobody can write (a string literal): a
 * stream over it only reads what never changes. */
static bool read_only_memory(const void *p, size_t n)
{
    range_query q = {(uintptr_t)p, (uintptr_t)p + n, false};
    if (q.hi < q.lo) return false;
    dl_iterate_phdr(in_read_only_segment, &q);
    return q.read_only;
}

static void hands_over(const char *why)
{
    rv_unexplored(why);
    rv_taint(RV_TAINT_LIBC);
}

FILE *__ravel_fmemopen(void *buf, size_t size, const char *mode)
{
    if (buf && !read_only_memory(buf, size))
        hands_over("fmemopen over a program buffer: the C library reads and writes it (in fputc, "
                   "fgets, printf, fflush, fclose) without events");
    return fmemopen(buf, size, mode);
}

FILE *__ravel_open_memstream(char **ptr, size_t *size)
{
    hands_over("open_memstream: the C library writes *ptr, *size and the buffer (in fflush, "
               "fclose) without events");
    return open_memstream(ptr, size);
}

FILE *__ravel_open_wmemstream(wchar_t **ptr, size_t *size)
{
    hands_over("open_wmemstream: the C library writes *ptr, *size and the buffer (in fflush, "
               "fclose) without events");
    return open_wmemstream(ptr, size);
}

FILE *__ravel_fopencookie(void *cookie, const char *mode, cookie_io_functions_t io)
{
    hands_over("fopencookie: the C library runs the program's callbacks from its output "
               "functions (and exit's flush), outside any order ravel explores");
    return fopencookie(cookie, mode, io);
}

int __ravel_setvbuf(FILE *f, char *buf, int mode, size_t size)
{
    if (buf)
        hands_over("setvbuf with a program buffer: the C library writes it (in printf, fputs, "
                   "fflush) without events");
    return setvbuf(f, buf, mode, size);
}

void __ravel_setbuf(FILE *f, char *buf)
{
    if (buf)
        hands_over("setbuf with a program buffer: the C library writes it (in printf, fputs, "
                   "fflush) without events");
    setbuf(f, buf);
}

void __ravel_setbuffer(FILE *f, char *buf, size_t size)
{
    if (buf)
        hands_over("setbuffer with a program buffer: the C library writes it (in printf, fputs, "
                   "fflush) without events");
    setbuffer(f, buf, size);
}
