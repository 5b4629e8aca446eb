/*
 * rawinsn.h — machine instructions in the program's own objects that
 * change process state outside its memory without a call to the C library
 * (issue 27 part 3, DESIGN §2 "Engines").
 *
 * The reset engine (src/runtime/engine.c) undoes what an execution did to
 * memory; the compile driver keeps out what it cannot undo by the program's
 * imports (compile.c, reset_safe).  A system call made in inline assembly
 * (or a `.byte 0x0f, 0x05`) is no import: a descriptor it opens stays open
 * into the next execution, which then sees other descriptor numbers than a
 * forked child would.  This module finds such instructions in a compiled
 * object, so that the driver falls back to fork instead:
 *   - `syscall`, `sysenter`, `int N` (`int $0x80` enters the kernel's
 *     32-bit system calls from 64-bit code too; other vectors fault);
 *   - `wrfsbase`, `wrgsbase` and a load of a segment register (`mov` or
 *     `pop` into fs, gs, ds, es, ss; `lfs`, `lgs`, `lss`): the thread
 *     pointer and gs base, which the engine does not put back; `wrpkru`
 *     (memory protection keys);
 *   - `popf` and `std`, which may leave flags set that the C library and
 *     the runtime's own code do not expect (alignment checking, the
 *     direction flag): a fault then hits the crash handler itself, which
 *     kills a forked child (a crash ravel reports) but the engine's one
 *     process (which ravel could only restart).
 *   - `iretq`, which loads the flags as `popf` does;
 *   - code the program can write and run: a section both writable and
 *     executable, or an executable stack (an object whose .note.GNU-stack
 *     says so, or that has none).
 * Every executable section is decoded linearly from its start; bytes that
 * do not decode are skipped one at a time (Capstone's SKIPDATA), so data
 * placed in code is decoded too.  Code reached by jumping into the middle
 * of an instruction is not decoded there, so the multi-byte encodings of
 * the system calls and thread-pointer writes are also looked for at every
 * byte (hidden_at); the one-byte `popf`, `std`, `iretq` are not, and the
 * runtime clears the direction and alignment-check flags after each
 * execution and in its crash handler instead (rt.h, rv_clear_flags).
 * What stays unseen: code of the C library reached by an address the
 * program computes (docs/DESIGN.md; tests/adversary/open/libc_by_address.c).
 */
#ifndef RAVEL_BACKENDS_NATIVE_RAWINSN_H
#define RAVEL_BACKENDS_NATIVE_RAWINSN_H

#include <stddef.h>

/* 1 if the ELF object at path holds such an instruction (what: it and
 * the function it lies in, "the instruction syscall in raw_open", "the
 * instruction int 0x80 in f") or can run code it writes ("an executable
 * stack (.note.GNU-stack)"), 0 if it
 * holds none, -1 if it cannot be read as an x86-64 ELF object (what: why). */
int rv_raw_insn(const char *path, char *what, size_t n);

/* 1 if the ELF object at path holds an instruction whose result comes
 * from outside the program (rdtsc, rdtscp, rdrand, rdseed, rdpid; what:
 * "the instruction rdtsc in main"): like code built without
 * instrumentation, it makes every state unique (a timeout loop on the
 * time stamp counter ends where its states seem to repeat); 0 if none,
 * -1 if unreadable (what: why).  Decoded linearly, as above. */
int rv_input_insn(const char *path, char *what, size_t n);

#endif
