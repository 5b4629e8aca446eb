#!/usr/bin/env bash
# tests/libs — library shapes checked as they are (issue 28): a seqlock with
# two writers, a lock-free MPSC ring buffer with a bounded and an unbounded
# consumer, and a thread pool whose set-up copies, frees and memsets structs
# and whose wait polls time() against a deadline.  No source shims: each
# program is what a library author would write.  The correct variants must
# be exhaustive with no error under the default `ravel check` (cutoffs end
# their spin-waits); each buggy variant must be reported with its kind and
# line; the consumer that loops for ever must be reported as
# non-termination, not "exhaustive".  Every test's executions and time go
# out as '#' notes (never asserted: time is not a test outcome).
. "$(dirname "$0")/../lib.sh"
D=$ROOT/tests/libs
LIMIT=--time-limit=120

# errs: the errors as kind@file:line, sorted and unique
errs() { json '[.errors[] | .kind + "@" + (.location | sub(" .*"; "") | sub(".*/"; ""))] | sort | unique | join(",")'; }
note() { echo "# libs/$1: $(json .executions) executions, $(json .time_s) s, exhaustive $(json .exhaustive)"; }

# correct FILE NAME [flags...]: exhaustive, no error.
correct() {
    local f=$1 name=$2
    shift 2
    rv check --json $LIMIT "$D/$f" -- "$@"
    note "$name"
    expect_rc 0
    expect_json .exhaustive true
    expect_json '.errors | length' 0
}

# buggy FILE NAME WANT [flags...]: the errors found with --keep-going include WANT (kind@file:line).
buggy() {
    local f=$1 name=$2 want=$3
    shift 3
    rv check --json --keep-going $LIMIT "$D/$f" -- "$@"
    note "$name"
    expect_rc 1
    case ",$(errs)," in *",$want,"*) ;; *) fail_because "errors '$(errs)' do not include $want" ;; esac
}

t_seqlock() { correct seqlock.c seqlock -DWRITERS_LOCKED=1; }
t_seqlock_torn() { buggy seqlock.c seqlock_torn "assertion@seqlock.c:$(line_of $D/seqlock.c @torn)" -DWRITERS_LOCKED=0; }

t_ring_bounded() { correct mpsc_ring.c ring_bounded -DCONSUME=BOUNDED; }
t_ring_three_producers() { correct mpsc_ring.c ring_three_producers -DCONSUME=BOUNDED -DPRODUCERS=3 -DITEMS=1; }
# A consumer that serves for ever: once the producers are done it spins on
# an empty slot that nobody will fill.  Every real run hangs there: a
# non-termination (src/unfolding/lasso.c; before it, "no error,
# exhaustive" in 84 executions: the cutoff ended the spin silently).
t_ring_forever() {
    rv check --json $LIMIT "$D/mpsc_ring.c" -- -DCONSUME=FOREVER
    note ring_forever
    expect_rc 1
    expect_eq "errors" "$(errs)" "non-termination@mpsc_ring.c:$(line_of $D/mpsc_ring.c @pop-spin)"
}
# CAP=3 breaks the documented power-of-two rule: positions 2 and 3 share slot 2.
t_ring_cap3() { buggy mpsc_ring.c ring_cap3 "assertion@mpsc_ring.c:$(line_of $D/mpsc_ring.c @sum)" -DCAP=3; }

t_pool() { correct pool.c pool; }
t_pool_three_tasks() { correct pool.c pool_three_tasks -DTASKS=3 -DWORKERS=1; }
t_pool_shared_stop() { buggy pool.c pool_shared_stop "assertion@pool.c:$(line_of $D/pool.c @ran)" -DBUG_SHARED_STOP; }
t_pool_destroy_locked() { buggy pool.c pool_destroy_locked "misuse@pool.c:$(line_of $D/pool.c @destroy-locked)" -DBUG_DESTROY_LOCKED; }

# --- vendored libraries (tests/libs/<lib>/: the library's own files, its
# licence header kept, and harness.c, ravel's).  Each exact mode's count is
# compared with another exact mode's (udpor --no-cutoffs vs optimal: one
# execution per Mazurkiewicz trace); the default's count is not ground
# truth (cutoffs), only its verdict and that it is exhaustive.

