/*
 * libcout.c — the computational C library functions that store through
 * pointer arguments, as events (issue 27: "never a wrong answer").
 *
 * rand_r(&seed), frexp(x, &e), mbrtowc(&wc, s, n, &st), sigaddset(&set,
 * sig), ... write the program's memory inside the C library, with no TSan
 * hook.  Unwrapped, the store was no event: another thread's access to
 * the bytes looked independent of the call, so udpor ran one order and
 * could say "no error, exhaustive" for a bug behind the other
 * (tests/adversary/outcalc_race.c).  The compile driver
 * binds the program's calls of X to __ravel_X (compile.c,
 * runtime_wrapped); each wrapper here:
 *  - reads every input the result depends on at a read event, copying it
 *    out right after the event (rv_in; strings and wide strings in blocks
 *    until the copy decides the call, strev.c rv_snap_scan), and lets the
 *    C library compute on the copy;
 *  - writes exactly the bytes the C library stores, each run of them at
 *    its write event right before the store (progmem.c rv_out).  A
 *    function that stores without reading its destination runs twice on
 *    scratch copies filled with 0x00 and with 0xff: a byte was stored
 *    exactly when it differs from the fill in either run (a stored byte
 *    cannot equal both; the functions are deterministic), so mbstowcs
 *    writes only up to the terminator it stored, gmtime_r not the padding
 *    of struct tm, inet_pton nothing when it fails.  An object the call
 *    reads and writes (a seed, an mbstate_t, a sigset_t word) is written
 *    where its bytes changed, or whole where the C library always stores
 *    it (the seeds, the word sigaddset ors into);
 *  - returns what the C library returns, with its errno (kept across
 *    every event: the scheduler may run other threads in between).
 * State inside the C library (compile.c libc_family_of): erand48,
 * nrand48 and jrand48 read the rand48 multiplier (a read of the family
 * object), seed48 changes it (an RMW, and a taint: the library's state is
 * in no memory image, docs/UDPOR.md "What a state contains");
 * localtime, gmtime, ctime and asctime read their input at an event;
 * mktime, timelocal and timegm read the struct tm whole and store it
 * whole; strftime reads it and stores the bytes it wrote
 * (tests/adversary/time_struct.c: each was "no error, exhaustive").
 * localtime_r, ctime_r and gmtime_r may initialise the time zone state
 * from TZ (an RMW of the environment's family, which holds the time zone
 * state too, and a taint); strfry's generator is the runtime's word
 * strfry_gen (an RMW, and a taint for the generator glibc keeps).  The
 * family event is the last event before the C library's call: the call
 * reads the hidden state when it runs, so an event between the two would
 * let another thread change that state unseen by the dependence, which
 * says it was read before (tests/adversary/rand48_state.c OP=3,
 * tz_env_events.c).  The family objects are
 * the ones the generated stubs.c defines for the unwrapped functions of
 * a family; libcout.c defines them weakly for a program whose only
 * calls of the family are wrapped here.
 * The restartable conversions with a null mbstate_t pointer use the
 * runtime's own state for each function (glibc keeps one static state per
 * function): runtime words in .bss, read and written at atomic events, so
 * that the state is part of the memory image and each execution starts
 * from the initial state.
 * Outside an execution (rt.active false) the events are no-ops and the
 * wrappers behave as the C library.
 *
 * Owns: the null-mbstate_t states of mbrtowc, mbsrtowcs, wcrtomb and
 * wcsrtombs, and strfry_gen; everything else is the program's memory.
 */
#include "rt.h"
#include "strev.h"

#include <arpa/inet.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include <wchar.h>
#include <wctype.h>

#define PC RV_PC()

extern int __xpg_strerror_r(int, char *, size_t);

/* The family objects (compile.c family_operand): stubs.c's definition
 * wins over these weak ones when the program calls an unwrapped function
 * of the family too, so both reach one object. */
__attribute__((weak, aligned(8))) uint64_t __ravel_libc_rand48, __ravel_libc_env;

/* the C library's hidden state, as libc.c's __ravel_libc_call makes it an
 * event: a read of the family object, or an RMW that counts the call */
static void fam_read(const uint64_t *obj, uint64_t pc)
{
    if (!rt.active || !rt.running) return;
    int e = errno;
    rv_mem_event(RV_ACT_READ, obj, sizeof *obj, pc, RV_AF_ATOMIC);
    errno = e;
}
static void fam_write(uint64_t *obj, uint64_t pc)
{
    if (!rt.active || !rt.running) return;
    int e = errno;
    rv_mem_event(RV_ACT_RMW, obj, sizeof *obj, pc, RV_AF_ATOMIC);
    errno = e;
    ++*obj; /* after the event: this thread's turn */
}
/* the C library's own state changed: the state after the call is unique */
static void taint_libc(void)
{
    rv_taint(RV_TAINT_LIBC);
}

/* ------------------------------------------------------------------ */
/* Stores.                                                              */

/* The bytes the C library stored into dst[0..n), from the two runs a
 * (fill 0x00) and b (fill 0xff): each maximal run of stored bytes written
 * at its own write event. */
static void out_stored(void *dst, const void *a, const void *b, size_t n, uint64_t pc)
{
    const unsigned char *x = a, *y = b;
    for (size_t i = 0; i < n;) {
        if (!x[i] && y[i] == 0xff) {
            i++;
            continue;
        }
        size_t j = i;
        while (j < n && (x[j] || y[j] != 0xff)) j++;
        rv_out((char *)dst + i, y + i, j - i, pc);
        i = j;
    }
}
/* An object the call read as old[0..n) and leaves as now[0..n): each run
 * of changed bytes written at its write event. */
