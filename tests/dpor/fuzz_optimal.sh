#!/usr/bin/env bash
# tests/dpor/fuzz_optimal.sh FIRST N [BATCH] — Optimal-DPOR against brute
# force on the native fuzzer's random programs (tests/fuzz/fuzzgen.c
# --batch, as tests/fuzz/run.sh builds them: one file holds BATCH programs,
# $RAVEL_FUZZ_PROG picks one).  For every finite program (class "exact")
# whose dfs finishes under --max-executions=$CAP (default 2500):
#   --algo=optimal --count-traces --keep-going must have
#   executions = dfs --count-traces traces, 0 blocked, the same exit status,
#   the same complete/deadlocked/failing trace counts, the same errors
#   (kind@location) and the same exhaustive flag (a replay that did not
#   follow its wakeup sequence makes the run non-exhaustive).
# Prints "ok SEED", "skip SEED why" or "FAIL SEED: why" per program and a
# summary line "# optimal-fuzz: ..."; exits 1 if some program failed.
# RAVEL (default build/release/ravel), ALGO (default optimal).
# With ALGO=dpor or ALGO=source (not optimal) the check is coverage, as
# tests/dpor/run.sh's compare_with_dfs: the same complete, deadlocked and
# failing trace counts, executions >= traces, the same
# exit status, errors and exhaustive flag; blocked executions are allowed.
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
RAVEL=${RAVEL:-$ROOT/build/release/ravel}
ALGO=${ALGO:-optimal}
FIRST=${1:?FIRST}
N=${2:?N}
BATCH=${3:-25}
CAP=${CAP:-2500}
GUARD=${GUARD:-60}
W=$(mktemp -d "${TMPDIR:-/tmp}/ravel-ofuzz.XXXXXX")
trap 'rm -rf "$W"' EXIT
CC=${CC:-$(command -v clang >/dev/null && echo clang || echo gcc)}
"$CC" -std=c11 -O1 -w -o "$W/fuzzgen" "$ROOT/tests/fuzz/fuzzgen.c" || { echo "FAIL build fuzzgen"; exit 1; }

field() { sed -n "s/.*\\b$1=\\([^ ]*\\).*/\\1/p" <<<"$2"; }
summary() { jq -r '[.executions, .blocked, .traces_complete, .traces_deadlock, .traces_error] | map(tostring) | join(" ")' "$1"; }
kinds() {
    jq -r '[.errors[]|select(.kind!="event-limit" and .kind!="timeout" and .kind!="resource-limit")
            |"\(.kind)@\(.location)"]|unique|join(", ")' "$1" 2>/dev/null
}

# covers OUT DFS: what ALGO=dpor|source must satisfy (prints the mismatches)
covers() {
    local k
    for k in traces_complete traces_deadlock traces_error; do
        [ "$(jq -r ".$k" "$1")" = "$(jq -r ".$k" "$2")" ] || printf '%s %s, dfs %s; ' "$k" "$(jq -r ".$k" "$1")" "$(jq -r ".$k" "$2")"
    done
    [ "$(jq -r .executions "$1")" -ge "$(jq -r .traces "$1")" ] || printf 'executions < traces; '
}

ok=0 skip=0 fail=0
for ((b = FIRST; b < FIRST + N; b += BATCH)); do
    n=$((FIRST + N - b < BATCH ? FIRST + N - b : BATCH))
    "$W/fuzzgen" --batch "$b" "$n" >"$W/batch.c"
    for ((s = b; s < b + n; s++)); do
        hdr=$(sed -n "s|^//@ prog $s ||p" "$W/batch.c" | head -1)
        if [ "$(field class "$hdr")" != exact ]; then
            echo "skip $s loops"
            skip=$((skip + 1))
            continue
        fi
        flags=$(field flags "$hdr")
        # shellcheck disable=SC2086
        RAVEL_FUZZ_PROG=$s timeout -k 5 "$GUARD" "$RAVEL" check --quiet --algo=dfs --count-traces --keep-going \
            --max-executions="$CAP" --json $flags "$W/batch.c" >"$W/dfs.json" 2>"$W/err"
        drc=$?
        # the exit status first: jq -e on an empty output succeeds
        case $drc in 0 | 1 | 3) ;; *)
            echo "skip $s dfs exit $drc: $(head -c 200 "$W/err" | tr '\n' ' ')"
            skip=$((skip + 1))
            continue
            ;;
        esac
        if jq -e '.incomplete_reason // "" | test("max-executions")' "$W/dfs.json" >/dev/null 2>&1; then
            echo "skip $s dfs over $CAP executions"
            skip=$((skip + 1))
            continue
        fi
        # shellcheck disable=SC2086
        RAVEL_FUZZ_PROG=$s timeout -k 5 "$GUARD" "$RAVEL" check --quiet --algo="$ALGO" --count-traces --keep-going \
            --json $flags "$W/batch.c" >"$W/opt.json" 2>"$W/err"
        orc=$?
        why=
        [ "$orc" = "$drc" ] || why="exit $orc, dfs $drc; "
        if [ "$ALGO" = optimal ]; then
            want="$(jq -r .traces "$W/dfs.json") 0 $(jq -r '[.traces_complete, .traces_deadlock, .traces_error]|map(tostring)|join(" ")' "$W/dfs.json")"
            got=$(summary "$W/opt.json" 2>/dev/null)
            [ "$got" = "$want" ] || why="${why}executions blocked complete deadlock error: $got, want $want; "
        else
            why="$why$(covers "$W/opt.json" "$W/dfs.json")"
        fi
        [ "$(jq -r .exhaustive "$W/opt.json")" = "$(jq -r .exhaustive "$W/dfs.json")" ] ||
            why="${why}exhaustive $(jq -r .exhaustive "$W/opt.json"), dfs $(jq -r .exhaustive "$W/dfs.json"); "
        [ "$(kinds "$W/opt.json")" = "$(kinds "$W/dfs.json")" ] ||
            why="${why}errors '$(kinds "$W/opt.json")', dfs '$(kinds "$W/dfs.json")'"
        if [ -n "$why" ]; then
            echo "FAIL $s: $why (RAVEL_FUZZ_PROG=$s ravel check --algo=$ALGO $flags <fuzzgen --batch $b $n>)"
            fail=$((fail + 1))
        else
            echo "ok $s"
            ok=$((ok + 1))
        fi
    done
done
echo "# optimal-fuzz: seeds $FIRST..$((FIRST + N - 1)): $ok ok, $fail failed, $skip skipped"
[ "$fail" = 0 ]
