// C++ (a .cc source): a thread and main increment a std::atomic<int> with
// a compare_exchange_weak loop; every load and CAS is an event (clang's
// -fsanitize=thread turns them into __tsan_atomic32_* calls, which the
// runtime makes events).  -DBUG: load then store, two atomic steps that
// lose an update when they interleave.
//
// Traces: say A's CAS succeeds first (A is either thread: 2 ways); B's
// load reads 0, before A's CAS (B's first CAS then fails, reading 1, and
// its second succeeds) or 1, after it (B's first CAS succeeds): 2 each.
// Loads commute with loads, and a failed CAS only reads: 4 traces.
#include <atomic>
#include <cassert>
#include <thread>

static std::atomic<int> c{0};

static void inc()
{
#ifdef BUG
    int v = c.load();
    c.store(v + 1);
#else
    int v = c.load();
    while (!c.compare_exchange_weak(v, v + 1)) {
    }
#endif
}

int main()
{
    std::thread t(inc);
    inc();
    t.join();
    assert(c.load() == 2);
}
