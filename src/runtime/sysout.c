/*
 * sysout.c — system-call-like C library functions that store into the
 * program's memory through pointer arguments (stat, pipe, readv, recvmsg,
 * select, poll, getcwd, getpwnam_r, ...), as events (issue 27: a store
 * without an event let `ravel check` say "no error, exhaustive" of a
 * program whose bug needs another thread to read the bytes before the
 * call stored them; compile.c's `writes_through_pointers` named them).
 *
 * Contract (progmem.c): each wrapper
 *  - reads every input the call depends on in the program's memory at a
 *    read event and works on the copy (a path at rv_snap_str's events, an
 *    iovec array, a msghdr, the fd_sets and pollfds, which are in-out);
 *  - lets the C library (the kernel) store into a bounce buffer, then
 *    writes exactly the bytes the call reports stored at write events
 *    (rv_out), each event right before its store.  Where the call reports
 *    no count (gethostname, fgetpos, ttyname_r, the passwd and group
 *    lookups) it runs twice, into buffers filled with 0x00 and 0xff: a byte
 *    was stored when both runs hold the same value, and each run of stored
 *    bytes is written at its own event;
 *  - returns what the C library returns, with its errno (kept across every
 *    event: the scheduler may run other threads in between).
 * A call that blocks (accept, wait, waitpid, select, poll, recv*, readv on
 * a pipe) blocks in the C library with no other thread of the program
 * scheduled meanwhile: the program's threads share one OS thread, so a
 * call that waits for another of its own threads waits for ever (as a
 * read on an empty pipe always did).
 * Calls that change state outside the program's memory (a descriptor
 * made or consumed, a stream's or directory's position, a child reaped,
 * the C library's own heap and an iconv descriptor's shift state) also
 * taint the state (RV_TAINT_LIBC), as their trampoline did; compile.c's
 * `wrapped_io` keeps every function of this file on the fork engine
 * under --engine=auto, as before it was wrapped (none was reset-safe),
 * and under --engine=reset the engine's descriptor check sees the pipe or
 * socket made here as it saw the unwrapped call's.
 * The malloc'd results (realpath and getcwd with a NULL buffer) come from
 * the runtime's heap (__ravel_malloc), so the program's free takes them;
 * getaddrinfo's list stays the C library's (freeaddrinfo frees it there,
 * and the program's reads of it are its own events).
 * Outside an execution (rt.active false) the events are no-ops and the
 * wrappers behave as the C library.
 *
 * pipe, pipe2 and socketpair also tell pipes.c, which makes the results
 * non-exhaustive where threads may order themselves through them.
 * Owns: no state; everything is the program's memory, read and written at
 * events.
 */
#include "rt.h"
#include "strev.h"

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <iconv.h>
#include <limits.h>
#include <netdb.h>
#include <poll.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/timeb.h>
#include <sys/times.h>
#include <sys/uio.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>
#include <wchar.h>

#define PC RV_PC()

extern void *__ravel_malloc(size_t);
extern void *__libc_malloc(size_t);
extern void __libc_free(void *);

enum { IO_MAX = 1 << 20 }; /* above it, a read is stored in place (libcmem.c's limit) */

static void taint_sys(void)
{
    rv_taint(RV_TAINT_LIBC);
}

/* The path at s read at events into sn (NULL stays NULL: the call's
 * EFAULT). */
static const char *path_in(rv_snap *sn, const char *s, uint64_t pc)
{
    rv_snap_init(sn);
    if (!s) return NULL;
    rv_snap_str(sn, s, SIZE_MAX, pc);
    return sn->p;
}

/* *p = v at an event (v of n bytes) when ok. */
static void out_if(bool ok, void *p, const void *v, size_t n, uint64_t pc)
{
    if (ok && p) rv_out(p, v, n, pc);
}

/* The bytes of two runs of a call into d (b0 filled with 0x00, b1 with
 * 0xff beforehand): a byte was stored when both runs hold the same value;
 * each run of stored bytes is written at its own event. */
static void out_stored(void *d, const unsigned char *b0, const unsigned char *b1, size_t n,
                       uint64_t pc)
{
    for (size_t i = 0; i < n;) {
        if (b0[i] != b1[i]) {
            i++;
            continue;
        }
        size_t j = i;
        while (j < n && b0[j] == b1[j]) j++;
        rv_out((char *)d + i, b1 + i, j - i, pc);
        i = j;
    }
}

/* ------------------------------------------------------------------ */
/* Descriptors made: the pair stored on success. */

int __ravel_pipe(int fd[2])
{
    uint64_t pc = PC;
    taint_sys();
    int b[2];
    int r = pipe(fd ? b : NULL);
    out_if(r == 0, fd, b, sizeof b, pc);
    if (r == 0) rv_pipe_made("pipe", pc);
    return r;
}
int __ravel_pipe2(int fd[2], int flags)
{
    uint64_t pc = PC;
    taint_sys();
    int b[2];
    int r = pipe2(fd ? b : NULL, flags);
    out_if(r == 0, fd, b, sizeof b, pc);
    if (r == 0) rv_pipe_made("pipe2", pc);
    return r;
}
/* socketpair: AF_UNIX only exists; the pair is a pipe both ways. */
int __ravel_socketpair(int domain, int type, int proto, int sv[2])
{
    uint64_t pc = PC;
    taint_sys();
    int b[2];
    int r = socketpair(domain, type, proto, sv ? b : NULL);
    out_if(r == 0, sv, b, sizeof b, pc);
    if (r == 0) rv_pipe_made("socketpair", pc);
    return r;
}

/* ------------------------------------------------------------------ */
/* File status: the kernel stores the whole structure, on success only.
 * The 64 variants are what the headers call under _FILE_OFFSET_BITS=64
 * (the same layout on x86-64). */

