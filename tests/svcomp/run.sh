#!/usr/bin/env bash
# tests/svcomp — SV-COMP task semantics: --property, verdicts, `ravel check
# task.yml` (format 2.0 task files and .prp property files, written here
# for the purpose), and C99 inline functions without an external
# definition.  Ground truth: each program's comment says which paths reach
# what; execution counts under a property are checked against the same
# exploration without one (--algo=dfs --keep-going explores everything
# either way), and replays against the schedule.
. "$(dirname "$0")/../lib.sh"
S=$ROOT/tests/svcomp

expect_err() { grep -Eq -- "$1" "$W/err" || fail_because "stderr does not match /$1/: $(head -c 300 "$W/err" | tr '\n' ' ')"; }

# ---- abort() is "this path is infeasible" under unreach-call ----------------
t_abort_assume_task() {
    rv check --json "$S/abort_assume.yml"
    expect_rc 0
    expect_json .verdict TRUE
    expect_json .property unreach-call
    expect_json .expected_verdict true
    expect_json '.errors|length' 0
    # the aborts end executions without an error and the exploration goes
    # on: udpor (no cutoffs) runs one execution per trace that dfs counts
    rv check --json --algo=dfs --count-traces --property=unreach-call "$S/abort_assume.c"
    expect_rc 0
    local n=$(json .traces)
    rv check --json --no-cutoffs --property=unreach-call "$S/abort_assume.c"
    expect_json .executions "$n"
    [ "$n" -gt 1 ] 2>/dev/null || fail_because "only '$n' traces: the exploration stopped"
    # without a property the first abort is an error
    rv check --json --algo=dfs --keep-going "$S/abort_assume.c"
    expect_rc 1
    expect_json '[.errors[].kind]|unique|join(",")' abort
}
t_abort_then_error() {
    # reach_error only on the path after the abort(): the explorer goes on
    for a in dfs udpor dpor source; do
        rv check --json --algo=$a "$S/abort_then_error.yml"
        expect_rc 1
        expect_json .verdict 'FALSE(unreach-call)'
        expect_json '.errors[0].kind' reach-error
        expect_json .executions 2
    done
    # without a property the abort() is the first error and ends the search
    rv check --json --algo=dfs "$S/abort_then_error.c"
    expect_rc 1
    expect_json '.errors[0].kind' abort
    expect_json .verdict 'FALSE(abort)'
    expect_json .property all
}

t_abort_ends_the_program() {
    for a in dfs udpor dpor source; do
        rv check --json --algo=$a --property=unreach-call "$S/abort_race.c"
        expect_rc 1
        expect_json .verdict 'FALSE(unreach-call)'
        expect_json '.errors[0].thread' 1
    done
}

t_abort_in_new_thread() {
    for a in dfs udpor dpor source; do
        rv check --json --algo=$a --keep-going --property=unreach-call "$S/abort_in_thread.c"
        expect_rc 1
        expect_json .verdict 'FALSE(unreach-call)'
        expect_json '.errors[0].thread' 0
        # two orders: main's reach_error first, or the thread's abort first
        expect_json .executions 2
    done
}

# ---- deadlocks: not a violation of unreach-call ------------------------------
t_deadlock_unreach_call() {
    for a in dfs udpor dpor source; do
        rv check --json --algo=$a "$S/deadlock.yml"
        expect_rc 0
        expect_json .verdict TRUE
    done
    rv check --json --algo=dfs --property=unreach-call "$S/deadlock.c"
    local n=$(json .executions)
    rv check --json --algo=dfs --keep-going "$S/deadlock.c"
    expect_json '[.errors[].kind]|unique|join(",")' deadlock
    expect_json .executions "$n"
}
t_deadlock_no_deadlock() {
    rv check --json "$S/deadlock_nodeadlock.yml"
    expect_rc 1
    expect_json .verdict 'FALSE(no-deadlock)'
    expect_json .expected_verdict false
    expect_json '.errors[0].kind' deadlock
    rv check --property=no-deadlock "$S/deadlock.c"
    expect_rc 1
    grep -Eq '^verdict +FALSE\(no-deadlock\)$' "$W/out" || fail_because "no FALSE verdict line: $(head -c 400 "$W/out")"
    grep -Eq '^property +no-deadlock$' "$W/out" || fail_because "no property line"
    # --property overrides the task's (with a note)
    rv check --json --property=no-deadlock "$S/deadlock.yml"
    expect_rc 1
    expect_json .verdict 'FALSE(no-deadlock)'
    expect_json .expected_verdict null
    expect_err 'does not list --property=no-deadlock'
}

# ---- reach_error behind one interleaving, replayed ----------------------------
t_interleaving_replay() {
    rv check --json "$S/interleave.yml"
    expect_rc 1
    expect_json .verdict 'FALSE(unreach-call)'
    expect_json '.errors[0].kind' reach-error
    expect_json_match '.errors[0].location' "/interleave.c:$(line_of "$S/interleave.c" 'MARK reach') \\(reader\\)$"
    local sched
    sched=$(json '.errors[0].schedule_file')
    [ -f "$sched" ] || fail_because "no schedule file '$sched'"
    rv replay --json "$S/interleave.c" "$sched"
    expect_rc 1
    expect_json .outcome.kind reach-error
    expect_json_match .outcome.location "/interleave.c:$(line_of "$S/interleave.c" 'MARK reach') \\(reader\\)$"
    # the reader read a between the writer's two stores; its reach_error
    # ends the program as a step of its own (process-exit), the last one
    expect_json '[.steps[] | .action] | index("read(a, 4)") as $r | [.[:$r][] | select(. == "write(a, 4)")] | length' 1
    expect_json '.steps[-1].action' 'process-exit(134)'
    expect_json '.steps[-1].thread' "$(json .outcome.thread)"
    # the schedule file records the property, so that the replay has the same steps
    grep -q -- '--property=unreach-call' "$sched" || fail_because "no --property in $sched"
}

# ---- spurious wake-ups: ravel cannot produce them, so no TRUE ----------------
t_spurious_wakeup() {
    rv check --json "$S/spurious.yml"
    expect_rc 3
    expect_json .verdict UNKNOWN
    expect_json_match .verdict_reason "condition variable \\(.*/spurious.c:$(line_of "$S/spurious.c" 'if (!ready) pthread_cond_wait') \\(waiter\\)\\).*spurious wake-ups"
    expect_json .exhaustive true
    # why: ravel's own semantics (no spurious wake-up) finds no error
    rv check --json --algo=dfs --keep-going "$S/spurious.c"
    expect_rc 0
    expect_json '.errors|length' 0
}