static void out_changed(void *dst, const void *old, const void *now, size_t n, uint64_t pc)
{
    const unsigned char *o = old, *w = now;
    for (size_t i = 0; i < n;) {
        if (o[i] == w[i]) {
            i++;
            continue;
        }
        size_t j = i;
        while (j < n && o[j] != w[j]) j++;
        rv_out((char *)dst + i, w + i, j - i, pc);
        i = j;
    }
}

/* Two scratch buffers of n bytes, filled with 0x00 and 0xff. */
typedef struct two_runs {
    unsigned char *a, *b;
    _Alignas(16) char sa[BOUNCE_STACK];
    _Alignas(16) char sb[BOUNCE_STACK];
} two_runs;
static void runs_alloc(two_runs *r, size_t n)
{
    r->a = rv_bounce_alloc(n, r->sa);
    r->b = rv_bounce_alloc(n, r->sb);
    memset(r->a, 0, n);
    memset(r->b, 0xff, n);
}
static void runs_free(two_runs *r)
{
    rv_bounce_free(r->a, r->sa);
    rv_bounce_free(r->b, r->sb);
}

/* ------------------------------------------------------------------ */
/* Generators: the seed in the program's memory read and stored whole.  */

int __ravel_rand_r(unsigned *seed)
{
    uint64_t pc = PC;
    unsigned s;
    rv_in(&s, seed, sizeof s, pc);
    int r = rand_r(&s);
    rv_out(seed, &s, sizeof s, pc);
    return r;
}

/* the caller's xsubi, advanced with the shared multiplier (lcong48) */
#define RAND48(NAME, T)                                                                            \
    T __ravel_##NAME(unsigned short x[3])                                                          \
    {                                                                                              \
        uint64_t pc = PC;                                                                          \
        unsigned short c[3];                                                                       \
        rv_in(c, x, sizeof c, pc);                                                                 \
        fam_read(&__ravel_libc_rand48, pc); /* last event before the call */                       \
        T r = NAME(c);                                                                             \
        rv_out(x, c, sizeof c, pc);                                                                \
        return r;                                                                                  \
    }
RAND48(erand48, double)
RAND48(nrand48, long)
RAND48(jrand48, long)

/* seed48 stores nothing the program passed: it reads the new seed and
 * changes the library's generator, returning its static copy of the old */
unsigned short *__ravel_seed48(unsigned short s[3])
{
    uint64_t pc = PC;
    unsigned short c[3];
    rv_in(c, s, sizeof c, pc);
    fam_write(&__ravel_libc_rand48, pc);
    unsigned short *r = seed48(c);
    taint_libc();
    return r;
}

/* drand48_r reads x and, past old_x, c, init and a; it stores x, and c,
 * init and a when init was 0 (the first use of a zeroed buffer) */
int __ravel_drand48_r(struct drand48_data *d, double *res)
{
    uint64_t pc = PC;
    enum { TAIL = offsetof(struct drand48_data, __c) };
    struct drand48_data c;
    memset(&c, 0, sizeof c);
    rv_in(c.__x, d->__x, sizeof c.__x, pc);
    rv_in((char *)&c + TAIL, (char *)d + TAIL, sizeof c - TAIL, pc);
    bool first = !c.__init;
    double v;
    int r = drand48_r(&c, &v);
    rv_out(d->__x, c.__x, sizeof c.__x, pc);
    if (first) rv_out((char *)d + TAIL, (char *)&c + TAIL, sizeof c - TAIL, pc);
    if (r == 0) rv_out(res, &v, sizeof v, pc);
    return r;
}

/* random_r's additive generator, step by step on the fields it reads and
 * stores (its pointers point into the program's state array, so the C
 * library cannot run on a copy): TYPE_0 is the linear congruence on
 * state[0]; the others add *rptr into *fptr, return the sum without its
 * lowest bit and advance both pointers around [state, end_ptr). */
_Static_assert(offsetof(struct random_data, rptr) == sizeof(int32_t *), "fptr, rptr adjacent");
int __ravel_random_r(struct random_data *buf, int32_t *result)
{
    uint64_t pc = PC;
    if (!buf || !result) return random_r(buf, result); /* EINVAL, nothing read */
    int32_t *state;
    int type;
    rv_in(&state, &buf->state, sizeof state, pc);
    rv_in(&type, &buf->rand_type, sizeof type, pc);
    if (type == 0) {
        uint32_t s0;
        rv_in(&s0, state, sizeof s0, pc);
        int32_t v = (int32_t)((s0 * 1103515245u + 12345u) & 0x7fffffff);
        rv_out(state, &v, sizeof v, pc);
        rv_out(result, &v, sizeof v, pc);
        return 0;
    }
    int32_t *p[2], *end; /* fptr, rptr */
    uint32_t f, r;
    rv_in(p, &buf->fptr, sizeof p, pc);
    rv_in(&end, &buf->end_ptr, sizeof end, pc);
    rv_in(&f, p[0], sizeof f, pc);
    rv_in(&r, p[1], sizeof r, pc);
    uint32_t sum = f + r;
    int32_t stored = (int32_t)sum, out = (int32_t)(sum >> 1);
    rv_out(p[0], &stored, sizeof stored, pc);
    rv_out(result, &out, sizeof out, pc);
    if (++p[0] >= end) {
        p[0] = state;
        ++p[1];
    } else if (++p[1] >= end) {
        p[1] = state;
    }
    rv_out(&buf->fptr, p, sizeof p, pc);
    return 0;
}

