#!/usr/bin/env bash
# tests/limits — whole-run limits and progress (issue 11 part 3): the
# --time-limit verdict and reason, the execution cut at the deadline, the
# progress line on stderr (forced, and on a terminal) and never on stdout.
# No test asserts on timings beyond "stopped by the limit".
. "$(dirname "$0")/../lib.sh"
L=$ROOT/tests/limits

expect_err() { grep -Eq -- "$1" "$W/err" || fail_because "stderr does not match /$1/: $(head -c 300 "$W/err" | tr '\n' ' ')"; }

# warm FILE: build FILE into the cache first.  --time-limit counts the
# build (it counts from ravel's start), and a build that is not cached yet
# (a new recipe, a loaded machine) could use up a short limit before the
# exploration it is meant to stop has begun.
warm() { "$RAVEL" check --json --max-executions=1 --timeout=0.5 --max-events=1000 "$1" >/dev/null 2>&1 || true; }

# many.c has astronomically many executions: the limit always stops it.
time_limit_case() {
    warm "$L/many.c"
    rv check --algo="$1" --time-limit=1 --json "$L/many.c"
    expect_rc 3
    expect_json .exhaustive false
    expect_json_match .incomplete_reason '^time-limit'
    expect_json '.errors|length' 0
    expect_json_match .executions '^[0-9]+$'
    expect_json .exit_code 3
}
t_time_limit_dfs() { time_limit_case dfs; }
t_time_limit_udpor() { time_limit_case udpor; }

# The human summary says why the run is incomplete.
t_time_limit_human() {
    warm "$L/many.c"
    rv check --time-limit=0.5 "$L/many.c"
    expect_rc 3
    grep -q 'INCOMPLETE: .*(time-limit: stopped after --time-limit=0.5 s)' "$W/out" ||
        fail_because "summary without the reason: $(tail -2 "$W/out" | tr '\n' ' ')"
}

# An execution that never ends is cut at the deadline, even without a
# per-execution --timeout, and is not reported as the program's timeout.
t_time_limit_cuts_execution() {
    local algo
    warm "$L/spin.c"
    for algo in dfs udpor; do
        rv check --algo=$algo --timeout=0 --time-limit=1 --json "$L/spin.c"
        expect_rc 3
        expect_json_match .incomplete_reason '^time-limit'
        expect_json '.errors|length' 0
        expect_json .executions 0
    done
}

# udpor's long executions of a non-terminating thread (rerun with growing
# event budgets): the limit stops it too, with its reason.
t_time_limit_udpor_forever() {
    # --max-events far above what 2 s reach: the loop's execution itself
    # (not the event limit, which default cutoffs now reach in ~1 s) must
    # be stopped by the time limit
    warm "$L/forever.c"
    rv check --time-limit=2 --max-events=20000000 --json "$L/forever.c"
    expect_rc 3
    expect_json .exhaustive false
    expect_json_match .incomplete_reason '^time-limit'
}

# ... and inside the unfolding's work on one long execution (Extend's
# enumeration of histories), which took 500 s on lock_loop.c with
# --time-limit=1 before the unfolding checked the deadline.
# (--max-events far above what 2 s reach: Extend is now linear on it and
# the default 100,000 events end in about 2 s, so the event limit could
# come first.)
t_time_limit_udpor_extend() {
    warm "$L/lock_loop.c"
    rv check --time-limit=2 --max-events=20000000 --json "$L/lock_loop.c"
    expect_rc 3
    expect_json .exhaustive false
    expect_json_match .incomplete_reason '^time-limit'
}

# The same loop runs to the event limit (Extend's cost is linear in the
# execution: each acquisition's histories are enumerated without walking
# the candidates below the chosen one, and the mutex state at a history
# comes from checkpoints instead of a replay from the start; 500 s for
# 100,000 events before).  The unfolding is the one it was: 20,000 events
# executed plus one acquisition of the second thread after each of the
# 5,000 releases but the last, and the pending one.
t_lock_loop_event_limit() {
    local f
    for f in "" --no-cutoffs; do
        rv check --max-events=20000 $f --json "$L/lock_loop.c"
        expect_rc 3
        expect_json .exhaustive false
        expect_json_match .incomplete_reason '^execution exceeded 20000 events'
        expect_json .events 25001
        expect_json .executions 0
    done
}

# The barrier reused forever, without cutoffs (with them it ends:
# tests/cutoffs barrier_loop), runs to the event limit too (150 s for
# 20,000 events before Extend was linear, on a loaded machine).
t_barrier_loop_event_limit() {
    rv check --no-cutoffs --max-events=20000 --json "$ROOT/tests/cutoffs/barrier_loop.c"
    expect_rc 3
    expect_json_match .incomplete_reason '^execution exceeded 20000 events'
}

# The bounded loop (-DM=k): C(2k, k) Mazurkiewicz traces, one execution
# each without cutoffs, as dfs counts them.
t_lock_loop_bounded_traces() {
    rv check --json --no-cutoffs "$L/lock_loop.c" -- -DM=5
    expect_rc 0
    expect_json .executions 252 # C(10, 5)
    expect_json .blocked 0
    expect_json .exhaustive true
    rv check --json --algo=dfs --count-traces "$L/lock_loop.c" -- -DM=5
    expect_rc 0
    expect_json .traces 252
}

# A limit that is reached after an error keeps the error: exit 1 (the
# first execution already fails: both writers end with 29).
t_time_limit_keeps_errors() {
    printf '#include <assert.h>\n#include <pthread.h>\nint x;\nstatic void *w(void *a) { for (int i = 0; i < 30; i++) x = i; return a; }\nint main(void) { pthread_t a, b; pthread_create(&a, 0, w, 0); pthread_create(&b, 0, w, 0); pthread_join(a, 0); pthread_join(b, 0); assert(x != 29); return 0; }\n' >err.c
    warm err.c
    rv check --algo=dfs --keep-going --time-limit=1 --json err.c
    expect_rc 1
    expect_json .exhaustive false
    expect_json_match .incomplete_reason '^time-limit'
    expect_json '.errors[0].kind' assertion
}

# Long executions whose states never repeat (issue 28 part 5): with
# --keep-going every late setter's execution runs 100,000 events, and the
# unfolding's work on each was quadratic in its length, with neither
# --time-limit nor --max-executions looked at meanwhile (minutes before;
# the guard of 60 s, far above the limit, only keeps a regression from
# hanging the suite).  Both stop it, with the partial summary.
t_long_spin_time_limit() {
    warm "$L/spin_count.c"
    RV_GUARD=60 rv check --keep-going --time-limit=2 --json "$L/spin_count.c"
    expect_rc 3
    expect_json .exhaustive false
    expect_json_match .incomplete_reason '^time-limit: stopped after --time-limit=2 s'
    expect_json .interrupted null
}
t_long_spin_max_executions() {
    RV_GUARD=60 rv check --keep-going --max-executions=2 --json "$L/spin_count.c"
    expect_rc 3
    expect_json_match .incomplete_reason '--max-executions reached'
    expect_json '[.errors[].kind]|unique|join(",")' event-limit
}

