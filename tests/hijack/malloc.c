/* A program that defines its own malloc (tests/hijack/hijack.h). */
#include <stdlib.h>
/* wrappers around glibc's allocator */
extern void *__libc_malloc(size_t);
extern void __libc_free(void *);
#define HIJACK_USE() free(malloc(16))
#include "hijack.h"

void *malloc(size_t n)
{
    count_call();
    return __libc_malloc(n);
}

void free(void *p)
{
    __libc_free(p);
}
