/*
 * scrub_x86_64.S — the return stub (DESIGN §2 "Layers").
 *
 * Apart from ctx_x86_64.S because it reads kernel.c's rv_scrub_to and
 * rv_scrub_lo, which the switch writes at every switch: defined in
 * kernel.c they share the page of rt that every execution writes anyway,
 * where a word of the assembly's own would cost the reset engine one more
 * page to compare and put back per execution.  kernel.c does not use this
 * file (state.c and live.c do), so the arrow to kernel.c makes no circle.
 *
 * Owns: no state.
 */
    .text
/*
 * rv_return_scrub: the runtime's way back into the program after a
 * visible action (issue 12).  rv_visible_c replaces the return address of
 * the outermost runtime frame (the program's call into the runtime) with
 * this stub, the real one kept in rv_scrub_to.  Reached by that frame's
 * ret, with rsp = the program's stack pointer before its call: it zeroes
 * the dead stack below it, down to rv_scrub_lo (every frame the runtime
 * used for this call: wrappers, the scheduler, the hash state), and jumps
 * back.  Otherwise the runtime's leftovers (an event's index, the
 * scheduler's locals) sit in uninitialised slots of the program's and the
 * runtime's next frames, where fingerprints hash them (fuzzer seed 184)
 * and the program can read them.  rax and rdx (the return value) and the
 * vector registers are kept; the other caller-saved registers, the ABI's
 * to clobber, leave zero (r11: the jump target).
 */
    .globl rv_return_scrub
    .type rv_return_scrub, @function
rv_return_scrub:
    movq %rax, %r11
    movq rv_scrub_lo(%rip), %rdi
    movq %rsp, %rcx
    subq %rdi, %rcx
    jbe 1f
    xorl %eax, %eax
    rep stosb
1:  movq %r11, %rax
    xorl %ecx, %ecx
    xorl %edi, %edi
    xorl %esi, %esi
    xorl %r8d, %r8d
    xorl %r9d, %r9d
    xorl %r10d, %r10d
    movq rv_scrub_to(%rip), %r11
    jmp *%r11
    .size rv_return_scrub, .-rv_return_scrub

    .section .note.GNU-stack,"",@progbits