# SIGINT and SIGTERM (stop.h): the run stops and reports what it has, as
# for --time-limit: valid JSON on stdout, the signal as the reason, exit 3
# (1 with an error).  Sent once the exploration has begun (the progress
# line on stderr says so), during a long execution (spin_count.c: each
# execution runs 100,000 events) or between short ones (many.c).
signal_case() { # SIGNAL PROGRAM WAIT-FOR-REGEX [options]
    local sig=$1 prog=$2 wait_re=$3 i
    shift 3
    echo "ravel check --progress --json $* $prog (then kill -$sig)" >"$W/.last"
    "$RAVEL" check --progress --json "$@" "$L/$prog" >"$W/out" 2>"$W/err" &
    local pid=$!
    for i in $(seq 1 600); do
        grep -Eq "$wait_re" "$W/err" 2>/dev/null && break
        sleep 0.1
    done
    kill -"$sig" $pid
    local k=0
    while kill -0 $pid 2>/dev/null && [ $k -lt 300 ]; do
        sleep 0.1
        k=$((k + 1))
    done
    if kill -0 $pid 2>/dev/null; then
        kill -9 $pid
        fail_because "still running 30 s after SIG$sig"
    fi
    wait $pid
    RC=$?
    jq -e . "$W/out" >/dev/null 2>&1 || fail_because "stdout is not one JSON object: $(head -c 200 "$W/out")"
    expect_json .exhaustive false
    expect_json_match .incomplete_reason "^interrupted: stopped by SIG$sig after"
    expect_json .interrupted "SIG$sig"
}
t_sigint_partial_json() {
    signal_case INT many.c 'executions \('
    expect_rc 3
    expect_json .exit_code 3
    expect_json_match .executions '^[1-9][0-9]*$'
}
t_sigterm_partial_json() {
    signal_case TERM many.c 'executions \(' --algo=dfs
    expect_rc 3
}
t_sigint_long_execution() {
    signal_case INT spin_count.c 'executing: [0-9]+ events' --keep-going
    expect_rc 3
    # the executions that ended before the signal ran into --max-events
    expect_json '[.errors[].kind]|unique|map(select(. != "event-limit"))|length' 0
}

# --time-limit counts from ravel's start: a build that never ends
# (slow_build.c) and a program whose start never ends (a constructor that
# spins) are stopped by it too, with the partial JSON and exit 3.  Before,
# the limit started with the exploration and the build ran on until the
# guard killed ravel.
t_time_limit_build() {
    RV_GUARD=60 rv check --json --no-cache --time-limit=1 "$L/slow_build.c"
    expect_rc 3
    expect_json .exhaustive false
    expect_json .exit_code 3
    expect_json .executions 0
    expect_json_match .incomplete_reason '^time-limit: stopped after --time-limit=1 s while the program was built'
}
t_time_limit_start() {
    RV_GUARD=60 rv check --json --time-limit=2 "$L/slow_start.c"
    expect_rc 3
    expect_json .exhaustive false
    expect_json .exit_code 3
    expect_json .executions 0
    expect_json_match .incomplete_reason '^time-limit: stopped after --time-limit=2 s'
}
# SIGINT sent by timeout(1) at a fixed time, whatever ravel does then: in
# the build, or in an execution that never ends (spin.c, with no
# per-execution timeout).
t_sigint_build() {
    echo "timeout -s INT 2 ravel check --json --no-cache slow_build.c" >"$W/.last"
    timeout -k 30 --preserve-status -s INT 2 "$RAVEL" check --json --no-cache "$L/slow_build.c" >"$W/out" 2>"$W/err"
    RC=$?
    expect_rc 3
    expect_json .interrupted SIGINT
    expect_json .exit_code 3
    expect_json_match .incomplete_reason '^interrupted: stopped by SIGINT while the program was built'
}
t_sigint_spin() {
    echo "timeout -s INT 3 ravel check --json --timeout=0 spin.c" >"$W/.last"
    timeout -k 30 --preserve-status -s INT 3 "$RAVEL" check --json --timeout=0 "$L/spin.c" >"$W/out" 2>"$W/err"
    RC=$?
    expect_rc 3
    expect_json .interrupted SIGINT
    expect_json .exhaustive false
    expect_json '.errors|length' 0
    expect_json_match .incomplete_reason '^interrupted: stopped by SIGINT'
}

t_time_limit_bad_values() {
    local v
    for v in 0 -1 abc 1e99 ''; do
        rv check --time-limit="$v" "$L/many.c"
        expect_rc 2
        expect_err "^ravel check: --time-limit expects a positive number of seconds, got '$v'"
    done
}

# Forced progress: lines on stderr, stdout one JSON object.
PROGRESS_RE='^ravel: [0-9]+ executions \([0-9]+/s\), [0-9]+ events, [0-9]+\.[0-9] s(; executing: [0-9]+ events)?$'
t_progress_forced_json() {
    warm "$L/many.c"
    rv check --progress --time-limit=1.5 --json "$L/many.c"
    expect_rc 3
    jq -e . "$W/out" >/dev/null 2>&1 || fail_because "stdout is not one JSON object"
    grep -q 'executions (' "$W/out" && fail_because "a progress line on stdout"
    grep -Eq "$PROGRESS_RE" "$W/err" || fail_because "no progress line on stderr: $(head -c 200 "$W/err" | tr '\n' ' ')"
    local n
    n=$(grep -Ec "$PROGRESS_RE" "$W/err")
    # at most 4 a second (+1 for rounding at the edges) over 1.5 s
    [ "$n" -le 7 ] || fail_because "$n progress lines in 1.5 s (at most 4 a second)"
}

# The line moves during one long execution too (issue 28 part 5: drawn
# from the backend's wait, with the execution's events so far); spin.c's
# first execution never ends, and only the time limit stops it.
t_progress_long_execution() {
    warm "$L/spin.c"
    rv check --progress --timeout=0 --time-limit=2 --json "$L/spin.c"
    expect_rc 3
    expect_json_match .incomplete_reason '^time-limit'
    local n
    n=$(grep -Ec '^ravel: 0 executions .*; executing: [0-9]+ events$' "$W/err")
    [ "$n" -ge 2 ] || fail_because "$n progress lines during the execution: $(head -c 200 "$W/err" | tr '\n' ' ')"
}

# Not a terminal and not forced: no progress line; --no-progress wins.
t_progress_off() {
    warm "$L/many.c"
    rv check --time-limit=1 --json "$L/many.c"
    expect_rc 3
    grep -q 'executions (' "$W/err" && fail_because "progress line without a terminal"
    rv check --progress --no-progress --time-limit=1 "$L/many.c"
    expect_rc 3
    grep -q 'executions (' "$W/err" && fail_because "progress line with --no-progress"
}

# On a terminal (script(1) gives ravel a pty): one line redrawn in place
# with \r, erased with ESC[K before the summary.
t_progress_terminal() {
    command -v script >/dev/null || {
        skip_test "script(1) not installed"
        return
    }
    warm "$L/many.c"
    echo "ravel check --time-limit=1 (under script)" >"$W/.last"
    timeout 120 script -qec "'$RAVEL' check --time-limit=1 '$L/many.c'" /dev/null >tty.out 2>&1
    grep -aq $'\rravel: [0-9]* executions' tty.out || fail_because "no progress line redrawn with CR on the terminal"
    grep -aq $'\r\033\\[K' tty.out || fail_because "the progress line is not erased"
    grep -aq 'verdict *INCOMPLETE' tty.out || fail_because "no summary after the progress line"
}

