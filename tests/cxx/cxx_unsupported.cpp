// C++ constructs ravel does not model end the execution with an
// "unsupported" error naming the call, never run silently:
//   -DSHARED   std::shared_mutex (pthread_rwlock_*; -std=c++17)
//   -DPROMISE  std::promise/std::future across threads (a futex wait)
//   -DTLS      a thread_local object with a destructor
// and -DTHROW, an exception no handler catches in a thread, ends in
// std::terminate's abort(), as it would outside ravel.
#include <cassert>
#include <string>
#include <thread>
#ifdef SHARED
#include <shared_mutex>
static std::shared_mutex sm;
#endif
#ifdef PROMISE
#include <future>
#endif
#ifdef TLS
thread_local std::string name = "t";
#endif
#ifdef THROW
#include <stdexcept>
#endif

int main()
{
#ifdef PROMISE
    std::promise<int> p;
    std::future<int> f = p.get_future();
    std::thread t([&p] { p.set_value(7); });
    assert(f.get() == 7);
#else
    std::thread t([] {
#ifdef SHARED
        std::shared_lock<std::shared_mutex> l(sm);
#endif
#ifdef TLS
        name += "1";
#endif
#ifdef THROW
        throw std::runtime_error("uncaught");
#endif
    });
#endif
    t.join();
}
