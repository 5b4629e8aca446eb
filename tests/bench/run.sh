#!/usr/bin/env bash
# tests/bench — `make bench`'s driver (bench/run) on tiny rows: the tables
# come out with the seeds' columns and the counts of the closed forms, a
# wrong count is flagged with a non-zero exit, a run stopped by the limit
# is shown as ">LIMIT", never as a result.
. "$(dirname "$0")/../lib.sh"

# bench ROWS_TEXT LIMIT [ALGOS]: run bench/run on these rows with this ravel; the
# report in $W/R.md, the raw measurements in $W/R.tsv, stderr in $W/err.
bench() {
    printf '%s\n' "$1" >"$W/rows.txt"
    _rv_last="bench/run (BENCH_ROWS=$W/rows.txt LIMIT=$2)"
    echo "$_rv_last" >"$W/.last"
    BENCH_ROWS=$W/rows.txt BENCH_OUT=$W/R.md LIMIT=$2 BENCH_ALGOS=${3:-} RAVEL=$RAVEL QUICK= PEERS= ONLY= BUDGET=${BUDGET:-} \
        timeout -k 5 "$RV_GUARD" python3 "$ROOT/bench/run" >"$W/out" 2>"$W/err"
    RC=$?
}
need_python() { command -v python3 >/dev/null || { fail_because "python3 is not installed (scripts/deps.sh installs it)"; return 1; }; }
# raw TABLE ROW ALGO FIELD: one field of the raw measurements.
raw() {
    awk -F'\t' -v t="$1" -v r="$2" -v a="$3" -v f="$4" 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
        $1 == t && $2 == r && $3 == a { print $col[f] }' "$W/R.tsv"
}

# SSB (seed 001 Table 1) and CCNF(9), 2^((9-1)/2) = 16 traces, and seed
# 003's philosophers n=3 in PV: 2^3 - 2 schedulings and the deadlock.
t_tables_and_counts() {
    need_python || return 0
    bench "s001t1|SSB|ssb|$ROOT/bench/seeds/poet/ssb.c||ok|1|-|P=5 nI=4 nB=2 nt=0.05 ncE=48 ncO=4 ncU=38 nct=0.03 cE=46 ccut=1 cO=4 cU=37 ct=0.03
s001t1|CCNF(9)|ccnf|$ROOT/bench/seeds/poet/ccnf9.c||ok|1|16|P=9 nI=16 nB=0 nt=0.05
s003|PV n=3|pv|pv-philo:3||deadlock|1|7|sched=6 alct=1" 60 "spaces dpor source optimal udpor-nc udpor"
    expect_eq "exit status" "$RC" 0
    grep -q '^FLAG' "$W/err" && fail_because "flags: $(grep '^FLAG' "$W/err" | head -3)"
    # the seeds' own columns, in the paper's order
    expect_file_match "$W/R.md" '^\| row \| \\\|P\\\| \(paper\) \| Nidhugg \\\|I\\\| : ravel source \| \\\|B\\\| \| t\(s\) \| POET no cutoffs \\\|E\\\| : udpor --no-cutoffs \| \\\|Ω\\\| \| ⟨\\\|U\\\|⟩ \| t\(s\) \| POET cutoffs \\\|E\\\| : udpor \| \\\|E_cut\\\| \| \\\|Ω\\\| \|'
    expect_file_match "$W/R.md" '^\| row \| sched\. \(paper\) : ravel spaces \| ALCOOL t\(s\) : ravel spaces \| ALCOOL MB : ravel spaces \| SPIN t\(s\) \(paper\) \| SPIN MB \(paper\) \| udpor executions \|'
    # ravel's figure beside the published one: source finds SSB's 4 traces
    # (Nidhugg: 4), udpor --no-cutoffs 16 maximal configurations of CCNF(9)
    expect_file_match "$W/R.md" '^\| SSB \| 5 \| 4 \(4\) \| [0-9]+ \(2\) \|'
    expect_file_match "$W/R.md" '^\| CCNF\(9\) \| 9 \| 16 \(16\) \| 0 \(0\) \| [0-9.]+ \(0.05\) \| [0-9]+ \| 16 \|'
    # trace spaces count the 6 schedulings, the explorers the deadlock too
    expect_file_match "$W/R.md" '^\| PV n=3 \| 6 \(6\) \| [0-9.]+ \(1\) \| [0-9]+ \| — \| — \| 7 \|'
    expect_eq "PV n=3 spaces schedulings" "$(raw s003 'PV n=3' spaces executions)" 6
    # every exact algorithm gives the closed forms
    for a in dpor source optimal udpor-nc; do
        expect_eq "CCNF(9) $a status" "$(raw s001t1 'CCNF(9)' $a status)" ok
        expect_eq "CCNF(9) $a executions" "$(raw s001t1 'CCNF(9)' $a executions)" 16
        expect_eq "SSB $a executions" "$(raw s001t1 SSB $a executions)" 4
    done
    for a in dpor source optimal udpor-nc udpor; do
        expect_eq "PV n=3 $a executions" "$(raw s003 'PV n=3' $a executions)" 7
    done
    # an algorithm left out is said so, not shown empty
    expect_file_match "$W/R.md" '^\| SSB \| .*\| not run \|'
    expect_file_match "$W/R.md" 'time limit 60 s per run'
    expect_file_match "$W/R.md" 'peers: not present'
}

