/* Liveness attack: a function that returns twice under a name that
 * compile.c's returns_twice list (setjmp, _setjmp, __sigsetjmp, vfork,
 * getcontext, ...) does not know: the program's own setjmp/longjmp in
 * assembly, declared __attribute__((returns_twice)), as coroutine and
 * exception libraries have.  On the normal path nothing reads x after
 * `jump()`, so the table calls it dead at that call and the runtime
 * zeroes it at jump()'s pthread calls; my_longjmp then resumes after
 * my_setjmp, where x is read.
 * Must report: only `seen == 0` (thr ran first); never `x == 5`
 * (RAVEL_LIVENESS=0 gives the ground truth: 3 executions).  Failed at
 * 9084099; passes since liveness.c writes no table for a program whose
 * code reads rbp as a value (my_setjmp saves it: `mov %rbp, 8(%rdi)`),
 * which every setjmp does; compile.c's name list still misses it. */
#include <assert.h>
#include <pthread.h>

/* a setjmp of the program's own (as coroutine libraries have) */
__asm__(".text\n.globl my_setjmp\n.type my_setjmp,@function\nmy_setjmp:\n"
        "  mov %rbx, 0(%rdi)\n  mov %rbp, 8(%rdi)\n  mov %r12, 16(%rdi)\n  mov %r13, 24(%rdi)\n"
        "  mov %r14, 32(%rdi)\n  mov %r15, 40(%rdi)\n  lea 8(%rsp), %rdx\n  mov %rdx, 48(%rdi)\n"
        "  mov (%rsp), %rdx\n  mov %rdx, 56(%rdi)\n  xor %eax, %eax\n  ret\n.size my_setjmp, .-my_setjmp\n"
        ".globl my_longjmp\n.type my_longjmp,@function\nmy_longjmp:\n"
        "  mov %esi, %eax\n  mov 0(%rdi), %rbx\n  mov 8(%rdi), %rbp\n  mov 16(%rdi), %r12\n  mov 24(%rdi), %r13\n"
        "  mov 32(%rdi), %r14\n  mov 40(%rdi), %r15\n  mov 48(%rdi), %rsp\n  jmp *56(%rdi)\n.size my_longjmp, .-my_longjmp\n");
__attribute__((returns_twice)) int my_setjmp(void *buf);
__attribute__((noreturn)) void my_longjmp(void *buf, int v);

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int g;
pthread_t t; /* global: main takes no frame address (that pins its frame) */
void *jb[8];
static void *thr(void *p) { pthread_mutex_lock(&m); g = 1; pthread_mutex_unlock(&m); return 0; }
static void jump(void) { pthread_mutex_lock(&m); pthread_mutex_unlock(&m); my_longjmp(jb, 1); }
int main(void)
{
    pthread_create(&t, 0, thr, 0);
    volatile int x = 5;
    if (my_setjmp(jb)) {
        assert(x == 5);
        pthread_mutex_lock(&m);
        int seen = g;
        pthread_mutex_unlock(&m);
        pthread_join(t, 0);
        assert(seen == 0);
        return 0;
    }
    jump();
    return 1;
}
