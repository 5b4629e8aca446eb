#!/usr/bin/env bash
# tests/svcomp — SV-COMP task semantics: --property, verdicts, `ravel check
# task.yml` (format 2.0 task files and .prp property files, written here
# for the purpose), and C99 inline functions without an external
# definition.  Ground truth: each program's comment says which paths reach
# what; execution counts under a property are checked against the same
# exploration without one (--algo=dfs --keep-going explores everything
# either way), and replays against the schedule.
. "$(dirname "$0")/../lib.sh"
S=$ROOT/tests/svcomp

expect_err() { grep -Eq -- "$1" "$W/err" || fail_because "stderr does not match /$1/: $(head -c 300 "$W/err" | tr '\n' ' ')"; }

# ---- abort() is "this path is infeasible" under unreach-call ----------------
t_abort_assume_task() {
    rv check --json "$S/abort_assume.yml"
    expect_rc 0
    expect_json .verdict TRUE
    expect_json .property unreach-call
    expect_json .expected_verdict true
    expect_json '.errors|length' 0
    # the aborts end executions without an error and the exploration goes
    # on: udpor (no cutoffs) runs one execution per trace that dfs counts
    rv check --json --algo=dfs --count-traces --property=unreach-call "$S/abort_assume.c"
    expect_rc 0
    local n=$(json .traces)
    rv check --json --no-cutoffs --property=unreach-call "$S/abort_assume.c"
    expect_json .executions "$n"
    [ "$n" -gt 1 ] 2>/dev/null || fail_because "only '$n' traces: the exploration stopped"
    # without a property the first abort is an error
    rv check --json --algo=dfs --keep-going "$S/abort_assume.c"
    expect_rc 1
    expect_json '[.errors[].kind]|unique|join(",")' abort
}
t_abort_then_error() {
    # reach_error only on the path after the abort(): the explorer goes on
    for a in dfs udpor dpor source; do
        rv check --json --algo=$a "$S/abort_then_error.yml"
        expect_rc 1
        expect_json .verdict 'FALSE(unreach-call)'
        expect_json '.errors[0].kind' reach-error
        expect_json .executions 2
    done
    # without a property the abort() is the first error and ends the search
    rv check --json --algo=dfs "$S/abort_then_error.c"
    expect_rc 1
    expect_json '.errors[0].kind' abort
    expect_json .verdict 'FALSE(abort)'
    expect_json .property all
}

t_abort_ends_the_program() {
    for a in dfs udpor dpor source; do
        rv check --json --algo=$a --property=unreach-call "$S/abort_race.c"
        expect_rc 1
        expect_json .verdict 'FALSE(unreach-call)'
        expect_json '.errors[0].thread' 1
    done
}

t_abort_in_new_thread() {
    for a in dfs udpor dpor source; do
        rv check --json --algo=$a --keep-going --property=unreach-call "$S/abort_in_thread.c"
        expect_rc 1
        expect_json .verdict 'FALSE(unreach-call)'
        expect_json '.errors[0].thread' 0
        # two orders: main's reach_error first, or the thread's abort first
        expect_json .executions 2
    done
}

# ---- deadlocks: not a violation of unreach-call ------------------------------
t_deadlock_unreach_call() {
    for a in dfs udpor dpor source; do
        rv check --json --algo=$a "$S/deadlock.yml"
        expect_rc 0
        expect_json .verdict TRUE
    done
    rv check --json --algo=dfs --property=unreach-call "$S/deadlock.c"
    local n=$(json .executions)
    rv check --json --algo=dfs --keep-going "$S/deadlock.c"
    expect_json '[.errors[].kind]|unique|join(",")' deadlock
    expect_json .executions "$n"
}
t_deadlock_no_deadlock() {
    rv check --json "$S/deadlock_nodeadlock.yml"
    expect_rc 1
    expect_json .verdict 'FALSE(no-deadlock)'
    expect_json .expected_verdict false
    expect_json '.errors[0].kind' deadlock
    rv check --property=no-deadlock "$S/deadlock.c"
    expect_rc 1
    grep -Eq '^verdict +FALSE\(no-deadlock\)$' "$W/out" || fail_because "no FALSE verdict line: $(head -c 400 "$W/out")"
    grep -Eq '^property +no-deadlock$' "$W/out" || fail_because "no property line"
    # --property overrides the task's (with a note)
    rv check --json --property=no-deadlock "$S/deadlock.yml"
    expect_rc 1
    expect_json .verdict 'FALSE(no-deadlock)'
    expect_json .expected_verdict null
    expect_err 'does not list --property=no-deadlock'
}

