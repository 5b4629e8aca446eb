#!/usr/bin/env bash
# tests/liveness — the dead frame bytes of src/backends/native/liveness.c
# and their use (src/runtime/live.c):
#   analyser_*: the table for hand-written functions (frames.S), each
#     expectation derived in its comment there: the dead bytes at a return
#     address, or no site for a function the rules leave out;
#   scan_*: what the scan of the program's own objects finds
#     (src/backends/native/objscan.h) in hand-written ones (scan.S) and in
#     what gcc and clang make of tests/cutoffs/uninstr.c's spellings;
#   semantics_*: zeroing dead bytes changes no program's behaviour: every
#     example and native test program under --no-cutoffs explores the same
#     executions and errors with RAVEL_LIVENESS=0 as with liveness;
#   prodcons_*: seed 001's PRODCONS as issue 11 describes it (the consumer
#     keeps the last value in a local, the counter written as `count +
#     inc`) ends exhaustive with cutoffs, within POET's counts.
. "$(dirname "$0")/../lib.sh"
D=$ROOT/tests/liveness
CC_T=${CC:-$(command -v clang >/dev/null && echo clang || echo gcc)}
SANFLAGS=()
case $RAVEL_BUILD in *san*) SANFLAGS=(-fsanitize=address,undefined -fno-sanitize-recover=undefined) ;; esac

# live_tool (tests/liveness/live_tool.c) into $W/live_tool
build_tool() {
    [ -x "$W/live_tool" ] && return 0
    "$CC_T" -std=c11 -D_GNU_SOURCE -g -I "$ROOT/src" "${SANFLAGS[@]}" -o "$W/live_tool" \
        "$D/live_tool.c" "$RAVEL_BUILD/libravel.a" -lcapstone -lm 2>"$W/tool.err" ||
        { fail_because "live_tool does not build: $(head -c 300 "$W/tool.err")"; return 1; }
}

# the table of frames.S: "label frame dead..." lines, "label -" for none,
# in $W/got
analyse_frames() {
    build_tool || return 1
    "$CC_T" -no-pie -o "$W/frames" "$D/frames.S" -x c - <<<'int main(void) { return 0; }' 2>"$W/cc.err" ||
        { fail_because "frames.S does not build: $(head -c 300 "$W/cc.err")"; return 1; }
    "$W/live_tool" "$W/frames" "$W/frames.live" >"$W/table" 2>"$W/err" ||
        { fail_because "live_tool failed: $(head -c 300 "$W/err")"; return 1; }
    local addr name rest
    while read -r addr _ name; do
        case $name in r_*) ;; *) continue ;; esac
        rest=$(awk -v a="$addr" '$1 == a { $1 = ""; print substr($0, 2) }' "$W/table")
        echo "$name ${rest:--}"
    done < <(nm "$W/frames") | sort >"$W/got"
}

# expect_site LABEL "FRAME LO:HI ..." | "-"
expect_site() {
    local got
    got=$(awk -v l="$1" '$1 == l { $1 = ""; print substr($0, 2) }' "$W/got")
    expect_eq "site $1" "$got" "$2"
}

t_analyser_dead() {
    analyse_frames || return
    expect_site r_dead "16 -16:-12 -8:0"
    expect_site r_loop "16 -16:-4"
    expect_site r_branch "16 -16:-4"
    expect_site r_rmw "16 -16:-4"
    expect_site r_part "16 -16:-8 -4:0"
    expect_site r_pushes "16 -16:-8"
}
t_analyser_pinned() {
    analyse_frames || return
    expect_site r_lea "16"
    expect_site r_nohook "16"
    expect_site r_hook1 "16 -16:0"
    expect_site r_hook2 "16 -16:0"
    expect_site r_rsp "16 -12:0"
}
t_analyser_left_out() {
    analyse_frames || return
    local l
    for l in r_indirect r_bodypush r_noframe r_out; do expect_site $l -; done
}

