#!/usr/bin/env bash
# tests/adversary — programs written to break "one semantics" (every
# algorithm finds exactly the errors of brute force, and udpor
# --no-cutoffs and optimal explore exactly dfs's traces) and "sound
# cutoffs" (docs/UDPOR.md "What a state contains").  Each test runs
# --algo=dfs --count-traces --keep-going (ground truth), asserts its
# outcome (the error kinds the program's comment derives), and compares
# every other algorithm with it.  open/ holds programs with a known,
# unfixed discrepancy (not run here; each says what and how).
. "$(dirname "$0")/../lib.sh"
D=$ROOT/tests/adversary

kinds() { json '[.errors[]|"\(.kind)@\(.location)"]|unique|join(", ")'; }
kinds_only() { json '[.errors[].kind]|unique|join(",")'; }

# agree FILE WANT_KINDS WANT_TRACES MEMORY [cflags...]: WANT_KINDS the
# sorted error kinds dfs must find ("" for none), WANT_TRACES the closed
# form of the trace count ("" when not derived); MEMORY sc|drf
agree() {
    local f=$D/$1 want=$2 wtr=$3 mem=$4
    shift 4
    local cf=(-- "$@")
    [ $# -gt 0 ] || cf=()
    # shellcheck disable=SC2086
    rv check --json --keep-going --memory="$mem" ${mem_flags:-} --algo=dfs --count-traces "$f" "${cf[@]}"
    local drc=$RC dk tr
    dk=$(kinds) tr=$(json .traces)
    expect_eq "dfs error kinds" "$(kinds_only)" "$want"
    expect_json .exhaustive true
    [ -z "$wtr" ] || expect_eq "dfs traces" "$tr" "$wtr"
    local mode
    for mode in "" "--no-cutoffs" "--no-cutoffs --alt=k1" "--no-cutoffs --alt=k2" \
        "--no-cutoffs --cache-kb=1" "--algo=optimal" "--algo=dpor" "--algo=source"; do
        # shellcheck disable=SC2086
        rv check --json --keep-going --memory="$mem" ${mem_flags:-} $mode "$f" "${cf[@]}"
        expect_eq "exit status of '${mode:-udpor}'" "$RC" "$drc"
        expect_eq "errors of '${mode:-udpor}' (vs dfs)" "$(kinds)" "$dk"
        expect_json .exhaustive true
        case $mode in
        --no-cutoffs | "--no-cutoffs --cache-kb=1" | --algo=optimal)
            expect_eq "executions of '$mode' (vs dfs traces)" "$(json .executions)" "$tr"
            ;;
        esac
    done
}

# the wrapped string functions read at their read event (OP: see the file)
t_str_strcpy() { agree str_late.c assertion 2 sc -DOP=0; }
t_str_strcmp() { agree str_late.c assertion 2 sc -DOP=1; }
t_str_memcmp() { agree str_late.c assertion 2 sc -DOP=2; }
t_str_strdup() { agree str_late.c assertion 2 sc -DOP=3; }
t_str_realloc() { agree str_late.c assertion 2 sc -DOP=4; }
t_str_memmove() { agree str_late.c assertion 2 sc -DOP=5; }
t_str_memcpy() { agree str_late.c assertion 2 sc -DOP=6; }
# C library functions that write memory: main's read before or after
t_libc_strncpy() { agree libc_writes.c assertion 2 sc -DOP=0; }
t_libc_strcat() { agree libc_writes.c assertion 2 sc -DOP=1; }
t_libc_snprintf() { agree libc_writes.c assertion 2 sc -DOP=2; }
t_libc_sprintf() { agree libc_writes.c assertion 2 sc -DOP=3; }
t_libc_stpcpy() { agree libc_writes.c assertion 2 sc -DOP=4; }
t_libc_strncat() { agree libc_writes.c assertion 2 sc -DOP=5; }
# indep FILE [cflags...]: a call and main's access to bytes the call does
# not touch: 1 trace for dfs, 1 execution for udpor and optimal, no error
# (a range wider than what the call accesses would make 2).  Cheaper than
# agree: the other modes cannot differ on a single trace.
indep() {
    local f=$D/$1 mode modes=("--algo=dfs --count-traces" "" "--algo=optimal")
    shift
    [ -z "${indep_few:-}" ] || modes=("--algo=dfs --count-traces" "")
    for mode in "${modes[@]}"; do
        # shellcheck disable=SC2086
        rv check --json --keep-going $mode "$f" -- "$@"
        expect_rc 0
        expect_json .exhaustive true
        case $mode in
        --algo=dfs*) expect_json .traces 1 ;;
        *) expect_json .executions 1 ;;
        esac
    done
}

# sscanf's destination is written at an event (was tests/adversary/open)
t_sscanf_write() { agree sscanf_write.c assertion 2 sc; }
# C library functions that write through a pointer (libc_out.c, OP: see
# the file): main's read before or after; with INDEP a byte the call does
# not write (1 trace: the write event covers exactly what is stored)
libc_out_ops="0:sscanf_s 1:sscanf_set_n 2:fgets 3:fread 4:read 5:qsort 6:strtok_r 7:strtol_end
8:time 9:clock_gettime 10:strsep 11:getline 12:snprintf_n 13:strtok 14:bzero"
for _op in $libc_out_ops; do
    eval "t_out_${_op#*:}() { agree libc_out.c assertion 2 sc -DOP=${_op%%:*}; }"
    eval "t_out_${_op#*:}_indep() { indep libc_out.c -DOP=${_op%%:*} -DINDEP; }"
