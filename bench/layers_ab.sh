#!/usr/bin/env bash
# bench/layers_ab.sh — before/after CPU time of ravel binaries on the
# counter and the philosophers (issue 30 "Done when": the runtime in
# layers must cost nothing measurable).  Each binary is a release build of
# one commit (make in a worktree of its own).  Runs are interleaved: in
# every round each case runs once per binary, the binaries' order reversed
# every other round, so all see the same machine load.  Time is user+sys
# CPU of ravel and everything it waited for (the program's server),
# from /usr/bin/time, so a busy machine stretches it less than wall time.
# Also checks that every binary reports the same executions, events and
# errors.  Prints a markdown table: median and min–max per binary.
#   bash bench/layers_ab.sh ROUNDS NAME=path/to/ravel NAME=path/to/ravel ...
# Each binary gets its own build cache (XDG_CACHE_HOME=/tmp/layers_ab.NAME).
# Every run's line is kept in a raw file (its path on stderr), so a run
# stopped early can still be summarised from its complete rounds:
#   bash bench/layers_ab.sh --from RAWFILE ROUNDS NAME=ravel ...
cd "$(dirname "$0")/.." || exit 2
from=
if [ "${1:-}" = --from ]; then from=$2; shift 2; fi
ROUNDS=${1:?usage: bench/layers_ab.sh [--from RAWFILE] ROUNDS NAME=ravel...}
shift
[ $# -ge 2 ] || { echo "bench/layers_ab.sh: give at least two NAME=ravel" >&2; exit 2; }
names=() bins=()
for a in "$@"; do
    names+=("${a%%=*}") bins+=("${a#*=}")
    [ -x "${a#*=}" ] || { echo "bench/layers_ab.sh: ${a#*=} is not executable" >&2; exit 2; }
done
# name | ravel options | program | compiler flags  (the rows of bench/run "i29")
CASES=(
    "counter K=5 dpor|--algo=dpor|bench/seeds/own/counter.c|-DK=5"
    "counter K=5 udpor --no-cutoffs|--algo=udpor --no-cutoffs|bench/seeds/own/counter.c|-DK=5"
    "philo_flags N=12 udpor --no-cutoffs|--algo=udpor --no-cutoffs --keep-going|bench/udpor/philo_flags.c|-DN=12"
    "philo_flags N=12 udpor|--algo=udpor --keep-going|bench/udpor/philo_flags.c|-DN=12"
)
raw=${from:-$(mktemp /tmp/layers_ab.XXXXXX)}
trap 'rm -f "$raw.t" "$raw.j"' EXIT
[ -n "$from" ] || echo "bench/layers_ab.sh: raw runs in $raw" >&2
one() { # index case -> appends "case name cpu wall counts" to $raw
    local i=$1 c=$2 opts file flags
    IFS='|' read -r _ opts file flags <<<"${CASES[$c]}"
    # shellcheck disable=SC2086
    XDG_CACHE_HOME=/tmp/layers_ab.${names[$i]} /usr/bin/time -f '%U %S %e' -o "$raw.t" \
        "${bins[$i]}" check --quiet --json $opts "$file" -- $flags >"$raw.j" 2>/dev/null
    local counts
    counts=$(jq -r '"\(.executions)/\(.events)/\([.errors[].kind]|unique|join(",")|if . == "" then "none" else . end)"' <"$raw.j" 2>/dev/null)
    read -r u s e < <(tail -n 1 "$raw.t") # "Command exited with non-zero status" comes first
    echo "$c ${names[$i]} $(awk -v u="$u" -v s="$s" 'BEGIN{print u+s}') $e ${counts:-none}" >>"$raw"
}
[ -n "$from" ] || for c in "${!CASES[@]}"; do # build once per binary, untimed
    IFS='|' read -r _ opts file flags <<<"${CASES[$c]}"
    for i in "${!bins[@]}"; do
        # shellcheck disable=SC2086
        XDG_CACHE_HOME=/tmp/layers_ab.${names[$i]} "${bins[$i]}" check --quiet --max-executions=1 $opts "$file" -- $flags >/dev/null 2>&1
    done
done
[ -n "$from" ] || for ((r = 0; r < ROUNDS; r++)); do
    order=("${!bins[@]}")
    if ((r % 2)); then order=(); for ((i = ${#bins[@]} - 1; i >= 0; i--)); do order+=("$i"); done; fi
    for c in "${!CASES[@]}"; do for i in "${order[@]}"; do one "$i" "$c"; done; done
done
cases=$(printf '%s\n' "${CASES[@]}" | cut -d'|' -f1,2,4 | tr '|' '\t')
python3 - "$raw" "${names[*]}" "$cases" "$ROUNDS" <<'EOF'
import statistics, sys
raw, names, cases = sys.argv[1], sys.argv[2].split(), sys.argv[3].split("\n")
per_round = len(names) * len(cases)  # complete rounds only
runs = {}
for line in open(raw).readlines()[: int(sys.argv[4]) * per_round]:
    c, n, cpu, wall, counts = line.split()
    runs.setdefault((int(c), n), []).append((float(cpu), float(wall), counts))
rounds = min(len(v) for v in runs.values())
print(f"User+sys CPU seconds over {rounds} rounds: median (min–max).\n")
print("| case | " + " | ".join(names) + " | counts |")
print("|---|" + "---:|" * len(names) + "---|")
for c, case in enumerate(cases):
    name, opts, flags = case.split("\t")
    cols, counts = [], set()
    for n in names:
        cpu = sorted(x[0] for x in runs[(c, n)])
        counts |= {x[2] for x in runs[(c, n)]}
        cols.append(f"{statistics.median(cpu):.2f} ({cpu[0]:.2f}–{cpu[-1]:.2f})")
    same = counts.pop() if len(counts) == 1 else "**differ: " + ", ".join(sorted(counts)) + "**"
    print(f"| {name} `{flags}` | " + " | ".join(cols) + f" | {same} |")
# Paired: a round's runs are neighbours in time, so their ratio cancels
# much of the machine's drift.  Each binary against the one before it,
# and the last against the first.
pairs = list(zip(names, names[1:])) + ([(names[0], names[-1])] if len(names) > 2 else [])
print("\nPaired per round (runs of the same round): median ratio (min–max).\n")
print("| case | " + " | ".join(f"{b}/{a}" for a, b in pairs) + " |")
print("|---|" + "---:|" * len(pairs))
for c, case in enumerate(cases):
    name, opts, flags = case.split("\t")
    cols = []
    for a, b in pairs:
        r = sorted(y[0] / x[0] for x, y in zip(runs[(c, a)], runs[(c, b)]))
        cols.append(f"{statistics.median(r):.3f} ({r[0]:.2f}–{r[-1]:.2f})")
    print(f"| {name} `{flags}` | " + " | ".join(cols) + " |")
EOF
