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
 *    the event's place decides what is read or overwritten; when one call
 *    reads several ranges, the earlier ones are copied out (a bounce
 *    buffer) at their event, or checked unchanged after the last one;
 *  - reads the bytes the result depends on (ideally those the function
 *    reads): a scan (strchr, strspn, strtol, ...) reads the prefix it
 *    examines, measured on the bytes as they are, then measured again
 *    after the event and read again if the scan now needs more (as
 *    rv_read_str does for a whole string);
 *  - returns what the C library returns, with its errno: the real
 *    function computes the result (on the bytes just read, or into a
 *    bounce buffer that is then written at the event), and errno is kept
 *    across every event (the scheduler may run in between).
 * Functions whose state lies outside the program's memory (a stream's
 * position, the clock) also taint the state (RV_TAINT_LIBC; docs/UDPOR.md
 * "What a state contains"), as their trampoline did before.  A format
 * string is read without an event (it is taken to be constant).
 * Outside an execution (rt.active false) rv_mem_event is a no-op and the
 * wrappers behave as the C library.
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

/* Events that leave errno as it was: the real function's errno is the
 * call's result. */
static void ev_read(const void *p, size_t n, uint64_t pc)
{
    int e = errno;
    rv_mem_event(RV_ACT_READ, p, n, pc, 0);
    errno = e;
}
static void ev_write(const void *p, size_t n, uint64_t pc)
{
    int e = errno;
    rv_mem_event(RV_ACT_WRITE, p, n, pc, 0);
    errno = e;
}
/* *p = v at a write event (an out-parameter of pointer size) */
static void put_ptr(void *p, const void *v, uint64_t pc)
{
    ev_write(p, sizeof v, pc);
    memcpy(p, &v, sizeof v);
}
static void taint_io(void)
{
    rv_taint(RV_TAINT_LIBC);
}

/* ------------------------------------------------------------------ */
/* Scans: the prefix of s a function examines, read by events.         */

/* How many bytes of s a scan examines on the bytes as they are now. */
typedef size_t (*scan_len)(const char *s, const void *arg);

/* s[0..len) read at an event; measured again after it and read again if
 * the scan now needs more.  Returns the final length; the caller computes
 * its result on s right away (no event between). */
static size_t read_scan(const char *s, scan_len len, const void *arg, uint64_t pc)
{
    size_t n = len(s, arg);
    for (;;) {
        ev_read(s, n, pc);
        size_t m = len(s, arg);
        if (m <= n) return m;
        n = m;
    }
}

/* strchr: up to the first c, or the terminator */
static size_t chr_len(const char *s, const void *arg)
{
    return (size_t)(strchrnul(s, *(const int *)arg) - s) + 1;
}
/* rawmemchr: up to the first c */
static size_t raw_len(const char *s, const void *arg)
{
    return (size_t)((const char *)rawmemchr(s, *(const int *)arg) - s) + 1;
}
/* strspn: the members of set, and the byte that stops it */
static size_t span_len(const char *s, const void *set)
{
    return strspn(s, set) + 1;
}
static size_t cspan_len(const char *s, const void *set)
{
    return strcspn(s, set) + 1;
}
/* strstr: through the first match, or the whole string */
static size_t str_len(const char *s, const void *needle)
{
    const char *p = strstr(s, needle);
    return p ? (size_t)(p - s) + strlen(needle) : strlen(s) + 1;
}
static size_t casestr_len(const char *s, const void *needle)
{
    const char *p = strcasestr(s, needle);
    return p ? (size_t)(p - s) + strlen(needle) : strlen(s) + 1;
}
/* strtol/strtod and atoi: leading white space, then the longest run of
 * bytes that can belong to a number ("0x1.8p+3", "inf", "nan(abc)"), and
 * the byte that ends it: a superset of what the parser examines, tight
 * for the usual input ("12,3" reads "12,") */
