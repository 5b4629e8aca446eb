/* OPEN (not run in CI): a system call made by code of the C library
 * reached through an address the program computes (the adversary of
 * issue 27 part 3).  The program looks for the bytes of `syscall; ret`
 * (0f 05 c3) after bsearch in the C library's text and calls them from
 * inline assembly with rax = SYS_open, once per execution.  The program's
 * own objects hold no such instruction and import nothing the reset-safe
 * list lacks (compile.c, reset_safe; rawinsn.c decodes only the
 * program's objects), so --engine=auto chooses reset: the descriptors
 * opened in earlier executions stay open in the engine's one process and
 * the assertion fd < 8 fails there, while every forked child starts with
 * the same descriptors.  Seen on 1447346 and after the fixes of the
 * attack13 branch (glibc 2.36, Debian 12): fork 4 executions, no error;
 * auto (reset) an assertion failure.
 *   ravel check --engine=fork --keep-going tests/adversary/open/libc_by_address.c
 *   ravel check --engine=auto --keep-going tests/adversary/open/libc_by_address.c
 * The search depends on the C library's build (where a `syscall; ret`
 * lies); if none is found the program does nothing.
 * Idea: no static look at the program sees a call through a computed
 * address; the engine could compare the process's descriptor table (and
 * other kernel state: mappings, signal dispositions, cwd) before and after
 * an execution and fall back to fork (redoing the exploration) when it
 * changed, or run the program under a seccomp filter that lets only the
 * runtime's own system calls through. */
#define _GNU_SOURCE
#include <assert.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>

#include "../../engine/racers.h"

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
        long fd;
        __asm__ volatile("call *%[g]"
                         : "=a"(fd)
                         : [g] "r"(g), "a"((long)SYS_open), "D"("/dev/null"), "S"((long)O_RDONLY)
                         : "rcx", "r11", "rdx", "memory");
        assert(fd >= 0 && fd < 8);
    }
    pthread_t t[2];
    race_start(t, NULL);
    race_join(t);
    return 0;
}
