/*
 * libcmem.c — C library functions that read or write the program's memory
 * through pointer arguments, as events (issue 9 part 2: "every change to
 * program-visible state is an event"; issue 13 part 6: "no shared access
 * is invisible").
 *
 * The compile driver binds the program's calls of X to __ravel_X for every
 * __ravel_X the runtime archive defines (compile.c, runtime_wrapped).  A C
 * library function reads and writes through its pointers without any TSan
 * hook, so without a wrapper another thread's access to the same bytes
 * looked independent of the call: every explorer but dfs ran one order
 * and could say "no error, exhaustive" for a bug behind the other
 * (tests/adversary/libc_args.c).  Each wrapper here:
 *  - reads every source range at a read event and writes every
 *    destination range at a write event, doing each access right after
 *    its own event (between two events of one thread no other runs), so
 *    the event's place decides what is read or overwritten; what is read
 *    is copied out at its event (a bounce buffer or rv_snap) and the
 *    result computed on the copy;
 *  - reads the bytes the result depends on: a scan (strchr, strspn,
 *    strtol, ...) reads in aligned blocks until the copy decides it
 *    (memory.c, rv_snap_scan), so no event's range depends on bytes read
 *    without an event;
 *  - returns what the C library returns, with its errno: the real
 *    function computes the result (on the bytes just read, or into a
 *    bounce buffer that is then written at the event), and errno is kept
 *    across every event (the scheduler may run in between).
 * The clocks are in clock.c.
 * Functions whose state lies outside the program's memory (a stream's
 * position) also taint the state (RV_TAINT_LIBC; docs/UDPOR.md
 * "What a state contains"), as their trampoline did before.  A format
 * string is read without an event (it is taken to be constant).
 * Outside an execution (rt.active false) rv_mem_event is a no-op and the
 * wrappers behave as the C library.
 *
 * Owns: strtok's saved position; everything else is the program's memory,
 * read and written at events.
 */
#include "rt.h"
#include "strev.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>
#include <wchar.h>

#define PC RV_PC()

extern void *__libc_malloc(size_t);
extern void __libc_free(void *);
extern void *__ravel_realloc(void *, size_t);
extern void *__ravel_malloc(size_t);

/* Events that leave errno as it was: the real function's errno is the
 * call's result. */
static void ev_read(const void *p, size_t n, uint64_t pc)
{
    int e = errno;
    rv_mem_event(RV_ACT_READ, p, n, pc, 0);
    errno = e;
}
/* the write event before a store into the program's memory (progmem.c) */
static void ev_write(void *p, size_t n, uint64_t pc)
{
    rv_out_event(p, n, pc);
}
/* *p = v at a write event (an out-parameter of pointer size) */
static void put_ptr(void *p, const void *v, uint64_t pc)
{
    rv_out(p, &v, sizeof v, pc);
}
static void taint_io(void)
{
    rv_taint(RV_TAINT_LIBC);
}

/* ------------------------------------------------------------------ */
/* Scans: the bytes a function examines, read in blocks at events into a
 * copy (memory.c, rv_snap_scan); the result is computed on the copy. */

/* Each need function gets the copy c[0..k) (c[k] = 0, not read) and says
 * how many bytes decide the scan, or 0 when it needs more. */

/* strchr: through the first c, or the terminator */
static size_t chr_need(const char *c, size_t k, const void *arg)
{
    size_t i = (size_t)(strchrnul(c, *(const int *)arg) - c);
    return i < k ? i + 1 : 0;
}
/* strspn: the members of set, and the byte that stops it */
static size_t span_need(const char *c, size_t k, const void *set)
{
    size_t i = strspn(c, set);
    return i < k ? i + 1 : 0;
}
static size_t cspan_need(const char *c, size_t k, const void *set)
{
    size_t i = strcspn(c, set);
    return i < k ? i + 1 : 0;
}
/* strstr: through the end of the first match (an earlier match would be
 * as long, so inside the copy too), or the whole string */
static size_t str_need(const char *c, size_t k, const void *needle)
{
    const char *p = strstr(c, needle);
    if (p) return (size_t)(p - c) + strlen(needle);
    size_t n = strlen(c);
    return n < k ? n + 1 : 0;
}
static size_t casestr_need(const char *c, size_t k, const void *needle)
{
    const char *p = strcasestr(c, needle);
    if (p) return (size_t)(p - c) + strlen(needle);
    size_t n = strlen(c);
    return n < k ? n + 1 : 0;
}
/* strtol/strtod and atoi: leading white space, then the longest run of
 * bytes that can belong to a number ("0x1.8p+3", "inf", "nan(abc)"), and
 * the byte that ends it: a superset of what the parser examines, tight
 * for the usual input ("12,3" needs "12,") */
static size_t num_need(const char *c, size_t k, const void *arg)
{
    size_t i = 0;
    while (isspace((unsigned char)c[i])) i++;
    while (c[i] && (isalnum((unsigned char)c[i]) || strchr("+-._()", c[i]))) i++;
    return i < k ? i + 1 : 0;
}
/* strtok_r: the delimiters before the token, the token, and the byte
 * that ends it */
static size_t tok_need(const char *c, size_t k, const void *delim)
{
    size_t st = strspn(c, delim);
    if (st >= k) return 0;
    if (!c[st]) return st + 1;
    size_t en = st + strcspn(c + st, delim);
    return en < k ? en + 1 : 0;
}

/* The copy's offset as a pointer into s (NULL stays NULL). */
static void *back(const void *s, const rv_snap *sn, const void *p)
{
    return p ? (char *)s + ((const char *)p - sn->p) : NULL;
}

size_t __ravel_strnlen(const char *s, size_t n)
{
    rv_snap x;
    rv_snap_str(&x, s, n, PC);
    size_t r = strnlen(x.p, n);
    rv_snap_free(&x);
    return r;
}

#define CHR_SCAN(NAME, CALL)                                                                       \
    char *__ravel_##NAME(const char *s, int c)                                                     \
    {                                                                                              \
        rv_snap x;                                                                                 \
        rv_snap_scan(&x, s, SIZE_MAX, chr_need, &c, PC);                                           \
        char *r = back(s, &x, CALL(x.p, c));                                                       \
        rv_snap_free(&x);                                                                          \
        return r;                                                                                  \
    }
