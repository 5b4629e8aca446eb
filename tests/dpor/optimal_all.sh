#!/usr/bin/env bash
# tests/dpor/optimal_all.sh [FILE.c[::FLAGS]...] — the DPOR family against
# brute force on every test program (on demand; issue 12: "Optimal-DPOR
# explores exactly the Mazurkiewicz traces ... on every finite test
# program"; CI checks a fixed list in tests/dpor/run.sh and random programs
# in fuzz_optimal.sh).
#
# For each program (default: every test program, every_program.sh),
# `--algo=dfs --count-traces --keep-going` is the ground truth, and
#   optimal must run one execution per trace with 0 blocked, and have the
#     same complete/deadlocked/failing trace counts;
#   dpor and source must cover the complete, deadlocked and failing
#     traces (the same counts) and run executions >= traces;
#   all three the same exit status, exhaustive flag and errors
#     (kind@location).
# Skipped, with the reason: programs whose dfs exits other than 0/1/3
# (compile errors, unsupported calls), hits --max-executions=CAP (default
# 2500) or --max-events (infinite), or runs over GUARD seconds.
# Prints "ok FILE traces=T", "skip FILE why" or "FAIL FILE ALGO: why" and a
# summary line "# optimal-all: ..."; exits 1 if a program failed.
# RAVEL (default build/release/ravel), ALGOS (default "optimal dpor source").
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
RAVEL=${RAVEL:-$ROOT/build/release/ravel}
CAP=${CAP:-2500}
GUARD=${GUARD:-120}
ALGOS=${ALGOS:-optimal dpor source}
W=$(mktemp -d "${TMPDIR:-/tmp}/ravel-optall.XXXXXX")
trap 'rm -rf "$W"' EXIT

. "$ROOT/tests/dpor/every_program.sh"
if [ $# = 0 ]; then
    mapfile -t progs < <(every_program "$ROOT")
    set -- "${progs[@]}"
fi

# run PROG ALGO OUT [OPTS...]: one search (FLAGS: compiler flags); sets RC
run() {
    local p=$1 a=$2 out=$3
    shift 3
    # shellcheck disable=SC2086
    timeout -k 5 "$GUARD" "$RAVEL" check --quiet --algo="$a" --count-traces --keep-going "$@" \
        --json "$p" -- $FLAGS >"$W/$out.json" 2>"$W/err"
    RC=$?
}
j() { jq -r "$1" "$W/$2.json" 2>/dev/null; }

# mismatches ALGO: what ALGO's run (W/alg.json) gets wrong against dfs
mismatches() {
    local k
    if [ "$1" = optimal ]; then
        for k in executions blocked traces_complete traces_deadlock traces_error; do
            local want
            case $k in executions) want=$(j .traces dfs) ;; blocked) want=0 ;; *) want=$(j ".$k" dfs) ;; esac
            [ "$(j ".$k" alg)" = "$want" ] || printf '%s %s, want %s; ' "$k" "$(j ".$k" alg)" "$want"
        done
    else
        for k in traces_complete traces_deadlock traces_error; do
            [ "$(j ".$k" alg)" = "$(j ".$k" dfs)" ] || printf '%s %s, dfs %s; ' "$k" "$(j ".$k" alg)" "$(j ".$k" dfs)"
        done
        [ "$(j .executions alg)" -ge "$(j .traces alg)" ] || printf 'executions < traces; '
    fi
    [ "$(j .exhaustive alg)" = "$(j .exhaustive dfs)" ] || printf 'exhaustive %s, dfs %s; ' "$(j .exhaustive alg)" "$(j .exhaustive dfs)"
    [ "$(kinds "$W/alg.json")" = "$(kinds "$W/dfs.json")" ] ||
        printf "errors '%s', dfs '%s'; " "$(kinds "$W/alg.json")" "$(kinds "$W/dfs.json")"
}

# check ARG: prints its line; returns 0 ok, 1 skip, 2 fail
check() {
    local p=${1%%::*} name=${1#"$ROOT"/} drc a why bad=0
    FLAGS=
    case $1 in *::*) FLAGS=${1#*::} ;; esac
    run "$p" dfs dfs --max-executions="$CAP"
    drc=$RC
    case $drc in 0 | 1 | 3) ;; 124 | 137)
        echo "skip $name: dfs over ${GUARD}s"
        return 1
        ;;
    *)
        echo "skip $name: dfs exit $drc: $(head -c 160 "$W/err" | tr '\n' ' ')"
        return 1
        ;;
    esac
    if j '.incomplete_reason // ""' dfs | grep -q max-executions; then
        echo "skip $name: dfs over $CAP executions"
        return 1
    fi
    if jq -e '[.errors[] | select(.kind == "event-limit")] | length > 0' "$W/dfs.json" >/dev/null 2>&1; then
        echo "skip $name: infinite (an execution hit --max-events)"
        return 1
    fi
    for a in $ALGOS; do
        run "$p" "$a" alg
        why=
        [ "$RC" = "$drc" ] || why="exit $RC, dfs $drc; "
        why="$why$(mismatches "$a")"
        if [ -n "$why" ]; then
            echo "FAIL $name $a: $why"
            bad=1
        fi
    done
    [ "$bad" = 0 ] || return 2
    echo "ok $name traces=$(j .traces dfs)"
}

ok=0 skip=0 fail=0
for arg in "$@"; do
    check "$arg"
    case $? in 0) ok=$((ok + 1)) ;; 1) skip=$((skip + 1)) ;; *) fail=$((fail + 1)) ;; esac
done
echo "# optimal-all: $# programs, algorithms $ALGOS: $ok ok, $fail failed, $skip skipped"
[ "$fail" = 0 ]