# ---- C99 inline without an external definition ---------------------------------
t_inline_helper() {
    # the premise: plain cc -O0 does not link it
    local cc=${CC:-$(command -v clang >/dev/null && echo clang || echo gcc)}
    if "$cc" -O0 -o "$W/plain" "$S/inline_helper.c" -lpthread 2>"$W/cc.err"; then
        fail_because "$cc -O0 links inline_helper.c: the test's premise does not hold"
    fi
    rv check --json --no-cache "$S/inline_helper.yml"
    expect_rc 1
    expect_json .verdict 'FALSE(unreach-call)'
    expect_err 'gnu89-inline'
    rv check --json --property=unreach-call "$S/inline_helper.c" -- -DLOCKED
    expect_rc 0
    expect_json .verdict TRUE
}
t_inline_c99_multifile() {
    # valid C99: links as such (no GNU89 retry), and GNU89 would break it
    rv check --json --no-cache "$S/multifile/a.c" "$S/multifile/b.c"
    expect_rc 0
    grep -q gnu89 "$W/err" && fail_because "built with GNU89 inline semantics: $(head -c 200 "$W/err")"
    local cc=${CC:-$(command -v clang >/dev/null && echo clang || echo gcc)}
    if "$cc" -O0 -fgnu89-inline -o "$W/g89" "$S/multifile/a.c" "$S/multifile/b.c" 2>/dev/null; then
        fail_because "the multi-file program links under GNU89 too: the test shows nothing"
    fi
    # a genuine missing function is still a link error (exit 2)
    printf 'extern int nowhere(int);\nint main(void) { return nowhere(1); }\n' >"$W/missing.c"
    rv check "$W/missing.c"
    expect_rc 2
    expect_err "undefined reference to .nowhere"
}

# ---- data races: no-data-race vs unreach-call ------------------------------------
t_race_properties() {
    rv check --json --property=no-data-race "$S/race.yml"
    expect_rc 1
    expect_json .verdict 'FALSE(no-data-race)'
    expect_json '.errors[0].kind' data-race
    expect_json .expected_verdict false
    expect_json_match '.errors[0].location + " " + .errors[0].other_location' "race.c:$(line_of "$S/race.c" 'MARK race') \(t\)"
    rv check --json --property=unreach-call "$S/race.yml"
    expect_rc 0
    expect_json .verdict TRUE
    expect_json .expected_verdict true
    # a task with two supported properties needs --property
    rv check "$S/race.yml"
    expect_rc 2
    expect_err 'several properties'
}

# ---- what ravel does not check -------------------------------------------------------
t_unsupported_property() {
    rv check "$S/overflow.yml"
    expect_rc 2
    expect_err 'unsupported property.*overflow'
    sed 's/no-overflow/termination/' "$S/overflow.yml" >"$W/term.yml"
    cp -r "$S/properties" "$S/race.c" "$W/"
    rv check "$W/term.yml"
    expect_rc 2
    expect_err 'unsupported property.*F end'
    rv check --property=no-overflow "$S/race.c"
    expect_rc 2
    expect_err "--property expects"
}
t_ilp32() {
    # a task that asks for ILP32 is checked as LP64 (ravel's runtime is
    # x86-64 only); its verdict stands because nothing in interleave.c
    # behaves differently under the two models (datamodel.c)
    rv check --json "$S/ilp32.yml"
    expect_rc 1
    expect_json .verdict 'FALSE(unreach-call)'
    expect_json .data_model ILP32
    expect_json .data_model_dependence null
    rv check "$S/ilp32.yml"
    expect_file_match "$W/out" '^data model  ILP32, checked as LP64: no dependence found$'
    rv check --json --data-model=LP64 "$S/ilp32.yml"
    expect_rc 1
    expect_json .verdict 'FALSE(unreach-call)'
    expect_json .data_model LP64
}
t_ilp32_tasks() {
    # .i files preprocessed with -m32 (gcc and clang), no dependence: the
    # verdicts, witnesses and replays of the LP64 run
    spell_task ilp32-false
    spell_task ilp32-true
    spell_task ilp32_clang-false
}
t_ilp32_dependent() {
    # unsigned long wraps at 2^32 under ILP32: the task's FALSE; as LP64 the
    # program never calls reach_error.  ravel must not answer TRUE.
    rv check --json "$TASKS/ilp32_long-false.yml"
    expect_rc 3
    expect_json .verdict UNKNOWN
    expect_json_match .verdict_reason 'data model ILP32.*ilp32.c:[0-9]+: a value of type unsigned long'
    expect_json .witness null
    # --data-model=LP64 asks for the LP64 semantics: TRUE there
    rv check --json --data-model=LP64 "$TASKS/ilp32_long-false.yml"
    expect_rc 0
    expect_json .verdict TRUE
    # a pthread_attr_t (36 bytes under ILP32) handed to the LP64 C library
    rv check --json "$TASKS/ilp32_attr-true.yml"
    expect_rc 3
    expect_json .verdict UNKNOWN
    expect_json_match .data_model_dependence 'ilp32.c:[0-9]+: a pointer to a structure passed to the C library: pthread_attr_t'
}

