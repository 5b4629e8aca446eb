/* The reader dereferences p before the writer set it in one interleaving
 * (an invalid dereference: valid-deref); reach_error is unreachable. */
#include <pthread.h>
extern void reach_error(void);

int v = 7;
int *volatile p;

void *setter(void *arg)
{
    p = &v;
    return 0;
}

int main(void)
{
    pthread_t s;
    pthread_create(&s, 0, setter, 0);
    int x = *p; /* MARK deref */
    pthread_join(s, 0);
    if (x != 7) reach_error();
    return 0;
}