#define STAT_PATH(NAME, ST)                                                                        \
    int __ravel_##NAME(const char *path, struct ST *st)                                            \
    {                                                                                              \
        uint64_t pc = PC;                                                                          \
        rv_snap sn;                                                                                \
        struct ST b;                                                                               \
        int r = NAME(path_in(&sn, path, pc), st ? &b : NULL);                                      \
        int e = errno;                                                                             \
        rv_snap_free(&sn);                                                                         \
        out_if(r == 0, st, &b, sizeof b, pc);                                                      \
        errno = e;                                                                                 \
        return r;                                                                                  \
    }
STAT_PATH(stat, stat)
STAT_PATH(lstat, stat)
STAT_PATH(stat64, stat64)
STAT_PATH(lstat64, stat64)

#define STAT_FD(NAME, ST)                                                                          \
    int __ravel_##NAME(int fd, struct ST *st)                                                      \
    {                                                                                              \
        uint64_t pc = PC;                                                                          \
        struct ST b;                                                                               \
        int r = NAME(fd, st ? &b : NULL);                                                          \
        out_if(r == 0, st, &b, sizeof b, pc);                                                      \
        return r;                                                                                  \
    }
STAT_FD(fstat, stat)
STAT_FD(fstat64, stat64)

#define STAT_AT(NAME, ST)                                                                          \
    int __ravel_##NAME(int dfd, const char *path, struct ST *st, int flags)                        \
    {                                                                                              \
        uint64_t pc = PC;                                                                          \
        rv_snap sn;                                                                                \
        struct ST b;                                                                               \
        int r = NAME(dfd, path_in(&sn, path, pc), st ? &b : NULL, flags);                          \
        int e = errno;                                                                             \
        rv_snap_free(&sn);                                                                         \
        out_if(r == 0, st, &b, sizeof b, pc);                                                      \
        errno = e;                                                                                 \
        return r;                                                                                  \
    }
STAT_AT(fstatat, stat)
STAT_AT(fstatat64, stat64)

/* ------------------------------------------------------------------ */
/* Paths and names. */

/* The string s (len bytes with its NUL) in a block of the runtime's heap
 * of at least `size` bytes, written at an event: what the program frees. */
static char *heap_copy(const char *s, size_t size, uint64_t pc)
{
    size_t len = strlen(s) + 1;
    char *d = __ravel_malloc(size > len ? size : len);
    if (!d) {
        errno = ENOMEM;
        return NULL;
    }
    rv_out(d, s, len, pc);
    return d;
}

/* getcwd stores the path and its NUL on success (the kernel's getcwd);
 * with a NULL buffer glibc allocates `size` bytes (0: as many as needed) */
char *__ravel_getcwd(char *buf, size_t size)
{
    uint64_t pc = PC;
    if (!buf) {
        char *s = getcwd(NULL, size);
        if (!s) return NULL;
        char *d = heap_copy(s, size, pc);
        __libc_free(s);
        return d;
    }
    size_t bn = size < IO_MAX ? size : IO_MAX; /* a path is shorter: the same result */
    char small[BOUNCE_STACK];
    char *b = rv_bounce_alloc(bn ? bn : 1, small);
    char *r = bn ? getcwd(b, bn) : getcwd(buf, 0); /* size 0: EINVAL, nothing stored */
    int e = errno;
    if (r && bn) rv_out(buf, b, strlen(b) + 1, pc);
    rv_bounce_free(b, small);
    errno = e;
    return r ? buf : NULL;
}

/* realpath stores the resolved path and its NUL, and on failure the
 * prefix that failed (glibc): found as the first NUL of a buffer filled
 * with 1 (any stored string ends in one). */
char *__ravel_realpath(const char *path, char *resolved)
{
    uint64_t pc = PC;
    rv_snap sn;
    const char *p = path_in(&sn, path, pc);
    if (!resolved) {
        char *s = realpath(p, NULL);
        int e = errno;
        rv_snap_free(&sn);
        char *d = s ? heap_copy(s, 0, pc) : NULL;
        if (s) __libc_free(s);
        if (!s) errno = e;
        return d;
    }
    char *b = __libc_malloc(PATH_MAX + 1);
    if (!b) rv_end_exec(RV_END_INTERNAL, pc, 0, "cannot allocate a copy buffer");
    memset(b, 1, PATH_MAX + 1);
    char *r = realpath(p, b);
    int e = errno;
    rv_snap_free(&sn);
    char *z = memchr(b, 0, PATH_MAX + 1);
    if (z) rv_out(resolved, b, (size_t)(z - b) + 1, pc);
    __libc_free(b);
    errno = e;
    return r ? resolved : NULL;
}

/* readlink stores the r bytes it returns (no NUL) */
ssize_t __ravel_readlink(const char *path, char *buf, size_t size)
{
    uint64_t pc = PC;
    rv_snap sn;
    const char *p = path_in(&sn, path, pc);
    /* a link's text is at most a page (PATH_MAX): a larger buffer gets
     * the same result */
    size_t bn = size < PATH_MAX ? size : PATH_MAX;
    char small[BOUNCE_STACK];
    char *b = rv_bounce_alloc(bn ? bn : 1, small);
    ssize_t r = bn ? readlink(p, b, bn) : readlink(p, buf, 0);
    int e = errno;
    rv_snap_free(&sn);
    if (r > 0) rv_out(buf, b, (size_t)r, pc);
    rv_bounce_free(b, small);
    errno = e;
    return r;
}

/* gethostname stores min(len, strlen + 1) bytes, also when it fails with
 * ENAMETOOLONG: two runs (out_stored) */
