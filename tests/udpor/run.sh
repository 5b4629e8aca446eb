#!/usr/bin/env bash
# tests/udpor — UDPOR against brute force on random programs of the in-process
# mock backend (tests/udpor/mock.c), linked against $RAVEL_BUILD/libravel.a.
# Each line of `unit MODE FIRST COUNT` output starting with '#' is a note; the
# exit status says whether every program checked passed.
#   exact  — --no-cutoffs --alt=exact: executions == Mazurkiewicz traces
#            (brute force), 0 blocked, same errors
#   cutoff — with cutoffs: same errors/deadlocks, never more executions
#   k1, k2 — k-partial: every trace covered, same errors
#   loops  — non-terminating finite-state programs: with cutoffs the
#            exploration ends and is exhaustive
# UDPOR_SEEDS (default 750) programs for exact (about 520 checked), fewer for
# the others; programs whose brute force exceeds 20000 interleavings are
# skipped and counted.
. "$(dirname "$0")/../lib.sh"
CC=${CC:-$(command -v clang >/dev/null && echo clang || echo gcc)}
flags=(-std=c11 -D_GNU_SOURCE -O2 -g -Wall -Wextra -Werror -Wno-unused-parameter -I "$ROOT/src")
case $RAVEL_BUILD in *san*) flags+=(-fsanitize=address,undefined -fno-sanitize-recover=undefined) ;; esac
lib=$RAVEL_BUILD/libravel.a
N=${UDPOR_SEEDS:-750}
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
check random-exact exact 1 "$N"
check random-cutoffs cutoff 1 "$((N / 2))"
check random-k1 k1 1 "$((N / 5))"
check random-k2 k2 1 "$((N / 5))"
check loops-terminate loops 1 "$((N / 20))"
