/*
 * paths.c — queries on PV processes: paths through loop-free processes
 * (choice `+` is handled by enumerating branches, seed 003 §2.1), and
 * printing back to source syntax.
 */
#include "pv_lang.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/util.h"

bool rv_pv_has_star(const rv_pv_node *n)
{
    if (!n) return false;
    return n->kind == RV_PV_STAR || rv_pv_has_star(n->a) || rv_pv_has_star(n->b);
}

bool rv_pv_has_alt(const rv_pv_node *n)
{
    if (!n) return false;
    return n->kind == RV_PV_ALT || rv_pv_has_alt(n->a) || rv_pv_has_alt(n->b);
}

/* Number of paths, saturated at cap + 1; -1 for a loop. */
static long count_paths(const rv_pv_node *n, long cap)
{
    long a, b;
    switch (n->kind) {
    case RV_PV_ONE:
    case RV_PV_P:
    case RV_PV_V:
        return 1;
    case RV_PV_STAR:
        return -1;
    case RV_PV_SEQ:
        a = count_paths(n->a, cap);
        b = count_paths(n->b, cap);
        if (a < 0 || b < 0) return -1;
        return a > (cap + 1) / b ? cap + 1 : a * b;
    case RV_PV_ALT:
        a = count_paths(n->a, cap);
        b = count_paths(n->b, cap);
        if (a < 0 || b < 0) return -1;
        return a + b > cap ? cap + 1 : a + b;
    }
    return -1;
}

static rv_pv_path concat(const rv_pv_path *x, const rv_pv_path *y)
{
    rv_pv_path r = {.n = x->n + y->n, .nchoice = x->nchoice + y->nchoice};
    r.op = rv_xmalloc((size_t)r.n * sizeof *r.op + 1);
    memcpy(r.op, x->op, (size_t)x->n * sizeof *r.op);
    memcpy(r.op + x->n, y->op, (size_t)y->n * sizeof *r.op);
    r.choice = rv_xmalloc((size_t)r.nchoice + 1);
    memcpy(r.choice, x->choice, (size_t)x->nchoice);
    memcpy(r.choice + x->nchoice, y->choice, (size_t)y->nchoice);
    return r;
}

/* Fills out[0..count) with the paths of n; returns the count. */
static long gen_paths(const rv_pv_node *n, rv_pv_path *out)
{
    switch (n->kind) {
    case RV_PV_ONE:
        out[0] = (rv_pv_path){.op = rv_xmalloc(1), .choice = rv_xmalloc(1)};
        return 1;
    case RV_PV_P:
    case RV_PV_V:
        out[0] = (rv_pv_path){.op = rv_xmalloc(sizeof(rv_pv_op)), .n = 1, .choice = rv_xmalloc(1)};
        out[0].op[0] =
            (rv_pv_op){.res = n->res, .is_p = n->kind == RV_PV_P, .line = n->line, .col = n->col};
        return 1;
    case RV_PV_SEQ: {
        long ca = count_paths(n->a, 1L << 40), cb = count_paths(n->b, 1L << 40);
        rv_pv_path *pa = rv_xmalloc((size_t)ca * sizeof *pa),
                   *pb = rv_xmalloc((size_t)cb * sizeof *pb);
        gen_paths(n->a, pa);
        gen_paths(n->b, pb);
        for (long i = 0; i < ca; i++)
            for (long j = 0; j < cb; j++) out[i * cb + j] = concat(&pa[i], &pb[j]);
        rv_pv_paths_free(pa, ca);
        rv_pv_paths_free(pb, cb);
        return ca * cb;
    }
    case RV_PV_ALT: {
        long ca = gen_paths(n->a, out);
        long cb = gen_paths(n->b, out + ca);
        for (long i = 0; i < ca + cb; i++) {
            rv_pv_path *p = &out[i];
            p->choice = rv_xrealloc(p->choice, (size_t)p->nchoice + 2);
            memmove(p->choice + 1, p->choice, (size_t)p->nchoice);
            p->choice[0] = i < ca ? 0 : 1;
            p->nchoice++;
        }
        return ca + cb;
    }
    case RV_PV_STAR:
        break;
    }
    return 0;
}

long rv_pv_paths(const rv_pv_node *n, long max, rv_pv_path **out)
{
    long c = count_paths(n, max);
    *out = NULL;
    if (c < 0 || c > max) return -1;
    *out = rv_xcalloc((size_t)c, sizeof **out);
    gen_paths(n, *out);
    return c;
}

void rv_pv_paths_free(rv_pv_path *p, long n)
{
    if (!p) return;
    for (long i = 0; i < n; i++) {
        free(p[i].op);
        free(p[i].choice);
    }
    free(p);
}

/* ---- printing ---- */

typedef struct sbuf {
    char *s;
    size_t n, cap;
} sbuf;

static void put(sbuf *b, const char *s)
{
    size_t k = strlen(s);
    if (b->n + k + 1 > b->cap) {
        b->cap = 2 * (b->n + k + 1);
        b->s = rv_xrealloc(b->s, b->cap);
    }
    memcpy(b->s + b->n, s, k + 1);
    b->n += k;
}

/* Precedence: 0 alt, 1 seq, 2 loop, 3 atom. */
static int prec(const rv_pv_node *n)
{
    switch (n->kind) {
    case RV_PV_ALT:
        return 0;
    case RV_PV_SEQ:
        return 1;
    case RV_PV_STAR:
        return 2;
    default:
        return 3;
    }
}

static void render(sbuf *b, const rv_pv_prog *p, const rv_pv_node *n, int ctx)
{
    bool par = prec(n) < ctx;
    if (par) put(b, "(");
    switch (n->kind) {
    case RV_PV_ONE:
        put(b, "1");
        break;
    case RV_PV_P:
    case RV_PV_V:
        put(b, n->kind == RV_PV_P ? "P(" : "V(");
        put(b, p->res_name[n->res]);
        put(b, ")");
        break;
    case RV_PV_SEQ:
        render(b, p, n->a, 1);
        put(b, ".");
        render(b, p, n->b, 2);
        break;
    case RV_PV_ALT:
        render(b, p, n->a, 0);
        put(b, " + ");
        render(b, p, n->b, 1);
        break;
    case RV_PV_STAR:
        render(b, p, n->a, 3);
        put(b, "*");
        break;
    }
    if (par) put(b, ")");
}

char *rv_pv_str(const rv_pv_prog *p, const rv_pv_node *n)
{
    sbuf b = {0};
    put(&b, "");
    render(&b, p, n, 0);
    return b.s;
}
