#!/usr/bin/env bash
# tests/cutoffs — sound cutoffs (issue 10): adversarial programs whose bug
# lies behind a state that a naive state of [e] would call equal to an
# earlier one (docs/UDPOR.md "What a state contains").  Each program runs
# with --no-cutoffs (the ground truth, itself checked against --algo=dfs)
# and with the default cutoffs; they must report the same error kinds, or
# the cutoff run must say it is not exhaustive (exit 3) and why.  Every
# program except the loops must have an error (else the test proves
# nothing).  Also the regression for issue 9's settle() hang.
. "$(dirname "$0")/../lib.sh"
D=$ROOT/tests/cutoffs
LIM=--max-events=400
CC_T=${CC:-$(command -v clang >/dev/null && echo clang || echo gcc)}

kinds() { json '[.errors[].kind] | sort | unique | join(",")'; }

# same_errors FILE [compiler flags...] (ravel options before FILE: $RV_OPTS)
RV_OPTS=()
same_errors() {
    local f=$D/$1
    shift
    rv check "${RV_OPTS[@]}" --json --keep-going --algo=dfs $LIM "$f" -- "$@"
    local dfs
    dfs=$(kinds)
    rv check "${RV_OPTS[@]}" --json --keep-going --no-cutoffs $LIM "$f" -- "$@"
    local nc ncx
    nc=$(kinds)
    ncx=$(json .exhaustive)
    [ -n "$nc" ] || fail_because "--no-cutoffs found no error (the program must have one)"
    expect_eq "errors of --no-cutoffs vs dfs" "$nc" "$dfs"
    # code whose loads or stores are no events (objscan.h question 3:
    # inline assembly, no_sanitize, objects ravel did not compile) makes
    # no run exhaustive, and that must be the only reason
    if [ "$ncx" != true ]; then
        expect_json_match .incomplete_reason \
            '^code built without instrumentation accesses memory other threads may reach, without events: [^;]*$'
    fi
    rv check "${RV_OPTS[@]}" --json --keep-going $LIM "$f" -- "$@"
    local c
    c=$(kinds)
    if [ "$RC" = 3 ]; then
        expect_json_match .incomplete_reason '.'
    else
        expect_eq "errors with cutoffs (vs --no-cutoffs)" "$c" "$nc"
    fi
}

t_create_sem() { same_errors create_sem.c; }
t_create_fn() { same_errors create_fn.c; }
t_keys() { same_errors keys.c; }
t_errno_libc() { same_errors errno_libc.c; }
t_reccond() { same_errors reccond.c; }
t_regs_o1() { same_errors regs_o1.c -O1; }
t_mxcsr() { same_errors mxcsr.c; }
t_x87cw() { same_errors x87cw.c; }
t_sem_count() { same_errors sem_count.c; }
t_cond_destroy() { same_errors cond_destroy.c; }
t_thread_handle() { same_errors thread_handle.c; }
t_strncpy() { same_errors strncpy.c; }
t_rand() { same_errors rand.c; }
t_no_sanitize() { same_errors no_sanitize.c; }
t_inline_asm() { same_errors inline_asm.c; }
t_late_read() { same_errors late_read.c; }

# Sources that the state now folds make no state unique, and the summary
# names none (t_loop_rand checks a source that does: the C library).
t_unique_named() {
    # sem_init is an event whose count the state folds through the model
    rv check --json --keep-going $LIM "$D/sem_count.c"
    expect_json .unique_states_from null
    expect_json '.errors|length' 1
    # posix_memalign's *out is a write event (issue 27 part 2; it was the
    # last source of "memory the runtime wrote without an event"): not unique
    rv check --json --keep-going $LIM "$D/memalign_named.c"
    expect_json .unique_states_from null
    rv check --json --keep-going $LIM "$D/create_sem.c"
    expect_json .unique_states_from null
}

# A loop whose every state is unique (it leaks heap: the bump pointer is
# part of the state) cannot end with cutoffs: exit 3 with a reason, as
# without cutoffs.
t_leak_loop() {
    rv check --json --keep-going $LIM "$D/leak_loop.c"
    expect_rc 3
    expect_json_match .incomplete_reason 'events'
}
t_loop_rand() {
    rv check --json --keep-going $LIM "$D/loop_rand.c"
    expect_rc 3
    expect_json_match .incomplete_reason 'events'
    expect_json_match .unique_states_from 'C library'
}

# issue 9: main spins on z != 2 next to a create/join; settle() used to
# spin forever after the second execution.  Ends, exhaustive, no error
# (dfs cannot end it: every bound is hit).
t_spin_create_join() {
    rv check --json "$D/spin_create_join.c"
    expect_rc 0
    expect_json .exhaustive true
    expect_json '.errors | length' 0
}

