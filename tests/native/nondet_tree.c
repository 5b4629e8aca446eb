/* A tree of uniform degree: main alone draws K nondet ints, so every
 * root-to-leaf path of --algo=dfs's tree has the same K value choices of
 * |--nondet-domain| values each, and the executions number |domain|^K
 * (Knuth's estimator is exact on it: every path has the same product). */
extern int __VERIFIER_nondet_int(void);

#ifndef K
#define K 3
#endif

volatile int sink;

int main(void)
{
    for (int i = 0; i < K; i++) sink += __VERIFIER_nondet_int();
    return 0;
}