# A closed form that does not hold is flagged, and the exit status says so.
t_wrong_count_flagged() {
    need_python || return 0
    bench "s003|PV n=3|pv|pv-philo:3||deadlock|1|5|sched=6" 1
    expect_eq "exit status" "$RC" 1
    expect_file_match "$W/err" '^FLAG s003/PV n=3 optimal: 7 executions, the closed form gives 5'
    expect_file_match "$W/R.md" 'check\(s\) FAILED'
}

# A buggy variant: every complete algorithm finds the bug (seed 001's STF*).
t_bug_found() {
    need_python || return 0
    bench "s001t2|STF*|stf_bug|$ROOT/bench/seeds/poet/stf_bug.c||error|1|-|P=3" 5
    expect_eq "exit status" "$RC" 0
    for a in udpor k1 k2; do
        expect_eq "STF* $a" "$(raw s001t2 'STF*' $a status)" error
    done
}

# A real livelock (SZYMANSKI: flag1 = flag2 = 4, both threads spin at
# lines 29 and 50) is the row's expected verdict: shown as found, no FLAG;
# expected elsewhere, or not expected at all, it is flagged.
t_expected_verdict() {
    need_python || return 0
    local row="s001t2|SZYMANSKI|szymanski|bench/seeds/poet/szymanski.c||"
    bench "${row}non-termination@29,50|1|-|P=3" 60 udpor
    expect_eq "exit status" "$RC" 0
    grep -q '^FLAG' "$W/err" && fail_because "flags: $(grep '^FLAG' "$W/err" | head -3)"
    expect_eq "udpor status" "$(raw s001t2 SZYMANSKI udpor status)" error
    expect_file_match "$W/R.md" '^\| SZYMANSKI \| non-termination at line 29, 50 \| [0-9]+ · [0-9.]+ s \(non-termination\) \|'
    bench "${row}non-termination@31|1|-|P=3" 60 udpor
    expect_eq "exit status, wrong line" "$RC" 1
    expect_file_match "$W/err" '^FLAG s001t2/SZYMANSKI udpor: reports non-termination at line\(s\) (29|50)(, 50)?, expected non-termination at line 31$'
    bench "${row}ok|1|-|P=3" 60 udpor
    expect_eq "exit status, not expected" "$RC" 1
    expect_file_match "$W/err" '^FLAG s001t2/SZYMANSKI udpor: reports non-termination on a correct program$'
}

# The counter with K=6 under a 1 s limit: runs stopped by the limit show
# ">1", and the family's larger rows are not run again.
t_limit_shown() {
    need_python || return 0
    bench "i29|counter K=6|counter|$ROOT/bench/seeds/own/counter.c|-DK=6|ok|1|-|
i29|counter K=7|counter|$ROOT/bench/seeds/own/counter.c|-DK=7|ok|1|-|" 1
    expect_eq "exit status" "$RC" 0
    expect_eq "K=6 udpor-nc" "$(raw i29 'counter K=6' udpor-nc status)" timeout
    expect_file_match "$W/R.md" '^\| counter K=6 \| .*>1'
    expect_eq "K=7 udpor-nc" "$(raw i29 'counter K=7' udpor-nc status)" skipped
}

# BUDGET=0: no run starts, each cell says so, nothing is reported as measured.
t_budget() {
    need_python || return 0
    BUDGET=0 bench "s003|PV n=3|pv|pv-philo:3||deadlock|1|7|sched=6" 20 "spaces optimal"
    expect_eq "exit status" "$RC" 0
    expect_eq "optimal" "$(raw s003 'PV n=3' optimal status)" "over budget"
    expect_file_match "$W/R.md" '^\| PV n=3 \| over budget \(6\) \|'
}