# The free runs' order (--schedule-policy, docs/UDPOR.md "The free runs'
# order"): any order is sound, so both find the same errors; with cutoffs
# least-advanced-first meets small configurations of a state first.
# PRODCONS (b) at bound 4: 1,344 executions lowest-first (the default),
# 389 least-advanced-first; asserted: both exhaustive and error-free, and
# least-first at most a third of lowest-first's.  These counts no longer
# depend on the program's layout (layout_* below; before, bound 3 moved
# between 383 and 425 with a padding array before the mutexes, and the
# test had been moved to bound 5 after a runtime change moved them).
t_policy_prodcons() {
    local f=$ROOT/bench/udpor/prodcons_b.c fl=(-DBOUND=4 -DCONST_STORES -DNO_LAST)
    rv check --json "$f" -- "${fl[@]}"
    expect_rc 0
    expect_json .exhaustive true
    local low
    low=$(json .executions)
    rv check --json --schedule-policy=least "$f" -- "${fl[@]}"
    expect_rc 0
    expect_json .exhaustive true
    local least
    least=$(json .executions)
    [ "$((least * 3))" -le "$low" ] || fail_because "least-first $least executions, lowest-first $low"
}
# Counts under cutoffs must not depend on the environment's size: the
# order that decides cutoffs labels events by their objects' addresses,
# and objects in main's frame moved with the environment at the top of
# the stack.  Before the runtime fixed main's frame (sched.c
# RV_MAIN_FRAME), this sweep of 16-byte steps gave 417 executions but
# for four consecutive paddings (which four depends on the rest of the
# environment), 406.  The engines alternate.
t_layout_env() {
    local f=$ROOT/bench/udpor/prodcons_b.c fl=(-DBOUND=3 -DCONST_STORES -DNO_LAST -DON_MAIN_STACK)
    local r=$RAVEL pad e n0="" seen=""
    for pad in $(seq 0 16 240); do
        e=fork
        [ $((pad % 32)) = 0 ] || e=reset
        # the whole environment, so that only the padding changes its size
        RAVEL=env rv -i PATH="$PATH" HOME="$HOME" ${XDG_CACHE_HOME:+XDG_CACHE_HOME="$XDG_CACHE_HOME"} \
            ${CC:+CC="$CC"} RAVEL_TEST_PAD="$(printf '%*s' "$pad" '')" \
            "$r" check --json --engine=$e "$f" -- "${fl[@]}"
        RAVEL=$r
        expect_rc 0
        expect_json .exhaustive true
        seen="$seen $pad:$(json .executions)"
        [ -n "$n0" ] || n0=$(json .executions)
    done
    [ "$(echo "$seen" | tr ' ' '\n' | cut -d: -f2 | sort -u | grep -c .)" = 1 ] ||
        fail_because "executions by padding:$seen"
}
# ... nor on where the program's globals lie: labels name a global by its
# symbol and offset (symbols.h rv_symbols_key).  Before, padding before
# the mutexes gave 388, 388, 425, 383 and 425 executions.
t_layout_globals() {
    local f=$ROOT/bench/udpor/prodcons_b.c fl=(-DBOUND=3 -DCONST_STORES -DNO_LAST) pad seen=""
    for pad in 0 1 64 4096 65536; do
        local d=()
        [ "$pad" = 0 ] || d=(-DPAD="$pad")
        rv check --json "$f" -- "${fl[@]}" "${d[@]}"
        expect_rc 0
        expect_json .exhaustive true
        seen="$seen $pad:$(json .executions)"
    done
    [ "$(echo "$seen" | tr ' ' '\n' | cut -d: -f2 | sort -u | grep -c .)" = 1 ] ||
        fail_because "executions by padding:$seen"
}
t_policy_same_errors() {
    local p
    for p in keys.c late_read.c cond_destroy.c; do
        rv check --json --keep-going $LIM "$D/$p"
        local low
        low=$(kinds)
        rv check --json --keep-going --schedule-policy=least $LIM "$D/$p"
        expect_eq "$p: errors least-first vs lowest-first" "$(kinds)" "$low"
        [ -n "$low" ] || fail_because "$p: no error found"
    done
}
# Deepening passes (--deepen, docs/UDPOR.md "Deepening"): a pass decides
# cutoffs also against the smallest configuration of each state that the
# earlier passes met; each was executed, so it is a witness of seed 001
# eq. (7) and every error is still found.  A horizon of 4 events makes
# several passes on every program here.
t_deepen_same_errors() {
    local p
    for p in create_sem.c create_fn.c keys.c reccond.c mxcsr.c sem_count.c cond_destroy.c \
        thread_handle.c strncpy.c late_read.c; do
        rv check --json --keep-going --no-cutoffs $LIM "$D/$p"
        local nc
        nc=$(kinds)
        [ -n "$nc" ] || fail_because "$p: --no-cutoffs found no error"
        rv check --json --keep-going --deepen=4 $LIM "$D/$p"
        expect_eq "$p: errors --deepen=4 vs --no-cutoffs" "$(kinds)" "$nc"
        expect_json_match .passes '^[2-9]|^[1-9][0-9]'
        rv check --json --keep-going --deepen=4 --schedule-policy=least $LIM "$D/$p"
        expect_eq "$p: errors --deepen=4 least-first vs --no-cutoffs" "$(kinds)" "$nc"
    done
}
# Unique states stay unique across passes: the leaking loop still ends
# with exit 3 and its reason.
t_deepen_leak_loop() {
    rv check --json --keep-going --deepen=4 $LIM "$D/leak_loop.c"
    expect_rc 3
    expect_json_match .incomplete_reason 'events'
}
# PRODCONS (b) at bound 6 (seed 001 §6; issue 11): least-first with
# deepening ends with a last pass of 54 maximal configurations, and 294
# executions in all six passes, where least-first alone needs 483
# (2026-11-27).  Asserted: exhaustive, error-free, more than one pass, the
# last pass at most a quarter of the single-pass count and the passes
# together fewer executions than the single pass.
t_deepen_prodcons() {
    local f=$ROOT/bench/udpor/prodcons_b.c fl=(-DBOUND=6 -DCONST_STORES -DNO_LAST)
    rv check --json --schedule-policy=least "$f" -- "${fl[@]}"
    expect_rc 0
    expect_json .exhaustive true
    local one
    one=$(json .executions)
    rv check --json --schedule-policy=least --deepen=16 "$f" -- "${fl[@]}"
    expect_rc 0
    expect_json .exhaustive true
    expect_json '.errors | length' 0
    local all last passes
    all=$(json .executions)
    last=$(json .last_pass_executions)
    passes=$(json .passes)
    [ "$passes" -ge 2 ] || fail_because "$passes passes"
    [ "$((last * 4))" -le "$one" ] || fail_because "last pass $last executions, single pass $one"
    [ "$all" -lt "$one" ] || fail_because "all passes $all executions, single pass $one"
}
# Without cutoffs the order changes nothing: one execution per trace.
t_policy_no_cutoffs() {
    local p=$D/create_sem.c
    rv check --json --keep-going --no-cutoffs --schedule-policy=least $LIM "$p"
    local least
    least=$(json .executions)
    rv check --json --keep-going --no-cutoffs $LIM "$p"
    expect_eq "executions least-first vs lowest-first" "$least" "$(json .executions)"
    rv check --json --keep-going --algo=dfs --count-traces $LIM "$p"
    expect_eq "executions vs dfs traces" "$least" "$(json .traces)"
}

