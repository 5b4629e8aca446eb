/* Code of a library the compile driver does not see (issue 27 part 3).
 * memo_open (linked_lib_so.c, built by run.sh as libmemo.so.1) opens a
 * descriptor: under the reset engine it stayed open into the next
 * execution, and a later execution found the number past the ones a
 * forked child gets.  The link line's check knew only `-lNAME`, `.so`,
 * `.a` and `.o`: a versioned path (libmemo.so.1) and `-Wl,-lmemo` went
 * through, and memo_open, which starts like the C library's mem*
 * functions, passed as reset-safe.  Now every link flag but the C
 * library's parts makes the engine fork.
 *   -DWEAK  memo_open is a weak import that no library on the link line
 *           defines: only an LD_PRELOAD library gives it, which the engine
 *           finds among the process's mappings (engine.c foreign_code) */
#include <assert.h>
#include <stddef.h>

#include "racers.h"

#ifdef WEAK
extern int memo_open(void) __attribute__((weak));
#else
int memo_open(void);
#endif

int main(void)
{
    /* called through a pointer: a weak function's call gets no trampoline */
    int (*volatile open_one)(void) = memo_open;
    if (open_one) {
        int fd = open_one();
        assert(fd >= 0 && fd < 8);
    }
    pthread_t t[2];
    race_start(t, NULL);
    race_join(t);
    return 0;
}