/* ------------------------------------------------------------------ */
/* Time: *t read, the struct tm (or text) stored.  The conversions may
 * initialise the time zone state from TZ (glibc's tzset_internal, also
 * for gmtime_r: leap seconds): an RMW of the environment's family, which
 * holds the time zone state too (compile.c libc_family_of), as the last
 * event before the conversion, and a taint. */

static void tz_state(uint64_t pc)
{
    fam_write(&__ravel_libc_env, pc);
}

static struct tm *tm_of(struct tm *(*fn)(const time_t *, struct tm *), const time_t *t,
                        struct tm *tm, uint64_t pc)
{
    time_t v;
    rv_in(&v, t, sizeof v, pc);
    tz_state(pc);
    struct tm a, b;
    memset(&a, 0, sizeof a);
    memset(&b, 0xff, sizeof b);
    fn(&v, &a);
    struct tm *r = fn(&v, &b);
    out_stored(tm, &a, &b, sizeof *tm, pc);
    taint_libc();
    return r ? tm : NULL;
}
struct tm *__ravel_gmtime_r(const time_t *t, struct tm *tm)
{
    return tm_of(gmtime_r, t, tm, PC);
}
struct tm *__ravel_localtime_r(const time_t *t, struct tm *tm)
{
    return tm_of(localtime_r, t, tm, PC);
}

/* asctime's text: 7 fields, the numbers in %d, at most 67 bytes */
enum { ASC_MAX = 128 };
char *__ravel_asctime_r(const struct tm *tm, char *buf)
{
    uint64_t pc = PC;
    if (!tm) return asctime_r(tm, buf); /* EINVAL */
    struct tm c;
    memset(&c, 0, sizeof c);
    rv_in(&c, tm, offsetof(struct tm, tm_yday), pc); /* tm_sec .. tm_wday */
    char a[ASC_MAX] = {0}, b[ASC_MAX];
    memset(b, 0xff, sizeof b);
    asctime_r(&c, a);
    char *r = asctime_r(&c, b);
    out_stored(buf, a, b, sizeof a, pc);
    return r ? buf : NULL;
}
char *__ravel_ctime_r(const time_t *t, char *buf)
{
    uint64_t pc = PC;
    time_t v;
    rv_in(&v, t, sizeof v, pc);
    tz_state(pc);
    char a[ASC_MAX] = {0}, b[ASC_MAX];
    memset(b, 0xff, sizeof b);
    ctime_r(&v, a);
    char *r = ctime_r(&v, b);
    out_stored(buf, a, b, sizeof a, pc);
    taint_libc();
    return r ? buf : NULL;
}

/* The forms with a static result (glibc's own buffers, which the
 * environment's family stands for): the input read at an event.  What a
 * thread reads of the static result is no event of the call's (open).
 * time_in: *t read, then the family's RMW, the last event before the
 * call, and a taint. */
static time_t time_in(const time_t *t, uint64_t pc)
{
    time_t v;
    rv_in(&v, t, sizeof v, pc);
    tz_state(pc);
    taint_libc();
    return v;
}
struct tm *__ravel_localtime(const time_t *t)
{
    time_t v = time_in(t, PC);
    return localtime(&v);
}
struct tm *__ravel_gmtime(const time_t *t)
{
    time_t v = time_in(t, PC);
    return gmtime(&v);
}
char *__ravel_ctime(const time_t *t)
{
    time_t v = time_in(t, PC);
    return ctime(&v);
}
char *__ravel_asctime(const struct tm *tm)
{
    uint64_t pc = PC;
    if (!tm) return asctime(tm);
    struct tm c;
    memset(&c, 0, sizeof c);
    rv_in(&c, tm, offsetof(struct tm, tm_yday), pc); /* tm_sec .. tm_wday */
    tz_state(pc);
    return asctime(&c);
}

/* mktime and its kin normalise *tm in place: read whole at an event, and
 * on success stored whole, as glibc does (`*tp = tm`); a failure
 * (EOVERFLOW) stores nothing.  (tests/adversary/time_struct.c: a thread's
 * mktime(&g) and main's read of g were independent, "no error,
 * exhaustive".) */
static time_t tm_normalise(time_t (*fn)(struct tm *), struct tm *tm, bool zone, uint64_t pc)
{
    struct tm c;
    rv_in(&c, tm, sizeof c, pc);
    if (zone) tz_state(pc);
    int e = errno;
    errno = 0;
    time_t r = fn(&c);
    bool failed = r == (time_t)-1 && errno == EOVERFLOW;
    if (!errno) errno = e;
    if (!failed) rv_out(tm, &c, sizeof c, pc);
    if (zone) taint_libc();
    return r;
}
time_t __ravel_mktime(struct tm *tm)
{
    return tm_normalise(mktime, tm, true, PC);
}
time_t __ravel_timelocal(struct tm *tm)
{
    return tm_normalise(timelocal, tm, true, PC);
}
time_t __ravel_timegm(struct tm *tm)
{
    return tm_normalise(timegm, tm, false, PC);
}