# --- the scan of the program's objects (objscan.h) ---
# findings OBJ: the kinds live_tool --scan reports, sorted, "-" for none
findings() {
    local k
    k=$("$W/live_tool" --scan "$1" 2>"$W/err" | cut -d: -f1 | sort | tr '\n' ' ')
    echo "${k:--}"
}
# expect_scan CASE "KINDS": scan.S -DCASE_$1, assembled
expect_scan() {
    "$CC_T" -c -x assembler-with-cpp -DCASE_"$1" -o "$W/$1.o" "$D/scan.S" 2>"$W/cc.err" ||
        { fail_because "scan.S -DCASE_$1 does not assemble: $(head -c 300 "$W/cc.err")"; return; }
    expect_eq "findings of $1" "$(findings "$W/$1.o")" "$2"
}
t_scan_unhooked() {
    build_tool || return
    local c
    for c in unhooked hook_small hook_once hook_branch spill_call_escaped spill_call_rsp \
        spill_overwritten jump_table rbp_general syscall no_entry; do
        expect_scan $c "unhooked "
    done
    # a spill slot no address reaches survives a call, hooks or not
    # (tests/cutoffs/cas_expected.c: a CAS's `expected` in a function with
    # atomic hooks only)
    expect_scan spill_call -
}
t_scan_stack_out() {
    build_tool || return
    local c
    for c in rsp_value push_rsp stack_switch rbp_value saved_rbp section; do
        expect_scan $c "stack-out "
    done
}
t_scan_clean() {
    build_tool || return
    local c
    for c in hooked stack spill frame; do expect_scan $c -; done
}
# tests/cutoffs/uninstr.c's spellings as the driver compiles them (to
# assembly with ravel's flags, then assembled): the store in set_hidden
# is found in the object whatever the spelling, inline assembly included
# (the driver also sees the marker: --asm); the instrumented variant has
# no finding.  $1: the compiler.
scan_spellings() {
    build_tool || return
    local cc=$1 v fl=(-fsanitize=thread -O0 -g) m
    [ "$cc" = clang ] && fl+=(-mllvm -tsan-instrument-read-before-write=1 -fverbose-asm)
    command -v "$cc" >/dev/null || { skip_test "no $cc"; return; }
    for v in ASM_MACRO NO_SANITIZE NO_SANITIZE_THREAD NO_SANITIZE_CALLS NAKED FILE_ASM \
        $([ "$cc" = clang ] && echo DISABLE_INSTRUMENTATION PRAGMA) PLAIN; do
        "$cc" -w -S "${fl[@]}" -D"$v" -o "$W/u.s" "$ROOT/tests/cutoffs/uninstr.c" 2>"$W/cc.err" &&
            "$cc" -c -o "$W/u.o" "$W/u.s" 2>>"$W/cc.err" ||
            { fail_because "$cc -D$v: $(head -c 300 "$W/cc.err")"; continue; }
        m=$("$W/live_tool" --asm "$W/u.s" | grep -c marker)
        case $v in
        PLAIN) expect_eq "$cc -D$v: findings" "$(findings "$W/u.o")" - ;;
        *) "$W/live_tool" --scan "$W/u.o" | grep -Eq '^unhooked: (set_hidden|ravel_test_set)\+' ||
            fail_because "$cc -D$v: no unhooked store found in set_hidden: $("$W/live_tool" --scan "$W/u.o")" ;;
        esac
        case $v in
        ASM_MACRO | NAKED | FILE_ASM) expect_eq "$cc -D$v: inline assembly markers" "$m" 1 ;;
        *) expect_eq "$cc -D$v: inline assembly markers" "$m" 0 ;;
        esac
    done
}
t_scan_spellings_clang() { scan_spellings clang; }
t_scan_spellings_gcc() { scan_spellings gcc; }

