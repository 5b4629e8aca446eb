// A user's producer/consumer in everyday C++: a queue of std::string over
// std::deque, std::mutex, std::condition_variable, a std::shared_ptr
// captured by the producer, a std::function.  On 1c359e3 (libstdc++'s
// compiled code gated, templates not yet instantiated in the program):
// INCOMPLETE, "std::allocator<char>::allocator() at q.cpp:24 accesses the
// program's memory without events while other threads run".  With
// ravel_cxx.h: verified, 8 executions under --no-cutoffs and optimal
// (-O0 and -O2).
#include <condition_variable>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <memory>
#include <functional>
#include <cassert>
#include <vector>
template <class T> class Queue {
    std::mutex m;
    std::condition_variable cv;
    std::deque<T> q;
public:
    void push(T v) { { std::lock_guard<std::mutex> g(m); q.push_back(std::move(v)); } cv.notify_one(); }
    T pop() { std::unique_lock<std::mutex> l(m); cv.wait(l, [&] { return !q.empty(); }); T v = std::move(q.front()); q.pop_front(); return v; }
};
int main()
{
    Queue<std::string> q;
    auto counter = std::make_shared<int>(0);
    std::vector<std::string> got;
    std::thread c([&] { for (int i = 0; i < 2; i++) got.push_back(q.pop()); });
    std::thread p([&q, counter] { q.push("alpha"); q.push(std::string("beta") + "!"); });
    p.join();
    c.join();
    assert(got.size() == 2 && got[0] == "alpha" && got[1] == "beta!");
    std::function<int(int)> f = [](int x) { return x + 1; };
    assert(f(1) == 2);
    return 0;
}
