/* The memory and string functions ravel wraps (memcpy, memmove, strcpy,
 * strcmp, memcmp, strdup, realloc) must read their source at their own
 * read event.  They used to read it later (memcpy after the write event
 * of its destination; strcmp/memcmp after the second string's event;
 * realloc and strdup with no event before the copy), so a write of fb
 * could land between the read event and the real read: --algo=dfs counted
 * 3 traces where there are 2, and because the unfolding took "fc reads,
 * fb writes, fc copies" for the same trace as "fc reads, fc copies, fb
 * writes", udpor never ran the second one: it said "no error, exhaustive"
 * for the bug below (fc finishing before fb writes), which dfs finds.
 * OP selects the function (0 strcpy, 1 strcmp, 2 memcmp, 3 strdup,
 * 4 realloc, 5 memmove, 6 memcpy). */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
char s[8] = "ab";
char d[8];
int r = 1;
void *fb(void *a)
{
    s[1] = 'x';
    return 0;
}
void *fc(void *a)
{
#if OP == 0
    strcpy(d, s);
#elif OP == 1
    r = strcmp(s, "ax");
#elif OP == 2
    r = memcmp(s, "ax", 2);
#elif OP == 3
    char *p = strdup(s);
    d[1] = p[1];
#elif OP == 4
    char *p = malloc(4);
    memcpy(p, s, 3);
    p = realloc(p, 64);
    d[1] = p[1];
#elif OP == 5
    memmove(d, s, 3);
#else
    memcpy(d, s, 3);
#endif
    return 0;
}
int main(void)
{
    pthread_t t[2];
    pthread_create(&t[0], 0, fb, 0);
    pthread_create(&t[1], 0, fc, 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
#if OP == 1 || OP == 2
    assert(r == 0); /* fails when fc compared before fb wrote */
#else
    assert(d[1] == 'x'); /* fails when fc copied before fb wrote */
#endif
    return 0;
}
