/* C99 inline done right across two units (a.c gives the external
 * definition): links as C99, and would not under GNU89 semantics (two
 * external definitions), so ravel must not use those unless needed. */
inline int twice(int x) { return 2 * x; }
