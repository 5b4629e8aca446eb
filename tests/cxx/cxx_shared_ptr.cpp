// std::shared_ptr copied in two threads: libstdc++ counts references with
// atomics only when __libc_single_threaded is 0, which glibc sets at a
// program's first pthread_create; ravel's runtime replaces that call, so
// the flag stayed 1, the counts were plain read-modify-writes, and their
// interleavings lost updates: on 1c359e3 every explorer reported the final
// assertion (use_count() 2), which no real run can fail.  Now the runtime
// clears the flag before main (start.c): exhaustive, no error.
#include <memory>
#include <thread>
#include <cassert>
struct O { int v = 1; ~O() { v = 0; } };
int main()
{
    auto p = std::make_shared<O>();
    std::thread t([p] { std::shared_ptr<O> q = p; assert(q->v == 1); });
    { std::shared_ptr<O> r = p; assert(r->v == 1); }
    t.join();
    assert(p.use_count() == 1);
    return 0;
}