done
# system-call-like C library functions that store through a pointer
# (outsys_out.c, src/runtime/sysout.c; OP: see the file): main's read
# before or after (on main at b45d707 every one was "no error,
# exhaustive" in 1 execution); INDEP: a byte next to those stored
outsys_ops="1:stat 2:lstat 3:fstat 4:fstatat 5:getcwd 6:realpath 7:readlink 8:uname
9:gethostname 10:getrlimit 11:readv 12:preadv 13:recvfrom 14:recvmsg 15:getsockopt
16:getsockname 17:getpeername 18:select 19:poll 20:getpwuid_r 21:fgetpos 22:fgets_unlocked
23:fread_unlocked 24:getaddrinfo 25:iconv 26:fgetws 27:accept"
# pipe (OP 0) is made while main's reader thread runs: orders through a
# pipe are not explored (src/runtime/pipes.c), so the error is still
# found by every algorithm, and the run without it is not exhaustive.
t_outsys_pipe() {
    local mode
    for mode in "--algo=dfs" "" "--algo=optimal"; do
        # shellcheck disable=SC2086
        rv check --json --keep-going $mode "$D/outsys_out.c" -- -DOP=0
        expect_rc 1
        expect_json_match '.errors[0].kind' assertion
    done
}
t_outsys_pipe_indep() {
    local mode
    for mode in "--algo=dfs" "" "--algo=optimal"; do
        # shellcheck disable=SC2086
        rv check --json --keep-going $mode "$D/outsys_out.c" -- -DOP=0 -DINDEP
        expect_rc 3
        expect_json .exhaustive false
        expect_json_match .incomplete_reason 'pipe at .*through the kernel'
    done
}
# agree_short FILE WANT_KINDS WANT_TRACES [cflags...]: agree's check under
# dfs (ground truth), the default mode and --no-cutoffs only (the other
# modes run for the first ops); indep_short: indep under dfs and the default
agree_short() {
    local f=$D/$1 want=$2 wtr=$3 mode
    shift 3
    rv check --json --keep-going --algo=dfs --count-traces "$f" -- "$@"
    local drc=$RC dk
    dk=$(kinds)
    expect_eq "dfs error kinds" "$(kinds_only)" "$want"
    expect_json .exhaustive true
    expect_json .traces "$wtr"
    for mode in "" "--no-cutoffs"; do
        # shellcheck disable=SC2086
        rv check --json --keep-going $mode "$f" -- "$@"
        expect_eq "exit status of '${mode:-udpor}'" "$RC" "$drc"
        expect_eq "errors of '${mode:-udpor}' (vs dfs)" "$(kinds)" "$dk"
        expect_json .exhaustive true
    done
    expect_json .executions "$wtr"
}
indep_short() { indep_few=1 indep "$@"; }
# the ops whose setup makes a pipe or socket pair before main's reader
# thread starts (recvfrom ... poll, fgetws): a thread created after one is
# made could order itself through it, which is not explored
# (src/runtime/pipes.c), so the store's race is still found by every
# algorithm, and without it the run is not exhaustive, naming the call
outsys_kernel() {
    local mode
    for mode in "--algo=dfs" "" "--no-cutoffs"; do
        # shellcheck disable=SC2086
        rv check --json --keep-going $mode "$D/outsys_out.c" -- -DOP="$1"
        expect_rc 1
        expect_json_match '.errors[0].kind' assertion
    done
}
outsys_kernel_indep() {
    local mode
    for mode in "--algo=dfs" ""; do
        # shellcheck disable=SC2086
        rv check --json --keep-going $mode "$D/outsys_out.c" -- -DOP="$1" -DINDEP
        expect_rc 3
        expect_json .exhaustive false
        expect_json_match .incomplete_reason '(pipe|socketpair) at .*through the kernel'
    done
}
for _op in $outsys_ops; do
    _n=${_op%%:*}
    case " 13 14 15 16 17 18 19 26 " in
    *" $_n "*)
        eval "t_outsys_${_op#*:}() { outsys_kernel $_n; }"
        eval "t_outsys_${_op#*:}_indep() { outsys_kernel_indep $_n; }"
        continue
        ;;
    esac
    if [ "$_n" -le 1 ] || [ "$_n" = 11 ]; then
        eval "t_outsys_${_op#*:}() { agree outsys_out.c assertion 2 sc -DOP=$_n; }"
        eval "t_outsys_${_op#*:}_indep() { indep outsys_out.c -DOP=$_n -DINDEP; }"
    else
        eval "t_outsys_${_op#*:}() { agree_short outsys_out.c assertion 2 -DOP=$_n; }"
        eval "t_outsys_${_op#*:}_indep() { indep_short outsys_out.c -DOP=$_n -DINDEP; }"
    fi
done
# C library functions that read through a pointer (libc_in.c): main's
# write before or after; INDEP: a byte the call does not read.  For the
# scans (strchr ... strpbrk) main's write changes where the scan stops:
# reading in blocks whose ranges depend only on bytes already read keeps
# dfs's count equal to udpor's (measuring first made 3 traces against 2).
libc_in_ops="0:strchr 1:strnlen 2:memchr 3:strstr 4:strncmp 5:strcasecmp 6:strspn 7:strcspn
8:strpbrk 9:strrchr 10:atoi 11:strtol 12:strtod 13:snprintf_s 14:sscanf_in 15:bsearch
16:snprintf_two"
for _op in $libc_in_ops; do
    eval "t_in_${_op#*:}() { agree libc_in.c assertion 2 sc -DOP=${_op%%:*}; }"
    eval "t_in_${_op#*:}_indep() { indep libc_in.c -DOP=${_op%%:*} -DINDEP; }"
