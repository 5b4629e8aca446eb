/* A computational C library function storing into an object another
 * thread reads (issue 27): the reader expects the call's result, and its
 * assertion fails only when it runs before the call, the order the first
 * execution does not take.  Unwrapped, the store was no event and udpor, optimal,
 * dpor and source ran one order only ("no error, exhaustive"; then, with
 * src/runtime/unmodelled.c, "not exhaustive"); with the wrappers of
 * src/runtime/libcout.c every explorer finds it, as dfs does.
 * OP 0 rand_r, 1 erand48, 2 gmtime_r, 3 frexp, 4 sigaddset, 5 mbstowcs,
 * 6 modf, 7 sincos. */
#define _GNU_SOURCE
#include <assert.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wchar.h>

#ifndef OP
#define OP 0
#endif

static unsigned seed = 7;
static unsigned short xs[3] = {1, 2, 3};
static struct tm tmv;
static int ex;
static sigset_t ss;
static wchar_t wb[4];
static double ip, sn, cs;

static void *writer(void *arg)
{
    time_t t = 400 * 86400 * 365L;
    switch (OP) {
    case 0:
        rand_r(&seed);
        break;
    case 1:
        erand48(xs);
        break;
    case 2:
        gmtime_r(&t, &tmv);
        break;
    case 3:
        frexp(10.5, &ex);
        break;
    case 4:
        sigaddset(&ss, SIGUSR1);
        break;
    case 5:
        mbstowcs(wb, "ab", 4);
        break;
    case 6:
        modf(2.5, &ip);
        break;
    case 7:
        sincos(0.5, &sn, &cs);
        break;
    }
    return arg;
}

static void *reader(void *arg)
{
    switch (OP) {
    case 0:
        assert(seed != 7);
        break;
    case 1:
        assert(xs[0] != 1);
        break;
    case 2:
        assert(tmv.tm_year != 0);
        break;
    case 3:
        assert(ex != 0);
        break;
    case 4: {
        unsigned long w;
        memcpy(&w, &ss, sizeof w);
        assert(w != 0);
        break;
    }
    case 5:
        assert(wb[0] != 0);
        break;
    case 6:
        assert(ip != 0);
        break;
    case 7:
        assert(cs != 0);
        break;
    }
    return arg;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, writer, 0);
    pthread_create(&b, 0, reader, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
