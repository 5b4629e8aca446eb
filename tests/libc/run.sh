#!/usr/bin/env bash
# tests/libc — C library functions with hidden process-wide state are
# dependent events (issue 10, class 5; src/runtime/libc.c, compile.c
# libc_family_of).  Ground truth: the fork server starts every execution
# from the same C library state, so the sequence rand() returns is fixed
# (srand(1): 1804289383, 846930886, ...) and "the second thread got the
# first value" is a real behaviour; trace counts are closed forms (N
# threads calling rand() once: N! orders), checked with --algo=dfs
# --count-traces and udpor --no-cutoffs.
. "$(dirname "$0")/../lib.sh"
D=$ROOT/tests/libc
ALGOS="dfs udpor udpor:--no-cutoffs dpor source"

kinds() { json '[.errors[].kind] | sort | unique | join(",")'; }

# finds_assertion FILE [-- cflags]: every algorithm reports the assertion
# (and nothing else).
finds_assertion() {
    local f=$D/$1 a
    shift
    for a in $ALGOS; do
        rv check --json --algo="${a%%:*}" $([ "${a#*:}" != "$a" ] && echo "${a#*:}") "$f" "$@"
        [ "$RC" = 1 ] || fail_because "$a: exit status $RC, expected 1$(_rv_errhint)"
        [ "$(kinds)" = assertion ] || fail_because "$a: errors '$(kinds)', expected 'assertion'"
    done
}

# traces FILE N [-- cflags]: dfs counts N traces, udpor --no-cutoffs runs N
# executions, both exhaustive and without error.
traces() {
    local f=$D/$1 n=$2
    shift 2
    rv check --json --algo=dfs --count-traces "$f" "$@"
    expect_rc 0
    expect_json .traces "$n"
    rv check --json --no-cutoffs "$f" "$@"
    expect_rc 0
    expect_json .executions "$n"
    expect_json .exhaustive true
}

# tb calling rand() first is found by every algorithm.
t_rand_order() { finds_assertion rand_order.c; }
# ... also in memory mode drf, where the calls are atomic (never a race).
t_rand_order_drf() {
    rv check --json --memory=drf "$D/rand_order.c"
    expect_rc 1
    expect_eq "errors" "$(kinds)" assertion
}
# The event names the family object and the program's line of the call.
t_report_names_line() {
    rv check --json "$D/rand_order.c"
    local sched
    sched=$(json '.errors[0].schedule_file')
    rv replay "$D/rand_order.c" "$sched"
    local l1 l2
    l1=$(line_of "$D/rand_order.c" "a = rand()")
    l2=$(line_of "$D/rand_order.c" "b = rand()")
    expect_file_match "$W/out" "atomic-rmw\(__ravel_libc_prng, 8\)( = [0-9]+ := [0-9]+)? +at .*rand_order.c:$l2 \(fb\)"
    expect_file_match "$W/out" "atomic-rmw\(__ravel_libc_prng, 8\)( = [0-9]+ := [0-9]+)? +at .*rand_order.c:$l1 \(fa\)"
}
# N threads calling rand() once: N! traces.
t_rand_traces2() { traces rand_n.c 2 -- -DN=2; }
t_rand_traces3() { traces rand_n.c 6 -- -DN=3; }
# Different families stay independent: rand vs getenv.
t_rand_getenv() { traces two_calls.c 1; }
# Two readers of the environment are independent; a writer and a reader not.
t_getenv_getenv() { traces two_calls.c 1 -- '-DA=(void)getenv("HOME")'; }
t_setenv_getenv() { traces two_calls.c 2 -- '-DA=setenv("RAVEL_K", "1", 1)' '-DB=(void)getenv("RAVEL_K")'; }
# Output is not a family: two printf stay independent.
t_printf() { traces two_calls.c 1 -- '-DA=printf("a\n")' '-DB=printf("b\n")'; }
# strtok's saved position: the token fa gets depends on the order.
t_strtok() { finds_assertion strtok.c; }
# rand inside __VERIFIER_atomic functions: the two draws stay together
# (no error in any order), and the order of the steps still matters.
t_atomic() {
    local a
    for a in $ALGOS; do
        rv check --json --algo="${a%%:*}" $([ "${a#*:}" != "$a" ] && echo "${a#*:}") "$D/atomic.c"
        [ "$RC" = 0 ] || fail_because "$a: exit status $RC, expected 0$(_rv_errhint)"
    done
    rv check --json --algo=dfs --count-traces "$D/atomic.c"
    local n
    n=$(json .traces)
    rv check --json --no-cutoffs "$D/atomic.c"
    expect_json .executions "$n"
}
t_atomic_bug() { finds_assertion atomic.c -- -DBUG; }
# A program's own rand is its own: no trampoline, no event, 1 trace.
t_own_rand() {
    rv check --json --algo=dfs --count-traces "$D/own_rand.c" "$D/own_rand_def.c"
    expect_rc 0
    expect_json .traces 1
}
# rand reached through a pointer only still goes through the trampoline.
t_fnptr() {
    rv check --json "$D/fnptr.c"
    expect_rc 1
    expect_eq "errors" "$(kinds)" assertion
}
# Argument registers (general and vector) survive the trampoline, with
# thread switches inside it.
t_regs() {
    rv check --json "$D/regs.c" -- -lm
    expect_rc 0
    expect_json .exhaustive true
}
# With gcc as the compiler and with -O1: gcc keeps the current section
# across top-level asm, so a trampoline that left .text on would put the
# family objects after it in read-only code (a crash at the first call).
t_gcc_and_o1() {
    local cc o
    for cc in gcc clang; do
        command -v $cc >/dev/null || { skip_test "no $cc"; continue; }
        for o in -O0 -O1; do
            rv check --json --cc=$cc "$D/regs.c" -- $o -lm
            [ "$RC" = 0 ] || fail_because "$cc $o regs.c: exit status $RC, expected 0 ($(kinds))"
            rv check --json --cc=$cc "$D/rand_order.c" -- $o
            [ "$(kinds)" = assertion ] || fail_because "$cc $o rand_order.c: errors '$(kinds)'"
        done
    done
}
# Calls before main (constructor) and after it (atexit) run normally.
t_ctor_atexit() {
    rv check --json "$D/ctor.c"
    expect_rc 0
    expect_json .exhaustive true
}

