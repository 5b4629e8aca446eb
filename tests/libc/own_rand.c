/* The program defines its own rand (in own_rand_def.c): its calls reach
 * that definition, never the C library's nor a trampoline, so the two
 * threads share nothing and there is one trace and no error. */
#include <assert.h>
#include <pthread.h>
int rand(void);
int a, b;
void *fa(void *p)
{
    a = rand();
    return 0;
}
void *fb(void *p)
{
    b = rand();
    return 0;
}
int main(void)
{
    pthread_t ta, tb;
    pthread_create(&ta, 0, fa, 0);
    pthread_create(&tb, 0, fb, 0);
    pthread_join(ta, 0);
    pthread_join(tb, 0);
    assert(a == 42 && b == 42);
    return 0;
}