# dm_case NAME EXPECT CODE: a program of main's body CODE (plus the
# globals in $DM_GLOBALS), checked with --data-model=ILP32; EXPECT is a
# regex the dependence must match, or "none".
dm_case() {
    local name=$1 expect=$2 code=$3
    printf '#define _GNU_SOURCE\n#include <pthread.h>\n#include <stdio.h>\n#include <stddef.h>\nextern void reach_error(void);\nstruct s { int a; char *p; };\n%s\nint main(void)\n{\n%s\n    return 0;\n}\n' \
        "${DM_GLOBALS:-}" "$code" >"$W/$name.c"
    rv check --json --property=unreach-call --data-model=ILP32 --max-executions=1 "$W/$name.c"
    expect_json .exit_code 3
    if [ "$expect" = none ]; then
        expect_json .data_model_dependence null
    else
        expect_json_match .data_model_dependence "(\\.[ch]):[0-9]+: $expect"
        expect_json .verdict UNKNOWN
    fi
}
t_data_model_rules() {
    dm_case ints none '    int i = 3; unsigned u = 4u; long long w = i * 2ll; if (w + u == 0) reach_error();'
    dm_case long 'a value of type long' '    long n = 1; if (n == 0) reach_error();'
    dm_case ulong_cast 'a value of type unsigned long' '    unsigned u = 1; if ((unsigned long)u == 0) reach_error();'
    dm_case sizeof_int none '    int a[4]; int k = sizeof(int), n = sizeof a; if (k * 4 != n) reach_error();'
    # arithmetic in sizeof's type (unsigned long under LP64) counts
    dm_case sizeof_arith 'a value of type unsigned long' '    int n = 3; if (sizeof(int) * n == 0) reach_error();'
    dm_case sizeof_ptr 'sizeof void \*' '    if (sizeof(void *) == 8) reach_error();'
    dm_case sizeof_struct 'sizeof struct s' '    if (sizeof(struct s) == 16) reach_error();'
    dm_case void_sizeof none '    (void)sizeof(struct s);'
    # an allocation of its own type is sized for it under either model
    # (sv-benchmarks goblint-regression/09-regions); other uses of the size count
    DM_GLOBALS='#include <stdlib.h>' dm_case malloc_own none '    struct s *p = malloc(sizeof(struct s)); p->a = 1; if (p->a != 1) reach_error();'
    DM_GLOBALS='#include <stdlib.h>' dm_case malloc_cast none '    struct s *p = (struct s *)malloc(sizeof(struct s)); if (!p) return 1;'
    DM_GLOBALS='#include <stdlib.h>' dm_case malloc_other 'sizeof struct s' '    int *q = malloc(sizeof(struct s)); q[3] = 1;'
    DM_GLOBALS='#include <stdlib.h>' dm_case malloc_times '(sizeof struct s|a value of type unsigned long)' '    struct s *p = malloc(2 * sizeof(struct s)); if (!p) return 1;'
 # (offsetof's location is where the macro was written: stddef.h)
    dm_case offsetof 'offsetof' '    if (offsetof(struct s, p) == 8) reach_error();'
    dm_case ptr2int 'a pointer converted to an integer' '    int x; if ((int)(size_t)&x == 0) reach_error();'
    dm_case int2ptr 'an integer converted to a pointer' '    int i = 5; void *p = (void *)i; if (!p) reach_error();'
    dm_case pthread_t none '    pthread_t t = pthread_self(); if (pthread_equal(t, pthread_self()) == 0) reach_error();'
    dm_case file none '    fprintf(stderr, "x");'
    dm_case attr 'a pointer to a structure passed to the C library: pthread_attr_t' '    pthread_attr_t a; pthread_attr_init(&a);'
    dm_case rwlock 'a pointer to a structure passed to the C library: pthread_rwlock_t' '    pthread_rwlock_t l; pthread_rwlock_init(&l, NULL);'
    dm_case returned 'a pointer to a structure returned by the C library: struct passwd' '    struct passwd *getpwuid(unsigned); struct passwd *p = getpwuid(0); if (!p) reach_error();'
    dm_case mutex_null_attr none '    pthread_mutex_t m; pthread_mutex_init(&m, NULL); pthread_mutex_lock(&m);'
    DM_GLOBALS='pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;' dm_case mutex_zero_init none '    pthread_mutex_lock(&m);'
    DM_GLOBALS='pthread_mutex_t m = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;' dm_case mutex_kind_init 'a mutex initialised with a kind' '    pthread_mutex_lock(&m);'
    DM_GLOBALS='long g;' dm_case global_long 'a value of type long' '    g = 1;'
    # a helper nobody calls does not count; one main calls does
    DM_GLOBALS='static long unused(long x) { return x + 1; }' dm_case unused_fn none '    int i = 0; (void)i;'
    DM_GLOBALS='static int helper(void) { long x = 1; return (int)x; }' dm_case used_fn 'a value of type long' '    if (helper() != 1) reach_error();'
}
# The adversary of issue 27 part 1: each program below differs between
# ILP32 (gcc -m32) and LP64, and the rules above took it for the LP64
# verdict (the comment says which way it was wrong); and programs like
# them the rules must still accept
t_data_model_rules_attacked() {
    # wrong FALSE: the pointer covers w[1] under LP64 only
    DM_GLOBALS='union u { int *p; int w[2]; } g;' dm_case union_member 'a member of a union: union u' '    g.w[1] = 5; g.p = 0; if (g.w[1] != 5) reach_error();'
    # wrong TRUE: w[2] is d's upper half under ILP32 (double 4-aligned)
    DM_GLOBALS='union { struct { int a; double d; } s; int w[4]; } g;' dm_case union_unnamed 'a member of a union' '    g.s.d = 1.0; if (g.w[2] != 0) reach_error();'
    DM_GLOBALS='union u { int a; float f; } g, h;' dm_case union_whole none '    g = h;'
    # wrong FALSE: q[1] is v.p's upper half under LP64
    DM_GLOBALS='struct t { int *p; int x; } v;' dm_case pointer_cast 'a pointer converted to another pointer type: int \*' '    v.x = 7; int *q = (int *)&v; if (q[1] != 7) reach_error();'
    # wrong FALSE: the same read through a void * round trip (on the
    # attack13 branch before its fix too)
    DM_GLOBALS='struct t { int *p; int x; } v;' dm_case void_round_trip 'a pointer to a structure or a pointer converted to void \*' '    v.x = 7; void *w = &v; int *q = w; if (q[1] != 7) reach_error();'
    DM_GLOBALS='int *pp[2];' dm_case void_pointer_pointer 'a pointer to a structure or a pointer converted to void \*' '    void *w = pp; (void)w;'
    # a thread's argument: the thread function may read it as any type,
    # so a structure whose layout differs under ILP32 counts (wrong FALSE
    # in tests/adversary/ilp32_layout.c -DTHREAD, where f reads it as
    # int[]); one of ints has one layout and does not
    DM_GLOBALS='struct t { int *p; int x; } v; static void *f(void *a) { struct t *q = a; q->x = 1; return 0; }' dm_case void_thread_arg 'a pointer to a structure whose layout differs under ILP32 handed to a thread function as void \*: struct t' '    pthread_t h; pthread_create(&h, 0, f, &v); pthread_join(h, 0); if (v.x != 1) reach_error();'
    DM_GLOBALS='struct t { int p; int x; } v; static void *f(void *a) { struct t *q = a; q->x = 1; return 0; }' dm_case void_thread_arg_ints none '    pthread_t h; pthread_create(&h, 0, f, &v); pthread_join(h, 0); if (v.x != 1) reach_error();'
    DM_GLOBALS='typedef struct { int p; double d; } T; T v; static void *f(void *a) { T *q = a; q->p = 1; return 0; }' dm_case void_thread_arg_typedef 'a pointer to a structure whose layout differs under ILP32 handed to a thread function as void \*: T' '    pthread_t h; pthread_create(&h, 0, f, &v); pthread_join(h, 0); if (v.p != 1) reach_error();'
    # an anonymous structure named by its typedef (clang 14 puts the
    # record two levels below the TypedefDecl; sv-benchmarks pthread/queue)
    DM_GLOBALS='typedef struct { int e[4]; int head; } Q; Q v; static void *f(void *a) { Q *q = a; q->head = 1; return 0; }' dm_case void_thread_arg_typedef_ints none '    pthread_t h; pthread_create(&h, 0, f, &v); pthread_join(h, 0); if (v.head != 1) reach_error();'
    # wrong TRUE: one past a member is the next element's first member
    # under ILP32 only (long long 4-aligned); a comparison with a member's
    # address, or arithmetic on one, counts; a member array indexed does not
    DM_GLOBALS='struct P { int a; long long b; int c; } arr[2];' dm_case member_cmp 'a pointer compared with the address of a member of struct P' '    int *q = &arr[0].c; if (q + 1 == &arr[1].a) reach_error();'
    DM_GLOBALS='struct P { int a; long long b; int c; } arr[2];' dm_case member_var 'pointer arithmetic on the address of a member of struct P' '    int *q; q = &arr[0].c; q[1] = 5; if (arr[1].a == 5) reach_error();'
    DM_GLOBALS='struct P { int a; long long b; int c; } arr[2];' dm_case member_arith 'pointer arithmetic on the address of a member of struct P' '    *(&arr[0].c + 1) = 5; if (arr[1].a == 5) reach_error();'
    DM_GLOBALS='struct P { int a; int b; int c; } arr[2];' dm_case member_cmp_ints none '    int *q = &arr[0].c; q++; if (q != &arr[1].a) reach_error();'
    DM_GLOBALS='struct B { char *p; int buf[4]; } g;' dm_case member_array none '    int i = 2; g.buf[i] = 1; if (g.buf[2] != 1) reach_error();'
    # the same round trip back to its own type: flagged too (what the
    # program reads through the void * is not followed)
    dm_case pointer_cast_void 'a pointer to a structure or a pointer converted to void \*' '    struct s v = {1, 0}; void *p = &v; struct s *q = p; if (q->a != 1) reach_error();'
    dm_case pointer_cast_int_void none '    int i = 1; void *p = &i; int *q = p; if (*q != 1) reach_error();'
    dm_case pointer_cast_sign none '    int i = 1; unsigned *u = (unsigned *)&i; if (*u != 1) reach_error();'
    # wrong TRUE: a 32-bit pthread_t wraps
    dm_case pthread_t_arith 'a value of type pthread_t' '    pthread_t t = pthread_self(); ++t; if (!t) reach_error();'
    dm_case pthread_t_copy none '    pthread_t t = pthread_self(), u = t; if (!pthread_equal(t, u)) reach_error();'
    # wrong TRUE: long long is 4-aligned under ILP32
    dm_case alignof_ll 'the alignment of long long' '    int a = _Alignof(long long); if (a == 4) reach_error();'
    dm_case alignof_int none '    int a = _Alignof(int); if (a != 4) reach_error();'
    # wrong TRUE: a constructor, which clang does not mark used
    DM_GLOBALS='static int w; __attribute__((constructor)) static void init(void) { unsigned long v = 0xffffffffu; v++; w = v == 0; }' dm_case ctor_long 'a value of type unsigned long' '    if (w) reach_error();'
    # wrong TRUE: x87 keeps the extra precision under ILP32
    dm_case float_arith 'floating-point arithmetic' '    volatile double big = 1e16; double one = 1.0; if ((big + one) - big != 0.0) reach_error();'
    dm_case float_compare none '    double d = 1.5; float f = 2.0f; if (d > f) reach_error();'
    # wrong FALSE: sscanf stores 8 bytes for %ld
    dm_case format_long 'a format with a conversion of long' '    int a[2] = {0, 7}; sscanf("5", "%ld", (void *)&a[0]); if (a[1] != 7) reach_error();'
    dm_case format_plain none '    printf("%d %s %lld %%ld\n", 1, "x", 2ll);'
    # wrong TRUE: code chosen by the preprocessor for the target (needs
    # the 32-bit C library headers, as ravel itself does for a .c task)
    if ! printf '#include <pthread.h>\n' | clang -m32 -E -x c - >/dev/null 2>&1; then
        skip_test "no 32-bit C library headers (libc6-dev-i386)"
        return
    fi
    dm_case if_lp64 'preprocessed differently for ILP32' '#ifdef __LP64__
    reach_error();
#endif'
    dm_case wordsize 'preprocessed differently for ILP32' '    if (__WORDSIZE == 64) reach_error();'
    # glibc lays its mutex initialisers out for each target: not a
    # difference of the program's (the AST rule judges a kind's)
    DM_GLOBALS='pthread_mutex_t m = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP, n = PTHREAD_MUTEX_INITIALIZER;' dm_case mutex_initialisers 'a mutex initialised with a kind' '    pthread_mutex_lock(&n); pthread_mutex_lock(&m);'
    DM_GLOBALS='pthread_mutex_t n = PTHREAD_MUTEX_INITIALIZER;' dm_case mutex_initialiser none '    pthread_mutex_lock(&n);'
}
# ... and in ILP32 tasks (tasks/layout.c): FALSE on the commit before the fix
t_ilp32_layout() {
    local v
    for v in memset union cast; do
        rv check --json "$TASKS/layout_$v-true.yml"
        expect_rc 3
        expect_json .verdict UNKNOWN
        expect_json .witness null
    done
    expect_json_match .data_model_dependence 'layout.c:[0-9]+: a pointer converted to another pointer type'
}
t_task_file_errors() {
    cp -r "$S/properties" "$S/race.c" "$W/"
    printf "format_version: '2.0'\ninput_files: 'race.c'\nproperties:\n\t- property_file: properties/unreach-call.prp\n" >"$W/tab.yml"
    rv check "$W/tab.yml"
    expect_rc 2
    expect_err 'tab.yml:4: a tab'
    printf "format_version: '2.0'\ninput_files: 'nothere.c'\nproperties:\n  - property_file: properties/unreach-call.prp\n" >"$W/missing.yml"
    rv check "$W/missing.yml"
    expect_rc 2
    expect_err 'nothere.c'
    printf "format_version: '2.0'\ninput_files: 'race.c'\nproperties:\n  - property_file: properties/nope.prp\n" >"$W/noprp.yml"
    rv check "$W/noprp.yml"
    expect_rc 2
    expect_err 'cannot read the property file.*nope.prp'
    # block-sequence input_files, comments, double quotes; relative to the yml
    mkdir -p "$W/sub"
    printf "format_version: \"2.0\"  # a comment\ninput_files:\n  - \"../race.c\"\nproperties:\n  - property_file: ../properties/unreach-call.prp\n    expected_verdict: true\noptions:\n  language: C\n  data_model: LP64\n" >"$W/sub/t.yml"
    rv check --json "$W/sub/t.yml"
    expect_rc 0
    expect_json .verdict TRUE
    expect_json '.input_files|join(",")' "$W/sub/../race.c"
    expect_json .program "$W/sub/t.yml"
}

