/* __VERIFIER_assume prunes executions: 10 feasible values, 246 infeasible. */
#include <assert.h>
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);

int main(void)
{
    unsigned char c = __VERIFIER_nondet_uchar();
    __VERIFIER_assume(c < 10);
    assert(c < 10);
    return 0;
}
