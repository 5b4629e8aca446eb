#!/usr/bin/env bash
# tests/posix — the rest of POSIX threads (issue 13): spin locks, timed
# waits, read-write locks, barriers, attributes.  Each program's comment
# derives its exact trace count by hand; every test runs the ground truth
# (--algo=dfs --count-traces --keep-going), asserts that count and the
# error kinds, and compares default udpor, --no-cutoffs, optimal and dpor
# with it (errors equal; --no-cutoffs and optimal: one execution per
# trace).  Each object has a correct variant (verified: no error) and a
# buggy one whose error every algorithm finds.
. "$(dirname "$0")/../lib.sh"
D=$ROOT/tests/posix

kinds() { json '[.errors[]|"\(.kind)@\(.location)"]|unique|join(", ")'; }
kinds_only() { json '[.errors[].kind]|unique|join(",")'; }

# agree FILE WANT_KINDS WANT_TRACES [ravel flags...] [-- cflags...]:
# WANT_KINDS the sorted error kinds ("" for none), WANT_TRACES the closed
# form of the trace count ("" when not derived, for buggy variants whose
# executions stop at the error).
agree() {
    local f=$D/$1 want=$2 wtr=$3
    shift 3
    local fl=() cf=()
    while [ $# -gt 0 ] && [ "$1" != -- ]; do fl+=("$1") && shift; done
    [ $# -gt 0 ] && cf=("$@")
    rv check --json --keep-going "${fl[@]}" --algo=dfs --count-traces "$f" "${cf[@]}"
    local drc=$RC dk tr
    dk=$(kinds) tr=$(json .traces)
    expect_eq "dfs error kinds" "$(kinds_only)" "$want"
    expect_json .exhaustive true
    [ -z "$wtr" ] || expect_eq "dfs traces" "$tr" "$wtr"
    local mode
    for mode in "" "--no-cutoffs" "--algo=optimal" "--algo=dpor"; do
        # shellcheck disable=SC2086
        rv check --json --keep-going "${fl[@]}" $mode "$f" "${cf[@]}"
        expect_eq "exit status of '${mode:-udpor}'" "$RC" "$drc"
        expect_eq "errors of '${mode:-udpor}' (vs dfs)" "$(kinds)" "$dk"
        expect_json .exhaustive true
        case $mode in
        --no-cutoffs | --algo=optimal)
            expect_eq "executions of '$mode' (vs dfs traces)" "$(json .executions)" "$tr"
            ;;
        esac
    done
}

# finds FILE KIND [ravel flags...] [-- cflags...]: every algorithm stops
# at an error of KIND (for bugs under --memory=drf, where --keep-going
# with udpor is not supported: "a replayed configuration produced other
# events", also at the base commit with plain mutexes).
finds() {
    local f=$D/$1 want=$2
    shift 2
    local fl=() cf=()
    while [ $# -gt 0 ] && [ "$1" != -- ]; do fl+=("$1") && shift; done
    [ $# -gt 0 ] && cf=("$@")
    local mode
    for mode in "--algo=dfs" "" "--no-cutoffs" "--algo=optimal" "--algo=dpor"; do
        # shellcheck disable=SC2086
        rv check --json "${fl[@]}" $mode "$f" "${cf[@]}"
        expect_rc 1
        expect_eq "error of '${mode:-udpor}'" "$(kinds_only)" "$want"
    done
}

# ---- spin locks
t_spin_ok() { agree spin.c "" 2 -- -DMODE=0; }
t_spin_bug() { agree spin.c assertion "" -- -DMODE=1; }
t_spin_trylock() { agree spin.c "" 3 -- -DMODE=2; }
t_spin_relock() { agree spin.c deadlock "" -- -DMODE=3; }
t_spin_misuse() { agree spin.c misuse "" -- -DMODE=4; }

# ---- timed waits (counts derived in timed.c)
t_timedlock_ok() { agree timed.c "" 5 -- -DMODE=0; }
t_timedlock_bug() { agree timed.c assertion "" -- -DMODE=1; }
t_sem_timedwait_ok() { agree timed.c "" 3 -- -DMODE=2; }
t_sem_timedwait_bug() { agree timed.c assertion "" -- -DMODE=3; }
t_cond_timedwait_ok() { agree timed.c "" 3 -- -DMODE=4; }
t_cond_timedwait_bug() { agree timed.c assertion "" -- -DMODE=5; }

# ---- read-write locks (counts derived in rw.c; --memory=drf)
t_rwlock_ok() { agree rw.c "" 4 --memory=drf -- -DMODE=0; }
t_rwlock_rdlock_writer_bug() { finds rw.c data-race --memory=drf -- -DMODE=1; }
t_rwlock_trywrlock() { agree rw.c "" 9 --memory=drf -- -DMODE=2; }
t_rwlock_timedwrlock() { agree rw.c "" 13 --memory=drf -- -DMODE=3; }
t_rwlock_upgrade_deadlock() { agree rw.c deadlock "" --memory=drf -- -DMODE=4; }
t_rwlock_double_unlock() { agree rw.c misuse "" --memory=drf -- -DMODE=5; }

# ---- barriers (counts derived in barrier.c; --memory=drf)
t_barrier_ok() { agree barrier.c "" 6 --memory=drf -- -DMODE=0; }
t_barrier_count_deadlock() { agree barrier.c deadlock "" --memory=drf -- -DMODE=1; }
t_barrier_missing_wait() { finds barrier.c assertion --memory=drf -- -DMODE=2; }
t_barrier_serial_bug() { agree barrier.c assertion "" --memory=drf -- -DMODE=3; }

# ---- spurious wake-ups (counts derived in spurious.c)
t_spurious_off() { agree spurious.c "" 2 --memory=drf -- -DMODE=1; }
t_spurious_ok() { agree spurious.c "" 3 --memory=drf --spurious-wakeups -- -DMODE=0; }
t_spurious_bug() { agree spurious.c assertion "" --memory=drf --spurious-wakeups -- -DMODE=1; }
# under a property, TRUE needs the option (else UNKNOWN: a condvar wait)
t_spurious_verdict() {
    rv check --json --property=unreach-call "$D/spurious.c" -- -DMODE=0
    expect_json .verdict UNKNOWN
    expect_json_match .verdict_reason 'spurious-wakeups'
    rv check --json --property=unreach-call --spurious-wakeups "$D/spurious.c" -- -DMODE=0
    expect_rc 0
    expect_json .verdict TRUE
}
# the SV-COMP task whose expected verdict (false) needs a spurious wake-up
t_spurious_svcomp_task() {
    rv check --json --spurious-wakeups "$ROOT/tests/svcomp/spurious.yml"
    expect_rc 1
    expect_json .verdict 'FALSE(unreach-call)'
}

# ---- attributes (count derived in attrs.c)
t_attrs_ok() { agree attrs.c "" 2 --memory=drf -- -DMODE=0; }
t_attrs_detached_join_bug() { agree attrs.c assertion "" --memory=drf -- -DMODE=1; }
t_attrs_robust_not_modelled() { agree robust.c deadlock 1 --memory=drf; }

# ---- issue 27 part 2 (api.c): sem_getvalue, names, scheduling,
# pthread_getattr_np, signal masks, cancellability, clock variants
t_api_semantics() { agree api.c "" "" -- -DMODE=0; }
t_api_sem_getvalue_race() { agree api.c assertion "" -- -DMODE=1; }
t_api_name_race() { agree api.c assertion "" -- -DMODE=2; }
t_api_getattr_detach_race() { agree api.c assertion "" -- -DMODE=3; }
t_api_rwlock_writer_kind() { finds api.c unsupported -- -DMODE=4; }
t_api_big_stack() {
    rv check --json "$D/api.c" -- -DMODE=5
    expect_rc 3
    expect_json_match .incomplete_reason 'stack of 67108864 bytes'
}

# ---- issue 27: orders through pipes and socket pairs (pipes.c, pipes.c
# here).  dfs finds the writers' bug; every other algorithm explored one
# order and said "no error, exhaustive" before pipes.c: now it says
# INCOMPLETE (exit 3) with the reason, unless it finds the error.
pipe_not_exhaustive() {
    rv check --json --keep-going --algo=dfs "$D/pipes.c" -- -DMODE=$1
    expect_rc 1
    expect_json_match '.errors[0].kind' assertion
    local mode
    for mode in "" --no-cutoffs --algo=optimal --engine=fork; do
        # shellcheck disable=SC2086
        rv check --json $mode "$D/pipes.c" -- -DMODE=$1
        [ "$RC" = 1 ] && continue # found, as dfs did
        expect_eq "exit status of '${mode:-udpor}'" "$RC" 3
        expect_json .exhaustive false
        expect_json_match .incomplete_reason "$2 at .*orders between threads through the kernel"
    done
}
t_pipe_two_writers() { pipe_not_exhaustive 0 pipe; }
t_socketpair_two_writers() { pipe_not_exhaustive 1 socketpair; }
t_pipe_single_thread_exhaustive() { agree pipes.c "" 2 -- -DMODE=2; }
t_pipe_handshake_never_exhaustive() {
    local mode
    for mode in "" --algo=dfs; do
        # shellcheck disable=SC2086
        rv check --json --timeout=0.3 $mode "$D/pipes.c" -- -DMODE=3
        expect_rc 3
        expect_json .exhaustive false
    done
}

rv_main "$@"
