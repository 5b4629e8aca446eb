#!/usr/bin/env bash
# tests/fuzz — native differential fuzzing (issue 9 part 5, issue 10): random
# C programs from tests/fuzz/fuzzgen.c, compiled and run through the real
# runtime, explored by every algorithm and compared with brute force.
#
# Modes:
#   bash tests/run fuzz                      CI: seeds 1..500 (fixed range)
#   RAVEL_FUZZ_N=20000 bash tests/run fuzz   on demand: seeds 1..20000
#   bash tests/fuzz/ondemand LOGDIR          the same in resumable chunks
#   RAVEL_FUZZ_SEED0=K                       shifts the range to K+1..K+N
#   RAVEL_FUZZ_BATCH=25                      programs per build (see below)
#   RAVEL_FUZZ_CAP=2500                      dfs --max-executions; a program
#                                            whose dfs hits it is skipped and
#                                            counted ('#' note)
#   RAVEL_FUZZ_EXT=1                         the generator also writes read-write
#                                            locks, barriers, spin locks and
#                                            timed waits (every program)
#   RAVEL_FUZZ_EXT_N=150                     CI: seeds 1..150 generated with
#                                            RAVEL_FUZZ_EXT=1 as well (tests
#                                            t_ext_seeds_*; 0: none)
#   RAVEL_FUZZ_OUT=1                         the generator also writes
#                                            branch-chosen out-parameters of
#                                            runtime entry points (issue 27
#                                            part 2; every program)
#   RAVEL_FUZZ_OUT_N=100                     CI: seeds 1..100 generated with
#                                            RAVEL_FUZZ_OUT=1 as well (tests
#                                            t_out_seeds_*; 0: none)
#   RAVEL_FUZZ_ENGINE_EVERY=4                compare the engines (the default,
#                                            reset, against --engine=fork) on
#                                            every 4th seed (CI; 1: every seed,
#                                            as tests/fuzz/ondemand does; 0:
#                                            none)
#   RAVEL_ONLY=regress                       only the regression programs
#   RAVEL_FUZZ_AVOID=nondet,assume           the generator leaves out these
#                                            statement kinds (to look past a
#                                            known bug; see fuzzgen.c)
#
# Per program of class "exact" (finite): `--algo=dfs --count-traces
# --keep-going` is the ground truth; udpor --no-cutoffs must have executions
# = dfs traces, 0 blocked, the same exit status and the same set of errors
# (kind@location); udpor with cutoffs the same errors and exit status (or
# exit 3 with a reason, noted) and executions <= traces; --cache-kb=1
# (exact-gc, every 5th seed: G discarded after nearly every alternative)
# the same as --no-cutoffs; --alt=k1 (k-partial, every 3rd seed) the same
# errors; RAVEL_LIVENESS=0 --no-cutoffs (every 4th seed) the same traces
# and errors as dfs (zeroing dead frame bytes changes no program); the
# cutoffs run again with --engine=fork (every 4th seed in CI, every seed on
# demand: RAVEL_FUZZ_ENGINE_EVERY) the same exit status, executions, errors
# and reason as under the default reset engine (issue 27 part 3; class
# loops too, its timeouts aside).  (The summary counts the programs where G was really discarded
# as feature "gc-effective".)  Class
# "loops" (unbounded spin loops, ~10%): every error a dfs bounded by
# --max-events finds, udpor with cutoffs finds too unless it exits 3, and
# it must not hang.  Every 4th batch is compiled with -O1 (class exact
# only).  See tests/fuzz/check.sh.
#
# Speed: one file holds RAVEL_FUZZ_BATCH programs (fuzzgen --batch) and its
# main runs the one named by $RAVEL_FUZZ_PROG, so one build (cached by
# ravel) serves them all; each batch is one test line.  A failing seed is
# printed with the commands that reproduce it and `bash tests/fuzz/shrink
# SEED`, which writes a minimal program to tests/fuzz/regress/.  The
# regression programs there (first line: `//@ prog ...` like generated
# ones) are checked first, one test each.
# a hang is a failure, found sooner than lib.sh's 600 s guard
export RV_GUARD=${RV_GUARD:-60}
. "$(dirname "$0")/../lib.sh"
. "$ROOT/tests/fuzz/check.sh"
N=${RAVEL_FUZZ_N:-500}
EXT_N=${RAVEL_FUZZ_EXT_N:-150}
OUT_N=${RAVEL_FUZZ_OUT_N:-100}
ENGINE_EVERY=${RAVEL_FUZZ_ENGINE_EVERY:-4}
SEED0=${RAVEL_FUZZ_SEED0:-0}
BATCH=${RAVEL_FUZZ_BATCH:-25}
export FZ_CAP=${RAVEL_FUZZ_CAP:-2500}

