/* warn.c — the user's own warnings (-Wall): an unused variable. */
int main(void)
{
    int unused_here; /* UNUSED */
    return 0;
}
