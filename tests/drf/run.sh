#!/usr/bin/env bash
# tests/drf — memory mode drf honours C11 memory orders (issue 13 part 7):
# interleavings stay sequentially consistent, but only release/acquire
# (and seq_cst, consume as acquire, fences, release sequences) order the
# plain accesses around atomics.  Ground truth: the C11 standard's
# synchronises-with rules (5.1.2.4, 7.17.4), case by case in mp.c and
# rmw.c.  A race-free case must explore every trace without an error, with
# udpor's execution count equal to dfs --count-traces; a racy case must
# report the data race naming both accesses, under dfs and under udpor.
. "$(dirname "$0")/../lib.sh"
D=$ROOT/tests/drf

# racy PROG READ_MARKER CFLAGS...: both algorithms report the race on data
# between the write (marked "/* the write */", or $WMARK) and the marked read.
racy() {
    local prog=$1 rmark=$2 a rl wl
    shift 2
    rl=$(line_of "$D/$prog" "$rmark")
    wl=$(line_of "$D/$prog" "${WMARK:-/* the write */}")
    for a in dfs udpor; do
        [ $a = udpor ] && ! have_algo udpor && continue
        rv check --algo=$a --memory=drf --json "$D/$prog" -- "$@"
        expect_rc 1
        expect_json '.errors[0].kind' data-race
        expect_json_match '.errors[0].message' "$prog:$rl .*$prog:$wl "
    done
}

# race_free PROG CFLAGS...: no error in any trace; udpor explores exactly
# the traces dfs counts.
race_free() {
    local prog=$1 traces
    shift
    rv check --algo=dfs --count-traces --memory=drf --json "$D/$prog" -- "$@"
    expect_rc 0
    expect_json '.errors|length' 0
    expect_json .exhaustive true
    traces=$(json .traces)
    have_algo udpor || return 0
    rv check --algo=udpor --memory=drf --json "$D/$prog" -- "$@"
    expect_rc 0
    expect_json '.errors|length' 0
    expect_json .exhaustive true
    expect_json .executions "$traces"
}

R='/* the read */'
t_mp_relaxed() { racy mp.c "$R"; }
t_mp_release_relaxed() { racy mp.c "$R" -DST=memory_order_release; }
t_mp_relaxed_acquire() { racy mp.c "$R" -DLD=memory_order_acquire; }
t_mp_release_acquire() { race_free mp.c -DST=memory_order_release -DLD=memory_order_acquire; }
t_mp_release_consume() { race_free mp.c -DST=memory_order_release -DLD=memory_order_consume; }
t_mp_seq_cst() { race_free mp.c -DST=memory_order_seq_cst -DLD=memory_order_seq_cst; }
t_mp_fence_fence() { race_free mp.c -DWFENCE -DRFENCE; }
t_mp_fence_acquire() { race_free mp.c -DWFENCE -DLD=memory_order_acquire; }
t_mp_release_fence() { race_free mp.c -DST=memory_order_release -DRFENCE; }
t_mp_write_fence_only() { racy mp.c "$R" -DWFENCE; }
t_mp_read_fence_only() { racy mp.c "$R" -DRFENCE; }
t_mp_read_fence_too_early() { racy mp.c "$R" -DWFENCE -DRFENCE_EARLY; }
t_mp_seq_cst_fences() { race_free mp.c -DWFENCE -DRFENCE -DWFENCE_MO=memory_order_seq_cst -DRFENCE_MO=memory_order_seq_cst; }
t_mp_acq_rel_fences() { race_free mp.c -DWFENCE -DRFENCE -DWFENCE_MO=memory_order_acq_rel -DRFENCE_MO=memory_order_acq_rel; }
t_mp_acquire_fence_on_writer() { racy mp.c "$R" -DWFENCE -DRFENCE -DWFENCE_MO=memory_order_acquire; }
t_mp_release_fence_on_reader() { racy mp.c "$R" -DWFENCE -DRFENCE -DRFENCE_MO=memory_order_release; }
# sc mode has no race detection: the relaxed case is just explored
t_mp_relaxed_sc() {
    rv check --algo=dfs --json "$D/mp.c"
    expect_rc 0
    expect_json '.errors|length' 0
}

t_rmw_relaxed_rmw_continues_sequence() { race_free rmw.c -DMODE=1; }
t_rmw_other_store_ends_sequence() { racy rmw.c "/* R reads after load */" -DMODE=2; }
t_rmw_same_thread_store_continues() { race_free rmw.c -DMODE=3; }
t_rmw_all_relaxed() { racy rmw.c "/* R reads after load */" -DMODE=4; }
t_rmw_acq_rel_chain() { race_free rmw.c -DMODE=5; }
t_rmw_relaxed_chain_reader() { racy rmw.c "/* M reads, relaxed */" -DMODE=6; }
t_rmw_cas_fail_relaxed() { racy rmw.c "/* R reads after CAS */" -DMODE=7 -DFMO=memory_order_relaxed; }
t_rmw_cas_fail_acquire() { race_free rmw.c -DMODE=7 -DFMO=memory_order_acquire; }
t_rmw_own_rmw_head_survives_own_store() { race_free rmw.c -DMODE=8; }
t_rmw_relaxed_rmw_then_store() { racy rmw.c "/* R reads after load */" -DMODE=9; }

# a try-lock on an atomic_flag: test_and_set (RMW) must acquire what clear
# (store) released; the two increments are the same line
I='/* the increment */'
t_flag_acquire_release() { race_free flag.c; }
t_flag_seq_cst() { race_free flag.c -DLOCK_MO=memory_order_seq_cst -DUNLOCK_MO=memory_order_seq_cst; }
t_flag_sync_builtins() { race_free flag.c -DSYNC; }
t_flag_relaxed_lock() { WMARK=$I racy flag.c "$I" -DLOCK_MO=memory_order_relaxed; }
t_flag_relaxed_unlock() { WMARK=$I racy flag.c "$I" -DUNLOCK_MO=memory_order_relaxed; }

rv_main "$@"