if [ "${1:-}" != "--one" ]; then
    FZ_DIR=$(mktemp -d "${TMPDIR:-/tmp}/ravel-fuzz.XXXXXX")
    trap 'rm -rf "$FZ_DIR"' EXIT
    export FZ_DIR FZ_GEN=$FZ_DIR/fuzzgen
    mkdir -p "$FZ_DIR/stats"
    CC=${CC:-$(command -v clang >/dev/null && echo clang || echo gcc)}
    if ! "$CC" -std=c11 -O1 -Wall -o "$FZ_GEN" "$ROOT/tests/fuzz/fuzzgen.c" 2>"$FZ_DIR/err"; then
        echo "FAIL fuzz/build: $(head -c 300 "$FZ_DIR/err")"
        exit 0
    fi
fi

# the header line of a program: class, flags, features
fz_header() { sed -n "s|^//@ prog $2 ||p" "$1" | head -1; }
fz_field() { sed -n "s/.*\\b$1=\\([^ ]*\\).*/\\1/p" <<<"$2"; }

# one program of a batch file (or a standalone regression file: prog "")
fz_one() {
    local file=$1 seed=$2 prog=$3 cflags=${4:-} hdr class flags
    hdr=$(fz_header "$file" "$seed")
    class=$(fz_field class "$hdr") flags=$(fz_field flags "$hdr")
    local before=0
    [ -s "$W/.fails" ] && before=$(wc -l <"$W/.fails")
    [ "$class" = loops ] && cflags=
    fz_check "$file" "$prog" "$class" "$flags" "$cflags"
    echo "$seed $class $FZ_STATUS $(fz_field features "$hdr")${FZ_GCED:+,gc-effective}${FZ_ENGINES:+,engines}${cflags:+,O1}" >>"$FZ_DIR/stats/$seed${FZ_EXT:+-ext}${FZ_OUT:+-out}"
    if [ "$FZ_STATUS" = fail ]; then
        # one line per program in the FAIL line: its seed and failed checks
        head -n "$before" "$W/.fails" >"$W/.fails.tmp"
        echo "seed $seed ($FZ_CHECKS)" >>"$W/.fails.tmp"
        echo "# fuzz: seed $seed: $(tail -n +$((before + 1)) "$W/.fails" | head -1 | cut -c1-300)"
        mv "$W/.fails.tmp" "$W/.fails"
        echo "#   reproduce: ${FZ_EXT:+RAVEL_FUZZ_EXT=1 }${FZ_OUT:+RAVEL_FUZZ_OUT=1 }$FZ_GEN_HINT $seed > p$seed.c && ${FZ_CMD/$file/p$seed.c}"
        echo "#   shrink:    ${FZ_EXT:+RAVEL_FUZZ_EXT=1 }${FZ_OUT:+RAVEL_FUZZ_OUT=1 }bash tests/fuzz/shrink $seed"
        # the FAIL line's [cmd: ...] shows the first failing command
        [ -s "$W/.firstcmd" ] || echo "${FZ_CMD/$file/p$seed.c} (RAVEL_FUZZ_PROG=$seed in the batch)" >"$W/.firstcmd"
    fi
    [ -n "$FZ_NOTE" ] && echo "$seed $FZ_NOTE" >>"$FZ_DIR/stats/notes"
    return 0
}
FZ_GEN_HINT="cc -o /tmp/fuzzgen tests/fuzz/fuzzgen.c && /tmp/fuzzgen"