static size_t num_len(const char *s, const void *arg)
{
    size_t i = 0;
    while (isspace((unsigned char)s[i])) i++;
    while (s[i] && (isalnum((unsigned char)s[i]) || strchr("+-._()", s[i]))) i++;
    return i + 1;
}
/* strtok_r: the delimiters before the token, the token, and the byte
 * that ends it */
static size_t tok_len(const char *s, const void *delim)
{
    size_t st = strspn(s, delim);
    if (!s[st]) return st + 1;
    return st + strcspn(s + st, delim) + 1;
}

/* A string argument read whole at an event and copied out (the call reads
 * another range at a later event).  *small is BOUNCE_STACK bytes. */
static char *snap_str(const char *s, char *small, uint64_t pc)
{
    size_t n = rv_read_str(s, pc);
    char *c = rv_bounce_alloc(n, small);
    memcpy(c, s, n);
    return c;
}
static char *snap_strn(const char *s, size_t max, char *small, uint64_t pc)
{
    size_t n = rv_read_strn(s, max, pc);
    char *c = rv_bounce_alloc(n + 1, small);
    memcpy(c, s, n);
    c[n] = 0;
    return c;
}

size_t __ravel_strnlen(const char *s, size_t n)
{
    rv_read_strn(s, n, PC);
    return strnlen(s, n);
}

char *__ravel_strchr(const char *s, int c)
{
    read_scan(s, chr_len, &c, PC);
    return strchr(s, c);
}
char *__ravel_index(const char *s, int c)
{
    read_scan(s, chr_len, &c, PC);
    return strchr(s, c);
}
char *__ravel_strchrnul(const char *s, int c)
{
    read_scan(s, chr_len, &c, PC);
    return strchrnul(s, c);
}
void *__ravel_rawmemchr(const void *s, int c)
{
    read_scan(s, raw_len, &c, PC);
    return rawmemchr(s, c);
}
char *__ravel_strrchr(const char *s, int c)
{
    rv_read_str(s, PC);
    return strrchr(s, c);
}
char *__ravel_rindex(const char *s, int c)
{
    rv_read_str(s, PC);
    return strrchr(s, c);
}

/* memchr reads up to the first c, at most n bytes (no terminator) */
void *__ravel_memchr(const void *s, int c, size_t n)
{
    uint64_t pc = PC;
    for (size_t k = 0;;) {
        const char *p = memchr(s, c, n);
        size_t m = p ? (size_t)(p - (const char *)s) + 1 : n;
        if (k && m <= k) return (void *)p;
        k = m;
        ev_read(s, k, pc);
        if (!k) return NULL;
    }
}
/* memrchr reads from the end down to the last c */
void *__ravel_memrchr(const void *s, int c, size_t n)
{
    uint64_t pc = PC;
    for (size_t k = 0;;) {
        const char *p = memrchr(s, c, n);
        size_t m = p ? n - (size_t)(p - (const char *)s) : n;
        if (k && m <= k) return (void *)p;
        k = m;
        ev_read((const char *)s + n - k, k, pc);
        if (!k) return NULL;
    }
}

/* Two-set scans: the set is read whole and copied out, then the scanned
 * prefix of s. */
#define SET_SCAN(NAME, LEN, RET, CALL)                                                             \
    RET __ravel_##NAME(const char *s, const char *set)                                             \
    {                                                                                              \
        uint64_t pc = PC;                                                                          \
        char small[BOUNCE_STACK];                                                                  \
        char *c = snap_str(set, small, pc);                                                        \
        read_scan(s, LEN, c, pc);                                                                  \
        RET r = CALL(s, c);                                                                        \
        rv_bounce_free(c, small);                                                                  \
        return r;                                                                                  \
    }
SET_SCAN(strspn, span_len, size_t, strspn)
SET_SCAN(strcspn, cspan_len, size_t, strcspn)
SET_SCAN(strpbrk, cspan_len, char *, strpbrk)
SET_SCAN(strstr, str_len, char *, strstr)
SET_SCAN(strcasestr, casestr_len, char *, strcasestr)

