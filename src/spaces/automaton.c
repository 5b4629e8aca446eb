/*
 * automaton.c — the scheduling automaton of a looping program
 * p0* | ... | p(n-1)* (seed 003 §3.2, Def. 28) and the reduced automaton
 * (Def. 37), for linear loop bodies whose rectangles do not touch the
 * boundary (the hypothesis of §3.1).
 */
#include <stdlib.h>
#include <string.h>

#include "../core/util.h"
#include "spaces.h"

/* The space of the delooping where body j runs twice (Example 23):
 * rectangles of the first copy, then the same shifted by len[j] in
 * dimension j, so rows [0, l) and [l, 2l) of M ⊕_j N are M and N. */
static rv_space *double_space(const rv_space *s, int j)
{
    int n = s->n, l = s->l;
    rv_space *d = rv_xcalloc(1, sizeof *d);
    d->n = n;
    d->l = 2 * l;
    d->len = rv_xmalloc((size_t)n * sizeof *d->len + 1);
    memcpy(d->len, s->len, (size_t)n * sizeof *d->len);
    d->len[j] *= 2;
    d->lo = rv_xmalloc((size_t)d->l * (size_t)n * sizeof(int) + 1);
    d->hi = rv_xmalloc((size_t)d->l * (size_t)n * sizeof(int) + 1);
    memcpy(d->lo, s->lo, (size_t)l * (size_t)n * sizeof(int));
    memcpy(d->hi, s->hi, (size_t)l * (size_t)n * sizeof(int));
    memcpy(d->lo + (size_t)l * (size_t)n, s->lo, (size_t)l * (size_t)n * sizeof(int));
    memcpy(d->hi + (size_t)l * (size_t)n, s->hi, (size_t)l * (size_t)n * sizeof(int));
    for (int i = l; i < 2 * l; i++) {
        d->lo[i * n + j] += s->len[j];
        d->hi[i * n + j] += s->len[j];
    }
    return d;
}

static bool interior(const rv_space *s)
{
    for (int i = 0; i < s->l; i++)
        for (int j = 0; j < s->n; j++)
            if (s->lo[i * s->n + j] == 0 || s->hi[i * s->n + j] == s->len[j]) return false;
    return true;
}

static void add_edge(size_t *ne, size_t *cap, int **src, int **dst, int **lab, int a, int b, int j)
{
    if (*ne == *cap) {
        *cap = *cap ? 2 * *cap : 16;
        *src = rv_xrealloc(*src, *cap * sizeof **src);
        *dst = rv_xrealloc(*dst, *cap * sizeof **dst);
        *lab = rv_xrealloc(*lab, *cap * sizeof **lab);
    }
    (*src)[*ne] = a;
    (*dst)[*ne] = b;
    (*lab)[*ne] = j;
    (*ne)++;
}