done
# fb's increment between fa's two reads of x, whatever fa's call depth
t_atomic_deep_10() { agree atomic_deep.c assertion "" sc -DDEPTH=10; }
t_atomic_deep_70() { agree atomic_deep.c assertion "" sc -DDEPTH=70; }
# 4!/2 orders of four pairwise-overlapping accesses
t_mixed_size() { agree mixed_size.c assertion 12 sc -mcx16; }
# under drf the plain accesses race (fb's store, fc's memcpy)
t_mixed_size_drf() { agree mixed_size.c data-race "" drf -mcx16; }
# dead stack: scrubbed in every mode, so no run sees the pattern
t_uninit_stack() { agree uninit_stack.c "" "" sc; }
t_uninit_stack_big() { agree uninit_stack.c "" "" sc -DZ=12000; }
t_uninit_stack_huge() { agree uninit_stack.c "" "" sc -DZ=100000; }
# ... written by a recursion 20 KiB deep (function hooks: compile.c)
t_uninit_stack_rec() { agree uninit_stack.c "" "" sc -DREC; }
# ... by frames live at an action that return without a hook (dead_floor)
t_uninit_stack_ret() { agree uninit_stack.c "" "" sc -DREC -DRET; }
# ... with main's low-water mark on a coroutine's stack (swapcontext)
t_swapcontext_main() { agree swapcontext_main.c "" "" sc -DOP=0; }
t_swapcontext_main_hook() { agree swapcontext_main.c "" "" sc -DOP=1; }
# ... written through a VLA, which no bound reaches: found in every mode
t_uninit_stack_vla() { agree uninit_stack.c assertion "" sc -DVLA -DZ=30000; }
# ... written by printf's 27 KiB alloca (48 KiB with P=12000), deeper
# than any fixed floor: zeroed after the recorded deep call (sched.c
# scrub_deep), in a thread ravel mapped and on main's (the process's) stack
# After the merge of branches reports and attack13 (677f48e) printf's
# digits survived the deep scrub in these variants (dfs found the
# assertion, 10 traces instead of 4; every algorithm agreed).  The change
# was the explain log's call in every __tsan_func_entry/exit
# (memory.c); guarded by the explain flag, the digits are zeroed again.
# How that call defeated the scrub was not worked out: these tests keep
# the scrub honest against changes of the hooks.
t_uninit_stack_printf() { agree uninit_stack.c "" 4 sc -DPRINTF; }
t_uninit_stack_fprintf() { agree uninit_stack.c "" 4 sc -DPRINTF -DOP=1; }
t_uninit_stack_snprintf() { agree uninit_stack.c "" 4 sc -DPRINTF -DOP=2; }
t_uninit_stack_vfprintf() { agree uninit_stack.c "" 4 sc -DPRINTF -DOP=3; }
t_uninit_stack_printf_deep() { agree uninit_stack.c "" 4 sc -DPRINTF -DP=12000; }
t_uninit_stack_printf_main() { agree uninit_stack.c "" 4 sc -DPRINTF -DMAIN; }
t_uninit_stack_printf_main_deep() { agree uninit_stack.c "" 4 sc -DPRINTF -DMAIN -DP=12000; }
# pthread_exit runs the cleanup handlers (src/runtime/cleanup.c)
t_cleanup_push() { agree cleanup_push.c "" 1 sc -DOP=0; }
t_cleanup_push_nested() { agree cleanup_push.c "" 1 sc -DOP=1; }
t_cleanup_push_pop() { agree cleanup_push.c "" 1 sc -DOP=2; }
t_cleanup_push_race() { agree cleanup_push.c "" 2 sc -DOP=3; }
t_cleanup_push_bug() { agree cleanup_push.c assertion "" sc -DOP=3 -DBUG; }
t_cleanup_push_main() { agree cleanup_push.c "" 1 sc -DOP=4; }
# a key destructor after pthread_exit's action: zeroed frames in every mode
t_dtor_stack() { agree dtor_stack.c "" "" sc; }
# an atexit handler after exit()'s action: zeroed frames in every mode
t_atexit_stack() { agree atexit_stack.c "" "" sc; }
# RAVEL_CHECK_SCRUB=1: the runtime checks at every visible action that
# nothing below the scrub's floor was written (sched.c, check_below_floor):
# the runtime's own frames (exit inside an atomic section, pthread_once,
# drf's race detector), a deep recursion, deep C library calls
scrub_check() {
    RAVEL_CHECK_SCRUB=1 rv check --json --keep-going "$@"
    expect_json .exhaustive true
    expect_eq "scrub check messages" "$(grep -c 'scrub check' "$W/out" "$W/err" | awk -F: '{s += $2} END {print s}')" 0
}
t_scrub_check_atomic_exit() { scrub_check --algo=dfs "$ROOT/tests/native/m_atomic_exit.c"; }
t_scrub_check_once() { scrub_check --algo=dfs "$ROOT/tests/native/once.c"; }
t_scrub_check_rec() { scrub_check "$D/uninit_stack.c" -- -DREC; }
t_scrub_check_ret() { scrub_check "$D/uninit_stack.c" -- -DREC -DRET; }
t_scrub_check_rec_gcc() { scrub_check --cc=gcc "$D/uninit_stack.c" -- -DREC; }
t_scrub_check_drf() { scrub_check --memory=drf "$ROOT/examples/racy_counter.c"; }
t_scrub_check_libc() { scrub_check "$D/libc_out.c" -- -DOP=2; }
t_scrub_check_sscanf() { scrub_check --algo=dfs "$D/sscanf_write.c"; }
t_scrub_check_printf() { scrub_check "$D/uninit_stack.c" -- -DPRINTF; }
t_scrub_check_printf_dfs() { scrub_check --algo=dfs "$D/uninit_stack.c" -- -DPRINTF -DOP=2; }
t_scrub_check_printf_gcc() { scrub_check --cc=gcc "$D/uninit_stack.c" -- -DPRINTF -DOP=1; }
t_scrub_check_cleanup() { scrub_check --algo=dfs "$D/cleanup_push.c" -- -DOP=1; }
# fb's CAS fails after fa's succeeded (1 of the orders), its second CAS
# then finds fa's value: the assertion
t_cas16() { agree cas16.c assertion "" sc -mcx16; }
# x reaches 3 in both orders; the thread whose add makes 3 longjmps out
# and sets y = 3: the final assertion fails in every trace
t_setjmp_thr() { agree setjmp_thr.c assertion 2 sc; }
# main reads *p after publish and before other(): 1; after: overwritten
t_dangling_stack() { agree dangling_stack.c assertion "" sc; }
# per-thread TLS (docs/DESIGN.md "TLS"): fb writes fa's __thread tv
# through a published pointer, so fa's check fails in every execution
t_tls_pointer() { agree tls_pointer.c assertion "" sc; }
t_tls_pointer_drf() { agree tls_pointer.c assertion "" drf; }
# TLS addresses differ per thread and are written through pointers; errno too
t_tls_distinct() { agree tls_distinct.c "" 1 sc; }
t_tls_distinct_drf() { agree tls_distinct.c "" 1 drf; }
# errno is per thread: independent writes, no race (was 2 traces, a race)
t_tls_errno() { agree tls_errno.c "" 1 sc; }
t_tls_errno_drf() { agree tls_errno.c "" 1 drf; }
# initialisers seen fresh in each thread and execution; main's r: 2 traces
t_tls_init() { agree tls_init.c assertion 2 sc; }
t_tls_init_reset() { RAVEL_ENGINE=reset agree tls_init.c assertion 2 sc; }