/* Comparisons read both strings whole (bounded by n), as strcmp does. */
int __ravel_strncmp(const char *a, const char *b, size_t n)
{
    uint64_t pc = PC;
    char small[BOUNCE_STACK];
    char *c = snap_strn(a, n, small, pc);
    rv_read_strn(b, n, pc);
    int r = strncmp(c, b, n);
    rv_bounce_free(c, small);
    return r;
}
int __ravel_strncasecmp(const char *a, const char *b, size_t n)
{
    uint64_t pc = PC;
    char small[BOUNCE_STACK];
    char *c = snap_strn(a, n, small, pc);
    rv_read_strn(b, n, pc);
    int r = strncasecmp(c, b, n);
    rv_bounce_free(c, small);
    return r;
}
int __ravel_strcasecmp(const char *a, const char *b)
{
    uint64_t pc = PC;
    char small[BOUNCE_STACK];
    char *c = snap_str(a, small, pc);
    rv_read_str(b, pc);
    int r = strcasecmp(c, b);
    rv_bounce_free(c, small);
    return r;
}
int __ravel_strcoll(const char *a, const char *b)
{
    uint64_t pc = PC;
    char small[BOUNCE_STACK];
    char *c = snap_str(a, small, pc);
    rv_read_str(b, pc);
    int r = strcoll(c, b);
    rv_bounce_free(c, small);
    return r;
}
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

/* The token of strtok_r/strtok/strsep: NUL written over the byte that ends
 * it (an event), *save written at an event.  Same results as glibc's
 * __strtok_r: leading delimiters skipped, NULL at the end. */
static char *tokenize(char *s, const char *delim, char **out, uint64_t pc)
{
    char small[BOUNCE_STACK];
    char *d = snap_str(delim, small, pc);
    read_scan(s, tok_len, d, pc);
    size_t st = strspn(s, d);
    char *r = NULL, *next = s + st;
    if (s[st]) {
        size_t en = st + strcspn(s + st, d);
        r = s + st;
        next = s + en;
        if (s[en]) {
            ev_write(s + en, 1, pc);
            s[en] = 0;
            next++;
        }
    }
    rv_bounce_free(d, small);
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
    char *next, *r = NULL;
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
    char small[BOUNCE_STACK];
    char *d = snap_str(delim, small, pc);
    read_scan(s, cspan_len, d, pc);
    size_t en = strcspn(s, d);
    char *next = NULL;
    if (s[en]) {
        ev_write(s + en, 1, pc);
        s[en] = 0;
        next = s + en + 1;
    }
    rv_bounce_free(d, small);
    put_ptr(sp, next, pc);
    return s;
}

/* ------------------------------------------------------------------ */
/* Number parsing: the number's bytes read, *endptr written.           */

static void put_end(char **end, char *e, uint64_t pc)
{
    if (end) put_ptr(end, e, pc);
}

#define STRTO_INT(NAME, T)                                                                         \
    T __ravel_##NAME(const char *s, char **end, int base)                                          \
    {                                                                                              \
        uint64_t pc = PC;                                                                          \
        int e = errno;                                                                             \
        read_scan(s, num_len, NULL, pc);                                                           \
        errno = e;                                                                                 \
        char *ep;                                                                                  \
        T r = NAME(s, &ep, base);                                                                  \
        put_end(end, ep, pc);                                                                      \
        return r;                                                                                  \
    }
