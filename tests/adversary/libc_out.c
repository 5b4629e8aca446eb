/* C library functions that write the program's memory through a pointer
 * argument (issue 9 part 2).  They wrote without events: main's read of d
 * looked independent of fc's call, and every explorer but dfs ran one
 * order and said "no error, exhaustive".  They are wrapped
 * (src/runtime/libcmem.c): each destination is written at a write event.
 * fc makes an event first (done = 1), so that its call is not part of its
 * creation; main reads d[W], a byte the call writes, while fc runs: 2
 * traces, the assertion fails in the one where main reads after the call.
 * With -DINDEP main reads d[20], a byte no call writes: 1 trace, no error
 * (a write event over more than the call writes would make 2).
 * OP selects the function. */
#define _GNU_SOURCE
#include <assert.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>
char d[24] = "abcdefghijklmnopqrstuvw";
int done;
#if OP == 6 || OP == 10 || OP == 13
#define W 1 /* the byte the call writes */
#else
#define W 0
#endif
#ifdef INDEP
#define AT 20
#else
#define AT W
#endif
static int cmp(const void *a, const void *b)
{
    return *(const char *)b - *(const char *)a; /* descending: "ab" becomes "ba" */
}
void *fc(void *a)
{
    done = 1;
#if OP == 0 /* sscanf %s */
    sscanf("xy", "%s", d);
#elif OP == 1 /* sscanf %[ and %n */
    int n;
    sscanf("xy z", "%[xy]%n", d, &n);
#elif OP == 2 /* fgets */
    FILE *f = fmemopen("xy\n", 3, "r");
    fgets(d, 4, f);
    fclose(f);
#elif OP == 3 /* fread */
    FILE *f = fmemopen("xyz", 3, "r");
    fread(d, 1, 3, f);
    fclose(f);
#elif OP == 4 /* read */
    int fd = open("/dev/zero", O_RDONLY);
    read(fd, d, 2);
    close(fd);
#elif OP == 5 /* qsort */
    qsort(d, 2, 1, cmp);
#elif OP == 6 /* strtok_r writes the NUL after the token "a" */
    char *save;
    strtok_r(d, "b", &save);
#elif OP == 7 /* strtol's *endptr: d holds a pointer */
    strtol("1", (char **)d, 10);
#elif OP == 8 /* time(&t) */
    time((time_t *)d);
#elif OP == 9 /* clock_gettime */
    clock_gettime(CLOCK_MONOTONIC, (struct timespec *)d);
#elif OP == 10 /* strsep writes the NUL over the delimiter d[1] */
    char *p = d;
    strsep(&p, "b");
#elif OP == 11 /* getline into the program's buffer */
    FILE *f = fmemopen("xy\n", 3, "r");
    char *lp = d;
    size_t n = sizeof d;
    getline(&lp, &n, f);
    fclose(f);
#elif OP == 12 /* snprintf %n */
    char b[4];
    snprintf(b, sizeof b, "xy%n", (int *)d);
#elif OP == 13 /* strtok */
    strtok(d, "b");
#else /* bzero */
    bzero(d, 2);
#endif
    return 0;
}
int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, fc, 0);
    char c = d[AT];
    pthread_join(t, 0);
    assert(c == 'a' + AT); /* fails when main reads after fc's call wrote d[AT] */
    return 0;
}
