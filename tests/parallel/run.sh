#!/usr/bin/env bash
# tests/parallel — the parallel explorers give the sequential answer on the
# whole corpus (issue 32, "Done when"): for every algorithm --jobs supports
# (today --algo=dfs without a bound; the others are refused, tests/native
# t_jobs_refused), every program below is explored with --jobs=1 (the
# ground truth), --jobs=2, --jobs=4 and `mpirun -n 3 --oversubscribe ravel
# check --mpi` (when mpirun exists), and the four must agree on the
# executions, exhaustiveness, exit code and the distinct errors
# (kind@file:line), with the workers' executions summing to the total.
#
# The selection (fixed, never by the clock):
#   - every program of tests/native/*.c with its default -D values, whose
#     --jobs=1 run ends within RAVEL_PAR_CAP executions (default 3000;
#     per-execution --timeout=5); one that reaches the cap is skipped and
#     named in a '#' note (today 9 of 56: condvar_broadcast, keys,
#     lock_once, locked_work, m_cas_n, m_cas_spinlock, malloc_mutex,
#     readers, sem_handoff; lock_once -DN=3 runs in t_mpi_8_ranks).  Left
#     out by name: loop_events, loop_silent and stack_overflow, whose runs
#     end on a per-execution event or time limit after a minute, a
#     clock-bound count;
#   - the native random-program fuzzer's CI range (tests/fuzz: seeds
#     1..RAVEL_PAR_SEEDS, default 500, RAVEL_FUZZ_BATCH programs per build),
#     class "exact" (finite) only: class "loops" programs end on --timeout
#     or --max-events errors whose count depends on the clock (tests/fuzz
#     checks them).  A seed whose --jobs=1 run reaches RAVEL_PAR_CAP is
#     skipped and counted.  For CI's budget (~3 minutes for this area on 2
#     cores) each checked seed runs --jobs=1 and ONE other configuration:
#     every RAVEL_PAR_STEP-th seed (default 2: the even ones), in turn
#     --jobs=2 and --jobs=4, and 3 MPI ranks instead on every
#     RAVEL_PAR_MPI_EVERY-th seed (default 10; mpirun costs about a second
#     a run).  RAVEL_PAR_STEP=1 checks every seed (on demand).  The native
#     programs run all four configurations.
#   - 8 ranks oversubscribed on lock_once -DN=3: exactly the 5331
#     executions of --jobs=1 (dfs runs every interleaving of every event,
#     thread creation and joins included: 3! = 6 traces; a rank may find
#     nothing to steal, so how many ran a part is not asserted).
. "$(dirname "$0")/../lib.sh"
N_DIR=$ROOT/tests/native
CAP=${RAVEL_PAR_CAP:-3000}
SEEDS=${RAVEL_PAR_SEEDS:-500}
BATCH=${RAVEL_FUZZ_BATCH:-25}
MPI_EVERY=${RAVEL_PAR_MPI_EVERY:-10}
STEP=${RAVEL_PAR_STEP:-2}
export RV_GUARD=${RV_GUARD:-120}