/* strftime: *tm read whole at an event (the format is taken to be
 * constant, as printf's); the bytes stored into s, exactly (two runs). */
size_t __ravel_strftime(char *s, size_t max, const char *fmt, const struct tm *tm)
{
    uint64_t pc = PC;
    struct tm c;
    rv_in(&c, tm, sizeof c, pc);
    tz_state(pc); /* glibc's strftime calls tzset */
    two_runs w;
    runs_alloc(&w, max ? max : 1);
    size_t n = strftime((char *)w.a, max, fmt, &c);
    strftime((char *)w.b, max, fmt, &c);
    out_stored(s, w.a, w.b, max, pc);
    runs_free(&w);
    taint_libc();
    return n;
}

/* ------------------------------------------------------------------ */
/* Mathematics: the out-parameters, as the C library stores them (remquo
 * leaves *quo alone for a NaN operand). */

#define MATH_OUT(NAME, R, OT, PARAMS, ...)                                                         \
    R __ravel_##NAME PARAMS                                                                        \
    {                                                                                              \
        uint64_t pc = PC;                                                                          \
        OT a_, b_;                                                                                 \
        memset(&a_, 0, sizeof a_);                                                                 \
        memset(&b_, 0xff, sizeof b_);                                                              \
        NAME(__VA_ARGS__, &a_);                                                                    \
        R r = NAME(__VA_ARGS__, &b_);                                                              \
        out_stored(o, &a_, &b_, sizeof a_, pc);                                                    \
        return r;                                                                                  \
    }
MATH_OUT(frexp, double, int, (double x, int *o), x)
MATH_OUT(frexpf, float, int, (float x, int *o), x)
MATH_OUT(modf, double, double, (double x, double *o), x)
MATH_OUT(modff, float, float, (float x, float *o), x)
MATH_OUT(remquo, double, int, (double x, double y, int *o), x, y)
MATH_OUT(lgamma_r, double, int, (double x, int *o), x)

#define SINCOS(NAME, T)                                                                            \
    void __ravel_##NAME(T x, T *s, T *c)                                                           \
    {                                                                                              \
        uint64_t pc = PC;                                                                          \
        T sa, sb, ca, cb;                                                                          \
        memset(&sa, 0, sizeof sa);                                                                 \
        memset(&ca, 0, sizeof ca);                                                                 \
        memset(&sb, 0xff, sizeof sb);                                                              \
        memset(&cb, 0xff, sizeof cb);                                                              \
        NAME(x, &sa, &ca);                                                                         \
        NAME(x, &sb, &cb);                                                                         \
        out_stored(s, &sa, &sb, sizeof sa, pc);                                                    \
        out_stored(c, &ca, &cb, sizeof ca, pc);                                                    \
    }
SINCOS(sincos, double)
SINCOS(sincosf, float)

/* ------------------------------------------------------------------ */
/* strerror_r: GNU (may return a static message and store nothing) and
 * XSI.  The messages are far shorter than MSG_MAX bytes, so a scratch of
 * at most MSG_MAX bytes gives the C library's result for any size. */

enum { MSG_MAX = 4096 };
static size_t msg_room(size_t n)
{
    return n < MSG_MAX ? n : MSG_MAX;
}
char *__ravel_strerror_r(int num, char *buf, size_t n)
{
    uint64_t pc = PC;
    size_t m = msg_room(n);
    two_runs w;
    runs_alloc(&w, m + 1);
    strerror_r(num, (char *)w.a, m);
    char *r = strerror_r(num, (char *)w.b, m);
    out_stored(buf, w.a, w.b, m, pc);
    size_t off = (uintptr_t)r - (uintptr_t)w.b;
    if (off <= m) r = buf + off; /* the message it wrote into buf */
    runs_free(&w);
    return r;
}
int __ravel___xpg_strerror_r(int num, char *buf, size_t n)
{
    uint64_t pc = PC;
    size_t m = msg_room(n);
    two_runs w;
    runs_alloc(&w, m + 1);
    __xpg_strerror_r(num, (char *)w.a, m);
    int r = __xpg_strerror_r(num, (char *)w.b, m);
    out_stored(buf, w.a, w.b, m, pc);
    runs_free(&w);
    return r;
}

/* ------------------------------------------------------------------ */
/* Multibyte conversions.  The source is read in blocks until the copy
 * decides the conversion (a need function converting the copy so far);
 * the C library then converts the copy.  The state (*ps, or the
 * function's own for a null ps) is read first and written where it
 * changed. */

static mbstate_t mbrtowc_own, mbsrtowcs_own, wcrtomb_own, wcsrtombs_own;

static void state_in(mbstate_t *c, const mbstate_t *ps, const mbstate_t *own, uint64_t pc)
{
    const mbstate_t *p = ps ? ps : own;
    int e = errno;
    rv_mem_event(RV_ACT_READ, p, sizeof *p, pc, ps ? 0 : RV_AF_ATOMIC);
    errno = e;
    *c = *p;
}
static void state_out(mbstate_t *ps, mbstate_t *own, const mbstate_t *old, const mbstate_t *now,
                      uint64_t pc)
{
    if (ps) {
        out_changed(ps, old, now, sizeof *now, pc);
        return;
    }
    if (!memcmp(old, now, sizeof *now)) return;
    int e = errno;
    rv_mem_event(RV_ACT_WRITE, own, sizeof *own, pc, RV_AF_ATOMIC);
    errno = e;
    *own = *now;
}

