/* The unreach-call target in each spelling SV-COMP tasks use (gen.sh
 * preprocesses this file into the tasks' .i files; the .i files are what
 * the tests check).  Two threads add 1 to `counter`: without LOCKED the
 * update is a read and a write with a window between them (FALSE: a lost
 * update makes counter 1 and main calls the target); with LOCKED the add
 * is one __VERIFIER_atomic_ function (TRUE: counter is always 2).
 *
 * SPELL selects how the program writes its target:
 *   assert   void reach_error() { assert(0); }  (sv-benchmarks since 2021;
 *            __assert_fail gets __PRETTY_FUNCTION__: "reach_error" under gcc,
 *            "void reach_error()" under clang)
 *   literal  __assert_fail("0", "spell.c", 3, "reach_error")
 *   verr     void __VERIFIER_error() { abort(); }  (before 2021)
 *   abort    void reach_error() { abort(); }
 *   params   void reach_error(const char *why, int code) { assert(0); }
 *   empty    void reach_error() {}  (the call returns; main goes on)
 *   static   static void reach_error() {}
 *   decoy    no call of reach_error at all: main's assertion passes the
 *            literal name "reach_error" to __assert_fail; under unreach-call
 *            a failed assertion is no violation (TRUE either way)
 * REALHDR includes <pthread.h> (as the sv-benchmarks .i files do); without
 * it the two pthread functions are declared here, to keep the .i small. */
#include <assert.h>
extern void abort(void) __attribute__((__noreturn__));
#ifdef REALHDR
#include <pthread.h>
#else
typedef unsigned long int pthread_t;
extern int pthread_create(pthread_t *, const void *, void *(*)(void *), void *);
extern int pthread_join(pthread_t, void **);
#endif

#if defined SPELL_assert || defined SPELL_decoy
void reach_error() { assert(0); }
#define TARGET() reach_error()
#elif defined SPELL_literal
void reach_error() { __assert_fail("0", "spell.c", 3, "reach_error"); }
#define TARGET() reach_error()
#elif defined SPELL_verr
void __VERIFIER_error() { abort(); }
#define TARGET() __VERIFIER_error()
#elif defined SPELL_abort
void reach_error() { abort(); }
#define TARGET() reach_error()
#elif defined SPELL_params
void reach_error(const char *why, int code) { assert(0); }
#define TARGET() reach_error("lost update", 2)
#elif defined SPELL_empty
void reach_error() {}
#define TARGET() reach_error()
#elif defined SPELL_static
static void reach_error() {}
#define TARGET() reach_error()
#endif

int counter;

#ifdef LOCKED
void __VERIFIER_atomic_add(void) { counter = counter + 1; }
#endif

void *worker(void *arg)
{
#ifdef LOCKED
    __VERIFIER_atomic_add();
#else
    int c = counter;
    counter = c + 1;
#endif
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
#ifdef SPELL_decoy
    if (counter != 2) __assert_fail("counter == 2", "spell.c", 70, "reach_error");
#else
    if (counter != 2) TARGET(); /* MARK target */
#endif
    return 0;
}
