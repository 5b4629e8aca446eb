#!/usr/bin/env bash
# tests/dpor/theorem1_all.sh [FILE.c...] — seed 002 Theorem 1 on every test
# program (on demand; CI runs a fixed list in tests/dpor/run.sh and random
# programs in fuzz_bpor.sh).
#
# For each program (default: every test program, every_program.sh) and
# c = 0, 1, 2 (BOUNDS): the naive
# bounded DFS (--algo=dfs --preemption-bound=c) is the oracle; BPOR
# (--algo=dpor --preemption-bound=c) must reach exactly the same set of
# thread-local states (--local-states), explore no more executions and find
# the same errors (kind@location) with the same exit status.
# An argument FILE.c::FLAGS passes FLAGS to the compiler.  A program is skipped,
# with the reason, when the theorem does not apply or the naive search gives
# no verdict: an execution hit --max-events (the program is infinite, and
# executions cut at the limit are not thread-local states of the program),
# exit status other than 1/3 (compile errors, unsupported calls), over CAP
# executions (default 2500) or over GUARD seconds; or the program uses
# setjmp (a jmp_buf holds pointers mangled with the C library's per-process
# random pointer guard, so the same state has other bytes in the other
# search's process: --local-states files compare only within one process's
# guard; docs/CLI.md).
# Prints "ok FILE naive=E bpor=E", "skip FILE why" or "FAIL FILE c=C: why"
# and a summary line "# theorem1-all: ..."; exits 1 if a program failed.
# RAVEL (default build/release/ravel).
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
RAVEL=${RAVEL:-$ROOT/build/release/ravel}
CAP=${CAP:-2500}
GUARD=${GUARD:-120}
BOUNDS=${BOUNDS:-0 1 2}
W=$(mktemp -d "${TMPDIR:-/tmp}/ravel-thm1.XXXXXX")
trap 'rm -rf "$W"' EXIT

. "$ROOT/tests/dpor/every_program.sh"
if [ $# = 0 ]; then
    mapfile -t progs < <(every_program "$ROOT")
    set -- "${progs[@]}"
fi

# side PROG ALGO C OUT: one bounded search (FLAGS: compiler flags); sets RC
side() {
    # shellcheck disable=SC2086
    timeout -k 5 "$GUARD" "$RAVEL" check --quiet --algo="$2" --preemption-bound="$3" --keep-going \
        --max-executions="$CAP" --local-states="$W/$4.ls" --json "$1" -- $FLAGS >"$W/$4.json" 2>"$W/err"
    RC=$?
}

# check PROG: prints its line; returns 0 ok, 1 skip, 2 fail
check() {
    local p=${1%%::*} name=${1#"$ROOT"/} c nrc ne nb why tne=0 tnb=0
    FLAGS=
    case $1 in *::*) FLAGS=${1#*::} ;; esac
    if grep -q 'setjmp' "$p"; then
        echo "skip $name: setjmp (mangled pointers differ between processes)"
        return 1
    fi
    for c in $BOUNDS; do
        side "$p" dfs "$c" naive
        nrc=$RC
        case $nrc in 1 | 3) ;; 124 | 137)
            echo "skip $name naive c=$c over ${GUARD}s"
            return 1
            ;;
        *)
            echo "skip $name naive c=$c exit $nrc: $(head -c 160 "$W/err" | tr '\n' ' ')"
            return 1
            ;;
        esac
        if jq -e '.incomplete_reason // "" | test("max-executions")' "$W/naive.json" >/dev/null 2>&1; then
            echo "skip $name naive c=$c over $CAP executions"
            return 1
        fi
        if jq -e '[.errors[] | select(.kind == "event-limit")] | length > 0' "$W/naive.json" >/dev/null 2>&1; then
            echo "skip $name naive c=$c: infinite (an execution hit --max-events)"
            return 1
        fi
        side "$p" dpor "$c" bpor
        why=
        [ "$RC" = "$nrc" ] || why="exit $RC, naive $nrc; "
        ne=$(jq -r .executions "$W/naive.json") nb=$(jq -r .executions "$W/bpor.json" 2>/dev/null)
        [ -n "$nb" ] && [ "$nb" != null ] && [ "$nb" -le "$ne" ] || why="${why}executions $nb > naive $ne; "
        [ -s "$W/naive.ls" ] || why="${why}no local state written; "
        cmp -s "$W/naive.ls" "$W/bpor.ls" ||
            why="${why}local states differ ($(wc -l <"$W/bpor.ls" 2>/dev/null) bpor, $(wc -l <"$W/naive.ls") naive); "
        [ "$(kinds "$W/bpor.json")" = "$(kinds "$W/naive.json")" ] ||
            why="${why}errors '$(kinds "$W/bpor.json")', naive '$(kinds "$W/naive.json")'"
        if [ -n "$why" ]; then
            echo "FAIL $name c=$c: $why"
            return 2
        fi
        tne=$((tne + ne)) tnb=$((tnb + nb))
    done
    echo "ok $name naive=$tne bpor=$tnb"
    TNE=$((TNE + tne)) TNB=$((TNB + tnb))
}

ok=0 skip=0 fail=0 TNE=0 TNB=0
for p in "$@"; do
    check "$p"
    case $? in 0) ok=$((ok + 1)) ;; 1) skip=$((skip + 1)) ;; *) fail=$((fail + 1)) ;; esac
done
echo "# theorem1-all: $# programs, bounds $BOUNDS: $ok ok, $fail failed, $skip skipped; executions naive $TNE, bpor $TNB"
[ "$fail" = 0 ]