# --- the memory image (issue 28 part 1; docs/UDPOR.md "What a state contains") ---
# The issue's 14-line program: a struct freed before a spin-wait made
# every later state unique ("writes to partially overlapping ranges") and
# the spin ran into the event limit; exhaustive in 2 executions now.
t_free_spin() {
    rv check --json "$D/free_spin.c" -- -DNO_FREE
    expect_rc 0
    expect_json .executions 2
    rv check --json "$D/free_spin.c"
    expect_rc 0
    expect_json .exhaustive true
    expect_json .executions 2
    expect_json .unique_states_from null
}
# Compiler barriers, pause and fences in inline asm (lfring's smp_fence,
# Linux-style barrier()) write nothing: the spin is cut, exhaustive in 2
# executions (was: every state unique, "code built without
# instrumentation: asm_barrier.c (inline assembly)", exit 3 at the event
# budget).  Markers forged by the asm text do not hide a real store.
t_asm_barrier() {
    rv check --json "$D/asm_barrier.c"
    expect_rc 0
    expect_json .exhaustive true
    expect_json .executions 2
    expect_json .unique_build null
    rv check --json "$D/asm_barrier.c" -- -DFORGED
    # (the object scan finds the movl too: "asm_barrier.c (main)")
    expect_json_match .unique_build "^code built without instrumentation: asm_barrier.c \\(inline assembly\\)"
    expect_json .exhaustive false
}
# The same for the other ordinary writes before a spin (spin_after.c's
# header: free, memset, {0}, snprintf, struct copy, strdup, realloc,
# calloc, strings of different lengths); 1, 2, 5, 6, 7 and 9 ran into
# the event limit before.
t_spin_after() {
    local w
    for w in 1 2 3 4 5 6 7 8 9; do
        rv check --json "$D/spin_after.c" -- -DWHAT=$w
        expect_eq "WHAT=$w: exit status" "$RC" 0
        expect_eq "WHAT=$w: executions" "$(json .executions)" 2
        expect_eq "WHAT=$w: unique" "$(json .unique_states_from)" null
    done
}
# same_errors, and the cutoff run cut: the state was computed and the
# larger configuration's memory told apart (not made unique).
image_errors() {
    same_errors "$@"
    [ "$RC" = 3 ] && return
    expect_json .unique_states_from null
    expect_json_match .cutoffs '^[1-9]'
}
# The same writes in the other order (bytes_order.c's header): a state
# that composed the last write per range, or the values written without
# their order, calls the two configurations equal and cuts the bug away
# (a scratch build whose writes carried only the bytes after them missed
# cases 1-4 and 6).
t_bytes_order() {
    local c
    for c in 1 2 3 4 5 6; do image_errors bytes_order.c -DCASE=$c; done
}
# Bytes the heap writes without an event (bytes_heap.c's header: realloc's
# and strdup's copies, a fresh block's fill, the freed flag, calloc).
# Before, cases 3 and 5 were unsound: the default run said "no error,
# exhaustive" where dfs found the assertion (the fill was in no state).
t_bytes_heap() {
    local c
    for c in 1 2 3 4 5; do image_errors bytes_heap.c -DCASE=$c; done
}
# Attacks on the image (bytes_attack.c's header: a write hidden in a
# freed-then-reused block, a block reallocated at the same address with
# other content, an overlapping memmove, a struct copy): the cutoffs must
# find dfs's error with the states computed, not made unique.
t_bytes_attack() {
    local c
    for c in 1 2 3 4; do image_errors bytes_attack.c -DCASE=$c; done
}
# A synchronisation object's storage reused for data (sync_reuse.c's
# header): the bytes the model left there are no part of the image.
# Before, both cases said "no error, exhaustive" (3 executions, 2 cut).
# Case 2's dfs run takes 89,313 executions: --no-cutoffs is its oracle.
t_sync_reuse() {
    image_errors sync_reuse.c -DCASE=1
    rv check --json --keep-going --no-cutoffs $LIM "$D/sync_reuse.c" -- -DCASE=2
    local nc
    nc=$(kinds)
    [ -n "$nc" ] || fail_because "--no-cutoffs found no error (the program must have one)"
    rv check --json --keep-going $LIM "$D/sync_reuse.c" -- -DCASE=2
    expect_eq "CASE=2: errors with cutoffs (vs --no-cutoffs)" "$(kinds)" "$nc"
    expect_json .unique_states_from null
    expect_json_match .cutoffs '^[1-9]'
}
# The objects' table full (sync_table.c's header): states unique from
# the first write after it, with their own reason and the write's line;
# below it, the 2 executions of the closed form.
t_sync_table() {
    local f=$D/sync_table.c
    rv check --json "$f"
    expect_rc 0
    expect_json .executions 2
    expect_json .unique_states_from null
    rv check --json --max-events=3000 "$f" -- -DN=2100
    expect_rc 3
    expect_json .unique_states_from "writes after synchronisation objects filled the memory image's table (6144 granules)"
    expect_eq "the write's line" "$(json '.unique_sources[0].location | sub(" .*"; "") | sub(".*/"; "")')" \
        "sync_table.c:$(line_of "$f" "where: data")"
}
# Equal bytes written in other widths are one state: a memset of 8 bytes
# and two 4-byte stores of the same bytes explore as two equal memsets do
# (3 executions, the larger configuration cut); other bytes are another
# state (4).  Before, the widths made two states (4 executions).
t_bytes_widths() {
    rv check --json "$D/bytes_widths.c" -- -DSAME
    expect_rc 0
    local same
    same=$(json .executions)
    rv check --json "$D/bytes_widths.c"
    expect_rc 0
    expect_json .executions "$same"
    rv check --json "$D/bytes_widths.c" -- -DOTHER
    expect_rc 0
    [ "$(json .executions)" -gt "$same" ] ||
        fail_because "-DOTHER: $(json .executions) executions, -DSAME $same (other bytes must not cut)"
}

# What made states unique, and where (issue 28 part 2): each source as
# reason, what (the C library function, or the write) and file:line, and
# the build's note naming every function, source and frame behind it.
# Before, only the reasons were given (unique_states_from).
src_at() { # WHAT-TEXT LINE-MARKER: the unique_sources entry's location
    json "[.unique_sources[] | select(.what == \"$1\") | .location | sub(\" .*\"; \"\") | sub(\".*/\"; \"\")] | first"
}
t_unique_where() {
    local f=$D/unique_where.c
    rv check --json "$f" -- -DWHAT=1
    expect_rc 0
    expect_eq "gmtime_r" "$(src_at gmtime_r)" "unique_where.c:$(line_of "$f" "where: gmtime_r")"
    expect_eq "strftime" "$(src_at strftime)" "unique_where.c:$(line_of "$f" "where: strftime")"
    expect_eq "srand" "$(src_at srand)" "unique_where.c:$(line_of "$f" "where: srand")"
    # (strftime has a wrapper since f1fd5d8: the build names srand's call)
    expect_json .unique_build "C library functions called: srand"
    rv check "$f" -- -DWHAT=1
    expect_file_match "$W/out" "^            - gmtime_r at .*unique_where.c:$(line_of "$f" "where: gmtime_r") \(main\)"
    expect_file_match "$W/out" "^            the build: C library functions called: srand"
    rv check --json "$f" -- -DWHAT=2
    expect_rc 0
    expect_eq "memset" "$(src_at "a write of 100000 bytes")" "unique_where.c:$(line_of "$f" "where: memset")"
    expect_eq "%ms" "$(src_at __isoc99_sscanf)" "unique_where.c:$(line_of "$f" "where: sscanf")"
    expect_json .unique_build null
    rv check --json "$f" -- -DWHAT=3
    expect_json .unique_build "frames of variable size: grow, vla"
    rv check --json "$f" "$D/unique_where_asm.c" "$D/unique_where_nosan.c" -- -DWHAT=4
    expect_json .unique_build \
        "code built without instrumentation: unique_where_asm.c (inline assembly), unique_where_nosan.c (quiet)"
    # posix_memalign's *out is a write event (issue 27 part 2): no source
    rv check --json "$D/memalign_named.c"
    expect_rc 0
    expect_json '.unique_sources | length' 0
    # nothing unique: no sources, no note
    rv check --json "$D/free_spin.c"
    expect_json '.unique_sources | length' 0
    expect_json .unique_build null
}

# --- the liveness table (src/backends/native/liveness.c, src/runtime/live.c) ---
# Zeroing dead frame bytes must change nothing the program can tell:
# with and without RAVEL_LIVENESS=0 the same executions, traces, exit
# status and errors (kind and source line), and the cutoffs (same_errors)
# still find every error.  live_*.c: one attack each (its header says
# which error it must report).

# errs: each error as kind@file:line, sorted, unique
errs() { json '[.errors[] | .kind + "@" + (.location | sub(" .*"; "") | sub(".*/"; ""))] | sort | unique | join(",")'; }

# same_with_liveness_off FILE [compiler flags...]
same_with_liveness_off() {
    local f=$D/$1 mode
    shift
    for mode in "--no-cutoffs" "--algo=dfs --count-traces --max-executions=20000"; do
        # shellcheck disable=SC2086
        RAVEL_LIVENESS=0 rv check "${RV_OPTS[@]}" --json --keep-going $mode $LIM "$f" -- "$@"
        local rc0=$RC e0 x0 t0
        e0=$(errs)
        x0=$(json .executions)
        t0=$(json .traces)
        [ -n "$e0" ] || fail_because "$mode, liveness off: no error (the program must have one)"
        # shellcheck disable=SC2086
        rv check "${RV_OPTS[@]}" --json --keep-going $mode $LIM "$f" -- "$@"
        expect_eq "$mode: exit status with liveness (vs RAVEL_LIVENESS=0)" "$RC" "$rc0"
        expect_eq "$mode: errors with liveness (vs RAVEL_LIVENESS=0)" "$(errs)" "$e0"
        expect_eq "$mode: executions with liveness (vs RAVEL_LIVENESS=0)" "$(json .executions)" "$x0"
        expect_eq "$mode: traces with liveness (vs RAVEL_LIVENESS=0)" "$(json .traces)" "$t0"
    done
}

