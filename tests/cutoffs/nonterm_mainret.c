/* nonterm_mainret.c — a thread spins on a flag nobody sets while main
 * returns.  A real run ends (main's return calls exit(), which ends every
 * thread); ravel's default program end (docs/CLI.md "Program end") ends
 * only the main thread, so the spin is a non-termination there, and the
 * report says what a real run does; with --posix-exit there is none. */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>

atomic_int flag;

static void *spin(void *a)
{
    while (!atomic_load(&flag)) sched_yield(); /* marker: spin */
    return a;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, spin, 0);
    return 0;
}
