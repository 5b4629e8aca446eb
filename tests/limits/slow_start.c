/* slow_start.c — the program never reaches main: a constructor spins on a
 * flag nothing sets, so the fork server never starts.  --time-limit must
 * still stop the run (issue 28 part 5). */
#include <stdatomic.h>

static atomic_int ready;

__attribute__((constructor)) static void wait_for_ever(void)
{
    while (!atomic_load(&ready)) {
    }
}

int main(void)
{
    return 0;
}
