/* ILP32 tasks whose structures are laid out differently under LP64 (the
 * adversary of issue 27 part 1; gen.sh preprocesses this file with -m32).
 * Each is TRUE as an ILP32 program (gcc -m32 runs it without calling
 * reach_error) and was FALSE checked as LP64, where a pointer is 8 bytes:
 *   MEMSET  memset(&s, 0, 8) clears all of an ILP32 struct { int *p; int x; }
 *           and only the pointer of the LP64 one
 *   UNION   the pointer member of union { int *p; int w[2]; } covers w[1]
 *           only under LP64
 *   CAST    ((int *)&s)[1] is s.x under ILP32, the pointer's upper half
 *           under LP64
 * ravel must answer UNKNOWN, never the LP64 verdict. */
#include <assert.h>
#include <string.h>
void reach_error() { assert(0); }

struct S {
    int *p;
    int x;
} s;
int g;

#ifdef UNION
union U {
    int *p;
    int w[2];
} u;
#endif

int main(void)
{
#ifdef MEMSET
    s.p = &g;
    s.x = 7;
    memset(&s, 0, 8);
    if (s.x != 0) reach_error();
#endif
#ifdef UNION
    u.w[1] = 5;
    u.p = 0;
    if (u.w[1] != 5) reach_error();
#endif
#ifdef CAST
    s.x = 7;
    int *q = (int *)&s;
    if (q[1] != 7) reach_error();
#endif
    return 0;
}
