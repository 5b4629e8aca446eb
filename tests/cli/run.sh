#!/usr/bin/env bash
# tests/cli — the command line: usage errors, compile errors, the compile
# driver's symbol wiring and cache (against a fake runtime, tests/cli/fake_rt.c),
# schedule files, replay, the human and JSON reports and the exit codes.
# The C unit test (test_schedfile.c) prints its own PASS/FAIL lines first.
. "$(dirname "$0")/../lib.sh"
C=$ROOT/tests/cli
CC_T=${CC:-$(command -v clang >/dev/null && echo clang || echo gcc)}
SANFLAGS=()
case $RAVEL_BUILD in *san*) SANFLAGS=(-fsanitize=address,undefined -fno-sanitize-recover=undefined) ;; esac

# ---- helpers --------------------------------------------------------------
# expect_err REGEX: stderr of the last ravel command matches (grep -E).
expect_err() { grep -Eq -- "$1" "$W/err" || fail_because "stderr does not match /$1/: $(head -c 300 "$W/err" | tr '\n' ' ')"; }
expect_out() { grep -Eq -- "$1" "$W/out" || fail_because "stdout does not match /$1/: $(head -c 300 "$W/out" | tr '\n' ' ')"; }
expect_empty_out() { [ ! -s "$W/out" ] || fail_because "stdout not empty: $(head -c 200 "$W/out" | tr '\n' ' ')"; }

# Build compile_tool and the fake runtime into $W (per test: tests run in
# parallel, each in its own scratch directory).
tool_setup() {
    export XDG_CACHE_HOME=$W/cache
    "$CC_T" -std=c11 -D_GNU_SOURCE -g -I "$ROOT/src" "${SANFLAGS[@]}" -o "$W/compile_tool" \
        "$C/compile_tool.c" "$RAVEL_BUILD/libravel.a" -lcapstone -lm 2>"$W/tool.err" ||
        fail_because "compile_tool does not build: $(head -c 300 "$W/tool.err")"
    "$CC_T" -c -O0 -w -o "$W/fake_rt.o" "$C/fake_rt.c" && ar rcs "$W/fake_rt.a" "$W/fake_rt.o" ||
        fail_because "fake runtime does not build"
    export RAVEL_RUNTIME=$W/fake_rt.a
}
# ctool ARGS: run compile_tool; RC_LINE = "rc=R cached=C", BIN = the binary.
ctool() {
    "$W/compile_tool" "$@" >"$W/ct.out" 2>"$W/ct.err"
    RC_LINE=$(sed -n 1p "$W/ct.out")
    BIN=$(sed -n 2p "$W/ct.out")
}

# A program exercising every kind of symbol wiring.
wiring_src() {
    cat >"$W/wire.c" <<'EOF'
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>
int x;
static void __VERIFIER_atomic_inc(void) { x++; }
void __VERIFIER_atomic_dec(void) { x--; }
static void *f(void *a) { __VERIFIER_atomic_inc(); __VERIFIER_atomic_dec(); x++; return a; }
int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, f, 0);
    pthread_join(t, 0);
    printf("x=%d N=%d\n", x, N);
    pthread_mutex_t m;
    pthread_mutex_init(&m, 0); /* not in the fake runtime: reported as unsupported */
    fork();
    return 0;
}
EOF
}

