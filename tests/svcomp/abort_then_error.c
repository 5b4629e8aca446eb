/* reach_error is reachable only on the path explored after an abort():
 * the explorer must go on past the abort (SV-COMP: "this path is
 * infeasible") to find it.  nondet value 0 is explored first. */
extern void abort(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern void reach_error(void);

int main(void)
{
    if (!__VERIFIER_nondet_bool()) abort();
    reach_error();
    return 0;
}