CHR_SCAN(strchr, strchr)
CHR_SCAN(index, strchr)
CHR_SCAN(strchrnul, strchrnul)
/* strrchr reads the whole string */
#define RCHR(NAME)                                                                                 \
    char *__ravel_##NAME(const char *s, int c)                                                     \
    {                                                                                              \
        rv_snap x;                                                                                 \
        rv_snap_str(&x, s, SIZE_MAX, PC);                                                          \
        char *r = back(s, &x, strrchr(x.p, c));                                                    \
        rv_snap_free(&x);                                                                          \
        return r;                                                                                  \
    }
RCHR(strrchr)
RCHR(rindex)

void *__ravel_rawmemchr(const void *s, int c)
{
    rv_snap x;
    rv_snap_scan(&x, s, SIZE_MAX, rv_byte_need, &c, PC);
    void *r = back(s, &x, memchr(x.p, c, x.n));
    rv_snap_free(&x);
    return r;
}
/* memchr reads up to the first c, at most n bytes */
void *__ravel_memchr(const void *s, int c, size_t n)
{
    rv_snap x;
    rv_snap_scan(&x, s, n, rv_byte_need, &c, PC);
    void *r = back(s, &x, memchr(x.p, c, x.n));
    rv_snap_free(&x);
    return r;
}
/* memrchr reads from the end: all n bytes at one event (a range known up
 * front) */
void *__ravel_memrchr(const void *s, int c, size_t n)
{
    ev_read(s, n, PC);
    return memrchr(s, c, n);
}

/* Two-set scans: the set (or needle) read whole, then the scanned prefix
 * of s. */
#define SET_SCAN(NAME, NEED, RET, RESULT)                                                          \
    RET __ravel_##NAME(const char *s, const char *set)                                             \
    {                                                                                              \
        uint64_t pc = PC;                                                                          \
        rv_snap a, x;                                                                              \
        rv_snap_str(&a, set, SIZE_MAX, pc);                                                        \
        rv_snap_scan(&x, s, SIZE_MAX, NEED, a.p, pc);                                              \
        RET r = RESULT;                                                                            \
        rv_snap_free(&a);                                                                          \
        rv_snap_free(&x);                                                                          \
        return r;                                                                                  \
    }
SET_SCAN(strspn, span_need, size_t, strspn(x.p, a.p))
SET_SCAN(strcspn, cspan_need, size_t, strcspn(x.p, a.p))
SET_SCAN(strpbrk, cspan_need, char *, back(s, &x, strpbrk(x.p, a.p)))

/* strstr with an empty needle returns s, reading nothing of it */
#define STR_SCAN(NAME, NEED)                                                                       \
    char *__ravel_##NAME(const char *s, const char *needle)                                        \
    {                                                                                              \
        uint64_t pc = PC;                                                                          \
        rv_snap a, x;                                                                              \
        rv_snap_str(&a, needle, SIZE_MAX, pc);                                                     \
        char *r = (char *)s;                                                                       \
        if (a.p[0]) {                                                                              \
            rv_snap_scan(&x, s, SIZE_MAX, NEED, a.p, pc);                                          \
            r = back(s, &x, NAME(x.p, a.p));                                                       \
            rv_snap_free(&x);                                                                      \
        }                                                                                          \
        rv_snap_free(&a);                                                                          \
        return r;                                                                                  \
    }
STR_SCAN(strstr, str_need)
STR_SCAN(strcasestr, casestr_need)

/* Comparisons read both strings whole (bounded by n), as strcmp does. */
#define CMP2(NAME, PARAMS, MAX, CALL)                                                              \
    int __ravel_##NAME PARAMS                                                                      \
    {                                                                                              \
        uint64_t pc = PC;                                                                          \
        rv_snap x, y;                                                                              \
        rv_snap_str(&x, a, MAX, pc);                                                               \
        rv_snap_str(&y, b, MAX, pc);                                                               \
        int r = CALL;                                                                              \
        rv_snap_free(&x);                                                                          \
        rv_snap_free(&y);                                                                          \
        return r;                                                                                  \
    }
CMP2(strncmp, (const char *a, const char *b, size_t n), n, strncmp(x.p, y.p, n))
CMP2(strncasecmp, (const char *a, const char *b, size_t n), n, strncasecmp(x.p, y.p, n))
CMP2(strcasecmp, (const char *a, const char *b), SIZE_MAX, strcasecmp(x.p, y.p))
CMP2(strcoll, (const char *a, const char *b), SIZE_MAX, strcoll(x.p, y.p))

int __ravel_bcmp(const void *a, const void *b, size_t n)
{
    uint64_t pc = PC;
    char small[BOUNCE_STACK];
    char *c = rv_bounce_alloc(n, small);
    ev_read(a, n, pc);
    memcpy(c, a, n);
    ev_read(b, n, pc);
    int r = memcmp(c, b, n);
    rv_bounce_free(c, small);
    return r;
}

/* ------------------------------------------------------------------ */
/* Writes: bzero, bcopy, mempcpy, strsep, strtok_r, strtok.             */

void __ravel_bzero(void *d, size_t n)
{
    ev_write(d, n, PC);
    memset(d, 0, n);
}
void __ravel_explicit_bzero(void *d, size_t n)
{
    ev_write(d, n, PC);
    explicit_bzero(d, n);
}
/* read at the read event into a bounce buffer, written at the write event
 * (memory.c, copy_by_events) */
static void copy_ev(void *d, const void *s, size_t n, uint64_t pc)
{
    char small[BOUNCE_STACK];
    char *c = rv_bounce_alloc(n, small);
    ev_read(s, n, pc);
    memcpy(c, s, n);
    ev_write(d, n, pc);
    memcpy(d, c, n);
    rv_bounce_free(c, small);
}
void __ravel_bcopy(const void *s, void *d, size_t n)
{
    copy_ev(d, s, n, PC);
}
void *__ravel_mempcpy(void *d, const void *s, size_t n)
{
    copy_ev(d, s, n, PC);
    return (char *)d + n;
}

