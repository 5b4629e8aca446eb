/* C library functions that read the program's memory through a pointer
 * argument (issue 13 part 6: "no shared access is invisible").  Their
 * reads were no events: main's write of s looked independent of fc's
 * call, and every explorer but dfs ran one order.  They are wrapped
 * (src/runtime/libcmem.c) and read the bytes their result depends on at
 * read events.  fc makes an event first (done = 1), then calls the
 * function on s (or num); main writes a byte the call reads while fc runs:
 * 2 traces, the assertion (fc's result as on the initial bytes) fails in
 * the one where main writes first.  With -DINDEP main writes a byte the
 * call does not read (for a scan: past where it stops; for the whole-string
 * functions: past the terminator): 1 trace, no error.  OP selects the
 * function.  A scan reads in aligned blocks (memory.c, rv_snap_scan): the
 * INDEP bytes lie past the block where the scan stops. */
#define _GNU_SOURCE
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
char s[64] = "abcdefghijklmnopqrstuvw";
char num[32] = "12,34";
int done;
long r;
static int cmp(const void *a, const void *b)
{
    return *(const char *)a - *(const char *)b;
}
#if OP >= 10 && OP <= 12 || OP == 14
#define BUF num
#define BYTE '5'
#else
#define BUF s
#if OP == 0 || OP == 2 || OP == 7 || OP == 8
#define BYTE 'c'
#elif OP == 1
#define BYTE 0
#else
#define BYTE 'x'
#endif
#endif
#ifndef INDEP
#define AT 1 /* a byte every call reads */
#elif OP == 0 || OP == 6
#define AT 10 /* past the scan's end */
#elif OP >= 10 && OP <= 12
#define AT 10 /* past the number's end (",") */
#else
#define AT 40 /* past the terminator (and the block that holds it) */
#endif
void *fc(void *a)
{
    done = 1;
#if OP == 0 /* reads s[0..2] */
    r = strchr(s, 'c') - s;
#elif OP == 1
    r = strnlen(s, 3);
#elif OP == 2
    r = (char *)memchr(s, 'c', 8) - s;
#elif OP == 3
    r = strstr(s, "bc") - s;
#elif OP == 4
    r = strncmp(s, "abc", 3);
#elif OP == 5
    r = strcasecmp(s, "ABCDEFGHIJKLMNOPQRSTUVW");
#elif OP == 6 /* reads s[0..2] */
    r = strspn(s, "ab");
#elif OP == 7
    r = strcspn(s, "c");
#elif OP == 8
    r = strpbrk(s, "c") - s;
#elif OP == 9
    r = strrchr(s, 'b') - s;
#elif OP == 10 /* reads "12," */
    r = atoi(num);
#elif OP == 11
    r = strtol(num, NULL, 10);
#elif OP == 12
    r = (long)strtod(num, NULL);
#elif OP == 13
    char b[32];
    r = snprintf(b, sizeof b, "%s", s) + b[1];
#elif OP == 14
    int v = 0;
    sscanf(num, "%d", &v);
    r = v;
#elif OP == 15
    r = bsearch("b", s, 3, 1, cmp) != NULL;
#else /* two strings and a %n: each string copied at its events */
    char b[64];
    int k = 0;
    r = snprintf(b, sizeof b, "%.3s%n|%s", s, &k, s + 8) + b[1] + k;
#endif
    return 0;
}
long expected(void)
{
    long e;
    char *save = 0;
    (void)save;
    /* the result on the initial bytes, computed before any thread runs */
#define fc(x) (fc(x), e = r, r = 0, done = 0)
    fc(0);
    return e;
#undef fc
}
int main(void)
{
    long e = expected();
    pthread_t t;
    pthread_create(&t, 0, fc, 0);
    BUF[AT] = BYTE;
    pthread_join(t, 0);
    assert(r == e); /* fails when main wrote before fc's call read */
    return 0;
}
