/*
 * parse.c — lexer and recursive-descent parser for PV programs (grammar in
 * pv_lang.h), and the well-bracketing check of seed 003 §1.3.
 */
#include "pv_lang.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/util.h"

typedef enum tok_kind {
    T_EOF,
    T_IDENT,
    T_INT,
    T_LPAR,
    T_RPAR,
    T_DOT,
    T_BAR,
    T_PLUS,
    T_STAR,
    T_COMMA,
    T_SEMI,
    T_COLON,
    T_BAD
} tok_kind;

typedef struct token {
    tok_kind kind;
    const char *s; /* start in the text */
    int len;
    long val; /* T_INT */
    int line, col;
} token;

typedef struct parser {
    const char *name, *text, *cur;
    int line, col;
    token tok;
    rv_pv_prog *prog;
    char *err;
    size_t errcap;
    bool failed;
} parser;

static void fail_at(parser *ps, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void fail_at(parser *ps, int line, int col, const char *fmt, ...)
{
    if (ps->failed) return;
    ps->failed = true;
    int k = snprintf(ps->err, ps->errcap, "%s:%d:%d: ", ps->name, line, col);
    if (k < 0 || (size_t)k >= ps->errcap) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ps->err + k, ps->errcap - (size_t)k, fmt, ap);
    va_end(ap);
}

/* ---- lexer ---- */

static void advance_char(parser *ps)
{
    if (*ps->cur == '\n') {
        ps->line++;
        ps->col = 1;
    } else {
        ps->col++;
    }
    ps->cur++;
}

/* Skips blanks and comments; false (and an error) on an unterminated comment. */
static bool skip_space(parser *ps)
{
    for (;;) {
        char c = *ps->cur;
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
            advance_char(ps);
        } else if (c == '#' || (c == '/' && ps->cur[1] == '/')) {
            while (*ps->cur && *ps->cur != '\n') advance_char(ps);
        } else if (c == '/' && ps->cur[1] == '*') {
            int l = ps->line, k = ps->col;
            advance_char(ps);
            advance_char(ps);
            while (*ps->cur && !(ps->cur[0] == '*' && ps->cur[1] == '/')) advance_char(ps);
            if (!*ps->cur) {
                fail_at(ps, l, k, "unterminated comment");
                return false;
            }
            advance_char(ps);
            advance_char(ps);
        } else {
            return true;
        }
    }
}

static void next_token(parser *ps)
{
    token *t = &ps->tok;
    if (!skip_space(ps)) {
        t->kind = T_EOF;
        return;
    }
    t->s = ps->cur;
    t->line = ps->line;
    t->col = ps->col;
    t->len = 1;
    char c = *ps->cur;
    if (c == '\0') {
        t->kind = T_EOF;
        t->len = 0;
        return;
    }
    if (isalpha((unsigned char)c) || c == '_') {
        while (isalnum((unsigned char)*ps->cur) || *ps->cur == '_') advance_char(ps);
        t->kind = T_IDENT;
        t->len = (int)(ps->cur - t->s);
        return;
    }
    if (isdigit((unsigned char)c)) {
        long v = 0;
        while (isdigit((unsigned char)*ps->cur)) {
            if (v < 100000000) v = v * 10 + (*ps->cur - '0');
            advance_char(ps);
        }
        t->kind = T_INT;
        t->val = v;
        t->len = (int)(ps->cur - t->s);
        return;
    }
    static const char punct[] = "().|+*,;:";
    static const tok_kind kinds[] = {T_LPAR, T_RPAR,  T_DOT,  T_BAR,  T_PLUS,
                                     T_STAR, T_COMMA, T_SEMI, T_COLON};
    const char *p = strchr(punct, c);
    advance_char(ps);
    t->kind = p ? kinds[p - punct] : T_BAD;
}

static bool tok_is(const parser *ps, const char *word)
{
    return ps->tok.kind == T_IDENT && (size_t)ps->tok.len == strlen(word) &&
           memcmp(ps->tok.s, word, (size_t)ps->tok.len) == 0;
}

static void unexpected(parser *ps, const char *wanted)
{
    const token *t = &ps->tok;
    if (t->kind == T_EOF)
        fail_at(ps, t->line, t->col, "expected %s, found end of file", wanted);
    else
        fail_at(ps, t->line, t->col, "expected %s, found '%.*s'", wanted, t->len, t->s);
}

static bool expect(parser *ps, tok_kind k, const char *what)
{
    if (ps->failed) return false;
    if (ps->tok.kind != k) {
        unexpected(ps, what);
        return false;
    }
    next_token(ps);
    return !ps->failed;
}

/* ---- AST ---- */

static rv_pv_node *new_node(parser *ps, rv_pv_kind k, int line, int col)
{
    rv_pv_prog *p = ps->prog;
    if (p->nall == p->capall) {
        p->capall = p->capall ? 2 * p->capall : 64;
        p->all = rv_xrealloc(p->all, p->capall * sizeof *p->all);
    }
    rv_pv_node *n = rv_xcalloc(1, sizeof *n);
    n->kind = k;
    n->line = line;
    n->col = col;
    p->all[p->nall++] = n;
    return n;
}

