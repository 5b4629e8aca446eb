/* The adversary's (attack39): process state the reset engine must put
 * back between executions (issue 27 part 3), one piece per OP.  main
 * asserts the state is what a fresh process has, changes it, then races
 * with a thread (2 executions).  A state surviving a reset fails the
 * assertion in the second execution; --engine=fork and the default must
 * agree: 2 executions, no error.  OP: 0 a static local, 1 strtok's saved
 * pointer, 2 rand's state, 3 setenv, 4 errno, 5 malloc's heap, 6 hcreate,
 * 7 random's state, 8 gmtime's static struct, 12 ecvt's buffer,
 * 13 getopt's optind, 15 a tmpfile's offset, 16 stdout's unflushed
 * buffer.  Each held on af66930 (the default picked fork for 3, 6, 12,
 * 13, 15). */
#define _GNU_SOURCE
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <search.h>
int x;
void *f(void *a) { x = 1; return a; }
static void check_and_change(void)
{
#if OP == 0
    static int calls; assert(calls++ == 0);
#elif OP == 1
    static char s[] = "a,b"; char *t = strtok(0, ","); (void)t; strtok(s, ",");
#elif OP == 2
    assert(rand() == 1804289383); srand(7);
#elif OP == 3
    assert(getenv("RAVELX") == 0); setenv("RAVELX", "1", 1);
#elif OP == 4
    assert(errno == 0); errno = 5;
#elif OP == 5
    char *p = malloc(64); assert(p[0] == 0 || 1); static int n; p[0] = 7; (void)n;
    char *q = malloc(64); free(q); assert(q != p);
#elif OP == 6 /* hcreate table */
    assert(hcreate(10) != 0);
#elif OP == 7 /* random() state */
    assert(random() == 1804289383); srandom(9);
#elif OP == 8 /* localtime static buffer and tzname */
    time_t t0 = 0; struct tm *tm = gmtime(&t0); assert(tm->tm_year == 70); tm->tm_year = 1;
    struct tm *tm2 = gmtime(&t0); assert(tm2->tm_year == 70);
#elif OP == 12 /* ecvt static buffer */
    int d, s; char *e = ecvt(1.5, 3, &d, &s); assert(strcmp(e, "150") == 0); e[0] = 'X';
#elif OP == 13 /* getopt */
    char *av[] = {"p", "-a", 0}; extern int optind; assert(optind == 1); getopt(2, av, "a");
#elif OP == 15 /* a tmpfile's offset */
    FILE *tf = tmpfile(); fputs("abc", tf); assert(ftell(tf) == 3);
#elif OP == 16 /* stdout's buffer */
    printf("hello"); /* no newline: left in the buffer */
#endif
}
int main(void)
{
    check_and_change();
    pthread_t t;
    pthread_create(&t, 0, f, 0);
    int r = x;
    pthread_join(t, 0);
    return r;
}
