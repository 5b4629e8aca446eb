#!/usr/bin/env bash
# tests/dpor/fuzz_bpor.sh FIRST N [BATCH] — seed 002 Theorem 1 on the native
# fuzzer's random programs (tests/fuzz/fuzzgen.c --batch, built as
# fuzz_optimal.sh builds them; $RAVEL_FUZZ_PROG picks one program).
# For every finite program (class "exact") and c = 0, 1, 2 (BOUNDS):
#   the naive bounded DFS (--algo=dfs --preemption-bound=c) is the oracle;
#   BPOR (--algo=dpor --preemption-bound=c) must reach exactly the same set
#   of thread-local states (--local-states), explore no more executions,
#   and find the same errors (kind@location).
# A program is skipped when the naive search hits --max-executions=$CAP
# (default 2500) or exits with a status other than 1/3.
# Prints "ok SEED naive=E bpor=E" (summed over the bounds), "skip SEED why"
# or "FAIL SEED c=C: why" per program and a summary line
# "# bpor-fuzz: ..." with the total executions of each side; exits 1 if
# some program failed.  RAVEL (default build/release/ravel).
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
RAVEL=${RAVEL:-$ROOT/build/release/ravel}
FIRST=${1:?FIRST}
N=${2:?N}
BATCH=${3:-25}
CAP=${CAP:-2500}
GUARD=${GUARD:-60}
BOUNDS=${BOUNDS:-0 1 2}
W=$(mktemp -d "${TMPDIR:-/tmp}/ravel-bfuzz.XXXXXX")
trap 'rm -rf "$W"' EXIT
CC=${CC:-$(command -v clang >/dev/null && echo clang || echo gcc)}
"$CC" -std=c11 -O1 -w -o "$W/fuzzgen" "$ROOT/tests/fuzz/fuzzgen.c" || { echo "FAIL build fuzzgen"; exit 1; }

field() { sed -n "s/.*\\b$1=\\([^ ]*\\).*/\\1/p" <<<"$2"; }
kinds() {
    jq -r '[.errors[]|select(.kind!="event-limit" and .kind!="timeout" and .kind!="resource-limit")
            |"\(.kind)@\(.location)"]|unique|join(", ")' "$1" 2>/dev/null
}

# one_side SEED FLAGS ALGO C OUT: runs one bounded search; sets RC
one_side() {
    # shellcheck disable=SC2086
    RAVEL_FUZZ_PROG=$1 timeout -k 5 "$GUARD" "$RAVEL" check --quiet --algo="$3" --preemption-bound="$4" \
        --keep-going --max-executions="$CAP" --local-states="$W/$5.ls" --json $2 "$W/batch.c" \
        >"$W/$5.json" 2>"$W/err"
    RC=$?
}

# check_prog SEED FLAGS: prints the verdict line; returns 0 ok, 1 skip, 2 fail
check_prog() {
    local s=$1 flags=$2 c why ne nb tne=0 tnb=0
    for c in $BOUNDS; do
        one_side "$s" "$flags" dfs "$c" naive
        case $RC in 1 | 3) ;; *)
            echo "skip $s naive c=$c exit $RC: $(head -c 200 "$W/err" | tr '\n' ' ')"
            return 1
            ;;
        esac
        if jq -e '.incomplete_reason // "" | test("max-executions")' "$W/naive.json" >/dev/null 2>&1; then
            echo "skip $s naive c=$c over $CAP executions"
            return 1
        fi
        local nrc=$RC
        one_side "$s" "$flags" dpor "$c" bpor
        why=
        [ "$RC" = "$nrc" ] || why="exit $RC, naive $nrc; "
        ne=$(jq -r .executions "$W/naive.json") nb=$(jq -r .executions "$W/bpor.json" 2>/dev/null)
        [ -n "$nb" ] && [ "$nb" != null ] && [ "$nb" -le "$ne" ] || why="${why}executions $nb > naive $ne; "
        [ -s "$W/naive.ls" ] || why="${why}no local state written; "
        cmp -s "$W/naive.ls" "$W/bpor.ls" ||
            why="${why}local states differ ($(wc -l <"$W/bpor.ls" 2>/dev/null) bpor, $(wc -l <"$W/naive.ls") naive, $(comm -23 "$W/naive.ls" "$W/bpor.ls" 2>/dev/null | wc -l) missed); "
        [ "$(kinds "$W/bpor.json")" = "$(kinds "$W/naive.json")" ] ||
            why="${why}errors '$(kinds "$W/bpor.json")', naive '$(kinds "$W/naive.json")'"
        if [ -n "$why" ]; then
            echo "FAIL $s c=$c: $why (RAVEL_FUZZ_PROG=$s ravel check --algo=dpor --preemption-bound=$c $flags <fuzzgen --batch $b $n>)"
            return 2
        fi
        tne=$((tne + ne)) tnb=$((tnb + nb))
    done
    echo "ok $s naive=$tne bpor=$tnb"
    TNE=$((TNE + tne)) TNB=$((TNB + tnb))
    return 0
}

ok=0 skip=0 fail=0 TNE=0 TNB=0
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
        check_prog "$s" "$(field flags "$hdr")"
        case $? in 0) ok=$((ok + 1)) ;; 1) skip=$((skip + 1)) ;; *) fail=$((fail + 1)) ;; esac
    done
done
echo "# bpor-fuzz: seeds $FIRST..$((FIRST + N - 1)), bounds $BOUNDS: $ok ok, $fail failed, $skip skipped; executions naive $TNE, bpor $TNB"
[ "$fail" = 0 ]
