/*
 * debuginfo.h — the program's debug information (DWARF, read with libdw
 * from elfutils), for reports: source frames of a code address (with the
 * functions inlined there), and names of data addresses as the program
 * writes them: `fork_[1]`, `q->lock`, `node->next`, `cfg.slots[2].count`.
 *
 * Contract.  rv_dbg_open never fails: a binary without DWARF gives a
 * handle whose lookups all answer "unknown" (0 / false), and callers fall
 * back to the symbol-table names (backend object_name, location).  Every
 * string returned lives until rv_dbg_close.  Code addresses are looked up
 * at pc - 1 (the runtime records return addresses, and a fault's pc + 1).
 *
 * Names:
 *  - a global or static variable: its name, then the path to the byte in
 *    its type: `.member`, `[index]`, and `+N` for an offset inside a
 *    scalar; descent stops at the first type that the access covers
 *    whole (len), and at types of system headers (`pthread_mutex_t`
 *    stays `m`, not `m.__data.__lock`);
 *  - a local or parameter, given the frame it lives in (the function's
 *    pc and frame pointer): the same, from the variable;
 *  - an address reached through a pointer local: given the bytes of the
 *    frame, a pointer variable whose pointee holds the address names it
 *    `p->member`, `*p` or `p[i]`.
 * Only the -O0 frame layouts are understood for locals (frame base rbp,
 * or the CFA = rbp + 16): elsewhere a local is not named.
 */
#ifndef RAVEL_CLI_DEBUGINFO_H
#define RAVEL_CLI_DEBUGINFO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct rv_dbg rv_dbg;

rv_dbg *rv_dbg_open(const char *binary);
void rv_dbg_close(rv_dbg *d);
/* Whether the file had DWARF that libdw could read. */
bool rv_dbg_ok(const rv_dbg *d);

typedef struct rv_dbg_frame {
    const char *func; /* "philosopher", or NULL */
    const char *file; /* relative to the current directory when under it, or NULL */
    unsigned line, col;
    bool inlined; /* this frame's function was inlined into the next one */
} rv_dbg_frame;

/* The source frames of pc, innermost first (an inlined call gives two or
 * more); 0 if unknown.  At most cap. */
size_t rv_dbg_frames(rv_dbg *d, uint64_t pc, rv_dbg_frame *out, size_t cap);
/* Code of the program: in the executable, outside ravel's runtime (the
 * markers the compile driver links around it). */
bool rv_dbg_program_code(rv_dbg *d, uint64_t pc);

/* Names (above) into buf; false if the address is not one of them.  len:
 * bytes accessed (0: unknown, a synchronisation object). */
bool rv_dbg_global(rv_dbg *d, uint64_t addr, uint64_t len, char *buf, size_t cap);
bool rv_dbg_local(rv_dbg *d, uint64_t pc, uint64_t fb, uint64_t addr, uint64_t len, char *buf,
                  size_t cap);
bool rv_dbg_through_pointer(rv_dbg *d, uint64_t pc, uint64_t fb, const uint8_t *bytes, uint64_t lo,
                            size_t nbytes, uint64_t addr, uint64_t len, char *buf, size_t cap);

#endif