/* The token of strtok_r/strtok: NUL written over the byte that ends it
 * (an event); *out the next position.  Same results as glibc's
 * __strtok_r: leading delimiters skipped, NULL at the end. */
static char *tokenize(char *s, const char *delim, char **out, uint64_t pc)
{
    rv_snap d, x;
    rv_snap_str(&d, delim, SIZE_MAX, pc);
    rv_snap_scan(&x, s, SIZE_MAX, tok_need, d.p, pc);
    size_t st = strspn(x.p, d.p);
    char *r = NULL, *next = s + st;
    if (x.p[st]) {
        size_t en = st + strcspn(x.p + st, d.p);
        r = s + st;
        next = s + en;
        if (x.p[en]) {
            ev_write(s + en, 1, pc);
            s[en] = 0;
            next++;
        }
    }
    rv_snap_free(&d);
    rv_snap_free(&x);
    *out = next;
    return r;
}

char *__ravel_strtok_r(char *s, const char *delim, char **save)
{
    uint64_t pc = PC;
    if (!s) {
        ev_read(save, sizeof *save, pc);
        s = *save;
    }
    char *next, *r = tokenize(s, delim, &next, pc);
    put_ptr(save, next, pc);
    return r;
}

/* strtok's saved position (glibc keeps it inside the library): the
 * runtime's own word, in .bss, so each execution starts from NULL (fork:
 * the server never calls strtok; reset: .bss is restored).  Its accesses
 * are atomic events (never a data race in --memory=drf, as when strtok
 * was a state family: two threads' calls are dependent, and racing calls
 * may take the same token, as with glibc). */
static char *strtok_saved;

char *__ravel_strtok(char *s, const char *delim)
{
    uint64_t pc = PC;
    int e = errno;
    rv_mem_event(RV_ACT_READ, &strtok_saved, sizeof strtok_saved, pc, RV_AF_ATOMIC);
    errno = e;
    if (!s) s = strtok_saved;
    char *next = NULL, *r = NULL;
    if (s) r = tokenize(s, delim, &next, pc);
    e = errno;
    rv_mem_event(RV_ACT_WRITE, &strtok_saved, sizeof strtok_saved, pc, RV_AF_ATOMIC);
    errno = e;
    if (s) strtok_saved = next;
    return r;
}

/* strsep: the token ends at the first delimiter (none skipped), which is
 * overwritten with NUL; *sp becomes the byte after it, or NULL. */
char *__ravel_strsep(char **sp, const char *delim)
{
    uint64_t pc = PC;
    ev_read(sp, sizeof *sp, pc);
    char *s = *sp;
    if (!s) return NULL;
    rv_snap d, x;
    rv_snap_str(&d, delim, SIZE_MAX, pc);
    rv_snap_scan(&x, s, SIZE_MAX, cspan_need, d.p, pc);
    size_t en = strcspn(x.p, d.p);
    char *next = NULL;
    if (x.p[en]) {
        ev_write(s + en, 1, pc);
        s[en] = 0;
        next = s + en + 1;
    }
    rv_snap_free(&d);
    rv_snap_free(&x);
    put_ptr(sp, next, pc);
    return s;
}

/* ------------------------------------------------------------------ */
/* Number parsing: the number's bytes read, *endptr written.           */

static void put_end(char **end, char *e, uint64_t pc)
{
    if (end) put_ptr(end, e, pc);
}

/* the parse runs on the copy (it examines no byte past the one that ends
 * the number); errno as the C library leaves it */
#define STRTO(NAME, T, PARAMS, ARGS)                                                               \
    T __ravel_##NAME PARAMS                                                                        \
    {                                                                                              \
        uint64_t pc = PC;                                                                          \
        int e = errno;                                                                             \
        rv_snap x;                                                                                 \
        rv_snap_scan(&x, s, SIZE_MAX, num_need, NULL, pc);                                         \
        errno = e;                                                                                 \
        char *ep;                                                                                  \
        T r = NAME ARGS;                                                                           \
        put_end(end, back(s, &x, ep), pc);                                                         \
        rv_snap_free(&x);                                                                          \
        return r;                                                                                  \
    }
#define STRTO_INT(NAME, T) STRTO(NAME, T, (const char *s, char **end, int base), (x.p, &ep, base))
#define STRTO_FLT(NAME, T) STRTO(NAME, T, (const char *s, char **end), (x.p, &ep))
STRTO_INT(strtol, long)
STRTO_INT(strtoul, unsigned long)
STRTO_INT(strtoll, long long)
STRTO_INT(strtoull, unsigned long long)
STRTO_INT(strtoq, long long)
STRTO_INT(strtouq, unsigned long long)
STRTO_INT(strtoimax, intmax_t)
STRTO_INT(strtoumax, uintmax_t)
STRTO_FLT(strtod, double)
STRTO_FLT(strtof, float)
STRTO_FLT(strtold, long double)

#define ATO(NAME, T)                                                                               \
    T __ravel_##NAME(const char *s)                                                                \
    {                                                                                              \
        int e = errno;                                                                             \
        rv_snap x;                                                                                 \
        rv_snap_scan(&x, s, SIZE_MAX, num_need, NULL, PC);                                         \
        errno = e;                                                                                 \
        T r = NAME(x.p);                                                                           \
        rv_snap_free(&x);                                                                          \
        return r;                                                                                  \
    }
ATO(atoi, int)
ATO(atol, long)
ATO(atoll, long long)
ATO(atof, double)

/* ------------------------------------------------------------------ */
/* sscanf: the input read at one event, each destination written at its
 * own event in the order of the format.
 *
 * The real sscanf runs on a copy of the input with every destination
 * redirected to a slot of a scratch buffer, twice: with the slots filled
 * with 0x00, then with 0xff.  A byte was stored by sscanf exactly when it
 * differs from the fill in either run (a stored byte cannot equal both),
 * so each destination gets a write event over exactly the bytes sscanf
 * stores (%s: the token and its terminator; %n only when reached), and
 * the second run's bytes.  Formats with more than SCAN_MAX destinations
 * run the real function without events (tainted). */

enum { SCAN_MAX = 32 };

typedef struct {
    size_t off, size; /* the slot in the scratch buffers */
    bool alloc;       /* %ms: a pointer to memory the C library allocated */
} scan_slot;

