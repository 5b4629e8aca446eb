/* Process state changed by an instruction of the program's own, not by a
 * call of the C library (issue 27 part 3): the compile driver judges the
 * imports (compile.c reset_safe), and a system call in inline assembly is
 * none.  With -DSYSCALL every execution opens a descriptor: under the
 * reset engine it stayed open into the next, and the fourth execution
 * found the descriptor number past the ones a forked child gets.  Now
 * the object code is read (rawinsn.c) and the engine falls back to fork,
 * saying which instruction, in which function.  The other variants only
 * hold the instruction (never run, or run to the fault it causes):
 *   -DINT80    int $0x80          -DBYTES   .byte 0x0f, 0x05 (a syscall)
 *   -DWRPKRU   wrpkru's bytes     -DPOPF    popf setting the AC flag
 *   -DNULL_FS  a null selector loaded into fs (the TLS base gone) */
#include <assert.h>
#include <fcntl.h>
#include <sys/syscall.h>

#include "racers.h"

#ifdef SYSCALL
static long raw_open(const char *path)
{
    long r;
    __asm__ volatile("syscall"
                     : "=a"(r)
                     : "a"((long)SYS_open), "D"(path), "S"((long)O_RDONLY)
                     : "rcx", "r11", "memory");
    return r;
}
#endif

/* never called: what matters is that the code holds it */
__attribute__((used, noinline)) static void unused_code(void)
{
#ifdef INT80
    __asm__ volatile("int $0x80" ::: "memory");
#endif
#ifdef BYTES
    __asm__ volatile(".byte 0x0f, 0x05" ::: "rcx", "r11", "memory");
#endif
#ifdef WRPKRU
    __asm__ volatile(".byte 0x0f, 0x01, 0xef" ::: "memory");
#endif
}

int main(void)
{
#ifdef SYSCALL
    long fd = raw_open("/dev/null");
    assert(fd >= 0 && fd < 8);
#endif
#ifdef NULL_FS
    if (racers_x == 0) __asm__ volatile("xorl %%eax, %%eax; movl %%eax, %%fs" ::: "eax", "memory");
#endif
#ifdef POPF
    if (racers_x == 0) /* then alignment checking faults at the next unaligned access */
        __asm__ volatile("pushfq; orq $0x40000, (%%rsp); popfq" ::: "cc", "memory");
#endif
    pthread_t t[2];
    race_start(t, NULL);
    race_join(t);
    return 0;
}
