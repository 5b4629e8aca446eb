// C++: N std::threads each add their id to a counter under a std::mutex
// (std::lock_guard for odd ids, std::unique_lock for even ones); main
// joins them and checks the counter.  -DBUG drops the lock (lost update).
//
// Trace count (verified case): the N critical sections are mutually
// dependent (same mutex, same counter); the threads' other steps (the
// library's start-up of each thread, its end) are thread-local or ordered
// by the constructor's create and by join, so the traces are the orders of
// the critical sections: N!.
#include <cassert>
#include <mutex>
#include <thread>
#include <vector>

#ifndef N
#define N 3
#endif

static std::mutex m;
static int counter;

static void add(int id)
{
#ifndef BUG
    if (id % 2) {
        std::lock_guard<std::mutex> g(m);
        counter += id;
    } else {
        std::unique_lock<std::mutex> l(m);
        counter += id;
    }
#else
    int v = counter;
    counter = v + id;
#endif
}

int main()
{
    std::vector<std::thread> ts;
    for (int i = 1; i <= N; i++) ts.emplace_back(add, i);
    for (auto &t : ts) t.join();
    assert(counter == N * (N + 1) / 2);
}