typedef struct {
    scan_slot slot[SCAN_MAX]; /* by argument index */
    int order[SCAN_MAX * 2];  /* argument indices in the order of the format */
    int norder, nargs;
    size_t total;
} scan_plan;

static size_t scalar_size(char conv, const char *len)
{
    if (conv == 'p') return sizeof(void *);
    if (strchr("aAeEfFgG", conv))
        return !strcmp(len, "L")   ? sizeof(long double)
               : !strcmp(len, "l") ? sizeof(double)
                                   : sizeof(float);
    if (!strcmp(len, "hh")) return 1;
    if (!strcmp(len, "h")) return 2;
    if (!*len) return sizeof(int);
    return 8; /* l ll q L j z Z t */
}

/* The destinations of fmt; false if the format is not understood or has
 * too many.  gnu: the pre-C99 sscanf, where %as is %ms. */
static bool scan_parse(const char *fmt, bool gnu, size_t inlen, scan_plan *pl)
{
    memset(pl, 0, sizeof *pl);
    int next = 0;
    for (const char *p = fmt; *p; p++) {
        if (*p != '%') continue;
        if (*++p == '%') continue;
        int pos = -1;
        if (isdigit((unsigned char)*p)) {
            const char *q = p;
            long v = 0;
            while (isdigit((unsigned char)*q) && v < 1000) v = v * 10 + (*q++ - '0');
            if (*q == '$') pos = (int)v - 1, p = q + 1;
        }
        bool sup = *p == '*';
        if (sup) p++;
        long width = -1;
        if (isdigit((unsigned char)*p)) {
            width = 0;
            for (; isdigit((unsigned char)*p); p++)
                if (width < 1000000000) width = width * 10 + (*p - '0');
        }
        bool alloc = false;
        if (*p == 'm' || (gnu && *p == 'a' && (p[1] == 's' || p[1] == 'S' || p[1] == '[')))
            alloc = true, p++;
        char len[3] = {0};
        if ((p[0] == 'h' && p[1] == 'h') || (p[0] == 'l' && p[1] == 'l'))
            len[0] = p[0], len[1] = p[1], p += 2;
        else if (strchr("hlqLjzZt", *p) && *p)
            len[0] = *p++;
        char conv = *p;
        if (!conv) return false;
        if (conv == '[') {
            p++;
            if (*p == '^') p++;
            if (*p == ']') p++;
            while (*p && *p != ']') p++;
            if (!*p) return false;
        }
        if (conv == 'n' && sup) continue;
        if (sup) continue;
        int idx = pos >= 0 ? pos : next++;
        if (idx < 0 || idx >= SCAN_MAX || pl->norder >= SCAN_MAX * 2) return false;
        size_t size;
        size_t cs = (len[0] == 'l' || conv == 'C' || conv == 'S') ? sizeof(wchar_t) : 1;
        if (alloc)
            size = sizeof(void *);
        else if (conv == 'c' || conv == 'C')
            size = (size_t)(width < 0 ? 1 : (size_t)width < inlen ? (size_t)width : inlen) * cs;
        else if (conv == 's' || conv == 'S' || conv == '[')
            size = ((width < 0 || (size_t)width > inlen ? inlen : (size_t)width) + 1) * cs;
        else if (strchr("diouxXnaAeEfFgGp", conv))
            size = scalar_size(conv, len);
        else
            return false;
        scan_slot *sl = &pl->slot[idx];
        if (sl->size < size) sl->size = size;
        sl->alloc = alloc;
        pl->order[pl->norder++] = idx;
        if (idx + 1 > pl->nargs) pl->nargs = idx + 1;
    }
    for (int i = 0; i < pl->nargs; i++) {
        pl->slot[i].off = pl->total;
        pl->total += (pl->slot[i].size + 16 + 15) & ~(size_t)15;
    }
    if (!pl->total) pl->total = 16;
    return true;
}

typedef int (*scanf_fn)(const char *, const char *, ...);

/* The real sscanf on in, destinations in buf (filled with fill). */
static int scan_run(scanf_fn f, const char *in, const char *fmt, const scan_plan *pl, char *buf,
                    int fill)
{
    memset(buf, fill, pl->total);
    void *a[SCAN_MAX];
    for (int i = 0; i < SCAN_MAX; i++) a[i] = buf + (i < pl->nargs ? pl->slot[i].off : 0);
    return f(in, fmt, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11],
             a[12], a[13], a[14], a[15], a[16], a[17], a[18], a[19], a[20], a[21], a[22], a[23],
             a[24], a[25], a[26], a[27], a[28], a[29], a[30], a[31]);
}

/* The destinations written, in the format's order, each at its event. */
static void scan_store(void *const *dest, const scan_plan *pl, const char *a, const char *b,
                       uint64_t pc)
{
    bool done[SCAN_MAX] = {0};
    for (int k = 0; k < pl->norder; k++) {
        int i = pl->order[k];
        if (done[i]) continue;
        done[i] = true;
        const scan_slot *sl = &pl->slot[i];
        const unsigned char *x = (const unsigned char *)a + sl->off,
                            *y = (const unsigned char *)b + sl->off;
        size_t lo = sl->size, hi = 0;
        for (size_t j = 0; j < sl->size; j++)
            if (x[j] != 0 || y[j] != 0xff) {
                if (lo > j) lo = j;
                hi = j + 1;
            }
        if (sl->alloc) { /* the first run's allocation is not returned */
            void *p;
            memcpy(&p, x, sizeof p);
            free(p);
            /* the returned string: C library memory written without events */
            if (hi) rv_taint(RV_TAINT_HEAP_COPY);
        }
        if (hi <= lo) continue;
        ev_write((char *)dest[i] + lo, hi - lo, pc);
        memcpy((char *)dest[i] + lo, y + lo, hi - lo);
    }
}

