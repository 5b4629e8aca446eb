/* create_join_loop.c — main creates threads in an unbounded loop and
 * joins each before the next; each returns its argument, which main
 * checks.  One thread runs at a time and nothing goes wrong: only the
 * --max-threads bound ends the execution, at its N-th create (main
 * counts), and then there is nothing else to explore but the orders of
 * each thread's exit and main's read of its handle (one trace; 2^(N-1)
 * interleavings for dfs).  Issue 13 part 3. */
#include <assert.h>
#include <pthread.h>

static void *echo(void *a)
{
    return a;
}

int main(void)
{
    for (long n = 1;; n++) {
        pthread_t t;
        void *r = 0;
        pthread_create(&t, 0, echo, (void *)n);
        pthread_join(t, &r);
        assert(r == (void *)n);
    }
}
