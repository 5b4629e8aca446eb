#!/usr/bin/env bash
# tests/report — what a person reads about an error (issue 31): the call
# stacks of the threads involved and the program's names for objects (text,
# JSON), the HTML report opened in a real browser (headless Chromium: the
# DOM after its script ran), `ravel report`, SARIF 2.1.0 checked against the
# schema's definitions (sarif_check.jq), `ravel replay --gdb` in gdb's batch
# mode, `make install` into a temporary prefix, and a terminal without the
# compiler's noise about ravel's own flags.
# Chromium and gdb come from scripts/deps.sh; a test needing one that is
# missing says so in a SKIP note.  RAVEL_SARIF_SCHEMA=FILE (the OASIS
# schema, which the repository does not copy) adds a full validation with
# python3's jsonschema to sarif_two_errors.
. "$(dirname "$0")/../lib.sh"
D=$ROOT/tests/report

# browser FILE.html [#fragment [shot]]: the DOM after the page's script ran, in
# $W/dom.html; with "shot", a screenshot in $W/shot.png too.  False (with a
# SKIP note) without chromium.
browser() {
    local ch
    ch=$(command -v chromium || command -v chromium-browser) || {
        skip_test "chromium is not installed (scripts/deps.sh installs it)"
        return 1
    }
    local prof flags
    prof=$(mktemp -d "$W/chrome.XXXXXX")
    flags=(--headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking
        --disable-component-update --disable-sync --user-data-dir="$prof" --window-size=1280,1000)
    # on one line: a row's stack holds newlines
    timeout 120 "$ch" "${flags[@]}" --dump-dom "file://$1${2:-}" 2>"$W/chrome.err" | tr '\n' ' ' >"$W/dom.html"
    [ -s "$W/dom.html" ] || fail_because "chromium printed no DOM: $(tail -2 "$W/chrome.err" | tr '\n' ' ')"
    [ "${3:-}" = shot ] || return 0
    timeout 120 "$ch" "${flags[@]}" --screenshot="$W/shot.png" "file://$1${2:-}" >/dev/null 2>>"$W/chrome.err"
    [ -s "$W/shot.png" ] || fail_because "chromium took no screenshot"
    return 0
}
dom_has() { grep -Eq -- "$1" "$W/dom.html" || fail_because "the DOM has no /$1/"; }
dom_count() { grep -Eo -- "$1" "$W/dom.html" | wc -l; }
# The JSON the page carries (between its script tags), for jq.
page_data() { sed -n '/<script type="application\/json" id="ravel-data">/,/^<\/script>/p' "$1" | sed '1d;$d' >"$W/data.json"; }

