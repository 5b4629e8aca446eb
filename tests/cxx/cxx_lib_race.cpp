// libstdc++ reached in ways other than std::string's members called by
// name (cxx_string_race.cpp): each OP races an access made by library
// code with one of another thread, and the assertion fails in a real run
// when the other order happens.
// Every C++ source includes ravel_cxx.h (compile.c cxx_prelude), so the
// templates libstdc++ instantiates explicitly (std::string, the string
// streams) are instantiated in the program, instrumented: OP=1..4 are
// races like any other, found by every explorer.  On 7472ad3 OP=3, 4 (at
// -O2) were "no error, exhaustive" under udpor, --no-cutoffs and optimal,
// where dfs found the assertion; on 1c359e3 (entries into the library
// gated) all four were exit 3.  Without ravel_cxx.h (a runtime named by
// RAVEL_RUNTIME alone) they are gated again (tests/cxx run.sh).
// What only the library's compiled code does stays gated (compile.c
// cxx_unmodelled, cxx_vtables): made while another thread may run, the
// result is not exhaustive (exit 3, the reason naming the function), and
// dfs may find the assertion first (OP=5..7).
//  OP=1 read side: the thread compares a string that main clears;
//  OP=2 a std::string in a struct, appended to by the thread;
//  OP=3 a class of the program's derived from std::stringbuf: at -O2
//       sputc is inlined and calls overflow() through the program's own
//       vtable;
//  OP=4 a plain std::stringbuf: at -O2 sputc, sgetc are inlined and call
//       overflow(), underflow() through the vtable;
//  OP=5 abi::__cxa_demangle storing its status (a C name libstdc++
//       defines);
//  OP=6 std::map: the thread inserts a smaller key, whose node the
//       library's _Rb_tree_insert_and_rebalance links in as the header's
//       leftmost; main reads begin() (a build of 2026-11-28 before the
//       gate: default "no error, exhaustive", dfs the assertion);
//  OP=7 std::cout from the thread: the library's stdio_sync_filebuf
//       writes through its own vtable (xsputn); no assertion to fail.
// -DORDERED: the same library calls in main before pthread_create or
// after pthread_join, the thread only counts: no error, exhaustive.
#include <cassert>
#include <cstdlib>
#include <cxxabi.h>
#include <iostream>
#include <map>
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
std::map<int, int> m;

static void lib_call()
{
    if (OP == 1) cmp = s.compare("");
    if (OP == 2) r.name += "abcdefghijklmnopqrstuvwxyz0123456789";
    if (OP == 3) d->sputc('x');
    if (OP == 4) b->sputc('x');
    if (OP == 5) free(abi::__cxa_demangle("_Z1fv", nullptr, nullptr, &status));
    if (OP == 6) m[1] = 1;
    if (OP == 7) std::cout << 'x' << std::flush;
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
    m[5] = 5;
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
    if (OP == 6) seen = m.begin()->first;
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
    if (OP == 6) assert(seen == 5);
    if (OP == 7) assert(seen == 0);
#endif
    return 0;
}
