/* unique_where.c -DWHAT=4: a second source, with a function built
 * without instrumentation. */
static int v;
__attribute__((no_sanitize("thread"))) static void quiet(int *p)
{
    *p = 1;
}
int quiet_side(void)
{
    quiet(&v);
    return v;
}
