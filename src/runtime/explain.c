/*
 * explain.c — the explain log (protocol.h): call stacks and frames of a
 * replayed failing execution, for ravel's reports (src/cli/explain.c).
 *
 * Contract.  Only when the request has RV_REQ_EXPLAIN: otherwise every
 * entry point returns after one test of rt.flags, and nothing here is
 * mapped or written, so exploration is unchanged.  In an explain run
 *  - each thread keeps a shadow stack: TSan's function entry hook
 *    (memory.c) pushes the return address it is given (the call site in
 *    the caller), the function's frame pointer and the hook's own frame
 *    address; the exit hook pops.  Only the program's instrumented
 *    functions call these hooks, so the runtime's and the C library's
 *    frames never appear.  A longjmp (or an exception) leaves entries of
 *    frames that no longer exist: they are dropped at the next entry or
 *    exit of a function at or above them (their frame addresses are at
 *    or below the new one's, which a live caller's never are);
 *  - the scheduler (sched.c) appends an RV_XL_EVENT record per event,
 *    finish_report the RV_XL_THREAD and RV_XL_ERROR records, and the race
 *    detector (race.c) reports plain accesses for the watch.
 * The shadow stacks live in an rv_zmap region (zero again in every
 * execution, under either engine); the innermost RV_XL_DEPTH calls of a
 * thread are kept (a ring indexed by depth), deeper recursion loses the
 * outer ones (the record says how many there were).
 *
 * Owns: the explain log's shadow stacks (stacks).
 */
#include "rt.h"
#include "engine.h"
#include "explain.h"

#include <string.h>
#include <sys/mman.h>

typedef struct xentry {
    uint64_t ret; /* call site in the caller (a return address) */
    uint64_t fb;  /* the called function's frame pointer */
    uint64_t sp;  /* the hook's frame: below the called function's frame */
} xentry;

typedef struct xstack {
    uint64_t depth; /* calls entered and not left */
    xentry e[RV_XL_DEPTH];
} xstack;

#define XL_ZMAP_KEY 0x786cu /* "xl": rv_zmap's key (race.c uses 1.., sync.c "hi") */

/* Reset with every execution: .bss, put back by a reset, copied by fork. */
static xstack *stacks;

static xstack *stack_of(unsigned tid)
{
    if (!stacks) {
        bool fresh;
        void *p = rv_zmap(XL_ZMAP_KEY, NULL, (size_t)RV_MAX_THREADS * sizeof(xstack), &fresh);
        if (p == MAP_FAILED) return NULL;
        stacks = p;
    }
    return &stacks[tid];
}

static xentry *entry(xstack *s, uint64_t d)
{
    return &s->e[d % RV_XL_DEPTH];
}

/* Entries whose frames lie at or below sp are stale (see above). */
static void drop_stale(xstack *s, uint64_t sp, bool strictly)
{
    while (s->depth) {
        uint64_t d = s->depth - 1;
        if (s->depth > RV_XL_DEPTH && d < s->depth - RV_XL_DEPTH) break; /* overwritten */
        uint64_t esp = entry(s, d)->sp;
        if (strictly ? esp >= sp : esp > sp) break;
        s->depth--;
    }
}

void rv_xl_push(uint64_t ret, uint64_t fb, uint64_t sp)
{
    if (!(rt.flags & RV_REQ_EXPLAIN) || !rt.running) return;
    xstack *s = stack_of(rv_tid(rt.running));
    if (!s) return;
    drop_stale(s, sp, false);
    *entry(s, s->depth++) = (xentry){ret, fb, sp};
}

void rv_xl_pop(uint64_t sp)
{
    if (!(rt.flags & RV_REQ_EXPLAIN) || !rt.running) return;
    xstack *s = stack_of(rv_tid(rt.running));
    if (!s) return;
    drop_stale(s, sp, true);
    if (s->depth) s->depth--;
}

/* A new record, or NULL when the log is full. */
static rv_xl_rec *new_record(uint32_t kind, unsigned tid, uint64_t index)
{
    rv_xl_head *h = rv_shm_explain(rt.shm);
    if (h->used + sizeof(rv_xl_rec) > RV_XL_BYTES - sizeof *h) {
        h->truncated = 1;
        return NULL;
    }
    rv_xl_rec *r = (rv_xl_rec *)((char *)(h + 1) + h->used);
    h->used += sizeof *r;
    r->kind = kind;
    r->tid = tid;
    r->index = index;
    r->nframes = 0;
    r->depth = 0;
    r->frame_lo = 0;
    r->frame_len = 0;
    return r;
}