# a system call reached through an address computed into the C library
# (libc_by_address.c: OP=0 opens a descriptor, OP=1 closes descriptor 0,
# OP=2 makes descriptor 100 with dup2, OP=3 with fcntl(F_DUPFD), once per
# execution): every
# algorithm agrees with dfs under fork (no error, 4 traces); auto starts
# the reset engine, which sees the table change after the first
# execution (OP=2: the seccomp filter traps the dup2), and the
# exploration is redone under fork (was: an assertion failure in the
# second execution)
libc_by_address() {
    RAVEL_ENGINE=fork agree libc_by_address.c "" 4 sc -DOP="$1"
    rv check --json --engine=auto --algo=dfs --count-traces --keep-going \
        "$D/libc_by_address.c" -- -DOP="$1"
    expect_rc 0
    expect_json .engine fork
    expect_json_match .engine_fallback "$2"
    expect_json .traces 4
    expect_json '.errors|length' 0
    rv check --json --engine=auto --keep-going "$D/libc_by_address.c" -- -DOP="$1"
    expect_rc 0
    expect_json .engine fork
    expect_json .executions 4
}
# ILP32 layouts the data model check must see (ilp32_layout.c; issue 27
# part 1): ravel runs the LP64 program, so where the i386 program (the
# ground truth, gcc -m32 when it is installed) gives another verdict the
# answer is UNKNOWN; was the LP64 verdict (TRUE or FALSE, wrong)
ilp32_layout() {
    local v=$1 want=$2 dep=$3 truth=""
    if gcc -m32 -pthread -D"$v" -o "$W/ilp32_$v" "$D/ilp32_layout.c" 2>/dev/null; then
        "$W/ilp32_$v" 2>/dev/null
        case $? in 0) truth=TRUE ;; 134) truth='FALSE(unreach-call)' ;; esac
    fi
    rv check --json --property=unreach-call --data-model=ILP32 "$D/ilp32_layout.c" -- -D"$v"
    expect_json .verdict "$want"
    if [ "$dep" = none ]; then
        expect_json .data_model_dependence null
    else
        expect_json_match .data_model_dependence "ilp32_layout.c:[0-9]+: $dep"
    fi
    # never a verdict the i386 program contradicts
    [ -z "$truth" ] || [ "$want" = UNKNOWN ] || expect_eq "verdict vs the i386 program" "$want" "$truth"
    # and the LP64 verdict is not the i386 one where UNKNOWN is asked
    if [ "$want" = UNKNOWN ] && [ -n "$truth" ]; then
        rv check --json --property=unreach-call --data-model=LP64 "$D/ilp32_layout.c" -- -D"$v"
        [ "$(json .verdict)" != "$truth" ] || fail_because "LP64 and i386 agree on $v: not an attack"
    fi
}
t_ilp32_cmp() { ilp32_layout CMP UNKNOWN 'a pointer compared with the address of a member of struct P'; }
t_ilp32_cmp_var() { ilp32_layout CMP_VAR UNKNOWN 'pointer arithmetic on the address of a member of struct P'; }
t_ilp32_arith() { ilp32_layout ARITH UNKNOWN 'pointer arithmetic on the address of a member of struct P'; }
t_ilp32_member_var() { ilp32_layout MEMBER_VAR UNKNOWN 'pointer arithmetic on the address of a member of struct P'; }
t_ilp32_thread() { ilp32_layout THREAD UNKNOWN 'a pointer to a structure whose layout differs under ILP32 handed to a thread function as void \*: struct S'; }
t_ilp32_thread_ints() { ilp32_layout THREAD_INTS TRUE none; }