# ---- valid-memsafety: what ravel observes --------------------------------------------
t_memsafety() {
    rv check --json "$S/double_free.yml"
    expect_rc 1
    expect_json .property valid-memsafety
    expect_json .verdict 'FALSE(valid-free)'
    expect_json .expected_subproperty valid-free
    expect_json_match '.errors[0].location' "/double_free.c:$(line_of "$S/double_free.c" 'MARK free') \\(t\\)$"
    rv check --json --property=valid-memsafety "$S/null_deref.c"
    expect_rc 1
    expect_json .verdict 'FALSE(valid-deref)'
    expect_json_match '.errors[0].location' "/null_deref.c:$(line_of "$S/null_deref.c" 'MARK deref') \\(main\\)$"
    # no violation: still no TRUE (leaks and non-faulting accesses are not checked)
    rv check --json --property=valid-memsafety "$S/deadlock.c"
    expect_rc 3
    expect_json .verdict UNKNOWN
    expect_json_match .verdict_reason 'valid-memtrack'
    # under unreach-call a crash is undefined behaviour, not covered: UNKNOWN
    rv check --json --property=unreach-call "$S/null_deref.c"
    expect_rc 3
    expect_json .verdict UNKNOWN
    expect_json_match .verdict_reason 'crash'
}

# ---- assert() outside reach_error; __VERIFIER_error -------------------------------------
t_assert_and_verifier_error() {
    rv check --json --property=unreach-call "$S/plain_assert.c"
    expect_rc 0
    expect_json .verdict TRUE
    rv check --json "$S/plain_assert.c"
    expect_rc 1
    expect_json '.errors[0].kind' assertion
    rv check --json --property=unreach-call --nondet-domain=0:3 "$S/verifier_error.c"
    expect_rc 1
    expect_json .verdict 'FALSE(unreach-call)'
    expect_json '.errors[0].kind' reach-error
    # the value 2 is outside the domain: no violation, and not exhaustive
    rv check --json --property=unreach-call --nondet-domain=3:5 "$S/verifier_error.c"
    expect_rc 3
    expect_json .verdict UNKNOWN
    expect_json_match .verdict_reason 'nondet-domain'
}