# ---- reach_error behind one interleaving, replayed ----------------------------
t_interleaving_replay() {
    rv check --json "$S/interleave.yml"
    expect_rc 1
    expect_json .verdict 'FALSE(unreach-call)'
    expect_json '.errors[0].kind' reach-error
    expect_json_match '.errors[0].location' "/interleave.c:$(line_of "$S/interleave.c" 'MARK reach') \\(reader\\)$"
    local sched
    sched=$(json '.errors[0].schedule_file')
    [ -f "$sched" ] || fail_because "no schedule file '$sched'"
    rv replay --json "$S/interleave.c" "$sched"
    expect_rc 1
    expect_json .outcome.kind reach-error
    expect_json_match .outcome.location "/interleave.c:$(line_of "$S/interleave.c" 'MARK reach') \\(reader\\)$"
    # the reader read a between the writer's two stores; its reach_error
    # ends the program as a step of its own (process-exit), the last one
    expect_json '[.steps[] | .action] | index("read(a, 4)") as $r | [.[:$r][] | select(. == "write(a, 4)")] | length' 1
    expect_json '.steps[-1].action' 'process-exit(134)'
    expect_json '.steps[-1].thread' "$(json .outcome.thread)"
    # the schedule file records the property, so that the replay has the same steps
    grep -q -- '--property=unreach-call' "$sched" || fail_because "no --property in $sched"
}

# ---- spurious wake-ups: ravel cannot produce them, so no TRUE ----------------
t_spurious_wakeup() {
    rv check --json "$S/spurious.yml"
    expect_rc 3
    expect_json .verdict UNKNOWN
    expect_json_match .verdict_reason "condition variable \\(.*/spurious.c:$(line_of "$S/spurious.c" 'if (!ready) pthread_cond_wait') \\(waiter\\)\\).*spurious wake-ups"
    expect_json .exhaustive true
    # why: ravel's own semantics (no spurious wake-up) finds no error
    rv check --json --algo=dfs --keep-going "$S/spurious.c"
    expect_rc 0
    expect_json '.errors|length' 0
}

# ---- C99 inline without an external definition ---------------------------------
t_inline_helper() {
    # the premise: plain cc -O0 does not link it
    local cc=${CC:-$(command -v clang >/dev/null && echo clang || echo gcc)}
    if "$cc" -O0 -o "$W/plain" "$S/inline_helper.c" -lpthread 2>"$W/cc.err"; then
        fail_because "$cc -O0 links inline_helper.c: the test's premise does not hold"
    fi
    rv check --json --no-cache "$S/inline_helper.yml"
    expect_rc 1
    expect_json .verdict 'FALSE(unreach-call)'
    expect_err 'gnu89-inline'
    rv check --json --property=unreach-call "$S/inline_helper.c" -- -DLOCKED
    expect_rc 0
    expect_json .verdict TRUE
}
t_inline_c99_multifile() {
    # valid C99: links as such (no GNU89 retry), and GNU89 would break it
    rv check --json --no-cache "$S/multifile/a.c" "$S/multifile/b.c"
    expect_rc 0
    grep -q gnu89 "$W/err" && fail_because "built with GNU89 inline semantics: $(head -c 200 "$W/err")"
    local cc=${CC:-$(command -v clang >/dev/null && echo clang || echo gcc)}
    if "$cc" -O0 -fgnu89-inline -o "$W/g89" "$S/multifile/a.c" "$S/multifile/b.c" 2>/dev/null; then
        fail_because "the multi-file program links under GNU89 too: the test shows nothing"
    fi
    # a genuine missing function is still a link error (exit 2)
    printf 'extern int nowhere(int);\nint main(void) { return nowhere(1); }\n' >"$W/missing.c"
    rv check "$W/missing.c"
    expect_rc 2
    expect_err "undefined reference to .nowhere"
}

# ---- data races: no-data-race vs unreach-call ------------------------------------
t_race_properties() {
    rv check --json --property=no-data-race "$S/race.yml"
    expect_rc 1
    expect_json .verdict 'FALSE(no-data-race)'
    expect_json '.errors[0].kind' data-race
    expect_json .expected_verdict false
    expect_json_match '.errors[0].location + " " + .errors[0].other_location' "race.c:$(line_of "$S/race.c" 'MARK race') \(t\)"
    rv check --json --property=unreach-call "$S/race.yml"
    expect_rc 0
    expect_json .verdict TRUE
    expect_json .expected_verdict true
    # a task with two supported properties needs --property
    rv check "$S/race.yml"
    expect_rc 2
    expect_err 'several properties'
}