int rv_sp_automaton_build(int n, const rv_pv_path *const *proc, int nres, const int *cap,
                          double deadline, rv_sp_automaton *a, char *msg, size_t msgcap)
{
    memset(a, 0, sizeof *a);
    rv_space *s = rv_space_build(n, proc, nres, cap);
    if (!interior(s)) {
        snprintf(msg, msgcap,
                 "a forbidden region touches the boundary of the loop bodies; the scheduling "
                 "automaton (seed 003 §3.1) needs holes inside the bodies");
        rv_space_free(s);
        return -2;
    }
    rv_deadset d;
    int rc = rv_sp_dead(s, &d, true, deadline, 0);
    if (rc == 0) rc = rv_sp_alive(s, &d, &a->vert, deadline, 0);
    rv_deadset_free(&d);
    int l = s->l;
    size_t m = a->vert.count, cap_e = 0;
    uint64_t *glue = rv_xmalloc(2 * (size_t)l * sizeof *glue + 8);
    for (int j = 0; j < n && rc == 0; j++) {
        rv_space *dj = double_space(s, j);
        rv_deadset dd;
        rc = rv_sp_dead(dj, &dd, true, deadline, 0);
        for (size_t x = 0; x < m && rc == 0; x++)
            for (size_t y = 0; y < m; y++) {
                memcpy(glue, rv_mat(&a->vert, x), (size_t)l * sizeof *glue);
                memcpy(glue + l, rv_mat(&a->vert, y), (size_t)l * sizeof *glue);
                if (!rv_sp_has_dead_below(&dd, glue))
                    add_edge(&a->nedges, &cap_e, &a->src, &a->dst, &a->lab, (int)x, (int)y, j);
            }
        if (deadline && rv_now() > deadline) rc = -1;
        rv_deadset_free(&dd);
        rv_space_free(dj);
    }
    free(glue);
    if (rc == 0) {
        /* Def. 37: identify connected vertices (Def. 14), then dedupe edges. */
        a->cls = rv_xmalloc(m * sizeof *a->cls + 1);
        a->nreduced = rv_sp_components(&a->vert, n, a->cls);
        size_t cap_r = 0;
        for (size_t e = 0; e < a->nedges; e++) {
            int rs = (int)a->cls[a->src[e]], rd = (int)a->cls[a->dst[e]], lb = a->lab[e];
            bool dup = false;
            for (size_t f = 0; f < a->nredges && !dup; f++)
                dup = a->rsrc[f] == rs && a->rdst[f] == rd && a->rlab[f] == lb;
            if (!dup) add_edge(&a->nredges, &cap_r, &a->rsrc, &a->rdst, &a->rlab, rs, rd, lb);
        }
    }
    rv_space_free(s);
    return rc;
}

static void print_matrix(const uint64_t *M, int l, int n, FILE *out)
{
    for (int i = 0; i < l; i++) {
        fputs("\\n", out);
        for (int j = 0; j < n; j++) fputc(M[i] >> j & 1 ? '1' : '0', out);
    }
}

void rv_sp_automaton_dot(const rv_sp_automaton *a, int n, bool reduced, FILE *out)
{
    int l = a->vert.l;
    fprintf(out, "digraph %s {\n  rankdir=LR;\n  node [shape=box, fontname=monospace];\n",
            reduced ? "reduced_scheduling_automaton" : "scheduling_automaton");
    if (!reduced) {
        for (size_t v = 0; v < a->vert.count; v++) {
            fprintf(out, "  M%zu [label=\"M%zu", v, v);
            print_matrix(rv_mat(&a->vert, v), l, n, out);
            fputs("\"];\n", out);
        }
        for (size_t e = 0; e < a->nedges; e++)
            fprintf(out, "  M%d -> M%d [label=\"%d\"];\n", a->src[e], a->dst[e], a->lab[e]);
    } else {
        for (size_t c = 0; c < a->nreduced; c++) {
            fprintf(out, "  S%zu [label=\"", c);
            bool first = true;
            for (size_t v = 0; v < a->vert.count; v++) {
                if (a->cls[v] != c) continue;
                fprintf(out, "%sM%zu", first ? "" : " ~ ", v);
                first = false;
            }
            for (size_t v = 0; v < a->vert.count; v++)
                if (a->cls[v] == c) {
                    print_matrix(rv_mat(&a->vert, v), l, n, out);
                    break;
                }
            fputs("\"];\n", out);
        }
        for (size_t e = 0; e < a->nredges; e++)
            fprintf(out, "  S%d -> S%d [label=\"%d\"];\n", a->rsrc[e], a->rdst[e], a->rlab[e]);
    }
    fputs("}\n", out);
}

void rv_sp_automaton_free(rv_sp_automaton *a)
{
    rv_matset_free(&a->vert);
    free(a->src);
    free(a->dst);
    free(a->lab);
    free(a->cls);
    free(a->rsrc);
    free(a->rdst);
    free(a->rlab);
    memset(a, 0, sizeof *a);
}
