/* Issue 9: nondet values above 64 (the unfolding capped the choices at 65). */
#include <assert.h>
extern unsigned char __VERIFIER_nondet_uchar(void);
extern int __VERIFIER_nondet_int(void);
int main(void)
{
#ifdef WIDE
    int c = __VERIFIER_nondet_int();
#else
    unsigned char c = __VERIFIER_nondet_uchar();
#endif
    assert(c != TARGET);
    return 0;
}