# ---- what ravel does not check -------------------------------------------------------
t_unsupported_property() {
    rv check "$S/overflow.yml"
    expect_rc 2
    expect_err 'unsupported property.*overflow'
    sed 's/no-overflow/termination/' "$S/overflow.yml" >"$W/term.yml"
    cp -r "$S/properties" "$S/race.c" "$W/"
    rv check "$W/term.yml"
    expect_rc 2
    expect_err 'unsupported property.*F end'
    rv check --property=no-overflow "$S/race.c"
    expect_rc 2
    expect_err "--property expects"
}
t_ilp32() {
    rv check "$S/ilp32.yml"
    expect_rc 2
    expect_err 'ILP32.*x86-64'
    rv check --json --data-model=LP64 "$S/ilp32.yml"
    expect_rc 1
    expect_json .verdict 'FALSE(unreach-call)'
}
t_task_file_errors() {
    cp -r "$S/properties" "$S/race.c" "$W/"
    printf "format_version: '2.0'\ninput_files: 'race.c'\nproperties:\n\t- property_file: properties/unreach-call.prp\n" >"$W/tab.yml"
    rv check "$W/tab.yml"
    expect_rc 2
    expect_err 'tab.yml:4: a tab'
    printf "format_version: '2.0'\ninput_files: 'nothere.c'\nproperties:\n  - property_file: properties/unreach-call.prp\n" >"$W/missing.yml"
    rv check "$W/missing.yml"
    expect_rc 2
    expect_err 'nothere.c'
    printf "format_version: '2.0'\ninput_files: 'race.c'\nproperties:\n  - property_file: properties/nope.prp\n" >"$W/noprp.yml"
    rv check "$W/noprp.yml"
    expect_rc 2
    expect_err 'cannot read the property file.*nope.prp'
    # block-sequence input_files, comments, double quotes; relative to the yml
    mkdir -p "$W/sub"
    printf "format_version: \"2.0\"  # a comment\ninput_files:\n  - \"../race.c\"\nproperties:\n  - property_file: ../properties/unreach-call.prp\n    expected_verdict: true\noptions:\n  language: C\n  data_model: LP64\n" >"$W/sub/t.yml"
    rv check --json "$W/sub/t.yml"
    expect_rc 0
    expect_json .verdict TRUE
    expect_json '.input_files|join(",")' "$W/sub/../race.c"
    expect_json .program "$W/sub/t.yml"
}

# ---- valid-memsafety: what ravel observes --------------------------------------------
t_memsafety() {
    rv check --json "$S/double_free.yml"
    expect_rc 1
    expect_json .property valid-memsafety
    expect_json .verdict 'FALSE(valid-free)'
    expect_json .expected_subproperty valid-free
    expect_json_match '.errors[0].location' "/double_free.c:$(line_of "$S/double_free.c" 'MARK free') \\(t\\)$"
    rv check --json --property=valid-memsafety "$S/null_deref.c"
    expect_rc 1
    expect_json .verdict 'FALSE(valid-deref)'
    expect_json_match '.errors[0].location' "/null_deref.c:$(line_of "$S/null_deref.c" 'MARK deref') \\(main\\)$"
    # no violation: still no TRUE (leaks and non-faulting accesses are not checked)
    rv check --json --property=valid-memsafety "$S/deadlock.c"
    expect_rc 3
    expect_json .verdict UNKNOWN
    expect_json_match .verdict_reason 'valid-memtrack'
    # under unreach-call a crash is undefined behaviour, not covered: UNKNOWN
    rv check --json --property=unreach-call "$S/null_deref.c"
    expect_rc 3
    expect_json .verdict UNKNOWN
    expect_json_match .verdict_reason 'crash'
}

# ---- assert() outside reach_error; __VERIFIER_error -------------------------------------
t_assert_and_verifier_error() {
    rv check --json --property=unreach-call "$S/plain_assert.c"
    expect_rc 0
    expect_json .verdict TRUE
    rv check --json "$S/plain_assert.c"
    expect_rc 1
    expect_json '.errors[0].kind' assertion
    rv check --json --property=unreach-call --nondet-domain=0:3 "$S/verifier_error.c"
    expect_rc 1
    expect_json .verdict 'FALSE(unreach-call)'
    expect_json '.errors[0].kind' reach-error
    # the value 2 is outside the domain: no violation, and not exhaustive
    rv check --json --property=unreach-call --nondet-domain=3:5 "$S/verifier_error.c"
    expect_rc 3
    expect_json .verdict UNKNOWN
    expect_json_match .verdict_reason 'nondet-domain'
}

rv_main "$@"