#define STRTO_FLT(NAME, T)                                                                         \
    T __ravel_##NAME(const char *s, char **end)                                                    \
    {                                                                                              \
        uint64_t pc = PC;                                                                          \
        int e = errno;                                                                             \
        read_scan(s, num_len, NULL, pc);                                                           \
        errno = e;                                                                                 \
        char *ep;                                                                                  \
        T r = NAME(s, &ep);                                                                        \
        put_end(end, ep, pc);                                                                      \
        return r;                                                                                  \
    }
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
        read_scan(s, num_len, NULL, PC);                                                           \
        errno = e;                                                                                 \
        return NAME(s);                                                                            \
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
    size_t n = rv_read_str(s, pc);
    scan_plan pl;
    if (!scan_parse(fmt, gnu, n, &pl)) {
        taint_io(); /* not understood: its stores are no events */
        errno = e0;
        return vf(s, fmt, ap);
    }
    char small[BOUNCE_STACK];
    char *in = rv_bounce_alloc(n + 2 * pl.total, small);
    memcpy(in, s, n);
    char *a = in + n, *b = a + pl.total;
    void *dest[SCAN_MAX];
    for (int i = 0; i < pl.nargs; i++) dest[i] = va_arg(ap, void *);
    errno = e0;
    scan_run(f, in, fmt, &pl, a, 0);
    errno = e0;
    int r = scan_run(f, in, fmt, &pl, b, 0xff);
    scan_store(dest, &pl, a, b, pc);
    rv_bounce_free(in, small);
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

enum { FMT_ARGS_MAX = 32 };
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

typedef union {
    long l;
    const void *p;
} pf_val;

/* The bytes %s reads of string s with precision prec (-1: none), wide or
 * not, read by events; their number. */
static size_t pf_read(const void *s, bool wide, long prec, uint64_t pc)
{
    if (!wide) return rv_read_strn(s, prec < 0 ? SIZE_MAX : (size_t)prec, pc);
    size_t max = prec < 0 ? SIZE_MAX : (size_t)prec, k = wcsnlen(s, max);
    k = (k + (k < max)) * sizeof(wchar_t);
    ev_read(s, k, pc);
    return k;
}

void rv_printf_events(const char *fmt, va_list ap, uint64_t pc)
{
    if (!rt.active || !rt.running || !fmt) return;
    int e0 = errno;
    pf_plan pl;
    if (!pf_parse(fmt, &pl) || !pl.nconv) {
        errno = e0;
        return;
    }
    pf_val v[FMT_ARGS_MAX];
    va_list aq;
    va_copy(aq, ap);
    for (int i = 0; i < pl.nargs; i++) {
        switch (pl.type[i]) {
        case A_INT:
            v[i].l = va_arg(aq, int);
            break;
        case A_LONG:
            v[i].l = va_arg(aq, long);
            break;
        case A_DBL:
            (void)va_arg(aq, double);
            break;
        case A_LDBL:
            (void)va_arg(aq, long double);
            break;
        default:
            v[i].p = va_arg(aq, const void *);
            break;
        }
    }
    va_end(aq);
    /* each string is read at its own event; when there are several events
     * another thread may change an earlier string before the last one:
     * then all are read again, so that the real function, called right
     * after the last event, reads what the events read */
    size_t cap = 0, used;
    char *snap = NULL;
    bool stable;
    do {
        used = 0;
        for (int k = 0; k < pl.nconv; k++) {
            const pf_conv *c = &pl.conv[k];
            const void *p = v[c->arg].p;
            if (c->conv == 'n') {
                ev_write(p, c->size, pc);
                continue;
            }
            if (!p) continue; /* "(null)" */
            long prec =
                c->prec_arg >= 0 ? (v[c->prec_arg].l < 0 ? -1 : (int)v[c->prec_arg].l) : c->prec;
            size_t n = pf_read(p, c->wide, prec, pc);
            if (pl.nconv == 1) break;
            if (used + n > cap) {
                size_t nc = (used + n) * 2;
                char *m = __libc_malloc(nc);
                if (!m) rv_end_exec(RV_END_INTERNAL, 0, 0, "cannot allocate %zu bytes", nc);
                if (snap) memcpy(m, snap, used), __libc_free(snap);
                snap = m, cap = nc;
            }
            memcpy(snap + used, p, n);
            used += n;
        }
        stable = true;
        if (pl.nconv > 1) {
            size_t at = 0;
            for (int k = 0; k < pl.nconv && stable; k++) {
                const pf_conv *c = &pl.conv[k];
                const void *p = v[c->arg].p;
                if (c->conv == 'n' || !p) continue;
                long prec = c->prec_arg >= 0 ? (v[c->prec_arg].l < 0 ? -1 : (int)v[c->prec_arg].l)
                                             : c->prec;
                size_t max = prec < 0 ? SIZE_MAX : (size_t)prec, n;
                if (c->wide) {
                    n = wcsnlen(p, max);
                    n = (n + (n < max)) * sizeof(wchar_t);
                } else {
                    n = strnlen(p, max);
                    n += n < max;
                }
                stable = at + n <= used && !memcmp(snap + at, p, n);
                at += n;
            }
        }
    } while (!stable);
    __libc_free(snap);
    errno = e0;
}

