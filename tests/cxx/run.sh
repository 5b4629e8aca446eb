#!/usr/bin/env bash
# tests/cxx — C11 <threads.h> (src/runtime/c11threads.c) and C++ programs
# (std::thread, std::mutex, std::lock_guard, std::unique_lock,
# std::condition_variable, std::call_once, std::atomic; compile.c "C++").
# Expected trace counts are closed forms derived in each program's header
# comment, checked against `--algo=dfs --count-traces` where plain DFS is
# cheap enough (the C11 programs; the C++ library's start-up of a thread
# makes dozens of events, so DFS on the C++ programs takes minutes and
# their counts rest on the closed forms, checked by three algorithms).
. "$(dirname "$0")/../lib.sh"
D=$ROOT/tests/cxx

fact() { local n=$1 r=1; while [ "$n" -gt 1 ]; do r=$((r * n)); n=$((n - 1)); done; echo $r; }

# verified PROG WANT FLAGS...: udpor without cutoffs and optimal explore
# exactly WANT executions (one per trace), none blocked; default udpor
# finds no error either.
verified() {
    local prog=$1 want=$2
    shift 2
    rv check --no-cutoffs --json "$prog" -- "$@"
    expect_rc 0
    expect_json .executions "$want"
    expect_json .blocked 0
    expect_json .exhaustive true
    rv check --algo=optimal --json "$prog" -- "$@"
    expect_rc 0
    expect_json .executions "$want"
    expect_json .exhaustive true
    rv check --json "$prog" -- "$@"
    expect_rc 0
    expect_json .exhaustive true
    expect_json '.errors|length' 0
}

# dfs_traces PROG WANT FLAGS...: the DFS oracle's trace count
dfs_traces() {
    local prog=$1 want=$2
    shift 2
    rv check --algo=dfs --count-traces --json "$prog" -- "$@"
    expect_rc 0
    expect_json .traces "$want"
    expect_json .exhaustive true
}

# found_by_all PROG KIND REGEX FLAGS...: every algorithm reports the bug
found_by_all() {
    local prog=$1 kind=$2 re=$3 a
    shift 3
    for a in "--algo=udpor" "--no-cutoffs" "--algo=optimal" "--algo=dpor"; do
        rv check "$a" --json "$prog" -- "$@"
        expect_rc 1
        expect_json '.errors[0].kind' "$kind"
        expect_json_match '.errors[0].message' "$re"
    done
}

# does the runtime define __ravel_NAME (a function another branch adds)?

# ---- C11 threads --------------------------------------------------------
t_c11_counter_2() {
    dfs_traces "$D/c11_counter.c" "$(fact 2)" -DN=2
    verified "$D/c11_counter.c" "$(fact 2)" -DN=2
}
t_c11_counter_3() { verified "$D/c11_counter.c" "$(fact 3)" -DN=3; }
t_c11_lost_update() { found_by_all "$D/c11_counter.c" assertion 'counter == want' -DBUG -DN=2; }
t_c11_misuse_location() {
    local line
    line=$(line_of "$D/c11_counter.c" '@misuse')
    rv check --json "$D/c11_counter.c" -- -DMISUSE -DN=1
    expect_rc 1
    expect_json '.errors[0].kind' misuse
    expect_json_match '.errors[0].location' "c11_counter\\.c:$line([^0-9]|\$)"
}
t_c11_condvar() {
    dfs_traces "$D/c11_condvar.c" 2
    verified "$D/c11_condvar.c" 2
    rv check --json "$D/c11_condvar.c" -- -DBUG
    expect_rc 1
    expect_json '.errors[0].kind' deadlock
}
# N = 1: main or the worker runs the once function (2 traces); N = 2
# checked for errors only (its DFS takes minutes).
t_c11_once_tss() {
    dfs_traces "$D/c11_once_tss.c" 2 -DN=1
    verified "$D/c11_once_tss.c" 2 -DN=1
    rv check --json "$D/c11_once_tss.c" -- -DN=2
    expect_rc 0
    expect_json .exhaustive true
    rv check --json "$D/c11_once_tss.c" -- -DN=2 -DBUG
    expect_rc 1
    expect_json_match '.errors[0].message' 'inits == 1'
}
# mtx_timedlock / cnd_timedwait run on the runtime's pthread timed calls
# (a time-out is the explorer's choice, DESIGN §3b): the time-out is reached.
timed_case() {
    rv check --json "$D/c11_timed.c" -- "$@"
    expect_rc 1
    expect_json '.errors[0].kind' assertion
    expect_json_match '.errors[0].message' 'thrd_timedout'
}
t_c11_timedlock() { timed_case; }
t_c11_timedwait() { timed_case -DCOND; }

