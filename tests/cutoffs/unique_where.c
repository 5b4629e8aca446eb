/* Issue 28 part 2: the summary says what made states unique and where
 * (--json unique_sources: reason, what, location), and the build's note
 * (unique_build) names every C library function, source and function
 * behind it, not only the first.  Each variant taints, then creates and
 * joins a thread (states after the taint are computed, and unique).
 *   1 calls of C library functions that keep or write hidden state
 *   2 a memset of 100,000 bytes (over RV_WV_MAX) and sscanf's %ms string
 *     (the C library's allocation; asprintf's string is copied into
 *     ravel's heap at a write event since issue 27 part 2)
 *   3 two functions with frames of variable size (a VLA, alloca)
 *   4 built with unique_where_asm.c and unique_where_nosan.c: two sources
 *     of code without instrumentation (this file must not name the words
 *     the compile driver's textual scan looks for) */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifndef WHAT
#define WHAT 1
#endif
static void *thr(void *x)
{
    return x;
}
#if WHAT == 2
static char big[100000];
#elif WHAT == 3
__attribute__((noinline)) static int vla(int n)
{
    volatile char a[n];
    a[0] = 1;
    return a[0];
}
__attribute__((noinline)) static int grow(int n)
{
    volatile char *a = __builtin_alloca(n);
    a[0] = 2;
    return a[0];
}
#elif WHAT == 4
int asm_side(void);   /* unique_where_asm.c */
int quiet_side(void); /* unique_where_nosan.c */
#endif
int main(void)
{
    int r = 0;
#if WHAT == 1
    char b[64];
    time_t t = 0;
    struct tm tm;
    gmtime_r(&t, &tm);                /* where: gmtime_r */
    strftime(b, sizeof b, "%Y", &tm); /* where: strftime */
    srand((unsigned)tm.tm_year);      /* where: srand */
    r = b[0] == 0;
#elif WHAT == 2
    memset(big, 1, sizeof big); /* where: memset */
    char *s = 0;
    r = sscanf("ab", "%ms", &s) != 1; /* where: sscanf */
    free(s);
#elif WHAT == 3
    r = vla(4) + grow(8) != 3;
#elif WHAT == 4
    r = asm_side() + quiet_side() != 1;
#endif
    pthread_t th;
    pthread_create(&th, 0, thr, 0);
    pthread_join(th, 0);
    return r;
}
