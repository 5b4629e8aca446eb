/* Unbounded recursion in main (the process stack, no guard of ravel's). */
static int depth(int n) /* marker: depth begins */
{
    volatile char frame[2048];
    frame[0] = (char)n;
    return depth(n + 1) + frame[0];
} /* marker: depth ends */

int main(void)
{
    return depth(0);
}