/* Thread t's lowest live stack address: the scheduler's frame for the
 * running thread, the saved stack pointer for a switched-out one. */
static uint64_t thread_sp(const rv_thr *t)
{
    if (t == rt.running) return (uint64_t)(uintptr_t)__builtin_frame_address(0);
    return (uint64_t)(uintptr_t)t->sp;
}

/* Fill r with thread t's stack at pc: pc, then the call sites, innermost
 * first; and the bytes of the innermost frame below its frame pointer
 * (plus the saved frame pointer and return address). */
static void fill(rv_xl_rec *r, const rv_thr *t, uint64_t pc)
{
    xstack *s = stack_of(rv_tid(t));
    uint64_t depth = s ? s->depth : 0;
    uint64_t kept = depth < RV_XL_DEPTH - 1 ? depth : RV_XL_DEPTH - 1;
    r->pc[0] = pc;
    r->fb[0] = depth ? entry(s, depth - 1)->fb : 0;
    for (uint64_t k = 1; k <= kept; k++) {
        r->pc[k] = entry(s, depth - k)->ret;
        r->fb[k] = depth > k ? entry(s, depth - k - 1)->fb : 0;
    }
    r->nframes = (uint32_t)kept + 1;
    r->depth = (uint32_t)(depth + 1);
    uint64_t fb = r->fb[0], lo = thread_sp(t);
    uint64_t hi = t->stack_hi ? (uint64_t)(uintptr_t)t->stack_hi : 0;
    /* a frame pointer the thread's stack holds (optimised code may use
     * rbp for anything else) */
    if (!fb || fb <= lo || fb + 16 > hi || (fb & 7)) return;
    uint64_t from = fb + 16 > RV_XL_FRAME ? fb + 16 - RV_XL_FRAME : 0;
    if (from < lo) from = lo;
    r->frame_lo = from;
    r->frame_len = (uint32_t)(fb + 16 - from);
    memcpy(r->frame, (const void *)(uintptr_t)from, r->frame_len);
}

void rv_xl_event(const rv_thr *t, uint64_t index, uint64_t pc)
{
    if (!(rt.flags & RV_REQ_EXPLAIN)) return;
    rv_xl_rec *r = new_record(RV_XL_EVENT, rv_tid(t), index);
    if (r) fill(r, t, pc);
}

void rv_xl_end(void)
{
    if (!(rt.flags & RV_REQ_EXPLAIN)) return;
    for (unsigned i = 0; i < rt.nthreads; i++) {
        rv_thr *t = rv_thr_at(i);
        if (t->state != RV_T_LIVE) continue;
        rv_xl_rec *r = new_record(RV_XL_THREAD, i, rt.step);
        if (r) fill(r, t, t->pending_pc);
    }
    uint32_t et = rt.shm->err_tid;
    if (et != RV_NO_THREAD && et < rt.nthreads && rv_end_is_bug((rv_end)rt.shm->end)) {
        rv_xl_rec *r = new_record(RV_XL_ERROR, et, rt.step);
        if (r) fill(r, rv_thr_at(et), rt.shm->err_pc);
    }
}

void rv_xl_access(uint64_t addr, uint64_t len, uint64_t pc)
{
    if (!(rt.flags & RV_REQ_EXPLAIN) || !rt.running) return;
    rv_xl_head *h = rv_shm_explain(rt.shm);
    if (h->watch_tid != rv_tid(rt.running) || h->watch_pc != pc || h->watch_addr < addr ||
        h->watch_addr >= addr + len)
        return;
    /* the last such access: overwrite the previous record if it is last */
    rv_xl_rec *prev = h->used ? (rv_xl_rec *)((char *)(h + 1) + h->used - sizeof *prev) : NULL;
    if (prev && prev->kind == RV_XL_WATCH) h->used -= sizeof *prev;
    rv_xl_rec *r = new_record(RV_XL_WATCH, rv_tid(rt.running), rt.step);
    if (r) fill(r, rt.running, pc);
}
