/* The wrapped C library functions (src/runtime/libcmem.c, memory.c) give
 * the C library's results: return values, errno, and every byte of the
 * buffers they write, edge cases included (NULL endptr, n = 0, empty
 * needles, conversions that fail, %n, truncation).  Built with plain cc it
 * prints a digest of all of them; under ravel, built with -DEXPECT=<that
 * digest>, it asserts the same digest (tests/libc/run.sh, t_equiv). */
#define _GNU_SOURCE
#include <assert.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static uint64_t h = 1469598103934665603ull;
static void mix_(const void *p, size_t n, int line)
{
    const unsigned char *c = p;
    for (size_t i = 0; i < n; i++) h = (h ^ c[i]) * 1099511628211ull;
#ifdef TRACE
    fprintf(stderr, "%d %llx\n", line, (unsigned long long)h);
#endif
}
#define mix(p, n) mix_(p, n, __LINE__)
#define num(v) num_(v, __LINE__)
static void num_(long long v, int line)
{
    mix_(&v, sizeof v, line);
}
static void off(const void *p, const void *base)
{
    num(p ? (const char *)p - (const char *)base : -1);
}
static int cmp_int(const void *a, const void *b)
{
    return (*(const int *)a > *(const int *)b) - (*(const int *)a < *(const int *)b);
}
static int cmp_key(const void *a, const void *b)
{
    return ((const int *)a)[0] / 10 - ((const int *)b)[0] / 10; /* equal keys: stability */
}
static int cmp_r(const void *a, const void *b, void *arg)
{
    return *(int *)arg * cmp_int(a, b);
}

