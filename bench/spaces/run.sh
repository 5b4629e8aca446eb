#!/usr/bin/env bash
# bench/spaces/run.sh — the dining-philosophers table of seed 003 §2.6
# (n = 10..14: schedulings, time, peak memory, next to ALCOOL's numbers),
# then larger n until a run hits the 60 s limit or the next one would need
# more than MAXMB (default 8000) MB: time and memory double with n.
# Usage: bench/spaces/run.sh [ravel binary] > bench/spaces/RESULTS.md
# (default build/release/ravel; `make` first).  Uses `ravel spaces --count
# --json --timeout 60`; each run is a fresh process, so peak_rss_mb is that
# run's own peak.
set -u
RAVEL=${1:-build/release/ravel}
MAXMB=${MAXMB:-8000}
here=$(dirname "$0")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
field() { grep -o "\"$1\": *[0-9.a-z]*" | head -1 | sed 's/.*: *//'; }
declare -A alc_s=([10]=5 [11]=32 [12]=227 [13]=1681 [14]=13105)
declare -A alc_mb=([10]=4 [11]=9 [12]=26 [13]=58 [14]=143)

echo "# Trace spaces: dining philosophers (seed 003 §2.6)"
echo
echo "Produced by \`MAXMB=$MAXMB bench/spaces/run.sh $RAVEL > bench/spaces/RESULTS.md\` on $(date -u +%Y-%m-%d)"
echo "($(nproc) CPUs, $(uname -m); $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'))."
echo "Each row is one \`ravel spaces --count --json --timeout 60 philoN.pv\` process;"
echo "ALCOOL columns are the seed's (OCaml prototype, different machine)."
echo
echo "| n | schedulings | 2^n-2 | minimal dead | maximal alive | time (s) | peak RSS (MB) | ALCOOL (s) | ALCOOL (MB) |"
echo "|---|---|---|---|---|---|---|---|---|"
last=""
for ((n = 10; n <= 40; n++)); do
    bash "$here/philo.sh" $n >"$tmp/p.pv"
    out=$("$RAVEL" spaces --count --json --timeout 60 "$tmp/p.pv" 2>&1)
    rc=$?
    s=$(field schedulings <<<"$out")
    d=$(field dead_matrices <<<"$out")
    a=$(field alive_matrices <<<"$out")
    t=$(field time_s <<<"$out")
    m=$(field peak_rss_mb <<<"$out")
    if [ $rc != 0 ]; then
        echo "| $n | (limit hit after ${t:-?} s) | $(((1 << n) - 2)) | | | | ${m:-?} | | |"
        break
    fi
    echo "| $n | $s | $(((1 << n) - 2)) | $d | $a | $t | $m | ${alc_s[$n]:-} | ${alc_mb[$n]:-} |"
    [ "${t%.*}" -lt 60 ] && last="n = $n in $t s ($m MB)"
    # memory doubles with n (2^n - 2 alive matrices of n words): stay below MAXMB
    if [ $((2 * ${m%.*})) -gt "$MAXMB" ]; then
        echo "| $((n + 1)) | (not run: would need ~$((2 * ${m%.*})) MB > MAXMB = $MAXMB) | | | | | | | |"
        break
    fi
done
echo
echo "Largest n within 60 s: $last."
