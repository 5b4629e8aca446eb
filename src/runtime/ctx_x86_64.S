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
 * stack and calls rv_thread_entry(), which never returns.
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
    call rv_thread_entry
    ud2
    .size rv_ctx_trampoline, .-rv_ctx_trampoline

/* rv_engine_trampoline: first "return address" of the reset engine's own
 * stack (engine.c); calls rv_engine_main(), which never returns. */
    .globl rv_engine_trampoline
    .type rv_engine_trampoline, @function
rv_engine_trampoline:
    xorl %ebp, %ebp
    andq $-16, %rsp
    call rv_engine_main
    ud2
    .size rv_engine_trampoline, .-rv_engine_trampoline

/*
 * rv_visible(rv_action a, uint64_t pc): the runtime's single entry for a
 * visible action.  Stores the caller's callee-saved registers, MXCSR and
 * x87 control word in rv_entry_regs (sched.c) before compiled code could
 * change them, then tail-jumps to rv_visible_c with the stack and the
 * argument registers untouched.  They are part of the thread's state
 * (cutoffs): a program built with -O1 keeps values there across calls.
 */
    .globl rv_visible
    .type rv_visible, @function
rv_visible:
    movq %rbx, rv_entry_regs(%rip)
    movq %rbp, rv_entry_regs+8(%rip)
    movq %r12, rv_entry_regs+16(%rip)
    movq %r13, rv_entry_regs+24(%rip)
    movq %r14, rv_entry_regs+32(%rip)
    movq %r15, rv_entry_regs+40(%rip)
    movq $0, rv_entry_regs+48(%rip)
    stmxcsr rv_entry_regs+48(%rip)
    fnstcw rv_entry_regs+52(%rip)
    jmp rv_visible_c
    .size rv_visible, .-rv_visible

/*
 * rv_call_clean(fn, argc, argv, envp): fn(argc, argv, envp) with rbx and
 * r12-r15 zeroed (callee-saved: restored before returning), so that the
 * program's main does not start with the fork server's values in them.
 */
    .globl rv_call_clean
    .type rv_call_clean, @function
rv_call_clean:
    pushq %rbx
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    movq %rdi, %rax
    movl %esi, %edi
    movq %rdx, %rsi
    movq %rcx, %rdx
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

    .section .note.GNU-stack,"",@progbits
