/* tests/liveness: a frame address copied as a value (`mov rax, rbp`, as
 * __builtin_frame_address compiles at -O0): any frame up the chain can be
 * read through it, so the binary gets no table at all, not even for
 * f_dead2, which alone would have dead bytes. */
        .intel_syntax noprefix
        .text

        .globl callee
        .type callee, @function
callee: ret
        .size callee, .-callee

        .globl f_dead2
        .type f_dead2, @function
f_dead2: push rbp
        mov rbp, rsp
        sub rsp, 16
        mov dword ptr [rbp-4], 1
        call callee
        .globl r_dead2
r_dead2: add rsp, 16
        pop rbp
        ret
        .size f_dead2, .-f_dead2

/* the frame's address copied */
        .globl f_rbpcopy
        .type f_rbpcopy, @function
f_rbpcopy: push rbp
        mov rbp, rsp
        sub rsp, 16
        mov rax, rbp
        call callee
        .globl r_rbpcopy
r_rbpcopy: add rsp, 16
        pop rbp
        ret
        .size f_rbpcopy, .-f_rbpcopy

        .section .note.GNU-stack, "", @progbits
