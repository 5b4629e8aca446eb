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

    .section .note.GNU-stack,"",@progbits
