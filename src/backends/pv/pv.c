/* pv.c — PV backend (see pv.h).  Placeholder until the interpreter lands. */
#include "pv.h"

#include <stdio.h>

rv_backend *rv_pv_open(const char *path, const rv_limits *lim, char *err, size_t errcap)
{
    (void)lim;
    snprintf(err, errcap, "%s: PV backend not implemented yet", path);
    return NULL;
}

rv_backend *rv_pv_open_string(const char *name, const char *text, const rv_limits *lim, char *err,
                              size_t errcap)
{
    (void)text;
    (void)lim;
    snprintf(err, errcap, "%s: PV backend not implemented yet", name);
    return NULL;
}
