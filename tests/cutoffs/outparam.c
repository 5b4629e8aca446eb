/* Issue 27 part 2: a runtime entry point that stores through a pointer
 * the program passes, in the shape that made the default mode miss a bug
 * when the store was no event.  One program per row of outparam.tsv
 * (tests/cutoffs/run.sh builds it with the row's macros):
 *   OUT(p)  the call, storing into *p (p is &g1 or &g2, a T *);
 *   GINIT   the initialiser of g0, g1 and g2 (default {0}), and INIT(p)
 *           main's code that prepares each (default none), so that the
 *           call's store changes g1;
 *   SETUP() main's preparation (objects the call needs);
 *   BUG()   true when the call reached g1 (default: g1 differs from g0).
 * A row writes each global over the same range as the call does, or not
 * at all (a static initialiser), and calls no C library function the
 * runtime does not wrap: writes to partially overlapping ranges and such
 * calls make the states unique (docs/UDPOR.md), and nothing would be cut.
 * fa's branch (on x, which fb sets) chooses which global receives the
 * result, and the branch that chose g1 has one more event (a yield): it is
 * the larger configuration.  The pointer is dropped (out's frame is
 * wiped), fa and fb meet at two semaphores, and after the cutoff point
 * fa checks g1 only when fb ran first (y), an interleaving explored after
 * the cut.  If the store is not part of the state, the two branches fold
 * to one state at the meeting point and the default mode cuts off the
 * one with the bug: "no error, exhaustive" where dfs finds it (was so for
 * pthread_create's *thread, pthread_join's *retval, the attribute
 * getters, ...).  Template of docs/UDPOR.md "What a state contains". */
#define _GNU_SOURCE
/* the pre-C99 sscanf and vsscanf under their own names (the headers would
 * redirect them to __isoc99_sscanf; a symbol label would mark the program
 * as containing uninstrumented code, and no state would be cut) */
#include <features.h>
#undef __GLIBC_USE_DEPRECATED_SCANF
#define __GLIBC_USE_DEPRECATED_SCANF 1
#include <arpa/inet.h>
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <iconv.h>
#include <inttypes.h>
#include <math.h>
#include <netdb.h>
#include <poll.h>
#include <pthread.h>
#include <pwd.h>
#include <sched.h>
#include <semaphore.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/timeb.h>
#include <sys/times.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <threads.h>
#include <time.h>
#include <unistd.h>
#include <wchar.h>

/* single-token names for T */
typedef void *vptr;
typedef char *cptr;
typedef char buf16[16];
typedef int ints4[4];
typedef char pathbuf[4096];

#ifndef T
#define T int
#endif
#ifndef GINIT
#define GINIT                                                                                      \
    {                                                                                              \
        0                                                                                          \
    }
#endif
#ifndef INIT
#define INIT(p) ((void)(p))
#endif
#ifndef SETUP
#define SETUP()
#endif
#ifndef BUG
#define BUG() (memcmp(&g1, &g0, sizeof g1) != 0)
#endif

T g0 = GINIT, g1 = GINIT, g2 = GINIT;

/* what the rows' calls use */
pthread_attr_t pa;
pthread_mutexattr_t ma;
pthread_condattr_t ca;
pthread_rwlockattr_t ra;
pthread_barrierattr_t ba;
sem_t sv;
struct sched_param sp;
cpu_set_t cs;
sigset_t ss;
char stackbuf[1 << 16] __attribute__((aligned(4096)));
char shared[16] = "a b";
const char *src = "12x";
char *h, *b1, *b2;
FILE *f;
int fd, sk[2];
char dbbuf[4096]; /* the strings of the user and group database rows */
void *dbres;
iconv_t cd;
/* A listening AF_UNIX socket with one pending connection, for accept:
 * bound by the kernel to a fresh abstract name (autobind: no file, no
 * clash with another run), and the peer is unnamed, so accept stores
 * just sun_family (AF_UNIX) into the address. */