static int scan_events(scanf_fn f, int (*vf)(const char *, const char *, va_list), bool gnu,
                       const char *s, const char *fmt, va_list ap, uint64_t pc)
{
    int e0 = errno;
    rv_snap x;
    size_t n = rv_snap_str(&x, s, SIZE_MAX, pc);
    scan_plan pl;
    if (!scan_parse(fmt, gnu, n, &pl)) {
        rv_snap_free(&x);
        taint_io(); /* not understood: its stores are no events */
        rv_unmodelled("an sscanf with a format of over 32 destinations (or not understood)", pc);
        errno = e0;
        return vf(s, fmt, ap);
    }
    char small[BOUNCE_STACK];
    char *a = rv_bounce_alloc(2 * pl.total, small), *b = a + pl.total;
    void *dest[SCAN_MAX];
    for (int i = 0; i < pl.nargs; i++) dest[i] = va_arg(ap, void *);
    errno = e0;
    scan_run(f, x.p, fmt, &pl, a, 0);
    errno = e0;
    int r = scan_run(f, x.p, fmt, &pl, b, 0xff);
    scan_store(dest, &pl, a, b, pc);
    rv_bounce_free(a, small);
    rv_snap_free(&x);
    return r;
}

extern int __isoc99_sscanf(const char *, const char *, ...);
extern int __isoc99_vsscanf(const char *, const char *, va_list);
extern int gnu_sscanf(const char *, const char *, ...) __asm__("sscanf");
extern int gnu_vsscanf(const char *, const char *, va_list) __asm__("vsscanf");

int __ravel___isoc99_vsscanf(const char *s, const char *fmt, va_list ap)
{
    return scan_events(__isoc99_sscanf, __isoc99_vsscanf, false, s, fmt, ap, PC);
}
int __ravel___isoc99_sscanf(const char *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = scan_events(__isoc99_sscanf, __isoc99_vsscanf, false, s, fmt, ap, PC);
    va_end(ap);
    return r;
}
int __ravel_vsscanf(const char *s, const char *fmt, va_list ap)
{
    return scan_events(gnu_sscanf, gnu_vsscanf, true, s, fmt, ap, PC);
}
int __ravel_sscanf(const char *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = scan_events(gnu_sscanf, gnu_vsscanf, true, s, fmt, ap, PC);
    va_end(ap);
    return r;
}

/* ------------------------------------------------------------------ */
/* printf family: %s strings read at events, %n destinations written.  */

typedef enum { A_NONE, A_INT, A_LONG, A_DBL, A_LDBL, A_PTR } pf_type;

typedef struct {
    char conv;    /* 's' (narrow or wide) or 'n' */
    bool wide;    /* %ls / %S */
    int arg;      /* the pointer's argument index */
    int prec_arg; /* index of a `*` precision, or -1 */
    long prec;    /* the precision, or -1 */
    size_t size;  /* %n: the destination's size */
} pf_conv;

typedef struct {
    pf_type type[FMT_ARGS_MAX];
    pf_conv conv[FMT_ARGS_MAX * 2];
    int nconv, nargs;
} pf_plan;

static int pf_index(const char **pp, int *next)
{
    const char *p = *pp;
    if (isdigit((unsigned char)*p)) {
        long v = 0;
        while (isdigit((unsigned char)*p) && v < 1000) v = v * 10 + (*p++ - '0');
        if (*p == '$') {
            *pp = p + 1;
            return (int)v - 1;
        }
    }
    return (*next)++;
}

static bool pf_arg(pf_plan *pl, int idx, pf_type t)
{
    if (idx < 0 || idx >= FMT_ARGS_MAX) return false;
    pl->type[idx] = t;
    if (idx + 1 > pl->nargs) pl->nargs = idx + 1;
    return true;
}

/* The argument types of fmt, and its %s and %n conversions; false if the
 * format is not understood or has too many. */
static bool pf_parse(const char *fmt, pf_plan *pl)
{
    memset(pl, 0, sizeof *pl);
    int next = 0;
    for (const char *p = fmt; *p; p++) {
        if (*p != '%') continue;
        p++;
        if (*p == '%') continue;
        int pos = -1;
        if (isdigit((unsigned char)*p)) {
            const char *q = p;
            while (isdigit((unsigned char)*q)) q++;
            if (*q == '$') pos = atoi(p) - 1, p = q + 1;
        }
        while (*p && strchr("-+ #0'I", *p)) p++;
        if (*p == '*') {
            p++;
            if (!pf_arg(pl, pf_index(&p, &next), A_INT)) return false;
        } else
            while (isdigit((unsigned char)*p)) p++;
        int prec_arg = -1;
        long prec = -1;
        if (*p == '.') {
            p++;
            if (*p == '*') {
                p++;
                prec_arg = pf_index(&p, &next);
                if (!pf_arg(pl, prec_arg, A_INT)) return false;
            } else {
                prec = 0;
                while (isdigit((unsigned char)*p))
                    prec = prec < 100000000 ? prec * 10 + (*p - '0') : prec, p++;
            }
        }
        char len[3] = {0};
        if ((p[0] == 'h' && p[1] == 'h') || (p[0] == 'l' && p[1] == 'l'))
            len[0] = p[0], len[1] = p[1], p += 2;
        else if (*p && strchr("hlqLjzZt", *p))
            len[0] = *p++;
        char c = *p;
        if (!c) return false;
        if (c == 'm') continue;
        int idx = pos >= 0 ? pos : next++;
        pf_type t;
        if (strchr("diouxXcC", c))
            t = (!*len || !strcmp(len, "h") || !strcmp(len, "hh") || c == 'c' || c == 'C') ? A_INT
                                                                                           : A_LONG;
        else if (strchr("eEfFgGaA", c))
            t = !strcmp(len, "L") ? A_LDBL : A_DBL;
        else if (strchr("sSpn", c))
            t = A_PTR;
        else
            return false;
        if (!pf_arg(pl, idx, t)) return false;
        if (c != 's' && c != 'S' && c != 'n') continue;
        if (pl->nconv >= FMT_ARGS_MAX * 2) return false;
        pf_conv *v = &pl->conv[pl->nconv++];
        v->conv = c == 'n' ? 'n' : 's';
        v->wide = c == 'S' || !strcmp(len, "l");
        v->arg = idx;
        v->prec_arg = prec_arg;
        v->prec = prec;
        v->size = c == 'n' ? scalar_size('n', len) : 0;
    }
    for (int i = 0; i < pl->nargs; i++)
        if (pl->type[i] == A_NONE) return false; /* a gap among positional arguments */
    return true;
}

