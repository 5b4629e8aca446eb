/* Every argument register survives the trampoline: calls whose arguments
 * are in rdi, rsi, rdx, rcx and xmm0 (ecvt, setenv, lgamma, srand48 +
 * erand48) return what the C library computes without ravel, in both
 * threads and every order (the threads compute the same values, so the
 * shared buffers hold the same bytes whoever writes last).  The vector
 * registers are also filled with values the runtime would clobber. */
#define _GNU_SOURCE
#include <assert.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

void *f(void *p)
{
    int dec = -1, sign = -1;
    char *d = ecvt(3.25, 3, &dec, &sign);
    assert(!strcmp(d, "325") && dec == 1 && sign == 0);
    d = fcvt(-12.5, 2, &dec, &sign);
    assert(!strcmp(d, "1250") && dec == 2 && sign == 1);
    assert(setenv("RAVEL_LIBC_K", "v", 1) == 0);
    const char *v = getenv("RAVEL_LIBC_K");
    assert(v && !strcmp(v, "v"));
    double g = lgamma(5.0); /* log(24) */
    assert(g > 3.178 && g < 3.179 && signgam == 1);
    unsigned short x[3] = {1, 2, 3};
    double r = erand48(x);
    assert(r >= 0.0 && r < 1.0);
    return 0;
}
int main(void)
{
    pthread_t ta, tb;
    pthread_create(&ta, 0, f, 0);
    pthread_create(&tb, 0, f, 0);
    pthread_join(ta, 0);
    pthread_join(tb, 0);
    return 0;
}