# live_both FILE [compiler flags...]: both of the above
live_both() {
    same_with_liveness_off "$@"
    same_errors "$@"
}

t_live_end_ptr_o2() { live_both live_end_ptr.c -O2 -fno-omit-frame-pointer; }
t_live_fxsave() { live_both live_fxsave.c; }
t_live_setjmp() { live_both live_setjmp.c; }
t_live_builtin_setjmp() { live_both live_builtin_setjmp.c; }
t_live_own_setjmp() { live_both live_own_setjmp.c; }
t_live_frame_address() { live_both live_frame_address.c; }
t_live_frame_address_push() { live_both live_frame_address.c -DPUSH; }
t_live_types() { live_both live_types.c; }
t_live_types_o2() { live_both live_types.c -O2 -fno-omit-frame-pointer; }
t_live_segment() { live_both live_segment.c; }
t_live_uninit() { same_errors live_uninit.c -Wno-uninitialized; }
t_live_escape() { live_both live_escape.c; }
t_live_escape_o2() { live_both live_escape.c -O2 -fno-omit-frame-pointer; }
t_live_args() { live_both live_args.c; }
t_live_args_o1() { live_both live_args.c -O1 -fno-omit-frame-pointer; }
t_live_control() { live_both live_control.c; }
t_live_callbacks() { live_both live_callbacks.c; }

# Non-termination (issue 28 part 3, src/unfolding/lasso.c): a spin whose
# state repeats while every other thread has finished or waits for good is
# reported with its thread, the loop's line and the cycle; a spin whose
# exit another thread can still make is not.  The fair-bounded search of
# seed 002 is the oracle (the loops yield): it reports a livelock for
# exactly the same variants (nonterm.c's header).
nonterm_case() { # VARIANT LINE-MARKER
    rv check --json "$D/nonterm.c" -- -D$1
    expect_rc 1
    expect_json '[.errors[].kind]|join(",")' non-termination
    expect_json '.errors[0].thread' 0
    expect_json '.errors[0].location' "$D/nonterm.c:$(line_of "$D/nonterm.c" "$2") (main)"
    expect_json_match '.errors[0].message' '^thread 0 loops forever: after a cycle of [0-9]+ events? it is back in the same state'
    expect_json '[.errors[0].cycle[].thread]|unique|join(",")' 0
    rv check --json --algo=dpor --fair-bound=1 --max-depth=300 "$D/nonterm.c" -- -D$1
    expect_json '[.errors[].kind]|join(",")' livelock
}
t_nonterm_plain() { nonterm_case PLAIN "marker: spin"; }
t_nonterm_blocked_mutex() { nonterm_case BLOCKED_MUTEX "marker: spin"; }
t_nonterm_cond() {
    nonterm_case COND "marker: spin"
    rv check --json "$D/nonterm.c" -- -DCOND
    expect_json '.errors[0].blocked[0].waits_for' "wait2(cond cv, mutex m)"
    expect_json '[.errors[0].cycle[]|select(.action|startswith("atomic-read"))][0].value' 0
}
t_nonterm_race() { nonterm_case RACE "marker: spin"; }
t_nonterm_lock_loop() {
    rv check --json "$D/nonterm.c" -- -DLOCK_LOOP
    expect_rc 1
    expect_json '[.errors[].kind]|join(",")' non-termination
    local l
    l=$(line_of "$D/nonterm.c" "marker: lock loop")
    expect_json_match '.errors[0].location' "nonterm.c:($l|$((l + 1))|$((l + 2))|$((l + 3))|$((l + 4))) \\(main\\)"
    rv check --json --algo=dpor --fair-bound=1 --max-depth=300 "$D/nonterm.c" -- -DLOCK_LOOP
    expect_json '[.errors[].kind]|join(",")' livelock
}
t_nonterm_not_reported() {
    local v
    for v in SETTER LOCKED_SETTER LATE_SETTER; do
        rv check --json --keep-going "$D/nonterm.c" -- -D$v
        expect_rc 0
        expect_json .exhaustive true
        expect_json '.errors|length' 0
        rv check --json --keep-going --algo=dpor --fair-bound=1 --max-depth=300 "$D/nonterm.c" -- -D$v
        expect_json '.errors|length' 0
    done
}
# The fair bound's own livelock (tests/dpor/livelock.c: each thread
# raises its flag and yields while the other's is up) is a cycle of two
# threads' reads and yields: non-termination, both threads in the cycle,
# main waiting to join; the same program with one spinner is not.
t_nonterm_livelock() {
    rv check --json "$ROOT/tests/dpor/livelock.c"
    expect_rc 1
    expect_json '[.errors[].kind]|join(",")' non-termination
    expect_json_match '.errors[0].message' '^2 threads loop forever: after a cycle of [0-9]+ events they are back in the same state'
    expect_json '[.errors[0].cycle[].thread]|unique|join(",")' 1,2
    expect_json '[.errors[0].blocked[]|"\(.thread) \(.waits_for)"]|join(",")' "0 join(thread 1)"
}

