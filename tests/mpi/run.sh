#!/usr/bin/env bash
# tests/mpi — `mpirun -n K ravel check --mpi --algo=dfs` (src/explorers/
# ranks.h): the answer of a worker per MPI rank is the sequential one
# (--jobs=1): the same executions, errors, exhaustiveness and exit code, a
# first error whose schedule replays it; a rank's worker killed makes the
# run incomplete (exit 3) with a reason naming the rank; the limits are
# global.  Needs Open MPI (apt-get install openmpi-bin libopenmpi-dev,
# scripts/deps.sh): without mpirun every test says SKIP.
. "$(dirname "$0")/../lib.sh"
N_DIR=$ROOT/tests/native
EX=$ROOT/examples

# The same answer on 2 and 3 ranks as --jobs=1, every rank's worker having
# run a part (the workers' executions sum to the total).
mpi_same() {
    need_mpi || return
    local want got k
    rv check --algo=dfs --json --keep-going "$@"
    want=$(answer_summary)
    [ -n "$want" ] || { fail_because "no JSON from --jobs=1"; return; }
    for k in 2 3; do
        rvm $k check --mpi --algo=dfs --json --keep-going "$@"
        got=$(answer_summary)
        expect_eq "mpirun -n $k (executions exhaustive exit errors) vs --jobs=1" "$got" "$want"
        expect_eq "mpirun -n $k: ranks" "$(json .jobs.workers)" "$k"
        expect_eq "mpirun -n $k: the ranks' executions sum to the total" \
            "$(json '[.jobs.per_worker[].executions] | add')" "$(json .executions)"
        expect_eq "mpirun -n $k: the exit status of mpirun is rank 0's" "$RC" "$(json .exit_code)"
    done
}
t_mpi_lock_many() { mpi_same "$N_DIR/lock_many.c"; }
t_mpi_philosophers() { mpi_same "$EX/philosophers.c" -- -DN=2; }
t_mpi_nondet_tree() { mpi_same --nondet-domain=0:2 "$N_DIR/nondet_tree.c" -- -DK=4; }
t_mpi_sem_bug() { mpi_same "$N_DIR/sem_bug.c"; }

# Without --keep-going: the first error of dfs's order, whose schedule
# replays it.
t_mpi_first_error() {
    need_mpi || return
    local want sched
    rv check --algo=dfs --json "$N_DIR/sem_bug.c"
    want=$(json '.errors[0].location')
    rvm 3 check --mpi --algo=dfs --json "$N_DIR/sem_bug.c"
    expect_rc 1
    expect_eq "first error" "$(json '.errors[0].location')" "$want"
    sched=$(json '.errors[0].schedule_file')
    rv replay "$N_DIR/sem_bug.c" "$sched"
    expect_rc 1
    grep -q "Assertion .buf\[1\] == 20' failed" "$W/out" ||
        fail_because "the replay did not reach the assertion: $(tail -c 300 "$W/out")"
}

# Rank 1's worker killed by SIGKILL after 100 executions: never
# "exhaustive", exit 3, the reason names the rank and its host.
t_mpi_rank_killed() {
    need_mpi || return
    RAVEL_JOBS_TEST_KILL=1:100 rvm 2 check --mpi --algo=dfs --json "$N_DIR/lock_many.c"
    expect_rc 3
    expect_json .exhaustive false
    expect_json_match .incomplete_reason '^rank 1 of --mpi \(2 ranks\) on host [^ ]+ was killed by signal 9'
    expect_json '.jobs.per_worker[1].died' Killed
}

# --max-executions is global: exactly the limit, as sequentially.
t_mpi_max_executions() {
    need_mpi || return
    rvm 3 check --mpi --algo=dfs --json --max-executions=500 "$N_DIR/lock_many.c"
    expect_rc 3
    expect_json .executions 500
    expect_json .exhaustive false
    expect_json .incomplete_reason "--max-executions reached"
}

# --time-limit is global: every rank stops, the run is incomplete, one
# report (rank 0's).  (4 s: the limit counts the build and the start too.)
t_mpi_time_limit() {
    need_mpi || return
    rvm 2 check --mpi --algo=dfs --json --time-limit=4 "$N_DIR/lock_once.c" -- -DN=4
    expect_rc 3
    expect_json .exhaustive false
    expect_json .incomplete_reason "time-limit: stopped after --time-limit=4 s"
}
# A time limit that stops the build: one report, rank 0's, never one per
# rank.
t_mpi_time_limit_build() {
    need_mpi || return
    rvm 3 check --mpi --algo=dfs --json --no-cache --time-limit=0.01 "$N_DIR/lock_once.c" -- -DN=4
    expect_rc 3
    expect_eq "reports printed" "$(jq -s length "$W/out" 2>/dev/null)" 1
    expect_json .exhaustive false
    expect_json_match .incomplete_reason "^time-limit: stopped after --time-limit=0.01 s"
}

# One rank cannot build the program (its compiler fails; mpirun's MPMD
# form gives it other arguments): no rank explores, none waits for the
# others, rank 0 says so, exit 2, no report.
t_mpi_rank_build_fails() {
    need_mpi || return
    local common=(check --mpi --algo=dfs --json --no-cache)
    echo "mpirun -n 1 ravel ${common[*]} : -n 1 ravel ... --cc=/bin/false" >"$W/.last"
    timeout -k 5 "$RV_GUARD" mpirun --allow-run-as-root --oversubscribe \
        --mca btl_vader_single_copy_mechanism none \
        -x ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
        -n 1 "$RAVEL" "${common[@]}" "$N_DIR/lock_once.c" : \
        -n 1 "$RAVEL" "${common[@]}" --cc=/bin/false "$N_DIR/lock_once.c" >"$W/out" 2>"$W/err"
    RC=$?
    expect_rc 2
    grep -q "^ravel check: --mpi: another rank could not build or open the program" "$W/err" ||
        fail_because "rank 0 did not say why: $(head -c 300 "$W/err")"
    grep -q "^ravel: the compiler '/bin/false' does not work" "$W/err" ||
        fail_because "rank 1 did not say why: $(head -c 300 "$W/err")"
    [ ! -s "$W/out" ] || fail_because "a report was printed: $(head -c 200 "$W/out")"
}

# What --mpi cannot run is refused (exit 2) before MPI starts: no mpirun
# needed.
t_mpi_refused() {
    if built_without_mpi; then
        rv check --mpi --algo=dfs "$N_DIR/lock_once.c"
        expect_rc 2
        grep -q "^ravel check: --mpi: this ravel was built without MPI" "$W/err" ||
            fail_because "no 'built without MPI' message: $(head -c 300 "$W/err")"
        return
    fi
    local a
    for a in udpor dpor source optimal; do
        rv check --mpi --algo=$a "$N_DIR/lock_once.c"
        expect_rc 2
        grep -q "^ravel check: --mpi supports --algo=dfs without a bound only" "$W/err" ||
            fail_because "--algo=$a: no refusal: $(head -c 300 "$W/err")"
    done
    rv check --mpi --algo=dfs --jobs=2 "$N_DIR/lock_once.c"
    expect_rc 2
    grep -q "^ravel check: --mpi runs one worker per MPI rank: it does not take --jobs" "$W/err" ||
        fail_because "--jobs=2: no refusal: $(head -c 300 "$W/err")"
}

rv_main "$@"