/* At most max characters converted from state st. */
typedef struct conv_scan {
    size_t max;
    mbstate_t st;
} conv_scan;

/* multibyte to wide: through the byte that completes the max-th
 * character, the terminator, or an invalid sequence */
static size_t mb_need(const char *c, size_t k, const void *arg)
{
    const conv_scan *cs = arg;
    mbstate_t st = cs->st;
    size_t pos = 0;
    for (size_t n = 0; n < cs->max; n++) {
        if (pos == k) return 0;
        size_t r = mbrtowc(NULL, c + pos, k - pos, &st);
        if (r == (size_t)-2) return 0;
        if (r == (size_t)-1) return k;
        if (r == 0) return pos + 1;
        if (r <= k - pos) pos += r;
    }
    return pos ? pos : 1;
}

/* wide to multibyte: through the character that fills max bytes or does
 * not fit, the terminator, or one with no encoding */
static size_t wc_need(const char *c, size_t k, const void *arg)
{
    const conv_scan *cs = arg;
    mbstate_t st = cs->st;
    size_t out = 0;
    for (size_t i = 0; (i + 1) * sizeof(wchar_t) <= k; i++) {
        wchar_t wc;
        memcpy(&wc, c + i * sizeof wc, sizeof wc);
        size_t used = (i + 1) * sizeof wc;
        char tmp[MB_LEN_MAX];
        size_t r = wc ? wcrtomb(tmp, wc, &st) : 0;
        if (!wc || r == (size_t)-1 || out + r >= cs->max) return used;
        out += r;
    }
    return 0;
}

/* a wide string: through its terminator */
static size_t wstr_need(const char *c, size_t k, const void *arg)
{
    for (size_t i = 0; (i + 1) * sizeof(wchar_t) <= k; i++) {
        wchar_t w;
        memcpy(&w, c + i * sizeof w, sizeof w);
        if (!w) return (i + 1) * sizeof w;
    }
    return 0;
}

/* The complete wide characters of a copy, terminated (the copy's own
 * terminator is one byte). */
typedef struct wcopy {
    wchar_t *p;
    size_t n;
    _Alignas(16) char small[BOUNCE_STACK];
} wcopy;
static void wcopy_of(wcopy *w, const rv_snap *x)
{
    w->n = x->n / sizeof(wchar_t);
    w->p = rv_bounce_alloc((w->n + 1) * sizeof(wchar_t), w->small);
    memcpy(w->p, x->p, w->n * sizeof(wchar_t));
    w->p[w->n] = 0;
}
static void wcopy_free(wcopy *w)
{
    rv_bounce_free(w->p, w->small);
}

static size_t min_size(size_t a, size_t b)
{
    return a < b ? a : b;
}

size_t __ravel_mbstowcs(wchar_t *d, const char *s, size_t n)
{
    uint64_t pc = PC;
    int e = errno;
    conv_scan cs = {.max = d ? n : SIZE_MAX};
    rv_snap x;
    rv_snap_scan(&x, s, SIZE_MAX, mb_need, &cs, pc);
    errno = e;
    size_t r;
    if (!d) {
        r = mbstowcs(NULL, x.p, 0);
    } else {
        /* each character takes a byte at least: the copy converts to at
         * most x.n + 1 */
        size_t m = min_size(n, x.n + 1);
        two_runs w;
        runs_alloc(&w, m * sizeof(wchar_t));
        mbstowcs((wchar_t *)w.a, x.p, m);
        r = mbstowcs((wchar_t *)w.b, x.p, m);
        out_stored(d, w.a, w.b, m * sizeof(wchar_t), pc);
        runs_free(&w);
    }
    rv_snap_free(&x);
    return r;
}

size_t __ravel_wcstombs(char *d, const wchar_t *s, size_t n)
{
    uint64_t pc = PC;
    int e = errno;
    conv_scan cs = {.max = d ? n : SIZE_MAX};
    rv_snap x;
    rv_snap_scan(&x, s, SIZE_MAX, wc_need, &cs, pc);
    errno = e;
    wcopy w;
    wcopy_of(&w, &x);
    size_t r;
    if (!d) {
        r = wcstombs(NULL, w.p, 0);
    } else {
        size_t m = min_size(n, (w.n + 1) * MB_LEN_MAX);
        two_runs o;
        runs_alloc(&o, m);
        wcstombs((char *)o.a, w.p, m);
        r = wcstombs((char *)o.b, w.p, m);
        out_stored(d, o.a, o.b, m, pc);
        runs_free(&o);
    }
    wcopy_free(&w);
    rv_snap_free(&x);
    return r;
}

size_t __ravel_mbrtowc(wchar_t *pwc, const char *s, size_t n, mbstate_t *ps)
{
    uint64_t pc = PC;
    int e = errno;
    mbstate_t st0, st1, st2;
    state_in(&st0, ps, &mbrtowc_own, pc);
    rv_snap x;
    rv_snap_init(&x);
    if (s) {
        conv_scan cs = {.max = 1, .st = st0};
        rv_snap_scan(&x, s, n, mb_need, &cs, pc);
    }
    errno = e;
    st1 = st2 = st0;
    wchar_t a = 0, b;
    memset(&b, 0xff, sizeof b);
    const char *src = s ? x.p : NULL;
    size_t len = s ? min_size(n, x.n) : n;
    mbrtowc(pwc ? &a : NULL, src, len, &st1);
    size_t r = mbrtowc(pwc ? &b : NULL, src, len, &st2);
    if (pwc) out_stored(pwc, &a, &b, sizeof a, pc);
    state_out(ps, &mbrtowc_own, &st0, &st2, pc);
    rv_snap_free(&x);
    return r;
}