# The human summary: the thread, the line, the cycle and who waits.
t_nonterm_human() {
    rv check "$D/nonterm.c" -- -DCOND
    expect_rc 1
    local l
    l=$(line_of "$D/nonterm.c" "marker: spin")
    expect_file_match "$W/out" '^error 1: non-termination: thread 0 loops forever: after a cycle of 2 events it is back in the same state, and every other thread has finished or waits for something the cycle never gives$'
    expect_file_match "$W/out" "^  in thread 0 at .*nonterm.c:$l \\(main\\)$"
    expect_file_match "$W/out" '^  the cycle \(then the same state again\):$'
    expect_file_match "$W/out" "^    thread 0 atomic-read\\(flag, 4\\) \\(value 0\\) at .*nonterm.c:$l \\(main\\)$"
    expect_file_match "$W/out" '^    thread 1 waits for wait2\(cond cv, mutex m\) at '
    rv check "$D/nonterm.c" -- -DPLAIN
    expect_file_match "$W/out" '^  every other thread has finished$'
}
# Found in some schedules only, reported once however many reach it; no
# SV-COMP property is about termination: unreach-call is TRUE.
t_nonterm_keep_going_property() {
    rv check --json --keep-going "$D/nonterm.c" -- -DRACE
    expect_rc 1
    expect_json '[.errors[].kind]|join(",")' non-termination
    expect_json .exhaustive true
    rv check --json --property=unreach-call "$D/nonterm.c" -- -DRACE
    expect_rc 0
    expect_json .verdict TRUE
}
# The ring buffer of the trial: the producer or the consumer waits
# forever when the counts break the size rule, and only then.
t_nonterm_ring() {
    local v
    for v in "push -DITEMS=3 -DTAKE=0" "push -DITEMS=4 -DTAKE=1" "pop -DITEMS=2 -DTAKE=3"; do
        rv check --json --keep-going "$D/ring_nonterm.c" -- ${v#* }
        expect_rc 1
        expect_json '[.errors[].kind]|join(",")' non-termination
        expect_json_match '.errors[0].location' "ring_nonterm.c:[0-9]+ \\(${v%% *}\\)"
    done
    for v in "-DITEMS=3 -DTAKE=3" "-DITEMS=4 -DTAKE=2" "-DITEMS=3 -DTAKE=1"; do
        rv check --json --keep-going "$D/ring_nonterm.c" -- $v
        expect_rc 0
        expect_json .exhaustive true
        expect_json '.errors|length' 0
    done
}

# Loops built to fool the non-termination check (spin_fool.c's header):
# the progress of the first group is in a wrapping counter, a heap byte,
# another thread's stack, a semaphore's value or an attribute object read
# back by the runtime, errno, a thread-specific value, or a timed wait or
# sleep of the setter, or an alarm another thread armed; each is
# exhaustive with no error (the single-threaded ones end in their one run
# without cutoffs too: the oracle).  ALARM_OTHER was reported as
# non-termination: the taint of alarm() was in a finished thread, not
# below the cut spin (lasso.c now wants the whole run untainted).
t_nonterm_fooled() {
    local v
    for v in WRAP_ENDS LOCAL_ENDS HEAP OTHER_STACK SEMVAL ATTR ERRNO SPECIFIC TIMEDLOCK CONDTIMED \
        SLEEPER ALARM_OTHER; do
        rv check --json "$D/spin_fool.c" -- -D$v
        expect_rc 0
        expect_json .exhaustive true
        expect_json '[.errors[].kind]|join(",")' ""
    done
    for v in WRAP_ENDS LOCAL_ENDS HEAP SEMVAL ATTR ERRNO SPECIFIC; do
        rv check --json --no-cutoffs "$D/spin_fool.c" -- -D$v
        expect_rc 0
        expect_json .exhaustive true
    done
    rv check --json "$D/spin_fool.c" -- -DLOCAL_ENDS -O2
    expect_rc 0
    expect_json .exhaustive true
}
# The second group hangs in every run: the state really repeats (an 8-bit
# counter is back after 256 turns; a semaphore nobody posts).  dfs, which
# has no cutoffs, runs into its event bound instead.
t_nonterm_fool_hangs() {
    local v
    for v in WRAP_SPIN SEMVAL_NEVER; do
        rv check --json "$D/spin_fool.c" -- -D$v
        expect_rc 1
        expect_json '[.errors[].kind]|join(",")' non-termination
        expect_json '.errors[0].location' "$D/spin_fool.c:$(line_of "$D/spin_fool.c" "marker: loop $v") (main)"
        rv check --json --algo=dfs --max-events=3000 "$D/spin_fool.c" -- -D$v
        expect_rc 3
        expect_json '[.errors[].kind]|join(",")' event-limit
    done
    rv check --json "$D/spin_fool.c" -- -DWRAP_SPIN -O2
    expect_rc 1
    expect_json '[.errors[].kind]|join(",")' non-termination
}

# Spins that look like a repeating spin but end in every fair run
# (spin_ends.c's header): never reported as non-termination, and the
# exploration is exhaustive.  The oracle: the fair-bounded search reports
# no livelock (COUNTER's 300 turns exceed its bound: there --no-cutoffs,
# which runs every execution to its end, is exhaustive).
t_nonterm_spin_ends() {
    local v
    for v in ABA NOT_CREATED COND SEM TRYLOCK CLOCK COUNTER TWO; do
        rv check --json --keep-going "$D/spin_ends.c" -- -D$v
        expect_rc 0
        expect_json .exhaustive true
        expect_json '[.errors[].kind]|join(",")' ""
        if [ $v = COUNTER ]; then
            rv check --json --keep-going --no-cutoffs "$D/spin_ends.c" -- -D$v
            expect_json .exhaustive true
        else
            rv check --json --keep-going --algo=dpor --fair-bound=1 --max-depth=300 "$D/spin_ends.c" -- -D$v
        fi
        expect_json '[.errors[].kind]|join(",")' ""
    done
}
# A spin whose setter is held by a failed assume is on an infeasible
# run (DESIGN §3a: such a run is counted infeasible, and a deadlock there
# is not reported either); it was reported as non-termination.
t_nonterm_not_when_infeasible() {
    rv check --json --keep-going "$D/spin_ends.c" -- -DASSUME
    expect_rc 0
    expect_json .exhaustive true
    expect_json '[.errors[].kind]|join(",")' ""
    expect_json .infeasible 1
}
# A spin whose setter's create is held at --thread-bound is cut by the
# bound, not by the program: no non-termination (it was reported), and
# the bounded run is not exhaustive (it said "exhaustive" when a cutoff
# ended the run: the held create was forgotten).  At --max-threads=3 the
# fourth thread is a resource limit (a run that gave way to the child
# reached it with a cutoff to continue, and the continuation repeated
# the child's last create: "the program behaved differently").
t_nonterm_not_at_bounds() {
    rv check --json --keep-going "$D/spin_ends.c" -- -DGRANDCHILD
    expect_rc 0
    expect_json .exhaustive true
    rv check --json --keep-going --thread-bound=1 "$D/spin_ends.c" -- -DGRANDCHILD
    expect_rc 3
    expect_json .exhaustive false
    expect_json '[.errors[].kind]|join(",")' ""
    expect_json_match .incomplete_reason '^thread bound: '
    rv check --json --keep-going --max-threads=3 "$D/spin_ends.c" -- -DGRANDCHILD
    expect_rc 3
    expect_json '[.errors[].kind]|join(",")' resource-limit
    expect_json_match .incomplete_reason 'more than 3 threads \(--max-threads\)'
}

# main returns while a thread spins: a non-termination under the default
# program end only, and the report says so; none with --posix-exit.
t_nonterm_main_returned() {
    rv check --json "$D/nonterm_mainret.c"
    expect_rc 1
    expect_json '[.errors[].kind]|join(",")' non-termination
    expect_json '.errors[0].location' "$D/nonterm_mainret.c:$(line_of "$D/nonterm_mainret.c" "marker: spin") (spin)"
    expect_json_match '.errors[0].message' '; main has finished: if it returned, a real run ends here \(its exit\(\) ends every thread; --posix-exit models that\)$'
    rv check --json --posix-exit "$D/nonterm_mainret.c"
    expect_rc 0
    expect_json .exhaustive true
}

# A spin ended by a SIGALRM handler (spin_alarm.c): its states are unique
# after alarm(), and the check at the end of a run took its repeating
# reads for a cycle (non-termination); it is a limit, as without cutoffs.
t_nonterm_not_after_taint() {
    rv check --json "$D/spin_alarm.c"
    expect_rc 3
    expect_json .exhaustive false
    expect_json '[.errors[].kind]|join(",")' event-limit
    expect_json_match .incomplete_reason 'states are unique'
}

# A timeout on the time stamp counter (spin_rdtsc.c): the instruction's
# value comes from outside, so every state is unique, named in the
# build's note; it was reported as non-termination.
t_nonterm_not_rdtsc() {
    rv check --json "$D/spin_rdtsc.c"
    expect_rc 3
    expect_json .exhaustive false
    expect_json '[.errors[].kind]|join(",")' event-limit
    expect_json_match .unique_build 'spin_rdtsc.c \(the instruction rdtsc in main\)'
}

# Issue 27 part 4: the attacks each failed at 664a6c0 (an error with
# liveness that RAVEL_LIVENESS=0 does not have); each program's header
# says how.  Now the driver writes no table for them (liveness.h).
t_live_swapcontext() { live_both live_swapcontext.c; }
t_live_getcontext() { live_both live_swapcontext.c -DGETCONTEXT; }
t_live_makecontext() { live_both live_swapcontext.c -DMAKECONTEXT; }
t_live_rsp_asm() { live_both live_rsp.c; }
t_live_rsp_global_reg() { live_both live_rsp.c -DGLOBAL_REG; }
t_live_rsp_alloca() { live_both live_rsp.c -DALLOCA; }
t_live_rsp_vla() { live_both live_rsp.c -DVLA; }
t_live_rsp_naked() { live_both live_rsp.c -DNAKED; }
t_live_frame_address_section() { live_both live_frame_address.c -DSECTION; }
t_live_unwind() { live_both live_stack_api.c -DUNWIND; }
t_live_stack_end() { live_both live_stack_api.c -DSTACK_END; }
t_live_siginfo() { live_both live_stack_api.c -DSIGINFO; }
# save_fp from a library ravel did not compile: a shared one linked by a
# versioned path, an archive named through -Wl (both missed by the link
# line check of 664a6c0)
live_lib() {
    "$CC_T" -O0 -fPIC -c -o "$W/lf.o" "$D/live_frame_lib.c" &&
        "$CC_T" -shared -o "$W/libx.so.1" "$W/lf.o" && ar rcs "$W/libx.a" "$W/lf.o" ||
        { fail_because "the library does not build"; return 1; }
}
t_live_frame_address_so_version() { live_lib && live_both live_frame_address.c -DEXTERN "$W/libx.so.1"; }
t_live_frame_address_wl_archive() {
    live_lib && live_both live_frame_address.c -DEXTERN -Wl,--whole-archive,"$W/libx.a",--no-whole-archive
}

# Issue 27 part 5: memory written by code the compiler did not
# instrument, for every spelling of uninstr.h and the flags that do it;
# at 664a6c0 the default said "no error, exhaustive" for each (the text
# scan of the .c files saw none of them).  Now the compiler's output and
# objects are read (objscan.h): the states are unique, and the summary
# says why.
uninstr() {
    same_errors "$@"
    expect_json_match .unique_states_from 'instrumentation'
}
t_uninstr_asm_macro() { uninstr uninstr.c -DASM_MACRO; }
t_uninstr_no_sanitize() { uninstr uninstr.c -DNO_SANITIZE; }
t_uninstr_no_sanitize_thread() { uninstr uninstr.c -DNO_SANITIZE_THREAD; }
t_uninstr_no_sanitize_calls() { uninstr uninstr.c -DNO_SANITIZE_CALLS; }
t_uninstr_disable() { uninstr uninstr.c -DDISABLE_INSTRUMENTATION; }
t_uninstr_pragma() { uninstr uninstr.c -DPRAGMA; }
t_uninstr_naked() { uninstr uninstr.c -DNAKED; }
t_uninstr_file_asm() { uninstr uninstr.c -DFILE_ASM; }
t_uninstr_ignorelist() { uninstr uninstr.c -fsanitize-ignorelist="$D/uninstr.ignore"; }
t_uninstr_blacklist() { uninstr uninstr.c -fsanitize-blacklist="$D/uninstr.ignore"; }
t_uninstr_no_sanitize_flag() { uninstr uninstr_all.c -fno-sanitize=thread; }
t_uninstr_mllvm() { uninstr uninstr_all.c -mllvm -tsan-instrument-memory-accesses=0; }
# the same template instrumented: cutoffs stay on and find the error
t_uninstr_control() {
    same_errors uninstr_all.c
    expect_json .unique_states_from null
}
# assembly ravel did not compile, linked as an object or through -Wl
t_uninstr_asm_object() {
    "$CC_T" -c -o "$W/set.o" "$D/uninstr_set.S" || { fail_because "uninstr_set.S"; return; }
    uninstr uninstr.c -DEXTERN "$W/set.o"
}
t_uninstr_asm_wl_archive() {
    "$CC_T" -c -o "$W/set.o" "$D/uninstr_set.s" && ar rcs "$W/libset.a" "$W/set.o" ||
        { fail_because "uninstr_set.s"; return; }
    uninstr uninstr.c -DEXTERN -Wl,--whole-archive,"$W/libset.a",--no-whole-archive
}
# gcc's spellings (no disable_sanitizer_instrumentation, no pragma)
uninstr_gcc() {
    command -v gcc >/dev/null || { skip_test "no gcc"; return; }
    RV_OPTS=(--cc=gcc)
    uninstr uninstr.c "$@"
}
t_uninstr_gcc_asm_macro() { uninstr_gcc -DASM_MACRO; }
t_uninstr_gcc_no_sanitize() { uninstr_gcc -DNO_SANITIZE; }
t_uninstr_gcc_no_sanitize_thread() { uninstr_gcc -DNO_SANITIZE_THREAD; }
t_uninstr_gcc_naked() { uninstr_gcc -DNAKED; }
t_uninstr_gcc_file_asm() { uninstr_gcc -DFILE_ASM; }
# the adversary's (attack39): stores ThreadSanitizer passes by because
# they are target intrinsics (maskmovdqu's address is an implicit
# operand; vpmaskmovd, AVX-512 scatter and compress store), found by the
# object scan; a nontemporal store is instrumented (an event) and needs
# no scan.  Each ran right on 7472ad3.
cpu_has() { grep -qw "$1" /proc/cpuinfo 2>/dev/null || { skip_test "no $1 on this CPU"; return 1; }; }
t_uninstr_maskmov() { uninstr uninstr.c -DMASKMOV; }
t_uninstr_maskstore() { cpu_has avx2 && uninstr uninstr.c -DMASKSTORE; }
t_uninstr_scatter() { cpu_has avx512f && uninstr uninstr.c -DSCATTER; }
t_uninstr_compress() { cpu_has avx512f && uninstr uninstr.c -DCOMPRESS; }
t_uninstr_nontemporal() { same_errors uninstr.c -DNONTEMPORAL; }

# Issue 27 part 2: every store of the runtime into the program's memory
# is part of the state (src/runtime/progmem.c).  outparam.tsv has a row
# for every function the runtime archive defines for the program's calls
# (compile.c binds X to each global function __ravel_X; the runtime's
# variables are no entry points): a program of outparam.c
# for each that stores through a pointer or into state the program reads
# back, whose bug dfs finds and the default mode must find too (before,
# pthread_create's *thread, pthread_join's *retval and the attribute
# getters were cut off: "no error, exhaustive"), and for the others the
# reason they store nothing the program can see.
rt_names() {
    nm --defined-only "$(dirname "$RAVEL")/libravel_rt.a" |
        awk '$2 ~ /^[TW]$/ && $3 ~ /^__ravel_/ {print substr($3, 9)}' |
        grep -Ev '^(unsupported|unsup_.*|user_main|atomic_fns|natomic_fns)$' | sort -u
}
t_outparam_listed() {
    local have want
    have=$(grep -v '^#' "$D/outparam.tsv" | cut -f1 | sed 's/#.*//' | sort -u)
    want=$(rt_names)
    [ -n "$want" ] || fail_because "no __ravel_ functions in $(dirname "$RAVEL")/libravel_rt.a"
    local missing extra
    missing=$(comm -23 <(echo "$want") <(echo "$have") | paste -sd' ')
    extra=$(comm -13 <(echo "$want") <(echo "$have") | paste -sd' ')
    [ -z "$missing" ] || fail_because "functions with no row in outparam.tsv: $missing"
    [ -z "$extra" ] || fail_because "rows for functions the runtime does not define: $extra"
}
# outparam_rows REGEX [unique [EXCLUDE]]: the rows whose name matches
# REGEX and not EXCLUDE, each checked
# with dfs (an assertion: the program observes the store) and the default
# mode, whose states must not be unique (else no state is cut, and the
# row proves nothing) unless the second argument allows it (input and
# clocks: their states are unique by design, docs/UDPOR.md).
outparam_rows() {
    local name ty init op setup bug ginit n=0
    while IFS=$'\t' read -r name ty init op setup bug ginit; do
        [[ $name == \#* || $ty == none ]] && continue
        [[ $name =~ $1 ]] || continue
        [[ -n ${3:-} && $name =~ $3 ]] && continue
        n=$((n + 1))
        local fl=("-DT=$ty" "-DOUT(p)=$op")
        [ "$init" = - ] || fl+=("-DINIT(p)=$init")
        [ "$setup" = - ] || fl+=("-DSETUP()=$setup")
        [ "$bug" = - ] || fl+=("-DBUG()=$bug")
        [ "$ginit" = - ] || fl+=("-DGINIT=$ginit")
        rv check --json --algo=dfs $LIM "$D/outparam.c" -- "${fl[@]}"
        if [ "$RC" != 1 ] || [ "$(kinds)" != assertion ]; then
            fail_because "$name: dfs exit $RC, errors '$(kinds)' (the row must observe the store)$(_rv_errhint)"
            continue
        fi
        rv check --json $LIM "$D/outparam.c" -- "${fl[@]}"
        [ "$RC" = 1 ] && [ "$(kinds)" = assertion ] ||
            fail_because "$name: default mode exit $RC, errors '$(kinds)', dfs found the assertion"
        [ -n "${2:-}" ] || [ "$(json .unique_states_from)" = null ] ||
            fail_because "$name: unique states ($(json .unique_states_from)): nothing is cut"
    done <"$D/outparam.tsv"
    [ "$n" -gt 0 ] || fail_because "no row matches /$1/"
}
t_outparam_threads() { outparam_rows '^(pthread_(create|join|key|get|set|sig)|thrd_|tss_|sigproc|sem_|__pthread)'; }
t_outparam_attr() { outparam_rows '^pthread_attr_' "" '^pthread_attr_set(affinity|sigmask)_np$'; }
# the affinity and the signal mask live in the C library's extension of
# the object, in no memory image: unique (posix_ext.c attr_ext_back)
t_outparam_attr_ext() { outparam_rows '^pthread_attr_set(affinity|sigmask)_np$' unique; }
t_outparam_objattr() { outparam_rows '^pthread_(mutex|cond|rwlock|barrier)attr_'; }
t_outparam_heap() { outparam_rows '^(posix_memalign|calloc|realloc|reallocarray|strdup)$'; }
t_outparam_mem() { outparam_rows '^(mem|bcopy|bzero|explicit_bzero|stpcpy|str[a-z]*cpy|str[a-z]*cat|qsort)'; }
t_outparam_fmt() { outparam_rows '^(v?s?n?printf|v?as?printf|v?f?d?printf|v?sscanf|__isoc99)'; }
t_outparam_parse() { outparam_rows '^(strto|strsep)'; }
t_outparam_io() { outparam_rows '^(fgets|fread|read|pread|recv|getline|getdelim|time|gettimeofday|clock_gettime)' unique; }
t_outparam_clock() { outparam_rows '^(clock_getres|timespec_getres)$'; }
# the computational functions (libcout.c); the time conversions and
# strfry change the C library's own state: unique
calc_re='^(rand_r|[enj]rand48|drand48_r|random_r|asctime_r|frexpf?|modff?|sincosf?|remquo|lgamma_r|strerror_r|__xpg_strerror_r|mbstowcs|wcstombs|mbrtowc|mbsrtowcs|wcrtomb|wcsrtombs|strxfrm|swab|wcs(n?cpy|cat|to(l|ul|d))|wmem(cpy|move|set)|inet_(pton|ntop)|sig(empty|fill|add|del)set|confstr)(#|$)'
t_outparam_calc() { outparam_rows "$calc_re"; }
t_outparam_calc_libc_state() { outparam_rows '^(gmtime_r|localtime_r|ctime_r|strfry)$' unique; }
t_outparam_time_struct() { outparam_rows '^(mktime|timelocal|strftime)$' unique; }
t_outparam_timegm() { outparam_rows '^timegm$'; }
# the system-call-like functions (sysout.c) whose rows need no descriptor,
# stream or database of their own: cut.  The clocks, the resource usage
# and the random bytes differ from one execution to the next, so those
# rows' branches never fold (nothing is cut), but without the store in
# the state they would fold and the bug would be cut off.
sys_re='^(f?stat(64)?|fstatat(64)?|lstat(64)?|getcwd|realpath|readlink|gethostname|uname|getrlimit(64)?|times|getrusage|ftime|getentropy|getrandom|poll|select)$'
t_outparam_sys() { outparam_rows "$sys_re"; }
# the others: the setup makes a socket, a stream, a pipe, a terminal or a
# child, or the call changes state outside the program's memory (a
# descriptor, a stream's position, a reaped child, the C library's
# database and iconv state): a taint (docs/UDPOR.md), so the states are
# unique and the rows check only that dfs and the default mode see the
# store (the race tests of tests/adversary/outsys_out.c check the events)
t_outparam_sys_taint() { outparam_rows '^(accept4?|fgetpos(64)?|fgets_unlocked|fgetws|fread_unlocked|getaddrinfo|get(gr|pw)(nam|gid|uid)_r|getpeername|getsockname|getsockopt|iconv|pipe2?|preadv(64)?|readv|ptsname_r|recvfrom|recvmsg|ttyname_r)$' unique; }
# exit handlers: the C library's list, which a runtime word stands for
# (engine.c); the handler that fails at exit is the one g1's branch chose
t_outparam_exit() { outparam_rows '^(atexit|on_exit|__cxa_atexit)$'; }
# A C library function the runtime does not wrap, reached through its
# address (no call's relocation names it, so it got no tainting
# trampoline): its store was in no state, and the default mode said
# "no error, exhaustive" where dfs found the assertion (adversary of issue
# 27, with memccpy, which libcout.c now wraps; then getrlimit, which
# sysout.c now wraps; fscanf is not wrapped).  Now such a program's
# states are all unique (compile.c,
# note_impure_addresses), and the build's note says why.
t_addr_taken() {
    local fl=(-DT=buf16 '-DOUT(p)=do { int (*volatile fp_)(FILE *, const char *, ...) = fscanf; fp_(f, "%4c", *p); } while (0)'
        '-DSETUP()=f = fopen("/dev/zero", "r")' '-DGINIT={1}')
    rv check --json --algo=dfs $LIM "$D/outparam.c" -- "${fl[@]}"
    expect_rc 1
    expect_eq "dfs errors" "$(kinds)" assertion
    rv check --json $LIM "$D/outparam.c" -- "${fl[@]}"
    expect_rc 1
    expect_eq "default errors" "$(kinds)" assertion
    expect_json_match .unique_build 'fscanf called through its address'
}
# ... and a direct call under -fno-plt (`call *fscanf@GOTPCREL(%rip)`:
# no R_X86_64_PLT32 relocation either)
t_addr_taken_noplt() {
    local fl=(-DT=buf16 '-DOUT(p)=fscanf(f, "%4c", *p)' '-DSETUP()=f = fopen("/dev/zero", "r")'
        '-DGINIT={1}' -fno-plt)
    rv check --json $LIM "$D/outparam.c" -- "${fl[@]}"
    expect_rc 1
    expect_eq "default errors" "$(kinds)" assertion
    expect_json_match .unique_build 'fscanf'
}
# ... a pure one (strcmp as qsort's comparator) taints nothing: cutoffs
t_addr_taken_pure() {
    local fl=(-DT=int '-DOUT(p)=do { const char *v_[2] = {"b", "a"}; qsort(v_, 1, sizeof *v_, (int (*)(const void *, const void *))strcmp); } while (0)')
    rv check --json $LIM "$D/outparam.c" -- "${fl[@]}"
    expect_rc 0
    expect_json .unique_states_from null
    expect_json_match .cutoffs '^[1-9]'
}
# The template cuts: with a call that stores nothing the default mode
# has cutoffs, and no error (dfs agrees), so a row's bug is found only
# because the state holds what its call stored.
t_outparam_control() {
    local fl=(-DT=int '-DOUT(p)=(void)(p)')
    rv check --json --algo=dfs $LIM "$D/outparam.c" -- "${fl[@]}"
    expect_rc 0
    rv check --json $LIM "$D/outparam.c" -- "${fl[@]}"
    expect_rc 0
    expect_json .unique_states_from null
    expect_json_match .cutoffs '^[1-9]'
}

# --- --memory=drf (issue 28 part 7; docs/UDPOR.md "Cutoffs under --memory=drf") ---
# A spin on an atomic flag: its states repeat and are cut, exhaustive with
# the default mode's executions (before: no cutoffs in drf, the spin ran
# to --max-events).  -DBUG is found as the default (sc) mode finds it
# (drf --no-cutoffs and dfs only reach the event limit); -DPLAIN's plain write makes the states unique: not exhaustive, and
# the summary names the access.
t_drf_spin() {
    rv check --json "$D/drf_spin.c"
    expect_rc 0
    local sc
    sc=$(json .executions)
    rv check --json --memory=drf --max-events=20000 "$D/drf_spin.c"
    expect_rc 0
    expect_json .exhaustive true
    expect_eq "drf executions (vs sc)" "$(json .executions)" "$sc"
    expect_json_match .cutoffs '^[1-9]'
    rv check --json --keep-going --max-events=100 "$D/drf_spin.c" -- -DBUG
    expect_eq "sc errors" "$(kinds)" "assertion"
    rv check --json --memory=drf --keep-going --max-events=100 "$D/drf_spin.c" -- -DBUG
    expect_eq "drf errors with cutoffs (vs sc)" "$(kinds)" "assertion"
    expect_json .exhaustive true
    rv check --json --memory=drf --max-events=20000 "$D/drf_spin.c" -- -DPLAIN
    expect_rc 3
    expect_json_match .incomplete_reason 'plain accesses under --memory=drf'
    expect_json_match '.unique_sources[0].location' 'drf_spin.c:20'
}
# A CAS whose `expected` local is spilled and reloaded in functions with
# only atomic hooks (cas_expected.c's header; an MCS lock's release):
# the store through the reloaded frame address is a stack store.  Before,
# every state was unique: no cutoff, never exhaustive, and -DBUG's
# assertion was not found in 60 s (3,573 executions).
t_cas_expected() {
    rv check --json "$D/cas_expected.c"
    expect_rc 0
    expect_json .exhaustive true
    expect_json .unique_states_from null
    expect_json_match .cutoffs '^[1-9]'
    rv check --json "$D/cas_expected.c" -- -DBUG
    expect_rc 1
    expect_json '[.errors[] | .kind + "@" + (.location | sub(" .*"; "") | sub(".*:"; ""))] | join(",")' "assertion@63"
}
# Attacks: a value written by plain accesses read after a spin, and two
# histories with equal states but different happens-before (a race in one).
t_drf_value() {
    RV_OPTS=(--memory=drf)
    same_errors drf_value.c
    RV_OPTS=()
}
t_drf_hb() {
    RV_OPTS=(--memory=drf)
    same_errors drf_hb.c
    RV_OPTS=()
}

# Barrier loops (barrier_loop.c): the generation is out of the compared
# state, so an endless barrier loop reaches cutoffs (before: the first
# execution ran to --max-events, exit 3).  Ground truth: the bounded loop
# under --algo=dfs and --no-cutoffs, and the errors the comment derives.
bar_check() { # WANT_RC WANT_KINDS [ravel options] -- [cflags]
    local rc=$1 want=$2
    shift 2
    rv check --json --keep-going "$@"
    expect_rc "$rc"
    expect_json .exhaustive true
    expect_eq "errors" "$(kinds)" "$want"
}
t_barrier_loop() {
    local f=$D/barrier_loop.c
    bar_check 0 "" "$f"
    expect_json_match .cutoffs '^[1-9]'
}
t_barrier_loop_bug() {
    local f=$D/barrier_loop.c
    bar_check 1 assertion --algo=dfs "$f" -- -DBUG -DBOUND=3
    bar_check 1 assertion --no-cutoffs "$f" -- -DBUG -DBOUND=3
    bar_check 1 assertion "$f" -- -DBUG -DBOUND=3
    bar_check 0 "" --no-cutoffs "$f" -- -DBUG -DBOUND=2 # not before the third cycle
    bar_check 0 "" "$f" -- -DBUG -DBOUND=2
    bar_check 1 assertion "$f" -- -DBUG # endless: cutoffs end it
    expect_json_match .cutoffs '^[1-9]'
}
t_barrier_loop_lag() {
    local f=$D/barrier_loop.c
    # two waits each: main cannot lag two cycles (no assertion), a thread
    # left alone deadlocks; with cutoffs as without
    bar_check 1 deadlock --no-cutoffs "$f" -- -DLAG -DBOUND=2
    bar_check 1 deadlock "$f" -- -DLAG -DBOUND=2
    # three waits each: main lags two cycles (the assertion) as derived
    # in the comment (--no-cutoffs takes minutes here)
    bar_check 1 assertion,deadlock "$f" -- -DLAG -DBOUND=3
}

rv_main "$@"