int __ravel_gethostname(char *name, size_t len)
{
    uint64_t pc = PC;
    size_t bn = len < HOST_NAME_MAX + 1 ? len : HOST_NAME_MAX + 1;
    if (!bn) return gethostname(name, len);
    char s0[HOST_NAME_MAX + 1], s1[HOST_NAME_MAX + 1];
    memset(s0, 0, bn);
    memset(s1, 0xff, bn);
    gethostname(s0, bn);
    int r = gethostname(s1, bn);
    int e = errno;
    out_stored(name, (unsigned char *)s0, (unsigned char *)s1, bn, pc);
    errno = e;
    return r;
}

/* Two runs of a lookup into a buffer of n bytes; `run` calls the C
 * library on (b, n) and returns its result. */
typedef int (*run_fn)(char *b, size_t n, const void *arg);
static int twice_into(void *d, size_t n, run_fn run, const void *arg, uint64_t pc)
{
    char s0[BOUNCE_STACK], s1[BOUNCE_STACK];
    char *b0 = rv_bounce_alloc(n, s0), *b1 = rv_bounce_alloc(n, s1);
    memset(b0, 0, n);
    memset(b1, 0xff, n);
    run(b0, n, arg);
    int r = run(b1, n, arg);
    int e = errno;
    out_stored(d, (unsigned char *)b0, (unsigned char *)b1, n, pc);
    rv_bounce_free(b1, s1);
    rv_bounce_free(b0, s0);
    errno = e;
    return r;
}
static int run_ttyname(char *b, size_t n, const void *fd)
{
    return ttyname_r(*(const int *)fd, b, n);
}
static int run_ptsname(char *b, size_t n, const void *fd)
{
    return ptsname_r(*(const int *)fd, b, n);
}
/* a terminal's name is short: a larger buffer gets the same result */
enum { TTY_MAX = 4096 };
int __ravel_ttyname_r(int fd, char *buf, size_t len)
{
    uint64_t pc = PC;
    if (!len || len > TTY_MAX) {
        /* len 0: ERANGE, nothing stored; else bound it */
        if (!len) return ttyname_r(fd, buf, len);
        len = TTY_MAX;
    }
    return twice_into(buf, len, run_ttyname, &fd, pc);
}
int __ravel_ptsname_r(int fd, char *buf, size_t len)
{
    uint64_t pc = PC;
    if (!buf || !len) return ptsname_r(fd, buf, len);
    if (len > TTY_MAX) len = TTY_MAX;
    return twice_into(buf, len, run_ptsname, &fd, pc);
}

/* ------------------------------------------------------------------ */
/* Process and system information: one structure, stored on success. */

#define INFO(NAME, RET, FAIL, ST, PARAMS, ARGS)                                                    \
    RET __ravel_##NAME PARAMS                                                                      \
    {                                                                                              \
        uint64_t pc = PC;                                                                          \
        ST b;                                                                                      \
        RET r = NAME ARGS;                                                                         \
        out_if(r != (FAIL), out, &b, sizeof b, pc);                                                \
        return r;                                                                                  \
    }
INFO(times, clock_t, (clock_t)-1, struct tms, (struct tms * out), (out ? &b : NULL))
INFO(uname, int, -1, struct utsname, (struct utsname * out), (out ? &b : NULL))
INFO(getrusage, int, -1, struct rusage, (int who, struct rusage *out), (who, out ? &b : NULL))
INFO(getrlimit, int, -1, struct rlimit, (int res, struct rlimit *out), (res, out ? &b : NULL))
INFO(getrlimit64, int, -1, struct rlimit64, (int res, struct rlimit64 *out), (res, out ? &b : NULL))
/* ftime is deprecated, still exported; the program's call is bound here */
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
INFO(ftime, int, -1, struct timeb, (struct timeb * out), (out ? &b : NULL))
#pragma clang diagnostic pop

/* wait and waitpid store *status only when a child was reaped (pid > 0) */
pid_t __ravel_waitpid(pid_t pid, int *status, int opts)
{
    uint64_t pc = PC;
    taint_sys();
    int s;
    pid_t r = waitpid(pid, status ? &s : NULL, opts);
    out_if(r > 0, status, &s, sizeof s, pc);
    return r;
}
pid_t __ravel_wait(int *status)
{
    uint64_t pc = PC;
    taint_sys();
    int s;
    pid_t r = wait(status ? &s : NULL);
    out_if(r > 0, status, &s, sizeof s, pc);
    return r;
}

/* getentropy stores all n bytes or none; getrandom the r it returns */
int __ravel_getentropy(void *d, size_t n)
{
    uint64_t pc = PC;
    if (!d || n > 256) return getentropy(d, n); /* EFAULT or EIO, nothing stored */
    unsigned char b[256];
    int r = getentropy(b, n);
    out_if(r == 0 && n, d, b, n, pc);
    return r;
}
ssize_t __ravel_getrandom(void *d, size_t n, unsigned flags)
{
    uint64_t pc = PC;
    if (!d || n > IO_MAX) {
        if (d) rv_out_event(d, n, pc); /* the whole range: more than is stored */
        return getrandom(d, n, flags);
    }
    char small[BOUNCE_STACK];
    char *b = rv_bounce_alloc(n ? n : 1, small);
    ssize_t r = getrandom(b, n, flags);
    out_if(r > 0, d, b, r > 0 ? (size_t)r : 0, pc);
    rv_bounce_free(b, small);
    return r;
}

/* ------------------------------------------------------------------ */
/* Scattered input: the iovec array read at an event, the bytes received
 * into one bounce buffer, each buffer written over the part filled. */

/* iov[0..n) copied at a read event into cp (n > 0, n <= IOV_MAX); the
 * total length, or -1 when it exceeds SSIZE_MAX (the call's EINVAL) */