# --max-threads: threads created in an unbounded loop.  With room for two
# besides main the lost update is found in every algorithm; with room for
# one there is nothing to find and the bound is the reason (exit 3).
max_threads_case() { # ALGO
    rv check --json --keep-going --max-threads=3 --algo="$1" "$L/create_loop.c"
    expect_rc 1
    expect_json '[.errors[].kind]|sort|join(",")' "assertion,resource-limit"
    expect_json .incomplete_reason "the program creates more than 3 threads (--max-threads)"
    rv check --json --keep-going --max-threads=2 --algo="$1" "$L/create_loop.c"
    expect_rc 3
    expect_json '[.errors[].kind]|join(",")' "resource-limit"
    expect_json .verdict UNKNOWN
}
t_max_threads_udpor() { max_threads_case udpor; }
# Created and joined in an unbounded loop, at the default bound: the
# execution ends at the create past it (16,384 threads under dfs, udpor's
# default of 1,024), exit 3 with the bound as the reason.  Seven events
# per thread (since issue 27 part 2 the create's store of the thread's id
# into main's `t` is a write event), so --max-events is raised past the
# 16,384 threads' 114,682 events.
# udpor explores everything within it: one trace (dfs would take every
# order of each thread's exit and main's read of its handle: 2^1023).
t_create_join_loop_dfs() {
    rv check --json --algo=dfs --max-executions=1 --max-events=200000 "$L/create_join_loop.c"
    expect_rc 3
    expect_json .events 114682 # 7 per thread and main's first
    expect_json '[.errors[].kind]|join(",")' resource-limit
    expect_json .incomplete_reason "the program creates more than 16384 threads (--max-threads)"
    expect_json .verdict UNKNOWN
}
# udpor's one execution (--max-executions=1) goes to the same bound.
t_create_join_loop_udpor_one() {
    rv check --json --max-executions=1 --max-events=200000 "$L/create_join_loop.c"
    expect_rc 3
    expect_json .events 114682
    expect_json .incomplete_reason "the program creates more than 16384 threads (--max-threads)"
}
# Past the cap the search goes on under a thread bound (explore.c): main
# creates at most 1, 2, 3 threads, one trace each; never exhaustive.
t_create_join_loop_udpor() {
    rv check --json --keep-going "$L/create_join_loop.c"
    expect_rc 3
    expect_json .incomplete_executions 1
    expect_json .executions 3
    expect_json .thread_bound 3
    expect_json .thread_bound_cut 1
    expect_json '[.errors[].kind]|join(",")' resource-limit
    expect_json_match .incomplete_reason '^the program creates more than 1024 threads \(--max-threads\); also: thread bound: explored the executions in which each thread creates at most 3 threads; the program creates more \(a create was held back in 1 execution\)$'
    expect_json .exhaustive false
}
# A smaller bound: the same trace count, and dfs's 2^(N-1) interleavings.
t_create_join_loop_bounded() {
    rv check --json --keep-going --max-threads=5 "$L/create_join_loop.c"
    expect_rc 3
    expect_json .incomplete_executions 1
    rv check --json --keep-going --algo=dfs --max-threads=5 "$L/create_join_loop.c"
    expect_rc 3
    expect_json .incomplete_executions 16
    expect_json .incomplete_reason "the program creates more than 5 threads (--max-threads)"
}
t_max_threads_dfs() { max_threads_case dfs; }
t_max_threads_optimal() { max_threads_case optimal; }
t_max_threads_bad() {
    rv check --max-threads=16385 "$L/create_loop.c"
    expect_rc 2
    grep -q "max-threads expects a number of threads from 1 to 16384" "$W/err" ||
        fail_because "no clear message for --max-threads=16385"
}

# More threads than a 64-bit mask holds (issue 13 part 3): 1,000 threads
# alive at once, each locking a mutex once, one execution (8 events per
# thread: create, lock, read, write, unlock, exit, join; 2 of main).
t_threads_1000_dfs() {
    rv check --json --algo=dfs --max-executions=1 "$L/threads_many.c" -- -DN=1000
    expect_rc 3
    expect_json .executions 1
    expect_json .events 8002
    expect_json '.errors|length' 0
    expect_json .incomplete_reason "--max-executions reached"
}
# A thread's own heap arena (4 GiB, so that 16,384 fit in user space)
# has its own message; the execution's --max-memory keeps its own.
t_heap_arena_full() {
    rv check --json --max-memory=8192 "$L/arena_full.c"
    expect_rc 3
    expect_json '[.errors[].kind]|join(",")' resource-limit
    expect_json .incomplete_reason "thread 0's heap arena (4 GiB, one per thread) is full allocating 5368709120 bytes"
    rv check --json "$L/arena_full.c"
    expect_rc 3
    expect_json .incomplete_reason "heap limit exceeded allocating 5368709120 bytes (raise --max-memory)"
}