t_libc_by_address_open() { libc_by_address 0 'changed the process.s open descriptors'; }
t_libc_by_address_close() { libc_by_address 1 'changed the process.s open descriptors'; }
t_libc_by_address_dup2() { libc_by_address 2 'made system call 33, which changes kernel state'; }
t_libc_by_address_dupfd() { libc_by_address 3 'made system call 72, which changes kernel state'; }

# ---- the rest of POSIX threads (adversary2; counts derived in each file)
# rwlock reader preference with a waiting writer (TRY 0 tryrdlock, 1
# timedrdlock, 2 rdlock)
t_rw_pref_try() { agree px_rw_pref.c "" 3 sc -DTRY=0 -DMODE=0; }
t_rw_pref_try_bug() { agree px_rw_pref.c assertion "" sc -DTRY=0 -DMODE=1; }
t_rw_pref_try_excl() { agree px_rw_pref.c "" 3 sc -DTRY=0 -DMODE=2; }
t_rw_pref_timed() { agree px_rw_pref.c "" 5 sc -DTRY=1 -DMODE=0; }
t_rw_pref_timed_bug() { agree px_rw_pref.c assertion "" sc -DTRY=1 -DMODE=1; }
t_rw_pref_timed_excl() { agree px_rw_pref.c "" 5 sc -DTRY=1 -DMODE=2; }
t_rw_pref_block() { agree px_rw_pref.c "" 2 sc -DTRY=2 -DMODE=1; }
# cond_timedwait in a predicate loop racing a signal/broadcast; C11 too
for _b in 0 1; do
    eval "t_timedcond_ok_$_b() { agree px_timedcond.c '' 3 drf -DMODE=0 -DBCAST=$_b; }"
    eval "t_timedcond_bug_$_b() { agree px_timedcond.c assertion 3 drf -DMODE=1 -DBCAST=$_b; }"
    eval "t_timedcond_c11_$_b() { agree px_timedcond.c '' 3 drf -DMODE=2 -DBCAST=$_b; }"
    eval "t_timedcond_c11_bug_$_b() { agree px_timedcond.c assertion 3 drf -DMODE=3 -DBCAST=$_b; }"
done
# a barrier destroyed right after its cycle completed (was a misuse)
t_bar_destroy() { agree px_bar_destroy.c "" 3 sc -DMODE=0; }
t_bar_destroy_misuse() { agree px_bar_destroy.c misuse "" sc -DMODE=1; }
t_bar_destroy_reinit() { agree px_bar_destroy.c "" 8 sc -DMODE=2; }
# three threads, four arrivals on a barrier of count 3: deadlock
t_barrier3_count3() { agree px_barrier3.c deadlock "" drf -DMODE=2; }
# optimal: a thread whose first step never ran when main failed
t_opt_pending_fatal() { agree opt_pending_fatal.c assertion 3 sc -DWOKEN=0; }
t_opt_pending_fatal_woken() { agree opt_pending_fatal.c assertion 5 sc -DWOKEN=1; }
# a misused barrier arrive predicted from a serial one (was "predicted
# result differs"); a semaphore in heap storage tried before sem_init
t_bar_uninit_heap() { agree px_bar_uninit.c misuse 3 sc -DSTATIC=0 -DCOUNT=1; }
t_bar_uninit_static() { agree px_bar_uninit.c misuse 3 sc -DSTATIC=1 -DCOUNT=1; }
# synchronisation objects in heap storage used before their init (see the file)
t_uninit_heap_trylock() { agree heap_uninit.c misuse 3 sc -DOBJ=0; }
t_uninit_heap_tryrdlock() { agree heap_uninit.c misuse 5 sc -DOBJ=1; }
t_uninit_heap_sem() { agree heap_uninit.c misuse 7 sc -DOBJ=2; }
t_uninit_heap_timedlock() { agree heap_uninit.c misuse 4 sc -DOBJ=3; }
t_uninit_heap_timedwrlock() { agree heap_uninit.c misuse 6 sc -DOBJ=4; }
t_uninit_heap_sem_timed() { agree heap_uninit.c misuse 8 sc -DOBJ=5; }
t_uninit_heap_cond() { agree heap_uninit.c misuse 9 sc -DOBJ=6; }
t_uninit_heap_spin() { agree heap_uninit.c misuse 11 sc -DOBJ=7; }
t_dead_timedlock() { agree dead_timed.c misuse 6 sc -DRW=0; }
t_dead_timedwrlock() { agree dead_timed.c misuse 5 sc -DRW=1; }
# rwlock and mutex in opposite orders (deadlocks unless both read or a
# timed acquire gives up)
t_rw_mutex_ww() { agree px_rw_mutex.c deadlock 3 drf -DRD=0 -DB_RD=0 -DTIMED=0; }
t_rw_mutex_rr() { agree px_rw_mutex.c "" 2 drf -DRD=1 -DB_RD=1 -DTIMED=0; }
t_rw_mutex_rw() { agree px_rw_mutex.c deadlock 3 drf -DRD=1 -DB_RD=0 -DTIMED=0; }
t_rw_mutex_timed_w() { agree px_rw_mutex.c "" 6 drf -DRD=0 -DB_RD=1 -DTIMED=1; }
t_rw_mutex_timed_r() { agree px_rw_mutex.c "" 6 drf -DRD=1 -DB_RD=0 -DTIMED=1; }
# C11 threads: call_once, tss, mtx_timedlock, cnd_wait with an if and
# spurious wake-ups (mem_flags: extra ravel flags for agree)
t_c11_while() { agree px_c11_spur.c "" 4 drf -DIF=0 -DTIMEDLOCK=0; }
t_c11_if() { agree px_c11_spur.c "" 4 drf -DIF=1 -DTIMEDLOCK=0; }
t_c11_timedlock() { agree px_c11_spur.c deadlock 10 drf -DIF=0 -DTIMEDLOCK=1; }
t_c11_if_spurious() { mem_flags=--spurious-wakeups agree px_c11_spur.c assertion 7 drf -DIF=1 -DTIMEDLOCK=0; }
t_c11_if_timed_spurious() { mem_flags=--spurious-wakeups agree px_c11_spur.c assertion 19 drf -DIF=1 -DTIMEDLOCK=1; }
# spin locks under drf: trylock then lock, no race (4 traces); races
# when a thread skips the lock (every algorithm stops at the race:
# --keep-going under drf is not supported by udpor, tests/posix "finds")
t_spin_drf() { agree px_spin_drf.c "" 4 drf -DBUG=0; }
spin_race() {
    local mode
    for mode in "--algo=dfs" "" "--no-cutoffs" "--algo=optimal" "--algo=dpor" "--algo=source"; do
        # shellcheck disable=SC2086
        rv check --json --memory=drf $mode "$D/px_spin_drf.c" -- -DBUG="$1"
        expect_rc 1
        expect_eq "error of '${mode:-udpor}'" "$(kinds_only)" data-race
    done
}
t_spin_drf_skip() { spin_race 1; }
t_spin_drf_trylock() { spin_race 2; }

