/* The time functions' pointer arguments, read or written without events:
 * a thread's call and main's access to the same object were independent,
 * so every explorer but dfs said "no error, exhaustive" (96bd4ef; found
 * by fix39 for mktime).  Now libcout.c wraps each: the input read at an
 * event, the output stored at write events.  main runs its access after
 * pthread_create; the assertion fails when the other order happens
 * (OP=2, 4..6: when the thread reads before main writes).
 *   OP=0 mktime(&g) normalises g (tm_mon 12 -> 0), main reads g.tm_mon
 *   OP=1 timegm(&g), the same without the time zone
 *   OP=2 localtime(&tv) in the thread, main changes tv
 *   OP=3 strftime into buf in the thread, main reads buf[0]
 *   OP=4 asctime(&g) in the thread, main changes g.tm_hour
 *   OP=5 gmtime(&tv), as OP=2
 *   OP=6 ctime(&tv), as OP=2 */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct tm g = {.tm_hour = 2, .tm_mday = 1, .tm_mon = 12, .tm_year = 70};
time_t tv = 7200; /* 02:00 UTC */
char buf[16];
int h = -1;

static void *fa(void *a)
{
    (void)a;
    if (OP == 0) mktime(&g);
    if (OP == 1) timegm(&g);
    if (OP == 2) h = localtime(&tv)->tm_hour;
    if (OP == 3) strftime(buf, sizeof buf, "%H", &g);
    if (OP == 4) h = asctime(&g)[12] - '0'; /* "Thu Jan  1 02:..." */
    if (OP == 5) h = gmtime(&tv)->tm_hour;
    if (OP == 6) h = ctime(&tv)[12] - '0';
    return 0;
}

int main(void)
{
    pthread_t t;
    setenv("TZ", "UTC0", 1);
    pthread_create(&t, 0, fa, 0);
    int seen = 0;
    if (OP == 0 || OP == 1) seen = g.tm_mon;
    if (OP == 2 || OP == 5 || OP == 6) tv = 3 * 3600;
    if (OP == 3) seen = buf[0];
    if (OP == 4) g.tm_hour = 3;
    pthread_join(t, 0);
    if (OP == 0 || OP == 1) assert(seen == 12);
    if (OP == 2 || OP == 4 || OP == 5 || OP == 6) assert(h == 3);
    if (OP == 3) assert(seen == 0);
    return 0;
}
