/* A program that does not repeat itself: each run reads a counter from
 * the file "count" in the current directory and writes it back plus one,
 * and on odd counts takes a lock where even runs read z.  The race on x
 * after it makes every algorithm replay a schedule through that step.
 * -DCLOCK: it also reads the clock (named under --real-clock). */
#include <pthread.h>
#include <stdio.h>
#include <time.h>

int x, y, z;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *w(void *a)
{
    x = 1;
    return a;
}

int main(void)
{
    int n = 0;
    FILE *f = fopen("count", "r");
    if (f) {
        if (fscanf(f, "%d", &n) != 1) n = 0;
        fclose(f);
    }
    f = fopen("count", "w");
    fprintf(f, "%d\n", n + 1);
    fclose(f);
#ifdef CLOCK
    (void)time(NULL); /* LINE-CLOCK */
#endif
    pthread_t t;
    pthread_create(&t, 0, w, 0);
    if (n % 2) {
        pthread_mutex_lock(&m);
        pthread_mutex_unlock(&m);
    } else {
        y = z;
    }
    y = x;
    pthread_join(t, 0);
    return 0;
}