size_t __ravel_mbsrtowcs(wchar_t *d, const char **src, size_t len, mbstate_t *ps)
{
    uint64_t pc = PC;
    int e = errno;
    mbstate_t st0, st1, st2;
    state_in(&st0, ps, &mbsrtowcs_own, pc);
    const char *s;
    rv_in(&s, src, sizeof s, pc);
    conv_scan cs = {.max = d ? len : SIZE_MAX, .st = st0};
    rv_snap x;
    rv_snap_scan(&x, s, SIZE_MAX, mb_need, &cs, pc);
    errno = e;
    st1 = st2 = st0;
    const char *p1 = x.p, *p2 = x.p;
    size_t r;
    if (!d) {
        r = mbsrtowcs(NULL, &p2, 0, &st2);
    } else {
        size_t m = min_size(len, x.n + 1);
        two_runs w;
        runs_alloc(&w, m * sizeof(wchar_t));
        mbsrtowcs((wchar_t *)w.a, &p1, m, &st1);
        r = mbsrtowcs((wchar_t *)w.b, &p2, m, &st2);
        out_stored(d, w.a, w.b, m * sizeof(wchar_t), pc);
        runs_free(&w);
        const char *next = p2 ? s + (p2 - x.p) : NULL; /* NULL: the terminator converted */
        rv_out(src, &next, sizeof next, pc);
    }
    state_out(ps, &mbsrtowcs_own, &st0, &st2, pc);
    rv_snap_free(&x);
    return r;
}

size_t __ravel_wcrtomb(char *s, wchar_t wc, mbstate_t *ps)
{
    uint64_t pc = PC;
    mbstate_t st0, st1, st2;
    state_in(&st0, ps, &wcrtomb_own, pc);
    st1 = st2 = st0;
    size_t r;
    if (s) {
        char a[MB_LEN_MAX] = {0}, b[MB_LEN_MAX];
        memset(b, 0xff, sizeof b);
        wcrtomb(a, wc, &st1);
        r = wcrtomb(b, wc, &st2);
        out_stored(s, a, b, sizeof a, pc);
    } else {
        r = wcrtomb(NULL, wc, &st2);
    }
    state_out(ps, &wcrtomb_own, &st0, &st2, pc);
    return r;
}

size_t __ravel_wcsrtombs(char *d, const wchar_t **src, size_t len, mbstate_t *ps)
{
    uint64_t pc = PC;
    int e = errno;
    mbstate_t st0, st1, st2;
    state_in(&st0, ps, &wcsrtombs_own, pc);
    const wchar_t *s;
    rv_in(&s, src, sizeof s, pc);
    conv_scan cs = {.max = d ? len : SIZE_MAX, .st = st0};
    rv_snap x;
    rv_snap_scan(&x, s, SIZE_MAX, wc_need, &cs, pc);
    errno = e;
    wcopy w;
    wcopy_of(&w, &x);
    st1 = st2 = st0;
    const wchar_t *p1 = w.p, *p2 = w.p;
    size_t r;
    if (!d) {
        r = wcsrtombs(NULL, &p2, 0, &st2);
    } else {
        size_t m = min_size(len, (w.n + 1) * MB_LEN_MAX);
        two_runs o;
        runs_alloc(&o, m);
        wcsrtombs((char *)o.a, &p1, m, &st1);
        r = wcsrtombs((char *)o.b, &p2, m, &st2);
        out_stored(d, o.a, o.b, m, pc);
        runs_free(&o);
        const wchar_t *next = p2 ? s + (p2 - w.p) : NULL;
        rv_out(src, &next, sizeof next, pc);
    }
    state_out(ps, &wcsrtombs_own, &st0, &st2, pc);
    wcopy_free(&w);
    rv_snap_free(&x);
    return r;
}

/* ------------------------------------------------------------------ */
/* Byte strings.                                                        */

/* strxfrm reads the whole source (its result is the transform's length)
 * and stores at most n bytes */
size_t __ravel_strxfrm(char *d, const char *s, size_t n)
{
    uint64_t pc = PC;
    int e = errno;
    rv_snap x;
    rv_snap_str(&x, s, SIZE_MAX, pc);
    errno = e;
    size_t r = strxfrm(NULL, x.p, 0);
    size_t m = min_size(n, r + 1);
    if (m) {
        two_runs w;
        runs_alloc(&w, m);
        strxfrm((char *)w.a, x.p, m);
        r = strxfrm((char *)w.b, x.p, m);
        out_stored(d, w.a, w.b, m, pc);
        runs_free(&w);
    }
    rv_snap_free(&x);
    return r;
}

/* memccpy: through the first c, at most n bytes, read and stored */
void *__ravel_memccpy(void *d, const void *s, int c, size_t n)
{
    uint64_t pc = PC;
    rv_snap x;
    size_t k = rv_snap_scan(&x, s, n, rv_byte_need, &c, pc);
    bool hit = memchr(x.p, c, k) != NULL;
    rv_out(d, x.p, k, pc);
    rv_snap_free(&x);
    return hit ? (char *)d + k : NULL;
}