# lib_exact NAME FILES... -- FLAGS: exhaustive and no error under the
# default, --no-cutoffs and --algo=optimal; the last two agree on the count.
# Sets UNIQUE_BUILD to the default run's .unique_build.
lib_exact() {
    local name=$1 files=() n o
    shift
    while [ $# -gt 0 ] && [ "$1" != -- ]; do files+=("$D/$1"); shift; done
    rv check --json $LIMIT "${files[@]}" "$@"
    note "$name"
    expect_rc 0
    expect_json .exhaustive true
    UNIQUE_BUILD=$(json .unique_build)
    rv check --json --no-cutoffs $LIMIT "${files[@]}" "$@"
    expect_rc 0
    n=$(json .executions)
    rv check --json --algo=optimal $LIMIT "${files[@]}" "$@"
    expect_rc 0
    o=$(json .executions)
    echo "# libs/$name: --no-cutoffs $n, optimal $o executions"
    expect_eq "executions of --no-cutoffs vs optimal" "$n" "$o"
}

# lib_bug NAME WANT FILES... -- FLAGS: the default finds the error WANT
# (kind@file:line) first.
lib_bug() {
    local name=$1 want=$2 files=()
    shift 2
    while [ $# -gt 0 ] && [ "$1" != -- ]; do files+=("$D/$1"); shift; done
    rv check --json $LIMIT "${files[@]}" "$@"
    note "$name"
    expect_rc 1
    expect_eq "errors" "$(errs)" "$want"
}

# sysprog21/concurrent-programs lfring: 2 producers, main dequeues once
# while they run, then drains.  As published its 16-byte CAS is inline
# assembly (lock cmpxchg16b), a store no event announces: no result can be
# exhaustive, and the reason names the instruction.
LFRING=(lfring/harness.c lfring/lfring.c)
t_lfring_published() {
    rv check --json $LIMIT "${LFRING[@]/#/$D/}"
    expect_rc 3
    expect_json_match .incomplete_reason 'lf_compare_exchange\+0x[0-9a-f]+: lock cmpxchg16b'
    # the summary's verdict holds the whole reason (a 512-byte buffer cut
    # it mid-word: "... --max-events=100000 was not")
    local reason
    reason=$(json .incomplete_reason)
    rv check $LIMIT "${LFRING[@]/#/$D/}"
    expect_eq "verdict line" "$(grep '^verdict' "$W/out")" \
        "verdict     INCOMPLETE: no error found, but the exploration is not exhaustive ($reason)"
}
# With the CAS as __atomic_compare_exchange_n (-mcx16: inline, no
# libatomic call).  Its smp_fence(LoadStore) is an empty asm statement
# (a compiler barrier), which does not make states unique (asm_inert).
# (before: "code built without instrumentation: lfring.c (inline
# assembly)", no cutoff, 1,078 executions).
t_lfring() {
    lib_exact lfring "${LFRING[@]}" -- -DLFRING_PORTABLE_CAS -mcx16
    expect_eq "unique_build" "$UNIQUE_BUILD" null
}
# A producer that takes a slot already enqueued in this lap overwrites the
# other producer's element: one element is lost.
t_lfring_overwrite() {
    lib_bug lfring_overwrite "assertion@harness.c:$(line_of $D/lfring/harness.c @all)" \
        "${LFRING[@]}" -- -DLFRING_PORTABLE_CAS -mcx16 -DBUG_OVERWRITE
}

# sysprog21/concurrent-programs mcslock (MCS queue lock): THREADS threads
# each lock, increment a plain counter, unlock.  The exact modes run the
# release path's spin to the event limit (a waiter preempted before it
# links itself); the default's cutoffs end it: exhaustive, no error.
MCS=(mcslock/harness.c mcslock/mcslock.c)
t_mcslock() {
    local n
    for n in 2 3; do
        rv check --json $LIMIT "${MCS[@]/#/$D/}" -- -DTHREADS=$n
        expect_rc 0
        expect_json .exhaustive true
        expect_json '.errors|length' 0
        [ "$(json .cutoffs)" -gt 0 ] || fail_because "THREADS=$n: no cutoff"
    done
}
# The waiter publishes itself after it starts waiting (one line moved):
# the releaser never sees it and the waiter spins for ever.
t_mcslock_late_wait() {
    rv check --json $LIMIT "${MCS[@]/#/$D/}" -- -DBUG_LATE_WAIT
    expect_rc 1
    expect_json '.errors[0].kind' non-termination
}

rv_main "$@"
