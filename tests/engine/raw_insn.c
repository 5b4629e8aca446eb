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
 *   -DNULL_FS  a null selector loaded into fs (the TLS base gone)
 * Attacked again (issue 27, the adversary of part 3), each an escape of
 * the linear decoding, the same system call as -DSYSCALL:
 *   -DHIDDEN      the syscall's bytes inside a mov's immediate, run by a
 *                 jump into the middle of the mov (on the commit before
 *                 the fix: reset, and an assertion failure fork has not)
 *   -DEXECSTACK   the instructions written on an executable stack (the
 *                 object's .note.GNU-stack asks for one) and called there
 *   -DHIDDEN_POPF the AC flag set by a popf inside a mov's immediate: not
 *                 found (one byte), but the runtime clears the flag where
 *                 it would hurt, so both engines report the same crash
 *                 (before: "killed by signal 7" with no location under
 *                 fork, the engine's process dead under reset, exit 3) */
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

#ifdef HIDDEN
/* b9 is `mov ecx, imm32`; its immediate's first bytes, 0f 05, are a
 * syscall, and eb 00 (a jump to the next byte) leaves the rest unrun */
static long raw_open(const char *path)
{
    long r;
    __asm__ volatile("jmp 1f+1\n1: .byte 0xb9, 0x0f, 0x05, 0xeb, 0x00"
                     : "=a"(r)
                     : "a"((long)SYS_open), "D"(path), "S"((long)O_RDONLY)
                     : "rcx", "r11", "memory");
    return r;
}
#endif

#ifdef EXECSTACK
__asm__(".pushsection .note.GNU-stack,\"x\",@progbits\n.popsection");
/* mov rax, rdi; mov rdi, rsi; mov rsi, rdx; syscall; ret: built on the
 * stack and called there */
static long raw_open(const char *path)
{
    unsigned char code[] = {0x48, 0x89, 0xf8, 0x48, 0x89, 0xf7, 0x48, 0x89, 0xd6, 0x0f, 0x05, 0xc3};
    long (*f)(long, const char *, long) = (long (*)(long, const char *, long))(void *)code;
    return f(SYS_open, path, O_RDONLY);
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
#if defined SYSCALL || defined HIDDEN || defined EXECSTACK
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
#ifdef HIDDEN_POPF
    if (racers_x == 0) /* 9d, a popf, as the immediate's first byte */
        __asm__ volatile(
            "pushfq; orq $0x40000, (%%rsp)\n jmp 1f+1\n1: .byte 0xb9, 0x9d, 0x90, 0x90, 0x90" ::
                : "rcx", "cc", "memory");
#endif
    pthread_t t[2];
    race_start(t, NULL);
    race_join(t);
    return 0;
}
