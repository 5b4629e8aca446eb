/*
 * spaces.h — trace spaces of PV programs (seed 003 §2–§3).
 */
#ifndef RAVEL_SPACES_SPACES_H
#define RAVEL_SPACES_SPACES_H

/* The `ravel spaces [--count] [--automaton] [--json] [--timeout S] prog.pv`
 * subcommand; argv[0] is "spaces".  Exit codes: 0 ok, 2 usage or syntax
 * error, 3 limit hit. */
int rv_spaces_main(int argc, char **argv);

#endif