# ---- usage ------------------------------------------------------------------
t_version() {
    rv --version
    expect_rc 0
    expect_out '^ravel [0-9]+\.[0-9]+'
}
t_help() {
    rv --help
    expect_rc 0
    expect_out 'ravel check \[options\] FILE\.c'
    expect_out 'exit codes'
    rv help check
    expect_rc 0
    expect_out '--max-events=N .*default 100000'
    expect_out '--nondet-domain=LO:HI'
    expect_out 'dfs'
    rv check --help
    expect_rc 0
    expect_out '--posix-exit'
    rv help replay
    expect_rc 0
    expect_out 'usage: ravel replay'
    rv help nothing
    expect_rc 2
    expect_err "no help on 'nothing'"
}
t_no_arguments() {
    rv
    expect_rc 2
    expect_err 'usage:'
}
t_unknown_command() {
    rv frobnicate
    expect_rc 2
    expect_err "^ravel: unknown command 'frobnicate' \(see \`ravel --help\`\)$"
    rv prog.c
    expect_rc 2
    expect_err 'did you mean `ravel check prog.c`'
}
# A small soft stack limit (ulimit -Ss): ravel raises its own (its frames
# reach about 400 KiB; it crashed at 256 KiB), the program keeps the
# user's.  A hard limit that forbids 1 MiB is a clear usage error.
t_small_stack_limit() {
    (
        ulimit -Ss 256
        rv check --json "$ROOT/tests/cli/stack_limit.c" -- -DEXPECT=262144
    )
    RC=$(cat "$W/rc") # set in the subshell
    expect_rc 0
    expect_json .exhaustive true
    expect_json '.errors|length' 0
    (
        ulimit -Ss 256
        rv check --json --engine=fork "$ROOT/tests/cli/stack_limit.c" -- -DEXPECT=262144
    )
    RC=$(cat "$W/rc")
    expect_rc 0
    (
        ulimit -s 512
        rv check --json "$ROOT/tests/cli/stack_limit.c" -- -DEXPECT=524288
    )
    RC=$(cat "$W/rc")
    expect_rc 2
    expect_err 'stack limit is 512 KiB and its hard limit forbids more; ravel needs at least 1024 KiB'
}
t_check_without_program() {
    rv check --json
    expect_rc 2
    expect_err '^ravel check: no program given'
    expect_empty_out
}
t_unknown_option() {
    rv check --bogus p.c
    expect_rc 2
    expect_err "^ravel check: unknown option '--bogus' \(see \`ravel help check\`\)$"
    rv check -O2 p.c
    expect_rc 2
    expect_err "unknown option '-O2' \(compiler flags go after \`--\`"
    rv replay --keep-going p.c s
    expect_rc 2
    expect_err '^ravel replay: --keep-going is an option of `ravel check` only$'
}
t_bad_option_values() {
    local pair opt want
    for pair in "--max-events=0|--max-events expects a positive integer" \
        "--max-events=12x|--max-events expects a positive integer" \
        "--timeout=-1|--timeout expects a number of seconds" \
        "--max-executions=0|--max-executions expects a positive integer" \
        "--max-memory=lots|--max-memory expects a positive number of MB" \
        "--nondet-domain=5:1|--nondet-domain expects LO:HI with LO <= HI" \
        "--nondet-domain=1|--nondet-domain expects LO:HI \(two integers\)" \
        "--alt=k0|--alt expects 'exact' or kN" \
        "--memory=tso|--memory expects 'sc' or 'drf'" \
        "--json=yes|--json takes no value" \
        "--cache-mb=-1|--cache-mb expects a positive number of MB"; do
        opt=${pair%%|*} want=${pair#*|}
        rv check "$opt" p.c
        expect_rc 2
        expect_err "^ravel check: $want"
    done
    rv check p.c --algo
    expect_rc 2
    expect_err '^ravel check: --algo needs a value$'
}
t_unknown_algorithm() {
    printf 'int main(void){return 0;}\n' >p.c
    rv check --algo=nope p.c
    expect_rc 2
    expect_err "^ravel check: unknown algorithm 'nope' \(available: .*dfs"
}
t_bad_file_kind() {
    rv check notes.txt
    expect_rc 2
    expect_err 'notes.txt: expected a C source \(.c\), a C\+\+ source \(.cpp, .cc, .cxx\) or a PV program \(.pv\)'
    : >a.pv
    rv check a.pv b.c
    expect_rc 2
    expect_err 'a PV program is checked on its own'
}
t_missing_source() {
    rv check --algo=dfs nope.c
    expect_rc 2
    expect_err 'cannot read nope.c: No such file or directory'
}

# ---- compile errors -------------------------------------------------------------
t_compile_error() {
    printf '#include <stdio.h>\nint main(void)\n{\n    return undeclared_xyz;\n}\n' >bad.c
    rv check --algo=dfs bad.c
    expect_rc 2
    expect_err 'bad.c:4:[0-9]+: error: .*undeclared_xyz'
    expect_err '^ravel check: bad.c does not compile$'
    expect_empty_out
    rv check --algo=dfs --json bad.c
    expect_rc 2
    expect_empty_out
}
t_compile_error_in_flags() {
    printf 'int main(void){ return N; }\n' >n.c
    rv check --algo=dfs n.c
    expect_rc 2
    expect_err "use of undeclared identifier 'N'|'N' undeclared"
    rv check --algo=dfs n.c -- -DN=0 -Wl,--no-such-linker-flag
    expect_rc 2
    expect_err 'no-such-linker-flag'
}
t_forbidden_compiler_flags() {
    printf 'int main(void){return 0;}\n' >p.c
    local f
    for f in -o -c -fsanitize=address; do
        rv check --algo=dfs p.c -- "$f" x
        expect_rc 2
        expect_err "the compiler flag '$f' cannot be given after"
    done
}
# link-time optimisation: clang's -S would write LLVM IR (was: "does not
# compile", the assembler rejecting the IR); the flags are dropped with a
# note and the race is found as without them
t_lto_flags_ignored() {
    printf '#include <pthread.h>\n#include <assert.h>\nint x;\nvoid *t(void *a) { x = 1; return a; }\nint main(void) {\n    pthread_t h;\n    pthread_create(&h, 0, t, 0);\n    int r = x;\n    pthread_join(h, 0);\n    assert(r == 0);\n    return 0;\n}\n' >lto.c
    local f
    for f in -flto -flto=thin; do
        rv check --algo=dfs --keep-going --count-traces --json lto.c -- "$f" -O2
        expect_rc 1
        expect_err 'link-time optimisation flags are ignored'
        expect_json '.errors[0].kind' assertion
        expect_json_match '.errors[0].location' 'lto.c:10'
        expect_json .traces 2
    done
}
t_missing_compiler() {
    printf 'int main(void){return 0;}\n' >p.c
    rv check --algo=dfs --cc=no-such-cc p.c
    expect_rc 2
    expect_err "cannot run no-such-cc"
    expect_err "^ravel: the compiler 'no-such-cc' does not work"
    expect_err '^ravel check: could not build p.c$'
}
t_link_error() {
    printf 'int helper(void);\nint main(void){ return helper(); }\n' >l.c
    rv check --algo=dfs l.c
    expect_rc 2
    expect_err "undefined reference to .helper'"
}

# ---- the compile driver, against the fake runtime ----------------------------------
t_compile_wiring() {
    tool_setup
    wiring_src
    ctool wire.c -- -DN=3
    expect_eq "compile" "$RC_LINE" "rc=0 cached=0"
    [ -x "$BIN" ] || { fail_because "no binary: $(cat "$W/ct.err")"; return; }
    local syms
    syms=$(nm "$BIN")
    grep -q ' T __ravel_user_main$' <<<"$syms" || fail_because "main not renamed to __ravel_user_main"
    grep -q ' T __ravel_unsup_fork$' <<<"$syms" || fail_because "no stub for fork"
    grep -q ' T __ravel_unsup_pthread_mutex_init$' <<<"$syms" || fail_because "no stub for pthread_mutex_init"
    grep -q ' T __ravel_pthread_create$' <<<"$syms" || fail_because "pthread_create not wired to the runtime"
    grep -Eq ' U (pthread_create|pthread_join|fork|pthread_mutex_init)(@|$)' <<<"$syms" &&
        fail_because "a thread function is still bound to libc"
    grep -q ' [DRdr] __ravel_atomic_fns$' <<<"$syms" || fail_because "no __ravel_atomic_fns"
    # the table holds both atomic functions (the static one made global under a unique name)
    local got want
    got=$("$BIN" | grep '^atomic-fn' | awk '{print $2}' | sort | tr '\n' ' ')
    want=$(nm "$BIN" | awk '/ T __VERIFIER_atomic_(inc|dec)/ {print $1}' |
        while read -r a; do printf '0x%x\n' $((16#$a)); done | sort | tr '\n' ' ')
    expect_eq "atomic function table" "$got" "$want"
    expect_eq "atomic functions" "$(nm "$BIN" | grep -c ' T __VERIFIER_atomic_')" 2
    "$BIN" >run.out
    expect_eq "exit status" "$?" 7
    expect_file_match run.out '^fake pthread_create$'
    expect_file_match run.out '^x=1 N=3$'
    expect_file_match run.out '^unsupported pthread_mutex_init called from 0x'
}
t_compile_no_atomic_fns() {
    tool_setup
    printf 'int main(void){ return 3; }\n' >p.c
    ctool p.c
    expect_eq "compile" "$RC_LINE" "rc=0 cached=0"
    "$BIN" >/dev/null
    expect_eq "exit status" "$?" 3
    nm "$BIN" | grep -q ' [DRdr] __ravel_natomic_fns$' || fail_because "no __ravel_natomic_fns"
}
t_compile_cache() {
    tool_setup
    wiring_src
    ctool wire.c -- -DN=1
    local first=$BIN
    expect_eq "first build" "$RC_LINE" "rc=0 cached=0"
    case $first in "$W"/cache/ravel/*/prog) ;; *) fail_because "binary $first not in \$XDG_CACHE_HOME/ravel/<key>/prog" ;; esac
    ctool wire.c -- -DN=1
    expect_eq "second build" "$RC_LINE" "rc=0 cached=1"
    expect_eq "same binary" "$BIN" "$first"
    ctool --no-cache wire.c -- -DN=1
    expect_eq "--no-cache" "$RC_LINE" "rc=0 cached=0"
    expect_eq "rebuilt in place" "$BIN" "$first"
    ctool wire.c -- -DN=2
    expect_eq "other flags" "$RC_LINE" "rc=0 cached=0"
    [ "$BIN" != "$first" ] || fail_because "-DN=2 reused the -DN=1 build"
    # a change in an included header is a change of the program
    printf '#define V 1\n' >v.h
    printf '#include "v.h"\nint main(void){ return V; }\n' >h.c
    ctool h.c
    local hv1=$BIN
    printf '#define V 2\n' >v.h
    ctool h.c
    expect_eq "header changed" "$RC_LINE" "rc=0 cached=0"
    "$BIN"
    expect_eq "rebuilt program's status" "$?" 2
    [ "$BIN" != "$hv1" ] || fail_because "header change reused the old build"
    # no temporary directory is left behind
    ls "$W/cache/ravel" | grep -q tmp && fail_because "temporary build directory left in the cache"
    # the runtime archive is part of the key
    ar q "$W/fake_rt.a" "$W/v.h" 2>/dev/null
    ctool h.c
    expect_eq "runtime changed" "$RC_LINE" "rc=0 cached=0"
}
# Direct look-up (src/backends/native/depcache.h): an unchanged program is
# found without the preprocessor, through a manifest of the files it read;
# any change in one of them, however deep, falls back to preprocessing.
t_compile_direct_cache() {
    tool_setup
    mkdir -p inc
    printf '#define V 1\n' >inc/deep.h
    printf '#include "deep.h"\n#define W V\n' >inc/mid.h
    printf '#include "mid.h"\nint main(void){ return W; }\n' >d.c
    ctool d.c -- -Iinc
    expect_eq "first build" "$RC_LINE" "rc=0 cached=0"
    local first=$BIN manifest
    manifest=$(ls "$W"/cache/ravel/*.direct 2>/dev/null | head -1)
    [ -n "$manifest" ] || fail_because "no manifest written"
    grep -q ' inc/deep.h$' "$manifest" || fail_because "the manifest does not list inc/deep.h"
    ctool d.c -- -Iinc
    expect_eq "unchanged" "$RC_LINE" "rc=0 cached=1"
    expect_eq "same binary" "$BIN" "$first"
    touch -d '1 hour ago' inc/deep.h
    ctool d.c -- -Iinc
    expect_eq "touched, same bytes" "$RC_LINE" "rc=0 cached=1"
    printf '#define V 3\n' >inc/deep.h
    ctool d.c -- -Iinc
    expect_eq "nested header changed" "$RC_LINE" "rc=0 cached=0"
    "$BIN"
    expect_eq "rebuilt program's status" "$?" 3
    rm inc/deep.h
    ctool d.c -- -Iinc
    expect_eq "header removed" "${RC_LINE%% *}" "rc=1"
    # a manifest naming a key that was never built is only a miss
    printf '#define V 4\n' >inc/deep.h
    ctool d.c -- -Iinc
    local m
    for m in "$W"/cache/ravel/*.direct; do sed -i 's/^key .*/key 00000000000000000000000000000000/' "$m"; done
    ctool d.c -- -Iinc
    expect_eq "bogus manifest key" "$RC_LINE" "rc=0 cached=1"
    "$BIN"
    expect_eq "program's status" "$?" 4
    # the clock macros change the preprocessed text: no manifest
    rm -f "$W"/cache/ravel/*.direct
    printf 'const char *t = __TIME__;\nint main(void){ return 0; }\n' >clock.c
    ctool clock.c
    ls "$W"/cache/ravel/*.direct >/dev/null 2>&1 && fail_because "a manifest for a program using __TIME__"
    # a line marker naming no file: no manifest, the build works
    printf '#line 1 "nowhere.c"\nint main(void){ return 0; }\n' >line.c
    ctool line.c
    expect_eq "#line program" "$RC_LINE" "rc=0 cached=0"
    ls "$W"/cache/ravel/*.direct >/dev/null 2>&1 && fail_because "a manifest listing a file that does not exist"
}
t_compile_sweeps_stale_builds() {
    tool_setup
    printf 'int main(void){ return 0; }\n' >p.c
    mkdir -p "$W/cache/ravel/0123.tmp-old" "$W/cache/ravel/4567.tmp-new"
    touch -d '2 hours ago' "$W/cache/ravel/0123.tmp-old"
    ctool p.c
    expect_eq "compile" "$RC_LINE" "rc=0 cached=0"
    [ -d "$W/cache/ravel/0123.tmp-old" ] && fail_because "a stale build directory was kept"
    [ -d "$W/cache/ravel/4567.tmp-new" ] || fail_because "a recent build directory was removed"
}
t_compile_cache_sees_tsan_only_headers() {
    tool_setup
    printf '#define V 1\n' >tsan.h
    cat >t.c <<'EOF'
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define UNDER_TSAN 1
#endif
#endif
#ifdef __SANITIZE_THREAD__
#define UNDER_TSAN 1
#endif
#ifdef UNDER_TSAN
#include "tsan.h"
#else
#define V 9
#endif
int main(void) { return V; }
EOF
    ctool t.c
    "$BIN"
    expect_eq "first status" "$?" 1
    printf '#define V 2\n' >tsan.h
    ctool t.c
    expect_eq "rebuild" "$RC_LINE" "rc=0 cached=0"
    "$BIN"
    expect_eq "second status" "$?" 2
}
t_compile_concurrent() {
    tool_setup
    wiring_src
    local i
    for i in 1 2 3 4; do "$W/compile_tool" wire.c -- -DN=4 >"c$i.out" 2>"c$i.err" & done
    wait
    local paths
    paths=$(sed -n 2p c1.out c2.out c3.out c4.out | sort -u)
    expect_eq "one cache entry" "$(echo "$paths" | wc -l)" 1
    for i in 1 2 3 4; do
        grep -q '^rc=0' "c$i.out" || fail_because "build $i failed: $(cat "c$i.err")"
    done
    "$paths" | grep -q '^x=1 N=4$' || fail_because "the shared binary does not run"
    ls "$W/cache/ravel" | grep -q tmp && fail_because "temporary build directory left in the cache"
}
t_compile_multiple_sources_gcc() {
    tool_setup
    command -v gcc >/dev/null || return 0
    printf 'int helper(void);\nint main(void){ return helper(); }\n' >m1.c
    printf '#include <stdio.h>\nint helper(void){ puts("helper"); return 5; }\n' >m2.c
    CC=gcc ctool m1.c m2.c
    expect_eq "compile" "$RC_LINE" "rc=0 cached=0"
    expect_eq "output" "$("$BIN")" "helper"
    "$BIN" >/dev/null
    expect_eq "exit status" "$?" 5
}
t_compile_cc_with_words() {
    tool_setup
    printf 'int main(void){ return 4; }\n' >p.c
    CC="env $CC_T" ctool p.c
    expect_eq "compile" "$RC_LINE" "rc=0 cached=0"
    "$BIN"
    expect_eq "exit status" "$?" 4
}
t_compile_link_flags() {
    tool_setup
    printf 'int foo(void){ return 9; }\n' >foo.c
    "$CC_T" -c foo.c -o foo.o && ar rcs libfoo.a foo.o
    printf 'int foo(void);\nint main(void){ return foo(); }\n' >u.c
    ctool u.c -- -L"$W" -lfoo -O1
    expect_eq "compile" "$RC_LINE" "rc=0 cached=0"
    "$BIN"
    expect_eq "exit status" "$?" 9
}
t_compile_no_main() {
    tool_setup
    printf 'int f(void){ return 0; }\n' >nomain.c
    ctool nomain.c
    expect_eq "compile" "$RC_LINE" "rc=1 cached=0"
    grep -q 'defines no `main` function' "$W/ct.err" || fail_because "no message about main"
}

# ---- schedule files and replay, independent of the runtime -----------------------------------
t_replay_bad_schedule_file() {
    printf 'int main(void){return 0;}\n' >p.c
    printf '# x\nravel-schedule 1\nprogram p.c\nsteps\n0 0 zz\n' >bad.schedule
    rv replay p.c bad.schedule
    expect_rc 2
    expect_err "^ravel replay: bad.schedule:5: bad step 'zz' \(expected THREAD or THREAD:VALUE"
    printf 'hello\n' >notes.schedule
    rv replay p.c notes.schedule
    expect_rc 2
    expect_err "notes.schedule:1: not a ravel schedule file"
    rv replay p.c missing.schedule
    expect_rc 2
    expect_err 'missing.schedule: No such file or directory'
    rv replay p.c
    expect_rc 2
    expect_err 'expected a program and a schedule file'
    printf 'ravel-schedule 1\nprogram p.c\noptions --keep-going\nsteps\n' >opt.schedule
    rv replay p.c opt.schedule
    expect_rc 2
    expect_err "bad 'options' line"
}

# ---- end to end, with the real runtime ---------------------------------------------------------
racy_src() {
    cat >racy.c <<'EOF'
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
int counter;
static void *inc(void *a)
{
    counter++; /* LINE-INC */
    return a;
}
int main(void)
{
    pthread_t t1, t2;
    pthread_create(&t1, 0, inc, 0);
    pthread_create(&t2, 0, inc, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    printf("counter=%d\n", counter);
    assert(counter == 2 && "lost \"update\" \\ here"); /* LINE-ASSERT */
    return 0;
}
EOF
}
need_runtime() {
    [ -f "$(dirname "$RAVEL")/libravel_rt.a" ] || { fail_because "runtime $(dirname "$RAVEL")/libravel_rt.a not built"; return 1; }
}
t_racy_check_json_and_replay() {
    need_runtime || return
    racy_src
    local la
    la=$(line_of racy.c LINE-ASSERT)
    rv check --algo=dfs --json --out=bugs racy.c
    expect_rc 1
    expect_json .program racy.c
    expect_json .algorithm dfs
    expect_json '.errors|length' 1
    expect_json '.errors[0].kind' assertion
    expect_json_match '.errors[0].message' 'lost \\"update\\" \\\\ here'
    expect_json '.errors[0].thread' 0
    expect_json_match '.errors[0].location' "^racy\\.c:$la \\(main\\)$"
    expect_json_match '.errors[0].schedule' '^[0-9]+( [0-9]+(:[0-9]+)?)*$'
    expect_json '.errors[0].schedule_file' bugs/racy-assertion-1.schedule
    expect_json '.exhaustive' false
    expect_json_match '.time_s' '^[0-9.]+$'
    expect_json_match '.peak_rss_mb' '^[0-9.]+$'
    [ -f bugs/racy-assertion-1.schedule ] || { fail_because "no schedule file"; return; }
    # the steps in the file are the JSON schedule
    local steps
    steps=$(sed -n '/^steps/,$p' bugs/racy-assertion-1.schedule | tail -n +2 | tr '\n' ' ' | sed 's/ *$//')
    expect_eq "file steps" "$steps" "$(json '.errors[0].schedule')"
    expect_file_match bugs/racy-assertion-1.schedule '^# .*ravel replay racy.c bugs/racy-assertion-1.schedule$'
    expect_file_match bugs/racy-assertion-1.schedule '^thread 0 - 0$'
    expect_file_match bugs/racy-assertion-1.schedule '^thread 2 0 1$'
    rv replay racy.c bugs/racy-assertion-1.schedule
    expect_rc 1
    expect_out '^counter=1$'
    expect_out "^#1 +thread 0 +create\\(thread 1\\)"
    expect_out "thread [12] +(read|write)\\(counter, 4\\)( :?= [0-9]+)?  at racy\\.c:$(line_of racy.c LINE-INC) \\(inc\\)"
    expect_out '^outcome: ERROR assertion'
    expect_out "^  in thread 0 at racy\\.c:$la \\(main\\)$"
    # the command line written in the file replays it too
    local cmd
    cmd=$(sed -n '1s/^# //p' bugs/racy-assertion-1.schedule)
    (eval "$cmd") >replay2.out 2>&1
    expect_eq "replay command from the file" "$?" 1
    rv replay --json racy.c bugs/racy-assertion-1.schedule
    expect_rc 1
    expect_json .outcome.kind assertion
    expect_json '.steps[0].action' 'create(thread 1)'
    expect_json .exit_code 1
}
t_racy_human_summary() {
    need_runtime || return
    racy_src
    rv check --algo=dfs --count-traces racy.c
    expect_rc 1
    expect_out '^program +racy\.c$'
    expect_out '^algorithm +dfs$'
    expect_out '^executions +[0-9]+ \(blocked 0, infeasible 0\)$'
    expect_out '^traces +[0-9]+ \(complete [0-9]+, deadlocked 0, failing [0-9]+\)$'
    expect_out '^errors +1$'
    expect_out '^verdict +ERROR'
    expect_out '^error 1: assertion'
    expect_out '^  schedule: ravel-out/racy-assertion-1\.schedule$'
    expect_out '^  replay: +.*replay racy\.c ravel-out/racy-assertion-1\.schedule$'
}
t_replay_divergence() {
    need_runtime || return
    racy_src
    rv check --algo=dfs --out=bugs racy.c
    expect_rc 1
    # thread 2 cannot run at the first step: it does not exist yet
    sed -i '/^steps/,$d' bugs/racy-assertion-1.schedule
    printf 'steps\n2 0 0\n' >>bugs/racy-assertion-1.schedule
    rv replay racy.c bugs/racy-assertion-1.schedule
    expect_rc 2
    expect_err 'the schedule does not fit the program: step #1 asks for thread 2'
}
t_replay_uses_recorded_cflags() {
    need_runtime || return
    cat >flag.c <<'EOF'
#include <assert.h>
int main(void)
{
    assert(BUG == 0);
    return 0;
}
EOF
    rv check --algo=dfs --out=o flag.c -- -DBUG=1
    expect_rc 1
    expect_file_match o/flag-assertion-1.schedule '^cflags -DBUG=1$'
    rv replay flag.c o/flag-assertion-1.schedule
    expect_rc 1
    # the assertion is main's first operation: the schedule is empty, so
    # the fixed program stops right at the start
    rv replay flag.c o/flag-assertion-1.schedule -- -DBUG=0
    expect_rc 0
    expect_out '^outcome: the schedule ended before the program did; no error on this path$'
}
t_deadlock_report() {
    need_runtime || return
    cat >abba.c <<'EOF'
#include <pthread.h>
pthread_mutex_t ma = PTHREAD_MUTEX_INITIALIZER, mb = PTHREAD_MUTEX_INITIALIZER;
static void *t1(void *a)
{
    pthread_mutex_lock(&ma);
    pthread_mutex_lock(&mb); /* T1-WAIT */
    pthread_mutex_unlock(&mb);
    pthread_mutex_unlock(&ma);
    return a;
}
static void *t2(void *a)
{
    pthread_mutex_lock(&mb);
    pthread_mutex_lock(&ma); /* T2-WAIT */
    pthread_mutex_unlock(&ma);
    pthread_mutex_unlock(&mb);
    return a;
}
int main(void)
{
    pthread_t x, y;
    pthread_create(&x, 0, t1, 0);
    pthread_create(&y, 0, t2, 0);
    pthread_join(x, 0);
    pthread_join(y, 0);
    return 0;
}
EOF
    rv check --algo=dfs --json abba.c
    expect_rc 1
    expect_json '.errors[0].kind' deadlock
    expect_json '[.errors[0].blocked[] | .thread] | sort | join(" ")' "0 1 2"
    expect_json '.errors[0].blocked[] | select(.thread == 1) | .waits_for' 'lock(mb)'
    expect_json '.errors[0].blocked[] | select(.thread == 1) | .holder' 2
    expect_json '.errors[0].blocked[] | select(.thread == 2) | .location' "abba.c:$(line_of abba.c T2-WAIT) (t2)"
    rv check --algo=dfs abba.c
    expect_rc 1
    expect_out "^    thread 1 waits for lock\\(mb\\) at abba\\.c:$(line_of abba.c T1-WAIT) \\(t1\\); the mutex is held by thread 2$"
    expect_out '^    thread 0 waits for join\(thread 1\)'
}
t_object_names() {
    need_runtime || return
    cat >heap.c <<'EOF'
#include <pthread.h>
#include <stdlib.h>
pthread_mutex_t *m;
int arr[4];
static void *f(void *a)
{
    int local = 0;
    int *volatile p = &local;
    *p = 1;
    arr[2] = 1;
    pthread_mutex_lock(m);
    pthread_mutex_lock(m); /* SELF-DEADLOCK */
    return a;
}
int main(void)
{
    m = malloc(sizeof *m);
    pthread_mutex_init(m, 0);
    pthread_t t;
    pthread_create(&t, 0, f, 0);
    pthread_join(t, 0);
    return 0;
}
EOF
    rv check --algo=dfs heap.c
    expect_rc 1
    expect_out "^error 1: deadlock"
    expect_out "^    thread 1 waits for lock\(heap of thread 0 \+0x[0-9a-f]+\) at heap\.c:$(line_of heap.c SELF-DEADLOCK) \(f\); the mutex is held by thread 1$"
    rv replay heap.c ravel-out/heap-deadlock-1.schedule
    expect_rc 1
    expect_out 'thread 1 +write\(arr\[2\], 4\)'
    expect_out 'thread 1 +write\(stack of thread 1, 4\)'
    expect_out 'thread 0 +write\(m, 8\)'
    expect_out 'thread 0 +read\(stack of thread 0, 8\)'
}
# A symbolizer that is missing or never answers: locations fall back to
# "0xADDR (function)" from the symbol table, and ravel still finishes.
symbolizer_case() {
    need_runtime || return
    racy_src
    rv check --algo=dfs --json racy.c
    expect_rc 1
    expect_json_match '.errors[0].location' '^0x[0-9a-f]+ \(main\)$'
}
t_symbolizer_missing() {
    mkdir bin
    local f
    for f in /usr/bin/* /bin/*; do [ -e "bin/${f##*/}" ] || ln -s "$f" "bin/${f##*/}"; done
    rm -f bin/addr2line
    PATH=$W/bin symbolizer_case
}
t_symbolizer_hangs() {
    mkdir bin
    printf '#!/bin/sh\nexec sleep 60\n' >bin/addr2line
    chmod +x bin/addr2line
    PATH=$W/bin:$PATH symbolizer_case
}
t_drf_race_replay() {
    need_runtime || return
    cat >race.c <<'EOF'
#include <pthread.h>
int x;
static void *f(void *a)
{
    x = 1; /* WRITE */
    return a;
}
int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, f, 0);
    int y = x; /* READ */
    pthread_join(t, 0);
    return y;
}
EOF
    rv check --algo=dfs --memory=drf --json race.c
    expect_rc 1
    expect_json '.errors[0].kind' data-race
    expect_json '.errors[0].location' "race.c:$(line_of race.c READ) (main)"
    expect_json '.errors[0].other_location' "race.c:$(line_of race.c WRITE) (f)"
    expect_file_match ravel-out/race-data-race-1.schedule '^options --memory=drf$'
    rv replay race.c ravel-out/race-data-race-1.schedule
    expect_rc 1
    expect_out '^outcome: ERROR data-race: data race on x'
}
t_multiple_sources() {
    need_runtime || return
    mkdir -p lib
    cat >lib/counter.c <<'EOF'
int counter;
void bump(void)
{
    counter++; /* BUMP */
}
EOF
    cat >main2.c <<'EOF'
#include <assert.h>
#include <pthread.h>
extern int counter;
void bump(void);
static void *f(void *a)
{
    bump();
    return a;
}
int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, f, 0);
    bump();
    pthread_join(t, 0);
    assert(counter == 2);
    return 0;
}
EOF
    rv check --algo=dfs --json main2.c lib/counter.c
    expect_rc 1
    expect_json '.errors[0].kind' assertion
    expect_json '.errors[0].schedule_file' ravel-out/main2-assertion-1.schedule
    expect_file_match ravel-out/main2-assertion-1.schedule '^program main2.c lib/counter.c$'
    rv replay main2.c lib/counter.c ravel-out/main2-assertion-1.schedule
    expect_rc 1
    expect_out "at lib/counter\\.c:$(line_of lib/counter.c BUMP) \\(bump\\)"
}
t_posix_exit_recorded() {
    need_runtime || return
    cat >pe.c <<'EOF'
#include <assert.h>
#include <pthread.h>
int done;
static void *f(void *a)
{
    done = 1;
    return a;
}
int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, f, 0);
    assert(done == 0);
    return 0;
}
EOF
    rv check --algo=dfs --posix-exit --nondet-domain=0:1 --out=o pe.c
    expect_rc 1
    expect_file_match o/pe-assertion-1.schedule '^options --posix-exit --nondet-domain=0:1$'
    rv replay pe.c o/pe-assertion-1.schedule
    expect_rc 1
}
t_exit_code_clean() {
    need_runtime || return
    printf '#include <pthread.h>\nstatic void *f(void *a){ return a; }\nint main(void){ pthread_t t; pthread_create(&t, 0, f, 0); pthread_join(t, 0); return 0; }\n' >ok.c
    rv check --algo=dfs --json ok.c
    expect_rc 0
    expect_json .exhaustive true
    expect_json '.errors|length' 0
    rv check --algo=dfs --quiet ok.c
    expect_rc 0
    expect_empty_out
}
t_exit_code_incomplete() {
    need_runtime || return
    printf 'volatile int x;\nint main(void){ for (;;) x++; }\n' >loop.c
    rv check --algo=dfs --json --max-events=500 loop.c
    expect_rc 3
    expect_json .exhaustive false
    expect_json '[.errors[].kind]-["event-limit"]|length' 0
    rv check --algo=dfs loop.c --max-events=500
    expect_rc 3
    expect_out '^errors +0$'
    expect_out '^verdict +INCOMPLETE'
}

