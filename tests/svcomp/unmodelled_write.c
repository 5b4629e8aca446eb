/* fscanf stores into the program's `seed` from inside the C library, a
 * store ravel's runtime does not wrap (compile.c, writes_through_pointers),
 * so it is no event.  Ground truth: the thread's read of `seed` and main's
 * fscanf are unordered, so
 *  - under no-data-race they race: FALSE(no-data-race);
 *  - under unreach-call, with main's fscanf first the thread sees a seed
 *    other than 1 and calls reach_error: FALSE(unreach-call).
 * ravel does not see the race (the store is no event), so under
 * no-data-race its verdict must be UNKNOWN, never TRUE (it was TRUE
 * before the build named such calls; found on sv-benchmarks'
 * goblint-regression/04-mutex_20-stdfun_rc, whose scanf races).  The
 * reason names the call: main makes it while the reader may run
 * (src/runtime/unmodelled.c).  Under unreach-call the default schedule
 * runs main's fscanf first and finds the error.  -DNO_CALL replaces
 * fscanf by a store the program makes (an event): then ravel finds the
 * race too.  (This program used rand_r, which the runtime now wraps or
 * may wrap; fscanf stays unwrapped.) */
#include <pthread.h>
#include <stdio.h>

extern void reach_error(void);
unsigned seed = 1;

static void *reader(void *arg)
{
    if (seed != 1) reach_error();
    return NULL;
}

int main(void)
{
    FILE *f = fmemopen("2", 1, "r"); /* a string literal: only read */
    pthread_t t;
    pthread_create(&t, NULL, reader, NULL);
#ifdef NO_CALL
    seed = 2;
#else
    fscanf(f, "%u", &seed);
#endif
    pthread_join(t, NULL);
    return 0;
}
