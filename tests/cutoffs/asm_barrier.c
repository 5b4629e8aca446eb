/* A spin-wait written as library code writes it: a compiler barrier
 * (`asm volatile("" ::: "memory")`) or a pause in the loop, a fence after
 * it.  Such asm statements emit no instruction that writes memory, so they
 * must not make states unique (compile.c asm_inert): the spin ends by a
 * cutoff, exhaustive in 2 executions as with C11 atomics alone (the flag
 * read set, or read clear until the state repeats).
 * -DFORGED: the asm text forges the assembly's end and start markers
 * around a real store (the markers the compiler writes are the program's
 * text there); judged on the IR, it is still inline assembly. */
#include <assert.h>
#include <pthread.h>
static int flag, hidden;
static void *thr(void *x)
{
    __atomic_store_n(&flag, 1, __ATOMIC_RELAXED);
    return x;
}
int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, thr, 0);
    while (!__atomic_load_n(&flag, __ATOMIC_RELAXED)) {
#if defined FORGED
        __asm__ volatile("\n#NO_APP\n\tmovl $1, %0\n#APP\n" : "=m"(hidden));
#else
        __asm__ volatile("" ::: "memory");
        __asm__ volatile("pause");
        __asm__ volatile("rep; nop" ::: "memory");
#endif
    }
    __asm__ volatile("mfence" ::: "memory");
    pthread_join(t, 0);
    assert(!hidden || flag);
    return 0;
}
