#!/usr/bin/env bash
# tests/dpor — the DPOR family (src/explorers/dpor.c) against ground truth.
#  - every finite program of tests/native and examples: dfs --count-traces
#    --keep-going is the truth; dpor and source (--count-traces) cover its
#    complete and deadlocked traces exactly, executes at least as many
#    executions as it covers traces, and finds the same errors (kind@location);
#  - compare-exchange loops (cas_loop.c, issue 12), N = 2 and 3 and a bug
#    in exactly one trace, against dfs as above (optimal: exactly);
#  - the closed-form families of tests/native/run.sh (philosophers 2^n - 2
#    complete + 1 deadlock, lock_many C(2n, n), lock_once n!, readers 2^n,
#    private k x m: 1);
#  - random programs of the native fuzzer tests/fuzz/fuzzgen.c (seeds
#    1..RAVEL_RANDOM_N, default 30, through fuzz_optimal.sh with ALGO=dpor
#    and ALGO=source);
#  - BPOR (seed 002): Theorem 1 against the naive bounded DFS for c = 0, 1, 2
#    on the test programs and fuzzgen seeds 1..RAVEL_BPOR_N (default 12,
#    tests/dpor/fuzz_bpor.sh), a bug that needs exactly 2 preemptions,
#    refused bounds.
#  - Optimal-DPOR (--algo=optimal): exactly dfs's traces, 0 blocked, on the
#    same programs, more of tests/native, the closed forms (N writers of one
#    variable: N!; of their own: 1) and fuzzer programs (fuzz_optimal.sh);
# Failing traces are counted too: a step that ended the program does not
# sleep where it was explored (docs/DESIGN.md §4), so dpor and source run
# each trace of the events before the failure.
. "$(dirname "$0")/../lib.sh"
N_DIR=$ROOT/tests/native
EX=$ROOT/examples
ALGOS=${RAVEL_DPOR_ALGOS:-dpor source}

binom() { local n=$1 k=$2 r=1 i; for ((i = 1; i <= k; i++)); do r=$((r * (n - k + i) / i)); done; echo $r; }
fact() { local n=$1 r=1; while [ "$n" -gt 1 ]; do r=$((r * n)); n=$((n - 1)); done; echo $r; }
kinds() { jq -r '[.errors[]|"\(.kind)@\(.location)"]|unique|join(", ")' "$1" 2>/dev/null; }

# compare_with_dfs PROG CFLAGS...: dfs is the truth, each algorithm covers it
compare_with_dfs() {
    local prog=$1
    shift
    rv check --algo=dfs --count-traces --keep-going --json "$prog" -- "$@"
    cp "$W/out" "$W/dfs.json"
    local drc=$RC
    case $drc in 0 | 1) ;; *) fail_because "dfs exit status $drc$(_rv_errhint)"; return ;; esac
    local tc td te
    tc=$(json .traces_complete) td=$(json .traces_deadlock) te=$(json .traces_error)
    local a
    for a in $ALGOS; do
        rv check --algo="$a" --count-traces --keep-going --json "$prog" -- "$@"
        expect_rc "$drc"
        expect_json .traces_complete "$tc"
        expect_json .traces_deadlock "$td"
        expect_json .traces_error "$te"
        [ "$(json .executions)" -ge "$(json .traces)" ] || fail_because "$a: executions < traces"
        expect_eq "$a errors" "$(kinds "$W/out")" "$(kinds "$W/dfs.json")"
        expect_json .exhaustive "$(jq -r .exhaustive "$W/dfs.json")"
    done
}

# ---- the test programs ----------------------------------------------------
for p in assume atomic condvar_broadcast condvar_ok exit_thread keys lock_many lock_once \
    main_return malloc_mutex misuse_destroyed misuse_unlock mutex_types \
    nondet_bool once private pthread_exit readers segv sem_bug sem_handoff sem_mutex \
    tls unsupported; do
    eval "t_native_$p() { compare_with_dfs \"\$N_DIR/$p.c\"; }"