# ---- reports (issue 28 part 8) -----------------------------------------------------------------
# Errors and limits are numbered apart, the errors first: the finding is
# "error 1" (it was "error 4" after three "limit N" blocks), and its
# schedule file is ...-assertion-1; the executions cut by a limit are not
# written as a part of the executions ("hit a limit 326" after 167).
t_report_errors_before_limits() {
    need_runtime || return
    local f=$C/numbered.c
    rv check --algo=dfs --keep-going --max-events=300 "$f"
    expect_rc 1
    expect_out '^executions +[0-9]+ \(blocked 0, infeasible 0\); [0-9]+ more cut short by a limit$'
    expect_out '^errors +1$'
    grep -E '^(error|limit) [0-9]+:' "$W/out" | cut -d: -f1 | paste -sd, >order
    expect_eq "blocks" "$(cat order)" "error 1,limit 1,limit 2,limit 3"
    expect_out '^  schedule: ravel-out/numbered-assertion-1\.schedule$'
    expect_out '^  schedule: ravel-out/numbered-event-limit-3\.schedule$'
    rv check --algo=dfs --keep-going --max-events=300 --json "$f"
    expect_json '[.errors[] | select(.kind == "assertion") | .schedule_file] | join(",")' \
        ravel-out/numbered-assertion-1.schedule
    expect_json_match '.errors[0].location' "numbered\\.c:$(line_of "$f" LOOP-00) "
}
# An execution stopped at udpor's budget (its states are unique) says so,
# not "raise --max-events", and the whole reason list is kept (it was cut
# at 256 bytes: "... (non-terminating? raise --ma").
t_report_budget_limit() {
    need_runtime || return
    rv check --json "$C/randspin.c"
    expect_rc 3
    expect_json_match '.errors[0].message' '^execution stopped after [0-9]+ events by the explorer \(its budget for this run; --max-events=100000 was not reached\)$'
    expect_json_match .incomplete_reason 'its states are unique .*; also: execution stopped after [0-9]+ events by the explorer \(its budget for this run; --max-events=100000 was not reached\)$'
    rv check "$C/randspin.c"
    expect_out '^limit 1: event-limit: execution stopped after [0-9]+ events by the explorer'
}
# A bounded search that stopped before its end cannot say that the bound
# cut nothing (it said "not reached: it cut no execution" after 0
# executions).
t_report_bound_stopped() {
    need_runtime || return
    printf 'volatile int x;\nint main(void){ for (;;) x++; }\n' >loop.c
    rv check --preemption-bound=2 --max-events=500 loop.c
    expect_rc 3
    expect_out '^bound +preemption 2 \(the search stopped before its end: whether the bound cuts an execution is not known\)$'
    rv check --json --preemption-bound=2 --max-events=500 loop.c
    expect_json .bound_complete false
    expect_json .bound_reached false
    printf '#include <pthread.h>\nint x;\nstatic void *f(void *a){ x = 1; return a; }\nint main(void){ pthread_t t; pthread_create(&t, 0, f, 0); x = 2; pthread_join(t, 0); return 0; }\n' >two.c
    rv check --preemption-bound=2 two.c
    expect_rc 3
    expect_out '^bound +preemption 2 \(not reached: it cut no execution\)$'
    rv check --json --preemption-bound=2 two.c
    expect_json .bound_complete true
}
# ravel replay shows the values each memory step read and wrote.
t_replay_values() {
    need_runtime || return
    racy_src
    rv check --algo=dfs --out=bugs racy.c
    local li
    li=$(line_of racy.c LINE-INC)
    rv replay racy.c bugs/racy-assertion-1.schedule
    expect_out "^#[0-9]+ +thread [12] +read\\(counter, 4\\) = 0  at racy\\.c:$li \\(inc\\)$"
    expect_out "^#[0-9]+ +thread [12] +write\\(counter, 4\\) := 1  at racy\\.c:$li \\(inc\\)$"
    rv replay --json racy.c bugs/racy-assertion-1.schedule
    expect_json '[.steps[] | select(.thread != 0 and .action == "read(counter, 4)") | .read] | join(",")' 0,0
    expect_json '[.steps[] | select(.action == "write(counter, 4)") | .wrote] | join(",")' 1,1
    expect_json '[.steps[] | select(.action | startswith("create")) | has("read")] | any' false
}