static ssize_t iov_in(struct iovec *cp, const struct iovec *iov, int n, uint64_t pc)
{
    rv_in(cp, iov, (size_t)n * sizeof *cp, pc);
    size_t t = 0;
    for (int i = 0; i < n; i++)
        if (__builtin_add_overflow(t, cp[i].iov_len, &t) || t > SSIZE_MAX) return -1;
    return (ssize_t)t;
}
/* b[0..got) written over the buffers cp[0..n) in order */
static void iov_out(const struct iovec *cp, int n, const char *b, size_t got, uint64_t pc)
{
    for (int i = 0; i < n && got; i++) {
        size_t k = cp[i].iov_len < got ? cp[i].iov_len : got;
        if (k) rv_out(cp[i].iov_base, b, k, pc);
        b += k;
        got -= k;
    }
}
/* the same when the data went in place: the events over all of it */
static void iov_events(const struct iovec *cp, int n, uint64_t pc)
{
    for (int i = 0; i < n; i++)
        if (cp[i].iov_len) rv_out_event(cp[i].iov_base, cp[i].iov_len, pc);
}

enum { IOV_LOCAL = 64 };

static ssize_t readv_common(int fd, const struct iovec *iov, int n, bool at, off_t off, uint64_t pc)
{
    taint_sys();
    if (n <= 0 || n > IOV_MAX) return at ? preadv(fd, iov, n, off) : readv(fd, iov, n);
    struct iovec local[IOV_LOCAL];
    struct iovec *cp = n <= IOV_LOCAL ? local : __libc_malloc((size_t)n * sizeof *cp);
    if (!cp) rv_end_exec(RV_END_INTERNAL, pc, 0, "cannot allocate a copy of %d iovecs", n);
    ssize_t t = iov_in(cp, iov, n, pc), r;
    if (t < 0 || t > IO_MAX) {
        /* EINVAL, or in place after events over every buffer */
        if (t > 0) iov_events(cp, n, pc);
        r = at ? preadv(fd, cp, n, off) : readv(fd, cp, n);
    } else {
        char small[BOUNCE_STACK];
        char *b = rv_bounce_alloc(t ? (size_t)t : 1, small);
        struct iovec one = {b, (size_t)t};
        r = at ? preadv(fd, &one, 1, off) : readv(fd, &one, 1);
        int e = errno;
        if (r > 0) iov_out(cp, n, b, (size_t)r, pc);
        rv_bounce_free(b, small);
        errno = e;
    }
    if (cp != local) __libc_free(cp);
    return r;
}
ssize_t __ravel_readv(int fd, const struct iovec *iov, int n)
{
    return readv_common(fd, iov, n, false, 0, PC);
}
ssize_t __ravel_preadv(int fd, const struct iovec *iov, int n, off_t off)
{
    return readv_common(fd, iov, n, true, off, PC);
}
ssize_t __ravel_preadv64(int fd, const struct iovec *iov, int n, off_t off)
{
    return readv_common(fd, iov, n, true, off, PC);
}

/* ------------------------------------------------------------------ */
/* Sockets.  An address out-parameter (addr, *len) is in-out: *len read at
 * an event; on success the kernel stores min(*len, the address's length)
 * bytes of the address and the length itself (move_addr_to_user). */

typedef struct {
    struct sockaddr_storage a;
    socklen_t in, len;
} addr_buf;

/* *len read at an event (addr and len both given: else the call's own
 * EFAULT or no address at all) */
static bool addr_in(addr_buf *ab, struct sockaddr *addr, socklen_t *len, uint64_t pc)
{
    if (!addr || !len) return false;
    rv_in(&ab->in, len, sizeof *len, pc);
    ab->len = ab->in < sizeof ab->a ? ab->in : (socklen_t)sizeof ab->a;
    return true;
}
static void addr_out(const addr_buf *ab, struct sockaddr *addr, socklen_t *len, uint64_t pc)
{
    socklen_t k = ab->len < ab->in ? ab->len : ab->in;
    if (k) rv_out(addr, &ab->a, k, pc);
    rv_out(len, &ab->len, sizeof *len, pc);
}
/* a program buffer larger than sockaddr_storage: the call gets it in
 * place, after events over it and the length (more than is stored) */
static bool addr_in_place(const addr_buf *ab, struct sockaddr *addr, socklen_t *len, uint64_t pc)
{
    if (ab->in <= sizeof ab->a) return false;
    rv_out_event(addr, ab->in, pc);
    rv_out_event(len, sizeof *len, pc);
    return true;
}

#define ADDR_CALL(NAME, RET, PARAMS, CALL_B, CALL_D, TAINT)                                        \
    RET __ravel_##NAME PARAMS                                                                      \
    {                                                                                              \
        uint64_t pc = PC;                                                                          \
        if (TAINT) taint_sys();                                                                    \
        addr_buf ab;                                                                               \
        if (!addr_in(&ab, addr, len, pc) || addr_in_place(&ab, addr, len, pc)) return CALL_D;      \
        RET r = CALL_B;                                                                            \
        int e = errno;                                                                             \
        if (r >= 0) addr_out(&ab, addr, len, pc);                                                  \
        errno = e;                                                                                 \
        return r;                                                                                  \
    }
ADDR_CALL(accept, int, (int fd, struct sockaddr *addr, socklen_t *len),
          accept(fd, (struct sockaddr *)&ab.a, &ab.len), accept(fd, addr, len), true)
ADDR_CALL(accept4, int, (int fd, struct sockaddr *addr, socklen_t *len, int fl),
          accept4(fd, (struct sockaddr *)&ab.a, &ab.len, fl), accept4(fd, addr, len, fl), true)
