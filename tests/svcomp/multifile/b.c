#include "inl.h"
extern void reach_error(void);
int main(void)
{
    if (twice(2) != 4) reach_error();
    return 0;
}