# PEERS=dir: a peer found there is run and its count read from its output
# (a stand-in genmc that prints GenMC's summary line); the others are
# "not present".
t_peers() {
    need_python || return 0
    mkdir -p "$W/peers"
    printf '#!/bin/sh\necho "Number of complete executions explored: 16"\necho "Total wall-clock time: 0.01s"\n' >"$W/peers/genmc"
    chmod +x "$W/peers/genmc"
    printf '%s\n' "s001t1|CCNF(9)|ccnf|$ROOT/bench/seeds/poet/ccnf9.c||ok|1|16|P=9" >"$W/rows.txt"
    BENCH_ROWS=$W/rows.txt BENCH_OUT=$W/R.md LIMIT=20 BENCH_ALGOS=optimal RAVEL=$RAVEL QUICK= ONLY= PEERS=$W/peers \
        timeout -k 5 "$RV_GUARD" python3 "$ROOT/bench/run" >"$W/out" 2>"$W/err"
    expect_eq "exit status" "$?" 0
    expect_file_match "$W/R.md" "peers in $W/peers: GenMC \`$W/peers/genmc\`, Nidhugg not present, Dpu not present"
    expect_file_match "$W/R.md" '^\| row \| expected \| dfs \| dpor \| source \| optimal \| udpor --no-cutoffs \| udpor \| udpor k1 \| udpor k2 \| GenMC \| Nidhugg \| Dpu \|'
    expect_file_match "$W/R.md" '^\| CCNF\(9\) \|.*\| 16 · [0-9.]+ s \| not present \| not present \|$'
}

# The peers' outputs as their sources print them: Nidhugg's blocked traces
# come on lines of their own (assume- and await-blocked are counted,
# sleepset-blocked are not), and a peer that stops at an error is shown
# as a bug with its partial count, not as a clean run.
t_peers_parse() {
    need_python || return 0
    mkdir -p "$W/peers2"
    printf '#!/bin/sh\necho "*** Verification unsuccessful."\necho "Number of complete executions explored: 3"\n' >"$W/peers2/genmc"
    printf '#!/bin/sh\necho "Trace count: 7"\necho "Assume-blocked trace count: 2"\necho "Sleepset-blocked trace count: 5"\necho "No errors were detected."\n' >"$W/peers2/nidhuggc"
    printf '#!/bin/sh\necho "clang: error: unsupported"\nexit 1\n' >"$W/peers2/dpu"
    chmod +x "$W/peers2/genmc" "$W/peers2/nidhuggc" "$W/peers2/dpu"
    printf '%s\n' "s001t1|CCNF(9)|ccnf|$ROOT/bench/seeds/poet/ccnf9.c||ok|1|16|P=9" >"$W/rows2.txt"
    BENCH_ROWS=$W/rows2.txt BENCH_OUT=$W/R2.md LIMIT=20 BENCH_ALGOS=optimal RAVEL=$RAVEL QUICK= ONLY= PEERS=$W/peers2 \
        timeout -k 5 "$RV_GUARD" python3 "$ROOT/bench/run" >"$W/out2" 2>"$W/err2"
    expect_eq "exit status" "$?" 0
    expect_file_match "$W/R2.md" '^\| CCNF\(9\) \|.*\| 16 · [0-9.]+ s \|.*\| 3 · [0-9.]+ s \(bug\) \| 7 \+2 bl\. · [0-9.]+ s \| failed \|$'

    peers_real
}