ADDR_CALL(getsockname, int, (int fd, struct sockaddr *addr, socklen_t *len),
          getsockname(fd, (struct sockaddr *)&ab.a, &ab.len), getsockname(fd, addr, len), false)
ADDR_CALL(getpeername, int, (int fd, struct sockaddr *addr, socklen_t *len),
          getpeername(fd, (struct sockaddr *)&ab.a, &ab.len), getpeername(fd, addr, len), false)

/* recvfrom: the bytes received (as recv, libcmem.c) and the sender */
ssize_t __ravel_recvfrom(int fd, void *d, size_t n, int fl, struct sockaddr *addr, socklen_t *len)
{
    uint64_t pc = PC;
    taint_sys();
    addr_buf ab;
    bool has = addr_in(&ab, addr, len, pc);
    if (n > IO_MAX || (has && addr_in_place(&ab, addr, len, pc))) {
        rv_out_event(d, n, pc);
        if (has && ab.in <= sizeof ab.a) rv_out_event(addr, ab.in, pc);
        if (has) rv_out_event(len, sizeof *len, pc);
        return recvfrom(fd, d, n, fl, addr, len);
    }
    char small[BOUNCE_STACK];
    char *b = rv_bounce_alloc(n ? n : 1, small);
    /* without an address the program's own (NULL or a bad len) goes in */
    ssize_t r = has ? recvfrom(fd, b, n, fl, (struct sockaddr *)&ab.a, &ab.len)
                    : recvfrom(fd, b, n, fl, addr, len);
    int e = errno;
    if (r > 0) rv_out(d, b, (size_t)r, pc);
    if (r >= 0 && has) addr_out(&ab, addr, len, pc);
    rv_bounce_free(b, small);
    errno = e;
    return r;
}

/* recvmsg: the msghdr and its iovec array read at events; on success the
 * data over the iovec buffers, the sender and msg_namelen (when msg_name
 * is set: the kernel stores min(msg_namelen, the address's length)
 * bytes), the control bytes and msg_controllen, and msg_flags */
enum { CTL_MAX = 1 << 16 };

/* in place, after events over everything the call may store */
static ssize_t recvmsg_in_place(int fd, struct msghdr *msg, const struct msghdr *m,
                                const struct iovec *cp, int n, int fl, uint64_t pc)
{
    iov_events(cp, n, pc);
    if (m->msg_name && m->msg_namelen) rv_out_event(m->msg_name, m->msg_namelen, pc);
    if (m->msg_control && m->msg_controllen) rv_out_event(m->msg_control, m->msg_controllen, pc);
    rv_out_event(msg, sizeof *msg, pc);
    return recvmsg(fd, msg, fl);
}

static ssize_t recvmsg_bounce(int fd, struct msghdr *msg, const struct msghdr *m,
                              const struct iovec *cp, int n, size_t t, int fl, uint64_t pc)
{
    char small[BOUNCE_STACK];
    char *b = rv_bounce_alloc(t ? t : 1, small);
    struct sockaddr_storage name;
    char *ctl = m->msg_control ? __libc_malloc(m->msg_controllen ? m->msg_controllen : 1) : NULL;
    if (m->msg_control && !ctl)
        rv_end_exec(RV_END_INTERNAL, pc, 0, "cannot allocate a copy buffer");
    struct iovec one = {b, t};
    struct msghdr lm = *m;
    lm.msg_iov = &one;
    lm.msg_iovlen = 1;
    if (m->msg_name) { /* the kernel takes at most a sockaddr_storage */
        lm.msg_name = &name;
        if (lm.msg_namelen > sizeof name) lm.msg_namelen = sizeof name;
    }
    if (m->msg_control) lm.msg_control = ctl;
    ssize_t r = recvmsg(fd, &lm, fl);
    int e = errno;
    if (r >= 0) {
        iov_out(cp, n, b, (size_t)r, pc);
        if (m->msg_name) {
            socklen_t k = lm.msg_namelen < m->msg_namelen ? lm.msg_namelen : m->msg_namelen;
            if (k) rv_out(m->msg_name, &name, k, pc);
            rv_out(&msg->msg_namelen, &lm.msg_namelen, sizeof lm.msg_namelen, pc);
        }
        if (m->msg_control && lm.msg_controllen) rv_out(m->msg_control, ctl, lm.msg_controllen, pc);
        rv_out(&msg->msg_controllen, &lm.msg_controllen, sizeof lm.msg_controllen, pc);
        rv_out(&msg->msg_flags, &lm.msg_flags, sizeof lm.msg_flags, pc);
    }
    if (ctl) __libc_free(ctl);
    rv_bounce_free(b, small);
    errno = e;
    return r;
}

ssize_t __ravel_recvmsg(int fd, struct msghdr *msg, int fl)
{
    uint64_t pc = PC;
    taint_sys();
    if (!msg) return recvmsg(fd, msg, fl);
    struct msghdr m;
    rv_in(&m, msg, sizeof m, pc);
    /* EMSGSIZE or EFAULT: nothing stored */
    if (m.msg_iovlen > IOV_MAX || (m.msg_iovlen && !m.msg_iov)) return recvmsg(fd, msg, fl);
    int n = (int)m.msg_iovlen;
    struct iovec local[IOV_LOCAL];
    struct iovec *cp = n <= IOV_LOCAL ? local : __libc_malloc((size_t)n * sizeof *cp);
    if (!cp) rv_end_exec(RV_END_INTERNAL, pc, 0, "cannot allocate a copy of %d iovecs", n);
    ssize_t t = n ? iov_in(cp, m.msg_iov, n, pc) : 0, r;
    if (t < 0)
        r = recvmsg(fd, msg, fl); /* EINVAL */
    else if (t > IO_MAX || m.msg_controllen > CTL_MAX)
        r = recvmsg_in_place(fd, msg, &m, cp, n, fl, pc);
    else
        r = recvmsg_bounce(fd, msg, &m, cp, n, (size_t)t, fl, pc);
    if (cp != local) __libc_free(cp);
    return r;
}

