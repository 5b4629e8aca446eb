// Function-local statics through the runtime's guard functions (sync.c):
// one initialised by a global constructor before main (its guard is done
// in every execution, no event), then used by two threads; -DTHROW: an
// initialiser that throws (__cxa_guard_abort) is reported unsupported
// (the model's once cannot go back to "not run").
#include <cassert>
#include <thread>
#include <stdexcept>
static int make(int x) { if (x < 0) throw std::runtime_error("neg"); return x * 2; }
static int get(int x) { static int v = make(x); return v; }
struct Init { Init() { assert(get(21) == 42); } } init_at_start;
int main()
{
#ifdef THROW
    try { static int w = make(-1); (void)w; } catch (...) {}
#endif
    std::thread t([] { assert(get(5) == 42); });
    assert(get(7) == 42);
    t.join();
    return 0;
}
