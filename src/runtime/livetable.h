/*
 * livetable.h — the format of the liveness table "<binary>.live": the one
 * contract between its writer, the build (src/backends/native/liveness.c,
 * which says what "dead" means and why the analysis is sound), and its
 * reader, the runtime (src/runtime/live.c).  Like protocol.h it sits below
 * both, so that the runtime includes no backend header.
 *
 * The file: a header, then nsites sites sorted by ret, then nranges
 * ranges, in the machine's byte order.  The table is keyed by return
 * address (the program is linked -no-pie) and guarded by a hash of the
 * program's code, which the reader checks before using it.
 *
 * Owns: no state: a format (the loaded table is live.c's).
 */
#ifndef RAVEL_RUNTIME_LIVETABLE_H
#define RAVEL_RUNTIME_LIVETABLE_H

#include <stdint.h>

#define RV_LIVE_MAGIC 0x31564c5652564152ull /* "RAVRVLV1" */
typedef struct rv_live_header {
    uint64_t magic;
    uint64_t code_lo, code_hi; /* the analysed code: [lo, hi) */
    uint64_t code_hash;        /* XXH3-64 of those bytes */
    uint64_t nsites, nranges;
} rv_live_header;

/* A call site: the caller's frame is [rbp - frame, rbp), where rbp =
 * (the stack pointer after the call returns) + frame; ranges
 * [first, first + n) of the range array are dead there. */
typedef struct rv_live_site {
    uint64_t ret;
    uint32_t frame, first, n, pad;
} rv_live_site;

/* Dead bytes [rbp + lo, rbp + hi), lo < hi <= 0. */
typedef struct rv_live_range {
    int32_t lo, hi;
} rv_live_range;

#endif
