/* Liveness attack: an instruction whose memory operand Capstone reports
 * smaller than what it accesses.  `fxsave m512` / `fxrstor m512` come
 * with an 8-byte operand from Capstone (so do xsave/xrstor; fnsave and
 * frstor with 4 bytes, where the CPU accesses 108).  liveness.c trusts
 * the size: bytes 8..511 of `area` are never read by main's code as far
 * as it can see, so they are dead at the pthread calls between the two
 * asm statements and the runtime zeroes them; fxrstor then loads xmm7 (at
 * offset 272) as 0.
 * Must report: only the assertion `seen == 0` (thr ran first); never
 * `out == in` (RAVEL_LIVENESS=0 gives the ground truth). */
#include <assert.h>
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int g;
pthread_t t; /* global: main takes no frame address (that pins its frame) */

static void *thr(void *p)
{
    pthread_mutex_lock(&m);
    g = 1;
    pthread_mutex_unlock(&m);
    return p;
}

int main(void)
{
    pthread_create(&t, 0, thr, 0);
    unsigned char area[512] __attribute__((aligned(16)));
    unsigned int in = 0x12345678, out = 0;
    __asm__ volatile("movd %1, %%xmm7\n\tfxsave %0" : "=m"(area) : "r"(in) : "xmm7");
    pthread_mutex_lock(&m);
    int seen = g;
    pthread_mutex_unlock(&m);
    __asm__ volatile("fxrstor %1\n\tmovd %%xmm7, %0" : "=r"(out) : "m"(area) : "xmm7");
    pthread_join(t, 0);
    assert(out == in);  /* never fails: fxrstor gives back what fxsave saved */
    assert(seen == 0);  /* fails when thr ran first */
    return 0;
}
