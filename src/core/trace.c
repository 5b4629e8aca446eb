/* trace.c — the growable event buffer of one execution. */
#include "trace.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

#if defined(__x86_64__)
#include <cpuid.h>
#include <wmmintrin.h>
#endif

static const char *const end_names[RV_END_COUNT] = {
    [RV_END_NONE] = "none",
    [RV_END_COMPLETE] = "complete",
    [RV_END_INFEASIBLE] = "infeasible",
    [RV_END_PREFIX] = "prefix",
    [RV_END_EVENT_LIMIT] = "event-limit",
    [RV_END_TIMEOUT] = "timeout",
    [RV_END_DIVERGED] = "diverged",
    [RV_END_RESOURCE] = "resource-limit",
    [RV_END_ASSERT] = "assertion",
    [RV_END_ABORT] = "abort",
    [RV_END_DEADLOCK] = "deadlock",
    [RV_END_CRASH] = "crash",
    [RV_END_STACK_OVERFLOW] = "stack-overflow",
    [RV_END_MISUSE] = "misuse",
    [RV_END_UNSUPPORTED] = "unsupported",
    [RV_END_RACE] = "data-race",
    [RV_END_INTERNAL] = "internal",
    [RV_END_REACH_ERROR] = "reach-error",
    [RV_END_NONTERM] = "non-termination",
};

const char *rv_end_name(rv_end e)
{
    return (unsigned)e < RV_END_COUNT ? end_names[e] : "?";
}

void rv_trace_init(rv_trace *t)
{
    memset(t, 0, sizeof *t);
    t->err_tid = RV_NO_THREAD;
}

void rv_trace_free(rv_trace *t)
{
    free(t->ev);
    free(t->threads);
    t->ev = NULL;
    t->threads = NULL;
    t->n = t->cap = 0;
    t->nthreads = t->capthreads = 0;
}

/* As rv_trace_init, keeping the buffers.  The thread records past
 * nthreads are zero already (each writer sets nthreads over the records
 * it wrote), so only the used ones are cleared (once per execution:
 * issue 11). */
void rv_trace_reset(rv_trace *t)
{
    rv_event *ev = t->ev;
    rv_thread_end *th = t->threads;
    size_t cap = t->cap;
    unsigned capth = t->capthreads;
    if (th) memset(th, 0, t->nthreads * sizeof *th);
    memset(t, 0, sizeof *t);
    t->err_tid = RV_NO_THREAD;
    t->ev = ev;
    t->cap = cap;
    t->threads = th;
    t->capthreads = capth;
}

void rv_trace_set_nthreads(rv_trace *t, unsigned n)
{
    if (n > t->capthreads) {
        unsigned cap = t->capthreads ? t->capthreads : 64;
        while (cap < n) cap *= 2;
        if (cap > RV_MAX_THREADS && n <= RV_MAX_THREADS) cap = RV_MAX_THREADS;
        t->threads = rv_xrealloc(t->threads, (size_t)cap * sizeof *t->threads);
        memset(t->threads + t->capthreads, 0, (size_t)(cap - t->capthreads) * sizeof *t->threads);
        t->capthreads = cap;
    }
    t->nthreads = n;
}

rv_event *rv_trace_push(rv_trace *t)
{
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 256;
        t->ev = rv_xrealloc(t->ev, t->cap * sizeof *t->ev);
    }
    rv_event *e = &t->ev[t->n++];
    memset(e, 0, sizeof *e);
    return e;
}

void rv_trace_copy(rv_trace *dst, const rv_trace *src)
{
    rv_event *ev = dst->ev;
    rv_thread_end *th = dst->threads;
    size_t cap = dst->cap;
    unsigned capth = dst->capthreads, nt = dst->nthreads;
    if (th) memset(th, 0, nt * sizeof *th); /* records past nthreads stay zero */
    *dst = *src;
    dst->ev = ev;
    dst->cap = cap;
    dst->threads = th;
    dst->capthreads = capth;
    dst->nthreads = 0;
    rv_trace_set_nthreads(dst, src->nthreads);
    if (src->nthreads) memcpy(dst->threads, src->threads, src->nthreads * sizeof *src->threads);
    dst->n = 0;
    if (cap < src->n) {
        dst->cap = src->n;
        dst->ev = rv_xrealloc(dst->ev, src->n * sizeof *src->ev);
    }
    if (src->n) memcpy(dst->ev, src->ev, src->n * sizeof *src->ev);
    dst->n = src->n;
}

void rv_trace_schedule(const rv_trace *t, size_t n, rv_step *out)
{
    for (size_t i = 0; i < n; i++) {
        out[i].tid = t->ev[i].act.tid;
        out[i].pad = 0;
        out[i].val = t->ev[i].val;
    }
}

/* ---- the memory image hash (trace.h rv_memh) ------------------------------ */