done
# each stack overflow takes seconds of wall time: dfs over all of them is
# too slow for the default run; dpor must find it
t_native_stack_overflow() {
    rv check --algo=dpor --json "$N_DIR/stack_overflow.c"
    expect_rc 1
    expect_json '.errors[0].kind' stack-overflow
}
for p in lost_wakeup racy_counter; do
    eval "t_example_$p() { compare_with_dfs \"\$EX/$p.c\"; }"
done

# ---- compare-exchange loops (issue 12) ---------------------------------------
# The kind of a CAS event depends on the value it reads (a failed CAS is a
# read): a thread asleep with a successful CAS must wake at a load.  -DBUG
# fails in exactly one trace (N = 2), the one dpor and source used to miss.
D=$ROOT/tests/dpor
CAS=$D/cas_loop.c
t_cas_loop() { compare_with_dfs "$CAS"; }
# cas_exact CFLAGS...: dpor and source cover dfs's traces; optimal explores
# each once, and so does udpor --no-cutoffs (with cutoffs it runs fewer
# executions for N = 3, as it may)
cas_exact() {
    compare_with_dfs "$CAS" "$@"
    rv check --algo=optimal --count-traces --keep-going --json "$CAS" -- "$@"
    expect_rc "$(jq -r .exit_code "$W/dfs.json")"
    local k
    for k in traces traces_complete traces_error; do
        expect_json ".$k" "$(jq -r ".$k" "$W/dfs.json")"
    done
    expect_json .executions "$(jq -r .traces "$W/dfs.json")"
    expect_json .blocked 0
    if have_algo udpor; then
        rv check --algo=udpor --no-cutoffs --keep-going --json "$CAS" -- "$@"
        expect_json .executions "$(jq -r .traces "$W/dfs.json")"
    fi
}
t_cas_loop_3() { cas_exact -DN=3; }
t_cas_loop_3_bug() { cas_exact -DN=3 -DBUG; }
t_cas_loop_bug() {
    compare_with_dfs "$CAS" -DBUG
    expect_eq "dfs failing traces" "$(jq -r .traces_error "$W/dfs.json")" 1
}

# ---- closed forms -----------------------------------------------------------
# family PROG TRACES_COMPLETE TRACES_DEADLOCK ERRORKIND CFLAGS...
family() {
    local prog=$1 want=$2 dl=$3 kind=$4 a
    shift 4
    for a in $ALGOS; do
        rv check --algo="$a" --count-traces --keep-going --json "$prog" -- "$@"
        expect_rc "$([ "$dl" -gt 0 ] && echo 1 || echo 0)"
        expect_json .traces_complete "$want"
        expect_json .traces_deadlock "$dl"
        [ "$(json .executions)" -ge "$((want + dl))" ] || fail_because "$a: executions < traces"
        expect_json '[.errors[].kind]|unique|join(",")' "$kind"
    done
}
t_philosophers_2() { family "$EX/philosophers.c" 2 1 deadlock -DN=2; }
t_philosophers_3() { family "$EX/philosophers.c" 6 1 deadlock -DN=3; }
t_philosophers_4() { family "$EX/philosophers.c" 14 1 deadlock -DN=4; }
t_lock_many_2() { family "$N_DIR/lock_many.c" "$(binom 4 2)" 0 "" -DN=2; }
t_lock_many_3() { family "$N_DIR/lock_many.c" "$(binom 6 3)" 0 "" -DN=3; }
t_lock_many_4() { family "$N_DIR/lock_many.c" "$(binom 8 4)" 0 "" -DN=4; }
t_lock_once_3() { family "$N_DIR/lock_once.c" "$(fact 3)" 0 "" -DN=3; }
t_lock_once_4() { family "$N_DIR/lock_once.c" "$(fact 4)" 0 "" -DN=4; }
t_readers_3() { family "$N_DIR/readers.c" 8 0 "" -DN=3; }
t_readers_4() { family "$N_DIR/readers.c" 16 0 "" -DN=4; }
t_private_k2_m3() { family "$N_DIR/private.c" 1 0 "" -DK=2 -DM=3; }
t_private_k3_m2() { family "$N_DIR/private.c" 1 0 "" -DK=3 -DM=2; }

