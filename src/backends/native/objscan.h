/*
 * objscan.h — what the program's own code does that the compile driver
 * must know before it links it (compile.c), found in what the compiler
 * produced rather than in the source text: the assembly it wrote and the
 * object it assembled from it.
 *
 * Two questions, each answered conservatively ("yes" when unsure):
 *
 * 1. Does the program write memory that the instrumentation does not
 *    announce?  Such writes are not events, so every state of the run is
 *    unique (RV_TAINT_UNINSTRUMENTED; docs/UDPOR.md "What a state
 *    contains").  Yes when the compiler's output holds inline assembly
 *    (rv_asm_marker), or when an instruction of the object
 *      - may write memory outside the thread's own stack (any memory
 *        operand but those of a short list of read-only forms: Capstone's
 *        access flags say "read" for many stores) and is not the access
 *        that a ThreadSanitizer write hook called right before it
 *        announced (same straight-line code: no branch, branch target or
 *        other call in between; the hook's size covers the store's);
 *      - enters the kernel (syscall, sysenter, int n) or writes memory no
 *        operand names (maskmovq, maskmovdqu);
 *      - belongs to a function that calls other code but never
 *        __tsan_func_entry: what it calls runs in frames below every frame
 *        the runtime's hooks saw (state.c, rv_dead_floor);
 *      - does not decode.
 *    ThreadSanitizer puts each hook in the same basic block right before
 *    its access, so instrumented code passes; code the compiler was told
 *    not to instrument (no_sanitize, no_sanitize_thread,
 *    disable_sanitizer_instrumentation, `#pragma clang attribute`, an
 *    ignore list, -fno-sanitize=thread, -mllvm options) has no hook
 *    before its stores and fails, however it was spelt
 *    (tests/cutoffs/uninstr.c).  Stores to the thread's own stack need no
 *    hook: the stack is part of the state (its base is rsp, the frame
 *    pointer of a function that keeps one, or a register just loaded with
 *    one of them).
 *
 * 2. Does the program let a stack address out, other than a `lea` of its
 *    own frame?  Then a dead frame byte may be read by other code, and
 *    the program gets no liveness table (liveness.h).  Yes when an
 *    instruction
 *      - reads rbp as a value (but for a prologue's `push rbp; mov rbp,
 *        rsp`, `xor ebp, ebp`) or loads the saved rbp (`[rbp]`):
 *        __builtin_frame_address;
 *      - reads rsp as a value other than to adjust rsp itself (sub, add,
 *        and) or to set up the frame pointer (`mov rbp, rsp`): alloca, a
 *        VLA, a global register variable bound to rsp;
 *      - writes rsp other than by push, pop, call, ret, leave, rsp
 *        arithmetic or `mov rsp, rbp` / `lea rsp, [rbp|rsp + k]` in a
 *        function whose rbp is its frame pointer: a stack switch;
 *      - does not decode.
 *    These rules cover what a C compiler emits; hand-written code is
 *    rejected before (inline assembly: rv_asm_marker; assembly sources
 *    and objects ravel did not compile: compile.c).
 *
 * 3. Does the program access memory another thread may reach without an
 *    event?  Then the orders between that access and other threads'
 *    events are never explored, and no result is exhaustive (compile.c,
 *    __ravel_unexplored; tests/adversary/uninstr_atomics.c).  Yes when an
 *    instruction
 *      - stores outside the stack with no hook (question 1), or enters
 *        the kernel, or does not decode;
 *      - loads from memory other than the thread's stack, its TLS or
 *        thread control block (fs/gs-relative), or memory that
 *        a relocation names read-only (constants, string literals, GOT
 *        slots, a jump table through a register a `lea` of one set, a
 *        C++ vtable through the register that the load announced by
 *        __tsan_vptr_read set), and no ThreadSanitizer read hook called
 *        right before it in the same straight-line code announced it (a
 *        conditional jump's fall-through continues the line unless
 *        control may also arrive there otherwise; ravel compiles with
 *        -tsan-instrument-read-before-write, so instrumented code hooks
 *        the read of a read-modify-write too).
 *    Code that only computes (its stack, constants) answers no: a
 *    function built without instrumentation for speed keeps the result
 *    exhaustive.  Calls from code without __tsan_func_entry do not count
 *    here: the callee's accesses are judged on their own.
 *
 * Every executable section of the object is decoded from its start to
 * its end, whatever its name (.text, .init, a section of the program's
 * choosing), so code outside .text is seen too.
 */
#ifndef RAVEL_BACKENDS_NATIVE_OBJSCAN_H
#define RAVEL_BACKENDS_NATIVE_OBJSCAN_H

#include <stdbool.h>

typedef struct rv_objscan {
    /* where the first finding of each question lies ("function+0xoff:
     * instruction, why"), heap strings, or NULL */
    char *unhooked;
    char *stack_out;
    /* question 3: the first access no event announces to memory another
     * thread may reach (see above) */
    char *unexplored;
} rv_objscan;

/* Scan the relocatable object obj.  Returns 0, or -1 with *why (heap
 * string) when obj cannot be read or is not an x86-64 relocatable ELF
 * object (the caller must then assume the worst). */
int rv_objscan_file(const char *obj, rv_objscan *out, char **why);
void rv_objscan_free(rv_objscan *s);

/* The first line of the compiler's assembly output `text` that marks
 * inline assembly, or NULL: "#APP", which gcc and clang write before
 * every asm statement (naked functions' bodies included) and gcc before
 * file-scope asm, or clang's comment "Start of file scope inline
 * assembly" (written under -fverbose-asm, which the driver forces).  Any
 * marker counts, even of an empty asm statement: the text between the
 * markers is the program's and could contain a forged end marker. */
const char *rv_asm_marker(const char *text);

/* True when every inline asm statement of the LLVM IR module `ir` (clang
 * -S -emit-llvm of the same source, same flags) is inert: its template is
 * empty or holds only `pause`, `nop`, `rep; nop` and the fences, and the
 * module has no file-scope asm.  Such statements emit no instruction that
 * writes memory, enters the kernel, reads a value that differs between
 * runs or jumps (the compiler barrier `asm volatile("" ::: "memory")`, a
 * spin loop's pause), so the source need not be judged unseen for them.
 * The IR quotes the template (\0A, \22), so unlike the assembly's
 * markers it cannot be forged by the program's text.  False when unsure
 * (anything the scan does not recognise). */
bool rv_ir_asm_inert(const char *ir);

#endif
