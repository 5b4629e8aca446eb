/* The old SV-COMP convention: __VERIFIER_error() is the unreach-call target. */
extern void __VERIFIER_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    if (__VERIFIER_nondet_int() == 2) __VERIFIER_error();
    return 0;
}
