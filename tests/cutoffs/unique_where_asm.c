/* unique_where.c -DWHAT=4: a second source with inline assembly. */
int asm_side(void)
{
    int x = 0;
    __asm__ volatile("" : "+r"(x));
    return x;
}
