// libstdc++'s compiled code reached in ways other than std::string's
// members called by name (cxx_string_race.cpp): each OP races an access
// made by uninstrumented library code with one of another thread, and
// the assertion fails in a real run when the other order happens.
// ravel gates every entry into that code (compile.c cxx_unmodelled,
// cxx_vtables): made while another thread may run, the result is not
// exhaustive (exit 3, the reason naming the function), and dfs may
// find the assertion first.  On 7472ad3 OP=3, 4 (at -O2) and 5 were
// "no error, exhaustive" under udpor, --no-cutoffs and optimal, where
// dfs found the assertion.
//  OP=1 read side: the thread compares a string that main clears (at
//       -O2 clear() is inlined: its stores are events; compare() is the
//       library's and reads without events);
//  OP=2 a std::string in a struct, appended to by the thread;
//  OP=3 a class of the program's derived from std::stringbuf: at -O2
//       sputc is inlined and calls overflow() through the program's own
//       vtable, which holds the library's function;
//  OP=4 a plain std::stringbuf: at -O2 sputc, sgetc are inlined and call
//       overflow(), underflow() through libstdc++'s own vtable;
//  OP=5 abi::__cxa_demangle storing its status (a C name libstdc++
//       defines).
// -DORDERED: the same library calls in main before pthread_create or
// after pthread_join, the thread only counts: no error, exhaustive.
#include <cassert>
#include <cstdlib>
#include <cxxabi.h>
#include <pthread.h>
#include <sstream>
#include <string>

#ifndef OP
#define OP 1
#endif

std::string s;
int cmp = 1;
struct rec {
    int id;
    std::string name;
} r;
struct sbuf : std::stringbuf {
    long put() { return pptr() - pbase(); }
};
sbuf *d;
std::stringbuf *b;
int status = 7, hits;

static void lib_call()
{
    if (OP == 1) cmp = s.compare("");
    if (OP == 2) r.name += "abcdefghijklmnopqrstuvwxyz0123456789";
    if (OP == 3) d->sputc('x');
    if (OP == 4) b->sputc('x');
    if (OP == 5) free(abi::__cxa_demangle("_Z1fv", nullptr, nullptr, &status));
}

static void *t(void *)
{
#ifdef ORDERED
    hits++;
#else
    lib_call();
#endif
    return nullptr;
}

int main()
{
    s = "ab";
    d = new sbuf;
    b = new std::stringbuf;
#ifdef ORDERED
    lib_call();
#endif
    pthread_t h;
    pthread_create(&h, nullptr, t, nullptr);
    long seen = 0;
#ifndef ORDERED
    if (OP == 1) s.clear();
    if (OP == 2) seen = r.name.empty();
    if (OP == 3) seen = d->put();
    if (OP == 4) seen = b->sgetc();
    if (OP == 5) seen = status;
#endif
    pthread_join(h, nullptr);
#ifdef ORDERED
    lib_call();
    assert(hits == 1);
#else
    if (OP == 1) assert(cmp != 0);
    if (OP == 2) assert(seen == 1);
    if (OP == 3) assert(seen == 0);
    if (OP == 4) assert(seen == EOF);
    if (OP == 5) assert(seen == 7);
#endif
    return 0;
}
