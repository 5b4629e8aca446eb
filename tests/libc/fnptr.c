/* rand reached only through a pointer (its address taken, never called
 * by name): still the trampoline, so the order of the two calls matters. */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

int (*volatile draw)(void) = rand;
int a, b;
void *fa(void *p)
{
    a = draw();
    return 0;
}
void *fb(void *p)
{
    b = draw();
    return 0;
}
int main(void)
{
    pthread_t ta, tb;
    pthread_create(&ta, 0, fa, 0);
    pthread_create(&tb, 0, fb, 0);
    pthread_join(ta, 0);
    pthread_join(tb, 0);
    assert(a == 1804289383); /* fails when fb called first */
    return 0;
}
