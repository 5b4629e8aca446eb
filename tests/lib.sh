# tests/lib.sh — shared helpers for tests/*/run.sh.  Source it from a run.sh:
#
#   . "$(dirname "$0")/../lib.sh"
#   t_foo() {              # one test = one function named t_*
#       rv check --json --count-traces "$D/foo.c"     # runs $RAVEL; output in $W
#       expect_rc 0
#       expect_json .traces 6
#   }
#   rv_main "$@"            # runs every t_* function, 2 at a time
#
# Each test function runs in its own scratch directory $W (also the current
# directory), and prints exactly one line: "PASS <area>/<name>" or
# "FAIL <area>/<name>: <why> [cmd: <last ravel command>]".  Lines starting
# with '#' are notes that tests/run passes through.  Environment:
#   RAVEL        the ravel binary (default build/san/ravel)
#   RAVEL_BUILD  the build directory holding libravel.a (default build/san)
#   RAVEL_JOBS   tests run in parallel within one area (default 2)
#   RAVEL_ONLY   a regular expression: run only the matching test names
set -u
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RAVEL=${RAVEL:-build/san/ravel}
RAVEL_BUILD=${RAVEL_BUILD:-build/san}
case $RAVEL in /*) ;; *) RAVEL=$ROOT/$RAVEL ;; esac
case $RAVEL_BUILD in /*) ;; *) RAVEL_BUILD=$ROOT/$RAVEL_BUILD ;; esac
export RAVEL RAVEL_BUILD
# A test never waits longer than this for one ravel command (a guard against
# hangs, never an assertion on time).
RV_GUARD=${RV_GUARD:-600}

expect_rc() {
    [ "$RC" = "$1" ] || fail_because "exit status $RC, expected $1$(_rv_errhint)"
}
_rv_errhint() {
    local e
    e=$(head -c 300 "$W/err" 2>/dev/null | tr '\n' ' ')
    [ -n "$e" ] && printf ' (stderr: %s)' "$e"
}

# json EXPR: evaluate a jq expression on $W/out (raw output; "" on error).
json() { jq -r "$1" "$W/out" 2>/dev/null; }

# expect_json EXPR VALUE: the jq expression on the --json output equals VALUE.
expect_json() {
    local got
    got=$(json "$1")
    [ "$got" = "$2" ] || fail_because "$1 = '${got}', expected '$2'"
}

# expect_json_match EXPR REGEX
expect_json_match() {
    local got
    got=$(json "$1")
    [[ $got =~ $2 ]] || fail_because "$1 = '${got}', expected to match /$2/"
}

# expect_eq WHAT GOT WANT
expect_eq() { [ "$2" = "$3" ] || fail_because "$1 = '$2', expected '$3'"; }

# expect_file_match FILE REGEX (grep -E)
expect_file_match() {
    grep -Eq -- "$2" "$1" || fail_because "$(basename "$1") does not match /$2/"
}

# line_of FILE PATTERN: the line number of the first line containing PATTERN
# (a fixed string) — tests find source lines by a marker comment.
line_of() { grep -nF -- "$2" "$1" | head -1 | cut -d: -f1; }

# --- the parallel explorers (--jobs, --mpi: tests/native, mpi, parallel) ---
# answer_summary: the part of a --json answer every worker count must
# reproduce: executions, exhaustive, exit code, the distinct errors
# (kind@file:line).
answer_summary() { json '[.executions, .exhaustive, .exit_code, ([.errors[] | .kind + "@" + ((.location // "") | sub(" .*"; "") | sub(".*/"; ""))] | sort | unique | join(","))] | map(tostring) | join(" ")'; }

have_mpirun() { command -v mpirun >/dev/null 2>&1; }
# Was $RAVEL built with MPI?  (A refused --algo answers before MPI starts,
# after the build's own check.)
built_without_mpi() {
    "$RAVEL" check --mpi --algo=dpor "$ROOT/tests/native/lock_once.c" 2>&1 | grep -q "built without MPI"
}

