#!/usr/bin/env bash
# tests/hijack — programs that define functions the runtime itself uses to
# talk to ravel and the kernel (write, read, close, mmap, fork, signal,
# exit, malloc, memcpy, ...; issue 9 part 4).  Each must be explored like
# any other program: the verdict is the assertion of hijack.h, and the
# trace count is the one of --algo=dfs --count-traces (the ground truth),
# in dfs and in udpor with and without cutoffs.  Before the compile driver
# renamed such definitions, ravel hung with no output on every one.
. "$(dirname "$0")/../lib.sh"
H=$ROOT/tests/hijack

# expect_marker_error: the only error is the assertion marked "the race"
# (hijack.h, or the program's own exit in exit.c), at its line.
expect_marker_error() {
    local src=$1 line
    line=$(line_of "$src" 'marker: the race')
    expect_json '.errors|length' 1
    expect_json '.errors[0].kind' assertion
    expect_json_match '.errors[0].message' "$(basename "$src"):$line: .*Assertion .y == 0. failed"
}

hijack_case() {
    local p=$H/$1.c src=$H/hijack.h
    [ "$1" = exit ] && src=$p
    # ground truth: every interleaving, folded into Mazurkiewicz traces
    rv check --algo=dfs --count-traces --keep-going --json "$p"
    expect_rc 1
    expect_json .exhaustive true
    expect_marker_error "$src"
    local traces
    traces=$(json .traces)
    [ "${traces:-0}" -ge 2 ] 2>/dev/null || fail_because "dfs found ${traces:-no} traces, expected at least 2"
    # udpor without cutoffs: one execution per trace
    rv check --no-cutoffs --count-traces --keep-going --json "$p"
    expect_rc 1
    expect_json .exhaustive true
    expect_json .traces "$traces"
    expect_json .executions "$traces"
    expect_marker_error "$src"
    # the default check (udpor with cutoffs), stopping at the first error
    rv check --count-traces --keep-going --json "$p"
    expect_rc 1
    expect_json .exhaustive true
    expect_marker_error "$src"
    rv check "$p"
    expect_rc 1
}
t_write() { hijack_case write; }
t_read() { hijack_case read; }
t_close() { hijack_case close; }
t_mmap() { hijack_case mmap; }
t_munmap() { hijack_case munmap; }
t_fork() { hijack_case fork; }
t_signal() { hijack_case signal; }
t_sigaction() { hijack_case sigaction; }
t_exit() { hijack_case exit; }
t_malloc_free() { hijack_case malloc; }
t_memcpy() { hijack_case memcpy; }
t_printf() { hijack_case printf; }
t_pipe() { hijack_case pipe; }
t_poll() { hijack_case poll; }
t_waitpid() { hijack_case waitpid; }
t_runtime_global() { hijack_case internal; }

# A program whose fork server never starts talking ends with a message and
# exit 3, never a silent hang: a constructor that exits, and one that never
# returns (ravel gives up after its 30 s start deadline; sleeping, no CPU).
t_server_exits_early() {
    printf '#include <unistd.h>\n__attribute__((constructor)) static void c(void) { _exit(0); }\nint main(void) { return 0; }\n' >ctor_exit.c
    rv check --json ctor_exit.c
    expect_rc 3
    expect_json .exhaustive false
    expect_json_match .incomplete_reason 'the program exited with status 0 before main started'
}
t_server_never_answers() {
    printf '#include <unistd.h>\n__attribute__((constructor)) static void c(void) { for (;;) pause(); }\nint main(void) { return 0; }\n' >ctor_sleep.c
    rv check ctor_sleep.c
    expect_rc 3
    grep -q 'did not answer within 30 s of starting' err out || fail_because "no message about the silent program: $(head -c 300 err)"
}

rv_main "$@"