# ---- Optimal-DPOR: exactly one execution per Mazurkiewicz trace -------------
# optimal_exact PROG CFLAGS...: dfs --count-traces --keep-going is the truth;
# --algo=optimal must explore each trace once: executions = dfs traces, 0
# blocked, the same complete / deadlocked / failing trace counts, exit
# status and errors (kind@location); udpor --no-cutoffs (when built in)
# explores as many executions.
optimal_exact() {
    local prog=$1
    shift
    rv check --algo=dfs --count-traces --keep-going --json "$prog" -- "$@"
    cp "$W/out" "$W/dfs.json"
    local drc=$RC tr
    case $drc in 0 | 1) ;; *) fail_because "dfs exit status $drc$(_rv_errhint)"; return ;; esac
    tr=$(json .traces)
    rv check --algo=optimal --count-traces --keep-going --json "$prog" -- "$@"
    expect_rc "$drc"
    expect_json .executions "$tr"
    expect_json .blocked 0
    local k
    for k in traces traces_complete traces_deadlock traces_error exhaustive; do
        expect_json ".$k" "$(jq -r ".$k" "$W/dfs.json")"
    done
    expect_eq "optimal errors" "$(kinds "$W/out")" "$(kinds "$W/dfs.json")"
    if have_algo udpor; then
        rv check --algo=udpor --no-cutoffs --keep-going --json "$prog" -- "$@"
        expect_json .executions "$tr"
    fi
}
for p in assume atomic condvar_broadcast condvar_ok exit_thread keys lock_many lock_once \
    main_return malloc_mutex misuse_destroyed misuse_unlock mutex_types \
    nondet_bool once private pthread_exit readers segv sem_bug sem_handoff sem_mutex \
    tls unsupported m_errorcheck_relock m_recursive_wait m_atomic_block m_atomic_exit \
    m_assume_thread m_create_tid m_detach m_cond_destroy m_keys m_free; do
    eval "t_optimal_native_$p() { optimal_exact \"\$N_DIR/$p.c\"; }"
done
t_optimal_native_m_nonowner_unlock_1() { optimal_exact "$N_DIR/m_nonowner_unlock.c" -DKIND=1; }
t_optimal_native_m_nonowner_unlock_2() { optimal_exact "$N_DIR/m_nonowner_unlock.c" -DKIND=2; }
t_optimal_native_m_static_recursive_3() { optimal_exact "$N_DIR/m_static_recursive.c" -DN=3; }
t_optimal_native_m_assume_thread_bug() { optimal_exact "$N_DIR/m_assume_thread.c" -DBUG; }
t_optimal_native_m_create_tid_bug() { optimal_exact "$N_DIR/m_create_tid.c" -DBUG; }
t_optimal_native_m_detach_bug() { optimal_exact "$N_DIR/m_detach.c" -DBUG; }
t_optimal_native_m_cond_destroy_bug() { optimal_exact "$N_DIR/m_cond_destroy.c" -DBUG; }
t_optimal_native_m_keys_bug() { optimal_exact "$N_DIR/m_keys.c" -DBUG; }
t_optimal_native_m_sem_init() { optimal_exact "$N_DIR/m_sem_init.c" -DINIT=1 -DN=2; }
t_optimal_native_m_assume_range() { optimal_exact "$N_DIR/m_assume_range.c" -DTYPE=2 -DTARGET=5; }
# a failing value next to commuting steps (was 30 executions for 12 traces)
t_optimal_native_m_assume_range_bug() { optimal_exact "$N_DIR/m_assume_range.c" -DTYPE=1 -DTARGET=205; }
t_optimal_value_fatal() { optimal_exact "$D/value_fatal.c" -DASSERT; }
t_optimal_value_fatal_assume() { optimal_exact "$D/value_fatal.c" -DASSUME -DASSERT; }
t_optimal_value_fatal_plain() { optimal_exact "$D/value_fatal.c"; }
for p in lost_wakeup racy_counter; do
    eval "t_optimal_example_$p() { optimal_exact \"\$EX/$p.c\"; }"
