# interleavings.awk — brute-force count of the interleavings (linear
# extensions) of the visible events of tests/native/private.c, independent
# of ravel: main performs create(1..K), join(1..K), exit; thread i performs
# L = M + 1 events (M writes and its exit), after create(i) and before
# join(i).  Counts paths through the state space (main's position, each
# thread's position) by memoised recursion.
#   awk -v K=3 -v M=2 -f interleavings.awk
function count(pm, key, i, n, s, sub_) {
    # pm = main's position (events done); pos[1..K] = thread positions
    key = pm
    for (i = 1; i <= K; i++) key = key "," pos[i]
    if (key in memo) return memo[key]
    n = 0
    if (pm == 2 * K + 1) {
        done = 1
        for (i = 1; i <= K; i++) if (pos[i] < L) done = 0
        memo[key] = done
        return done
    }
    # main's next event: create(pm+1) if pm < K, join(pm-K+1) if pm < 2K,
    # else exit.  A join waits for the thread's exit.
    if (pm < K || pm == 2 * K || pos[pm - K + 1] == L) n += count(pm + 1)
    # a thread steps once created and not finished
    for (i = 1; i <= K; i++)
        if (pm >= i && pos[i] < L) { pos[i]++; n += count(pm); pos[i]-- }
    memo[key] = n
    return n
}
BEGIN {
    L = M + 1
    for (i = 1; i <= K; i++) pos[i] = 0
    printf "%d\n", count(0)
}
