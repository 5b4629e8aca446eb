/* The adversary's (attack39): __VERIFIER_atomic_begin/end blocks in n
 * threads, n from __VERIFIER_nondet_int, reach_error via __assert_fail
 * with a literal name.  The odd-value call (line 22) is unreachable;
 * the n == 3 call (line 23) is reachable.  The default --nondet-domain
 * (-1:2) misses n = 3: UNKNOWN, never TRUE; with -1:3 FALSE at line 23.
 * Held on af66930. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "sv_atomic_nondet.c", 2, "reach_error"); }
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
extern int __VERIFIER_nondet_int(void);
#include <pthread.h>
int x;
void *f(void *a) { __VERIFIER_atomic_begin(); x++; x++; __VERIFIER_atomic_end(); return a; }
int main(void)
{
    pthread_t t[3];
    int n = __VERIFIER_nondet_int();
    if (n < 1 || n > 3) return 0;
    for (int i = 0; i < n; i++) pthread_create(&t[i], 0, f, 0);
    int v = x;
    if (v % 2) reach_error(); /* never: the increments are atomic */
    if (n == 3 && v == 4) reach_error(); /* reachable */
    for (int i = 0; i < n; i++) pthread_join(t[i], 0);
    return 0;
}
