/* 16-byte CAS builtins (__atomic and __sync), built with -mcx16: a
 * failed CAS only reads.  Found nothing: kept as a regression. */
#include <assert.h>
#include <pthread.h>
#include <stdint.h>
typedef unsigned __int128 u128;
_Alignas(16) u128 w;
void *fa(void *a)
{
    u128 e = 0, d = ((u128)1 << 64) | 1;
    __atomic_compare_exchange_n(&w, &e, d, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    return 0;
}
void *fb(void *a)
{
    u128 e = 0, d = ((u128)2 << 64) | 2;
    if (!__sync_bool_compare_and_swap(&w, e, d)) {
        u128 old = __sync_val_compare_and_swap(&w, ((u128)1 << 64) | 1, (u128)3 << 64);
        assert(old != (((u128)1 << 64) | 1));
    }
    return 0;
}
int main(void)
{
    pthread_t ta, tb;
    pthread_create(&ta, 0, fa, 0);
    pthread_create(&tb, 0, fb, 0);
    pthread_join(ta, 0);
    pthread_join(tb, 0);
    return 0;
}
