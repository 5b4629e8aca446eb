/* ravel_cxx.h — included first (`-include`) into every C++ source ravel
 * compiles; installed next to libravel_rt.a (Makefile) and found there by
 * compile.c (cxx_prelude).
 *
 * libstdc++ declares its explicit instantiations `extern template`
 * (std::string, the streams, the locale facets, ...), so a program calls
 * the library's compiled copies, which are not instrumented: no events,
 * and compile.c's gate makes every such call made while another thread
 * may run a reason for "not exhaustive".  With the macro at 0 the program
 * instantiates those templates itself, from the headers, under
 * -fsanitize=thread: their loads and stores are events like the program's
 * own.  c++config.h defines the macro unconditionally, so it is redefined
 * after that header's first (and, by its include guard, only) inclusion. */
#ifndef RAVEL_CXX_PRELUDE_H
#define RAVEL_CXX_PRELUDE_H
#include <bits/c++config.h>
#undef _GLIBCXX_EXTERN_TEMPLATE
#define _GLIBCXX_EXTERN_TEMPLATE 0
#endif