static int find_res(const rv_pv_prog *p, const char *s, int len)
{
    for (int i = 0; i < p->nres; i++)
        if ((int)strlen(p->res_name[i]) == len && memcmp(p->res_name[i], s, (size_t)len) == 0)
            return i;
    return -1;
}

/* ---- declarations ---- */

static void parse_item(parser *ps)
{
    rv_pv_prog *p = ps->prog;
    token name = ps->tok;
    if (!expect(ps, T_IDENT, "a resource name")) return;
    if (find_res(p, name.s, name.len) >= 0) {
        fail_at(ps, name.line, name.col, "resource '%.*s' declared twice", name.len, name.s);
        return;
    }
    long cap = 1;
    if (ps->tok.kind == T_COLON) {
        next_token(ps);
        token c = ps->tok;
        if (!expect(ps, T_INT, "a capacity")) return;
        if (c.val < 1 || c.val > 1000000) {
            fail_at(ps, c.line, c.col, "capacity must be between 1 and 1000000");
            return;
        }
        cap = c.val;
    }
    p->res_name = rv_xrealloc(p->res_name, (size_t)(p->nres + 1) * sizeof *p->res_name);
    p->cap = rv_xrealloc(p->cap, (size_t)(p->nres + 1) * sizeof *p->cap);
    char *s = rv_xmalloc((size_t)name.len + 1);
    memcpy(s, name.s, (size_t)name.len);
    s[name.len] = '\0';
    p->res_name[p->nres] = s;
    p->cap[p->nres] = (int)cap;
    p->nres++;
}

static void parse_decl(parser *ps)
{
    next_token(ps); /* "resource" */
    parse_item(ps);
    while (!ps->failed && ps->tok.kind == T_COMMA) {
        next_token(ps);
        parse_item(ps);
    }
    expect(ps, T_SEMI, "',' or ';'");
}

/* ---- processes ---- */

static rv_pv_node *parse_alt(parser *ps);

static rv_pv_node *parse_pv(parser *ps, rv_pv_kind k)
{
    token kw = ps->tok;
    next_token(ps);
    if (!expect(ps, T_LPAR, "'(' after P or V")) return NULL;
    token name = ps->tok;
    if (!expect(ps, T_IDENT, "a resource name")) return NULL;
    int r = find_res(ps->prog, name.s, name.len);
    if (r < 0) {
        fail_at(ps, name.line, name.col, "undeclared resource '%.*s' (declare it: resource %.*s;)",
                name.len, name.s, name.len, name.s);
        return NULL;
    }
    if (!expect(ps, T_RPAR, "')'")) return NULL;
    rv_pv_node *n = new_node(ps, k, kw.line, kw.col);
    n->res = r;
    return n;
}

static rv_pv_node *parse_atom(parser *ps)
{
    if (ps->failed) return NULL;
    token t = ps->tok;
    if (t.kind == T_INT) {
        if (t.val != 1) {
            fail_at(ps, t.line, t.col, "expected 1 (the empty process), found '%.*s'", t.len, t.s);
            return NULL;
        }
        next_token(ps);
        return new_node(ps, RV_PV_ONE, t.line, t.col);
    }
    if (tok_is(ps, "P")) return parse_pv(ps, RV_PV_P);
    if (tok_is(ps, "V")) return parse_pv(ps, RV_PV_V);
    if (t.kind == T_LPAR) {
        next_token(ps);
        rv_pv_node *n = parse_alt(ps);
        if (ps->failed) return NULL;
        if (ps->tok.kind == T_BAR) {
            fail_at(ps, ps->tok.line, ps->tok.col,
                    "parallel composition '|' is only allowed at the top level");
            return NULL;
        }
        if (ps->tok.kind != T_RPAR) {
            char what[64];
            snprintf(what, sizeof what, "')' to close the '(' at %d:%d", t.line, t.col);
            unexpected(ps, what);
            return NULL;
        }
        next_token(ps);
        return n;
    }
    if (tok_is(ps, "resource")) {
        fail_at(ps, t.line, t.col, "declarations must come before the program");
        return NULL;
    }
    unexpected(ps, "P(..), V(..), 1 or '('");
    return NULL;
}

static rv_pv_node *parse_post(parser *ps)
{
    rv_pv_node *n = parse_atom(ps);
    while (!ps->failed && ps->tok.kind == T_STAR) {
        rv_pv_node *s = new_node(ps, RV_PV_STAR, ps->tok.line, ps->tok.col);
        s->a = n;
        n = s;
        next_token(ps);
    }
    return ps->failed ? NULL : n;
}

static rv_pv_node *parse_binary(parser *ps, tok_kind op, rv_pv_kind k, rv_pv_node *(*sub)(parser *))
{
    rv_pv_node *n = sub(ps);
    while (!ps->failed && ps->tok.kind == op) {
        rv_pv_node *b = new_node(ps, k, ps->tok.line, ps->tok.col);
        next_token(ps);
        b->a = n;
        b->b = sub(ps);
        n = b;
    }
    return ps->failed ? NULL : n;
}

