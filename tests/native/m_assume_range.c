/* Issue 9: the everyday pattern c = nondet(); assume(0 <= c && c < 3), next
 * to a thread, and SV-COMP's nondet_uchar/nondet_char with assume ranges:
 * every value in the range is explored. */
#include <assert.h>
#include <pthread.h>
#include <stddef.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern char __VERIFIER_nondet_char(void);
extern void __VERIFIER_assume(int);
static int x;

static void *writer(void *arg)
{
    x = 1;
    return NULL;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, writer, NULL);
#if TYPE == 0
    int c = __VERIFIER_nondet_int();
    __VERIFIER_assume(0 <= c && c < 3);
#elif TYPE == 1
    unsigned char c = __VERIFIER_nondet_uchar();
    __VERIFIER_assume(c >= 200 && c < 210);
#else
    char c = __VERIFIER_nondet_char();
    __VERIFIER_assume(c >= -100 && c < -90);
#endif
    assert(c != TARGET);
    pthread_join(t, NULL);
    return 0;
}