/* getsockopt: *len read at an event; on success the value's bytes the
 * kernel reports (min of the new *len and the buffer) and *len */
int __ravel_getsockopt(int fd, int level, int opt, void *val, socklen_t *len)
{
    uint64_t pc = PC;
    if (!len) return getsockopt(fd, level, opt, val, len);
    socklen_t in;
    rv_in(&in, len, sizeof in, pc);
    if (!val || in > CTL_MAX) {
        if (val) rv_out_event(val, in, pc);
        rv_out_event(len, sizeof *len, pc);
        return getsockopt(fd, level, opt, val, len);
    }
    char small[BOUNCE_STACK];
    char *b = rv_bounce_alloc(in ? in : 1, small);
    socklen_t k = in;
    int r = getsockopt(fd, level, opt, b, &k);
    int e = errno;
    if (r == 0) {
        socklen_t s = k < in ? k : in;
        if (s) rv_out(val, b, s, pc);
        rv_out(len, &k, sizeof k, pc);
    }
    rv_bounce_free(b, small);
    errno = e;
    return r;
}

/* ------------------------------------------------------------------ */
/* select and poll: the sets are in-out. */

/* select's sets are FDS_BYTES(n) bytes (whole longs), read at events and
 * stored on success; a valid nonzero timeout is stored (the time left)
 * whatever the outcome, as Linux does (poll_select_finish) */
int __ravel_select(int n, fd_set *rs, fd_set *ws, fd_set *es, struct timeval *tv)
{
    uint64_t pc = PC;
    size_t k = n > 0 ? ((size_t)n + 63) / 64 * 8 : 0;
    fd_set *in[3] = {rs, ws, es};
    struct timeval t;
    if (tv) rv_in(&t, tv, sizeof t, pc);
    bool tv_stored = tv && (t.tv_sec || t.tv_usec) && t.tv_sec >= 0 && t.tv_usec >= 0;
    if (k > sizeof(fd_set)) { /* beyond FD_SETSIZE: in place, after events */
        for (int i = 0; i < 3; i++)
            if (in[i]) rv_out_event(in[i], k, pc);
        if (tv_stored) rv_out_event(tv, sizeof *tv, pc);
        return select(n, rs, ws, es, tv);
    }
    fd_set c[3];
    for (int i = 0; i < 3; i++)
        if (in[i]) rv_in(&c[i], in[i], k, pc);
    int r = select(n, rs ? &c[0] : NULL, ws ? &c[1] : NULL, es ? &c[2] : NULL, tv ? &t : NULL);
    int e = errno;
    if (r >= 0)
        for (int i = 0; i < 3; i++)
            if (in[i] && k) rv_out(in[i], &c[i], k, pc);
    if (tv_stored) rv_out(tv, &t, sizeof t, pc);
    errno = e;
    return r;
}

/* poll reads the array and stores each entry's revents (also when a
 * signal interrupts it) */
enum { POLL_LOCAL = 64 };
int __ravel_poll(struct pollfd *fds, nfds_t n, int timeout)
{
    uint64_t pc = PC;
    if (!fds || !n || n > (nfds_t)1 << 20) return poll(fds, n, timeout);
    struct pollfd local[POLL_LOCAL];
    struct pollfd *c = n <= POLL_LOCAL ? local : __libc_malloc(n * sizeof *c);
    if (!c) rv_end_exec(RV_END_INTERNAL, pc, 0, "cannot allocate a copy of %lu pollfds", n);
    rv_in(c, fds, n * sizeof *c, pc);
    int r = poll(c, n, timeout);
    int e = errno;
    if (r >= 0 || e == EINTR)
        for (nfds_t i = 0; i < n; i++)
            rv_out(&fds[i].revents, &c[i].revents, sizeof c[i].revents, pc);
    if (c != local) __libc_free(c);
    errno = e;
    return r;
}

/* ------------------------------------------------------------------ */
/* Streams: the position and unlocked input. */

static int run_fgetpos(char *b, size_t n, const void *f)
{
    return fgetpos((FILE *)f, (fpos_t *)b);
}
static int run_fgetpos64(char *b, size_t n, const void *f)
{
    return fgetpos64((FILE *)f, (fpos64_t *)b);
}
/* fgetpos stores __pos, and __state only for a stateful wide encoding:
 * two runs (it changes nothing) */
int __ravel_fgetpos(FILE *f, fpos_t *pos)
{
    return twice_into(pos, sizeof *pos, run_fgetpos, f, PC);
}
int __ravel_fgetpos64(FILE *f, fpos64_t *pos)
{
    return twice_into(pos, sizeof *pos, run_fgetpos64, f, PC);
}

