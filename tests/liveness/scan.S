/* tests/liveness: hand-written objects for the scan of the program's own
 * code (src/backends/native/objscan.h), one case per -DCASE_x: each
 * defines a function f whose finding tests/liveness/run.sh expects
 * (scan_*): "unhooked" (a write the instrumentation does not announce),
 * "stack-out" (a stack address let out), both or none. */
        .intel_syntax noprefix
        .text
        .globl f
        .type f, @function
#if defined CASE_hooked /* none: the hook announces the store after it */
f:      push rbp
        mov rbp, rsp
        call __tsan_func_entry
        lea rdi, [rip + g]
        call __tsan_write4
        mov dword ptr [rip + g], 1
        pop rbp
        ret
#elif defined CASE_unhooked /* unhooked: a store to a global, no hook */
f:      mov dword ptr [rip + g], 1
        ret
#elif defined CASE_hook_small /* unhooked: a 4-byte hook, an 8-byte store */
f:      call __tsan_func_entry
        call __tsan_write4
        mov qword ptr [rip + g], 1
        ret
#elif defined CASE_hook_once /* unhooked: one hook, two stores */
f:      call __tsan_func_entry
        call __tsan_write8
        mov dword ptr [rip + g], 1
        mov dword ptr [rip + g + 4], 1
        mov dword ptr [rip + g + 8], 1
        ret
#elif defined CASE_hook_branch /* unhooked: a branch lands between hook and store */
f:      call __tsan_func_entry
        test edi, edi
        je 1f
        call __tsan_write4
1:      mov dword ptr [rip + g], 1
        ret
#elif defined CASE_stack /* none: the frame, the outgoing area, a lea of the frame */
f:      push rbp
        mov rbp, rsp
        sub rsp, 32
        mov dword ptr [rbp - 8], 1
        mov qword ptr [rsp], 2
        lea rax, [rbp - 16]
        mov dword ptr [rax + 4], 3
        lea rcx, [rsp + 8]
        mov qword ptr [rcx + 8], 4
        leave
        ret
#elif defined CASE_spill /* none: a frame address kept in a slot, used after a branch */
f:      push rbp
        mov rbp, rsp
        sub rsp, 32
        lea rax, [rbp - 16]
        mov qword ptr [rbp - 24], rax
        test edi, edi
        je 1f
        mov dword ptr [rbp - 4], 7
1:      mov rcx, qword ptr [rbp - 24]
        mov dword ptr [rcx], 1
        leave
        ret
#elif defined CASE_spill_call /* none: the slot's address never escapes, no call can change it */
f:      push rbp
        mov rbp, rsp
        sub rsp, 32
        call __tsan_func_entry
        lea rax, [rbp - 16]
        mov qword ptr [rbp - 24], rax
        call h
        mov rcx, qword ptr [rbp - 24]
        mov dword ptr [rcx], 1
        leave
        ret
#elif defined CASE_spill_call_escaped /* unhooked: the slot's address is let out: h may change it */
f:      push rbp
        mov rbp, rsp
        sub rsp, 32
        call __tsan_func_entry
        lea rax, [rbp - 16]
        mov qword ptr [rbp - 24], rax
        lea rdi, [rbp - 32]
        call h
        mov rcx, qword ptr [rbp - 24]
        mov dword ptr [rcx], 1
        leave
        ret
#elif defined CASE_spill_call_rsp /* unhooked: an rsp-relative address may name the slot */
f:      push rbp
        mov rbp, rsp
        sub rsp, 32
        call __tsan_func_entry
        lea rax, [rbp - 16]
        mov qword ptr [rbp - 24], rax
        lea rdi, [rsp + 8]
        call h
        mov rcx, qword ptr [rbp - 24]
        mov dword ptr [rcx], 1
        leave
        ret
#elif defined CASE_spill_overwritten /* unhooked: the slot holds a pointer argument on one path */
f:      push rbp
        mov rbp, rsp
        sub rsp, 32
        lea rax, [rbp - 16]
        mov qword ptr [rbp - 24], rax
        test esi, esi
        je 1f
        mov qword ptr [rbp - 24], rdi
1:      mov rcx, qword ptr [rbp - 24]
        mov dword ptr [rcx], 1
        leave
        ret
#elif defined CASE_jump_table /* unhooked: the indirect jump may land at 1 with the slot unknown */
f:      push rbp
        mov rbp, rsp
        sub rsp, 32
        mov qword ptr [rbp - 24], rdi
        test esi, esi
        je 2f
        jmp qword ptr [rip + table]
2:      lea rax, [rbp - 16]
        mov qword ptr [rbp - 24], rax
case1:  mov rcx, qword ptr [rbp - 24]
        mov dword ptr [rcx], 1
        leave
        ret
#elif defined CASE_rbp_general /* unhooked: rbp is no frame pointer here */
f:      mov rbp, rdi
        mov dword ptr [rbp + 8], 1
        ret
#elif defined CASE_syscall /* unhooked: the kernel writes what it is asked to */
f:      mov eax, 0
        syscall
        ret
#elif defined CASE_no_entry /* unhooked: a call from a function without __tsan_func_entry */
f:      push rbp
        mov rbp, rsp
        call h
        pop rbp
        ret
#elif defined CASE_rsp_value /* stack-out: rsp copied (alloca, a VLA) */
f:      mov rax, rsp
        ret
#elif defined CASE_push_rsp /* stack-out: rsp stored */
f:      push rsp
        pop rax
        ret
#elif defined CASE_stack_switch /* stack-out: rsp loaded from a register */
f:      mov rsp, rdi
        ret
#elif defined CASE_rbp_value /* stack-out: the frame pointer copied */
f:      push rbp
        mov rbp, rsp
        mov rax, rbp
        pop rbp
        ret
#elif defined CASE_saved_rbp /* stack-out: the caller's frame pointer loaded */
f:      push rbp
        mov rbp, rsp
        mov rax, qword ptr [rbp]
        pop rbp
        ret
#elif defined CASE_section /* stack-out: rsp copied in a section of its own */
        .section ravel_test_code, "ax", @progbits
f:      mov rax, rsp
        ret
#elif defined CASE_frame /* none: a prologue, rsp arithmetic, an epilogue */
f:      push rbp
        mov rbp, rsp
        push rbx
        sub rsp, 24
        and rsp, -16
        lea rsp, [rbp - 8]
        pop rbx
        mov rsp, rbp
        pop rbp
        ret
#endif
        .size f, .-f
        .data
g:      .quad 0, 0
#if defined CASE_jump_table
/* a PC-relative entry, not the table's first: its relocation does not
 * give the target (S + A is case1 + 8) */
table:  .long 0, 0, case1 - table
#endif
        .section .note.GNU-stack, "", @progbits
