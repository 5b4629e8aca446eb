/*
 * symbols.h — names for the addresses of a program built by rv_compile, for
 * reports: a code address becomes "file.c:12 (function)", a data address
 * "counter", "forks+8", "heap of thread 1 +0x10" or "stack of thread 2"
 * (thread 0's stack is recognised only with address randomisation off, as
 * the native backend runs programs).
 *
 * Code addresses go through one long-lived `addr2line -f -C -e BIN`
 * coprocess (batched: one round trip per new address, then cached).  It can
 * never hang ravel: an answer that does not come within a short timeout, or
 * a missing tool, kills the coprocess and every later lookup falls back to
 * "0x4011d6 (function)" from the symbol table.  Data addresses use the
 * program's symbol table (`nm -S`) and the fixed stack and heap layout of
 * src/runtime/protocol.h.
 *
 * Every returned string lives until rv_symbols_close.  Not thread-safe.
 */
#ifndef RAVEL_BACKENDS_NATIVE_SYMBOLS_H
#define RAVEL_BACKENDS_NATIVE_SYMBOLS_H

#include <stdint.h>

typedef struct rv_symbols rv_symbols;

/* Never NULL, and cheap: the symbol table is read and addr2line started on
 * the first lookup.  A binary whose symbols cannot be read gives hex names. */
rv_symbols *rv_symbols_open(const char *binary);
void rv_symbols_close(rv_symbols *s);

/* "file.c:12 (function)" for a code address as the runtime records it: a
 * return address, so the instruction before it is looked up (pass pc + 1
 * for the exact address of a faulting instruction).  Paths under the
 * current directory are shown relative to it.  NULL for pc == 0. */
const char *rv_symbols_location(rv_symbols *s, uint64_t pc);

/* The name of the function symbol (the symbol table's, not the debug
 * information's innermost inlined function) holding the instruction
 * before the return address pc, or NULL. */
const char *rv_symbols_function(rv_symbols *s, uint64_t pc);

/* A readable name for a data address, or NULL if it is none of a global
 * variable, a thread's heap arena or a thread's stack. */
const char *rv_symbols_object(rv_symbols *s, uint64_t addr);

/* A key for a data address that does not depend on the layout of the
 * program's globals: for an address inside a global variable, a hash of
 * its name, its rank among the variables of that name (statics of
 * different files, in address order) and the offset in it, with bit 63
 * set; any other address (heap arenas and thread stacks at fixed places,
 * main's stack from a fixed frame, the C library's data) is its own key.
 * Distinct variables may share a key only when a 64-bit hash collides. */
uint64_t rv_symbols_key(rv_symbols *s, uint64_t addr);

#endif
