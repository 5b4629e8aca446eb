/* System-call-like C library functions that store into the program's
 * memory through a pointer argument (issue 27; src/runtime/sysout.c).
 * Unwrapped, their stores were no events: main's read of d looked
 * independent of fc's call, and every explorer but dfs ran one order and
 * said "no error, exhaustive".  Wrapped, each stored range is written at a
 * write event.  main prepares d (and what the call needs), fc makes an
 * event first (done = 1) so that its call is not part of its creation,
 * then calls; main reads d[W], a byte the call stores with a value other
 * than main's: 2 traces, the assertion fails in the one where main reads
 * after the call.  With -DINDEP main reads d[U], a byte the call does not
 * store (next to those it does): 1 trace, no error (a write event wider
 * than the bytes stored would make 2).  OP selects the function. */
#define _GNU_SOURCE
#include <assert.h>
#include <fcntl.h>
#include <iconv.h>
#include <netdb.h>
#include <poll.h>
#include <pthread.h>
#include <pwd.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <sys/utsname.h>
#include <unistd.h>
#include <wchar.h>

unsigned char d[512] __attribute__((aligned(16)));
int done, p[2], sk[2];
char pwbuf[1024];
iconv_t cd;

#if OP == 0 /* pipe: the two descriptors */
#define W 0
#define U 8
#elif OP == 1 || OP == 2 || OP == 3 || OP == 4 /* stat, lstat, fstat, fstatat */
#define W (offsetof(struct stat, st_mode) + 1) /* S_IFDIR >> 8 */
#define U sizeof(struct stat)
#elif OP == 5 /* getcwd into 256 bytes */
#define W 0
#define U 300
#elif OP == 6 /* realpath "/" */
#define W 0
#define U 2
#elif OP == 7 /* readlink, 3 bytes */
#define W 0
#define U 3
#elif OP == 8 /* uname */
#define W 0
#define U sizeof(struct utsname)
#elif OP == 9 /* gethostname into 100 bytes */
#define W 0
#define U 100
#elif OP == 10 /* getrlimit */
#define W 0
#define U sizeof(struct rlimit)
#elif OP == 11 || OP == 12 /* readv, preadv of /dev/zero into d[0..2) and d[4..6) */
#define W 4
#define U 2
#elif OP == 13 || OP == 14 /* recvfrom, recvmsg of "xy" */
#define W 0
#define U 2
#elif OP == 15 /* getsockopt SO_TYPE: an int, its length elsewhere */
#define W 0
#define U 4
#elif OP == 16 || OP == 17 /* getsockname, getpeername of an unnamed AF_UNIX socket */
#define W 0
#define U 2    /* only the family is stored */
#elif OP == 18 /* select: the pipe's empty read end cleared */
#define W (p[0] / 8)
#define U 100
#elif OP == 19 /* poll: revents */
#define W offsetof(struct pollfd, revents)
#define U 0    /* fd: not stored */
#elif OP == 20 /* getpwuid_r(0): the struct's pw_uid */
#define W offsetof(struct passwd, pw_uid)
#define U sizeof(struct passwd)
#elif OP == 21 /* fgetpos: __pos, not __state */
#define W 0
#define U 8
#elif OP == 22 || OP == 23 /* fgets_unlocked "xy\n" and its NUL, fread_unlocked 3 bytes */
#define W 0
#define U 4
#elif OP == 24 /* getaddrinfo's *res */
#define W 0
#define U 8
#elif OP == 25 /* iconv "xy" */
#define W 0
#define U 2
#elif OP == 26 /* fgetws L"xy\n" and L'\0' from a pipe */
#define W 0
#define U 16
#else /* accept: the client's unnamed address, the family only */
#define W 0
#define U 2
#endif
#ifdef INDEP
#define AT U
#else
#define AT W
#endif

static void prepare(void)
{
    memset(d, 0xaa, sizeof d);
#if OP == 13 || OP == 14 || OP == 15 || OP == 16 || OP == 17
    socketpair(AF_UNIX, SOCK_STREAM, 0, sk);
    write(sk[1], "xy", 2);
#elif OP == 18
    pipe(p);
    FD_ZERO((fd_set *)d);
    FD_SET(p[0], (fd_set *)d);
#elif OP == 19
    pipe(p);
    struct pollfd q = {p[0], POLLIN, 0x5555};
    memcpy(d, &q, sizeof q);
#elif OP == 25
    cd = iconv_open("UTF-8", "ASCII");
#elif OP == 26
    pipe(p);
    write(p[1], "xy\n", 3);
    close(p[1]);
#endif
}

