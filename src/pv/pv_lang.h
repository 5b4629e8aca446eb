/*
 * pv_lang.h — the PV language of seed 003 §1.2: lexer, parser, AST, and the
 * well-bracketing check, shared by the PV backend and trace spaces.
 *
 * Grammar (docs/PV.md):
 *   program  ::= decl* par EOF
 *   decl     ::= "resource" item ("," item)* ";"     item ::= IDENT (":" INT)?
 *   par      ::= alt ("|" alt)*          -- processes; '|' only at top level
 *   alt      ::= seq ("+" seq)*          -- choice
 *   seq      ::= post ("." post)*        -- sequence
 *   post     ::= atom "*"*               -- loop
 *   atom     ::= "1" | "P" "(" IDENT ")" | "V" "(" IDENT ")" | "(" alt ")"
 * Comments: "#" or "//" to the end of the line, and "/" "*" ... "*" "/".
 *
 * Invariants of a parsed program (rv_pv_parse succeeded):
 *  - every resource used is declared, once; capacities are >= 1;
 *  - each process is well bracketed (seed 003 §1.3: the resources held at a
 *    point do not depend on the path that reached it): V(a) only while the
 *    process holds a, both branches of p+q end holding the same resources,
 *    a loop body releases everything it takes.  A process may end holding
 *    resources (the forbidden region then touches the end, §2.4).
 *  - nodes carry the 1-based line and column of their operator / keyword.
 */
#ifndef RAVEL_PV_PV_LANG_H
#define RAVEL_PV_PV_LANG_H

#include <stdbool.h>
#include <stddef.h>

typedef enum rv_pv_kind {
    RV_PV_ONE,  /* 1: does nothing */
    RV_PV_P,    /* P(res) */
    RV_PV_V,    /* V(res) */
    RV_PV_SEQ,  /* a . b */
    RV_PV_ALT,  /* a + b */
    RV_PV_STAR, /* a* */
} rv_pv_kind;

typedef struct rv_pv_node {
    rv_pv_kind kind;
    int res; /* P, V: resource index */
    int line, col;
    struct rv_pv_node *a, *b;
} rv_pv_node;

typedef struct rv_pv_prog {
    char *file; /* name used in messages */
    int nres;
    char **res_name;
    int *cap;
    int nthreads;
    rv_pv_node **thread; /* top-level processes in program order */
    rv_pv_node **all;    /* every node (ownership) */
    size_t nall, capall;
} rv_pv_prog;

/* Parse program text; NULL with "name:line:col: message" in err on error. */
rv_pv_prog *rv_pv_parse(const char *name, const char *text, char *err, size_t errcap);
/* Read and parse a file; NULL with a message in err. */
rv_pv_prog *rv_pv_parse_file(const char *path, char *err, size_t errcap);
void rv_pv_free(rv_pv_prog *p);

/* True when the subtree contains a loop / a choice. */
bool rv_pv_has_star(const rv_pv_node *n);
bool rv_pv_has_alt(const rv_pv_node *n);

/* One P or V of a linear (choice- and loop-free) process. */
typedef struct rv_pv_op {
    int res;
    bool is_p;
    int line, col;
} rv_pv_op;

/* A linear process: the ops of one path through a loop-free process, with
 * the branch values (0 left, 1 right) taken at each choice, in order. */
typedef struct rv_pv_path {
    rv_pv_op *op;
    int n;
    unsigned char *choice;
    int nchoice;
} rv_pv_path;

/* All paths through a loop-free process, in lexicographic order of their
 * branch values (left first).  Returns the count, or -1 when there would be
 * more than `max` (nothing is returned then).  Free with rv_pv_paths_free. */
long rv_pv_paths(const rv_pv_node *n, long max, rv_pv_path **out);
void rv_pv_paths_free(rv_pv_path *p, long n);

/* Render a process (or subtree) back into source syntax. */
char *rv_pv_str(const rv_pv_prog *p, const rv_pv_node *n);

#endif
