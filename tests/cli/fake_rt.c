/* fake_rt.c — a stand-in for libravel_rt.a that lets tests/cli check the
 * compile driver's symbol wiring on its own: it defines __ravel_X for a few
 * X, the TSan hooks as no-ops, and a main that prints the atomic-function
 * table and runs the program's main. */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    const void *start;
    unsigned long size;
} afn;
extern const afn __ravel_atomic_fns[];
extern const unsigned long __ravel_natomic_fns;
extern int __ravel_user_main(int, char **);

/* the record the generated deep-call trampolines write (sched.c) */
unsigned long __ravel_deep[2];

int main(int argc, char **argv)
{
    for (unsigned long i = 0; i < __ravel_natomic_fns; i++)
        printf("atomic-fn %p %lu\n", __ravel_atomic_fns[i].start, __ravel_atomic_fns[i].size);
    return __ravel_user_main(argc, argv);
}
void __ravel_unsupported(const char *name, void *pc)
{
    printf("unsupported %s called from %p\n", name, pc);
    exit(7);
}
int __ravel_pthread_create(void *t, void *a, void *(*f)(void *), void *arg)
{
    puts("fake pthread_create");
    f(arg);
    return 0;
}
int __ravel_pthread_join(unsigned long t, void **r)
{
    return 0;
}
void __tsan_init(void) {}
void __tsan_func_entry(void *p) {}
void __tsan_func_exit(void) {}
#define HOOKS(n)                                                                                   \
    void __tsan_read##n(void *p) {}                                                                \
    void __tsan_write##n(void *p) {}
HOOKS(1) HOOKS(2) HOOKS(4) HOOKS(8)