static rv_pv_node *parse_seq(parser *ps)
{
    return parse_binary(ps, T_DOT, RV_PV_SEQ, parse_post);
}
static rv_pv_node *parse_alt(parser *ps)
{
    return parse_binary(ps, T_PLUS, RV_PV_ALT, parse_seq);
}

static void add_thread(parser *ps, rv_pv_node *n)
{
    rv_pv_prog *p = ps->prog;
    p->thread = rv_xrealloc(p->thread, (size_t)(p->nthreads + 1) * sizeof *p->thread);
    p->thread[p->nthreads++] = n;
}

static void parse_par(parser *ps)
{
    add_thread(ps, parse_alt(ps));
    while (!ps->failed && ps->tok.kind == T_BAR) {
        next_token(ps);
        add_thread(ps, parse_alt(ps));
    }
    if (!ps->failed && ps->tok.kind != T_EOF) unexpected(ps, "'.', '+', '|', '*' or end of file");
}

/* ---- well-bracketing (seed 003 §1.3) ---- */

/* held[r] = units of r the process holds before n; updated to after n. */
static void check_node(parser *ps, const rv_pv_node *n, int *held)
{
    int nr = ps->prog->nres;
    if (ps->failed) return;
    switch (n->kind) {
    case RV_PV_ONE:
        break;
    case RV_PV_P:
        held[n->res]++;
        break;
    case RV_PV_V:
        if (held[n->res] == 0) {
            fail_at(ps, n->line, n->col,
                    "V(%s) releases a resource this process does not hold here",
                    ps->prog->res_name[n->res]);
            return;
        }
        held[n->res]--;
        break;
    case RV_PV_SEQ:
        check_node(ps, n->a, held);
        check_node(ps, n->b, held);
        break;
    case RV_PV_ALT: {
        int *h2 = rv_xmalloc((size_t)nr * sizeof *h2 + 1);
        memcpy(h2, held, (size_t)nr * sizeof *h2);
        check_node(ps, n->a, held);
        check_node(ps, n->b, h2);
        if (!ps->failed && memcmp(h2, held, (size_t)nr * sizeof *h2) != 0)
            fail_at(ps, n->line, n->col,
                    "the two branches of '+' must end holding the same resources");
        free(h2);
        break;
    }
    case RV_PV_STAR: {
        int *h0 = rv_xmalloc((size_t)nr * sizeof *h0 + 1);
        memcpy(h0, held, (size_t)nr * sizeof *h0);
        check_node(ps, n->a, held);
        if (!ps->failed && memcmp(h0, held, (size_t)nr * sizeof *h0) != 0)
            fail_at(ps, n->line, n->col, "a loop body must release every resource it takes");
        free(h0);
        break;
    }
    }
}

rv_pv_prog *rv_pv_parse(const char *name, const char *text, char *err, size_t errcap)
{
    parser ps = {
        .name = name, .text = text, .cur = text, .line = 1, .col = 1, .err = err, .errcap = errcap};
    ps.prog = rv_xcalloc(1, sizeof *ps.prog);
    ps.prog->file = rv_xstrdup(name);
    if (errcap) err[0] = '\0';
    next_token(&ps);
    while (!ps.failed && tok_is(&ps, "resource")) parse_decl(&ps);
    if (!ps.failed) parse_par(&ps);
    for (int t = 0; !ps.failed && t < ps.prog->nthreads; t++) {
        int *held = rv_xcalloc((size_t)ps.prog->nres + 1, sizeof *held);
        check_node(&ps, ps.prog->thread[t], held);
        free(held);
    }
    if (!ps.failed && ps.prog->nthreads > 64)
        fail_at(&ps, 1, 1, "too many processes (%d, at most 64)", ps.prog->nthreads);
    if (ps.failed) {
        rv_pv_free(ps.prog);
        return NULL;
    }
    return ps.prog;
}

rv_pv_prog *rv_pv_parse_file(const char *path, char *err, size_t errcap)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errcap, "%s: %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 4096, n = 0;
    char *buf = rv_xmalloc(cap);
    size_t k;
    while ((k = fread(buf + n, 1, cap - n - 1, f)) > 0) {
        n += k;
        if (cap - n - 1 == 0) {
            cap *= 2;
            buf = rv_xrealloc(buf, cap);
        }
    }
    fclose(f);
    buf[n] = '\0';
    if (strlen(buf) != n) {
        snprintf(err, errcap, "%s: not a text file (contains NUL bytes)", path);
        free(buf);
        return NULL;
    }
    rv_pv_prog *p = rv_pv_parse(path, buf, err, errcap);
    free(buf);
    return p;
}

void rv_pv_free(rv_pv_prog *p)
{
    if (!p) return;
    for (size_t i = 0; i < p->nall; i++) free(p->all[i]);
    free(p->all);
    for (int i = 0; i < p->nres; i++) free(p->res_name[i]);
    free(p->res_name);
    free(p->cap);
    free(p->thread);
    free(p->file);
    free(p);
}