/* Where each argument of a va_list lies (the x86-64 System V layout: the
 * register save area for the first 6 integer and 8 vector arguments, then
 * the stack), so that the argument can be read and pointed elsewhere. */
typedef struct {
    unsigned gp, fp;
    char *over, *regs;
} sysv_va;
_Static_assert(sizeof(va_list) == sizeof(sysv_va), "x86-64 va_list");

static void *arg_slot(sysv_va *v, pf_type t)
{
    void *s;
    if (t == A_DBL && v->fp < 176) {
        s = v->regs + v->fp;
        v->fp += 16;
        return s;
    }
    if (t == A_LDBL) {
        v->over = (char *)(((uintptr_t)v->over + 15) & ~(uintptr_t)15);
        s = v->over;
        v->over += 16;
        return s;
    }
    if (t != A_DBL && v->gp < 48) {
        s = v->regs + v->gp;
        v->gp += 8;
        return s;
    }
    s = v->over;
    v->over += 8;
    return s;
}

/* a wide string: through its terminating wchar_t */
static size_t wide_need(const char *c, size_t k, const void *arg)
{
    for (size_t i = 0; i + sizeof(wchar_t) <= k; i += sizeof(wchar_t)) {
        wchar_t w;
        memcpy(&w, c + i, sizeof w);
        if (!w) return i + sizeof w;
    }
    return 0;
}

/* The arena: copies of the strings and the %n scratch words, each at a
 * 16-byte aligned offset. */
static size_t arena_add(char **arena, size_t *used, size_t *cap, const void *p, size_t n)
{
    size_t at = (*used + 15) & ~(size_t)15;
    if (at + n + sizeof(wchar_t) > *cap) {
        size_t nc = 2 * (at + n + sizeof(wchar_t)) + 64;
        char *m = __libc_malloc(nc);
        if (!m) rv_end_exec(RV_END_INTERNAL, 0, 0, "cannot allocate %zu bytes", nc);
        if (*arena) memcpy(m, *arena, *used), __libc_free(*arena);
        *arena = m, *cap = nc;
    }
    if (p)
        memcpy(*arena + at, p, n);
    else
        memset(*arena + at, 0, n);
    memset(*arena + at + n, 0, sizeof(wchar_t)); /* a terminator for a cut string */
    *used = at + n + sizeof(wchar_t);
    return at;
}

void rv_printf_begin(rv_fmt_args *fa, const char *fmt, va_list ap, uint64_t pc)
{
    fa->nslot = fa->nn = 0;
    fa->arena = NULL;
    if (!rt.active || !rt.running || !fmt) return;
    int e0 = errno;
    pf_plan pl;
    bool ok = pf_parse(fmt, &pl);
    if (!ok || !pl.nconv) {
        if (!ok) { /* not understood: a %s read, a %n stored without an event */
            taint_io();
            rv_unmodelled("a printf-family call with a format of over 32 arguments (or not "
                          "understood)",
                          pc);
        }
        errno = e0;
        return;
    }
    void *slot[FMT_ARGS_MAX];
    sysv_va v;
    memcpy(&v, ap, sizeof v);
    for (int i = 0; i < pl.nargs; i++) slot[i] = arg_slot(&v, pl.type[i]);
    size_t used = 0, cap = 0, off[FMT_ARGS_MAX * 2];
    for (int k = 0; k < pl.nconv; k++) {
        const pf_conv *c = &pl.conv[k];
        void *p;
        memcpy(&p, slot[c->arg], sizeof p);
        off[k] = SIZE_MAX;
        if (c->conv == 'n') {
            off[k] = arena_add(&fa->arena, &used, &cap, NULL, 8);
            continue;
        }
        if (!p) continue; /* "(null)" */
        long prec = c->prec;
        if (c->prec_arg >= 0) {
            int v32;
            memcpy(&v32, slot[c->prec_arg], sizeof v32);
            prec = v32 < 0 ? -1 : v32;
        }
        size_t max = prec < 0 ? SIZE_MAX : (size_t)prec;
        rv_snap x;
        size_t n = c->wide ? rv_snap_scan(&x, p, max == SIZE_MAX ? SIZE_MAX : max * sizeof(wchar_t),
                                          wide_need, NULL, pc)
                           : rv_snap_str(&x, p, max, pc);
        off[k] = arena_add(&fa->arena, &used, &cap, x.p, n);
        rv_snap_free(&x);
    }
    /* no event from here to the real call: point the arguments at the
     * copies and the scratch words */
    for (int k = 0; k < pl.nconv; k++) {
        const pf_conv *c = &pl.conv[k];
        if (off[k] == SIZE_MAX || fa->nslot == FMT_ARGS_MAX) continue;
        void **sl = slot[c->arg];
        fa->slot[fa->nslot] = sl;
        memcpy(&fa->orig[fa->nslot++], sl, sizeof *sl);
        if (c->conv == 'n' && fa->nn < FMT_ARGS_MAX) {
            memcpy(&fa->ndest[fa->nn], sl, sizeof *sl);
            fa->nsize[fa->nn] = c->size;
            fa->noff[fa->nn++] = off[k];
        }
        void *copy = fa->arena + off[k];
        memcpy(sl, &copy, sizeof copy);
    }
    errno = e0;
}

void rv_printf_end(rv_fmt_args *fa, uint64_t pc)
{
    int e = errno;
    for (int i = fa->nslot; i-- > 0;) memcpy(fa->slot[i], &fa->orig[i], sizeof fa->orig[i]);
    for (int i = 0; i < fa->nn; i++) {
        rv_out(fa->ndest[i], fa->arena + fa->noff[i], fa->nsize[i], pc);
    }
    __libc_free(fa->arena);
    fa->arena = NULL;
    fa->nslot = fa->nn = 0;
    errno = e;
}

/* ---- the sprintf family (memory.c's before: formats into memory, not a
 * stream) ------------------------------------------------------------------ */

/* The sprintf family reads its %s arguments at events and has its %n
 * destinations written at events (rv_printf_begin/end), formats into a
 * bounce buffer, then writes the destination at one write event. */
