# tests/fuzz/check.sh — the differential checks of one generated program,
# sourced by tests/fuzz/run.sh and tests/fuzz/shrink (after tests/lib.sh).
#
#   fz_check FILE PROG CLASS FLAGS [CFLAGS]
#
# FILE is a C file; PROG the value of $RAVEL_FUZZ_PROG that selects the
# program in a batch file (empty for a standalone one); CLASS exact|loops;
# FLAGS extra options for every ravel command (e.g. --nondet-domain=0:2);
# CFLAGS compiler flags (after --, e.g. -O1; ignored for class loops, whose
# spin loops -O1 may turn into loops without events).
# Each failed check is written with fail_because as "CHECK: detail" (CHECK
# is one word, which the shrinker keeps fixed); fz_check also sets
#   FZ_STATUS  ok | skip (dfs hit the execution cap) | fail
#   FZ_NOTE    a short note (e.g. "cutoffs gave up: REASON")
#   FZ_CHECKS  the failed checks' names, comma-separated; FZ_CMD the
#              command of the first failed check; FZ_GCED 1 when the
#              --cache-kb=1 run really discarded the cache; FZ_ENGINES 1
#              when the engines were compared (fz_engines)
# Environment: FZ_CAP (dfs --max-executions, default 2500), FZ_GC and
# FZ_KPART (run the --cache-kb=1 and --alt=k1 modes: 1/0), FZ_ENGINE
# (compare the engines: 1/0), FZ_MAXEV (--max-events of class loops,
# default 300).

# the set of distinct errors: kind and location
fz_kinds() { jq -r '[.errors[]|"\(.kind)@\(.location)"]|unique|join(", ")' "$1" 2>/dev/null; }
# the same without the limit kinds (loops class)
fz_real_kinds() {
    jq -r '[.errors[]|select(.kind!="event-limit" and .kind!="timeout" and .kind!="resource-limit")
            |"\(.kind)@\(.location)"]|unique|.[]' "$1" 2>/dev/null
}

# fz_rv PROG ARGS...: rv with $RAVEL_FUZZ_PROG set (lib.sh's rv, output in
# $W/out), then the fields the checks read:
#   J_reason J_traces J_exec J_blocked J_removes J_engine   as `json .FIELD` prints them
#   J_kinds                                         as fz_kinds prints them
# jq 1.6 needs about 19 ms of CPU to start, more than ravel on most fuzzer
# programs, so a batch keeps one jq running (fz_jq_start) and feeds it each
# output as an RS-separated text (--seq: a text that does not parse is
# dropped, not fatal) followed by an "#end" marker; without it, one jq per
# output.
FZ_JQ_PROG='if . == "#end" then . else (try ([.incomplete_reason, .traces, .executions, .blocked,
    .cache_removes, ([.errors[]|"\(.kind)@\(.location)"]|unique|join(", ")), .engine]
    | map(tostring) | join("\u0001")) catch "") end'
fz_jq_start() {
    coproc FZJQ { exec jq --seq --unbuffered -r "$FZ_JQ_PROG" 2>/dev/null; }
}
fz_jq_stop() {
    [ -n "${FZJQ_PID:-}" ] || return 0
    eval "exec ${FZJQ[1]}>&-"
    wait "$FZJQ_PID" 2>/dev/null
}
fz_fields() {
    local line= got
    if [ -n "${FZJQ_PID:-}" ] && kill -0 "$FZJQ_PID" 2>/dev/null; then
        { printf '\036'; cat "$W/out"; printf '\n\036"#end"\n'; } >&"${FZJQ[1]}"
        while IFS= read -r -t 60 got <&"${FZJQ[0]}"; do
            [ "$got" = "#end" ] && break
            line=$got
        done
    else
        line=$(jq -r "$FZ_JQ_PROG" "$W/out" 2>/dev/null)
    fi
    IFS=$'\001' read -r J_reason J_traces J_exec J_blocked J_removes J_kinds J_engine <<<"$line"
}
fz_rv() {
    local prog=$1
    shift
    if [ -n "$prog" ]; then RAVEL_FUZZ_PROG=$prog rv "$@"; else rv "$@"; fi
    fz_fields
}

# fz_fail CHECK DETAIL
fz_fail() {
    fail_because "$1: $2"
    [ "$FZ_STATUS" = fail ] || FZ_CMD=$(cat "$W/.last" 2>/dev/null)
    FZ_STATUS=fail
    FZ_CHECKS="$FZ_CHECKS${FZ_CHECKS:+,}$1"
}

