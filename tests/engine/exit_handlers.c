/* The ends of a program under the reset engine (issue 27 part 3): the
 * handlers that constructors register (atexit, on_exit) and the
 * destructors (__attribute__((destructor)), by priority) run at the end
 * of every execution that ends through exit, as in a forked child.  They
 * never ran under reset (an atexit hook the engine registered when it
 * started ended the execution first): the failing assertion below was
 * missed.  The last destructor checks the order and what main saw.
 *   -DTHREAD_EXIT   a thread calls exit() while main waits in join
 *   -D_EXIT_        a thread calls _exit(): no handler runs in either engine
 *   -DOUTPUT        each handler also prints its letter (`ravel replay`
 *                   shows the program's output: the same in both engines) */
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char order[16];
static int n, x, seen;

static void note(char c)
{
    order[n++] = c;
#ifdef OUTPUT
    printf("%c", c);
#endif
}

static void *thread(void *arg)
{
    x = 1;
#ifdef THREAD_EXIT
    exit(0);
#endif
#ifdef _EXIT_
    _exit(0);
#endif
    return arg;
}

static void ctor_atexit(void)
{
    note('c');
}
static void ctor_on_exit(int status, void *arg)
{
    (void)arg;
    assert(status == 0);
    note('o');
}
static void main_atexit(void)
{
    note('m');
}

__attribute__((constructor)) static void setup(void)
{
    atexit(ctor_atexit);
    on_exit(ctor_on_exit, NULL);
}

__attribute__((destructor)) static void dtor_plain(void)
{
    note('d');
}
__attribute__((destructor(200))) static void dtor_200(void)
{
    note('2');
}
__attribute__((destructor(101))) static void dtor_101(void)
{
    note('1');
    /* LIFO handlers (main's, then the constructor's), then _dl_fini:
     * destructors of no priority first, then by falling priority */
    assert(!strcmp(order, "mocd21"));
    assert(seen == 0); /* fails where the thread wrote x before main read it */
}

int main(void)
{
#ifdef OUTPUT
    printf("main ");
#endif
    atexit(main_atexit);
    pthread_t t;
    pthread_create(&t, NULL, thread, NULL);
    seen = x;
    pthread_join(t, NULL);
    return 0;
}