void *fc(void *a)
{
    done = 1;
#if OP == 0
    pipe((int *)d);
#elif OP == 1
    stat("/", (struct stat *)d);
#elif OP == 2
    lstat("/", (struct stat *)d);
#elif OP == 3
    int fd = open("/", O_RDONLY);
    fstat(fd, (struct stat *)d);
    close(fd);
#elif OP == 4
    fstatat(AT_FDCWD, "/", (struct stat *)d, 0);
#elif OP == 5
    getcwd((char *)d, 256);
#elif OP == 6
    realpath("/", (char *)d);
#elif OP == 7
    readlink("/proc/self/exe", (char *)d, 3);
#elif OP == 8
    uname((struct utsname *)d);
#elif OP == 9
    gethostname((char *)d, 100);
#elif OP == 10
    getrlimit(RLIMIT_NOFILE, (struct rlimit *)d);
#elif OP == 11 || OP == 12
    int fd = open("/dev/zero", O_RDONLY);
    struct iovec v[2] = {{d, 2}, {d + 4, 2}};
#if OP == 11
    readv(fd, v, 2);
#else
    preadv(fd, v, 2, 0);
#endif
    close(fd);
#elif OP == 13
    socklen_t n = 0;
    recvfrom(sk[0], d, 2, 0, NULL, &n);
#elif OP == 14
    struct iovec v = {d, 2};
    struct msghdr m = {.msg_iov = &v, .msg_iovlen = 1};
    recvmsg(sk[0], &m, 0);
#elif OP == 15
    socklen_t n = sizeof(int);
    getsockopt(sk[0], SOL_SOCKET, SO_TYPE, d, &n);
#elif OP == 16 || OP == 17
    socklen_t n = 64;
#if OP == 16
    getsockname(sk[0], (struct sockaddr *)d, &n);
#else
    getpeername(sk[0], (struct sockaddr *)d, &n);
#endif
#elif OP == 18
    struct timeval tv = {0, 0};
    select(p[0] + 1, (fd_set *)d, NULL, NULL, &tv);
#elif OP == 19
    poll((struct pollfd *)d, 1, 0);
#elif OP == 20
    struct passwd *r;
    getpwuid_r(0, (struct passwd *)d, pwbuf, sizeof pwbuf, &r);
#elif OP == 21
    FILE *f = fopen("/dev/null", "r");
    fgetpos(f, (fpos_t *)d);
    fclose(f);
#elif OP == 22 || OP == 23
    FILE *f = fmemopen("xy\n", 3, "r");
#if OP == 22
    fgets_unlocked((char *)d, 8, f);
#else
    volatile size_t three = 3; /* not constant: no inline expansion (bits/stdio.h) */
    fread_unlocked(d, 1, three, f);
#endif
    fclose(f);
#elif OP == 24
    struct addrinfo h = {.ai_flags = AI_NUMERICHOST, .ai_family = AF_INET};
    getaddrinfo("127.0.0.1", NULL, &h, (struct addrinfo **)d);
#elif OP == 25
    char in[] = "xy", *ip = in, *op = (char *)d;
    size_t il = 2, ol = 2;
    iconv(cd, &ip, &il, &op, &ol);
#elif OP == 26
    FILE *f = fdopen(p[0], "r");
    fgetws((wchar_t *)d, 8, f);
    fclose(f);
#else
    int l = socket(AF_UNIX, SOCK_STREAM, 0), c = socket(AF_UNIX, SOCK_STREAM, 0);
    struct {
        sa_family_t f;
        char path[108];
    } sa = {AF_UNIX, ""};
    /* an abstract name of this process: two runs at once (the test areas
     * run in parallel) must not share the listening socket */
    int k = snprintf(sa.path + 1, sizeof sa.path - 1, "ravel-outsys-accept-%d", (int)getpid());
    socklen_t al = (socklen_t)(sizeof sa.f + 1 + (size_t)k);
    bind(l, (struct sockaddr *)&sa, al);
    listen(l, 1);
    connect(c, (struct sockaddr *)&sa, al);
    socklen_t n = 64;
    int s = accept(l, (struct sockaddr *)d, &n);
    close(s), close(c), close(l);
#endif
    return 0;
}

int main(void)
{
    prepare();
    unsigned char want = d[AT];
    pthread_t t;
    pthread_create(&t, 0, fc, 0);
    unsigned char c = d[AT];
    pthread_join(t, 0);
    assert(c == want); /* fails when main reads after fc's call stored d[AT] */
    return 0;
}