/* bytes read into a bounce buffer at the read event, changed there,
 * stored at the write event */
static void *bounce_in(const void *s, size_t n, char *small, uint64_t pc)
{
    void *c = rv_bounce_alloc(n, small);
    rv_in(c, s, n, pc);
    return c;
}

/* swab swaps pairs: an odd last byte, and a negative n, are left alone */
void __ravel_swab(const void *from, void *to, ssize_t n)
{
    uint64_t pc = PC;
    if (n < 2) return;
    size_t m = (size_t)n & ~(size_t)1;
    char si[BOUNCE_STACK], so[BOUNCE_STACK];
    char *in = bounce_in(from, m, si, pc), *out = rv_bounce_alloc(m, so);
    swab(in, out, (ssize_t)m);
    rv_out(to, out, m, pc);
    rv_bounce_free(in, si);
    rv_bounce_free(out, so);
}

void *__ravel_memfrob(void *s, size_t n)
{
    uint64_t pc = PC;
    char small[BOUNCE_STACK];
    char *c = bounce_in(s, n, small, pc);
    memfrob(c, n);
    rv_out(s, c, n, pc);
    rv_bounce_free(c, small);
    return s;
}

/* strfry's generator lives in the C library (seeded from the time on its
 * first use): strfry_gen stands for it (an RMW, so that two threads'
 * calls are dependent), and the state after the call is unique.  It swaps
 * every byte but the last with one at or after it: the write event covers
 * the whole string, the last byte included (stored unless never drawn). */
static uint64_t strfry_gen;
char *__ravel_strfry(char *s)
{
    uint64_t pc = PC;
    int e = errno;
    rv_snap x;
    size_t len = rv_snap_str(&x, s, SIZE_MAX, pc) - 1;
    errno = e;
    fam_write(&strfry_gen, pc);
    strfry(x.p);
    if (len > 1) rv_out(s, x.p, len, pc);
    rv_snap_free(&x);
    taint_libc();
    return s;
}

/* ------------------------------------------------------------------ */
/* Wide strings.                                                        */

static size_t wide_bytes(size_t n)
{
    return n > SIZE_MAX / sizeof(wchar_t) ? SIZE_MAX : n * sizeof(wchar_t);
}

wchar_t *__ravel_wcscpy(wchar_t *d, const wchar_t *s)
{
    uint64_t pc = PC;
    rv_snap x;
    size_t k = rv_snap_scan(&x, s, SIZE_MAX, wstr_need, NULL, pc);
    rv_out(d, x.p, k, pc);
    rv_snap_free(&x);
    return d;
}
/* wcsncpy: at most n characters read; n stored, zeros after the
 * terminator */
wchar_t *__ravel_wcsncpy(wchar_t *d, const wchar_t *s, size_t n)
{
    uint64_t pc = PC;
    rv_snap x;
    size_t k = rv_snap_scan(&x, s, wide_bytes(n), wstr_need, NULL, pc);
    rv_write_from((char *)d, wide_bytes(n), x.p, k, pc);
    rv_snap_free(&x);
    return d;
}
/* wcscat: d read through its terminator, which s's first character
 * overwrites */
wchar_t *__ravel_wcscat(wchar_t *d, const wchar_t *s)
{
    uint64_t pc = PC;
    rv_snap a, b;
    size_t dk = rv_snap_scan(&a, d, SIZE_MAX, wstr_need, NULL, pc);
    size_t sk = rv_snap_scan(&b, s, SIZE_MAX, wstr_need, NULL, pc);
    rv_out((char *)d + dk - sizeof(wchar_t), b.p, sk, pc);
    rv_snap_free(&a);
    rv_snap_free(&b);
    return d;
}
static wchar_t *wcopy_ev(wchar_t *d, const wchar_t *s, size_t n, uint64_t pc)
{
    size_t m = wide_bytes(n);
    char small[BOUNCE_STACK];
    void *c = bounce_in(s, m, small, pc);
    rv_out(d, c, m, pc);
    rv_bounce_free(c, small);
    return d;
}
wchar_t *__ravel_wmemcpy(wchar_t *d, const wchar_t *s, size_t n)
{
    return wcopy_ev(d, s, n, PC);
}
wchar_t *__ravel_wmemmove(wchar_t *d, const wchar_t *s, size_t n)
{
    return wcopy_ev(d, s, n, PC);
}
wchar_t *__ravel_wmemset(wchar_t *d, wchar_t c, size_t n)
{
    rv_out_event(d, wide_bytes(n), PC);
    return wmemset(d, c, n);
}

/* wcstol and friends: leading white space, then the longest run of
 * characters that can belong to a number, and the one that ends it (as
 * libcmem.c's num_need for strtol) */
