#include "inl.h"
extern inline int twice(int); /* C99: the external definition lives here */
