# set_hidden for uninstr.c -DEXTERN: `*p = 1` in assembly
        .text
        .globl set_hidden
        .type set_hidden, @function
set_hidden:
        movl $1, (%rdi)
        ret
        .size set_hidden, .-set_hidden
        .section .note.GNU-stack, "", @progbits
