/* The assertion fails for exactly one of the two values. */
#include <assert.h>
#include <stdbool.h>
extern bool __VERIFIER_nondet_bool(void);

int main(void)
{
    bool b = __VERIFIER_nondet_bool();
    assert(!b);
    return 0;
}