# 10,000 threads alive at once (issue 13 part 3, stage 2): the scheduler's
# step asks no thread above 63 but those it needs (sched.c lowest_hi).
t_threads_10000_dfs() {
    rv check --json --algo=dfs --max-executions=1 "$L/threads_many.c" -- -DN=10000
    expect_rc 3
    expect_json .executions 1
    expect_json .events 80002
    expect_json '.errors|length' 0
    expect_json .incomplete_reason "--max-executions reached"
}
# ... and the lost update of workers that add without the lock is found
# (dfs backtracks over the last workers first: the 21st execution).
t_threads_10000_bug_dfs() {
    rv check --json --algo=dfs --max-executions=100 "$L/threads_many.c" -- -DN=10000 -DBUG
    expect_rc 1
    expect_json .executions 21
    expect_json '[.errors[].kind]|join(",")' assertion
}
# 10,000 threads over the execution, in waves of 1,000 alive at once.
t_threads_waves_dfs() {
    rv check --json --algo=dfs --max-executions=1 "$L/threads_many.c" -- -DW=10
    expect_rc 3
    expect_json .executions 1
    expect_json .events 80002
    expect_json '.errors|length' 0
    rv check --json --algo=dfs --max-executions=100 "$L/threads_many.c" -- -DW=10 -DBUG
    expect_rc 1
    expect_json '[.errors[].kind]|join(",")' assertion
}
# ... and the most threads one execution may have, main included.
t_threads_max_dfs() {
    rv check --json --algo=dfs --max-executions=1 --max-events=200000 "$L/threads_many.c" -- -DN=16383
    expect_rc 3
    expect_json .events 131066
    expect_json '.errors|length' 0
    rv check --json --algo=dfs --max-executions=1 --max-events=200000 "$L/threads_many.c" -- -DN=16384
    expect_rc 3
    expect_json .incomplete_reason "the program creates more than 16384 threads (--max-threads)"
}
# dfs backtracks over more than 64 threads (rv_event.next_en): every
# order of 3 lock holders among 70 threads, the rest stopped before.
t_threads_70_dfs_backtrack() {
    rv check --json --algo=dfs --max-executions=50 "$L/threads_many.c" -- -DN=70
    expect_rc 3
    expect_json .executions 50
    expect_json '.errors|length' 0
}
# Racers above the masks among 100 threads blocked for good: the counts
# are those of the same program without the blocked threads (dfs: every
# interleaving; udpor: one execution per trace; with cutoffs too, which
# a state holding a thread above 63 never is).
blocked_case() { # ALGO EXECUTIONS [options]
    local k algo=$1 ex=$2
    shift 2
    for k in 0 63 100; do
        rv check --json --algo=$algo --keep-going --count-traces "$@" "$L/threads_blocked.c" -- -DK=$k
        expect_rc 1
        expect_json .executions "$ex"
        expect_json .traces 4
        expect_json '[.errors[].kind]|join(",")' assertion
    done
}
t_threads_blocked_dfs() { blocked_case dfs 594; }
t_threads_blocked_udpor() { blocked_case udpor 4; }
t_threads_blocked_udpor_nocutoffs() { blocked_case udpor 4 --no-cutoffs; }
# udpor, one execution of 100 threads alive at once: the last execution
# (--max-executions) is mapped but not extended, so the unfolding holds
# its 802 events only (with the extensions, every order of the 100 lock
# acquisitions: 5,752 events, quadratic) ...
t_threads_100_udpor() {
    rv check --json --max-executions=1 "$L/threads_many.c" -- -DN=100
    expect_rc 3
    expect_json .executions 1
    expect_json .events 802
    expect_json '.errors|length' 0
    rv check --json --max-executions=2 "$L/threads_many.c" -- -DN=100
    expect_rc 3
    expect_json .executions 2
    expect_json '.errors|length' 0
}
# ... and of 1,000 (udpor's default --max-threads is 1,024)
t_threads_1000_udpor() {
    rv check --json --max-executions=1 "$L/threads_many.c" -- -DN=1000
    expect_rc 3
    expect_json .executions 1
    expect_json .events 8002
    expect_json '.errors|length' 0
}
# One execution of 10,000 threads under udpor (--max-executions=1):
# reported without mapping it (udpor.c unmapped_ok: past 1,024 threads).
t_threads_10000_udpor() {
    rv check --json --max-executions=1 "$L/threads_many.c" -- -DN=10000
    expect_rc 3
    expect_json .executions 1
    expect_json .events 80002
    expect_json '.errors|length' 0
    expect_json .incomplete_reason "--max-executions reached"
}
# With more executions, udpor stops past its default of 1,024 threads at
# the first execution that creates more, with the bound as the reason and
# a note naming --max-threads.
t_threads_udpor_capped() {
    rv check --json --max-executions=2 "$L/threads_many.c" -- -DN=10000
    expect_rc 3
    expect_json .executions 1 # the second: under the thread bound 1
    expect_json_match .incomplete_reason '^the program creates more than 1024 threads \(--max-threads\)'
    expect_err "note: --algo=udpor holds 1024 threads per execution unless --max-threads says more \\(up to 16384: the unfolding's clocks have an entry per thread per event\\); one execution, --max-executions=1, may have more"
    # within the bound, the lost update of -DBUG is found
    rv check --json "$L/threads_many.c" -- -DN=200 -DBUG
    expect_rc 1
    expect_json '[.errors[].kind]|join(",")' assertion
}
# dpor, source and optimal are not capped at 64 threads (their thread
# sets have words above 64, dpor.c): one execution of 100 threads runs
# to its end; --memory=drf still stops at 64 unless --max-threads says more.
t_threads_masks_not_capped() {
    local algo
    for algo in dpor optimal; do
        rv check --json --algo=$algo --max-executions=1 "$L/threads_many.c" -- -DN=100
        expect_rc 3
        expect_json .executions 1
        expect_json .events 802
        expect_json .incomplete_reason "--max-executions reached"
    done
    rv check --json --memory=drf "$L/threads_many.c" -- -DN=100
    expect_rc 3
    expect_json_match .incomplete_reason '^the program creates more than 64 threads \(--max-threads\)'
    expect_err "note: --memory=drf holds 64 threads per execution unless --max-threads says more \\(up to 1024"
}
# The DPOR engine with threads above 63 doing real synchronisation
# (issue 13 part 3): its enabled sets above 63 come from the model's
# replay of the trace (hien.c).  Each count must be the one of the same
# program with the threads below 64 (K=0), which is the closed form:
# threads_lock_hi.c 3! = 6 lock orders (BUG: 18 traces, the lost update
# found), threads_blocked.c 4 traces, threads_sync_hi.c as for dfs above.
# `dfs --count-traces` counts the same traces (threads_lock_hi.c: 6 and
# 18, in 53,715 and 122,945 executions; the others: blocked_case and
# sync_hi_case above).
# hi_case ALGO PROG EXECUTIONS TRACES ERRORS VARIANT...: K=0, K=62 (the
# interacting threads straddle the word boundary: 63, 64, ...) and K=100
# agree.
hi_case() {
    local k algo=$1 prog=$2 ex=$3 tr=$4 errs=$5
    shift 5
    for k in 0 62 100; do
        rv check --json --algo=$algo --keep-going --count-traces "$L/$prog" -- "$@" -DK=$k
        expect_json .executions "$ex"
        expect_json .traces "$tr"
        expect_json .exhaustive true
        expect_json '[.errors[].kind]|unique|join(",")' "$errs"
    done
}
hi_algo() {
    local algo=$1
    hi_case "$algo" threads_lock_hi.c 6 6 ""
    hi_case "$algo" threads_lock_hi.c 18 18 assertion -DBUG
    hi_case "$algo" threads_blocked.c 4 4 assertion
    hi_case "$algo" threads_sync_hi.c 2 2 "" -DCOND
    hi_case "$algo" threads_sync_hi.c 3 3 "" -DCOND -DTIMED
    hi_case "$algo" threads_sync_hi.c 2 2 "" -DRW
    hi_case "$algo" threads_sync_hi.c 2 2 "" -DBAR
    hi_case "$algo" threads_sync_hi.c 10 10 deadlock -DCOND -DBUG
    hi_case "$algo" threads_sync_hi.c 4 4 assertion -DRW -DBUG
    hi_case "$algo" threads_sync_hi.c 4 4 assertion -DBAR -DBUG
}
t_threads_hi_dpor() { hi_algo dpor; }
t_threads_hi_source() { hi_algo source; }
t_threads_hi_optimal() { hi_algo optimal; }
# The bounded searches (BPOR and the naive bounded DFS, preemption and
# fair bounds): the same counts with the threads above 63 as below.
bounded_hi_case() { # ALGO_OPTIONS PROG EXECUTIONS TRACES ERRORS VARIANT...
    local k opts=$1 prog=$2 ex=$3 tr=$4 errs=$5
    shift 5
    for k in 0 100; do
        rv check --json $opts --keep-going --count-traces "$L/$prog" -- "$@" -DK=$k
        expect_json .executions "$ex"
        expect_json .traces "$tr"
        expect_json_match .incomplete_reason "^bounded search"
        expect_json '[.errors[].kind]|unique|join(",")' "$errs"
    done
}
t_threads_hi_bounded() {
    bounded_hi_case "--algo=dpor --preemption-bound=1" threads_lock_hi.c 42 6 ""
    bounded_hi_case "--algo=dpor --preemption-bound=1" threads_lock_hi.c 65 16 assertion -DBUG
    bounded_hi_case "--algo=dfs --preemption-bound=1" threads_sync_hi.c 106 10 deadlock -DCOND -DBUG
    bounded_hi_case "--algo=dpor --fair-bound=1" threads_sync_hi.c 326 4 assertion -DRW -DBUG
    bounded_hi_case "--algo=dpor --preemption-bound=1" threads_blocked.c 7 4 assertion
}
# 70 threads all enabled, each taking one lock: the engine backtracks
# above 64 (every order of the last lock holders), and the lost update of
# -DBUG among 70 racing threads is found.
t_threads_70_dpor_backtrack() {
    local algo
    for algo in dpor source optimal; do
        rv check --json --algo=$algo --max-executions=50 "$L/threads_many.c" -- -DN=70
        expect_rc 3
        expect_json .executions 50
        expect_json '.errors|length' 0
        expect_json .incomplete_reason "--max-executions reached"
        rv check --json --algo=$algo --max-executions=200 "$L/threads_many.c" -- -DN=70 -DBUG
        expect_rc 1
        expect_json '[.errors[].kind]|join(",")' assertion
    done
    rv check --json --algo=dpor --preemption-bound=1 --max-executions=50 "$L/threads_many.c" -- -DN=70
    expect_rc 3
    expect_json .executions 50
    expect_json '.errors|length' 0
}
# ... and 1,000 threads (a few executions: every one is O(events x threads))
t_threads_1000_dpor() {
    local algo
    for algo in source optimal; do
        rv check --json --algo=$algo --max-executions=2 "$L/threads_many.c" -- -DN=1000
        expect_rc 3
        expect_json .executions 2
        expect_json .events 16004
        expect_json '.errors|length' 0
    done
}
# --memory=drf with clocks as wide as --max-threads (race.c): the threads
# above 63 of threads_sync_hi.c are checked as those below (the same
# executions as K=0 under dfs: 20, 74, 14), their races and deadlock
# found, and those of threads_blocked.c's racers 101 and 102.
t_threads_drf_hi() {
    local v
    for v in "20 -DCOND" "74 -DRW" "14 -DBAR"; do
        rv check --json --algo=dfs --memory=drf --max-threads=200 "$L/threads_sync_hi.c" -- ${v#* } -DK=100
        expect_rc 0
        expect_json .executions "${v%% *}"
    done
    for v in "deadlock -DCOND" "data-race -DRW" "data-race -DBAR"; do
        rv check --json --algo=dfs --memory=drf --max-threads=200 "$L/threads_sync_hi.c" -- ${v#* } -DBUG -DK=100
        expect_rc 1
        expect_json '[.errors[].kind]|join(",")' "${v%% *}"
    done
    rv check --json --memory=drf --max-threads=200 "$L/threads_sync_hi.c" -- -DBAR -DK=100
    expect_rc 0
    expect_json .executions 2
    rv check --json --memory=drf --max-threads=200 "$L/threads_blocked.c" -- -DK=100
    expect_rc 1
    expect_json '[.errors[].kind]|join(",")' data-race
    expect_json_match '.errors[0].message' "thread 10[12] and .* by thread 10[12]"
    rv check --json --memory=drf --max-threads=5000 "$L/threads_sync_hi.c" -- -DBAR
    expect_err "note: --max-threads=5000 lowered to 1024 \\(--algo=udpor, --memory=drf\\)"
}

# Condition variables, rwlocks and barriers of threads above the masks
# (issue 13 part 3, stage 3; threads_sync_hi.c): with 100 blocked threads
# first, the interacting threads are 101, 102, ...; dfs counts what it
# counts without them, and the traces are the closed forms: COND 2 (the
# waiter locks before or after the notifier), TIMED 3 (and, waiter first,
# it times out or is woken), RW 2 and BAR 2 (which thread goes first);
# BUG: 10 (the deadlock), 4, 4.
sync_hi_case() { # EXECUTIONS TRACES ERRORS VARIANT...
    local k ex=$1 tr=$2 errs=$3
    shift 3
    for k in 0 100; do
        rv check --json --algo=dfs --keep-going --count-traces "$L/threads_sync_hi.c" -- "$@" -DK=$k
        expect_json .executions "$ex"
        expect_json .traces "$tr"
        expect_json .exhaustive true
        expect_json '[.errors[].kind]|unique|join(",")' "$errs"
    done
}
t_threads_cond_hi_dfs() { sync_hi_case 82 2 "" -DCOND; }
t_threads_cond_timed_hi_dfs() { sync_hi_case 718 3 "" -DCOND -DTIMED; }
t_threads_rw_hi_dfs() { sync_hi_case 469 2 "" -DRW; }
t_threads_rw_hi_bug_dfs() { sync_hi_case 1709 4 assertion -DRW -DBUG; }
t_threads_bar_hi_dfs() { sync_hi_case 910 2 "" -DBAR; }
t_threads_bar_hi_bug_dfs() { sync_hi_case 1709 4 assertion -DBAR -DBUG; }
# the lost wake-up with two waiters above the masks is found
t_threads_cond_hi_bug_dfs() {
    rv check --json --algo=dfs "$L/threads_sync_hi.c" -- -DCOND -DBUG -DK=100
    expect_rc 1
    expect_json '[.errors[].kind]|join(",")' deadlock
}
# The other algorithms agree with dfs with the threads below 64 (K=0:
# one execution per trace, the bug found; above 63: t_threads_hi_* and
# the udpor tests below).
t_threads_sync_hi_algos() {
    local algo v
    for algo in optimal source dpor udpor; do
        for v in "2 -DCOND" "3 -DCOND -DTIMED" "2 -DRW" "2 -DBAR"; do
            rv check --json --algo=$algo --count-traces "$L/threads_sync_hi.c" -- ${v#* } -DK=0
            expect_rc 0
            expect_json .executions "${v%% *}"
            expect_json .traces "${v%% *}"
        done
        for v in "deadlock -DCOND" "assertion -DRW" "assertion -DBAR"; do
            rv check --json --algo=$algo "$L/threads_sync_hi.c" -- ${v#* } -DBUG -DK=0
            expect_rc 1
            expect_json '[.errors[].kind]|join(",")' "${v%% *}"
        done
    done
}

# udpor holds the waiters and readers above the masks too (the model's
# rv_mhi_set in the unfolding's object states, extend.c): with K = 62 the
# interacting threads are 63 (below) and 64, 65 (above), with K = 100 all
# above, and each count is the one of K = 0 and of dfs (the traces above),
# one execution per trace, with and without cutoffs; the bugs are found.
udpor_sync_hi_case() { # EXECUTIONS ERRORS VARIANT...
    local k c ex=$1 errs=$2
    shift 2
    for k in 0 62 100; do
        for c in --cutoffs --no-cutoffs; do
            rv check --json $c --keep-going --count-traces "$L/threads_sync_hi.c" -- "$@" -DK=$k
            expect_rc "$([ -n "$errs" ] && echo 1 || echo 0)"
            expect_json .executions "$ex"
            expect_json .traces "$ex"
            expect_json .blocked 0
            expect_json .exhaustive true
            expect_json '[.errors[].kind]|unique|join(",")' "$errs"
        done
    done
}
t_threads_cond_hi_udpor() { udpor_sync_hi_case 2 "" -DCOND; }
t_threads_cond_timed_hi_udpor() { udpor_sync_hi_case 3 "" -DCOND -DTIMED; }
t_threads_cond_hi_bug_udpor() { udpor_sync_hi_case 10 deadlock -DCOND -DBUG; }
t_threads_rw_hi_udpor() { udpor_sync_hi_case 2 "" -DRW; }
t_threads_rw_hi_bug_udpor() { udpor_sync_hi_case 4 assertion -DRW -DBUG; }
t_threads_bar_hi_udpor() { udpor_sync_hi_case 2 "" -DBAR; }
t_threads_bar_hi_bug_udpor() { udpor_sync_hi_case 4 assertion -DBAR -DBUG; }
# Several waiters above the masks: a signal chooses among them (its value
# is the waiter's index, alt.c signal_val), a later broadcast wakes the
# rest (they remember which); readers above 63 hold an rwlock together.
# The counts are optimal's at K = 0 (dfs is too slow here); cutoffs are
# not compared: a state holding a thread above 63 is never a cutoff
# (cutoff.c), so K = 0 prunes more than K = 62 or 100.
udpor_sync_many_case() { # TRACES ERRORS VARIANT...
    local k tr=$1 errs=$2
    shift 2
    for k in 0 62 100; do
        rv check --json --no-cutoffs --keep-going --count-traces "$L/threads_sync_hi.c" -- "$@" -DMANY -DK=$k
        expect_rc "$([ -n "$errs" ] && echo 1 || echo 0)"
        expect_json .executions "$tr"
        expect_json .traces "$tr"
        expect_json .exhaustive true
        expect_json '[.errors[].kind]|unique|join(",")' "$errs"
    done
    rv check --json --algo=optimal --keep-going --count-traces "$L/threads_sync_hi.c" -- "$@" -DMANY -DK=0
    expect_json .traces "$tr"
    rv check --json --keep-going "$L/threads_sync_hi.c" -- "$@" -DMANY -DK=100
    expect_rc "$([ -n "$errs" ] && echo 1 || echo 0)"
    expect_json .exhaustive true
    expect_json '[.errors[].kind]|unique|join(",")' "$errs"
}
t_threads_cond_many_hi_udpor() { udpor_sync_many_case 384 "" -DCOND; }
# More than 1,024 threads under udpor, with several executions (the
# unfolding's per-thread tables grow, its scratch arrays go to the heap
# past 1,024 threads): --max-threads raises udpor's default bound, and
# threads 1101, 1102, ... interact as threads 1, 2, ... do at K = 0.
t_threads_over_1024_udpor() {
    local c v ex errs args
    for c in --cutoffs --no-cutoffs; do
        for v in "10 deadlock -DCOND -DBUG" "4 assertion -DRW -DBUG" "2 - -DBAR"; do
            read -r ex errs args <<<"$v"
            rv check --json $c --keep-going --count-traces --max-threads=1200 "$L/threads_sync_hi.c" -- $args -DK=1100
            expect_rc "$([ "$errs" != - ] && echo 1 || echo 0)"
            expect_json .executions "$ex"
            expect_json .traces "$ex"
            expect_json .exhaustive true
            expect_json '[.errors[].kind]|unique|join(",")' "${errs#-}"
        done
    done
    rv check --json "$L/threads_sync_hi.c" -- -DCOND -DBUG -DK=1100
    expect_rc 3
    expect_json_match .incomplete_reason '^the program creates more than 1024 threads \(--max-threads\)'
}
t_threads_cond_many_timed_hi_udpor() { udpor_sync_many_case 594 "" -DCOND -DTIMED; }
t_threads_cond_many_hi_bug_udpor() { udpor_sync_many_case 348 deadlock -DCOND -DBUG; }
t_threads_rw_many_hi_udpor() { udpor_sync_many_case 4 "" -DRW; }
# A 9th read-held rwlock of a thread above 63 fails with EAGAIN (model.h
# RV_HI_RD): udpor predicts it from the thread's own read locks and
# replays the failure as nothing (threads_rw_nine.c: the closed forms,
# 2 and 4 at K = 0, 3 and 5 above the masks).  Before, the tryrdlock's
# predicted result differed from the runtime's and udpor stopped.
t_threads_rw_nine_udpor() {
    local c v
    for c in --cutoffs --no-cutoffs; do
        for v in "2 0" "4 0 -DTRY" "3 100" "5 100 -DTRY"; do
            set -- $v
            rv check --json $c --keep-going --count-traces "$L/threads_rw_nine.c" -- -DK=$2 ${3:-}
            expect_rc 0
            expect_json .executions "$1"
            expect_json .traces "$1"
            expect_json .exhaustive true
        done
    done
}

# A finished thread's stack and TLS pages go back to the kernel (sched.c
# release_dead_stack): 10,000 threads in waves of 1,000 alive at once
# peak at about 34 MB of program (2.5 KB per thread), not 182 MB (18.4 KB
# per thread ever started, every stack kept to the end of the execution).
t_threads_waves_stacks_released() {
    rv check --json --algo=dfs --max-executions=1 --max-events=200000 \
        "$ROOT/bench/threads/alive.c" -- -DN=10000 -DK=1000 "-DOUT=\"$W/rss\""
    expect_rc 3
    # (80,003 before getrusage was wrapped: its store into ru is now a
    # write event, src/runtime/sysout.c)
    expect_json .events 80004
    local kb
    kb=$(cut -d' ' -f1 "$W/rss")
    [ "$kb" -lt 80000 ] || fail_because "program peak $kb KB for 10,000 threads in waves of 1,000"
}

# ---- Resource limits that protect the machine (issue 27 part 6) ----------
# Every run here stays far below CI's memory: the program's heap is capped
# with --max-memory or the whole run with `ulimit -v`.

# ravel under `ulimit -v KB` (its own memory and the program's).
# AddressSanitizer cannot start under an address-space limit (its shadow
# is a reservation of terabytes), so the release build beside it runs
# then; without one the test is skipped (returns 1).
limited_ravel() {
    local r
    for r in "$RAVEL" "$ROOT/build/release/ravel"; do
        [ -x "$r" ] && (ulimit -v 1000000 && "$r" --help) >/dev/null 2>&1 && { echo "$r"; return; }
    done
}
rv_ulimit() { # KB ARGS...
    local kb=$1 bin
    shift
    bin=$(limited_ravel)
    if [ -z "$bin" ]; then
        skip_test "no ravel build runs under ulimit -v (make builds build/release)"
        return 1
    fi
    echo "(ulimit -v $kb; ravel $*)" >"$W/.last"
    (ulimit -v "$kb" && timeout -k 5 "$RV_GUARD" "$bin" "$@") >"$W/out" 2>"$W/err"
    RC=$?
    return 0
}
# stdout is exactly one valid JSON object
expect_one_json() {
    jq -se 'length == 1' "$W/out" >/dev/null 2>&1 || fail_because "stdout is not one JSON object: $(head -c 200 "$W/out" | tr '\n' ' ')"
}
# ravel's own peak (the JSON's peak_rss_mb) below MB
expect_ravel_below() {
    local mb
    mb=$(json .peak_rss_mb)
    [[ $mb =~ ^[0-9.]+$ ]] && [ "${mb%.*}" -lt "$1" ] || fail_because "ravel's own peak ${mb} MB, expected below $1 MB"
}

# A thread fills 64 MiB blocks in a loop: --max-memory stops it at the
# allocation, and ravel's own memory does not grow with the program's
# (udpor's mapping filed each 64 MiB write per 8-byte granule: 16 bytes of
# ravel per byte written, 22.5 GB for the default 1 GiB heap; the trace
# counter of --count-traces did the same).
t_heap_loop_ravel_memory() {
    local v
    for v in "" "--count-traces" "--algo=dfs --count-traces"; do
        rv check --json --max-memory=128 $v "$L/heap_loop.c"
        expect_rc 3
        expect_one_json
        expect_json '[.errors[].kind]|join(",")' resource-limit
        expect_json .incomplete_reason "heap limit exceeded allocating 67108864 bytes (raise --max-memory)"
        expect_json .verdict UNKNOWN
        expect_ravel_below 150
    done
}
# ... and the same with realloc growth (calloc, then doubling)
t_heap_grow() {
    rv check --json --max-memory=128 "$L/heap_grow.c"
    expect_rc 3
    expect_one_json
    expect_json_match .incomplete_reason '^heap limit exceeded allocating [0-9]+ bytes \(raise --max-memory\)$'
    expect_ravel_below 150
}

# A thread that allocates and frees 2 MiB 2,000 times (4 GB handed out,
# 2 MiB live) gets its own freed block back: blocks above the size
# classes were never reused, and the default 1 GiB --max-memory stopped
# it after 512 rounds.
# (One execution under udpor: the churn is one thread's; dfs would place
# main's join at each of its 6,001 points.)
t_heap_churn() {
    local v
    for v in "fork -DPLAIN" "reset -DALIGN"; do
        set -- $v
        rv check --json --engine=$1 "$L/heap_churn.c" -- $2
        expect_rc 0
        expect_json .exhaustive true
        expect_json .executions 1
    done
}

# Under an address-space limit an ordinary program runs as without one
# (each thread's heap arena was a 4 GiB reservation: two threads did not
# fit in 8 GB, every malloc failed as "heap limit exceeded"), and the heap
# loop ends with a resource limit that names the cause, in valid JSON: at
# 1.5 GB the address space runs out before the 1 GiB heap limit.
t_heap_ulimit() {
    local kb
    for kb in 1500000 8000000; do
        rv_ulimit $kb check --json "$L/heap_small.c" || return
        expect_rc 0
        expect_json .exhaustive true
        expect_json .executions 2
        rv_ulimit $kb check --json --algo=dfs "$L/heap_small.c" || return
        expect_rc 0
        expect_json .exhaustive true
    done
    rv_ulimit 1500000 check --json "$L/heap_loop.c" || return
    expect_rc 3
    expect_one_json
    expect_json '[.errors[].kind]|join(",")' resource-limit
    expect_json_match .incomplete_reason "^cannot map thread 1's heap to allocate 67108864 bytes: the address-space limit of [0-9]+ MB \(ulimit -v\) is reached$"
    rv_ulimit 3000000 check --json --max-memory=256 "$L/heap_loop.c" || return
    expect_rc 3
    expect_json .incomplete_reason "heap limit exceeded allocating 67108864 bytes (raise --max-memory)"
    expect_ravel_below 150
}

# Memory that is not heap (mmap in a loop) is stopped by the watch of the
# program's resident memory, at the line it was at.  Under the address-
# space limit the loop once ran out of mappings and ended: "no error,
# exhaustive"; without one it took 11 GB until its --timeout.
t_mmap_loop() {
    local e
    for e in fork reset; do
        rv_ulimit 3000000 check --json --engine=$e --timeout=60 --max-memory=64 "$L/mmap_loop.c" || return
        expect_rc 3
        expect_one_json
        expect_json '[.errors[].kind]|join(",")' resource-limit
        expect_json_match .incomplete_reason "^the program's resident memory grew by [0-9]+ MB, past --max-memory=64 plus 512 MB for what is not heap"
        expect_json_match '.errors[0].location' "mmap_loop.c:$(line_of "$L/mmap_loop.c" 'memset(p') \(main\)$"
    done
}

# A thread bomb under an address-space limit: the stack that cannot be
# mapped is a resource limit (it was an internal error), in valid JSON.
t_thread_bomb_ulimit() {
    local a
    for a in udpor dfs; do
        rv_ulimit 1500000 check --json --algo=$a "$L/thread_bomb.c" || return
        expect_rc 3
        expect_one_json
        expect_json '[.errors[].kind]|join(",")' resource-limit
        expect_json_match .incomplete_reason '^cannot map the 16 MiB stack of thread [0-9]+: Cannot allocate memory \(an address-space limit, ulimit -v\?\)$'
    done
}
# ... and without one, the thread bound
# (the search then goes on under a thread bound: *Programs that create
# threads without bound*, which --thread-bound=0 turns off)
t_thread_bomb() {
    rv check --json "$L/thread_bomb.c"
    expect_rc 3
    expect_one_json
    expect_json '[.errors[].kind]|join(",")' resource-limit
    expect_json_match .incomplete_reason '^the program creates more than 1024 threads \(--max-threads\); also: thread bound: explored the executions in which each thread creates at most [0-9]+ threads'
    rv check --json --thread-bound=0 --algo=dfs "$L/thread_bomb.c"
    expect_rc 3
    expect_json .incomplete_reason "the program creates more than 16384 threads (--max-threads)"
}

# Unbounded recursion, in a thread and in main: a stack overflow (exit 1),
# also under an address-space limit.
t_recursion() {
    local m
    for m in -DTHREAD -DMAIN; do
        rv check --json "$L/recursion.c" -- $m
        expect_rc 1
        expect_json '[.errors[].kind]|join(",")' stack-overflow
        rv_ulimit 1500000 check --json "$L/recursion.c" -- $m || return
        expect_rc 1
        expect_one_json
        expect_json '[.errors[].kind]|join(",")' stack-overflow
    done
}

# --max-output: the largest file the program may write.  A flood of stdout
# replayed into a file stops there (exit 3, resource-limit) instead of
# filling the disk; under `ravel check` stdout is /dev/null and the flood
# ends at --timeout.
t_output_flood_replay() {
    rv check --json --timeout=1 "$L/flood.c"
    expect_rc 3
    expect_json '[.errors[].kind]|join(",")' timeout
    local s
    s=$(json '.errors[0].schedule_file')
    rv replay --max-output=1 "$L/flood.c" "$s"
    expect_rc 3
    grep -q 'resource-limit: the program wrote a file past its size limit of 1 MB (--max-output)' "$W/out" ||
        fail_because "no resource-limit outcome: $(tail -c 200 "$W/out" | tr '\n' ' ')"
    local size
    size=$(stat -c %s "$W/out")
    [ "$size" -lt 1200000 ] || fail_because "replay output of $size bytes past --max-output=1"
}
# A program that writes a file in a loop, under `ravel check`
t_output_file_loop() {
    rv check --json --max-output=1 "$L/file_loop.c"
    expect_rc 3
    expect_one_json
    expect_json '[.errors[].kind]|join(",")' resource-limit
    expect_json .incomplete_reason "the program wrote a file past its size limit of 1 MB (--max-output)"
    [ "$(stat -c %s file_loop.out)" -le 1048576 ] || fail_because "file_loop.out past 1 MiB"
}
t_max_output_bad() {
    rv check --max-output=abc "$L/flood.c"
    expect_rc 2
    grep -q "max-output expects a number of MB (0 = no limit), got 'abc'" "$W/err" ||
        fail_because "no clear message for --max-output=abc: $(head -c 200 "$W/err")"
}

# ravel itself out of memory (its unfolding and traces, under ulimit -v):
# a summary of what was explored, in valid JSON, exit 3; before, a line
# on stderr and no JSON.
t_ravel_out_of_memory() {
    rv_ulimit 700000 check --json --max-events=2000000 "$L/lock_loop.c" || return
    expect_rc 3
    expect_one_json
    expect_json_match .incomplete_reason '^ravel ran out of memory allocating [0-9]+ bytes \(the result covers what was explored before\)$'
    expect_json .verdict UNKNOWN
    expect_json .exit_code 3
    rv_ulimit 700000 check --max-events=2000000 "$L/lock_loop.c" || return
    expect_rc 3
    grep -q 'INCOMPLETE: .*ravel ran out of memory allocating' "$W/out" || fail_because "no summary with the reason"
}

# Accesses of every width against a narrow one (wide_access.c): udpor and
# the trace counter file each at its level (action.h rv_mem_level); the
# trace counts are the closed forms, and the one failing order is found.  PRE
# events first make the wide accesses look through the chains instead of
# scanning the events before them.
t_wide_access() {
    local v
    for v in "8 8 4 0" "600 8 4 0" "8 600 4 200" "40000 600 100 6000" "600 4194304 300 0" \
        "4194304 4194304 4194400 0"; do
        set -- $v
        local f="-DW=$1 -DC=$2 -DOFF=$3 -DPRE=$4"
        # closed form: the poke inside both wide ranges makes the three
        # accesses pairwise dependent (3! orders), outside only the fill
        # and the copy are
        local want=2 inside=0
        [ "$3" -lt "$1" ] && [ "$3" -lt "$2" ] && want=6 inside=1
        local c
        for c in --cutoffs --no-cutoffs; do
            rv check --json --time-limit=120 $c --count-traces "$L/wide_access.c" -- $f
            expect_rc 0
            expect_json .traces "$want"
            expect_json .executions "$want"
        done
        rv check --json --time-limit=120 --keep-going "$L/wide_access.c" -- $f -DBUG
        if [ $inside = 1 ]; then
            expect_rc 1
            expect_json '[.errors[].kind]|join(",")' assertion
        else
            expect_rc 0
        fi
    done
}

# Objects far apart (distant_objects.c: a global, a heap block, main's
# stack, a mapping at the global's address with bit 46 set) at each level:
# udpor and the trace counter find the 8 traces (closed form, and dfs's
# count over its 3,432 interleavings at W=4096; optimal's executions), and
# the failing order.
t_distant_objects() {
    local w la c
    la=$(line_of "$L/distant_objects.c" LINE-ASSERT)
    rv check --json --algo=dfs --count-traces "$L/distant_objects.c" -- -DW=4096
    expect_rc 0
    expect_json .traces 8
    expect_json .executions 3432
    for w in 8 4096 1048576 16777216; do
        rv check --json --algo=optimal "$L/distant_objects.c" -- -DW=$w
        expect_json .executions 8
        for c in --cutoffs --no-cutoffs; do
            rv check --json $c --count-traces "$L/distant_objects.c" -- -DW=$w
            expect_rc 0
            expect_json .traces 8
            expect_json .executions 8
        done
        rv check --json "$L/distant_objects.c" -- -DW=$w -DBUG
        expect_rc 1
        expect_json '[.errors[] | .kind + "@" + .location] | join(",")' \
            "assertion@$L/distant_objects.c:$la (main)"
    done
}

# ---- programs that create threads without bound (issue 28 part 9) ----
# `while (1) pthread_create(...)`: the search reaches the thread cap, then
# goes on under a growing thread bound (explore.c) and reports the lost
# update two workers make, in every algorithm, with a schedule that
# replays it (it was "more than 1024 threads", exit 3).
t_create_forever() {
    local a la sched
    la=$(line_of "$L/create_forever.c" LINE-ASSERT)
    for a in udpor dfs dpor source optimal; do
        rv check --json --algo=$a "$L/create_forever.c"
        [ "$RC" = 1 ] || fail_because "$a: exit status $RC, expected 1"
        expect_json '[.errors[] | select(.kind == "assertion") | .location] | join(",")' \
            "$L/create_forever.c:$la (worker)"
        expect_json .thread_bound 2
        expect_json_match .verdict '^FALSE'
    done
    sched=$(json '.errors[] | select(.kind == "assertion") | .schedule_file')
    rv replay "$L/create_forever.c" "$sched"
    expect_rc 1
    expect_file_match "$W/out" "^  in thread [12] at .*create_forever\\.c:$la \\(worker\\)$"
    rv check "$L/create_forever.c"
    expect_file_match "$W/out" '^threads +each thread creates at most 2 \(--thread-bound; it held a create back in [0-9]+ executions?\)$'
    expect_file_match "$W/out" '^error 1: assertion'
}
# Nothing to find: never exhaustive, the reason says how far it went; the
# executions at each bound are those dfs finds (traces at bounds 1, 2, 3:
# 1 + 2 + 3! orders of the atomic adds).
t_create_forever_ok() {
    rv check --json "$L/create_forever.c" -- -DATOMIC
    expect_rc 3
    expect_json .exhaustive false
    expect_json .thread_bound 3
    expect_json_match .incomplete_reason 'thread bound: explored the executions in which each thread creates at most 3 threads; the program creates more \(a create was held back in [0-9]+ executions\)$'
    rv check --json --thread-bound=3 --algo=dfs --count-traces "$L/create_forever.c" -- -DATOMIC
    expect_json .traces 9
    rv check --json --thread-bound=3 --no-cutoffs "$L/create_forever.c" -- -DATOMIC
    expect_json .executions 9
    expect_json .thread_bound_cut 6
}
# Every thread blocked while main's create is held: the end of a bounded
# execution, not a deadlock.  (dfs and optimal go to 16,384 threads before
# the bound takes over: given the bound, they start with it.)
t_create_forever_held_no_deadlock() {
    local a
    rv check --json "$L/create_forever.c" -- -DSEM
    expect_rc 3
    expect_json '[.errors[].kind]|join(",")' resource-limit
    for a in udpor dfs optimal; do
        rv check --json --algo=$a --thread-bound=3 "$L/create_forever.c" -- -DSEM
        [ "$RC" = 3 ] || fail_because "$a: exit status $RC, expected 3"
        expect_json '.errors|length' 0
        expect_json .thread_bound 3
    done
}
# --thread-bound=N: the bound from the start (no search to the cap), and a
# bound that holds nothing back is the whole search: exhaustive.
t_thread_bound_given() {
    rv check --json --thread-bound=2 "$L/create_forever.c"
    expect_rc 1
    expect_json '[.errors[].kind]|join(",")' assertion
    expect_json .thread_bound 2
    rv check --json --thread-bound=4 --count-traces "$L/threads_many.c" -- -DN=2
    expect_rc 0
    expect_json .exhaustive true
    expect_json .thread_bound 2
    expect_json .thread_bound_cut 0
    rv check --thread-bound=4 "$L/threads_many.c" -- -DN=2
    expect_file_match "$W/out" '^threads +each thread creates at most 2 \(--thread-bound; it held no create back\)$'
}
# --thread-bound=0: no thread bound, the cap ends the search as before.
t_thread_bound_off() {
    rv check --json --thread-bound=0 "$L/create_forever.c"
    expect_rc 3
    expect_json '[.errors[].kind]|join(",")' resource-limit
    expect_json .incomplete_reason "the program creates more than 1024 threads (--max-threads)"
    expect_json 'has("thread_bound")' false
    rv check --thread-bound=x "$L/create_forever.c"
    expect_rc 2
    grep -q "thread-bound expects a number of threads each thread may create" "$W/err" ||
        fail_because "no clear message for --thread-bound=x"
}

rv_main "$@"