# ---- stacks and names -------------------------------------------------------------
t_stacks_text_json() {
    cp "$D/names.c" .
    rv check names.c
    expect_rc 1
    expect_out "^    #0 check names\.c:$(line_of names.c ASSERT)$"
    expect_out "^    #1 deeper names\.c:$(line_of names.c CALL-CHECK)$"
    expect_out "^    #2 worker names\.c:$(line_of names.c CALL-DEEPER)$"
    # the thread's start is the runtime's: never shown
    grep -Eq '^    #3' "$W/out" && fail_because "a frame below worker (the runtime's) is shown"
    rv check --json names.c
    expect_json '[.errors[0].stacks[0].frames[].function] | join(" ")' 'check deeper worker'
    expect_json '.errors[0].stacks[0].frames[0].line' "$(line_of names.c ASSERT)"
    expect_json '.errors[0].stacks[0].role' error
    expect_json '[.errors[0].stacks[].frames[].function | select(test("^(rv_|__ravel|__tsan)"))] | length' 0
}
t_race_both_stacks() {
    cp "$D/race.c" .
    rv check --memory=drf --json race.c
    expect_rc 1
    expect_json '.errors[0].kind' data-race
    expect_json '.errors[0].object' counter
    # the two accesses, whichever the exploration met second (the error)
    expect_json '[.errors[0].stacks[] | select(.role == "error" or .role == "other access") | "\(.thread):" + ([.frames[] | "\(.function)@\(.line)"] | join(","))] | sort | join(" ")' \
        "0:main@$(line_of race.c RACE-B) 1:bump@$(line_of race.c RACE-A),worker@$(line_of race.c CALL-BUMP)"
    expect_json '[.errors[0].stacks[] | .role] | sort | join(" ")' 'error other access'
    # where the worker was created, as ThreadSanitizer shows it; main has none
    expect_json '[.errors[0].stacks[] | select(.thread == 1) | .created_by | "\(.thread) \(.frames[0].function)@\(.frames[0].line)"] | join(" ")' \
        "0 main@$(line_of race.c CREATE)"
    expect_json '[.errors[0].stacks[] | select(.thread == 0) | .created_by] | .[0]' null
    rv check --memory=drf race.c
    expect_out '^  thread 1 was created by thread 0 at:$'
    expect_out "^    #0 main race\.c:$(line_of race.c CREATE)$"
}
t_deadlock_stacks_names() {
    cp "$ROOT/examples/philosophers.c" .
    rv check philosophers.c
    expect_rc 1
    # fork_[i], not fork_+40: the array's element from the debug information
    expect_out '^    thread 1 waits for lock\(fork_\[1\]\) at philosophers\.c:[0-9]+ \(philosopher\); the mutex is held by thread 2$'
    expect_out '^    thread 3 waits for lock\(fork_\[0\]\)'
    expect_out '^  stack of thread 2 \(waits for lock\(fork_\[2\]\)\):$'
    rv check --json philosophers.c
    expect_json '[.errors[0].stacks[] | select(.role == "blocked") | .thread] | join(" ")' '0 1 2 3'
    expect_json '[.errors[0].stacks[] | select(.thread == 1) | .frames[0].function] | join(" ")' philosopher
}
t_names_in_steps() {
    cp "$D/names.c" .
    rv check --sarif=n.sarif names.c
    expect_rc 1
    jq -r '.runs[0].results[0].codeFlows[0].threadFlows[].locations[].location.message.text' n.sarif >steps.txt
    # a heap structure's member through the parameter that points to it,
    # an element of a global array, a member of a global structure's array
    expect_file_match steps.txt '^step [0-9]+: lock\(q->lock\)$'
    expect_file_match steps.txt '^step [0-9]+: write\(q->items\[0\], 4\)$'
    expect_file_match steps.txt '^step [0-9]+: write\(table\[2\], 4\)$'
    expect_file_match steps.txt '^step [0-9]+: write\(cfg\.slots\[1\], 4\)$'
}

