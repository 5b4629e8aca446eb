/* Overlapping accesses of four widths (8-byte atomic RMW, 2-byte store,
 * 16-byte CAS, a 4-byte memcpy straddling them): every pair overlaps, so
 * there are 4!/2 = 12 traces (the CAS precedes the memcpy).  Before the
 * wrapped memcpy read its source at its read event, dfs counted 18.
 * Built with -mcx16 (an inline 16-byte CAS). */
/* overlapping accesses of different widths: an 8-byte atomic RMW, a
 * 2-byte plain write into its middle, a 16-byte CAS over both halves and a
 * memcpy that straddles them */
#include <assert.h>
#include <pthread.h>
#include <string.h>
#include <stdint.h>
_Alignas(16) union {
    unsigned __int128 w;
    uint64_t q[2];
    uint16_t h[8];
    unsigned char b[16];
} u;
unsigned char out[4];
void *fa(void *a)
{
    __atomic_fetch_add(&u.q[0], 0x10001, __ATOMIC_SEQ_CST);
    return 0;
}
void *fb(void *a)
{
    u.h[1] = 7;
    return 0;
}
void *fc(void *a)
{
    unsigned __int128 e = 0;
    __atomic_compare_exchange_n(&u.w, &e, 5, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    memcpy(out, &u.b[1], 4);
    return 0;
}
int main(void)
{
    pthread_t t[3];
    pthread_create(&t[0], 0, fa, 0);
    pthread_create(&t[1], 0, fb, 0);
    pthread_create(&t[2], 0, fc, 0);
    for (int i = 0; i < 3; i++) pthread_join(t[i], 0);
    assert(!(out[0] == 0 && out[1] == 7 && u.h[0] == 6));
    return 0;
}
