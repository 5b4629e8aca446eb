#!/usr/bin/env bash
# tests/udpor — UDPOR against brute force on random programs of the in-process
# mock backend (tests/udpor/mock.c), linked against $RAVEL_BUILD/libravel.a.
# Each line of `unit MODE FIRST COUNT` output starting with '#' is a note; the
# exit status says whether every program checked passed.
#   exact  — --no-cutoffs --alt=exact: executions == Mazurkiewicz traces
#            (brute force), 0 blocked, same errors
#   cutoff — with cutoffs: same errors/deadlocks, never more executions
#   k1, k2 — k-partial: every trace covered, same errors
#   loops  — non-terminating finite-state programs (two threads; loops3:
#            two or three): with cutoffs the exploration ends and is
#            exhaustive
# UDPOR_EXACT_SEEDS (default 1500) programs for exact (1067 checked),
# UDPOR_SEEDS (default 750) sets the others (cutoff N/2, k1 and k2 N/5);
# programs whose brute force exceeds 20000 interleavings are skipped and
# counted.
. "$(dirname "$0")/../lib.sh"
CC=${CC:-$(command -v clang >/dev/null && echo clang || echo gcc)}
flags=(-std=c11 -D_GNU_SOURCE -O2 -g -Wall -Wextra -Werror -Wno-unused-parameter -I "$ROOT/src")
case $RAVEL_BUILD in *san*) flags+=(-fsanitize=address,undefined -fno-sanitize-recover=undefined) ;; esac
lib=$RAVEL_BUILD/libravel.a
N=${UDPOR_SEEDS:-750}
NX=${UDPOR_EXACT_SEEDS:-1500}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! "$CC" "${flags[@]}" -o "$tmp/unit" "$ROOT/tests/udpor/unit.c" "$ROOT/tests/udpor/mock.c" "$lib" \
    -lxxhash -lm 2>"$tmp/err"; then
    echo "FAIL udpor/build: $(head -c 300 "$tmp/err" | tr '\n' ' ')"
    exit 0
