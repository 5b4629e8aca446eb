/*
 * liveness.h — which bytes of the program's stack frames are dead at each
 * call, found in the machine code of the linked program, for the cutoffs'
 * states (docs/UDPOR.md "Cutoffs in native code: dead stack bytes").
 *
 * A thread's local state is its stack (src/runtime/state.c, rv_fingerprint_last).  Code
 * built at -O0 leaves values in its frame after their last use (a spilled
 * `count + inc`, a write-only local); hashed, they keep apart states whose
 * futures are equal, and cutoffs come late or never (PRODCONS).  This
 * module finds, for every call instruction of every function of the
 * program, the bytes of the caller's frame that no path from the call's
 * return reads before it writes them; the runtime zeroes those bytes at
 * every visible action, before it fingerprints the stack
 * (src/runtime/live.c: why zero rather than skip).
 *
 * Soundness rests on a conservative analysis; a function is left out (its
 * frame hashed whole) unless all of these hold:
 *   - it starts `push rbp; mov rbp, rsp`, then pushes of callee-saved
 *     registers, then at most one `sub rsp, N` (N < 64 KiB), and changes
 *     rsp and rbp nowhere else but in epilogues (`add rsp, N`, pops,
 *     `leave`, then `ret`), so the frame at a call is [rbp - size, rbp);
 *   - it reads rbp and rsp only as the base of a memory operand (no copy of
 *     the frame's address but through `lea`, below);
 *   - every branch is direct (no jump table, no computed goto);
 *   - every instruction decodes.
 * Within such a function, a byte is live at a point if some path from it
 * reads the byte before writing it.  Only plain stores (mov and the SSE/x87
 * store forms, listed in liveness.c) kill; every other instruction that
 * names a frame byte reads it.  Bytes whose address is taken (`lea`, an
 * indexed operand, fxsave and its kin) may be read through pointers by
 * anyone, at any time, and a pointer may go below the address taken,
 * within an object whose bounds the machine code does not give: a
 * function that takes a frame address has its whole frame live
 * everywhere.  The one exception is `lea rdi, [frame]` right before a
 * direct call of a ThreadSanitizer access hook (how a volatile local is
 * accessed): the hook only records the access the next instruction makes.
 * The bytes of rsp-relative operands (the outgoing arguments) are live
 * everywhere.  Operands with an fs:/gs: override are thread data, not
 * frame bytes (other overrides are ignored in 64-bit mode).  A call reads
 * and writes no frame byte otherwise.  The callee-saved registers' slots
 * are live.
 *
 * Other code may read a frame only through its address, so the analysis
 * is sound only for a program whose code lets no stack address out but
 * through a `lea` in the frame's own function (pinned, above), and whose
 * control re-enters no frame at a return address other than a call's
 * normal return.  The compile driver (compile.c, live_table) writes a
 * table only for such a program, decided on what the compiler produced,
 * not on names or text:
 *   - no inline assembly in the compiler's output, no source that is
 *     not C, no C++ (unwinding enters landing pads from calls), nothing
 *     linked that ravel did not compile (only -lm, -lpthread, -ldl, -lrt);
 *   - no instruction of the program's objects, in any section, reads rsp
 *     or rbp as a value, loads a saved rbp or switches stacks
 *     (objscan.h, question 2: __builtin_frame_address(n), alloca, VLAs,
 *     a global register variable bound to rsp);
 *   - every function the program imports is the runtime's or on
 *     rv_live_import_ok's list, which holds no function that returns
 *     twice or resumes a saved context (setjmp, getcontext, swapcontext,
 *     setcontext, makecontext, vfork), hands out a stack address
 *     (_Unwind_GetCFA, a signal handler's context through sigaction,
 *     __libc_stack_end) or runs program code on a context of its own.
 * tests/cutoffs live_*.c are the programs of the attacks each rule
 * closes.  What remains assumed: a pointer stays within (or one past)
 * the object it was derived from; a pointer that leaves its object for
 * another frame is undefined behaviour and may find zeros there.
 *
 * The table is a file next to the binary, "<binary>.live" (layout:
 * src/runtime/livetable.h),
 * keyed by return address (the program is linked -no-pie) and guarded by
 * a hash of the program's code, which the runtime checks before using it.
 */
#ifndef RAVEL_BACKENDS_NATIVE_LIVENESS_H
#define RAVEL_BACKENDS_NATIVE_LIVENESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../../runtime/livetable.h"

/* The analysis's version, part of the build cache's key (compile.c
 * RECIPE): a cached build keeps the table an older analysis wrote. */
#define RV_LIVE_VERSION "3"

/* Counts of one analysis (for tests and RAVEL_LIVE_STATS). */
typedef struct rv_live_stats {
    size_t functions, analysed, sites, dead_bytes;
} rv_live_stats;

/* Analyse the functions of `binary` in [its first code byte, the address
 * of `end_symbol`) (NULL: all of .text) and write the table to `out`
 * (for a program that meets the conditions above: this function does not
 * check them).
 * Returns 0, or -1 with *why (heap string) when the binary cannot be read
 * or the table not written.  A function that cannot be analysed is only
 * left out. */
int rv_live_write(const char *binary, const char *end_symbol, const char *out, rv_live_stats *stats,
                  char **why);

/* x, a function or object the program imports from the C library, is
 * known to neither return twice, resume a context, hand out a stack
 * address nor run program code on a stack of its own (the families of
 * string, stdio, stdlib, math, time and file functions). */
bool rv_live_import_ok(const char *x);

#endif
