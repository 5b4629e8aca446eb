/* unique_where.c -DWHAT=4: a second source with inline assembly. */
int asm_side(void)
{
    int x = 0;
    __asm__ volatile("addl $0, %0" : "+r"(x));
    return x;
}