fi
check() { # name mode first count
    local out st
    out=$("$tmp/unit" "$2" "$3" "$4" 2>&1)
    st=$?
    echo "$out" | grep '^#' | tail -12
    if [ $st -eq 0 ]; then echo "PASS udpor/$1"
    else echo "FAIL udpor/$1: $(echo "$out" | grep '^# seed\|^# loop' | head -2 | cut -c1-200 | tr '\n' ' ')"; fi
}
# Native programs: udpor --no-cutoffs explores exactly the traces that
# dfs --count-traces counts, with 0 blocked and the same error kinds.
native_case() { # name file flags...
    local name=$1 file=$2
    shift 2
    local d u
    d=$(timeout 600 "$RAVEL" check --json --keep-going --algo=dfs --count-traces "$ROOT/$file" -- "$@" 2>/dev/null |
        jq -c '[.traces, ([.errors[].kind] | sort)]' 2>/dev/null)
    # shellcheck disable=SC2086
    u=$(timeout 600 "$RAVEL" check --json --keep-going --algo=udpor --no-cutoffs ${UFLAGS:-} "$ROOT/$file" -- "$@" 2>/dev/null |
        jq -c '[.executions, ([.errors[].kind] | sort), .blocked, .exhaustive]' 2>/dev/null)
    local want
    want=$(echo "$d" | jq -c '.[0:2] + [0, true]' 2>/dev/null)
    if [ -n "$d" ] && [ "$u" = "$want" ]; then echo "PASS udpor/native-$name"
    else echo "FAIL udpor/native-$name: dfs [traces, errors] $d, udpor [executions, errors, blocked, exhaustive] $u"; fi
}
native_case lock_many-3 tests/native/lock_many.c -DN=3
native_case lock_once-3 tests/native/lock_once.c -DN=3
native_case condvar_ok tests/native/condvar_ok.c
native_case condvar_broadcast tests/native/condvar_broadcast.c
native_case condvar_signal tests/native/condvar_broadcast.c -DSIGNAL
native_case sem_handoff tests/native/sem_handoff.c
# issue 29: one hot object (conflict lists from thread-tree walks and
# same-action siblings skipped, event.c): the counter and seed 001's FIB
native_case counter-3 bench/udpor/counter.c -DK=3
native_case fib-2 bench/udpor/fib.c -DROUNDS=2
native_case sem_bug tests/native/sem_bug.c
native_case tls tests/native/tls.c
native_case segv tests/native/segv.c
native_case exit_thread tests/native/exit_thread.c
native_case philosophers-3 examples/philosophers.c -DN=3
native_case lost_wakeup examples/lost_wakeup.c
native_case racy_counter examples/racy_counter.c -DN=2
native_case atomic tests/native/atomic.c
native_case atomic-broken tests/native/atomic.c -DBROKEN
# --memory=drf: only synchronisation is interleaved.  On a race-free lock
# family udpor explores the N! lock orders in both modes (an optimal
# exploration already merges the orders of race-free accesses) with fewer
# events; the executions equal the traces dfs counts in drf mode.
drf_case() { # N K
    local s d t
    s=$(timeout 600 "$RAVEL" check --json --algo=udpor "$ROOT/tests/native/locked_work.c" -- -DN=$1 -DK=$2 2>/dev/null |
        jq -c '[.executions, .events, .exhaustive]' 2>/dev/null)
    d=$(timeout 600 "$RAVEL" check --json --algo=udpor --memory=drf "$ROOT/tests/native/locked_work.c" -- -DN=$1 -DK=$2 2>/dev/null |
        jq -c '[.executions, .events, .exhaustive, (.errors | length)]' 2>/dev/null)
    t=$(timeout 600 "$RAVEL" check --json --algo=dfs --count-traces --memory=drf "$ROOT/tests/native/locked_work.c" -- -DN=$1 -DK=$2 2>/dev/null |
        jq -c '.traces' 2>/dev/null)
    local fact=1 i
    for ((i = 2; i <= $1; i++)); do fact=$((fact * i)); done
    if [ -n "$s" ] && [ -n "$d" ] && [ "$(echo "$d" | jq '.[0]')" = "$fact" ] && [ "$t" = "$fact" ] &&
        [ "$(echo "$s" | jq '.[0]')" = "$fact" ] && [ "$(echo "$d" | jq '.[2] and .[3] == 0')" = true ] &&
        [ "$(echo "$d" | jq '.[1]')" -lt "$(echo "$s" | jq '.[1]')" ]; then
        echo "PASS udpor/drf-locked_work-$1-$2"
    else echo "FAIL udpor/drf-locked_work-$1-$2: sc [executions, events, exhaustive] $s, drf $d + [errors], dfs drf traces $t, expected $fact executions and fewer events"; fi
}
drf_case 3 3
t_drf_race() {
    local r
    r=$(timeout 600 "$RAVEL" check --json --algo=udpor --memory=drf "$ROOT/examples/racy_counter.c" 2>/dev/null |
        jq -c '[.errors[0].kind, (.errors[0].message | test("data race on counter"))]' 2>/dev/null)
    if [ "$r" = '["data-race",true]' ]; then echo "PASS udpor/drf-race"
    else echo "FAIL udpor/drf-race: [kind, names counter] $r"; fi
}
t_drf_race
# --cache-mb bounds the memory of U ∪ G: past it, Remove discards the cache G
# (seed 001 Alg. 1 lines 15-18) and the exploration stays exact and complete.
t_cache_mb() {
    local r
    r=$(timeout 600 "$RAVEL" check --json --no-cutoffs --cache-mb=1 "$ROOT/tests/native/lock_many.c" -- -DN=6 2>/dev/null |
        jq -c '[.exit_code, .exhaustive, .executions, .blocked, .cache_removes > 0, .evicted > 0]' 2>/dev/null)
    if [ "$r" = '[0,true,924,0,true,true]' ]; then echo "PASS udpor/cache-mb"
    else echo "FAIL udpor/cache-mb: [exit, exhaustive, executions, blocked, G discarded, events freed] $r, expected C(12,6) = 924 executions"; fi
}
t_cache_mb
# The same exactness with a 1 KiB cache (--cache-kb=1: G discarded after
# nearly every alternative) on programs with errors, whose twins die after
# Remove freed executed events (docs/UDPOR.md, "Fatal variants under
# Remove"): executions = dfs traces.
UFLAGS=--cache-kb=1 native_case gc-sem_bug tests/native/sem_bug.c
UFLAGS=--cache-kb=1 native_case gc-lost_wakeup examples/lost_wakeup.c
UFLAGS=--cache-kb=1 native_case gc-racy_counter examples/racy_counter.c -DN=2
UFLAGS=--cache-kb=1 native_case gc-atomic-broken tests/native/atomic.c -DBROKEN
# Closed forms (DESIGN §3) where brute force is too slow: executions.
closed_case() { # name expected file flags...
    local name=$1 want=$2 file=$3
    shift 3
    local u
    u=$(timeout 600 "$RAVEL" check --json --keep-going --algo=udpor --no-cutoffs "$ROOT/$file" -- "$@" 2>/dev/null |
        jq -c '[.executions, .blocked, .exhaustive]' 2>/dev/null)
    if [ "$u" = "[$want,0,true]" ]; then echo "PASS udpor/closed-$name"
    else echo "FAIL udpor/closed-$name: [executions, blocked, exhaustive] $u, expected [$want,0,true]"; fi
}
closed_case readers-5 32 tests/native/readers.c -DN=5          # 2^n
closed_case lock_many-4 70 tests/native/lock_many.c -DN=4      # C(8, 4)
closed_case lock_once-5 120 tests/native/lock_once.c -DN=5     # 5!
closed_case philosophers-6 63 examples/philosophers.c -DN=6    # 2^6 - 2 complete + 1 deadlock
# --dot writes a graph with one node per event
t_dot() {
    local f=$tmp/unf.dot n
    "$RAVEL" check --json --algo=udpor --no-cutoffs --dot="$f" "$ROOT/tests/native/lock_many.c" -- -DN=2 >"$tmp/dot.json" 2>/dev/null
    n=$(grep -c '\[label=' "$f" 2>/dev/null)
    if [ "$n" = "$(jq .events "$tmp/dot.json")" ] && grep -q 'style=dotted' "$f"; then echo "PASS udpor/dot"
    else echo "FAIL udpor/dot: $n nodes, $(jq .events "$tmp/dot.json") events"; fi
}
t_dot
# Seeds 751-1500 include programs with assertion failures whose fatal
# variants need fatal.c (982, 1124, 1166, 1472).
check random-exact exact 1 "$NX"
# The same with the event cache bounded to 1 byte: G is discarded after
# every alternative, so Alt must work from Q_{C,D,U} alone (seed 000 B.5);
# exact, including the failing traces of twins found dead after Remove
# freed executed events (982; docs/UDPOR.md, "Fatal variants under Remove").
check random-exact-remove exact-gc 1 "$NX"
check random-cutoffs-remove cutoff-gc 1 "$((N / 2))"
check random-cutoffs cutoff 1 "$((N / 2))"
check random-k1 k1 1 "$((N / 5))"
check random-k2 k2 1 "$((N / 5))"
# --schedule-policy=least (the free runs pick the least advanced thread):
# the order changes nothing without cutoffs and stays sound with them.
check random-exact-least exact-least 1 "$((N / 2))"
check random-cutoffs-least cutoff-least 1 "$((N / 2))"
# --deepen=4 (passes with executions stopped after 4, 8, 16, ... events,
# each deciding cutoffs also against the smallest configurations of the
# earlier passes): the same errors, and no more executions than traces in
# the last pass.
check random-cutoffs-deep cutoff-deep 1 "$((N / 2))"
check random-cutoffs-remove-deep-least cutoff-gc-deep-least 1 "$((N / 2))"
# Loops: programs that loop forever (finite-state): with cutoffs the
# exploration ends, exhaustively.  Two threads: seeds 1-60.  Three threads
# (loops3): seeds 1-60 except 3, 31, 50 and 54, which do not end within
# 30 s (the known gap of docs/UDPOR.md: large state spaces); those run with
# RAVEL_TEST_KNOWN_GAPS=1.
check loops-terminate loops 1 60
# Spin-waits (issue 28 part 3): straight-line programs whose spins may
# wait forever; every non-termination udpor reports is confirmed as a fair
# cycle in the mock's exact state (unit.c lasso_holds): seeds 1-300, 356
# reports on 2026-11-28 (with the check at cutoffs alone, seeds 1-2000:
# 1,564; with the check at the end of runs alone, seeds 1-1000: 1,013;
# with either made to skip its test of the other threads, dozens of
# programs fail).
check spins-nonterm spins 1 300
check spins-nonterm-least spins-least 1 150
check memory-image-hash memh 1 2000
check loops-terminate-least loops-least 1 60
check loops3-terminate-1 loops3 1 2
check loops3-terminate-4 loops3 4 27
check loops3-terminate-32 loops3 32 18
check loops3-terminate-51 loops3 51 3
check loops3-terminate-55 loops3 55 6
# The four seeds of the known gap end with deepening and least-first
# (2,137-3,287 executions each, 2026-11-27; docs/UDPOR.md "Deepening").
check loops-terminate-deep-least loops-deep-least 1 60
for s in 3 31 50 54; do check "loops3-terminate-deep-least-$s" loops3-deep-least "$s" 1; done
if [ "${RAVEL_TEST_KNOWN_GAPS:-0}" = 1 ]; then
    for s in 3 31 50 54; do check "loops3-terminate-gap-$s" loops3 "$s" 1; done
else
    echo "# SKIP udpor/loops3 seeds 3, 31, 50, 54 (three threads): KNOWN GAP (docs/UDPOR.md); RAVEL_TEST_KNOWN_GAPS=1 runs them"
fi
