/* The reset engine's own memory (its state and stack, mapped when the
 * server starts) can land right next to a mapping of the program's: here
 * the constructor's mapping moves ravel's shared memory elsewhere, and the
 * engine's state lands just below the static TLS block of main, which the
 * kernel then merges into one mapping with it.  The snapshot used to drop
 * every mapping that overlapped the engine's memory, so main's TLS was not
 * put back: the second execution saw tl == 7.  (The layout is the
 * kernel's; elsewhere this may not merge, and then it tests nothing.) */
#include <assert.h>
#include <pthread.h>
#include <sys/mman.h>

static __thread int tl;
static char *a;

__attribute__((constructor)) static void early(void)
{
    char *m = mmap(0, 4 << 20, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    munmap(m, 2 << 20);
    a = m + (4 << 20) - 4096;
}

static void *t(void *arg)
{
    return arg;
}

int main(void)
{
    assert(tl == 0);
    assert(a[0] == 0);
    tl = 7;
    a[0] = 1;
    pthread_t x;
    pthread_create(&x, NULL, t, NULL);
    pthread_join(x, NULL);
    return 0;
}
