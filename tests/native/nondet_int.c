/* An int is explored over the --nondet-domain only (not exhaustive). */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void)
{
    int v = __VERIFIER_nondet_int();
    if (v == TARGET) reach_error();
    return 0;
}