static size_t wnum_need(const char *c, size_t k, const void *arg)
{
    size_t i = 0, nw = k / sizeof(wchar_t);
    wchar_t w = 0;
    for (; i < nw; i++) {
        memcpy(&w, c + i * sizeof w, sizeof w);
        if (!iswspace((wint_t)w)) break;
    }
    for (; i < nw; i++) {
        memcpy(&w, c + i * sizeof w, sizeof w);
        if (!w || !(iswalnum((wint_t)w) || (w < 128 && strchr("+-._()", (int)w)))) break;
    }
    return i < nw ? (i + 1) * sizeof(wchar_t) : 0;
}
#define WSTRTO(NAME, T, PARAMS, ...)                                                               \
    T __ravel_##NAME PARAMS                                                                        \
    {                                                                                              \
        uint64_t pc = PC;                                                                          \
        int e = errno;                                                                             \
        rv_snap x;                                                                                 \
        rv_snap_scan(&x, s, SIZE_MAX, wnum_need, NULL, pc);                                        \
        errno = e;                                                                                 \
        wcopy w;                                                                                   \
        wcopy_of(&w, &x);                                                                          \
        wchar_t *ep;                                                                               \
        T r = NAME(w.p, &ep, ##__VA_ARGS__);                                                       \
        if (end) {                                                                                 \
            wchar_t *v = (wchar_t *)s + (ep - w.p);                                                \
            rv_out(end, &v, sizeof v, pc);                                                         \
        }                                                                                          \
        wcopy_free(&w);                                                                            \
        rv_snap_free(&x);                                                                          \
        return r;                                                                                  \
    }
WSTRTO(wcstol, long, (const wchar_t *s, wchar_t **end, int base), base)
WSTRTO(wcstoul, unsigned long, (const wchar_t *s, wchar_t **end, int base), base)
WSTRTO(wcstod, double, (const wchar_t *s, wchar_t **end))

/* ------------------------------------------------------------------ */
/* Addresses, signal sets, configuration strings.                       */

/* inet_pton stores the address only when the text is one; another
 * family reads nothing */
int __ravel_inet_pton(int af, const char *src, void *dst)
{
    uint64_t pc = PC;
    if (af != AF_INET && af != AF_INET6) return inet_pton(af, src, dst); /* EAFNOSUPPORT */
    int e = errno;
    rv_snap x;
    rv_snap_str(&x, src, SIZE_MAX, pc);
    errno = e;
    unsigned char a[16] = {0}, b[16];
    memset(b, 0xff, sizeof b);
    inet_pton(af, x.p, a);
    int r = inet_pton(af, x.p, b);
    out_stored(dst, a, b, sizeof a, pc);
    rv_snap_free(&x);
    return r;
}

/* inet_ntop stores the text only when it fits (INET6_ADDRSTRLEN bytes at
 * most) */
enum { NTOP_MAX = 64 };
const char *__ravel_inet_ntop(int af, const void *src, char *dst, socklen_t size)
{
    uint64_t pc = PC;
    size_t in = af == AF_INET ? 4 : af == AF_INET6 ? 16 : 0;
    if (!in) return inet_ntop(af, src, dst, size); /* EAFNOSUPPORT */
    unsigned char c[16];
    rv_in(c, src, in, pc);
    socklen_t m = size < NTOP_MAX ? size : NTOP_MAX;
    char a[NTOP_MAX] = {0}, b[NTOP_MAX];
    memset(b, 0xff, sizeof b);
    inet_ntop(af, c, a, m);
    const char *r = inet_ntop(af, c, b, m);
    out_stored(dst, a, b, m, pc);
    return r ? dst : NULL;
}

/* sigemptyset and sigfillset store the whole set */
#define SIGSET_ALL(NAME)                                                                           \
    int __ravel_##NAME(sigset_t *s)                                                                \
    {                                                                                              \
        uint64_t pc = PC;                                                                          \
        if (!s) return NAME(s); /* EINVAL */                                                       \
        sigset_t a, b;                                                                             \
        memset(&a, 0, sizeof a);                                                                   \
        memset(&b, 0xff, sizeof b);                                                                \
        NAME(&a);                                                                                  \
        int r = NAME(&b);                                                                          \
        out_stored(s, &a, &b, sizeof a, pc);                                                       \
        return r;                                                                                  \
    }
SIGSET_ALL(sigemptyset)
SIGSET_ALL(sigfillset)

/* sigaddset and sigdelset change the one word holding the signal's bit
 * (read, then stored); an invalid signal fails and touches nothing */
#define SIGSET_BIT(NAME)                                                                           \
    int __ravel_##NAME(sigset_t *s, int sig)                                                       \
    {                                                                                              \
        uint64_t pc = PC;                                                                          \
        sigset_t c;                                                                                \
        memset(&c, 0, sizeof c);                                                                   \
        if (!s || NAME(&c, sig) < 0) return NAME(s, sig); /* EINVAL */                             \
        size_t w = (size_t)(sig - 1) / (8 * sizeof c.__val[0]);                                    \
        rv_in(&c.__val[w], &s->__val[w], sizeof c.__val[w], pc);                                   \
        NAME(&c, sig);                                                                             \
        rv_out(&s->__val[w], &c.__val[w], sizeof c.__val[w], pc);                                  \
        return 0;                                                                                  \
    }
SIGSET_BIT(sigaddset)
SIGSET_BIT(sigdelset)

/* confstr stores the value, truncated to len bytes, when buf and len are
 * not null; it returns the room the whole value needs (0: no such name) */
size_t __ravel_confstr(int name, char *buf, size_t len)
{
    uint64_t pc = PC;
    size_t need = confstr(name, NULL, 0);
    size_t m = buf ? min_size(len, need) : 0;
    if (!m) return need;
    two_runs w;
    runs_alloc(&w, m);
    confstr(name, (char *)w.a, m);
    size_t r = confstr(name, (char *)w.b, m);
    out_stored(buf, w.a, w.b, m, pc);
    runs_free(&w);
    return r;
}