# same_semantics FILE...: --no-cutoffs, liveness on and off: the same
# executions, error kinds and exit status
kinds() { json '[.errors[].kind] | sort | unique | join(",")'; }
same_semantics() {
    local f on off
    for f in "$@"; do
        RAVEL_LIVENESS=0 rv check --json --keep-going --no-cutoffs --max-executions=300 --max-events=2000 "$f"
        off="$RC $(json .executions) $(kinds) $(json .exhaustive)"
        rv check --json --keep-going --no-cutoffs --max-executions=300 --max-events=2000 "$f"
        on="$RC $(json .executions) $(kinds) $(json .exhaustive)"
        expect_eq "$(basename "$f"): rc executions errors exhaustive" "$on" "$off"
    done
}
t_semantics_examples() { same_semantics "$ROOT"/examples/*.c; }
t_semantics_native_a() { same_semantics "$ROOT"/tests/native/[a-l]*.c; }
t_semantics_native_m() { same_semantics "$ROOT"/tests/native/[m-z]*.c; }

# PRODCONS (a) at bound 6, as written: POET closes it with 386 maximal
# configurations; the write-only local `last` and the dead spill of
# `count + inc` no longer keep states apart, so the count is that of the
# variant without them (-DCONST_STORES -DNO_LAST)
t_prodcons_a() {
    rv check --json "$ROOT/bench/udpor/prodcons_a.c"
    expect_rc 0
    expect_json .exhaustive true
    local n=$(json .executions)
    [ "${n:-999999}" -le 386 ] || fail_because "executions $n, POET has 386"
    rv check --json "$ROOT/bench/udpor/prodcons_a.c" -- -DCONST_STORES -DNO_LAST
    expect_eq "executions (vs the variant without dead values)" "$(json .executions)" "$n"
    # without liveness the dead values keep states apart: not done in 2000
    RAVEL_LIVENESS=0 rv check --json --max-executions=2000 "$ROOT/bench/udpor/prodcons_a.c"
    expect_json .exhaustive false
}
# PRODCONS (b), least-first with deepening (docs/UDPOR.md "Deepening")
t_prodcons_b() {
    rv check --json --schedule-policy=least --deepen=16 "$ROOT/bench/udpor/prodcons_b.c"
    expect_rc 0
    expect_json .exhaustive true
    local n=$(json .last_pass_executions)
    rv check --json --schedule-policy=least --deepen=16 "$ROOT/bench/udpor/prodcons_b.c" -- -DCONST_STORES
    expect_eq "last pass (vs constant stores)" "$(json .last_pass_executions)" "$n"
}

# A table that does not belong to the binary (its code hash differs) or
# whose ranges leave their frames is not used (src/runtime/live.c): the
# program then runs as with RAVEL_LIVENESS=0, and nothing crashes
t_damaged_table() {
    export XDG_CACHE_HOME=$W/cache
    local src=$ROOT/bench/udpor/prodcons_a.c live n off
    rv check --json "$src"
    expect_json .exhaustive true
    live=$(find "$W/cache" -name prog.live | head -1)
    [ -s "$live" ] || { fail_because "no prog.live in the build cache"; return; }
    cp "$live" "$W/good.live"
    # the header: magic, code_lo, code_hi, code_hash (offset 24), nsites (32)
    printf '\0\0\0\0\0\0\0\0' | dd of="$live" bs=1 seek=24 conv=notrunc status=none
    rv check --json --max-executions=2000 "$src"
    expect_rc 3
    expect_json .exhaustive false
    # a range below its frame: the first range's lo (after 48 + 24 * nsites)
    cp "$W/good.live" "$live"
    n=$(od -An -t u8 -j 32 -N 8 "$live" | tr -d ' ')
    off=$((48 + 24 * n))
    printf '\x00\x00\xf0\xff' | dd of="$live" bs=1 seek="$off" conv=notrunc status=none
    rv check --json --max-executions=2000 "$src"
    expect_rc 3
    expect_json .exhaustive false
    cp "$W/good.live" "$live"
    rv check --json "$src"
    expect_json .exhaustive true
}

rv_main "$@"
