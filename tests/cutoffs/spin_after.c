/* Ordinary code before a spin-wait keeps its cutoffs (issue 28 part 1):
 * main writes memory in one of the ways below, then spins until a thread
 * sets a flag.  Each iteration of the spin leaves the state it found, so
 * with cutoffs the run is exhaustive in 2 executions (before, the writes
 * to overlapping ranges or the copies made every later state unique and
 * the spin ran into the event limit).  -DWHAT=1..9:
 *   1 a struct freed        2 memset over a written field
 *   3 char buf[16] = {0}    4 snprintf into a buffer
 *   5 a struct copied       6 strdup, then free
 *   7 realloc               8 calloc, then a field
 *   9 strings of different lengths into one buffer */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifndef WHAT
#define WHAT 1
#endif
struct s {
    int a, b;
    char name[12];
};
static struct s g, h;
static int flag;
static char *volatile keep;
static void *thr(void *x)
{
    __atomic_store_n(&flag, 1, __ATOMIC_SEQ_CST);
    return x;
}
static void setup(void)
{
#if WHAT == 1
    struct s *p = malloc(sizeof *p);
    p->a = 1;
    p->b = 2;
    free(p);
#elif WHAT == 2
    g.b = 7;
    memset(&g, 0, sizeof g);
#elif WHAT == 3
    char buf[16] = {0};
    keep = buf; /* the array escapes: its accesses are events */
    buf[3] = 'x';
    keep = 0;
#elif WHAT == 4
    snprintf(g.name, sizeof g.name, "worker-%d", 3);
    g.name[0] = 'W';
#elif WHAT == 5
    g.a = 1;
    h = g;
    h.name[2] = 'q';
#elif WHAT == 6
    char *d = strdup("a pool");
    d[1] = '_';
    free(d);
#elif WHAT == 7
    char *d = malloc(8);
    strcpy(d, "ring");
    keep = realloc(d, 100);
#elif WHAT == 8
    struct s *p = calloc(1, sizeof *p);
    p->b = 3;
    keep = (char *)p;
#elif WHAT == 9
    strcpy(g.name, "long name");
    strcpy(g.name, "short");
#endif
}
int main(void)
{
    setup();
    pthread_t t;
    pthread_create(&t, 0, thr, 0);
    while (!__atomic_load_n(&flag, __ATOMIC_SEQ_CST))
        ;
    pthread_join(t, 0);
    return 0;
}