done
t_optimal_philosophers_dfs_2() { optimal_exact "$EX/philosophers.c" -DN=2; }

# optimal_family PROG COMPLETE DEADLOCKED ERRORKIND CFLAGS...: closed forms
optimal_family() {
    local prog=$1 want=$2 dl=$3 kind=$4
    shift 4
    rv check --algo=optimal --count-traces --keep-going --json "$prog" -- "$@"
    expect_rc "$([ "$dl" -gt 0 ] && echo 1 || echo 0)"
    expect_json .executions "$((want + dl))"
    expect_json .blocked 0
    expect_json .traces_complete "$want"
    expect_json .traces_deadlock "$dl"
    expect_json '[.errors[].kind]|unique|join(",")' "$kind"
}
t_optimal_philosophers_3() { optimal_family "$EX/philosophers.c" 6 1 deadlock -DN=3; }
t_optimal_philosophers_4() { optimal_family "$EX/philosophers.c" 14 1 deadlock -DN=4; }
t_optimal_philosophers_5() { optimal_family "$EX/philosophers.c" 30 1 deadlock -DN=5; }
t_optimal_lock_many_3() { optimal_family "$N_DIR/lock_many.c" "$(binom 6 3)" 0 "" -DN=3; }
t_optimal_lock_many_4() { optimal_family "$N_DIR/lock_many.c" "$(binom 8 4)" 0 "" -DN=4; }
t_optimal_lock_once_4() { optimal_family "$N_DIR/lock_once.c" "$(fact 4)" 0 "" -DN=4; }
t_optimal_sem_mutex_3() { optimal_family "$N_DIR/sem_mutex.c" "$(fact 3)" 0 "" -DN=3; }
t_optimal_readers_4() { optimal_family "$N_DIR/readers.c" 16 0 "" -DN=4; }
t_optimal_readers_6() { optimal_family "$N_DIR/readers.c" 64 0 "" -DN=6; }
t_optimal_private_k3_m2() { optimal_family "$N_DIR/private.c" 1 0 "" -DK=3 -DM=2; }
t_optimal_writers_private_4() { optimal_family "$ROOT/tests/dpor/writers.c" 1 0 "" -DN=4; }
t_optimal_writers_shared_3() { optimal_family "$ROOT/tests/dpor/writers.c" "$(fact 3)" 0 "" -DN=3 -DSHARED; }
t_optimal_writers_shared_5() { optimal_family "$ROOT/tests/dpor/writers.c" "$(fact 5)" 0 "" -DN=5 -DSHARED; }
# optimal_vs_source PROG CFLAGS...: for programs dfs cannot finish,
# --algo=source --count-traces is the truth (source DPOR is complete; it
# may explore a trace more than once, the count is of distinct traces):
# optimal explores each of them once, 0 blocked.
optimal_vs_source() {
    local prog=$1
    shift
    rv check --algo=source --count-traces --json "$prog" -- "$@"
    expect_rc 0
    cp "$W/out" "$W/source.json"
    local want
    want=$(jq -r .traces "$W/source.json")
    rv check --algo=optimal --count-traces --json "$prog" -- "$@"
    expect_rc 0
    expect_json .traces "$want"
    expect_json .executions "$want"
    expect_json .blocked 0
}
# races whose sequences decide which lock events race next (248 traces)
t_optimal_multiprodcon() {
    optimal_vs_source "$D/opt_multiprodcon.c"
    expect_json .traces 248
}
# the closed form checked against brute force once
t_optimal_writers_shared_3_dfs() { optimal_exact "$ROOT/tests/dpor/writers.c" -DN=3 -DSHARED; }
# fuzzer seed 533: a step cut off by a failure, commuting with the fatal
# step (w1's exit), must be reversed as "exit, then the failure"
# (tests/dpor/fatal_exit.c); -DGUARD: one that does not (a real race)
t_optimal_cas_loop() { optimal_exact "$CAS"; }
t_optimal_cas_loop_bug() { optimal_exact "$CAS" -DBUG; }
t_optimal_fatal_exit() { optimal_exact "$ROOT/tests/dpor/fatal_exit.c" -DTWICE; }
t_optimal_fatal_exit_guard() { optimal_exact "$ROOT/tests/dpor/fatal_exit.c" -DGUARD; }
t_optimal_fatal_exit_both() { optimal_exact "$ROOT/tests/dpor/fatal_exit.c" -DTWICE -DGUARD; }