# Single-threaded results of the wrapped functions equal the C library's:
# equiv.c built with cc prints a digest of return values, errno and
# buffers; under ravel the same program asserts that digest.
t_equiv() {
    local cc=cc want
    command -v $cc >/dev/null || cc=clang
    $cc -w -o "$W/equiv" "$D/equiv.c" || fail_because "native build of equiv.c failed"
    want=$(cd "$W" && ./equiv) || fail_because "native equiv.c failed"
    rv check --json --algo=dfs --count-traces "$D/equiv.c" -- -w -DEXPECT="$want"
    expect_rc 0
    expect_json .traces 1
}

# getenv writes nothing: the spin loop after it is cut (exhaustive with
# cutoffs, no unique states), and getenv keeps its read event.
t_getenv_cutoffs() {
    rv check --json --max-events=2000 "$D/getenv_spin.c"
    expect_rc 0
    expect_json .exhaustive true
    expect_json .unique_states_from null
}

# ---- the virtual clock (src/runtime/clock.c, issue 28 part 6) ----
# Every clock function's value is the closed form of clock_values.c, in
# both engines and every algorithm (one thread: one trace).
t_clock_values() {
    local a
    for a in "--algo=dfs --count-traces" "--engine=fork" "--engine=reset" "--algo=optimal"; do
        rv check --json $a "$D/clock_values.c"
        [ "$RC" = 0 ] || fail_because "$a: exit status $RC, expected 0 ($(kinds))$(_rv_errhint)"
    done
}
# Two threads reading the clock are dependent: both orders run (2 traces),
# and the assertion behind the second order is found by every algorithm.
t_clock_order() {
    finds_assertion clock_order.c
    rv check --json --algo=dfs --count-traces --keep-going "$D/clock_order.c"
    expect_json .traces 2
    rv check --json --no-cutoffs --keep-going "$D/clock_order.c"
    expect_json .executions 2
    traces clock_order.c 1 -- -DSAME
}
# A pool's wait that polls time() with a deadline: repeatable, so every
# algorithm agrees (dfs's traces = udpor's executions) and the default
# run is exhaustive; -DBUG (teardown after the deadline) is found.
t_clock_poll() {
    traces clock_poll.c 2 -- -DWORKERS=1
    rv check --json "$D/clock_poll.c"
    expect_rc 0
    expect_json .exhaustive true
    expect_json .unique_states_from null
    finds_assertion clock_poll.c -- -DBUG
}
# The clock's value is part of the state: the assertion that needs three
# polls of the clock is found with cutoffs as without.
t_clock_cutoff() {
    local c
    for c in --cutoffs --no-cutoffs; do
        rv check --json --keep-going --max-events=300 $c "$D/clock_cutoff.c"
        expect_rc 1
        [[ $(kinds) == *assertion* ]] || fail_because "$c: errors '$(kinds)', expected an assertion"
    done
}
# Sleep-polling loops keep their cutoffs (a sleep longer than the clock's
# step sets the thread's floor to the same value at every turn).
t_sleep_spin() {
    local v
    for v in -DUS -DLONG; do
        rv check --json --max-events=2000 "$D/sleep_spin.c" -- $v
        expect_rc 0
        expect_json .exhaustive true
    done
}
# --real-clock: the C library's clocks, whose readings make states unique;
# the option is recorded for the replay.
t_real_clock() {
    rv check --json --real-clock --algo=dfs "$D/clock_order.c"
    expect_rc 1
    local sched
    sched=$(json '.errors[0].schedule_file')
    expect_file_match "$sched" '^options .*--real-clock'
    rv check --json --real-clock "$D/clock_poll.c" -- -DWORKERS=1
    expect_json_match .unique_states_from 'C library'
    rv check --json "$D/clock_poll.c" -- -DWORKERS=1
    expect_json .unique_states_from null
}

# A pool in C-Thread-Pool's shape (wait and destroy poll time() for a
# second, then sleep): exhaustive with cutoffs, no state made unique by
# the clock (main: the first execution ran into udpor's budget, its states
# unique); -DBUG, trusting the wait's deadline, is found.
t_pool_clock() {
    rv check --json "$D/pool_clock.c" -- -DWORKERS=1 -DJOBS=2
    expect_rc 0
    expect_json .exhaustive true
    expect_json .unique_states_from null
    finds_assertion pool_clock.c -- -DWORKERS=1 -DJOBS=2 -DBUG
}

rv_main "$@"