# attributes glibc keeps outside the object (affinity, signal mask):
# the setter is a write event over the whole object (was a read event
# only: udpor 1 execution and "no error, exhaustive" where dfs has 2
# traces and finds the assertion)
t_attr_ext_affinity() { agree attr_ext.c "" 2 sc -DOP=0 -DNOBUG=1; }
t_attr_ext_sigmask() { agree attr_ext.c "" 2 sc -DOP=1 -DNOBUG=1; }
attr_ext_bug() {
    local mode
    for mode in "--algo=dfs" "" "--no-cutoffs"; do
        # shellcheck disable=SC2086
        rv check --json $mode "$D/attr_ext.c" -- -DOP="$1"
        expect_rc 1
        expect_eq "errors of '${mode:-udpor}'" "$(kinds_only)" assertion
    done
}
t_attr_ext_affinity_bug() { attr_ext_bug 0; }
t_attr_ext_sigmask_bug() { attr_ext_bug 1; }
# never_exhaustive_wrong FILE REASON [cflags...]: each mode either finds
# the error (exit 1) or says why it is not exhaustive (exit 3, the
# reason matching REASON, SV-COMP UNKNOWN); never "no error, exhaustive"
never_exhaustive_wrong() {
    local f=$D/$1 reason=$2 mode
    shift 2
    for mode in "--algo=dfs" "" "--no-cutoffs" "--algo=optimal"; do
        # shellcheck disable=SC2086
        rv check --json $mode "$f" -- "$@"
        case $RC in
        1) expect_eq "errors of '${mode:-udpor}'" "$(kinds_only)" assertion ;;
        *)
            expect_rc 3
            expect_json .exhaustive false
            expect_json_match .incomplete_reason "$reason"
            ;;
        esac
    done
    rv check --json --property=unreach-call "$f" -- "$@"
    expect_rc 3
    expect_json .verdict UNKNOWN
    expect_json_match .incomplete_reason "$reason"
}
# memstream_race.c: a stream over a program buffer writes it inside
# fputc/fflush with no event; udpor said "no error, exhaustive" where dfs
# finds the assertion (OP: see the file)
memstream() {
    rv check --json --algo=dfs "$D/memstream_race.c" -- -DOP="$1"
    expect_rc 1
    expect_eq "dfs errors" "$(kinds_only)" assertion
    never_exhaustive_wrong memstream_race.c "^$2" -DOP="$1"
}
t_memstream_fmemopen() { memstream 0 fmemopen; }
t_memstream_setvbuf() { memstream 1 setvbuf; }
t_memstream_setbuf() { memstream 2 setbuf; }
t_memstream_setbuffer() { memstream 3 setbuffer; }
t_memstream_open_memstream() { memstream 4 open_memstream; }
t_memstream_open_wmemstream() { memstream 5 open_wmemstream; }
# the callback is instrumented code: its store is an event, so the modes
# find the assertion; the call still makes the result not exhaustive
t_memstream_fopencookie() { never_exhaustive_wrong memstream_race.c '^fopencookie' -DOP=6; }
# the library's own buffer: nothing of the program's is written unseen
t_memstream_control() {
    agree memstream_race.c "" 1 sc -DOP=7
    rv check --json --property=unreach-call "$D/memstream_race.c" -- -DOP=7
    expect_json .verdict TRUE
}
# fmemopen over a string literal only reads what nobody can write
t_memstream_read_only() { indep libc_out.c -DOP=2 -DINDEP; }

