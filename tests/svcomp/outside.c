/* __VERIFIER_nondet_* and __VERIFIER_assume outside an execution (the
 * adversary of issue 27 part 1): in a constructor, before main, or in an
 * exit handler, after the program ended.  Nothing is explored there: the
 * runtime answered the first value (a constructor's choice that leads to
 * reach_error was never made: TRUE for a FALSE program) and ignored a
 * false assumption (an exit handler that assumed false and then called
 * reach_error: FALSE for a TRUE program).  Now a choice there is not
 * supported (UNKNOWN), and a false assumption in an exit handler makes
 * the execution infeasible, as anywhere else.
 *   -DCTOR_NONDET  a constructor draws the value      FALSE in truth
 *   -DCTOR_ASSUME  a constructor assumes false         TRUE in truth
 *   -DEXIT_NONDET  an atexit handler draws the value   FALSE in truth
 *   -DEXIT_ASSUME  an atexit handler assumes false     TRUE in truth
 *   -DCTOR_REACH   a constructor calls reach_error      FALSE in truth
 *                  (UNKNOWN: nothing before main is explored; before,
 *                  the runtime's report dereferenced a null pointer and
 *                  the reason read "did not start (is it a ravel
 *                  build?)") */
#include <assert.h>
#include <stdlib.h>

extern _Bool __VERIFIER_nondet_bool(void);
extern void __VERIFIER_assume(int);

void reach_error(void)
{
    assert(0);
}

static int flag;

#if defined CTOR_NONDET || defined CTOR_ASSUME || defined CTOR_REACH
__attribute__((constructor)) static void init(void)
{
#if defined CTOR_REACH
    reach_error();
#elif defined CTOR_NONDET
    flag = __VERIFIER_nondet_bool();
#else
    __VERIFIER_assume(0);
    flag = 1;
#endif
}
#endif

static void at_end(void)
{
#ifdef EXIT_NONDET
    if (__VERIFIER_nondet_bool()) reach_error();
#endif
#ifdef EXIT_ASSUME
    __VERIFIER_assume(0);
    reach_error();
#endif
}

int main(void)
{
    atexit(at_end);
    if (flag) reach_error();
    return 0;
}
