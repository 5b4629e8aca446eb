/* A reach_error the compiler inlines everywhere and never emits (the
 * adversary of issue 27 part 1): `static inline` with always_inline, or
 * any static one at -O2.  The object then holds no symbol reach_error,
 * and the driver, which gave a target its entry hook only when the object
 * defined one, built it without: the body's assert(0) ran as an ordinary
 * assertion, which ends the program under unreach-call, and the task was
 * TRUE although reach_error is called (on the commit before the fix, for
 * gcc and clang at -O0 and -O2).  Now an object whose preprocessed text
 * names a target is built with the hook too (compile.c, pp_names_target).
 *   -DNEVER  the call is unreachable: TRUE */
#include <assert.h>

extern _Bool __VERIFIER_nondet_bool(void);

static inline __attribute__((always_inline)) void reach_error(void)
{
    assert(0);
}

int main(void)
{
    int x = __VERIFIER_nondet_bool();
#ifdef NEVER
    if (x == 2) reach_error();
#else
    if (x == 1) reach_error(); /* MARK call */
#endif
    return 0;
}