static int format_to(char *d, size_t n, bool bounded, const char *fmt, va_list ap, uint64_t pc)
{
    rv_fmt_args fa;
    rv_printf_begin(&fa, fmt, ap, pc);
    va_list aq;
    va_copy(aq, ap);
    int len = vsnprintf(NULL, 0, fmt, aq);
    va_end(aq);
    size_t full = len < 0 ? 0 : (size_t)len + 1, out = bounded ? (full < n ? full : n) : full;
    char small[BOUNCE_STACK];
    char *buf = NULL;
    if (out) {
        buf = rv_bounce_alloc(full, small);
        vsnprintf(buf, full, fmt, ap);
        if (out < full) buf[out - 1] = 0;
    }
    rv_printf_end(&fa, pc);
    if (out) {
        rv_out(d, buf, out, pc);
        rv_bounce_free(buf, small);
    }
    return len;
}

int __ravel_vsnprintf(char *d, size_t n, const char *fmt, va_list ap)
{
    return format_to(d, n, true, fmt, ap, PC);
}
int __ravel_vsprintf(char *d, const char *fmt, va_list ap)
{
    return format_to(d, 0, false, fmt, ap, PC);
}
int __ravel_snprintf(char *d, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = format_to(d, n, true, fmt, ap, PC);
    va_end(ap);
    return r;
}
int __ravel_sprintf(char *d, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = format_to(d, 0, false, fmt, ap, PC);
    va_end(ap);
    return r;
}

/* printf and friends: the real function runs between begin and end */
#define PRINTF_V(NAME, RET, PARAMS, CALL)                                                          \
    RET __ravel_##NAME PARAMS                                                                      \
    {                                                                                              \
        uint64_t pc = PC;                                                                          \
        rv_fmt_args fa;                                                                            \
        rv_printf_begin(&fa, fmt, ap, pc);                                                         \
        RET r = CALL;                                                                              \
        rv_printf_end(&fa, pc);                                                                    \
        return r;                                                                                  \
    }
#define PRINTF_VA(NAME, RET, PARAMS, CALL)                                                         \
    RET __ravel_##NAME PARAMS                                                                      \
    {                                                                                              \
        uint64_t pc = PC;                                                                          \
        va_list ap;                                                                                \
        va_start(ap, fmt);                                                                         \
        rv_fmt_args fa;                                                                            \
        rv_printf_begin(&fa, fmt, ap, pc);                                                         \
        RET r = CALL;                                                                              \
        rv_printf_end(&fa, pc);                                                                    \
        va_end(ap);                                                                                \
        return r;                                                                                  \
    }
PRINTF_V(vprintf, int, (const char *fmt, va_list ap), vprintf(fmt, ap))
PRINTF_VA(printf, int, (const char *fmt, ...), vprintf(fmt, ap))
PRINTF_V(vfprintf, int, (FILE * f, const char *fmt, va_list ap), vfprintf(f, fmt, ap))
PRINTF_VA(fprintf, int, (FILE * f, const char *fmt, ...), vfprintf(f, fmt, ap))
PRINTF_V(vdprintf, int, (int fd, const char *fmt, va_list ap), vdprintf(fd, fmt, ap))
PRINTF_VA(dprintf, int, (int fd, const char *fmt, ...), vdprintf(fd, fmt, ap))

/* asprintf: the C library formats into its own allocation; the string
 * is copied into a block of the runtime's heap at a write event, and
 * *strp written at another (progmem.c: before, the C library's block was
 * written without events, and the state after it was unique) */
static int put_str(char **strp, char *s, int r, uint64_t pc)
{
    if (r < 0) return r;
    char *d = __ravel_malloc((size_t)r + 1);
    if (!d) {
        __libc_free(s);
        errno = ENOMEM;
        return -1;
    }
    rv_out(d, s, (size_t)r + 1, pc);
    __libc_free(s);
    put_ptr(strp, d, pc);
    return r;
}
int __ravel_vasprintf(char **strp, const char *fmt, va_list ap)
{
    uint64_t pc = PC;
    rv_fmt_args fa;
    rv_printf_begin(&fa, fmt, ap, pc);
    char *s;
    int r = vasprintf(&s, fmt, ap);
    rv_printf_end(&fa, pc);
    return put_str(strp, s, r, pc);
}
int __ravel_asprintf(char **strp, const char *fmt, ...)
{
    uint64_t pc = PC;
    va_list ap;
    va_start(ap, fmt);
    rv_fmt_args fa;
    rv_printf_begin(&fa, fmt, ap, pc);
    char *s;
    int r = vasprintf(&s, fmt, ap);
    rv_printf_end(&fa, pc);
    va_end(ap);
    return put_str(strp, s, r, pc);
}
int __ravel_puts(const char *s)
{
    rv_snap x;
    rv_snap_str(&x, s, SIZE_MAX, PC);
    int r = puts(x.p);
    rv_snap_free(&x);
    return r;
}
int __ravel_fputs(const char *s, FILE *f)
{
    rv_snap x;
    rv_snap_str(&x, s, SIZE_MAX, PC);
    int r = fputs(x.p, f);
    rv_snap_free(&x);
    return r;
}

/* ------------------------------------------------------------------ */
/* Input: the bytes the C library delivers written at one write event. */

enum { IO_BOUNCE_MAX = 1 << 20 };

/* fgets stores the bytes it read and a terminator, and nothing after:
 * with the bounce buffer filled with 0xff the terminator is the last byte
 * that is not 0xff (the line itself may hold NUL and 0xff bytes). */
char *__ravel_fgets(char *d, int n, FILE *f)
{
    uint64_t pc = PC;
    taint_io();
    if (n <= 0) return fgets(d, n, f); /* stores nothing */
    char small[BOUNCE_STACK];
    char *b = rv_bounce_alloc((size_t)n, small);
    memset(b, 0xff, (size_t)n);
    char *r = fgets(b, n, f);
    if (r) {
        size_t k = (size_t)n;
        while (k && (unsigned char)b[k - 1] == 0xff) k--;
        ev_write(d, k, pc);
        memcpy(d, b, k);
    }
    rv_bounce_free(b, small);
    return r ? d : NULL;
}

