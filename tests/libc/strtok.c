/* strtok keeps its position inside the C library.  main takes the first
 * token; then each thread takes the next one.  fa gets "b" only when it
 * calls strtok before fb: the assertion fails when fb goes first. */
#include <assert.h>
#include <pthread.h>
#include <string.h>

char s[] = "a b c";
char *ta_tok, *tb_tok;
void *fa(void *p)
{
    ta_tok = strtok(NULL, " ");
    assert(ta_tok && ta_tok[0] == 'b'); /* fails when fb took "b" */
    return 0;
}
void *fb(void *p)
{
    tb_tok = strtok(NULL, " ");
    return 0;
}
int main(void)
{
    pthread_t ta, tb;
    (void)strtok(s, " ");
    pthread_create(&ta, 0, fa, 0);
    pthread_create(&tb, 0, fb, 0);
    pthread_join(ta, 0);
    pthread_join(tb, 0);
    return 0;
}
