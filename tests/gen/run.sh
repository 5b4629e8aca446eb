#!/usr/bin/env bash
# tests/gen — differential testing on random C programs (tests/gen/gen.c).
# For seeds 1..RAVEL_RANDOM_N (default 40; RAVEL_RANDOM_SEED0 shifts them):
#  - dfs --count-traces --keep-going is the ground truth; its own invariants:
#    traces = complete + deadlock + error traces, traces <= executions, exit
#    status 1 iff errors, and the same run without --count-traces explores
#    the same executions, events and errors;
#  - udpor --no-cutoffs --keep-going (when the binary has it): executions =
#    dfs traces, 0 blocked, the same set of errors (kind@location);
#  - udpor with cutoffs: the same set of errors, executions <= traces.
# Algorithms the binary rejects are skipped with a '#' note.
. "$(dirname "$0")/../lib.sh"
N=${RAVEL_RANDOM_N:-40}
SEED0=${RAVEL_RANDOM_SEED0:-0}

if [ "${1:-}" != "--one" ]; then
    GEN_DIR=$(mktemp -d "${TMPDIR:-/tmp}/ravel-gen.XXXXXX")
    trap 'rm -rf "$GEN_DIR"' EXIT
    export GEN_BIN=$GEN_DIR/gen
    CC=${CC:-$(command -v clang >/dev/null && echo clang || echo gcc)}
    if ! "$CC" -std=c11 -O1 -Wall -o "$GEN_BIN" "$ROOT/tests/gen/gen.c" 2>"$GEN_DIR/err"; then
        echo "FAIL gen/build: $(head -c 300 "$GEN_DIR/err")"
        exit 0
    fi
    # probe the algorithms on a trivial program
    GEN_ALGOS=""
    if [ -x "$RAVEL" ]; then
        for a in "udpor --no-cutoffs" "udpor"; do
            if timeout 120 "$RAVEL" check --algo=$a --json "$ROOT/tests/native/lock_once.c" -- -DN=1 \
                >"$GEN_DIR/probe" 2>&1; then
                GEN_ALGOS="$GEN_ALGOS${GEN_ALGOS:+;}$a"
            else
                echo "# gen: '--algo=$a' not available in $RAVEL (exit $?); skipped"
            fi
        done
    fi
    export GEN_ALGOS
fi

# the set of distinct errors: kind and location
kinds() { jq -r '[.errors[]|"\(.kind)@\(.location)"]|unique|join(", ")' "$1" 2>/dev/null; }

seed_case() {
    local s=$1
    "$GEN_BIN" "$s" >"$W/p$s.c"
    # ground truth
    rv check --algo=dfs --count-traces --keep-going --json "$W/p$s.c"
    cp "$W/out" "$W/dfs.json"
    case $RC in 0 | 1) ;; *) fail_because "dfs exit status $RC$(_rv_errhint)"; return ;; esac
    local tr ex tc td te nerr
    tr=$(json .traces) ex=$(json .executions) tc=$(json .traces_complete)
    td=$(json .traces_deadlock) te=$(json .traces_error) nerr=$(json '.errors|length')
    expect_eq "traces = complete+deadlock+error" "$tr" "$((tc + td + te))"
    [ "$tr" -le "$ex" ] || fail_because "traces $tr > executions $ex"
    expect_eq "exit status 1 iff errors" "$RC" "$([ "$nerr" -gt 0 ] && echo 1 || echo 0)"
    expect_json .exhaustive true
    expect_eq "error traces iff error kinds other than deadlock" \
        "$([ "$te" -gt 0 ] && echo y || echo n)" \
        "$(jq -r '[.errors[].kind|select(.!="deadlock")]|length>0' "$W/dfs.json" | sed 's/true/y/;s/false/n/')"
    expect_eq "deadlock traces iff a deadlock error" \
        "$([ "$td" -gt 0 ] && echo y || echo n)" \
        "$(jq -r '[.errors[].kind|select(.=="deadlock")]|length>0' "$W/dfs.json" | sed 's/true/y/;s/false/n/')"
    # the same exploration without trace counting
    rv check --algo=dfs --keep-going --json "$W/p$s.c"
    expect_json .executions "$ex"
    expect_json .events "$(jq -r .events "$W/dfs.json")"
    expect_eq "dfs errors without --count-traces" "$(kinds "$W/out")" "$(kinds "$W/dfs.json")"
    # the other algorithms
    local IFS=';' a
    for a in $GEN_ALGOS; do
        IFS=' '
        rv check --algo=$a --keep-going --json "$W/p$s.c"
        case $RC in 0 | 1) ;; *) fail_because "$a: exit status $RC$(_rv_errhint)"; continue ;; esac
        expect_eq "$a errors" "$(kinds "$W/out")" "$(kinds "$W/dfs.json")"
        local uex
        uex=$(json .executions)
        if [ "$a" = "udpor --no-cutoffs" ]; then
            expect_eq "$a executions (= dfs traces)" "$uex" "$tr"
            expect_json .blocked 0
        else
            [ "${uex:-x}" -le "$tr" ] 2>/dev/null || fail_because "$a executions $uex > dfs traces $tr"
        fi
    done
    [ -s "$W/.fails" ] && cp "$W/p$s.c" "${TMPDIR:-/tmp}/ravel-gen-fail-$s.c" &&
        echo "# gen: failing program kept in ${TMPDIR:-/tmp}/ravel-gen-fail-$s.c"
}

for ((i = 1; i <= N; i++)); do
    s=$((SEED0 + i))
    eval "t_seed_$(printf %05d "$s")() { seed_case $s; }"
done

rv_main "$@"