# ---- the HTML report in a browser ---------------------------------------------------
t_html_deadlock_browser() {
    cp "$ROOT/examples/philosophers.c" .
    rv check philosophers.c
    expect_rc 1
    expect_out '^report      ravel-out/philosophers\.html$'
    [ -s ravel-out/philosophers.html ] || { fail_because "no HTML report"; return; }
    grep -Eq '(src|href)="(https?:)?//' ravel-out/philosophers.html && fail_because "the page loads something from the network"
    page_data ravel-out/philosophers.html
    jq -e . "$W/data.json" >/dev/null || fail_because "the page's data is not JSON"
    browser "$W/ravel-out/philosophers.html" "" shot || return
    dom_has 'data-ready="1"'
    # a lane per thread (main and the three philosophers)
    for t in 0 1 2 3; do dom_has "<th class=\"lane\" data-thread=\"$t\">thread $t"; done
    # the cycle of the deadlock, and every blocked thread at the end in its lane
    dom_has 'class="cycle" data-threads="1 2 3">deadlock cycle: thread 1 → lock\(fork_\[1\]\), held by thread 2 → lock\(fork_\[2\]\), held by thread 3 → lock\(fork_\[0\]\), held by thread 1'
    expect_eq "blocked lanes" "$(dom_count 'class="lane on blockedlane" data-thread="[0-3]"')" 4
    expect_eq "step rows" "$(dom_count '<tr class="step"')" "$(jq '.errors[0].steps | length' "$W/data.json")"
    [ -n "${RAVEL_REPORT_SHOTS:-}" ] && cp "$W/shot.png" "$RAVEL_REPORT_SHOTS/philosophers-deadlock.png"
    :
}
t_html_race_browser() {
    cp "$D/race.c" .
    rv check --memory=drf race.c
    expect_rc 1
    browser "$W/ravel-out/race.html" "" shot || return
    dom_has 'data-ready="1"'
    # both racing accesses highlighted, each in its own thread's lane at
    # its line (which of them is the error depends on the exploration)
    grep -oP '<tr class="race.*?</tr>' "$W/dom.html" >races.txt
    expect_eq "racing accesses" "$(wc -l <races.txt)" 2
    grep -q "<td class=\"lane on\" data-thread=\"0\"><div class=\"act\">[^<]*counter</div><div class=\"loc\">race\.c:$(line_of race.c RACE-B)<" races.txt ||
        fail_because "main's access is not highlighted in lane 0 at its line"
    grep -q "<td class=\"lane on\" data-thread=\"1\"><div class=\"act\">[^<]*counter</div><div class=\"loc\">race\.c:$(line_of race.c RACE-A)<" races.txt ||
        fail_because "worker's access is not highlighted in lane 1 at its line"
    [ -n "${RAVEL_REPORT_SHOTS:-}" ] && cp "$W/shot.png" "$RAVEL_REPORT_SHOTS/race.png"
    :
}
t_html_long_fold_search() {
    cp "$D/long.c" .
    rv check long.c
    expect_rc 1
    local loop
    loop=$(line_of long.c LOOP)
    browser "$W/ravel-out/long.html" || return
    dom_has 'data-ready="1"'
    # thread 1's run of writes is folded: a row saying how many steps it
    # holds, which are not made until shown; with the rows shown, every step
    page_data "$W/ravel-out/long.html"
    dom_has '<tr class="fold"><td colspan="3">… [0-9]+ more steps of thread 1'
    local folded shown
    folded=$(grep -Eo '… [0-9]+ more steps of thread 1' "$W/dom.html" | grep -Eo '[0-9]+' | head -1)
    shown=$(dom_count '<tr class="step')
    [ "${folded:-0}" -gt 100 ] || fail_because "fewer than 100 steps folded (${folded:-none})"
    [ "$shown" -lt 20 ] || fail_because "$shown step rows made before unfolding"
    expect_eq "steps shown and folded" "$((shown + ${folded:-0}))" "$(jq '.errors[0].steps | length' "$W/data.json")"
    expect_eq "hits before a search" "$(dom_count 'class="step[a-z ]* hit')" 0
    # searching the loop's line (from the address) unfolds and marks its steps
    browser "$W/ravel-out/long.html" "#find=$loop" || return
    expect_eq "steps found at line $loop" "$(dom_count '<tr class="step hit" data-loc="long\.c:'"$loop"' ')" 120
    expect_eq "steps found elsewhere" "$(dom_count 'class="step[a-z ]* hit" data-loc="long\.c:[0-9]+ ')" 120
    expect_eq "folds left after the search" "$(dom_count '<tr class="fold"')" 0
    expect_eq "step rows after the search" "$(dom_count '<tr class="step')" "$(jq '.errors[0].steps | length' "$W/data.json")"
}
t_report_command() {
    cp "$D/race.c" .
    rv check --memory=drf --no-html race.c
    expect_rc 1
    [ -e ravel-out/race.html ] && fail_because "--no-html wrote a report"
    rv report ravel-out/race-data-race-1.schedule
    expect_rc 1
    expect_out '^report      ravel-out/race-data-race-1\.html$'
    page_data ravel-out/race-data-race-1.html
    expect_eq kind "$(jq -r '.errors[0].kind' "$W/data.json")" data-race
    expect_eq summary "$(jq -r '.summary' "$W/data.json")" null
    expect_eq "both accesses" "$(jq -r '[.errors[0].involved[] | select(.role == "other" or .role == "error") | .loc] | sort | join(" ")' "$W/data.json")" \
        "race.c:$(line_of race.c RACE-B) (main) race.c:$(line_of race.c RACE-A) (bump)"
    rv report --html=r.html --sarif=r.sarif ravel-out/race-data-race-1.schedule
    expect_rc 1
    [ -s r.html ] && [ -s r.sarif ] || fail_because "--html/--sarif not written"
}