/* fgets_unlocked and fread_unlocked: as fgets and fread (libcmem.c) */
char *__ravel_fgets_unlocked(char *d, int n, FILE *f)
{
    uint64_t pc = PC;
    taint_sys();
    if (n <= 0) return fgets_unlocked(d, n, f);
    char small[BOUNCE_STACK];
    char *b = rv_bounce_alloc((size_t)n, small);
    memset(b, 0xff, (size_t)n);
    char *r = fgets_unlocked(b, n, f);
    int e = errno;
    if (r) {
        size_t k = (size_t)n; /* the terminator: the last byte not 0xff */
        while (k && (unsigned char)b[k - 1] == 0xff) k--;
        rv_out(d, b, k, pc);
    }
    rv_bounce_free(b, small);
    errno = e;
    return r ? d : NULL;
}
size_t __ravel_fread_unlocked(void *d, size_t size, size_t nmemb, FILE *f)
{
    uint64_t pc = PC;
    taint_sys();
    size_t total;
    if (__builtin_mul_overflow(size, nmemb, &total) || total > IO_MAX) {
        rv_out_event(d, total, pc); /* the whole range: more than is stored */
        return fread_unlocked(d, size, nmemb, f);
    }
    if (!total) return 0;
    char small[BOUNCE_STACK];
    char *b = rv_bounce_alloc(total, small);
    size_t got = fread_unlocked(b, 1, total, f);
    int e = errno;
    if (got) rv_out(d, b, got, pc);
    rv_bounce_free(b, small);
    errno = e;
    return got == total ? nmemb : got / size;
}

/* fgetws stores the characters read and L'\0'; WEOF is never stored, so
 * with the buffer filled with it the terminator is the last other one */
wchar_t *__ravel_fgetws(wchar_t *d, int n, FILE *f)
{
    uint64_t pc = PC;
    taint_sys();
    if (n <= 0 || (size_t)n > IO_MAX / sizeof(wchar_t)) {
        if (n > 0) rv_out_event(d, (size_t)n * sizeof *d, pc);
        return fgetws(d, n, f);
    }
    char small[BOUNCE_STACK];
    wchar_t *b = rv_bounce_alloc((size_t)n * sizeof *b, small);
    for (int i = 0; i < n; i++) b[i] = (wchar_t)WEOF;
    wchar_t *r = fgetws(b, n, f);
    int e = errno;
    if (r) {
        size_t k = (size_t)n;
        while (k && b[k - 1] == (wchar_t)WEOF) k--;
        rv_out(d, b, k * sizeof *b, pc);
    }
    rv_bounce_free(b, small);
    errno = e;
    return r ? d : NULL;
}

/* ------------------------------------------------------------------ */
/* The user and group databases: the struct, the strings in the buffer
 * (found by two runs: the C library's parser stores into both even for
 * the entries that do not match) and *result.  The struct's pointers into
 * the bounce buffer are moved to the program's buffer before they are
 * compared and written. */

typedef struct {
    bool grp, by_id;
    const char *name;
    unsigned id;
    size_t buflen;
} db_query;

enum { DB_BUF_MAX = 1 << 20 };

static char *rebase(char *p, const char *from, char *to, size_t n)
{
    return p && p >= from && p < from + n ? to + (p - from) : p;
}
static void pw_rebase(struct passwd *pw, const char *from, char *to, size_t n)
{
    pw->pw_name = rebase(pw->pw_name, from, to, n);
    pw->pw_passwd = rebase(pw->pw_passwd, from, to, n);
    pw->pw_gecos = rebase(pw->pw_gecos, from, to, n);
    pw->pw_dir = rebase(pw->pw_dir, from, to, n);
    pw->pw_shell = rebase(pw->pw_shell, from, to, n);
}
/* gr_mem's array lies in the buffer (b, the copy): its entries are moved
 * before the array's own pointer */
static void gr_rebase(struct group *gr, char *from, char *to, size_t n)
{
    gr->gr_name = rebase(gr->gr_name, from, to, n);
    gr->gr_passwd = rebase(gr->gr_passwd, from, to, n);
    char *a = (char *)gr->gr_mem;
    if (!a || a < from || a >= from + n) return;
    for (char *e = a; e + sizeof(char *) <= from + n; e += sizeof(char *)) {
        char *v;
        memcpy(&v, e, sizeof v);
        if (!v) break;
        v = rebase(v, from, to, n);
        memcpy(e, &v, sizeof v);
    }
    gr->gr_mem = (char **)rebase(a, from, to, n);
}

/* One run of the query into (st, b); *res as the C library left it. */
static int db_run(const db_query *q, void *st, char *b, void **res)
{
    if (q->grp)
        return q->by_id ? getgrgid_r(q->id, st, b, q->buflen, (struct group **)res)
                        : getgrnam_r(q->name, st, b, q->buflen, (struct group **)res);
    return q->by_id ? getpwuid_r(q->id, st, b, q->buflen, (struct passwd **)res)
                    : getpwnam_r(q->name, st, b, q->buflen, (struct passwd **)res);
}

static int db_lookup(db_query *q, void *st, char *buf, void **result, uint64_t pc)
{
    taint_sys();
    if (!st || !buf || !result || q->buflen > DB_BUF_MAX) {
        /* unusual: in place after events over all it may store */
        if (st) rv_out_event(st, q->grp ? sizeof(struct group) : sizeof(struct passwd), pc);
        if (buf) rv_out_event(buf, q->buflen, pc);
        if (result) rv_out_event(result, sizeof *result, pc);
        void *r0;
        int r = db_run(q, st, buf, result ? result : &r0);
        return r;
    }
    size_t sn = q->grp ? sizeof(struct group) : sizeof(struct passwd), n = q->buflen;
    union {
        struct passwd pw;
        struct group gr;
    } s0, s1;
    /* the copies at the program buffer's address modulo 16: glibc aligns
     * gr_mem's array by the address */
    size_t mis = (uintptr_t)buf & 15;
    char k0[BOUNCE_STACK], k1[BOUNCE_STACK];
    char *a0 = rv_bounce_alloc(n + 32, k0), *a1 = rv_bounce_alloc(n + 32, k1);
    char *b0 = (char *)(((uintptr_t)a0 + 15) & ~(uintptr_t)15) + mis;
    char *b1 = (char *)(((uintptr_t)a1 + 15) & ~(uintptr_t)15) + mis;
    memset(&s0, 0, sizeof s0);
    memset(&s1, 0xff, sizeof s1);
    memset(b0, 0, n);
    memset(b1, 0xff, n);
    void *r0, *r1;
    db_run(q, &s0, b0, &r0);
    int r = db_run(q, &s1, b1, &r1);
    int e = errno;
    if (q->grp) {
        gr_rebase(&s0.gr, b0, buf, n);
        gr_rebase(&s1.gr, b1, buf, n);
    } else {
        pw_rebase(&s0.pw, b0, buf, n);
        pw_rebase(&s1.pw, b1, buf, n);
    }
    out_stored(st, (unsigned char *)&s0, (unsigned char *)&s1, sn, pc);
    out_stored(buf, (unsigned char *)b0, (unsigned char *)b1, n, pc);
    void *res = r1 == (void *)&s1 ? st : r1;
    rv_out(result, &res, sizeof res, pc);
    rv_bounce_free(a1, k1);
    rv_bounce_free(a0, k0);
    errno = e;
    return r;
}