# Constructors before main: a finished once and a balanced lock stay so.
t_premain() {
    dfs_traces "$D/premain.c" 2
    verified "$D/premain.c" 2
    rv check --json "$D/premain.c" -- -DBUG
    expect_rc 1
    expect_json '.errors[0].kind' misuse
}

# ---- C++ ----------------------------------------------------------------
t_cxx_counter() { verified "$D/cxx_counter.cpp" "$(fact 3)" -DN=3; }
t_cxx_lost_update() { found_by_all "$D/cxx_counter.cpp" assertion 'counter ==' -DBUG -DN=2; }
# cxx_string_race.cpp: std::string's members (libstdc++ instantiates
# them explicitly; ravel_cxx.h has the program instantiate them,
# instrumented): the race is found by every explorer (da94eec: "no error,
# exhaustive" in every mode, dfs included; 1c359e3: exit 3, the calls
# gated)
t_cxx_string_race() {
    local mode
    for mode in "" "--algo=dfs" "--no-cutoffs" "--algo=optimal"; do
        # shellcheck disable=SC2086
        rv check --json --keep-going $mode "$D/cxx_string_race.cpp"
        expect_rc 1
        expect_json '.errors[0].kind' assertion
        expect_json_match '.errors[0].message' 'n == 0'
    done
}
# without ravel_cxx.h beside the runtime (RAVEL_RUNTIME names a runtime
# alone), std::string's calls go to the library's copies and are gated:
# not exhaustive, the reason naming the call
t_cxx_string_gated() {
    local w
    w=$(mktemp -d)
    cp "$RAVEL_BUILD/libravel_rt.a" "$w/"
    local mode
    for mode in "" "--algo=optimal"; do
        # shellcheck disable=SC2086
        RAVEL_RUNTIME=$w/libravel_rt.a rv check --json --keep-going $mode "$D/cxx_string_race.cpp"
        expect_rc 3
        expect_json .exhaustive false
        expect_json_match .incomplete_reason '^std::string::assign\(char const\*\) at .*cxx_string_race.cpp:27 .*without events while other threads run'
    done
    rm -rf "$w"
}
t_cxx_string_ordered() {
    local mode
    for mode in "" "--algo=dfs" "--algo=optimal"; do
        # shellcheck disable=SC2086
        rv check --json --keep-going $mode "$D/cxx_string_race.cpp" -- -DORDERED
        expect_rc 0
        expect_json .exhaustive true
        expect_json '.errors|length' 0
    done
}
# lib_gated PROG REGEX FLAGS...: an access of libstdc++'s compiled code
# races one of another thread (the program's assertion fails in a real
# run): under every explorer the result is not exhaustive, the reason
# names the library function (REGEX), and an error found is that
# assertion (dfs may find it before the gate is reached)
lib_gated() {
    local prog=$1 re=$2 mode
    shift 2
    for mode in "" "--algo=dfs" "--no-cutoffs" "--algo=optimal"; do
        # shellcheck disable=SC2086
        rv check --json $mode "$prog" -- "$@"
        case $RC in 1 | 3) ;; *) fail_because "$mode: exit $RC, expected 1 or 3" ;; esac
        expect_json .exhaustive false
        # (a long demangled name leaves the reason's end cut off)
        expect_json_match .incomplete_reason "$re"
        [ "$(json '.errors|length')" = 0 ] || expect_json '.errors[0].kind' assertion
    done
}
# lib_ordered PROG FLAGS...: the same library calls before
# pthread_create and after pthread_join: exhaustive, one trace, no error
lib_ordered() {
    local prog=$1 mode
    shift
    for mode in "" "--algo=optimal"; do
        # shellcheck disable=SC2086
        rv check --json $mode "$prog" -- "$@"
        expect_rc 0
        expect_json .exhaustive true
        expect_json .executions 1
    done
    rv check --json --algo=dfs --count-traces "$prog" -- "$@"
    expect_rc 0
    expect_json .traces 1
}
# lib_found PROG FLAGS...: a race inside libstdc++'s templates, which
# the program instantiates (ravel_cxx.h): every explorer finds the
# program's assertion
lib_found() {
    local prog=$1 mode
    shift
    for mode in "" "--algo=dfs" "--no-cutoffs" "--algo=optimal"; do
        # shellcheck disable=SC2086
        rv check --json $mode "$prog" -- "$@"
        expect_rc 1
        expect_json '.errors[0].kind' assertion
    done
}
# cxx_lib_race.cpp (see its header): OP=1 std::string::compare reads what
# main's inlined clear() writes; OP=2 std::string in a struct; OP=3 the
# program's class derived from std::stringbuf (was "no error, exhaustive"
# but for dfs on 7472ad3); OP=4 std::stringbuf's virtuals through its
# vtable; found.  OP=5 __cxa_demangle, OP=6 std::map's rebalancing, OP=7
# std::cout's buffer through the library's own vtable: gated
t_cxx_lib_read() {
    lib_found "$D/cxx_lib_race.cpp" -O2 -DOP=1
    lib_ordered "$D/cxx_lib_race.cpp" -O2 -DOP=1 -DORDERED
}
t_cxx_lib_struct() {
    lib_found "$D/cxx_lib_race.cpp" -DOP=2
    lib_ordered "$D/cxx_lib_race.cpp" -DOP=2 -DORDERED
}
t_cxx_lib_derived_vtable() {
    lib_found "$D/cxx_lib_race.cpp" -O2 -DOP=3
    lib_ordered "$D/cxx_lib_race.cpp" -O2 -DOP=3 -DORDERED
}
t_cxx_lib_vtable() {
    lib_found "$D/cxx_lib_race.cpp" -O2 -DOP=4
    lib_ordered "$D/cxx_lib_race.cpp" -O2 -DOP=4 -DORDERED
}
t_cxx_lib_demangle() {
    lib_gated "$D/cxx_lib_race.cpp" '^__cxa_demangle at' -O2 -DOP=5
    lib_ordered "$D/cxx_lib_race.cpp" -O2 -DOP=5 -DORDERED
}
t_cxx_lib_map() {
    lib_gated "$D/cxx_lib_race.cpp" '^std::_Rb_tree_insert_and_rebalance\(' -O2 -DOP=6
    lib_ordered "$D/cxx_lib_race.cpp" -O2 -DOP=6 -DORDERED
}
t_cxx_lib_cout() {
    lib_gated "$D/cxx_lib_race.cpp" '^__gnu_cxx::stdio_sync_filebuf<char, std::char_traits<char> >::(overflow|xsputn)' -O2 -DOP=7
    lib_ordered "$D/cxx_lib_race.cpp" -O2 -DOP=7 -DORDERED
}
# cxx_catch_what.cpp: what() through the vtable in a catch block: the
# object scan knows a vtable slot load (1c359e3: exit 3); -DBUG races
t_cxx_catch_what() {
    local o
    for o in -O0 -O2; do
        rv check --json "$D/cxx_catch_what.cpp" -- $o
        expect_rc 0
        expect_json .exhaustive true
        rv check --json "$D/cxx_catch_what.cpp" -- $o -DBUG
        expect_rc 1
        expect_json '.errors[0].kind' assertion
    done
}
# cxx_shared_ptr.cpp: shared_ptr's counts are atomic only when
# __libc_single_threaded is 0 (1c359e3: every explorer reported the final
# assertion, which no real run fails)
t_cxx_shared_ptr() {
    local mode
    for mode in "" "--no-cutoffs" "--algo=optimal"; do
        # shellcheck disable=SC2086
        rv check --json $mode "$D/cxx_shared_ptr.cpp"
        expect_rc 0
        expect_json .exhaustive true
        expect_json '.errors|length' 0
    done
}
# cxx_static_guard.cpp: a contended static's guard is the runtime's
# (af66930: dfs reported abort() from recursive_init_error; c63827c:
# unsupported, futex): verified, 4 traces
t_cxx_static_guard() {
    verified "$D/cxx_static_guard.cpp" 4
    rv check --json --algo=dfs --count-traces "$D/cxx_static_guard.cpp"
    expect_rc 0
    expect_json .traces 4
    rv check --json "$D/cxx_static_guard.cpp" -- -DBUG
    expect_rc 1
    expect_json '.errors[0].kind' assertion
}
# cxx_static_init.cpp: a static initialised before main, then used by two
# threads; an initialiser that throws is unsupported (guard_abort)
t_cxx_static_init() {
    rv check --json "$D/cxx_static_init.cpp"
    expect_rc 0
    expect_json .exhaustive true
    rv check --json "$D/cxx_static_init.cpp" -- -DTHROW
    expect_rc 1
    expect_json '.errors[0].kind' unsupported
    expect_json_match '.errors[0].message' '__cxa_guard_abort'
}
# cxx_queue.cpp: everyday C++ (std::string in a std::deque under a
# mutex and a condition variable): verified (1c359e3: INCOMPLETE)
t_cxx_queue() {
    verified "$D/cxx_queue.cpp" 8
    verified "$D/cxx_queue.cpp" 8 -O2
}
t_cxx_condvar() {
    verified "$D/cxx_condvar.cpp" 4
    rv check --json "$D/cxx_condvar.cpp" -- -DBUG
    expect_rc 1
    expect_json '.errors[0].kind' deadlock
}
t_cxx_atomic() {
    verified "$D/cxx_atomic.cc" 4
    rv check --json "$D/cxx_atomic.cc" -- -DBUG
    expect_rc 1
    expect_json_match '.errors[0].message' 'c.load\(\) == 2'
}
# std::shared_mutex needs -std=c++17 (flags after -- reach the compiler)
t_cxx_shared_mutex() {
    rv check --json "$D/cxx_unsupported.cpp" -- -DSHARED
    expect_rc 2 # C++14 (clang's default) has no std::shared_mutex
    rv check --json "$D/cxx_unsupported.cpp" -- -DSHARED -std=c++17
    expect_rc 0 # std::shared_mutex runs on the runtime's rwlocks
}
t_cxx_promise() {
    rv check --json "$D/cxx_unsupported.cpp" -- -DPROMISE
    expect_rc 1
    expect_json '.errors[0].kind' unsupported
    expect_json_match '.errors[0].message' 'futex wait: std::future'
}
t_cxx_thread_local_dtor() {
    rv check --json "$D/cxx_unsupported.cpp" -- -DTLS
    expect_rc 1
    expect_json '.errors[0].kind' unsupported
    expect_json_match '.errors[0].message' 'thread_local'
}
t_cxx_uncaught_exception() {
    rv check --json "$D/cxx_unsupported.cpp" -- -DTHROW
    expect_rc 1
    expect_json '.errors[0].kind' abort
    expect_json '.errors[0].thread' 1
}

# a virtual call and what() of a caught std::runtime_error in a thread:
# exhaustive (the vtable slot's load is read-only memory: objscan.c)
t_cxx_virtual_thread() { verified "$D/cxx_virtual_thread.cpp" 2; }
t_cxx_virtual_thread_bug() { found_by_all "$D/cxx_virtual_thread.cpp" assertion 'last == 2' -DBUG; }

rv_main "$@"