# ---- SARIF -----------------------------------------------------------------------------
t_sarif_two_errors() {
    cp "$D/two.c" .
    rv check --keep-going --sarif=two.sarif two.c
    expect_rc 1
    jq -e . two.sarif >/dev/null || { fail_because "not JSON"; return; }
    local v
    v=$(jq -r -f "$D/sarif_check.jq" two.sarif)
    [ -z "$v" ] || fail_because "schema violations: $(echo "$v" | head -3 | tr '\n' ' ')"
    expect_eq results "$(jq '.runs[0].results | length' two.sarif)" 2
    expect_eq rules "$(jq -r '[.runs[0].results[].ruleId] | sort | join(" ")' two.sarif)" 'assertion deadlock'
    expect_eq "assertion line" "$(jq -r '.runs[0].results[] | select(.ruleId == "assertion") | .locations[0].physicalLocation.region.startLine' two.sarif)" \
        "$(line_of two.c ASSERT-X)"
    # what a code-scanning service shows and files an alert by: each rule's
    # help, its tags, precision and severity
    expect_eq "rules with help" "$(jq -r '[.runs[0].tool.driver.rules[] | select((.help.text | length) > 100 and (.properties.tags | length) == 1 and .properties.precision == "very-high" and .properties["problem.severity"] == "error")] | length' two.sarif)" 2
    # each rule index points at its rule
    expect_eq "rule indexes" "$(jq -r '[.runs[0] as $r | $r.results[] | $r.tool.driver.rules[.ruleIndex].id == .ruleId] | all' two.sarif)" true
    # the deadlock's code flow has both threads' waits as essential locations
    expect_eq "deadlock waits" "$(jq -r '[.runs[0].results[] | select(.ruleId == "deadlock") | .codeFlows[0].threadFlows[].locations[] | select(.importance == "essential") | .location.physicalLocation.region.startLine] | sort | join(" ")' two.sarif)" \
        "$(printf '%s\n' "$(line_of two.c T1-B)" "$(line_of two.c T2-A)" "$(grep -n 'pthread_join(p' two.c | cut -d: -f1)" | sort | tr '\n' ' ' | sed 's/ $//')"
    # with the schema itself at hand (RAVEL_SARIF_SCHEMA=sarif-schema-2.1.0.json,
    # OASIS; not in the repository) and python3-jsonschema: a full validation
    if [ -n "${RAVEL_SARIF_SCHEMA:-}" ]; then
        python3 -c 'import json, sys, jsonschema
v = jsonschema.Draft7Validator(json.load(open(sys.argv[1])))
errs = list(v.iter_errors(json.load(open(sys.argv[2]))))
for e in errs[:3]: print(list(e.absolute_path), e.message[:160])
sys.exit(1 if errs else 0)' "$RAVEL_SARIF_SCHEMA" two.sarif >"$W/schema.out" 2>&1 ||
            fail_because "invalid against $RAVEL_SARIF_SCHEMA: $(head -3 "$W/schema.out" | tr '\n' ' ')"
    fi
    # the checker finds what is wrong in a broken log (so that it can fail)
    jq '.runs[0].results[0].bogus = 1 | .runs[0].results[0].level = "fatal" | del(.runs[0].tool.driver.name)' two.sarif >bad.sarif
    expect_eq "violations of a broken log" "$(jq -r -f "$D/sarif_check.jq" bad.sarif | wc -l)" 3
}

