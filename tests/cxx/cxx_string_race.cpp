// libstdc++'s own code accesses the program's memory without events: ravel
// links C++ programs with a rewired copy of libstdc++.a, whose compiled
// code is not instrumented, and std::string is explicitly instantiated
// there (`extern template class basic_string<char>`), so at -O0 even
// s.size() and s.assign() are calls into uninstrumented code.
// Default: thread t assigns 36 characters, main reads s.size() after
// pthread_create; in a real run main reads 36 when t ran first and the
// assertion fails.  On da94eec every explorer (udpor, --algo=dfs with 9
// executions and 1 trace, --no-cutoffs, optimal) said "no error found;
// the exploration was exhaustive".  Now each such call asks unmodelled.c
// (compile.c cxx_unmodelled): made while another thread may run, the
// result is not exhaustive (exit 3) and the reason names the call.
// -DORDERED: main's string calls come before pthread_create and after
// pthread_join, the thread only counts: no error, exhaustive, 1 trace.
#include <cassert>
#include <pthread.h>
#include <string>

std::string s;
int hits;

static void *t(void *)
{
#ifdef ORDERED
    hits++;
#else
    s.assign("abcdefghijklmnopqrstuvwxyz0123456789");
#endif
    return nullptr;
}

int main()
{
#ifdef ORDERED
    s.assign("ab");
#endif
    pthread_t h;
    pthread_create(&h, nullptr, t, nullptr);
#ifdef ORDERED
    pthread_join(h, nullptr);
    assert(s.size() == 2 && hits == 1);
#else
    size_t n = s.size();
    pthread_join(h, nullptr);
    assert(n == 0);
#endif
    return 0;
}
