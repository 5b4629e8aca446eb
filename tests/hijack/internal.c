/* A program with a global named like one of the runtime's own (`rt`, the
 * runtime's state; tests/hijack/hijack.h): it used to fail to link. */
#define HIJACK_USE() (count_call(), __atomic_fetch_add(&rt, 1, __ATOMIC_SEQ_CST))
long rt;
#include "hijack.h"