# ---- replay under gdb ---------------------------------------------------------------------
t_gdb_batch() {
    command -v gdb >/dev/null || { skip_test "gdb is not installed (scripts/deps.sh installs it)"; return; }
    cp "$D/asrt.c" .
    rv check asrt.c
    expect_rc 1
    # at the error: main's local `seen` holds the lost update
    RAVEL_GDB="gdb -batch -ex 'print seen' -ex 'info frame'" rv replay --gdb asrt.c ravel-out/asrt-assertion-1.schedule
    expect_out '^ravel: stopped at the error \(assertion\) in thread 0$'
    expect_out '^\$1 = 1$'
    expect_out 'main \(\) at asrt\.c'
    # after step 1 (main creates thread 1), in main, with the schedule enforced
    RAVEL_GDB="gdb -batch -ex 'print rt.step' -ex 'print rt.running->tid'" \
        rv replay --gdb --break-step=1 asrt.c ravel-out/asrt-assertion-1.schedule
    expect_out '^ravel: after step 1 \(thread 0\)'
    expect_out '^\$1 = 1$'
    expect_out '^\$2 = 0$'
}

# Another thread's stack and locals at a deadlock (ravel-thread N loads the
# registers N saved when it was switched out), then on to the end: the
# registers of the thread gdb stopped on are back before the program resumes.
t_gdb_threads() {
    command -v gdb >/dev/null || { skip_test "gdb is not installed (scripts/deps.sh installs it)"; return; }
    cp "$ROOT/examples/philosophers.c" .
    rv check philosophers.c
    expect_rc 1
    local wait
    wait=$(grep -n 'pthread_mutex_lock(right)' philosophers.c | cut -d: -f1)
    # philosopher i is thread i+1; each waits for its right fork
    RAVEL_GDB="gdb -batch -ex 'ravel-thread 2' -ex 'print 100 + i' -ex 'ravel-thread 1' -ex 'print 100 + i' -ex 'ravel-thread 3' -ex 'print 100 + i' -ex 'ravel-thread 0' -ex 'info locals' -ex 'ravel-thread 9' -ex continue" \
        rv replay --gdb philosophers.c ravel-out/philosophers-deadlock-1.schedule
    expect_out '^ravel: stopped at the error \(deadlock\) in thread [0-3]$'
    expect_out '^ravel: thread 2 \(its registers until'
    expect_eq "i of threads 2, 1, 3" "$(grep -E '^\$[0-9]+ = ' "$W/out" | sed 's/^[^=]*= //' | tr '\n' ' ')" "101 100 102 "
    expect_eq "philosophers seen waiting at line $wait" \
        "$(grep -Eo "in philosopher \(arg=0x[0-2]\) at philosophers\.c:$wait$" "$W/out" | sort -u | cut -c1-23 | tr '\n' ' ')" \
        "in philosopher (arg=0x0 in philosopher (arg=0x1 in philosopher (arg=0x2 "
    expect_out '^#[0-9]+ +0x[0-9a-f]+ in main \(\) at philosophers\.c:'
    expect_out '^usage: ravel-thread N, with N a thread of the execution \(0 to 3\)$'
    # resumed on the stopped thread's own registers: the runtime ends the run
    expect_out '^ravel: deadlock: deadlock: 4 threads blocked$'
    expect_out 'exited with code 01'
}

