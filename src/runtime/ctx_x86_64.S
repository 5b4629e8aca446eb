/*
 * ctx_x86_64.S — coroutine context switch for the runtime (DESIGN §2.2).
 *
 * rv_ctx_switch(void **save_sp, void *new_sp): pushes the callee-saved
 * registers and the SSE/x87 control words on the current stack, stores the
 * stack pointer in *save_sp, switches to new_sp and pops the same frame
 * there.  Nothing else is saved: the System V ABI makes every other
 * register caller-saved, so a switch costs a handful of instructions
 * (ucontext's swapcontext also makes a sigprocmask system call).
 *
 * rv_ctx_trampoline: first "return address" of a new coroutine; aligns the
 * stack, clears the registers and calls rv_ctx_entry (kernel.c's
 * rv_thread_entry, which never returns).
 *
 * This file calls no other file of the runtime (scripts/layers): the data
 * it reads is defined here, at the end, and set by kernel.c.
 *
 * Owns: the words defined at its end (.bss: rv_ctx_entry, the XSAVE
 * image rv_xinit and its masks), which the switch and the register
 * clearing read without a call into C; kernel.c sets them.  The return
 * stub is scrub_x86_64.S (its words are kernel.c's).
 */
    .text
    .globl rv_ctx_switch
    .type rv_ctx_switch, @function
rv_ctx_switch:
    pushq %rbp
    pushq %rbx
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    subq $8, %rsp
    stmxcsr (%rsp)
    fnstcw 4(%rsp)
    movq %rsp, (%rdi)
    movq %rsi, %rsp
    ldmxcsr (%rsp)
    fldcw 4(%rsp)
    addq $8, %rsp
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbx
    popq %rbp
    ret
    .size rv_ctx_switch, .-rv_ctx_switch

    .globl rv_ctx_trampoline
    .type rv_ctx_trampoline, @function
rv_ctx_trampoline:
    xorl %ebp, %ebp
    andq $-16, %rsp
    /* a new thread starts with clean registers: its creator's caller-saved
     * values (the scheduler's) would otherwise reach its stack */
    movl rv_xmask_start(%rip), %eax
    call rv_reset_regs
    call *rv_ctx_entry(%rip)
    ud2
    .size rv_ctx_trampoline, .-rv_ctx_trampoline

/*
 * rv_call_clean(fn, argc, argv, envp): fn(argc, argv, envp) with rbx and
 * r12-r15 zeroed (callee-saved: restored before returning), every other
 * general register but the arguments zeroed and the vector and x87 state
 * initial (rv_reset_regs), so that the program's main starts from the
 * same registers in every execution and either engine, not with the fork
 * server's or the previous execution's values in them.
 */
    .globl rv_call_clean
    .type rv_call_clean, @function
rv_call_clean:
    pushq %rbx
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    movq %rdi, %rbx
    movl %esi, %r12d
    movq %rdx, %r13
    movq %rcx, %r14
    movl rv_xmask_start(%rip), %eax
    call rv_reset_regs
    movq %rbx, %rax
    movl %r12d, %edi
    movq %r13, %rsi
    movq %r14, %rdx
    xorl %ebx, %ebx
    xorl %r12d, %r12d
    xorl %r13d, %r13d
    xorl %r14d, %r14d
    xorl %r15d, %r15d
    call *%rax
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbx
    ret
    .size rv_call_clean, .-rv_call_clean

/*
 * Registers the program must not inherit from the runtime.  The vector
 * and caller-saved registers hold whatever the runtime last computed: in
 * a fork server's child the server's values, in the reset engine the
 * previous execution's (its last fingerprint's hash state), in a thread
 * resumed by the scheduler another thread's (the TLS copy, the step
 * number).  Code that stores registers it never loaded - the compile
 * driver's trampolines spill xmm0-7 and every argument register, a
 * variadic callee its register save area - puts those bytes on the
 * stack, where uninitialised locals and the fingerprints see them
 * (issue 11 part 2: fuzzer seed 306 differed between engines in three
 * words of main's frame holding an XXH3 accumulator).
 *
 * rv_reset_vec (eax = XSAVE component mask, 0 without XSAVE): puts the
 * vector registers (and, if the mask says so, the x87 state) into their
 * initial state with XRSTOR from an all-init header, keeping MXCSR (the
 * thread's); clobbers eax and edx.  rv_reset_regs: the same, then zeroes
 * every caller-saved general register.  rv_scrub_regs(): rv_reset_regs
 * with the mask for a return into the program (the x87 state is kept:
 * its control word is the thread's), callable from C as the last thing a
 * function does (it clobbers only what the ABI lets a callee clobber).
 */
    .type rv_reset_vec, @function
rv_reset_vec:
    stmxcsr rv_xinit+24(%rip)
    testl %eax, %eax
    jz 1f
    xorl %edx, %edx
    xrstor64 rv_xinit(%rip)
    ret
1:  pxor %xmm0, %xmm0
    pxor %xmm1, %xmm1
    pxor %xmm2, %xmm2
    pxor %xmm3, %xmm3
    pxor %xmm4, %xmm4
    pxor %xmm5, %xmm5
    pxor %xmm6, %xmm6
    pxor %xmm7, %xmm7
    pxor %xmm8, %xmm8
    pxor %xmm9, %xmm9
    pxor %xmm10, %xmm10
    pxor %xmm11, %xmm11
    pxor %xmm12, %xmm12
    pxor %xmm13, %xmm13
    pxor %xmm14, %xmm14
    pxor %xmm15, %xmm15
    ret
    .size rv_reset_vec, .-rv_reset_vec

    .type rv_reset_regs, @function
