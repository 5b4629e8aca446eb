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

rv_main "$@"