int listener(void)
{
    struct sockaddr_un a = {.sun_family = AF_UNIX};
    socklen_t n = sizeof a;
    int l = socket(AF_UNIX, SOCK_STREAM, 0), c = socket(AF_UNIX, SOCK_STREAM, 0);
    if (l < 0 || c < 0 || bind(l, (struct sockaddr *)&a, sizeof(sa_family_t)) ||
        getsockname(l, (struct sockaddr *)&a, &n) || listen(l, 1) ||
        connect(c, (struct sockaddr *)&a, n))
        abort();
    return l;
}
/* The terminal side of a new pseudo-terminal, for ttyname_r. */
int terminal(void)
{
    int m = posix_openpt(O_RDWR | O_NOCTTY);
    if (m < 0 || grantpt(m) || unlockpt(m)) abort();
    int t = open(ptsname(m), O_RDWR | O_NOCTTY);
    if (t < 0) abort();
    return t;
}
void *empty(void *a)
{
    return (void *)7;
}
int empty11(void *a)
{
    return 7;
}
int cmp(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}
int cmp_r(const void *a, const void *b, void *c)
{
    return *(const int *)a - *(const int *)b;
}
int vsp(char *d, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vsprintf(d, fmt, ap);
    va_end(ap);
    return r;
}
int vsnp(char *d, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vsnprintf(d, n, fmt, ap);
    va_end(ap);
    return r;
}
int vasp(char **d, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vasprintf(d, fmt, ap);
    va_end(ap);
    return r;
}
int vp(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vprintf(fmt, ap);
    va_end(ap);
    return r;
}
int vfp(FILE *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vfprintf(o, fmt, ap);
    va_end(ap);
    return r;
}
int vdp(int d, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vdprintf(d, fmt, ap);
    va_end(ap);
    return r;
}
extern int __isoc99_sscanf(const char *, const char *, ...);
extern int __isoc99_vsscanf(const char *, const char *, va_list);
int vss(const char *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vsscanf(s, fmt, ap);
    va_end(ap);
    return r;
}
int vss99(const char *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = __isoc99_vsscanf(s, fmt, ap);
    va_end(ap);
    return r;
}
char name16[16];
char *getname(void)
{
    pthread_getname_np(pthread_self(), name16, sizeof name16);
    return name16;
}
int policy(void)
{
    int pol = -1;
    struct sched_param q;
    pthread_getschedparam(pthread_self(), &pol, &q);
    return pol;
}
/* sigset_t's first word holds signals 1-64 (sigaddset and friends are C
 * library functions the runtime does not wrap: they would make the
 * states unique) */
unsigned long sigbit(int sig)
{
    return 1ul << (sig - 1);
}
int blocked(int sig)
{
    sigset_t cur;
    pthread_sigmask(SIG_BLOCK, NULL, &cur);
    return (cur.__val[0] & sigbit(sig)) != 0;
}
sigset_t usr1 = {{1ul << (SIGUSR1 - 1)}}, usr2 = {{1ul << (SIGUSR2 - 1)}};
int cancel_state(void)
{
    int o;
    pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, &o);
    pthread_setcancelstate(o, NULL);
    return o;
}
/* exit handlers (atexit rows): the first fails once armed, at exit */
int armed;
void exit1(void)
{
    assert(!armed);
}
void exit2(void) {}
void exit1s(int st, void *a)
{
    assert(!armed);
}
void exit2s(int st, void *a) {}
void exit1a(void *a)
{
    assert(!armed);
}
void exit2a(void *a) {}
extern void *__dso_handle;
int __cxa_atexit(void (*)(void *), void *, void *);

int x, y;
sem_t s, t;

/* Overwrites what the branch's calls left below fa's frame (never an
 * event: the array does not escape), so that only the stored bytes can
 * tell the two branches apart. */
__attribute__((noinline)) static void wipe(void)
{
    char z[8192];
    for (int i = 0; i < (int)sizeof z; i++) z[i] = 0;
}
__attribute__((noinline)) static void out(T *p)
{
    OUT(p);
}
void *fa(void *a)
{
    if (x) {
        out(&g1);
        sched_yield(); /* one more event: this branch is the larger configuration */
    } else {
        out(&g2);
    }
    wipe();
    sem_post(&s);
    sem_wait(&t);
    if (y) assert(!BUG()); /* only when fb ran first: explored after the cut */
    return 0;
}
void *fb(void *a)
{
    x = 1;
    sem_wait(&s);
    sem_post(&t);
    y = 1;
    return 0;
}
int main(void)
{
    pthread_t ta, tb;
    SETUP();
    INIT(&g0);
    INIT(&g1);
    INIT(&g2);
    sem_init(&s, 0, 0);
    sem_init(&t, 0, 0);
    pthread_create(&ta, 0, fa, 0);
    pthread_create(&tb, 0, fb, 0);
    pthread_join(ta, 0);
    pthread_join(tb, 0);
    return 0;
}