# uninstr_atomics.c: accesses of code built without instrumentation are
# no events; each build said "no error, exhaustive" where the
# instrumented build has the assertion (OP, INSTR: see the file)
uninstr_atomics() {
    local op=$1 fn=$2
    shift 2
    rv check --json --algo=dfs "$D/uninstr_atomics.c" -- -DOP="$op" -DINSTR
    expect_rc 1
    expect_eq "dfs errors (instrumented)" "$(kinds_only)" assertion
    never_exhaustive_wrong uninstr_atomics.c "without events: uninstr_atomics.c: $fn[+]" \
        -DOP="$op" "$@"
}
t_uninstr_atomics_flag() { uninstr_atomics 0 f -fno-sanitize-thread-atomics; }
t_uninstr_atomics_no_sanitize() { uninstr_atomics 1 f; }
t_uninstr_atomics_load_only() { uninstr_atomics 2 peek; }
# a function built without instrumentation that only computes (its
# arguments, its own stack) keeps the result exhaustive
t_uninstr_atomics_pure() { agree uninstr_atomics.c "" "" sc -DOP=3; }

# unmodelled_race.c: a C library call that writes the program's memory
# without events (fscanf & co., the sscanf fallback, fscanf through its
# address); every algorithm but dfs said "no error, exhaustive" (OP: see
# the file).  Now each mode finds the assertion or says the call (by name
# and line) keeps the result from being exhaustive, under every explorer
unmodelled() {
    local op=$1 reason=$2 mode
    rv check --json --algo=dfs "$D/unmodelled_race.c" -- -DOP="$op"
    expect_rc 1
    expect_eq "dfs errors" "$(kinds_only)" assertion
    expect_json_match '.errors[0].location' 'unmodelled_race[.]c:101 [(]main[)]$'
    never_exhaustive_wrong unmodelled_race.c "$reason" -DOP="$op"
    for mode in "--algo=dpor" "--algo=source" "--algo=udpor" "--preemption-bound=1"; do
        # shellcheck disable=SC2086
        rv check --json $mode "$D/unmodelled_race.c" -- -DOP="$op"
        expect_rc 3
        expect_json_match .incomplete_reason "$reason"
    done
}
um_at="at .*unmodelled_race[.]c"
t_unmodelled_fscanf() { unmodelled 0 "^__isoc99_fscanf $um_at:64 \\(read_g\\) accesses"; }
t_unmodelled_vfscanf() { unmodelled 1 "^__isoc99_vfscanf $um_at:41 \\(my_scanf\\) accesses"; }
t_unmodelled_scanf() { unmodelled 2 "^__isoc99_scanf $um_at:51 \\(read_g\\) accesses"; }
t_unmodelled_sscanf_fallback() { unmodelled 3 "^an sscanf with a format of over 32 .* $um_at:54 "; }
t_unmodelled_by_address() { unmodelled 4 "__isoc99_fscanf called through its address"; }
# no bug, but main is alive (waiting in pthread_join) while fa calls
# fscanf: counted as concurrent (the hook does not look at what main's
# pending join orders), so never "exhaustive", by any explorer
t_unmodelled_join_waiting() {
    local mode
    for mode in "--algo=dfs" "" "--no-cutoffs" "--algo=optimal" "--algo=dpor"; do
        # shellcheck disable=SC2086
        rv check --json $mode "$D/unmodelled_race.c" -- -DOP=5
        expect_rc 3
        expect_json_match .incomplete_reason "^__isoc99_fscanf $um_at:64 "
    done
}
# the call ordered with every other thread by creation (10) or by a chain
# of joins (11): exhaustive in every mode with dfs's 2 traces, and TRUE
# under a property (the build's no-TRUE note for these functions said
# UNKNOWN before)
unmodelled_ordered() {
    agree unmodelled_race.c "" 2 sc -DOP="$1"
    rv check --json --property=unreach-call "$D/unmodelled_race.c" -- -DOP="$1"
    expect_rc 0
    expect_json .verdict TRUE
}
t_unmodelled_before_threads() { unmodelled_ordered 10; }
t_unmodelled_after_joins() { unmodelled_ordered 11; }

# outcalc_race.c: a computational C library function's store read by
# another thread (OP: see the file).  Before libcout.c every explorer but
# dfs said "no error, exhaustive" (checked on b45d707 for all 8); now
# each finds dfs's assertion, with dfs's trace count where exact
t_outcalc_race_0() { agree outcalc_race.c assertion "" sc -DOP=0; }
t_outcalc_race_1() { agree outcalc_race.c assertion "" sc -DOP=1; }
t_outcalc_race_2() { agree outcalc_race.c assertion "" sc -DOP=2; }
t_outcalc_race_3() { agree outcalc_race.c assertion "" sc -DOP=3; }
t_outcalc_race_4() { agree outcalc_race.c assertion "" sc -DOP=4; }
t_outcalc_race_5() { agree outcalc_race.c assertion "" sc -DOP=5; }
t_outcalc_race_6() { agree outcalc_race.c assertion "" sc -DOP=6; }
t_outcalc_race_7() { agree outcalc_race.c assertion "" sc -DOP=7; }