# rvm K ARGS...: `ravel ARGS` on K ranks; output, exit status as rv's.
# --oversubscribe: more ranks than cores (CI has 2); the vader transport's
# single-copy mechanism needs ptrace rights containers do not give.
rvm() {
    local k=$1
    shift
    _rv_last="mpirun -n $k ravel $*"
    echo "$_rv_last" >"$W/.last"
    # The sanitized build's leak check is off under MPI: Open MPI leaves
    # allocations in components it unloads at MPI_Finalize, which
    # LeakSanitizer can neither attribute nor suppress.  ASan's other
    # checks stay on.
    local env=(-x ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0") v
    for v in RAVEL_JOBS_TEST_KILL XDG_CACHE_HOME RAVEL_FUZZ_PROG; do
        [ -n "${!v:-}" ] && env+=(-x "$v")
    done
    timeout -k 5 "$RV_GUARD" mpirun --allow-run-as-root --oversubscribe -n "$k" \
        --mca btl_vader_single_copy_mechanism none "${env[@]}" "$RAVEL" "$@" >"$W/out" 2>"$W/err"
    RC=$?
    return 0
}

# need_mpi: false (and the test is skipped) without mpirun.  A ravel built
# without MPI where mpirun is installed is a failure, not a skip: the build
# did not find libopenmpi-dev (scripts/deps.sh installs it).
need_mpi() {
    if ! have_mpirun; then
        skip_test "mpirun not found (apt-get install -y openmpi-bin libopenmpi-dev)"
        return 1
    fi
    if built_without_mpi; then
        fail_because "mpirun is installed but $RAVEL was built without MPI (libopenmpi-dev missing at build time)"
        return 1
    fi
    return 0
}

# --- running the t_* functions of a run.sh ---------------------------------
_rv_one() {
    local name=$1 area
    area=$(basename "$(dirname "$RV_SCRIPT")")
    W=$(mktemp -d "${TMPDIR:-/tmp}/ravel-test.XXXXXX")
    export W
    # (the function's own exit status is ignored: only expectations count;
    # but a function the shell stopped midway, e.g. on an unset variable
    # under `set -u`, never reaches .done and fails)
    (cd "$W" && "$name" && :; echo done >"$W/.done") >"$W/.testlog" 2>&1
    [ -e "$W/.done" ] ||
        fail_because "the test stopped before its end: $(grep -v '^#' "$W/.testlog" | tail -2 | tr '\n' ' ' | cut -c1-300)"
    if [ -s "$W/.skip" ] && [ ! -s "$W/.fails" ] && [ ! -s "$W/.last" ]; then
        echo "# SKIP $area/${name#t_}: $(head -1 "$W/.skip")"
    elif [ -s "$W/.fails" ]; then
        local why
        why=$(paste -sd';' "$W/.fails" 2>/dev/null)
        echo "FAIL $area/${name#t_}: $why [cmd: $(cat "$W/.last" 2>/dev/null)]"
    else
        echo "PASS $area/${name#t_}"
    fi
    grep '^#' "$W/.testlog" 2>/dev/null
    [ -n "${RV_KEEP:-}" ] || rm -rf "$W"
}

# Expectations are written to $W/.fails as they fail so that they survive
# the subshell.
fail_because() { echo "$*" >>"$W/.fails"; }
rv() {
    _rv_last="ravel $*"
    echo "$_rv_last" >"$W/.last"
    timeout -k 5 "$RV_GUARD" "$RAVEL" "$@" >"$W/out" 2>"$W/err"
    RC=$?
    echo "$RC" >"$W/rc"
    return 0
}

# skip_test WHY: a test that ran no ravel command and calls this reports a
# '# SKIP' note instead of PASS.
skip_test() { echo "$*" >>"$W/.skip"; }

# have_algo NAME: true when `ravel check --algo=NAME` works in this binary.
have_algo() { case " ${RV_ALGOS:-} " in *" $1 "*) return 0 ;; esac; return 1; }
# large: true when RAVEL_TEST_LARGE=1 asks for the slow cases too.
large() { [ "${RAVEL_TEST_LARGE:-0}" = 1 ]; }

_rv_probe_algos() {
    local d a out=""
    d=$(mktemp -d "${TMPDIR:-/tmp}/ravel-probe.XXXXXX")
    printf '#include <pthread.h>\nstatic int x;\nstatic void *f(void *a) { x = 1; return a; }\nint main(void) { pthread_t t; pthread_create(&t, 0, f, 0); x = 2; pthread_join(t, 0); return 0; }\n' >"$d/probe.c"
    for a in udpor; do
        timeout 120 "$RAVEL" check --algo=$a --json "$d/probe.c" >/dev/null 2>&1 && out="$out $a"
    done
    rm -rf "$d"
    echo "$out"
}

rv_main() {
    RV_SCRIPT=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
    export RV_SCRIPT
    if [ "${1:-}" = "--one" ]; then
        _rv_one "$2"
        return
    fi
    if [ ! -x "$RAVEL" ]; then
        echo "FAIL $(basename "$(dirname "$RV_SCRIPT")")/setup: $RAVEL not built"
        return 0
    fi
    # which optional algorithms does this binary have? (probed once per area)
    if [ -z "${RV_ALGOS+x}" ]; then
        RV_ALGOS=$(_rv_probe_algos)
        export RV_ALGOS
    fi
    local names
    names=$(declare -F | awk '{print $3}' | grep '^t_' | sort)
    if [ -n "${RAVEL_ONLY:-}" ]; then names=$(echo "$names" | grep -E -- "$RAVEL_ONLY"); fi
    [ -n "$names" ] || return 0
    local out
    out=$(mktemp -d "${TMPDIR:-/tmp}/ravel-area.XXXXXX")
    echo "$names" | xargs -P "${RAVEL_JOBS:-2}" -I{} sh -c 'bash "$0" --one "$1" >"$2/$1"' "$RV_SCRIPT" {} "$out"
    for n in $names; do cat "$out/$n"; done
    rm -rf "$out"
}