# Random programs of the native fuzzer (tests/fuzz/fuzzgen.c): a fixed
# range through tests/dpor/fuzz_optimal.sh (the same comparison with dfs;
# larger ranges on demand: bash tests/dpor/fuzz_optimal.sh FIRST N).
t_optimal_fuzz() {
    local first=${RAVEL_OPTIMAL_FUZZ_FIRST:-1} n=${RAVEL_OPTIMAL_FUZZ_N:-60}
    RAVEL=$RAVEL GUARD=${RV_GUARD:-60} bash "$ROOT/tests/dpor/fuzz_optimal.sh" "$first" "$n" >"$W/fz" 2>&1 ||
        fail_because "$(grep -m3 '^FAIL' "$W/fz" | cut -c1-300 | paste -sd';')"
    grep -q '^# optimal-fuzz:.* [1-9][0-9]* ok' "$W/fz" || fail_because "no program checked: $(tail -1 "$W/fz")"
}

# ---- BPOR (seed 002) --------------------------------------------------------
# Theorem 1: with preemption bound c, BPOR reaches the same thread-local
# states (the backend's per-event fingerprints of the acting thread's
# stack and TLS) as the naive bounded DFS, the oracle that runs every
# schedule within the bound, with no more executions and the same errors.
theorem1() {
    local prog=$1 c a
    shift
    for c in 0 1 2; do
        rv check --algo=dfs --preemption-bound=$c --keep-going --local-states="$W/naive" --json \
            "$prog" -- "$@"
        cp "$W/out" "$W/naive.json"
        case $RC in 1 | 3) ;; *) fail_because "naive c=$c: exit status $RC$(_rv_errhint)"; return ;; esac
        rv check --algo=dpor --preemption-bound=$c --keep-going --local-states="$W/bpor" --json \
            "$prog" -- "$@"
        case $RC in 1 | 3) ;; *) fail_because "bpor c=$c: exit status $RC$(_rv_errhint)"; return ;; esac
        expect_json .exhaustive false
        expect_json .bound "$c"
        cmp -s "$W/naive" "$W/bpor" ||
            fail_because "c=$c: local states differ ($(wc -l <"$W/bpor") bpor, $(wc -l <"$W/naive") naive)"
        [ -s "$W/naive" ] || fail_because "c=$c: no local state written"
        [ "$(json .executions)" -le "$(jq -r .executions "$W/naive.json")" ] ||
            fail_because "c=$c: bpor executions $(json .executions) > naive $(jq -r .executions "$W/naive.json")"
        expect_eq "c=$c errors" "$(kinds "$W/out")" "$(kinds "$W/naive.json")"
    done
}
for p in atomic condvar_broadcast condvar_ok exit_thread lock_many lock_once malloc_mutex \
    misuse_unlock m_keys nondet_bool once readers segv sem_bug sem_handoff sem_mutex tls; do
    eval "t_theorem1_$p() { theorem1 \"\$N_DIR/$p.c\"; }"
done
t_theorem1_philosophers_3() { theorem1 "$EX/philosophers.c" -DN=3; }
t_theorem1_racy_counter() { theorem1 "$EX/racy_counter.c"; }
t_theorem1_lost_wakeup() { theorem1 "$EX/lost_wakeup.c"; }
t_theorem1_preempt2() { theorem1 "$ROOT/tests/dpor/preempt2.c"; }
# issue 12: the runtime's leftovers in main's fingerprints (fuzzer seed 184)
t_theorem1_cas_after_exit() { theorem1 "$ROOT/tests/dpor/cas_after_exit.c"; }