size_t __ravel_fread(void *d, size_t size, size_t nmemb, FILE *f)
{
    uint64_t pc = PC;
    taint_io();
    size_t total;
    if (__builtin_mul_overflow(size, nmemb, &total) || total > IO_BOUNCE_MAX) {
        ev_write(d, total, pc); /* the whole range: more than is stored */
        return fread(d, size, nmemb, f);
    }
    if (!total) return 0;
    char small[BOUNCE_STACK];
    char *b = rv_bounce_alloc(total, small);
    size_t got = fread(b, 1, total, f);
    ev_write(d, got, pc);
    memcpy(d, b, got);
    rv_bounce_free(b, small);
    return got == total ? nmemb : got / size;
}

/* read, pread and recv: the bytes received written at one event; a
 * request above IO_BOUNCE_MAX is written in place after an event over
 * all of it (more than is stored). */
#define RECV_WRAP(NAME, ARGS, CALL_D, CALL_B)                                                      \
    ssize_t __ravel_##NAME ARGS                                                                    \
    {                                                                                              \
        uint64_t pc = PC;                                                                          \
        taint_io();                                                                                \
        if (n > IO_BOUNCE_MAX) {                                                                   \
            ev_write(d, n, pc);                                                                    \
            return CALL_D;                                                                         \
        }                                                                                          \
        char small[BOUNCE_STACK];                                                                  \
        char *b = rv_bounce_alloc(n, small);                                                       \
        ssize_t r = CALL_B;                                                                        \
        if (r > 0) {                                                                               \
            ev_write(d, (size_t)r, pc);                                                            \
            memcpy(d, b, (size_t)r);                                                               \
        }                                                                                          \
        rv_bounce_free(b, small);                                                                  \
        return r;                                                                                  \
    }
RECV_WRAP(read, (int fd, void *d, size_t n), read(fd, d, n), read(fd, b, n))
RECV_WRAP(pread, (int fd, void *d, size_t n, off_t o), pread(fd, d, n, o), pread(fd, b, n, o))
RECV_WRAP(recv, (int fd, void *d, size_t n, int fl), recv(fd, d, n, fl), recv(fd, b, n, fl))

/* getdelim/getline: *lineptr and *n read at events; the line is read by
 * the C library into its own buffer, the program's buffer grown as glibc
 * grows it (120 bytes for none, else to max(needed, 2 * *n), through
 * realloc: the program's heap) and the line written at one event. */
ssize_t __ravel_getdelim(char **lp, size_t *np, int delim, FILE *f)
{
    uint64_t pc = PC;
    taint_io();
    if (!lp || !np) {
        errno = EINVAL;
        return -1;
    }
    ev_read(lp, sizeof *lp, pc);
    ev_read(np, sizeof *np, pc);
    char *line = *lp;
    size_t n = *np;
    if (!line || !n) {
        n = 120;
        char *q = __ravel_realloc(line, n);
        if (!q) {
            errno = ENOMEM;
            return -1;
        }
        put_ptr(lp, q, pc);
        ev_write(np, sizeof *np, pc);
        *np = n;
        line = q;
    }
    char *tmp = NULL;
    size_t tn = 0;
    ssize_t r = getdelim(&tmp, &tn, delim, f);
    int e = errno;
    if (r >= 0) {
        size_t need = (size_t)r + 1;
        if (need > n) {
            size_t nn = need < 2 * n ? 2 * n : need;
            char *q = __ravel_realloc(line, nn);
            if (!q) {
                free(tmp);
                errno = ENOMEM;
                return -1;
            }
            put_ptr(lp, q, pc);
            ev_write(np, sizeof *np, pc);
            *np = nn;
            line = q;
        }
        ev_write(line, need, pc);
        memcpy(line, tmp, need);
    }
    free(tmp);
    errno = e;
    return r;
}
ssize_t __ravel_getline(char **lp, size_t *np, FILE *f)
{
    return __ravel_getdelim(lp, np, '\n', f);
}

/* ------------------------------------------------------------------ */
/* qsort: the program's comparator runs on the elements where they are
 * (its accesses are its own events); the C library sorts an array of
 * pointers to them (glibc's qsort is a stable merge sort: the same order
 * as sorting the elements), then the array is read at one event and
 * written permuted at one event. */

typedef struct {
    int (*cmp)(const void *, const void *);
    int (*cmp_r)(const void *, const void *, void *);
    void *arg;
} sort_ctx;

static int by_pointer(const void *a, const void *b, void *c)
{
    const sort_ctx *q = c;
    const void *x = *(const void *const *)a, *y = *(const void *const *)b;
    return q->cmp ? q->cmp(x, y) : q->cmp_r(x, y, q->arg);
}

static void sort_events(void *base, size_t n, size_t size, sort_ctx *q, uint64_t pc)
{
    size_t total, ptrs;
    if (n <= 1 || !size) return;
    if (__builtin_mul_overflow(n, size, &total) || __builtin_mul_overflow(n, sizeof(void *), &ptrs))
        rv_end_exec(RV_END_INTERNAL, pc, 0, "qsort of %zu elements of %zu bytes", n, size);
    char small[BOUNCE_STACK], small2[BOUNCE_STACK];
    void **ix = rv_bounce_alloc(ptrs, small);
    for (size_t i = 0; i < n; i++) ix[i] = (char *)base + i * size;
    int e = errno;
    qsort_r(ix, n, sizeof *ix, by_pointer, q);
    char *tmp = rv_bounce_alloc(total, small2);
    ev_read(base, total, pc);
    for (size_t i = 0; i < n; i++) memcpy(tmp + i * size, ix[i], size);
    ev_write(base, total, pc);
    memcpy(base, tmp, total);
    rv_bounce_free(tmp, small2);
    rv_bounce_free(ix, small);
    errno = e;
}

void __ravel_qsort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *))
{
    sort_ctx q = {cmp, NULL, NULL};
    sort_events(base, n, size, &q, PC);
}
void __ravel_qsort_r(void *base, size_t n, size_t size,
                     int (*cmp)(const void *, const void *, void *), void *arg)
{
    sort_ctx q = {NULL, cmp, arg};
    sort_events(base, n, size, &q, PC);
}