# fz_batch FIRST N [ext|out]: generates with RAVEL_FUZZ_EXT=1 or
# RAVEL_FUZZ_OUT=1 (also when set in the environment)
fz_batch() {
    local first=$1 n=$2 FZ_EXT= FZ_OUT=
    [ "${3:-}" = ext ] && FZ_EXT=ext
    [ "${3:-}" = out ] && FZ_OUT=out
    [ -n "${RAVEL_FUZZ_EXT:-}" ] && [ "${RAVEL_FUZZ_EXT:-}" != 0 ] && FZ_EXT=ext
    [ -n "${RAVEL_FUZZ_OUT:-}" ] && [ "${RAVEL_FUZZ_OUT:-}" != 0 ] && FZ_OUT=out
    RAVEL_FUZZ_EXT=${FZ_EXT:+1} RAVEL_FUZZ_OUT=${FZ_OUT:+1} "$FZ_GEN" --batch "$first" "$n" >"$W/batch-$first.c"
    local s skipped=0 cflags=
    fz_jq_start
    # every 4th batch is built with -O1 (callee-saved registers, merged
    # accesses: issue 10 class 3); dfs sees the same binary
    [ $(((first - 1) / BATCH % 4)) = 3 ] && cflags=-O1
    for ((s = first; s < first + n; s++)); do
        FZ_GC=$((s % 5 == 0 ? 1 : 0)) FZ_KPART=$((s % 3 == 0 ? 1 : 0)) FZ_LIVEOFF=$((s % 4 == 1 ? 1 : 0)) \
            FZ_ENGINE=$((ENGINE_EVERY > 0 && s % ENGINE_EVERY == 2 % ENGINE_EVERY ? 1 : 0)) \
            fz_one "$W/batch-$first.c" "$s" "$s" "$cflags"
        [ "$FZ_STATUS" = skip ] && skipped=$((skipped + 1))
    done
    fz_jq_stop
    [ -s "$W/.firstcmd" ] && cp "$W/.firstcmd" "$W/.last"
    [ "$skipped" = 0 ] || echo "# fuzz: seeds $first-$((first + n - 1)): $skipped skipped (dfs hit --max-executions=$FZ_CAP)"
    return 0
}

# regression programs: one test each
for f in "$ROOT"/tests/fuzz/regress/*.c; do
    [ -e "$f" ] || continue
    name=$(basename "$f" .c)
    eval "t_regress_${name//[^A-Za-z0-9_]/_}() {
        local hdr; hdr=\$(grep -m1 '^//@ prog' '$f')
        fz_check '$f' '' \"\$(fz_field class \"\$hdr\")\" \"\$(fz_field flags \"\$hdr\")\"
    }"
done

for ((b = 0; b * BATCH < N; b++)); do
    first=$((SEED0 + b * BATCH + 1))
    n=$((N - b * BATCH < BATCH ? N - b * BATCH : BATCH))
    eval "t_seeds_$(printf %06d "$first")() { fz_batch $first $n; }"
done
# the rest of POSIX threads (RAVEL_FUZZ_EXT): its own seed range
for ((b = 0; b * BATCH < EXT_N; b++)); do
    first=$((b * BATCH + 1))
    n=$((EXT_N - b * BATCH < BATCH ? EXT_N - b * BATCH : BATCH))
    eval "t_ext_seeds_$(printf %06d "$first")() { fz_batch $first $n ext; }"
done
# branch-chosen out-parameters (RAVEL_FUZZ_OUT): its own seed range
for ((b = 0; b * BATCH < OUT_N; b++)); do
    first=$((b * BATCH + 1))
    n=$((OUT_N - b * BATCH < BATCH ? OUT_N - b * BATCH : BATCH))
    eval "t_out_seeds_$(printf %06d "$first")() { fz_batch $first $n out; }"
done

rv_main "$@"

# summary over every program (the parent only)
if [ "${1:-}" != "--one" ] && ls "$FZ_DIR/stats" | grep -q '^[0-9]'; then
    cat "$FZ_DIR"/stats/[0-9]* >"$FZ_DIR/all"
    echo "# fuzz: $(wc -l <"$FZ_DIR/all") programs: $(awk '{print $3}' "$FZ_DIR/all" | sort | uniq -c | awk '{printf "%s %s, ", $1, $2}')" \
        "class: $(awk '$3!="skip"{print $2}' "$FZ_DIR/all" | sort | uniq -c | awk '{printf "%s %s, ", $1, $2}')"
    echo "# fuzz: programs per feature (checked, not skipped): $(awk '$3!="skip"{print $4}' "$FZ_DIR/all" | tr ',' '\n' |
        grep . | sort | uniq -c | sort -rn | awk '{printf "%s %s, ", $2, $1}')"
    [ -s "$FZ_DIR/stats/notes" ] && echo "# fuzz: $(wc -l <"$FZ_DIR/stats/notes") notes, e.g. $(head -3 "$FZ_DIR/stats/notes" | paste -sd';')"
fi
exit 0
