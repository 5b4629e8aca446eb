/*
 * spaces.h — trace spaces of PV programs (seed 003 §2–§3): the geometric
 * semantics as a grid with forbidden rectangles, dead matrices, the index
 * poset, schedulings as its connected components, and the scheduling
 * automaton of looping programs.
 *
 * Discrete geometry.  A linear process j (no choice, no loop) with len[j]
 * P/V operations lives on the grid [0, len[j]]: point k is "after k
 * operations".  A program of n processes is the grid box ∏_j [0, len[j]].
 * Process j holds h_j(a, k) = #P(a) - #V(a) among its first k operations;
 * point k is forbidden when Σ_j h_j(a, k_j) > cap(a) for some a (§1.4: the
 * open interval ]x, y[ of the paper is the integer interval [x+1, y-1]
 * here).  The forbidden set is a union of l rectangles
 * R^i = ∏_j [lo_ij, hi_ij]; lo_ij = 0 means R^i spans dimension j from the
 * start (the boundary matrix B of §2.4 is B(i,j) = [lo_ij > 0]) and
 * hi_ij = len[j] that it reaches the end (y = ∞ in §2.4).
 *
 * Matrices (§2.2) are l x n boolean: row i is one uint64_t, bit j = column
 * j (n <= 64).  M(i,j) = 1 extends R^i downwards in every dimension but j:
 * E_ij = {k : lo_ij <= k_j <= hi_ij and k_j' <= hi_ij' for j' != j}, i.e.
 * process j may not enter R^i's j-interval before another process j' has
 * passed hi_ij'.  X_M is the grid minus the E_ij with M(i,j) = 1; M is
 * alive when X_M has a monotone path from 0 to len.
 *
 * Invariants: every rectangle has some lo_ij > 0 (nothing is held at the
 * start); no rectangle is contained in another; 0 <= lo_ij <= hi_ij <=
 * len[j].
 */
#ifndef RAVEL_SPACES_SPACES_H
#define RAVEL_SPACES_SPACES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "../pv/pv_lang.h"

/* The `ravel spaces [--count] [--automaton] [--json] [--timeout S] prog.pv`
 * subcommand; argv[0] is "spaces".  Exit codes: 0 ok, 2 usage or syntax
 * error, 3 limit hit. */
int rv_spaces_main(int argc, char **argv);

typedef struct rv_space {
    int n;        /* dimensions = processes */
    int *len;     /* [n] */
    int l;        /* rectangles */
    int *lo, *hi; /* [l * n], index i * n + j */
} rv_space;

/* The forbidden rectangles of the linear processes proc[0..n) over nres
 * resources with capacities cap[] (§1.4, §2.4).  Cost: for each resource,
 * every way to split cap+1 units among the processes times the intervals
 * where they hold that many; then O(l^2 n) to drop contained rectangles. */
rv_space *rv_space_build(int n, const rv_pv_path *const *proc, int nres, const int *cap);
void rv_space_free(rv_space *s);
/* Is grid point k (k[j] in [0, len[j]]) inside some rectangle? */
bool rv_space_forbidden(const rv_space *s, const int *k);

/* Dead matrices (§2.3 Prop. 17, §2.4 eq. 10), one 1 per non-null column:
 * col[d * n + j] = row of column j's 1, or -1 for a null column. */
typedef struct rv_deadset {
    int n;
    size_t count, cap;
    int16_t *col;
} rv_deadset;

/* Pruned column-by-column search of Fig. 1.  With `minimal`, subtrees whose
 * assignment is already above a found dead matrix are skipped and the
 * result is reduced to the minimal dead matrices (the same upward closure,
 * so Prop. 20 is unaffected); without, every dead matrix of the form above
 * is listed.  Returns 0, or -1 when rv_now() passed deadline (0 = none) or
 * more than max_dead were found. */
