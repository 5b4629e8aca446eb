#!/usr/bin/env bash
# bench/threads/mem.sh — memory per live thread (issue 13 part 3).
# Runs alive.c (N threads alive at once, each locking a mutex once) for
# one execution per N and prints a markdown table: ravel's peak RSS
# (peak_rss_mb of --json), the program's peak RSS (its own getrusage,
# written to a file), and the growth per thread over the smallest N.
#   bash bench/threads/mem.sh [N...]      (default: 1 250 500 1000)
#   RAVEL=build/release/ravel ALGO=dfs PROG=alive
# PROG=waves runs alive.c with -DK=1000: N threads created over the
# execution in waves of 1,000 alive at once.  MAXEV sets --max-events (default
# 200000: 8 events per thread).
set -euo pipefail
cd "$(dirname "$0")/../.."
RAVEL=${RAVEL:-build/release/ravel}
ALGO=${ALGO:-dfs}
PROG=${PROG:-alive}
WAVE=()
[ "$PROG" != waves ] || WAVE=(-DK=1000)
MAXEV=${MAXEV:-200000}
NS=("$@")
[ ${#NS[@]} -gt 0 ] || NS=(1 250 500 1000)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "| threads | events | time (s) | ravel peak MB | program peak MB | ravel KB/thread | program KB/thread |"
echo "|---:|---:|---:|---:|---:|---:|---:|"
r0= p0= n0=
for n in "${NS[@]}"; do
    "$RAVEL" check --json --algo="$ALGO" --max-executions=1 --max-events="$MAXEV" \
        bench/threads/alive.c -- \
        -DN="$n" "${WAVE[@]}" "-DOUT=\"$tmp/rss\"" >"$tmp/out" 2>/dev/null || true
    ev=$(jq -r .events "$tmp/out")
    t=$(jq -r .time_s "$tmp/out")
    rmb=$(jq -r .peak_rss_mb "$tmp/out")
    rkb=$(awk -v m="$rmb" 'BEGIN { printf "%d", m * 1024 }')
    pkb=$(cut -d' ' -f1 "$tmp/rss")
    if [ -z "$n0" ]; then
        r0=$rkb p0=$pkb n0=$n
        rper=- pper=-
    else
        rper=$(awk -v a="$rkb" -v b="$r0" -v n="$n" -v m="$n0" 'BEGIN { printf "%.1f", (a - b) / (n - m) }')
        pper=$(awk -v a="$pkb" -v b="$p0" -v n="$n" -v m="$n0" 'BEGIN { printf "%.1f", (a - b) / (n - m) }')
    fi
    pmb=$(awk -v k="$pkb" 'BEGIN { printf "%.1f", k / 1024 }')
    echo "| $n | $ev | $t | $rmb | $pmb | $rper | $pper |"
done