fz_check() {
    local file=$1 prog=$2 class=$3 flags=$4 cflags=${5:-}
    local cap=${FZ_CAP:-2500}
    FZ_STATUS=ok FZ_NOTE= FZ_CHECKS= FZ_CMD= FZ_GCED= FZ_ENGINES=
    # shellcheck disable=SC2086
    if [ "$class" = loops ]; then
        fz_check_loops "$file" "$prog" "$flags"
        return
    fi
    # ground truth
    fz_rv "$prog" check --quiet --algo=dfs --count-traces --keep-going --max-executions="$cap" --json $flags "$file" ${cflags:+-- $cflags}
    cp "$W/out" "$W/dfs.json"
    local drc=$RC reason=$J_reason
    # (an error found before the cap gives exit 1 with the same reason)
    if [[ $reason == *max-executions* ]]; then
        FZ_STATUS=skip
        return
    fi
    fz_hung dfs && return
    case $drc in 0 | 1 | 3) ;; *) fz_fail dfs-exit "dfs exit status $drc$(_rv_errhint)"; return ;; esac
    local tr=$J_traces kinds=$J_kinds
    # exact: udpor without cutoffs visits every trace once
    fz_rv "$prog" check --quiet --algo=udpor --no-cutoffs --keep-going --json $flags "$file" ${cflags:+-- $cflags}
    fz_exact nocut "$drc" "$tr" "$kinds"
    # cutoffs: the same errors, or exit 3 saying why
    fz_rv "$prog" check --quiet --algo=udpor --keep-going --json $flags "$file" ${cflags:+-- $cflags}
    if fz_hung cutoffs; then
        :
    elif [ "$RC" = 3 ] && [ "$drc" != 3 ] && ! grep -q 'exploration failed' "$W/err"; then
        FZ_NOTE="cutoffs gave up: $J_reason"
    else
        [ "$RC" = "$drc" ] || fz_fail cutoffs-exit "udpor exit status $RC, dfs $drc$(_rv_errhint)"
        expect_kinds cutoffs-errors "$kinds"
        local ex=$J_exec
        [ "${ex:-x}" -le "$tr" ] 2>/dev/null || fz_fail cutoffs-executions "udpor executions $ex > dfs traces $tr"
    fi
    # the engines: the default run just made (the reset engine) against a
    # fork per execution, same command
    [ "${FZ_ENGINE:-1}" = 1 ] && fz_engines "$prog" --quiet --algo=udpor --keep-going --json $flags "$file" ${cflags:+-- $cflags}
    # exact-gc: the smallest cache the CLI allows (1 KiB: G is discarded
    # after nearly every alternative)
    if [ "${FZ_GC:-1}" = 1 ]; then
        fz_rv "$prog" check --quiet --algo=udpor --no-cutoffs --cache-kb=1 --keep-going --json $flags "$file" ${cflags:+-- $cflags}
        fz_exact gc "$drc" "$tr" "$kinds"
        [ "$J_removes" -gt 0 ] 2>/dev/null && FZ_GCED=1
    fi
    # liveness off (src/runtime/live.c): zeroing dead frame bytes must not
    # change the program, so the same traces and errors without it
    if [ "${FZ_LIVEOFF:-1}" = 1 ]; then
        RAVEL_LIVENESS=0 fz_rv "$prog" check --quiet --algo=udpor --no-cutoffs --keep-going --json $flags "$file" ${cflags:+-- $cflags}
        fz_exact liveoff "$drc" "$tr" "$kinds"
    fi
    # k-partial alternatives: complete, so the same errors
    if [ "${FZ_KPART:-1}" = 1 ]; then
        fz_rv "$prog" check --quiet --algo=udpor --no-cutoffs --alt=k1 --keep-going --json $flags "$file" ${cflags:+-- $cflags}
        fz_hung k1 || [ "$RC" = "$drc" ] || fz_fail k1-exit "udpor --alt=k1 exit status $RC, dfs $drc$(_rv_errhint)"
        [ "$RC" = "$drc" ] && expect_kinds k1-errors "$kinds"
    fi
}