int main(void)
{
    char b[64], c[64];
    int i1, i2, n1, n2;
    char *e;
    /* sscanf */
    memset(b, 'z', sizeof b), memset(c, 'z', sizeof c), i1 = i2 = n1 = n2 = -7;
    num(sscanf("12 abc 34x", "%d %s %n%d%n", &i1, b, &n1, &i2, &n2));
    num(i1), num(i2), num(n1), num(n2), mix(b, sizeof b);
    memset(b, 'z', sizeof b), i1 = -7;
    num(sscanf("xyz7", "%[x-y]%1c%d", b, c, &i1)), mix(b, sizeof b), mix(c, 4), num(i1);
    i1 = -7, n1 = -7;
    num(sscanf("", "%d%n", &i1, &n1)), num(i1), num(n1);
    num(sscanf("5 q", "%d%n %d", &i1, &n1, &i2)), num(i1), num(n1), num(i2);
    short sh = 0;
    signed char hh = 0;
    double dd = 0;
    long long ll = 0;
    num(sscanf("-3 300 2.5 99999999999", "%hhd %hd %lf %lld", &hh, &sh, &dd, &ll));
    num(hh), num(sh), mix(&dd, sizeof dd), num(ll);
    num(sscanf("1 2", "%2$d %1$d", &i1, &i2)), num(i1), num(i2);
    char *ms = NULL;
    num(sscanf("hello world", "%*s %ms", &ms)), mix(ms, strlen(ms) + 1);
    free(ms);
    memset(b, 'z', sizeof b);
    num(sscanf("abcdefgh", "%3s", b)), mix(b, sizeof b);
    /* strto*, ato* */
    errno = 0;
    num(strtol("  -0x1fz", &e, 0)), num(errno);
    const char *s1 = "  -0x1fz";
    num(strtol(s1, &e, 0)), off(e, s1);
    num(strtol(s1, NULL, 16));
    const char *s2 = "99999999999999999999";
    errno = 0;
    num(strtol(s2, &e, 10)), off(e, s2), num(errno);
    errno = 0;
    num((long long)strtoul("-1", NULL, 10)), num(errno);
    const char *s3 = "0xg";
    num(strtol(s3, &e, 16)), off(e, s3);
    const char *s4 = "1.5e+x";
    double d = strtod(s4, &e);
    mix(&d, sizeof d), off(e, s4);
    d = strtod("inf", NULL), mix(&d, sizeof d);
    float f = strtof("nan(12)", &e);
    mix(&f, sizeof f);
    num(atoi(" 42abc")), num(atol("-7")), num(atoll("123456789012")), d = atof("2.25"), mix(&d, sizeof d);
    /* scans */
    const char *t = "hello, world";
    off(strchr(t, 'o'), t), off(strchr(t, 0), t), off(strchr(t, 'q'), t), off(strrchr(t, 'o'), t);
    num(strnlen(t, 0)), num(strnlen(t, 3)), num(strnlen(t, 100));
    off(memchr(t, 'w', 0), t), off(memchr(t, 'w', 12), t), off(memchr(t, 'q', 12), t);
    off(memrchr(t, 'l', 12), t), off(strchrnul(t, 'q'), t), off(rawmemchr(t, ','), t);
    off(strstr(t, ""), t), off(strstr(t, "wor"), t), off(strstr(t, "worlds"), t);
    off(strcasestr(t, "WOR"), t);
    num(strspn(t, "hel")), num(strcspn(t, ", ")), off(strpbrk(t, "w,"), t), off(strpbrk(t, "q"), t);
    num(strncmp("abc", "abd", 0) == 0), num(strncmp("abc", "abd", 2)), num(strncmp("abc", "abd", 3) < 0);
    num(strcasecmp("HeLLo", "hello")), num(strncasecmp("abX", "ABy", 2)), num(strcoll("a", "b") < 0);
    num(bcmp("ab", "ac", 2) != 0);
    /* strtok_r, strtok, strsep */
    char tk[] = ",,a,b,,c,";
    char *save = NULL, *p;
    for (p = strtok_r(tk, ",", &save); p; p = strtok_r(NULL, ",", &save)) off(p, tk);
    off(save, tk), mix(tk, sizeof tk);
    char tk2[] = " x  y ";
    for (p = strtok(tk2, " "); p; p = strtok(NULL, " ")) off(p, tk2);
    mix(tk2, sizeof tk2);
    char tk3[] = "a,,b", *sp = tk3;
    while ((p = strsep(&sp, ","))) off(p, tk3);
    mix(tk3, sizeof tk3);
    /* sprintf family */
    memset(b, 'z', sizeof b);
    num(snprintf(b, 0, "%s", "abc")), num(snprintf(b, 3, "%s-%d", "abc", 5)), mix(b, sizeof b);
    num(sprintf(b, "%.*s|%5.2s|%-4s|%n", 2, "wxyz", "pq", "r", &n1)), num(n1), mix(b, sizeof b);
    num(snprintf(b, sizeof b, "%2$s %1$s", "a", "b")), mix(b, sizeof b);
    num(snprintf(b, sizeof b, "%s %ls %c %p", (char *)NULL, L"wide", 'k', (void *)0)), mix(b, sizeof b);
    char *as = NULL;
    num(asprintf(&as, "%s%d", "v", 3)), mix(as, strlen(as) + 1);
    free(as);
    /* mem functions */
    char m[16] = "0123456789";
    bcopy(m, m + 2, 5), mix(m, sizeof m);
    off(mempcpy(m, "ab", 2), m), mix(m, sizeof m);
    bzero(m + 4, 3), mix(m, sizeof m);
    /* qsort (stable for equal keys, as glibc's merge sort), qsort_r, bsearch */
    int a[] = {31, 12, 35, 11, 33, 14, 32, 2, 1};
    qsort(a, 9, sizeof *a, cmp_key), mix(a, sizeof a);
    qsort(a, 0, sizeof *a, cmp_int), qsort(a, 1, sizeof *a, cmp_int), mix(a, sizeof a);
    int dir = -1;
    qsort_r(a, 9, sizeof *a, cmp_r, &dir), mix(a, sizeof a);
    qsort(a, 9, sizeof *a, cmp_int);
    int key = 14;
    off(bsearch(&key, a, 9, sizeof *a, cmp_int), a);
    key = 15;
    off(bsearch(&key, a, 9, sizeof *a, cmp_int), a);
    /* input */
    FILE *in = fmemopen("line one\nx\0y\n\nlast", 19, "r");
    memset(b, 'z', sizeof b);
    off(fgets(b, 5, in), b), mix(b, sizeof b);
    off(fgets(b, 64, in), b), mix(b, sizeof b);
    off(fgets(b, 1, in), b), mix(b, sizeof b);
    char *line = NULL;
    size_t cap = 0;
    ssize_t got;
    while ((got = getline(&line, &cap, in)) >= 0) num(got), num(cap), mix(line, (size_t)got + 1);
    num(got), num(feof(in) != 0);
    free(line);
    rewind(in);
    memset(b, 'z', sizeof b);
    num(fread(b, 3, 4, in)), num(fread(b + 20, 5, 3, in)), mix(b, sizeof b);
    fclose(in);
    char dig[32];
    snprintf(dig, sizeof dig, "0x%016llxull", (unsigned long long)h);
#ifdef EXPECT
    assert(h == EXPECT);
#else
    puts(dig);
#endif
    return 0;
}
