/* After every return from the runtime the program finds its vector and
 * opmask registers zero (docs/UDPOR.md "What a state contains": the
 * scheduler's values must not reach the program's stack through code
 * that stores registers it never loaded).  Each thread fills every
 * register the CPU has with a pattern, makes a visible call, and reads
 * them all back: a register the runtime does not clear keeps the
 * pattern (rv_clear_vec, ctx_x86_64.S; XRSTOR before issue 11's seventh
 * pass).  The two threads' calls interleave in 6 ways. */
#include <assert.h>
#include <pthread.h>
#include <stdint.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

#define FILL(r) "vpbroadcastd %%eax, %%" r "\n"
static void fill(int avx, int avx512)
{
    if (avx512)
        __asm__ volatile("movl $0x5a5a5a5a, %%eax\n"
                         "kxnorw %%k0, %%k0, %%k1\n kxnorw %%k0, %%k0, %%k7\n"
                         FILL("zmm0") FILL("zmm7") FILL("zmm15") FILL("zmm16") FILL("zmm23")
                         FILL("zmm31")
                         :
                         :
                         : "eax", "xmm0", "xmm7", "xmm15", "xmm16", "xmm23", "xmm31", "k1", "k7");
    else if (avx)
        __asm__ volatile("vpcmpeqd %%ymm0, %%ymm0, %%ymm0\n vpcmpeqd %%ymm15, %%ymm15, %%ymm15"
                         :
                         :
                         : "xmm0", "xmm15");
    else
        __asm__ volatile("pcmpeqd %%xmm0, %%xmm0\n pcmpeqd %%xmm15, %%xmm15" : : : "xmm0", "xmm15");
}

/* OR of every vector and opmask register, 64 bits at a time */
static uint64_t read_all(int avx, int avx512)
{
    uint64_t acc = 0, t;
    if (avx512) {
#define R(r)                                                                                       \
    __asm__ volatile("vmovdqu64 %%" r ", %%zmm1\n vextracti64x4 $1, %%zmm1, %%ymm2\n"              \
                     "vpor %%ymm1, %%ymm2, %%ymm1\n vextracti128 $1, %%ymm1, %%xmm2\n"             \
                     "vpor %%xmm1, %%xmm2, %%xmm1\n vmovq %%xmm1, %0\n vpextrq $1, %%xmm1, %1\n"   \
                     : "=r"(t), "=r"(acc_hi)                                                       \
                     :                                                                             \
                     : "xmm1", "xmm2");                                                            \
    acc |= t | acc_hi;
        uint64_t acc_hi;
        R("zmm0") R("zmm7") R("zmm15") R("zmm16") R("zmm23") R("zmm31")
        __asm__ volatile("kmovw %%k1, %%eax\n kmovw %%k7, %%ecx\n or %%rcx, %%rax\n mov %%rax, %0"
                         : "=r"(t)
                         :
                         : "rax", "rcx");
        acc |= t;
    } else if (avx) {
        uint64_t v[8];
        __asm__ volatile("vmovdqu %%ymm0, %0\n vmovdqu %%ymm15, %1" : "=m"(v[0]), "=m"(v[4]));
        for (int i = 0; i < 8; i++) acc |= v[i];
    } else {
        uint64_t v[4];
        __asm__ volatile("movdqu %%xmm0, %0\n movdqu %%xmm15, %1" : "=m"(v[0]), "=m"(v[2]));
        for (int i = 0; i < 4; i++) acc |= v[i];
    }
    return acc;
}

/* a: 2 with AVX-512, 1 with AVX2, 0 with SSE only (no shared reads) */
static void *f(void *a)
{
    int avx512 = (intptr_t)a == 2, avx = (intptr_t)a >= 1;
    fill(avx, avx512);
    pthread_mutex_lock(&m);
    uint64_t after_lock = read_all(avx, avx512);
    fill(avx, avx512);
    pthread_mutex_unlock(&m);
    uint64_t after_unlock = read_all(avx, avx512);
    assert(after_lock == 0 && after_unlock == 0);
    return a;
}

int main(void)
{
    __builtin_cpu_init();
    intptr_t kind = __builtin_cpu_supports("avx512f") ? 2 : __builtin_cpu_supports("avx2") ? 1 : 0;
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, f, (void *)kind);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    return 0;
}