# par_same CONFIGS ARGS...: `ravel check --algo=dfs --json --keep-going
# ARGS` with --jobs=1 and each of CONFIGS (comma-separated: j2, j4, m3 =
# 3 MPI ranks, run only where mpirun exists).  Returns 2 when --jobs=1
# reached the cap (nothing compared).
par_same() {
    local configs=$1 want got j
    shift
    local common=(check --algo=dfs --json --keep-going --timeout=5 --max-executions="$CAP")
    rv "${common[@]}" --jobs=1 "$@"
    want=$(answer_summary)
    [ -n "$want" ] || [ "$RC" = 2 ] || { fail_because "no JSON from --jobs=1 (exit $RC)$(_rv_errhint)"; return 1; }
    [ "$(json .incomplete_reason)" = "--max-executions reached" ] && return 2
    local wrc=$RC
    for j in ${configs//,/ }; do
        case $j in
        j*)
            rv "${common[@]}" --jobs=${j#j} "$@"
            par_expect "--jobs=${j#j}" "$want" "$wrc" "${j#j}"
            ;;
        m*)
            have_mpirun || continue
            rvm ${j#m} "${common[@]}" --mpi "$@"
            par_expect "mpirun -n ${j#m}" "$want" "$wrc" "${j#m}"
            ;;
        esac
    done
    return 0
}
# par_expect WHAT WANT WANT_RC WORKERS: the run in $W/out against --jobs=1.
# (A program that does not build answers exit 2 and no JSON: only the exit
# status is compared.)
par_expect() {
    expect_eq "$1: exit status" "$RC" "$3"
    [ "$3" = 2 ] && return
    expect_eq "$1 (executions exhaustive exit errors) vs --jobs=1" "$(answer_summary)" "$2"
    expect_eq "$1: workers" "$(json .jobs.workers)" "$4"
    expect_eq "$1: the workers' executions sum to the total" \
        "$(json '[.jobs.per_worker[].executions] | add')" "$(json .executions)"
}

# one test per native program
for f in "$N_DIR"/*.c; do
    name=$(basename "$f" .c)
    case $name in loop_events | loop_silent | stack_overflow) continue ;; esac
    eval "t_native_${name//[^A-Za-z0-9_]/_}() {
        par_same j2,j4,m3 '$f'
        [ \$? = 2 ] && echo '# parallel: $name: --jobs=1 reached --max-executions=$CAP: not compared'
        return 0
    }"
done

# one test per batch of fuzzer seeds (the same generator and range as
# tests/fuzz; its batch file serves every seed with one build)
par_fuzz_batch() {
    local first=$1 n=$2 s hdr class flags skipped=0 loops=0 configs
    local gen=$W/fuzzgen
    ${CC:-cc} -std=c11 -O1 -o "$gen" "$ROOT/tests/fuzz/fuzzgen.c" 2>"$W/err" ||
        { fail_because "fuzzgen does not build: $(head -c 300 "$W/err")"; return; }
    "$gen" --batch "$first" "$n" >"$W/batch.c"
    for ((s = first; s < first + n; s++)); do
        hdr=$(sed -n "s|^//@ prog $s ||p" "$W/batch.c" | head -1)
        class=$(sed -n 's/.*\bclass=\([^ ]*\).*/\1/p' <<<"$hdr")
        flags=$(sed -n 's/.*\bflags=\([^ ]*\).*/\1/p' <<<"$hdr")
        [ "$class" = exact ] || { loops=$((loops + 1)); continue; }
        ((s % STEP == 0)) || continue
        # one configuration per seed, in turn (see the header)
        configs=$([ $((s / STEP % 2)) = 0 ] && echo j2 || echo j4)
        ((MPI_EVERY > 0 && s % MPI_EVERY == 0)) && configs=m3
        # shellcheck disable=SC2086
        RAVEL_FUZZ_PROG=$s par_same $configs $flags "$W/batch.c"
        [ $? = 2 ] && skipped=$((skipped + 1))
    done
    echo "# parallel: seeds $first-$((first + n - 1)): $loops of class loops not compared, $skipped reached --max-executions=$CAP"
    return 0
}
for ((b = 0; b * BATCH < SEEDS; b++)); do
    first=$((b * BATCH + 1))
    n=$((SEEDS - b * BATCH < BATCH ? SEEDS - b * BATCH : BATCH))
    eval "t_fuzz_seeds_$(printf %06d "$first")() { par_fuzz_batch $first $n; }"
done

# 8 ranks on 2 cores: --jobs=1's count (itself checked against the 3!
# traces), the ranks' parts summing to it.
t_mpi_8_ranks() {
    need_mpi || return
    rv check --algo=dfs --json --count-traces "$N_DIR/lock_once.c" -- -DN=3
    expect_json .traces 6
    expect_json .executions 5331
    rvm 8 check --mpi --algo=dfs --json "$N_DIR/lock_once.c" -- -DN=3
    expect_rc 0
    expect_json .executions 5331
    expect_json .exhaustive true
    expect_json .jobs.workers 8
    expect_json '[.jobs.per_worker[].executions] | add' 5331
}

rv_main "$@"
