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
cd "$(dirname "$0")/.." || exit 2
ROUNDS=${1:?usage: bench/layers_ab.sh ROUNDS NAME=ravel...}
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
raw=$(mktemp /tmp/layers_ab.XXXXXX)
trap 'rm -f "$raw" "$raw.t" "$raw.j"' EXIT
one() { # index case -> appends "case name cpu wall counts" to $raw
    local i=$1 c=$2 name opts file flags
    IFS='|' read -r name opts file flags <<<"${CASES[$c]}"
    # shellcheck disable=SC2086
    XDG_CACHE_HOME=/tmp/layers_ab.${names[$i]} /usr/bin/time -f '%U %S %e' -o "$raw.t" \
        "${bins[$i]}" check --quiet --json $opts "$file" -- $flags >"$raw.j" 2>/dev/null
    local counts
    counts=$(jq -r '"\(.executions)/\(.events)/\([.errors[].kind]|unique|join(","))"' <"$raw.j" 2>/dev/null)
    read -r u s e < <(tail -n 1 "$raw.t") # "Command exited with non-zero status" comes first
    echo "$c ${names[$i]} $(awk -v u="$u" -v s="$s" 'BEGIN{print u+s}') $e ${counts:-none}" >>"$raw"
}
for c in "${!CASES[@]}"; do # build once per binary, untimed
    IFS='|' read -r _ opts file flags <<<"${CASES[$c]}"
    for i in "${!bins[@]}"; do
        # shellcheck disable=SC2086
        XDG_CACHE_HOME=/tmp/layers_ab.${names[$i]} "${bins[$i]}" check --quiet --max-executions=1 $opts "$file" -- $flags >/dev/null 2>&1
    done
done
for ((r = 0; r < ROUNDS; r++)); do
    order=("${!bins[@]}")
    if ((r % 2)); then order=(); for ((i = ${#bins[@]} - 1; i >= 0; i--)); do order+=("$i"); done; fi
    for c in "${!CASES[@]}"; do for i in "${order[@]}"; do one "$i" "$c"; done; done
done
cases=$(printf '%s\n' "${CASES[@]}" | cut -d'|' -f1,2,4 | tr '|' '\t')
python3 - "$raw" "${names[*]}" "$cases" <<'EOF'
import statistics, sys
raw, names, cases = sys.argv[1], sys.argv[2].split(), sys.argv[3].split("\n")
runs = {}
for line in open(raw):
    c, n, cpu, wall, counts = line.split()
    runs.setdefault((int(c), n), []).append((float(cpu), float(wall), counts))
hdr = " | ".join(f"{n} CPU s: median (min–max)" for n in names)
print(f"| case | {hdr} | {names[-1]}/{names[0]} | counts |")
print("|---|" + "---:|" * len(names) + "---:|---|")
for c, case in enumerate(cases):
    name, opts, flags = case.split("\t")
    cols, meds, counts = [], [], set()
    for n in names:
        r = runs.get((c, n), [])
        cpu = sorted(x[0] for x in r)
        counts |= {x[2] for x in r}
        m = statistics.median(cpu)
        meds.append(m)
        cols.append(f"{m:.2f} ({cpu[0]:.2f}–{cpu[-1]:.2f})")
    same = counts.pop() if len(counts) == 1 else "**differ: " + ", ".join(sorted(counts)) + "**"
    print(f"| {name} `{flags}` | " + " | ".join(cols) + f" | {meds[-1] / meds[0]:.3f} | {same} |")
EOF