int __ravel_getpwnam_r(const char *name, struct passwd *pw, char *buf, size_t n,
                       struct passwd **res)
{
    uint64_t pc = PC;
    rv_snap sn;
    db_query q = {false, false, path_in(&sn, name, pc), 0, n};
    int r = db_lookup(&q, pw, buf, (void **)res, pc);
    rv_snap_free(&sn);
    return r;
}
int __ravel_getpwuid_r(uid_t uid, struct passwd *pw, char *buf, size_t n, struct passwd **res)
{
    db_query q = {false, true, NULL, uid, n};
    return db_lookup(&q, pw, buf, (void **)res, PC);
}
int __ravel_getgrnam_r(const char *name, struct group *gr, char *buf, size_t n, struct group **res)
{
    uint64_t pc = PC;
    rv_snap sn;
    db_query q = {true, false, path_in(&sn, name, pc), 0, n};
    int r = db_lookup(&q, gr, buf, (void **)res, pc);
    rv_snap_free(&sn);
    return r;
}
int __ravel_getgrgid_r(gid_t gid, struct group *gr, char *buf, size_t n, struct group **res)
{
    db_query q = {true, true, NULL, gid, n};
    return db_lookup(&q, gr, buf, (void **)res, PC);
}

/* ------------------------------------------------------------------ */
/* getaddrinfo: node, service and *hints read at events; the list is the
 * C library's allocation (freeaddrinfo frees it there), so the only store
 * into the program's memory is *res, on success. */
int __ravel_getaddrinfo(const char *node, const char *service, const struct addrinfo *hints,
                        struct addrinfo **res)
{
    uint64_t pc = PC;
    taint_sys();
    rv_snap sn, ss;
    const char *nd = path_in(&sn, node, pc), *sv = path_in(&ss, service, pc);
    struct addrinfo h;
    if (hints) rv_in(&h, hints, sizeof h, pc);
    struct addrinfo *out = NULL;
    int r = getaddrinfo(nd, sv, hints ? &h : NULL, res ? &out : NULL);
    int e = errno;
    rv_snap_free(&ss);
    rv_snap_free(&sn);
    out_if(r == 0, res, &out, sizeof out, pc);
    errno = e;
    return r;
}

/* ------------------------------------------------------------------ */
/* iconv: the four in-out words and the input read at events; the output
 * written over the bytes converted, then the words.  The descriptor's
 * shift state is the C library's (tainted). */
size_t __ravel_iconv(iconv_t cd, char **inb, size_t *inl, char **outb, size_t *outl)
{
    uint64_t pc = PC;
    taint_sys();
    char *ip = NULL, *op = NULL;
    size_t il = 0, ol = 0;
    bool has_in = inb && inl, has_out = outb && outl;
    if (inb) rv_in(&ip, inb, sizeof ip, pc);
    if (has_in && ip) rv_in(&il, inl, sizeof il, pc);
    if (has_out) {
        rv_in(&op, outb, sizeof op, pc);
        rv_in(&ol, outl, sizeof ol, pc);
    }
    has_in = has_in && ip;
    if ((has_in && il > IO_MAX) || (has_out && op && ol > IO_MAX)) {
        if (has_in) rv_out_event(inb, sizeof *inb, pc), rv_out_event(inl, sizeof *inl, pc);
        if (has_out) {
            rv_out_event(op, ol, pc);
            rv_out_event(outb, sizeof *outb, pc), rv_out_event(outl, sizeof *outl, pc);
        }
        return iconv(cd, inb, inl, outb, outl);
    }
    char si[BOUNCE_STACK], so[BOUNCE_STACK];
    char *bi = has_in ? rv_bounce_alloc(il ? il : 1, si) : NULL;
    char *bo = has_out && op ? rv_bounce_alloc(ol ? ol : 1, so) : NULL;
    if (has_in && il) rv_in(bi, ip, il, pc);
    char *ci = bi, *co = bo;
    size_t cil = il, col = ol;
    size_t r = iconv(cd, has_in ? &ci : NULL, has_in ? &cil : NULL, has_out && op ? &co : NULL,
                     has_out && op ? &col : NULL);
    int e = errno;
    if (bo && co > bo) rv_out(op, bo, (size_t)(co - bo), pc);
    if (has_in) {
        char *np = ip + (ci - bi);
        rv_out(inb, &np, sizeof np, pc);
        rv_out(inl, &cil, sizeof cil, pc);
    }
    if (bo) {
        char *np = op + (co - bo);
        rv_out(outb, &np, sizeof np, pc);
        rv_out(outl, &col, sizeof col, pc);
    }
    if (bo) rv_bounce_free(bo, so);
    if (bi) rv_bounce_free(bi, si);
    errno = e;
    return r;
}