int rv_sp_dead(const rv_space *s, rv_deadset *out, bool minimal, double deadline, size_t max_dead);
void rv_deadset_free(rv_deadset *d);
/* Keeps only the minimal dead matrices, fewest 1s first (enough for
 * Prop. 20, and the alive computation costs O(|D| |C| n)).  Cost
 * O(|D| |Dmin| n).  Returns the new count. */
size_t rv_sp_dead_minimize(rv_deadset *d);
/* Is some dead matrix <= M (Prop. 20)? */
bool rv_sp_has_dead_below(const rv_deadset *d, const uint64_t *M);

/* A set of l x n matrices, l words each. */
typedef struct rv_matset {
    int l;
    size_t count, cap;
    uint64_t *m;
} rv_matset;
static inline uint64_t *rv_mat(const rv_matset *s, size_t i)
{
    return s->m + i * (size_t)s->l;
}
void rv_matset_free(rv_matset *s);

/* Maximal alive matrices with non-zero rows (§2.3, the incremental
 * algorithm of Example 21 started from B instead of the all-ones matrix,
 * since entries outside B are dead on their own).  Returns 0, or -1 on
 * deadline / more than max_alive matrices. */
int rv_sp_alive(const rv_space *s, const rv_deadset *d, rv_matset *out, double deadline,
                size_t max_alive);

/* Connected components of the index poset (Def. 14, Prop. 15): comp[i] is
 * the component of matrix i, numbered 0.. in order of first matrix.
 * Returns the number of components.  Union-find over shared selections
 * (one 1 per row, hashed), or over pairs sharing a 1 in the sparsest row
 * when there are more than 16 |C| + 2^20 selections. */
size_t rv_sp_components(const rv_matset *c, int n, uint32_t *comp);
/* The same with the selection budget explicit (0 forces the pairwise
 * method; for tests). */
size_t rv_sp_components_with(const rv_matset *c, int n, uint32_t *comp, size_t budget);

/* A total path in X_M (M alive): out[0..Σlen) receives the process that
 * moves at each step (greedy, lowest process first; alive spaces have no
 * deadlock, §2.3).  Returns 0, or -1 if stuck (M dead). */
int rv_sp_path(const rv_space *s, const uint64_t *M, int *out);

/* Schedulings of linear processes: counts and optionally representatives.
 * reps (may be NULL) receives, for each scheduling, Σlen process ids. */
typedef struct rv_sp_result {
    uint64_t schedulings, dead, alive;
    int **reps; /* [schedulings], each of length total_len */
    int total_len;
    bool limit; /* a deadline or size limit was hit */
    bool stuck; /* internal: a representative could not be built */
} rv_sp_result;
int rv_sp_schedulings(int n, const rv_pv_path *const *proc, int nres, const int *cap,
                      bool want_reps, double deadline, rv_sp_result *res);
void rv_sp_result_free(rv_sp_result *r);

/* The scheduling automaton of p0* | ... | p(n-1)* (§3.2, Def. 28) and its
 * reduction (Def. 37) for linear bodies proc[j].  Vertices are maximal
 * alive matrices of p; M -j-> N when M ⊕_j N is alive in the delooping
 * where body j runs twice.  Holes must not touch the boundary (§3.1).
 * Writes DOT to out.  Returns 0, -1 on limit, -2 if unsupported (msg). */
typedef struct rv_sp_automaton {
    rv_matset vert; /* maximal alive matrices of p */
    size_t nedges;
    int *src, *dst, *lab; /* edges */
    uint32_t *cls;        /* reduced vertex of each vertex */
    size_t nreduced;
    size_t nredges; /* distinct edges of the reduced automaton */
    int *rsrc, *rdst, *rlab;
} rv_sp_automaton;
int rv_sp_automaton_build(int n, const rv_pv_path *const *proc, int nres, const int *cap,
                          double deadline, rv_sp_automaton *a, char *msg, size_t msgcap);
void rv_sp_automaton_dot(const rv_sp_automaton *a, int n, bool reduced, FILE *out);
void rv_sp_automaton_free(rv_sp_automaton *a);

#endif