# ---- programs that do not repeat themselves (issue 28 part 6) ----------------------------------
# Every algorithm says in plain words that the program behaved
# differently on a replayed schedule, what differed, and the likely causes
# (udpor said "a replayed configuration produced other events"; dfs, dpor,
# source and optimal called the run exhaustive).
t_diverge_every_algorithm() {
    need_runtime || return
    local a
    for a in udpor dfs dpor source optimal; do
        rm -f count
        rv check --json --algo=$a "$C/diverge.c"
        [ "$RC" = 3 ] || fail_because "$a: exit status $RC, expected 3"
        expect_json .exhaustive false
        expect_json_match .incomplete_reason '^the program behaved differently when a schedule was replayed: thread 0 did not do read\(z, 4\)( at [^ ]*diverge\.c:[0-9]+ \(main\))? again'
        expect_json_match .incomplete_reason 'Likely causes: C library calls whose results come from outside the program \(files, streams'
    done
    rm -f count
    rv check --json --algo=dpor "$C/diverge.c"
    expect_json_match .incomplete_reason "\\(step [0-9]+: thread 0 did lock\\(m\\) at [^ ]*diverge\\.c:[0-9]+ \\(main\\) now\\)"
}
# Under --real-clock the clock is named, with the line that read it.
t_diverge_names_real_clock() {
    need_runtime || return
    rv check --json --real-clock "$C/diverge.c" -- -DCLOCK
    expect_rc 3
    expect_json_match .incomplete_reason "Likely causes: the real clock \\(--real-clock\\), read at [^ ]*diverge\\.c:$(line_of "$C/diverge.c" LINE-CLOCK) \\(main\\)"
}
# A replay that does not fit names the causes too.
t_replay_divergence_causes() {
    need_runtime || return
    racy_src
    rv check --algo=dfs --out=bugs racy.c
    sed -i '/^steps/,$d' bugs/racy-assertion-1.schedule
    printf 'steps\n2 0 0\n' >>bugs/racy-assertion-1.schedule
    rv replay racy.c bugs/racy-assertion-1.schedule
    expect_rc 2
    expect_err 'The program changed since the schedule was written, or it behaved differently this time; likely causes: .*memory read before it was written'
}

