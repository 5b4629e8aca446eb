/* The library of linked_lib.c (run.sh builds it as libmemo.so.1). */
#include <fcntl.h>

int memo_open(void)
{
    return open("/dev/null", O_RDONLY);
}
