/* Liveness attack: a frame's address taken without a `lea` in it.
 * save_fp() keeps its caller's frame address (__builtin_frame_address(1):
 * `mov rax, rbp; mov rax, [rax]`); save_fp is left out for copying rbp,
 * but its caller is analysed and takes no address, so `secret` is dead
 * after `save_fp()` by caller's own code, and the runtime zeroes it at
 * use_fp()'s pthread calls; use_fp then reads it through the kept frame
 * address.  (At -O2 -fno-omit-frame-pointer the chain is read as
 * `mov rax, [rbp]`, which the analysis accepts as "the caller's area".)
 * -DPUSH takes the address with `push %rbp; pop reg` instead.
 * -DSECTION puts save_fp in a section of its own (not .text), which the
 * analysis did not look at; -DEXTERN takes save_fp from elsewhere
 * (live_frame_lib.c, built by the test into a library linked by a
 * versioned path, `libx.so.1`, or into an archive named through
 * `-Wl,`), which the driver did not count as linked code.  Both failed at
 * 664a6c0 (`found` with liveness only).
 * Must report: only `seen == 0` (thr ran first); never `found`. */
#include <assert.h>
#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int g;
pthread_t t;
long *saved_fp;
static void *thr(void *p) { pthread_mutex_lock(&m); g = 1; pthread_mutex_unlock(&m); return 0; }
/* remembers its caller's frame (left out: it copies rbp) */
#ifdef PUSH
/* the caller's frame address by inline asm `push %rbp; pop reg` (no `mov
 * reg, rbp`): a push of rbp is a prologue's only when `mov rbp, rsp`
 * follows it */
__attribute__((noinline)) static void save_fp(void)
{
    long *fp;
    __asm__ volatile("push %%rbp\n\tpop %0" : "=r"(fp));
    saved_fp = (long *)fp[0];
}
#elif defined EXTERN
void save_fp(void);
#elif defined SECTION
__attribute__((noinline, section("ravel_test_code"))) static void save_fp(void)
{
    saved_fp = __builtin_frame_address(1);
}
#else
__attribute__((noinline)) static void save_fp(void) { saved_fp = __builtin_frame_address(1); }
#endif
/* analysed: reads the remembered frame after a visible action */
__attribute__((noinline)) static int use_fp(void)
{
    pthread_mutex_lock(&m);
    int found = 0;
    for (int k = 1; k <= 4; k++)
        if (saved_fp[-k] == 77) found = 1;
    pthread_mutex_unlock(&m);
    return found;
}
__attribute__((noinline)) static int caller(void)
{
    long secret = 77;
    (void)secret;
    save_fp();
    return use_fp();
}
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
