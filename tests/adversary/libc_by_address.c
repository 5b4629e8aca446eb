/* A system call made by code of the C library reached through an
 * address the program computes (the adversary of issue 27 part 3).  The
 * program looks for the bytes of `syscall; ret` (0f 05 c3) after bsearch
 * in the C library's text and calls them from inline assembly, once per
 * execution: OP=0 opens /dev/null and asserts the descriptor is below 8,
 * OP=1 closes descriptor 0 and asserts that it succeeds, OP=2 asserts
 * that descriptor 100 is not open and makes it with dup2, OP=3 the same
 * with fcntl(0, F_DUPFD, 100).  The program's
 * own objects hold no such instruction and import nothing the reset-safe
 * list lacks (compile.c, reset_safe; rawinsn.c decodes only the
 * program's objects), so --engine=auto chooses reset.  Every forked child
 * starts with the server's descriptors: no error.  Before the descriptor
 * table was compared after every reset (runtime/engine.c "Kernel
 * state"), the one process of the reset engine kept the descriptors of
 * earlier executions (OP=0, 2: open, OP=1: closed) and the assertion
 * failed there (seen on glibc 2.36, Debian 12: fork 4 executions, no
 * error; auto an assertion failure).  Now the engine leaves (OP=0, 1:
 * after the first execution, by the descriptor check; OP=2, 3: at the
 * dup2 or at the fcntl whose lowest descriptor is above 64, trapped by
 * the seccomp filter before it runs, since descriptor 100 is above what
 * the check compares) and ravel redoes the exploration under fork,
 * saying why.
 * The search depends on the C library's build (where a `syscall; ret`
 * lies); if none is found the program does nothing (the test then fails
 * on the engine's note, so that it cannot pass without the attack).
 * Not seen (docs/DESIGN.md "Engines"): kernel state changed by a system
 * call neither on the filter's list nor seen by the descriptor check. */
#define _GNU_SOURCE
#include <assert.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>

#include "../engine/racers.h"

#ifndef OP
#define OP 0
#endif

/* bsearch's code in the C library: &bsearch may be the executable's PLT
 * entry (a non-PIE link), `[endbr64] [bnd] jmp *slot(%rip)`, whose slot
 * holds the C library's address (ravel binds every symbol at start) */
static const unsigned char *libc_bsearch(void)
{
    const unsigned char *p = (const unsigned char *)(void *)&bsearch;
    if (p[0] == 0xf3 && p[1] == 0x0f && p[2] == 0x1e && p[3] == 0xfa) p += 4;
    if (p[0] == 0xf2) p++;
    if (p[0] != 0xff || p[1] != 0x25) return p;
    int disp;
    memcpy(&disp, p + 2, 4);
    const unsigned char *slot;
    memcpy(&slot, p + 6 + disp, sizeof slot);
    return slot;
}

static const unsigned char *gadget(void)
{
    /* found 298130 bytes after bsearch in glibc 2.36; the bytes are made
     * here, not a literal, which memmem would find in .rodata */
    unsigned char pat[3] = {0x0f, 0x05, 0};
    pat[2] = (unsigned char)(pat[1] + 0xbe);
    return memmem(libc_bsearch(), 1000000, pat, 3);
}

int main(void)
{
    const unsigned char *g = gadget();
    if (g) {
        long r;
#if OP == 0
        __asm__ volatile("call *%[g]"
                         : "=a"(r)
                         : [g] "r"(g), "a"((long)SYS_open), "D"("/dev/null"), "S"((long)O_RDONLY)
                         : "rcx", "r11", "rdx", "memory");
        assert(r >= 0 && r < 8);
#elif OP == 1
        __asm__ volatile("call *%[g]"
                         : "=a"(r)
                         : [g] "r"(g), "a"((long)SYS_close), "D"(0L)
                         : "rcx", "r11", "rsi", "rdx", "memory");
        assert(r == 0);
#elif OP == 2 /* descriptor 100 free, then made: above what the descriptor check compares */
        __asm__ volatile("call *%[g]"
                         : "=a"(r)
                         : [g] "r"(g), "a"((long)SYS_fcntl), "D"(100L), "S"((long)F_GETFD)
                         : "rcx", "r11", "rdx", "memory");
        assert(r < 0);
        __asm__ volatile("call *%[g]"
                         : "=a"(r)
                         : [g] "r"(g), "a"((long)SYS_dup2), "D"(0L), "S"(100L)
                         : "rcx", "r11", "rdx", "memory");
#else /* the same with fcntl(0, F_DUPFD, 100): the lowest free from 100 */
        __asm__ volatile("call *%[g]"
                         : "=a"(r)
                         : [g] "r"(g), "a"((long)SYS_fcntl), "D"(100L), "S"((long)F_GETFD)
                         : "rcx", "r11", "rdx", "memory");
        assert(r < 0);
        __asm__ volatile("call *%[g]"
                         : "=a"(r)
                         : [g] "r"(g), "a"((long)SYS_fcntl), "D"(0L), "S"((long)F_DUPFD), "d"(100L)
                         : "rcx", "r11", "memory");
#endif
    }
    pthread_t t[2];
    race_start(t, NULL);
    race_join(t);
    return 0;
}
