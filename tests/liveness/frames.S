/* Hand-written functions for the liveness analysis (tests/liveness/run.sh,
 * src/backends/native/liveness.h): each call is followed by a global label
 * r_* at its return address; run.sh states the dead bytes expected there
 * (rbp-relative [lo, hi)), or that the function is left out (no site). */
        .intel_syntax noprefix
        .text

        .globl callee
        .type callee, @function
callee: ret
        .size callee, .-callee

        /* the runtime's access hook, as the analysis knows it by name */
        .globl __tsan_write4
        .type __tsan_write4, @function
__tsan_write4: ret
        .size __tsan_write4, .-__tsan_write4

/* -4 written and never read, -12 read after the call: dead [-16,-12), [-8,0) */
        .globl f_dead
        .type f_dead, @function
f_dead: push rbp
        mov rbp, rsp
        sub rsp, 16
        mov dword ptr [rbp-4], 1
        mov dword ptr [rbp-12], 2
        call callee
        .globl r_dead
r_dead: mov eax, dword ptr [rbp-12]
        add rsp, 16
        pop rbp
        ret
        .size f_dead, .-f_dead

/* a loop: -4 read at the top of every round, -8 written only: dead [-16,-4) */
        .globl f_loop
        .type f_loop, @function
f_loop: push rbp
        mov rbp, rsp
        sub rsp, 16
        mov dword ptr [rbp-4], 0
1:      call callee
        .globl r_loop
r_loop: mov eax, dword ptr [rbp-4]
        add eax, 1
        mov dword ptr [rbp-4], eax
        mov dword ptr [rbp-8], eax
        cmp eax, 10
        jl 1b
        add rsp, 16
        pop rbp
        ret
        .size f_loop, .-f_loop

/* an address taken (lea): the whole frame is live (a pointer may go
 * below the address it was taken at: container_of, one past the end) */
        .globl f_lea
        .type f_lea, @function
f_lea:  push rbp
        mov rbp, rsp
        sub rsp, 16
        mov dword ptr [rbp-16], 5
        lea rdi, [rbp-8]
        call callee
        .globl r_lea
r_lea:  add rsp, 16
        pop rbp
        ret
        .size f_lea, .-f_lea

/* lea rdi + an access hook is no escape; the store after it kills: all
 * dead at both calls */
        .globl f_hook
        .type f_hook, @function
f_hook: push rbp
        mov rbp, rsp
        sub rsp, 16
        lea rdi, [rbp-8]
        call __tsan_write4
        .globl r_hook1
r_hook1: mov dword ptr [rbp-8], 1
        call callee
        .globl r_hook2
r_hook2: add rsp, 16
        pop rbp
        ret
        .size f_hook, .-f_hook

/* the same lea before some other call escapes: nothing dead */
        .globl f_nohook
        .type f_nohook, @function
f_nohook: push rbp
        mov rbp, rsp
        sub rsp, 16
        lea rdi, [rbp-8]
        call callee
        .globl r_nohook
r_nohook: mov dword ptr [rbp-8], 1
        add rsp, 16
        pop rbp
        ret
        .size f_nohook, .-f_nohook

/* a read on one branch only: -4 live; dead [-16,-4) */
        .globl f_branch
        .type f_branch, @function
f_branch: push rbp
        mov rbp, rsp
        sub rsp, 16
        mov dword ptr [rbp-4], 1
        call callee
        .globl r_branch
r_branch: test eax, eax
        je 1f
        mov eax, dword ptr [rbp-4]
1:      add rsp, 16
        pop rbp
        ret
        .size f_branch, .-f_branch

/* a read-modify-write reads: -4 live; dead [-16,-4) */
        .globl f_rmw
        .type f_rmw, @function
f_rmw:  push rbp
        mov rbp, rsp
        sub rsp, 16
        mov dword ptr [rbp-4], 1
        call callee
        .globl r_rmw
r_rmw:  add dword ptr [rbp-4], 1
        mov dword ptr [rbp-4], 0
        add rsp, 16
        pop rbp
        ret
        .size f_rmw, .-f_rmw

/* a partial overwrite kills only its bytes: -8..-5 live (8-byte read
 * after a 4-byte store at -4); dead [-16,-8), [-4,0) */
        .globl f_part
        .type f_part, @function
f_part: push rbp
        mov rbp, rsp
        sub rsp, 16
        call callee
        .globl r_part
r_part: mov dword ptr [rbp-4], 0
        mov rax, qword ptr [rbp-8]
        add rsp, 16
        pop rbp
        ret
        .size f_part, .-f_part

/* an outgoing argument (rsp-relative) is live: dead [-12,0) */
        .globl f_rsp
        .type f_rsp, @function
f_rsp:  push rbp
        mov rbp, rsp
        sub rsp, 16
        mov dword ptr [rsp], 7
        mov dword ptr [rbp-8], 3
        call callee
        .globl r_rsp
r_rsp:  add rsp, 16
        pop rbp
        ret
        .size f_rsp, .-f_rsp

/* callee-saved pushes: frame 16, locals [-16,-8), written only: dead [-16,-8) */
        .globl f_pushes
        .type f_pushes, @function
f_pushes: push rbp
        mov rbp, rsp
        push rbx
        sub rsp, 8
        mov qword ptr [rbp-16], 9
        call callee
        .globl r_pushes
r_pushes: add rsp, 8
        pop rbx
        pop rbp
        ret
        .size f_pushes, .-f_pushes

/* left out: an indirect jump */
        .globl f_indirect
        .type f_indirect, @function
f_indirect: push rbp
        mov rbp, rsp
        sub rsp, 16
        call callee
        .globl r_indirect
r_indirect: jmp rax
        .size f_indirect, .-f_indirect

/* left out: a push in the body */
        .globl f_bodypush
        .type f_bodypush, @function
f_bodypush: push rbp
        mov rbp, rsp
        sub rsp, 16
        call callee
        .globl r_bodypush
r_bodypush: push rax
        pop rax
        add rsp, 16
        pop rbp
        ret
        .size f_bodypush, .-f_bodypush

/* left out: no frame-pointer prologue */
        .globl f_noframe
        .type f_noframe, @function
f_noframe: sub rsp, 24
        call callee
        .globl r_noframe
r_noframe: add rsp, 24
        ret
        .size f_noframe, .-f_noframe

/* left out: a jump out of the function (a split function's cold part) */
        .globl f_out
        .type f_out, @function
f_out:  push rbp
        mov rbp, rsp
        sub rsp, 16
        call callee
        .globl r_out
r_out:  jmp callee
        .size f_out, .-f_out

        .section .note.GNU-stack, "", @progbits