rv_reset_regs:
    call rv_reset_vec
rv_zero_gprs: /* the caller-saved general registers (rv_scrub_regs too) */
    xorl %eax, %eax
    xorl %ecx, %ecx
    xorl %edx, %edx
    xorl %esi, %esi
    xorl %edi, %edi
    xorl %r8d, %r8d
    xorl %r9d, %r9d
    xorl %r10d, %r10d
    xorl %r11d, %r11d
    ret
    .size rv_reset_regs, .-rv_reset_regs

/*
 * rv_clear_vec: the same register values as rv_reset_vec with
 * rv_xmask_visible (every vector and opmask register zero, MXCSR and x87
 * kept) by zeroing idioms instead of XRSTOR, which was the program's
 * largest cost per event after the scrub (issue 11: about 100 cycles, 4%
 * of philo_flags N=14's program samples).  rv_vec_kind (below, set by
 * kernel.c's rv_xstate_init) says which registers exist: 2 AVX-512
 * (zmm0-31, k0-7),
 * 1 AVX (ymm0-15), 0 SSE only (xmm0-15).  Clobbers nothing else.
 */
    .type rv_clear_vec, @function
rv_clear_vec:
    cmpl $1, rv_vec_kind(%rip)
    jb 1f
    vzeroall
    je 2f
    vpxord %xmm16, %xmm16, %xmm16
    vpxord %xmm17, %xmm17, %xmm17
    vpxord %xmm18, %xmm18, %xmm18
    vpxord %xmm19, %xmm19, %xmm19
    vpxord %xmm20, %xmm20, %xmm20
    vpxord %xmm21, %xmm21, %xmm21
    vpxord %xmm22, %xmm22, %xmm22
    vpxord %xmm23, %xmm23, %xmm23
    vpxord %xmm24, %xmm24, %xmm24
    vpxord %xmm25, %xmm25, %xmm25
    vpxord %xmm26, %xmm26, %xmm26
    vpxord %xmm27, %xmm27, %xmm27
    vpxord %xmm28, %xmm28, %xmm28
    vpxord %xmm29, %xmm29, %xmm29
    vpxord %xmm30, %xmm30, %xmm30
    vpxord %xmm31, %xmm31, %xmm31
    kxorw %k0, %k0, %k0
    kxorw %k1, %k1, %k1
    kxorw %k2, %k2, %k2
    kxorw %k3, %k3, %k3
    kxorw %k4, %k4, %k4
    kxorw %k5, %k5, %k5
    kxorw %k6, %k6, %k6
    kxorw %k7, %k7, %k7
2:  ret
1:  movl rv_xmask_visible(%rip), %eax
    jmp rv_reset_vec
    .size rv_clear_vec, .-rv_clear_vec

    .globl rv_scrub_regs
    .type rv_scrub_regs, @function
rv_scrub_regs:
    call rv_clear_vec
    jmp rv_zero_gprs
    .size rv_scrub_regs, .-rv_scrub_regs

/*
 * The data the code above reads, owned here and set by kernel.c
 * (kernel.h): the assembly uses nothing of the runtime's C files.
 *
 * rv_ctx_entry: what a new coroutine calls (rv_ctx_trampoline), set once
 * at start-up.  rv_xinit: an XSAVE area
 * whose header says every component is in its initial state (XRSTOR
 * from it clears the vector registers; MXCSR, at offset 24, is stored
 * there first and so kept).  rv_xmask_start, rv_xmask_visible: XRSTOR
 * component masks (0: no XSAVE, the SSE registers are cleared one by
 * one) at a program's or thread's start (x87, SSE, AVX, AVX-512: bits
 * 0-2, 5-7) and on a return into the program (the same without x87,
 * whose control word is the thread's); never PKRU (bit 9) or state the
 * kernel hands out on request (AMX).  rv_vec_kind: which vector
 * registers rv_clear_vec zeroes one by one (2 zmm0-31 and k0-7, 1
 * ymm0-15, 0 xmm0-15).  All set by rv_xstate_init before the first
 * execution.
 */
    .bss
    .balign 64
    .globl rv_ctx_entry
    .type rv_ctx_entry, @object
    .size rv_ctx_entry, 8
rv_ctx_entry:
    .zero 8
    .balign 64
    .globl rv_xinit
    .type rv_xinit, @object
    .size rv_xinit, 4096
rv_xinit:
    .zero 4096
    .balign 4
    .globl rv_xmask_start
    .type rv_xmask_start, @object
    .size rv_xmask_start, 4
rv_xmask_start:
    .zero 4
    .globl rv_xmask_visible
    .type rv_xmask_visible, @object
    .size rv_xmask_visible, 4
rv_xmask_visible:
    .zero 4
    .globl rv_vec_kind
    .type rv_vec_kind, @object
    .size rv_vec_kind, 4
rv_vec_kind:
    .zero 4

    .section .note.GNU-stack,"",@progbits
