#!/usr/bin/env bash
# tests/frames — where a crash or a long loop happens, the report names the
# program's own frame (file:line (function)), never one of the runtime's
# (issue 11 part 4).  Lines are found by marker comments in the sources.
. "$(dirname "$0")/../lib.sh"
F=$ROOT/tests/frames

# expect_location_line SRC LINE FUNC: errors[0].location is SRC:LINE (FUNC)
expect_location_line() {
    expect_json_match '.errors[0].location' "(^|/)$(basename "$1"):$2 \\($3\\)\$"
}

# expect_location_within SRC FROM TO FUNC: a line of FUNC between the markers
expect_location_within() {
    local loc line
    loc=$(json '.errors[0].location')
    [[ $loc =~ (^|/)$(basename "$1"):([0-9]+)\ \($4\)$ ]] || {
        fail_because "location '$loc' is not in $(basename "$1") ($4)"
        return
    }
    line=${BASH_REMATCH[2]}
    [ "$line" -ge "$2" ] && [ "$line" -le "$3" ] || fail_because "location '$loc' is outside $4 (lines $2-$3)"
}

overflow_case() {
    local src=$F/$1.c tid=$2 algo
    for algo in dfs "udpor --no-cutoffs"; do
        # shellcheck disable=SC2086
        rv check --algo=$algo --json "$src"
        expect_rc 1
        expect_json '.errors[0].kind' stack-overflow
        expect_json '.errors[0].thread' "$tid"
        expect_location_within "$src" "$(line_of "$src" 'marker: depth begins')" \
            "$(line_of "$src" 'marker: depth ends')" depth
    done
}
t_overflow_thread() { overflow_case overflow_thread 1; }
t_overflow_main() { overflow_case overflow_main 0; }

# The event limit of a thread that never ends names its loop.
t_event_limit_loop() {
    local src=$F/forever.c line opts
    line=$(line_of "$src" 'marker: loop')
    # (udpor with the default 100000 events takes minutes: issue 11 part 1)
    for opts in "--algo=dfs" "--no-cutoffs --max-events=2000" "--max-events=2000"; do
        # shellcheck disable=SC2086
        rv check $opts --json "$src"
        expect_rc 3
        expect_json '.errors[0].kind' event-limit
        expect_json '.errors[0].thread' 1
        expect_location_line "$src" "$line" loop
    done
}

# A silent loop killed at --timeout: the runtime says where it was.
t_timeout_loop() {
    local src=$F/silent.c line algo
    line=$(line_of "$src" 'marker: silent loop')
    for algo in dfs udpor; do
        rv check --algo=$algo --timeout=0.5 --json "$src"
        expect_rc 3
        expect_json '.errors[0].kind' timeout
        expect_json '.errors[0].thread' 1
        expect_location_line "$src" "$line" wait_forever
    done
}

# A crash inside libc names the program's call, in the summary too.
t_crash_in_libc() {
    local src=$F/libc_crash.c line
    line=$(line_of "$src" 'marker: crash')
    rv check --algo=dfs --json "$src"
    expect_rc 1
    expect_json '.errors[0].kind' crash
    expect_location_line "$src" "$line" worker
    rv check "$src"
    expect_rc 1
    grep -Eq "in thread 1 at (.*/)?libc_crash.c:$line \\(worker\\)" "$W/out" ||
        fail_because "summary does not name the call: $(grep 'in thread' "$W/out")"
}

rv_main "$@"
