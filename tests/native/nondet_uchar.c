/* 256 values, explored exhaustively; reach_error for exactly one. */
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void reach_error(void);

int main(void)
{
    unsigned char c = __VERIFIER_nondet_uchar();
    if (c == TARGET) reach_error();
    return 0;
}