# the rand48 family's state in the C library (rand48_state.c, the
# adversary of 2026-11-28): fresh in every execution, and a seed48 or
# lcong48 racing with a draw is explored in both orders
t_rand48_state_default() { agree rand48_state.c "" 2 sc -DOP=0; }
# (OP=1: dfs counted 4 traces where the DPOR algorithms ran 3: erand48's
# family event was not the last before the C library read the multiplier;
# OP=3 made it a wrong answer: see the file)
t_rand48_state_lcong48() { agree rand48_state.c assertion 3 sc -DOP=1; }
t_rand48_state_late_read() { agree rand48_state.c assertion 5 sc -DOP=3; }
t_rand48_state_seed48() { agree rand48_state.c assertion 3 sc -DOP=2; }
# the time zone state and TZ: one event, the last before the call
# time_struct.c: the time functions' pointer arguments read and written
# at events (96bd4ef: "no error, exhaustive" but for dfs)
t_time_mktime() { agree time_struct.c assertion 2 sc -DOP=0; }
t_time_timegm() { agree time_struct.c assertion 2 sc -DOP=1; }
t_time_localtime_in() { agree time_struct.c assertion 2 sc -DOP=2; }
t_time_strftime() { agree time_struct.c assertion 2 sc -DOP=3; }
t_time_asctime_in() { agree time_struct.c assertion 2 sc -DOP=4; }
t_time_gmtime_in() { agree time_struct.c assertion 2 sc -DOP=5; }
t_time_ctime_in() { agree time_struct.c assertion 2 sc -DOP=6; }
# (tz_env_events.c: the default mode said "no error, exhaustive")
t_tz_env_localtime_r() { agree tz_env_events.c assertion 3 sc -DOP=0; }
t_tz_env_localtime() { agree tz_env_events.c assertion 3 sc -DOP=1; }
t_tz_env_mktime() { agree tz_env_events.c assertion 2 sc -DOP=2; }

# processes and OS threads made by raw system calls (raw_clone.c): the
# same refusal as fork(), under every engine, before the call runs
raw_clone() {
    local e
    for e in "" --engine=fork --engine=reset; do
        # shellcheck disable=SC2086
        rv check --json $e "$D/raw_clone.c" -- -DOP="$1"
        expect_rc 1
        expect_json '.errors[0].kind' unsupported
        expect_json '.errors[0].message | test("^system call [0-9]+ \\('"$2"'\\), which creates a process")' true
        expect_json '.errors | length' 1
    done
}
t_raw_clone_fork() { raw_clone 0 fork; }
t_raw_clone_clone() { raw_clone 1 clone; }
t_raw_clone_vfork() { raw_clone 2 vfork; }
t_raw_clone_clone3() { raw_clone 3 clone3; }
t_raw_clone_asm() { raw_clone 4 fork; }
t_raw_clone_thread() { raw_clone 5 clone; }

# the adversary's (attack39): process state put back between executions
# (fresh_state.c): the default engine and --engine=fork agree, 2
# executions, no error
fresh() {
    local mode
    for mode in "" "--engine=fork"; do
        # shellcheck disable=SC2086
        rv check --json $mode "$D/fresh_state.c" -- -DOP="$1"
        expect_rc 0
        expect_json .executions 2
        expect_json .exhaustive true
    done
}
t_fresh_static() { fresh 0; }
t_fresh_strtok() { fresh 1; }
t_fresh_rand() { fresh 2; }
t_fresh_setenv() { fresh 3; }
t_fresh_errno() { fresh 4; }
t_fresh_heap() { fresh 5; }
t_fresh_hcreate() { fresh 6; }
t_fresh_random() { fresh 7; }
t_fresh_gmtime() { fresh 8; }
t_fresh_ecvt() { fresh 12; }
t_fresh_getopt() { fresh 13; }
t_fresh_tmpfile() { fresh 15; }
t_fresh_stdout() { fresh 16; }
# the adversary's (attack39): --jobs=2/4 explore dfs's tree exactly
# (jobs_deep.c: 2 threads x 2 unlocked increments, 923 executions; the
# assertion c != 2 deep in the tree, or a crash there), with --keep-going
# the same executions, errors and exit code as --jobs=1
jobs_same() {
    local j
    for j in 1 2 4; do
        rv check --json --algo=dfs --keep-going --jobs=$j "$D/jobs_deep.c" -- -DN=2 -DK=2 "$@"
        expect_rc "$want_rc"
        expect_json .executions 923
        expect_json .exhaustive true
        expect_eq "errors of --jobs=$j" "$(kinds)" "$want_kinds"
    done
}
t_jobs_deep_assert() { want_rc=1 want_kinds="assertion@$D/jobs_deep.c:32 (main)" jobs_same -DTARGET=2; }
t_jobs_deep_crash() { want_rc=1 want_kinds="crash@$D/jobs_deep.c:27 (main)" jobs_same -DTARGET=2 -DCRASH; }
t_jobs_deep_none() { want_rc=0 want_kinds="" jobs_same -DTARGET=99; }

# the adversary's (attack39): a barrier of count 3 in the heap over 3
# rounds, destroyed and initialised with count 2 (REINIT); the race is in
# the last round (--no-cutoffs and dfs find it)
barrier_heap() {
    rv check --json --keep-going "$D/barrier_heap3.c" -- "$@"
    expect_rc 1
    expect_json .exhaustive true
    expect_eq "errors" "$(kinds)" "assertion@$D/barrier_heap3.c:46 (main)"
}
t_barrier_heap3() { barrier_heap; }
t_barrier_heap3_reinit() { barrier_heap -DREINIT; }

# the adversary's (attack39): SV-COMP atomic blocks and a nondet thread
# count; a wrong TRUE is the worst answer
t_sv_atomic_nondet() {
    rv check --json --property=unreach-call "$D/sv_atomic_nondet.c"
    expect_json .verdict UNKNOWN
    rv check --json --property=unreach-call --nondet-domain=-1:3 "$D/sv_atomic_nondet.c"
    expect_json .verdict "FALSE(unreach-call)"
    expect_eq "errors" "$(kinds)" "reach-error@$D/sv_atomic_nondet.c:23 (main)"
}

rv_main "$@"