# A bug that needs exactly 2 preemptions: not found with 1, found with 2;
# the iterative bound reports 2; a bounded search without an error exits 3.
t_preempt2_bounds() {
    local P=$ROOT/tests/dpor/preempt2.c a line
    line=$(line_of "$P" '@bug')
    for a in dpor dfs; do
        rv check --algo=$a --preemption-bound=1 --json "$P"
        expect_rc 3
        expect_json '.errors|length' 0
        expect_json .bound_reached true
        expect_json_match .incomplete_reason 'at most 1 preemption was reached'
        rv check --algo=$a --preemption-bound=2 --json "$P"
        expect_rc 1
        expect_json '.errors[0].kind' assertion
        expect_json_match '.errors[0].location' "preempt2\\.c:$line([^0-9]|\$)"
        rv check --algo=$a --preemption-bound=iterative --json "$P"
        expect_rc 1
        expect_json .bound 2
        expect_json '.errors[0].kind' assertion
    done
    # without --algo a bound means BPOR
    rv check --preemption-bound=iterative --json "$P"
    expect_json .algorithm dpor
    expect_json .bound 2
}

# Fair bound (seed 002 Alg. 1 + 3): the polite livelock is reported with a
# schedule that replays it; the spin-yield wait terminates within the bound
# and BPOR reaches the naive fair-bounded DFS's local states (Theorem 1).
t_fair_livelock() {
    local a
    for a in dpor dfs; do
        rv check --algo=$a --fair-bound=1 --max-depth=300 --json --out="$W/o" "$ROOT/tests/dpor/livelock.c"
        expect_rc 1
        expect_json '.errors[0].kind' livelock
        expect_json '.errors[0].schedule|split(" ")|length' 301
        [ -s "$(json '.errors[0].schedule_file')" ] || fail_because "$a: no schedule file"
    done
    # the schedule replays the livelock: both threads still spinning (read
    # the other's flag, yield) at its last steps
    local sched
    sched=$(json '.errors[0].schedule_file')
    rv replay "$ROOT/tests/dpor/livelock.c" "$sched"
    tail -n 12 "$W/out" | grep -E '^#[0-9]+ +thread [12] +yield' | awk '{print $3}' | sort -u >"$W/spinners"
    expect_eq "threads yielding at the end of the replay" "$(paste -sd' ' "$W/spinners")" "1 2"
}
# The livelock names a thread and a line (the last step's: where it
# spins), and its replay reports the livelock (it said "the schedule ended
# before the program did; no error on this path", exit 0).
t_fair_livelock_where() {
    local L=$ROOT/tests/dpor/livelock.c sched
    rv check --fair-bound=0 --max-depth=300 --json "$L"
    expect_rc 1
    expect_json '.errors[0].kind' livelock
    expect_json_match '.errors[0].thread' '^[12]$'
    expect_json_match '.errors[0].location' 'livelock\.c:(13|20) \(t[12]\)$'
    expect_json_match '.errors[0].message' '^livelock: the execution went on past --max-depth=300 steps within the fair bound'
    sched=$(json '.errors[0].schedule_file')
    expect_file_match "$sched" '^outcome livelock$'
    rv check --fair-bound=0 --max-depth=300 "$L"
    expect_file_match "$W/out" '^  in thread [12] at .*livelock\.c:(13|20) \(t[12]\)$'
    rv replay "$L" "$sched"
    expect_rc 1
    expect_file_match "$W/out" "^outcome: ERROR livelock: the schedule's 301 steps went past --max-depth within the fair bound and the program goes on"
    expect_file_match "$W/out" '^  in thread [12] at .*livelock\.c:(13|20) \(t[12]\)$'
    rv replay --json "$L" "$sched"
    expect_json .outcome.kind livelock
    expect_json_match .outcome.thread '^[12]$'
    expect_json .exit_code 1
}

