/* rand_r stores the next seed into the program's `seed` from inside the
 * C library, a store ravel's runtime does not wrap (compile.c,
 * writes_through_pointers), so it is no event.  Ground truth: the thread's
 * read of `seed` and main's rand_r are unordered, so
 *  - under no-data-race they race: FALSE(no-data-race);
 *  - under unreach-call, with main's rand_r first the thread sees a seed
 *    other than 1 and calls reach_error: FALSE(unreach-call).
 * ravel does not see the race (the store is no event), so under
 * no-data-race its verdict must be UNKNOWN, never TRUE (it was TRUE
 * before the build named such calls; found on sv-benchmarks'
 * goblint-regression/04-mutex_20-stdfun_rc, whose scanf races).  Under
 * unreach-call the default schedule runs main's rand_r first and finds
 * the error.  -DNO_CALL replaces rand_r by a store the program makes (an
 * event): then ravel finds the race too. */
#include <pthread.h>
#include <stdlib.h>

extern void reach_error(void);
unsigned seed = 1;

static void *reader(void *arg)
{
    if (seed != 1) reach_error();
    return NULL;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, reader, NULL);
#ifdef NO_CALL
    seed = 2;
#else
    rand_r(&seed);
#endif
    pthread_join(t, NULL);
    return 0;
}