# ---- PV programs go to the PV backend ----------------------------------------------------------
t_pv_check_and_replay() {
    printf 'resource a, b;\nP(a).P(b).V(b).V(a) | P(b).P(a).V(a).V(b)\n' >dl.pv
    rv check --algo=dfs --json --count-traces dl.pv
    expect_rc 1
    expect_json '.errors[0].kind' deadlock
    expect_json '.errors[0].schedule_file' ravel-out/dl-deadlock-1.schedule
    expect_json '.traces' 2
    expect_json '[.errors[0].blocked[].waits_for] | join(" ")' 'sem-wait(b) sem-wait(a)'
    rv replay dl.pv ravel-out/dl-deadlock-1.schedule
    expect_rc 1
    expect_out '^outcome: ERROR deadlock$'
    printf 'resource a;\nP(b)\n' >bad.pv
    rv check bad.pv
    expect_rc 2
    expect_err "^bad.pv:2:3: undeclared resource 'b'"
}

# The unit test first (once, not per test function).
if [ "${1:-}" != "--one" ]; then
    if [ ! -f "$RAVEL_BUILD/libravel.a" ]; then
        echo "FAIL cli/unit: $RAVEL_BUILD/libravel.a not built"
    else
        ut=$(mktemp -d)
        if "$CC_T" -std=c11 -D_GNU_SOURCE -O1 -g -Wall -Wextra -I "$ROOT/src" "${SANFLAGS[@]}" \
            -o "$ut/test_schedfile" "$C/test_schedfile.c" "$RAVEL_BUILD/libravel.a" -ldw -lelf -lm 2>"$ut/err"; then
            "$ut/test_schedfile" | grep -E '^(PASS|FAIL|#)'
            [ "${PIPESTATUS[0]}" = 0 ] || echo "FAIL cli/unit: test_schedfile exited non-zero"
        else
            echo "FAIL cli/unit: test_schedfile does not compile: $(head -c 300 "$ut/err" | tr '\n' ' ')"
        fi
        rm -rf "$ut"
    fi
fi
rv_main "$@"