# ---- violation witnesses (src/cli/witness.c) ------------------------------
# GraphML 1.0 in the sv-witnesses format: well-formed XML (xmllint), one
# entry and one violation node, every startline a line of the program,
# threadIds and createThreads as in the program (the pthread_create lines
# create threads 1 and 2; the violation is thread 2's reach_error call),
# programhash = sha256sum of the source, specification = the .prp's text.
# The witness goes next to the schedule (".graphml" for ".schedule").

# graphml_ok FILE PROGRAM: the checks every GraphML witness must pass.
graphml_ok() {
    local g=$1 prog=$2 nlines bad
    [ -s "$g" ] || { fail_because "no witness file $g"; return; }
    if command -v xmllint >/dev/null; then
        xmllint --noout "$g" 2>>"$W/err" || fail_because "$g is not well-formed XML"
    else
        fail_because "xmllint is missing (apt-get install libxml2-utils; scripts/deps.sh)"
    fi
    expect_eq "entry nodes" "$(grep -c '<data key="entry">true</data>' "$g")" 1
    expect_eq "violation nodes" "$(grep -c '<data key="violation">true</data>' "$g")" 1
    expect_file_match "$g" '<data key="witness-type">violation_witness</data>'
    expect_file_match "$g" '<data key="sourcecodelang">C</data>'
    expect_file_match "$g" '<data key="producer">ravel '
    expect_file_match "$g" '<data key="architecture">64bit</data>'
    expect_file_match "$g" '<data key="creationtime">[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]{8}Z</data>'
    expect_eq programhash "$(sed -n 's|.*<data key="programhash">\(.*\)</data>.*|\1|p' "$g")" \
        "$(sha256sum "$prog" | cut -d' ' -f1)"
    expect_eq programfile "$(sed -n 's|.*<data key="programfile">\(.*\)</data>.*|\1|p' "$g")" "$prog"
    nlines=$(wc -l <"$prog")
    bad=$(sed -n 's|.*<data key="startline">\(.*\)</data>.*|\1|p' "$g" |
        awk -v n="$nlines" '$1 < 1 || $1 > n + 1' | head -1)
    [ -z "$bad" ] || fail_because "startline $bad is not a line of $prog"
    # edges: as many as non-entry nodes, each from node k-1 to node k
    expect_eq "edges" "$(grep -c '<edge ' "$g")" "$(($(grep -c '<node ' "$g") - 1))"
}
# edges FILE: "threadId:startline[:createThread]" per edge, in order.
edges() {
    awk '/<edge /{t=""; l=""; c=""} /key="threadId"/{gsub(/.*">|<.*/, ""); t=$0}
         /key="startline"/{gsub(/.*">|<.*/, ""); l=$0}
         /key="createThread"/{gsub(/.*">|<.*/, ""); c=":" $0}
         /<\/edge>/{print t ":" l c}' "$1"
}

t_witness_graphml_task() {
    rv check --json "$S/interleave.yml"
    expect_rc 1
    expect_json .verdict 'FALSE(unreach-call)'
    expect_json .witness ravel-out/interleave-reach-error-1.graphml
    expect_json '.errors[0].schedule_file' ravel-out/interleave-reach-error-1.schedule
    local g=ravel-out/interleave-reach-error-1.graphml p=$S/interleave.c e
    graphml_ok "$g" "$p"
    expect_eq specification "$(sed -n 's|.*<data key="specification">\(.*\)</data>.*|\1|p' "$g")" \
        "$(head -1 "$S/properties/unreach-call.prp")"
    e=$(edges "$g")
    expect_eq "createThread edges" "$(echo "$e" | grep -c ':[0-9]*:[0-9]*$')" 2
    echo "$e" | grep -qx "0:$(line_of "$p" 'pthread_create(&w'):1" ||
        fail_because "no edge creating thread 1 at the first pthread_create: $e"
    echo "$e" | grep -qx "0:$(line_of "$p" 'pthread_create(&r'):2" ||
        fail_because "no edge creating thread 2 at the second pthread_create: $e"
    expect_eq "last edge" "$(echo "$e" | tail -1)" "2:$(line_of "$p" 'MARK reach')"
    # the interleaving: thread 1's first store (a = 1) before thread 2's
    # read, its second store after
    local order
    order=$(echo "$e" | grep -E "^(1:$(line_of "$p" 'a = 1')|2:$(line_of "$p" 'MARK reach')|1:$(line_of "$p" 'a = 2'))$" | head -3 | paste -sd' ')
    expect_eq "writer/reader order" "$order" "1:$(line_of "$p" 'a = 1') 2:$(line_of "$p" 'MARK reach') 1:$(line_of "$p" 'a = 2')"
    # the summary names it too
    rv check "$S/interleave.yml"
    expect_file_match "$W/out" '^witness     ravel-out/interleave-reach-error-1.graphml$'
}

t_witness_option_and_yaml() {
    # sv-benchmarks' own reach_error (an __assert_fail): the GraphML ends
    # inside it; the format 2.0 target is the program's only call of it
    local p=$S/inline_helper.c l c
    rv check --json --witness=w.graphml "$S/inline_helper.yml"
    expect_rc 1
    expect_json .witness w.graphml
    expect_json .witness_yaml w.yml
    graphml_ok w.graphml "$p"
    [ ! -e ravel-out/inline_helper-reach-error-1.graphml ] || fail_because "witness also written next to the schedule"
    l=$(line_of "$p" 'if (counter != 2) reach_error();')
    c=$(($(sed -n "${l}p" "$p" | awk '{print index($0, "reach_error")}')))
    expect_file_match w.yml '^- entry_type: violation_sequence$'
    expect_file_match w.yml '^    format_version: "2.0"$'
    expect_file_match w.yml "^        \"$p\": \"$(sha256sum "$p" | cut -d' ' -f1)\"$"
    expect_file_match w.yml '^            type: "target"$'
    expect_file_match w.yml "^              line: $l$"
    expect_file_match w.yml "^              column: $c$"
    expect_eq "yaml entries" "$(grep -c 'waypoint:' w.yml)" 1
}

t_witness_nondet_assumption() {
    # reach_error needs __VERIFIER_nondet_int() == 2 (verifier_error.c): the
    # nondet step's edge assumes exactly that result
    local p=$S/verifier_error.c g=ravel-out/verifier_error-reach-error-1.graphml l
    rv check --json --property=unreach-call "$p"
    expect_rc 1
    expect_json .witness "$g"
    graphml_ok "$g" "$p"
    l=$(line_of "$p" '__VERIFIER_nondet_int() == 2')
    expect_eq "assumptions" "$(grep -c '<data key="assumption">' "$g")" 1
    expect_file_match "$g" '<data key="assumption">\\result == 2;</data>'
    expect_file_match "$g" '<data key="assumption.resultfunction">__VERIFIER_nondet_int</data>'
    # the assumption sits on the edge of the nondet call's line
    expect_eq "assumption line" "$(awk '/<edge /{l=""} /key="startline"/{gsub(/.*">|<.*/, ""); l=$0}
        /key="assumption"/{print l}' "$g")" "$l"
}

t_witness_preprocessed() {
    # a preprocessed program (.i, as most sv-benchmarks tasks): the debug
    # information names the original .c lines; the witness names lines of
    # the .i (through its line markers)
    clang -E -C "$S/interleave.c" -o interleave.i || fail_because "clang -E failed"
    local g=ravel-out/interleave-reach-error-1.graphml l
    rv check --json --property=unreach-call interleave.i
    expect_rc 1
    expect_json .witness "$g"
    graphml_ok "$g" interleave.i
    l=$(line_of interleave.i 'MARK reach')
    [ "$l" -gt 1000 ] 2>/dev/null || fail_because "MARK reach at line '$l' of the .i: headers not included?"
    expect_eq "last edge" "$(edges "$g" | tail -1)" "2:$l"
    echo "$(edges "$g")" | grep -qx "0:$(line_of interleave.i 'pthread_create(&w'):1" ||
        fail_because "no edge creating thread 1 at the .i's first pthread_create: $(edges "$g" | paste -sd' ')"
    expect_file_match ravel-out/interleave-reach-error-1.yml "^              line: $l$"
}

t_witness_race() {
    local p=$S/race.c e
    rv check --json --property=no-data-race "$S/race.yml"
    expect_rc 1
    expect_json .verdict 'FALSE(no-data-race)'
    expect_json .witness ravel-out/race-data-race-1.graphml
    expect_json .witness_yaml null
    graphml_ok ravel-out/race-data-race-1.graphml "$p"
    expect_file_match ravel-out/race-data-race-1.graphml '<data key="specification">CHECK\( init\(main\(\)\), LTL\(G ! data-race\) \)</data>'
    # in drf mode plain accesses are no steps: the path is main's create
    # and then the access that completed the race (main's x = 2; thread
    # 1's write, whose place in the interleaving is not recorded, has no
    # edge: see docs/CLI.md)
    e=$(edges ravel-out/race-data-race-1.graphml | paste -sd' ')
    expect_eq "edges" "$e" "0:$(line_of "$p" 'pthread_create(&th'):1 0:$(line_of "$p" 'x = 2;')"
}

t_witness_none() {
    # TRUE: no witness
    rv check --json "$S/abort_assume.yml"
    expect_rc 0
    expect_json .verdict TRUE
    expect_json .witness null
    # no property: errors, but no SV-COMP specification, so no witness
    rv check --json "$S/abort_then_error.c"
    expect_rc 1
    expect_json .witness null
    # --property=all names no SV-COMP specification either
    rv check --json --property=all "$S/interleave.c"
    expect_rc 1
    expect_json .witness null
    local n
    n=$(find . -name '*.graphml' -o -name '*.yml' | wc -l)
    expect_eq "witness files" "$n" 0
}

# ---- the unreach-call target in every spelling (tasks/, see spell.c) -------------
# sv-benchmarks-style tasks (yml + .i + .prp), preprocessed by gcc and by
# clang (tasks/gen.sh).  A call of the program's own reach_error (or
# __VERIFIER_error) is the violation whatever its body does: ravel catches
# it on entry (compile.c wire_targets), never by the text __assert_fail
# gets (clang's __PRETTY_FUNCTION__ is "void reach_error()").  664a6c0
# answered TRUE on the FALSE tasks of the spellings clang, abort, params,
# empty, static and verr, FALSE on decoy-true, and failed assert-false on
# its missing coverage-error-call.prp.
TASKS=$S/tasks

# spell_task NAME [CC]: check tasks/NAME.yml; a FALSE one's error sits at
# the target's call in main, its GraphML witness ends there (a line of the
# .i), its format 2.0 witness names that call, and its schedule replays to
# the same error.
spell_task() {
    local name=$1 cc=${2:-} yml=$TASKS/$1.yml i=$TASKS/$1.i exp l c g y sched
    exp=$(awk '/expected_verdict/{print $2}' "$yml")
    if [ -n "$cc" ]; then CC=$cc rv check --json "$yml"; else rv check --json "$yml"; fi
    expect_json .expected_verdict "$exp"
    if [ "$exp" = true ]; then
        expect_rc 0
        expect_json .verdict TRUE
        expect_json '.errors|length' 0
        return
    fi
    expect_rc 1
    expect_json .verdict 'FALSE(unreach-call)'
    expect_json '.errors[0].kind' reach-error
    expect_json '.errors[0].location' "spell.c:$(line_of "$TASKS/spell.c" 'MARK target') (main)"
    l=$(line_of "$i" 'if (counter != 2)')
    g=$(json .witness)
    graphml_ok "$g" "$i"
    expect_eq "last edge" "$(edges "$g" | tail -1)" "0:$l"
    y=$(json .witness_yaml)
    if grep -q 'counter != 2) reach_error' "$i"; then
        c=$(sed -n "${l}p" "$i" | awk '{print index($0, "reach_error")}')
        expect_file_match "$y" "^              line: $l$"
        expect_file_match "$y" "^              column: $c$"
        expect_file_match "$y" '^              function: "main"$'
    else
        expect_eq "format 2.0 witness" "$y" null # it names reach_error only
    fi
    sched=$(json '.errors[0].schedule_file')
    if [ -n "$cc" ]; then CC=$cc rv replay --json "$i" "$sched"; else rv replay --json "$i" "$sched"; fi
    expect_rc 1
    expect_json .outcome.kind reach-error
}

t_spell_assert_gcc_preprocessed() {
    for t in assert-false assert-true; do spell_task $t; spell_task $t gcc; done
    # the task also lists coverage-error-call.prp, which does not exist:
    # ravel does not check it, so it is not needed
    [ ! -e "$S/properties/coverage-error-call.prp" ] || fail_because "coverage-error-call.prp exists"
}
t_spell_assert_clang_preprocessed() {
    for t in assert_clang-false assert_clang-true; do spell_task $t; spell_task $t gcc; done
}
t_spell_literal() { spell_task literal-false; spell_task literal-true; }
t_spell_verifier_error() { spell_task verr-false; spell_task verr-true; }
t_spell_abort() { spell_task abort-false; spell_task abort-true; }
t_spell_params() {
    for t in params-false params-true; do spell_task $t; spell_task $t gcc; done
}
t_spell_empty_body() {
    # the call returns and main ends normally: still the violation
    spell_task empty-false
    spell_task empty-true
}
t_spell_static() { spell_task static-false; spell_task static-true; }
t_spell_decoy() {
    # main's assertion passes "reach_error" as its function name, but no
    # reach_error is called: no violation of unreach-call (the failed
    # assertion is an end, as abort() is); without a property it is an
    # assertion failure
    spell_task decoy-true
    rv check --json "$TASKS/decoy-true.i"
    expect_rc 1
    expect_json '.errors[0].kind' assertion
}
t_spell_without_property() {
    # without --property a call of the program's reach_error is an error
    # too, at its call site, whatever its body
    local t
    for t in empty-false static-false abort-false assert_clang-false; do
        rv check --json "$TASKS/$t.i"
        expect_rc 1
        expect_json '.errors[0].kind' reach-error
        expect_json '.errors[0].location' "spell.c:$(line_of "$TASKS/spell.c" 'MARK target') (main)"
    done
}
t_missing_unchecked_prp() {
    cp "$TASKS/assert-true.i" "$W/"
    mkdir -p "$W/t" "$W/properties"
    cp "$S/properties/unreach-call.prp" "$W/properties/"
    printf "format_version: '2.0'\ninput_files: '../assert-true.i'\nproperties:\n  - property_file: ../properties/coverage-branches.prp\n  - property_file: ../properties/unreach-call.prp\n    expected_verdict: true\n  - property_file: ../properties/termination.prp\n    expected_verdict: true\noptions:\n  language: C\n  data_model: LP64\n" >"$W/t/t.yml"
    rv check --json "$W/t/t.yml"
    expect_rc 0
    expect_json .verdict TRUE
    # a missing file of a property ravel checks is still an error
    rm "$W/properties/unreach-call.prp"
    rv check --json "$W/t/t.yml"
    expect_rc 2
    expect_err 'cannot read the property file.*unreach-call.prp'
    # only unchecked properties, all missing: said so
    sed -i '/unreach-call/,+1d' "$W/t/t.yml"
    rv check "$W/t/t.yml"
    expect_rc 2
    expect_err 'only properties ravel does not check'
}

# ---- the entry hook: inlined targets, targets it cannot see ---------------------
t_target_inlined_and_hidden() {
    printf 'extern int __VERIFIER_nondet_int(void);\n%s void reach_error(void) {}\nint main(void) { if (__VERIFIER_nondet_int() == 1) reach_error(); return 0; }\n' "" >"$W/t.c"
    # -O2 inlines reach_error into main: the hook still names it
    rv check --json --property=unreach-call --nondet-domain=0:1 "$W/t.c" -- -O2
    expect_rc 1
    expect_json .verdict 'FALSE(unreach-call)'
    CC=gcc rv check --json --property=unreach-call --nondet-domain=0:1 "$W/t.c" -- -O2
    expect_rc 1
    expect_json .verdict 'FALSE(unreach-call)'
    # a target built without the hook would run unseen: no build (not TRUE)
    printf 'extern int __VERIFIER_nondet_int(void);\n__attribute__((no_instrument_function)) void reach_error(void) {}\nint main(void) { if (__VERIFIER_nondet_int() == 1) reach_error(); return 0; }\n' >"$W/n.c"
    rv check --json --property=unreach-call --nondet-domain=0:1 "$W/n.c"
    expect_rc 2
    expect_err 'reach_error, the unreach-call target, is built without its entry hook'
    CC=gcc rv check --json --property=unreach-call --nondet-domain=0:1 "$W/t.c" -- -finstrument-functions-exclude-function-list=reach_error
    expect_rc 2
    expect_err 'built without its entry hook'
    # nor may the program bring its own hook
    printf 'void __cyg_profile_func_enter(void *f, void *s) {}\n' >"$W/h.c"
    rv check --json --property=unreach-call "$W/t.c" "$W/h.c"
    expect_rc 2
    expect_err 'defines __cyg_profile_func_enter'
}

# The adversary of issue 27 part 1, attacks kept.  A target the compiler
# inlined and never emitted (inline_target.c): TRUE on the commit before
# the fix, for both compilers at -O0 and -O2
t_target_inlined_away() {
    local cc o
    for cc in clang gcc; do
        for o in -O0 -O2; do
            CC=$cc rv check --json --property=unreach-call "$S/inline_target.c" -- $o
            expect_rc 1
            expect_json .verdict 'FALSE(unreach-call)'
            expect_json '.errors[0].kind' reach-error
            expect_json_match '.errors[0].location' '^[^ ]*inline_target.c:[0-9]+ '
            CC=$cc rv check --json --property=unreach-call "$S/inline_target.c" -- $o -DNEVER
            expect_rc 0
            expect_json .verdict TRUE
        done
    done
    # the schedule replays to the same end
    rv check --json --property=unreach-call "$S/inline_target.c" -- -O2
    rv replay --json "$S/inline_target.c" "$(json '.errors[0].schedule_file')" -- -O2
    expect_rc 1
    expect_json .outcome.kind reach-error
}

# A target with another name (an alias): the hook sees one address for
# both, so a call of the other name would count as a call of reach_error
# (a wrong FALSE); the build is refused instead
t_target_alias() {
    printf '#include <assert.h>\nextern _Bool __VERIFIER_nondet_bool(void);\nvoid fail(void) { assert(0); }\nvoid reach_error(void) __attribute__((alias("fail")));\nint main(void) { if (__VERIFIER_nondet_bool()) fail(); return 0; }\n' >"$W/a.c"
    rv check --json --property=unreach-call "$W/a.c"
    expect_rc 2
    expect_err 'reach_error, the unreach-call target, has another name, fail'
}

# __VERIFIER_* before main and after its end (outside.c): each was a wrong
# verdict on the commit before the fix (TRUE, FALSE, TRUE, FALSE)
t_verifier_outside_execution() {
    local v
    for v in CTOR_NONDET CTOR_ASSUME CTOR_REACH; do
        rv check --json --property=unreach-call "$S/outside.c" -- -D$v
        expect_rc 3
        expect_json .verdict UNKNOWN
        expect_json_match .verdict_reason 'exited with status 70 before main started'
    done
    rv check --json --property=unreach-call "$S/outside.c" -- -DEXIT_NONDET
    expect_rc 3
    expect_json .verdict UNKNOWN
    expect_json_match .verdict_reason 'after the program ended \(in an exit handler or a destructor\)'
    rv check --json --property=unreach-call "$S/outside.c" -- -DEXIT_ASSUME
    expect_rc 0
    expect_json .verdict TRUE
    expect_json .infeasible 1
}

# ---- a task of sv-benchmarks, unchanged (sv-benchmarks/README.md) -----------------
t_sv_benchmarks_lazy01() {
    local d=$S/sv-benchmarks/pthread i g l
    i=$d/lazy01.i
    # ILP32, nothing in it depends on the data model: the verdict stands
    rv check --json --property=unreach-call "$d/lazy01.yml"
    expect_rc 1
    expect_json .verdict 'FALSE(unreach-call)'
    expect_json .expected_verdict false
    expect_json .data_model ILP32
    expect_json .data_model_dependence null
    g=$(json .witness)
    graphml_ok "$g" "$i"
    l=$(line_of "$i" 'ERROR: {reach_error();abort();}')
    expect_eq "last edge's line" "$(edges "$g" | tail -1 | cut -d: -f2)" "$l"
    rv replay --json "$i" "$(json '.errors[0].schedule_file')"
    expect_rc 1
    expect_json .outcome.kind reach-error
    # as LP64 too (664a6c0, which refused ILP32 tasks, answered TRUE here)
    rv check --json --property=unreach-call --data-model=LP64 "$d/lazy01.yml"
    expect_rc 1
    expect_json .verdict 'FALSE(unreach-call)'
    rv check --json --property=no-data-race "$d/lazy01.yml"
    expect_rc 0
    expect_json .verdict TRUE
}

# ---- what a build cannot model: never TRUE -----------------------------------
# unknown_because FILE REGEX: under no-data-race FILE is UNKNOWN (exit 3)
# for the reason REGEX matches
unknown_because() {
    rv check --json --property=no-data-race "$S/$1"
    expect_rc 3
    expect_json .verdict UNKNOWN
    expect_json_match .verdict_reason "$2"
}
# a C library store without an event
t_unmodelled_write_no_true() {
    unknown_because unmodelled_write.c \
        '^__isoc99_fscanf at .*unmodelled_write[.]c:38 \(main\) accesses the program.s memory without events while other threads run'
    rv check --json --property=unreach-call "$S/unmodelled_write.c"
    expect_rc 1
    expect_json .verdict 'FALSE(unreach-call)'
    # the same store made by the program is an event: the race is found
    rv check --json --property=no-data-race "$S/unmodelled_write.c" -- -DNO_CALL
    expect_rc 1
    expect_json .verdict 'FALSE(no-data-race)'
}

# a read of an uninitialized variable
t_uninit_read_no_true() {
    unknown_because uninit_read.c "uninitialized variable \\(uninit_read.c:[0-9]+ 'x'\\)"
    # initialized, the verdicts are exact
    rv check --json --property=no-data-race "$S/uninit_read.c" -- -DINIT=0
    expect_rc 0
    expect_json .verdict TRUE
    rv check --json --property=no-data-race "$S/uninit_read.c" -- -DINIT=1
    expect_rc 1
    expect_json .verdict 'FALSE(no-data-race)'
}

rv_main "$@"