# Peterson with sched_yield in its spin loops (seed 002's motivating case):
# under the fair bound K = 0 every execution is finite, so BPOR terminates
# (1570 executions) and reports the bounded guarantee with no error; the
# broken variant's mutual-exclusion bug is found under the same bound.
t_fair_peterson_yield() {
    local P=$ROOT/tests/dpor/peterson_yield.c
    rv check --algo=dpor --fair-bound=0 --max-depth=300 --json "$P"
    expect_rc 3
    expect_json '.errors|length' 0
    expect_json .bound_kind fair
    expect_json .bound 0
    expect_json .exhaustive false
    expect_json_match .incomplete_reason 'fair bound 0 within --max-depth=300'
    rv check --algo=dpor --fair-bound=0 --max-depth=300 --json "$P" -- -DBROKEN
    expect_rc 1
    expect_json '.errors[0].kind' assertion
    expect_json_match '.errors[0].location' "peterson_yield\\.c:$(line_of "$P" '@bug')([^0-9]|\$)"
}
t_fair_spin_yield() {
    local k P=$ROOT/tests/dpor/spin_yield.c
    for k in 0 1 2; do
        rv check --algo=dfs --fair-bound=$k --max-depth=300 --local-states="$W/naive" --json "$P"
        expect_rc 3
        cp "$W/out" "$W/naive.json"
        rv check --fair-bound=$k --max-depth=300 --local-states="$W/bpor" --json "$P"
        expect_rc 3
        expect_json .algorithm dpor
        expect_json '.errors|length' 0
        expect_json .bound_kind fair
        cmp -s "$W/naive" "$W/bpor" || fail_because "K=$k: local states differ"
        [ "$(json .executions)" -le "$(jq -r .executions "$W/naive.json")" ] ||
            fail_because "K=$k: bpor executions > naive"
    done
}

# A bound with an algorithm for which it is not sound: one line, exit 2.
t_bound_refused() {
    local a
    for a in udpor source; do
        rv check --algo=$a --preemption-bound=2 "$ROOT/tests/dpor/preempt2.c"
        expect_rc 2
        expect_eq "one line" "$(wc -l <"$W/err")" 1
        expect_file_match "$W/err" 'preemption-bound is sound only with'
    done
    rv check --fair-bound=1 --algo=udpor "$ROOT/tests/dpor/preempt2.c"
    expect_rc 2
    rv check --preemption-bound=x "$ROOT/tests/dpor/preempt2.c"
    expect_rc 2
}

# ---- random programs ----------------------------------------------------------
# The native fuzzer's programs (tests/fuzz/fuzzgen.c --batch, $RAVEL_FUZZ_PROG
# picks one), fixed ranges; larger ranges on demand with the scripts:
#   ALGO=dpor|source bash tests/dpor/fuzz_optimal.sh FIRST N  (coverage vs dfs)
#   bash tests/dpor/fuzz_bpor.sh FIRST N                       (Theorem 1, c = 0, 1, 2)
# fuzz_script SUMMARY SCRIPT ARGS...: the script must pass and check >= 1 program
fuzz_script() {
    local tag=$1
    shift
    RAVEL=$RAVEL GUARD=${RV_GUARD:-60} bash "$@" >"$W/fz" 2>&1 ||
        fail_because "$(grep -m3 '^FAIL' "$W/fz" | cut -c1-300 | paste -sd';')"
    grep -q "^# $tag:.* [1-9][0-9]* ok" "$W/fz" || fail_because "no program checked: $(tail -1 "$W/fz")"
}
# dpor and source cover dfs's traces (RAVEL_RANDOM_N programs, default 30)
t_gen_dpor() { ALGO=dpor fuzz_script optimal-fuzz "$ROOT/tests/dpor/fuzz_optimal.sh" 1 "${RAVEL_RANDOM_N:-30}"; }
t_gen_source() { ALGO=source fuzz_script optimal-fuzz "$ROOT/tests/dpor/fuzz_optimal.sh" 1 "${RAVEL_RANDOM_N:-30}"; }
# seed 002 Theorem 1 for c = 0, 1, 2 (RAVEL_BPOR_N programs, default 12)
t_gen_theorem1() { fuzz_script bpor-fuzz "$ROOT/tests/dpor/fuzz_bpor.sh" 1 "${RAVEL_BPOR_N:-12}"; }

rv_main "$@"