# The real peers' outputs (tests/bench/fixtures, captured from GenMC v0.10.3
# and Nidhugg; README there), replayed by stand-ins that, like the real
# tools, reject a program path that does not exist from their working
# directory and exit with the real run's status.  The rows name their
# programs relative to the repository, as bench/seeds/rows.txt does.
peers_real() {
    local F="$ROOT/tests/bench/fixtures" P="$W/peers3" d
    mkdir -p "$P"
    # stand-in TOOL: logs its arguments, picks the fixture of its program
    # (the last argument) and of the options it lacks
    for d in genmc nidhuggc; do
        cat >"$P/$d" <<EOS
#!/bin/sh
echo "\$*" >>"$W/args-$d"
for a; do prog=\$a; done
[ -f "\$prog" ] || { echo "ERROR: Input file is not a regular file!"; exit 1; }
tool=\${0##*/}; [ "\$tool" = nidhuggc ] && tool=nidhugg; f=\$tool-\$(basename "\$prog" .c)
case "\$tool \$*" in genmc*--disable-ipr*) ;; genmc*) f=\$f-ipr ;; esac
case "\$tool \$*" in genmc*--disable-estimation*) ;; genmc*) f=\$f-estimation ;; esac
cat "$F/\$f.out"
exit \$(awk -v f="\$f" '\$1 == f { print \$2 }' "$F/exit-codes")
EOS
        chmod +x "$P/$d"
    done
    printf '%s\n' "s001t2|SZYMANSKI|szymanski|bench/seeds/poet/szymanski.c||non-termination@29,50|1|-|P=3 b=-" \
        "s001t2|LAMPORT|lamport|bench/seeds/poet/lamport.c||ok|1|-|P=3 b=10" \
        "s001t1|STF*|stf_bug|bench/seeds/poet/stf_bug.c||error|1|-|P=3" \
        "dpu|pi threads5|pi|bench/seeds/dpu/pth_pi_mutex.c|-DPARAM1=5 -DPARAM2=5000 -lm|ok|1|-|" \
        "s003|C n=8|c|examples/philosophers.c|-DN=8|deadlock|1|255|" >"$W/rows3.txt"
    peers3() { # peers3 SUFFIX: run bench/run on rows3 with these peers, no ravel algorithm
        BENCH_ROWS=$W/rows3.txt BENCH_OUT=$W/R3$1.md LIMIT=20 BENCH_ALGOS=none RAVEL=$RAVEL QUICK= ONLY= PEERS=$P \
            timeout -k 5 "$RV_GUARD" python3 "$ROOT/bench/run" >"$W/out3" 2>"$W/err3$1"
        RC=$?
    }
    rawp() { awk -F'\t' -v r="$2" -v a="$3" -v f="$4" 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
        $2 == r && $3 == a { print $col[f] }' "$W/R3$1.tsv"; }
    peers3 ""
    expect_eq "exit status" "$RC" 0
    # GenMC: complete and blocked executions (spin loops made assumes)
    expect_eq "GenMC SZYMANSKI" "$(rawp "" SZYMANSKI GenMC status) $(rawp "" SZYMANSKI GenMC executions) $(rawp "" SZYMANSKI GenMC blocked)" "ok 4 32"
    expect_eq "Nidhugg SZYMANSKI" "$(rawp "" SZYMANSKI Nidhugg status) $(rawp "" SZYMANSKI Nidhugg executions) $(rawp "" SZYMANSKI Nidhugg blocked)" "ok 6 97"
    # Table 2's bound b reaches both peers, and the cell says so
    expect_eq "GenMC LAMPORT" "$(rawp "" LAMPORT GenMC executions) $(rawp "" LAMPORT GenMC blocked)" "22 5"
    expect_eq "Nidhugg LAMPORT" "$(rawp "" LAMPORT Nidhugg executions) $(rawp "" LAMPORT Nidhugg blocked)" "16 16"
    expect_file_match "$W/args-genmc" "^--sc --disable-sr --disable-race-detection --disable-ipr --disable-estimation --unroll=10 -- $ROOT/bench/seeds/poet/lamport.c$"
    expect_file_match "$W/args-nidhuggc" "^-- --sc --source --unroll=10 $ROOT/bench/seeds/poet/lamport.c$"
    expect_file_match "$W/R3.md" '^\| LAMPORT \| no error \| (not run \| )+22 \+5 bl\. · [0-9.]+ s \(bound 10\) \| 16 \+16 bl\. · [0-9.]+ s \(bound 10\) \| not present \|$'
    # a bug: both stop at it, the count so far
    expect_eq "GenMC STF*" "$(rawp "" 'STF*' GenMC status) $(rawp "" 'STF*' GenMC executions)" "error 1"
    expect_eq "Nidhugg STF*" "$(rawp "" 'STF*' Nidhugg status) $(rawp "" 'STF*' Nidhugg executions)" "error 1"
    # rejected programs: "failed", and why, from the peer's own output
    expect_eq "pi" "$(rawp "" 'pi threads5' GenMC status) $(rawp "" 'pi threads5' Nidhugg status)" "failed failed"
    expect_file_match "$W/R3.md" '^- GenMC on pi threads5 gave no count \(exit 17\): `ERROR: Only integer and null constants currently allowed in assume\(\) expressions\.`$'
    expect_file_match "$W/R3.md" '^- Nidhugg on pi threads5 gave no count \(exit 1\): `Error: Interpreter: Encountered unsupported instruction\.`$'
    expect_file_match "$W/args-genmc" "^--sc .* -- -DPARAM1=5 -DPARAM2=5000 $ROOT/bench/seeds/dpu/pth_pi_mutex.c$"
    # Nidhugg's count after the program's unflushed output on one line
    expect_eq "Nidhugg C n=8" "$(rawp "" 'C n=8' Nidhugg status) $(rawp "" 'C n=8' Nidhugg executions) $(rawp "" 'C n=8' Nidhugg blocked)" "ok 255 0"
    # GenMC with in-place revisiting stops at a warning, not a bug of the
    # program; when its estimation meets the bug, no count, still a bug
    GENMC_OPTS="--sc --disable-sr --disable-race-detection --disable-estimation" peers3 b
    expect_eq "GenMC LAMPORT, IPR" "$(rawp b LAMPORT GenMC status)" failed
    expect_file_match "$W/R3b.md" '^- GenMC on LAMPORT gave no count \(exit 42\): `Warning: Unordered writes!`$'
    GENMC_OPTS="--sc --disable-sr --disable-race-detection --disable-ipr" peers3 c
    expect_eq "GenMC STF*, estimation" "$(rawp c 'STF*' GenMC status) $(rawp c 'STF*' GenMC executions)" "error None"
}

rv_main "$@"