# fz_engines PROG ARGS...: the run in $W/out (the default engine, reset:
# one process, memory put back after each execution; docs/DESIGN.md §2
# "Engines") against `--engine=fork` with the same ARGS: the same exit
# status, executions, errors (kind@location) and reason (issue 27 part 3).
# Every program the generator writes may run under reset; one that falls
# back to fork (or a run under RAVEL_ENGINE=fork) compares nothing and is
# noted.  A run with a --timeout error (class loops) depends on the clock:
# only its errors other than the timeouts are compared.
fz_engines() {
    local prog=$1
    shift
    case $RC in 124 | 137) return ;; esac # the default run hung: reported already
    local rc=$RC ex=$J_exec kinds=$J_kinds reason=$J_reason engine=$J_engine
    if [ "$engine" != reset ]; then
        FZ_NOTE="${FZ_NOTE:+$FZ_NOTE; }engines not compared: the default ran ${engine:-no engine} ($(json '.engine_fallback // empty' | cut -c1-80))"
        return
    fi
    fz_rv "$prog" check --engine=fork "$@"
    fz_hung engine-fork && return
    FZ_ENGINES=1
    [ "$J_engine" = fork ] || fz_fail engine-fork "--engine=fork ran ${J_engine:-no engine}"
    if [[ "$kinds, $J_kinds" == *timeout@* ]]; then
        [ "$(sed 's/timeout@[^,]*\(, \)\{0,1\}//g' <<<"$J_kinds")" = "$(sed 's/timeout@[^,]*\(, \)\{0,1\}//g' <<<"$kinds")" ] ||
            fz_fail engine-errors "fork errors '$J_kinds', reset '$kinds'"
        return
    fi
    [ "$RC" = "$rc" ] || fz_fail engine-exit "fork exit status $RC, reset $rc$(_rv_errhint)"
    [ "$J_exec" = "$ex" ] || fz_fail engine-executions "fork executions $J_exec, reset $ex"
    [ "$J_kinds" = "$kinds" ] || fz_fail engine-errors "fork errors '$J_kinds', reset '$kinds'"
    [ "$J_reason" = "$reason" ] || fz_fail engine-reason "fork: '$J_reason', reset: '$reason'"
}

# fz_hung MODE: the last command was killed by the guard (a failure)
fz_hung() {
    case $RC in 124 | 137) fz_fail "$1-hang" "no answer within ${RV_GUARD}s" && return 0 ;; esac
    return 1
}

# fz_exact MODE DFS_RC TRACES KINDS: the run in $W/out explored each trace once
fz_exact() {
    fz_hung "$1" && return
    [ "$RC" = "$2" ] || fz_fail "$1-exit" "udpor exit status $RC, dfs $2$(_rv_errhint)"
    local ex=$J_exec bl=$J_blocked
    [ "$ex" = "$3" ] || fz_fail "$1-executions" "udpor executions $ex, dfs traces $3"
    [ "$bl" = 0 ] || fz_fail "$1-blocked" "udpor blocked $bl"
    expect_kinds "$1-errors" "$4"
}

expect_kinds() {
    local got=$J_kinds
    [ "$got" = "$2" ] || fz_fail "$1" "udpor errors '$got', dfs '$2'"
}

# class loops: no ground truth.  A dfs bounded by --max-events finds a
# subset of the real errors; udpor with cutoffs must find them too, unless
# it says it is not exhaustive (exit 3).  Neither may hang.
fz_check_loops() {
    local file=$1 prog=$2 flags=$3 maxev=${FZ_MAXEV:-300}
    fz_rv "$prog" check --quiet --algo=dfs --keep-going --max-events="$maxev" --max-executions="${FZ_CAP:-3000}" \
        --timeout=5 --json $flags "$file"
    case $RC in 0 | 1 | 3) ;; *) fz_fail dfs-exit "dfs exit status $RC$(_rv_errhint)"; return ;; esac
    fz_real_kinds "$W/out" >"$W/dfs.kinds"
    fz_rv "$prog" check --quiet --algo=udpor --keep-going --max-events="$maxev" --timeout=5 --json $flags "$file"
    case $RC in
    0 | 1) ;;
    3)
        if grep -q 'exploration failed' "$W/err"; then
            fz_fail cutoffs-failed "udpor: $(json .incomplete_reason)"
        else
            FZ_NOTE="cutoffs gave up: $(json .incomplete_reason)"
        fi
        return
        ;;
    124 | 137) fz_fail cutoffs-hang "udpor did not finish in ${RV_GUARD}s"; return ;;
    *) fz_fail cutoffs-exit "udpor exit status $RC$(_rv_errhint)"; return ;;
    esac
    fz_real_kinds "$W/out" >"$W/u.kinds"
    local miss
    miss=$(comm -23 <(sort "$W/dfs.kinds") <(sort "$W/u.kinds") | paste -sd' ')
    [ -z "$miss" ] || fz_fail cutoffs-missed "udpor (exit $RC, exhaustive) missed $miss that bounded dfs found"
    [ "${FZ_ENGINE:-1}" = 1 ] && fz_engines "$prog" --quiet --algo=udpor --keep-going --max-events="$maxev" \
        --timeout=5 --json $flags "$file"
    return 0
}
