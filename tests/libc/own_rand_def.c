/* The program's own rand (see own_rand.c). */
int rand(void)
{
    return 42;
}
