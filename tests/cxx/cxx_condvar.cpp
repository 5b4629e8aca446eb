// C++: main hands a value to a consumer thread through a
// std::condition_variable (wait with a predicate on a std::unique_lock);
// both call std::call_once, and the consumer throws and catches an
// exception on its coroutine stack first (unwinding within one thread).
// -DBUG: the consumer waits without a predicate, so a notification sent
// before it waits is lost and it blocks forever (a deadlock).
//
// Traces: either thread runs the once function (2) times the order of the
// critical sections (the consumer's first, waiting, or main's first): 4.
#include <cassert>
#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <thread>

static std::mutex m;
static std::condition_variable cv;
static bool ready;
static int value;
static std::once_flag once;
static int inits;

int main()
{
    std::thread consumer([] {
        std::call_once(once, [] { inits++; });
        int caught = 0;
        try {
            throw std::runtime_error("local");
        } catch (const std::exception &e) {
            caught = 1;
        }
        assert(caught);
        std::unique_lock<std::mutex> l(m);
#ifdef BUG
        cv.wait(l);
#else
        cv.wait(l, [] { return ready; });
#endif
        assert(value == 42);
    });
    std::call_once(once, [] { inits++; }); // main produces
    {
        std::lock_guard<std::mutex> g(m);
        value = 42;
        ready = true;
    }
    cv.notify_one();
    consumer.join();
    assert(inits == 1);
}
