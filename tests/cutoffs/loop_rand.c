/* class 5 in a loop: a spin loop that calls rand(), whose hidden state makes
 * every state after it unique: with cutoffs the run cannot end
 * exhaustively and must say why (exit 3 and the state source). */
#include <pthread.h>
#include <stdlib.h>
int stop;
void *fa(void *a)
{
    while (!stop) (void)rand();
    return 0;
}
int main(void)
{
    pthread_t ta;
    pthread_create(&ta, 0, fa, 0);
    stop = 1;
    pthread_join(ta, 0);
    return 0;
}