/* murmur3's finaliser: a bijection of 64-bit words whose outputs for
 * consecutive granules look independent. */
static inline uint64_t fmix64(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ull;
    x ^= x >> 33;
    return x;
}

/* The coefficients of granule g, one per lane. */
#define MEMH_K0 0x243f6a8885a308d3ull
#define MEMH_K1 0x13198a2e03707344ull

/* (hi:lo) mod x^64 + x^4 + x^3 + x + 1 (irreducible: Seroussi's table of
 * low-weight irreducible polynomials): x^64 = x^4 + x^3 + x + 1, and the
 * bits hi * (x^4 + x^3 + x) pushes past x^63 fold once more. */
static inline uint64_t gf64_reduce(uint64_t hi, uint64_t lo)
{
    uint64_t o = hi >> 63 ^ hi >> 61 ^ hi >> 60;
    lo ^= hi ^ hi << 1 ^ hi << 3 ^ hi << 4;
    return lo ^ o ^ o << 1 ^ o << 3 ^ o << 4;
}

/* The granules of [addr, addr + n) in turn: g and its word w, the bytes
 * outside the range zero. */
typedef struct memh_it {
    const unsigned char *b;
    size_t n;
    uint64_t g;
    unsigned off;
} memh_it;

static inline bool memh_next(memh_it *it, uint64_t *g, uint64_t *w)
{
    if (!it->n) return false;
    size_t k = 8 - it->off < it->n ? 8 - it->off : it->n;
    if (k == 8) {
        memcpy(w, it->b, 8); /* a whole granule: one load */
    } else {
        *w = 0;
        memcpy((unsigned char *)w + it->off, it->b, k);
    }
    *g = it->g++;
    it->b += k;
    it->n -= k;
    it->off = 0;
    return true;
}

static inline memh_it memh_start(uint64_t addr, const void *p, size_t n)
{
    memh_it it = {(const unsigned char *)p, n, addr >> 3, (unsigned)(addr & 7)};
    return it;
}

/* Carry-less 64 x 64 -> 128 in software, for processors without PCLMULQDQ. */
static void clmul_soft(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
    uint64_t h = 0, l = 0;
    for (unsigned i = 0; i < 64; i++)
        if (b >> i & 1) {
            l ^= a << i;
            if (i) h ^= a >> (64 - i);
        }
    *hi = h;
    *lo = l;
}

rv_memh rv_memh_range_soft(uint64_t addr, const void *p, size_t n)
{
    uint64_t h0 = 0, l0 = 0, h1 = 0, l1 = 0, g, w, h, l;
    for (memh_it it = memh_start(addr, p, n); memh_next(&it, &g, &w);) {
        clmul_soft(fmix64(g ^ MEMH_K0), w, &h, &l);
        h0 ^= h, l0 ^= l;
        clmul_soft(fmix64(g ^ MEMH_K1), w, &h, &l);
        h1 ^= h, l1 ^= l;
    }
    rv_memh r = {gf64_reduce(h0, l0), gf64_reduce(h1, l1)};
    return r;
}

#if defined(__x86_64__)
/* The products are XORed unreduced (reduction is linear) and reduced once. */
__attribute__((target("pclmul,sse2"))) static rv_memh memh_pclmul(uint64_t addr, const void *p,
                                                                  size_t n)
{
    __m128i a0 = _mm_setzero_si128(), a1 = _mm_setzero_si128();
    uint64_t g, w;
    for (memh_it it = memh_start(addr, p, n); memh_next(&it, &g, &w);) {
        __m128i x = _mm_set_epi64x((long long)fmix64(g ^ MEMH_K1), (long long)fmix64(g ^ MEMH_K0));
        __m128i y = _mm_set_epi64x(0, (long long)w);
        a0 = _mm_xor_si128(a0, _mm_clmulepi64_si128(x, y, 0x00));
        a1 = _mm_xor_si128(a1, _mm_clmulepi64_si128(x, y, 0x01));
    }
    uint64_t v0[2], v1[2];
    _mm_storeu_si128((__m128i *)v0, a0);
    _mm_storeu_si128((__m128i *)v1, a1);
    rv_memh r = {gf64_reduce(v0[1], v0[0]), gf64_reduce(v1[1], v1[0])};
    return r;
}

static bool have_pclmul(void)
{
    static int have = -1;
    if (have < 0) {
        unsigned a, b, c, d;
        have = __get_cpuid(1, &a, &b, &c, &d) && (c & bit_PCLMUL);
    }
    return have;
}
#endif

rv_memh rv_memh_range(uint64_t addr, const void *p, size_t n)
{
#if defined(__x86_64__)
    if (have_pclmul()) return memh_pclmul(addr, p, n);
#endif
    return rv_memh_range_soft(addr, p, n);
}