int __ravel_vprintf(const char *fmt, va_list ap)
{
    rv_printf_events(fmt, ap, PC);
    return vprintf(fmt, ap);
}
int __ravel_printf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    rv_printf_events(fmt, ap, PC);
    int r = vprintf(fmt, ap);
    va_end(ap);
    return r;
}
int __ravel_vfprintf(FILE *f, const char *fmt, va_list ap)
{
    rv_printf_events(fmt, ap, PC);
    return vfprintf(f, fmt, ap);
}
int __ravel_fprintf(FILE *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    rv_printf_events(fmt, ap, PC);
    int r = vfprintf(f, fmt, ap);
    va_end(ap);
    return r;
}
int __ravel_vdprintf(int fd, const char *fmt, va_list ap)
{
    rv_printf_events(fmt, ap, PC);
    return vdprintf(fd, fmt, ap);
}
int __ravel_dprintf(int fd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    rv_printf_events(fmt, ap, PC);
    int r = vdprintf(fd, fmt, ap);
    va_end(ap);
    return r;
}
/* asprintf: the string comes from the C library's allocator (free gives
 * it back there); *strp is written at an event */
int __ravel_vasprintf(char **strp, const char *fmt, va_list ap)
{
    uint64_t pc = PC;
    rv_printf_events(fmt, ap, pc);
    char *s;
    int r = vasprintf(&s, fmt, ap);
    if (r >= 0) put_ptr(strp, s, pc);
    return r;
}
int __ravel_asprintf(char **strp, const char *fmt, ...)
{
    uint64_t pc = PC;
    va_list ap;
    va_start(ap, fmt);
    rv_printf_events(fmt, ap, pc);
    char *s;
    int r = vasprintf(&s, fmt, ap);
    va_end(ap);
    if (r >= 0) put_ptr(strp, s, pc);
    return r;
}
int __ravel_puts(const char *s)
{
    rv_read_str(s, PC);
    return puts(s);
}
int __ravel_fputs(const char *s, FILE *f)
{
    rv_read_str(s, PC);
    return fputs(s, f);
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
/* The clock: outputs written at events (the time itself is outside the
 * program: tainted, as before). */

time_t __ravel_time(time_t *t)
{
    uint64_t pc = PC;
    taint_io();
    time_t r = time(NULL);
    if (t && r != (time_t)-1) {
        ev_write(t, sizeof *t, pc);
        *t = r;
    }
    return r;
}
int __ravel_gettimeofday(struct timeval *tv, void *tz)
{
    uint64_t pc = PC;
    taint_io();
    struct timeval a;
    struct timezone z;
    int r = gettimeofday(&a, tz ? &z : NULL);
    if (r == 0) {
        if (tv) {
            ev_write(tv, sizeof a, pc);
            *tv = a;
        }
        if (tz) {
            ev_write(tz, sizeof z, pc);
            memcpy(tz, &z, sizeof z);
        }
    }
    return r;
}
int __ravel_clock_gettime(clockid_t c, struct timespec *ts)
{
    uint64_t pc = PC;
    taint_io();
    struct timespec a;
    int r = clock_gettime(c, &a);
    if (r == 0) {
        ev_write(ts, sizeof a, pc);
        *ts = a;
    }
    return r;
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
