/* Liveness attack: the stack pointer read as a value by a callee, from
 * which the caller's frame is reached.  save_sp() keeps its own stack
 * pointer; the caller is analysed and takes no address, so `secret` is
 * dead after `save_sp()` by the caller's own code and the runtime zeroes
 * it at use_sp()'s pthread calls; use_sp() then looks for it above the
 * kept pointer.  How save_sp() reads the stack pointer:
 *   default          inline assembly (`mov %rsp, reg`);
 *   -DGLOBAL_REG     a global register variable bound to rsp (C, no
 *                    assembly emitted: GNU C's `register ... asm("rsp")`);
 *   -DALLOCA         the address alloca returns (`mov reg, rsp`);
 *   -DVLA            a variable-length array's address;
 *   -DNAKED          a naked function reads at offsets from rsp itself:
 *                    its caller's frame, without any address leaving it.
 * Must report: only `seen == 0` (thr ran first); never `found`.  Failed
 * (the `found` error with liveness, not without) at 664a6c0 in every
 * variant: the analysis treated only rbp read as a value as a frame
 * address let out. */
#include <alloca.h>
#include <assert.h>
#include <pthread.h>
#define MAGIC 0x5ec2e7a11L
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int g;
pthread_t t;
long *saved_sp;
static void *thr(void *p) { pthread_mutex_lock(&m); g = 1; pthread_mutex_unlock(&m); return 0; }
#if defined NAKED
/* the k-th 8-byte word of the caller's frame, from its stack pointer at the call */
__attribute__((naked, noinline)) static long peek(long k)
{
    __asm__("mov 8(%rsp,%rdi,8), %rax\n\tret");
}
__attribute__((noinline)) static int caller(void)
{
    long secret = MAGIC;
    (void)secret;
    pthread_mutex_lock(&m);
    pthread_mutex_unlock(&m);
    int found = 0;
    for (long k = 0; k < 8; k++)
        if (peek(k) == MAGIC) found = 1;
    return found;
}
#else
#if defined GLOBAL_REG
register char *stack_reg __asm__("rsp");
#endif
__attribute__((noinline)) static void save_sp(int n)
{
#if defined GLOBAL_REG
    saved_sp = (long *)stack_reg;
#elif defined ALLOCA
    saved_sp = alloca(n);
#elif defined VLA
    char v[n];
    saved_sp = (long *)v;
#else
    long *sp;
    __asm__ volatile("mov %%rsp, %0" : "=r"(sp));
    saved_sp = sp;
#endif
    (void)n;
}
/* analysed: looks for the secret above the kept stack pointer after a
 * visible action */
__attribute__((noinline)) static int use_sp(void)
{
    pthread_mutex_lock(&m);
    int found = 0;
    for (int k = 0; k < 64; k++)
        if (saved_sp[k] == MAGIC) found = 1;
    pthread_mutex_unlock(&m);
    return found;
}
__attribute__((noinline)) static int caller(void)
{
    long secret = MAGIC;
    (void)secret;
    save_sp(8);
    return use_sp();
}
#endif
int main(void)
{
    pthread_create(&t, 0, thr, 0);
    int found = caller();
    pthread_mutex_lock(&m);
    int seen = g;
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    assert(found);
    assert(seen == 0);
    return 0;
}