# ---- install -------------------------------------------------------------------------------
t_install() {
    local build
    build=$(basename "$RAVEL_BUILD")
    local san=
    [ "$build" = san ] && san=1
    make -s -C "$ROOT" install SAN=$san PREFIX=/opt/rv DESTDIR="$W/root" >"$W/make.out" 2>&1 ||
        { fail_because "make install failed: $(tail -3 "$W/make.out" | tr '\n' ' ')"; return; }
    for f in bin/ravel lib/ravel/libravel_rt.a lib/ravel/ravel_cxx.h share/man/man1/ravel.1 share/bash-completion/completions/ravel; do
        [ -e "$W/root/opt/rv/$f" ] || fail_because "not installed: $f"
    done
    # moved elsewhere, and with the source and build tree gone (an empty
    # tmpfs over $ROOT in a private mount namespace, where unprivileged user
    # namespaces are allowed): ravel finds its runtime from where it is
    mv "$W/root/opt/rv" "$W/moved"
    cp "$ROOT/examples/philosophers.c" .
    # (without namespaces, at least: nothing in the program's data names the tree)
    readelf -p .rodata "$W/moved/bin/ravel" | grep -qF "$ROOT" && fail_because "the installed ravel names the build tree"
    local hide=()
    unshare -rm true 2>/dev/null &&
        hide=(unshare -rm sh -c 'mount -t tmpfs none "$0" && [ ! -e "$0/Makefile" ] && exec "$@"' "$ROOT")
    (cd "$W" && unset RAVEL_RUNTIME && XDG_CACHE_HOME=$W/cache timeout 300 "${hide[@]}" "$W/moved/bin/ravel" check --json --no-html philosophers.c) >"$W/out" 2>"$W/err"
    RC=$?
    expect_rc 1
    expect_json '.errors[0].kind' deadlock
    MANWIDTH=80 man -l "$W/moved/share/man/man1/ravel.1" >"$W/man.txt" 2>"$W/man.err" ||
        fail_because "man -l fails: $(head -2 "$W/man.err")"
    expect_file_match "$W/man.txt" '^NAME'
    expect_file_match "$W/man.txt" 'ravel - a stateless model checker'
    # bash completion: the subcommands, and check's options
    local got
    got=$(bash -c '. "$1"; COMP_WORDS=(ravel ch); COMP_CWORD=1; _ravel; echo "${COMPREPLY[*]}"' _ "$W/moved/share/bash-completion/completions/ravel")
    expect_eq "completion of 'ravel ch'" "$got" check
    got=$(bash -c '. "$1"; COMP_WORDS=(ravel check --sar); COMP_CWORD=2; _ravel; echo "${COMPREPLY[*]}"' _ "$W/moved/share/bash-completion/completions/ravel")
    expect_eq "completion of --sar" "$got" --sarif=
    # make uninstall takes back what make install put there
    make -s -C "$ROOT" install SAN=$san PREFIX=/usr DESTDIR="$W/r2" >"$W/make.out" 2>&1 &&
        make -s -C "$ROOT" uninstall SAN=$san PREFIX=/usr DESTDIR="$W/r2" >>"$W/make.out" 2>&1 ||
        fail_because "make install/uninstall failed: $(tail -3 "$W/make.out" | tr '\n' ' ')"
    expect_eq "files left by make uninstall" "$(find "$W/r2" -type f | wc -l)" 0
}

# ---- the terminal ----------------------------------------------------------------------------
t_quiet_compiler() {
    cp "$D/warn.c" .
    "${CC:-clang}" -E warn.c -o warn.i 2>/dev/null || { skip_test "no compiler to preprocess with"; return; }
    XDG_CACHE_HOME=$W/cache rv check --no-html warn.i
    expect_rc 0
    grep -Eq 'argument unused|previously preprocessed' "$W/err" && fail_because "ravel's own flags reach the user: $(head -2 "$W/err" | tr '\n' ' ')"
    XDG_CACHE_HOME=$W/cache rv check --no-cache --no-html warn.i -- -Wall
    expect_rc 0
    grep -Eq 'argument unused|previously preprocessed' "$W/err" && fail_because "noise with -Wall: $(head -2 "$W/err" | tr '\n' ' ')"
    expect_eq "the user's warning, once" "$(grep -c "unused variable 'unused_here'" "$W/err")" 1
    expect_err "^ravel check: the compiler's warnings on warn\.i \(built with -O0 -g and ThreadSanitizer instrumentation; not ravel's findings\):$"
    XDG_CACHE_HOME=$W/cache rv check --no-cache --no-html warn.c -- -Wall
    expect_eq "the user's warning on a .c, once" "$(grep -c "unused variable 'unused_here'" "$W/err")" 1
    expect_out '^time        [0-9.]+ s exploring; [0-9.]+ s building$'
    XDG_CACHE_HOME=$W/cache rv check --no-html warn.c -- -Wall
    expect_out '^time        [0-9.]+ s exploring; [0-9.]+ s building \(cached\)$'
}

rv_main "$@"
