/* datamodel.c — may the verdict of an ILP32 task depend on the data model?
 *
 * ravel's runtime is x86-64 only, so an SV-COMP task with data_model ILP32
 * is compiled and run as an LP64 program.  Its verdict carries over only
 * if the program behaves the same under both models.  This module decides
 * that conservatively from clang's AST of each input file (`clang
 * -fsyntax-only -Xclang -ast-dump`, compiled for x86-64 as ravel compiles
 * it): rv_data_model_check returns 0 only when none of the constructs
 * below occurs where the program runs, else the first one found ("file:line:
 * what").  Where the program runs: the bodies of the functions that have a
 * body and are used (referenced) or are main, and the globals that are
 * used; header declarations that nothing calls do not count (a .i file
 * has no line markers to tell headers from the program).
 *
 * The constructs, each a place where ILP32 and LP64 differ:
 *  - a value or object of a type whose size differs: long, unsigned long,
 *    long double and pointers to them (range, wrap-around, the usual
 *    arithmetic conversions between long and unsigned int), except
 *    pthread_t, an opaque handle only passed to the thread functions;
 *  - sizeof / _Alignof of anything but a fixed-size scalar or an array of
 *    one (struct layouts: pointers, long, and double's alignment differ),
 *    unless its value is discarded ((void)sizeof(x), glibc's assert) or
 *    it sizes an allocation of its own type (`(T *)malloc(sizeof(T))`,
 *    sizeof_allocates_its_type);
 *  - offsetof, and conversions between pointers and integers;
 *  - a pointer to a structure passed to a function without a body in the
 *    program (the C library or ravel's runtime), unless the runtime keeps
 *    its own state inside that structure's ILP32 size (mutexes, condition
 *    variables, semaphores, barriers, their attributes, once controls,
 *    timespec; FILE, which only the library looks into): the library would
 *    read or write it with its LP64 layout
 *    (pthread_attr_t is 36 bytes under ILP32 and 56 under LP64; a
 *    pthread_rwlock_t has no room for ravel's state), or returned by one;
 *  - a statically initialised mutex whose initialiser is not all zeros
 *    (the ILP32 initialiser puts the mutex kind at another offset);
 *  - a pointer to a structure whose layout differs under ILP32 (a member
 *    that is a pointer, a long, a long long or double (4-aligned under
 *    i386), a long double, or such a structure; "Record layouts" below)
 *    handed to a thread function as its void * argument (or through
 *    pthread_setspecific, pthread_exit, ...): the thread may read it as
 *    any type;
 *  - pointer arithmetic on the address of a member of such a structure
 *    (`&s.c + 1`, `(&s.c)[1]`), and a pointer compared with one
 *    (`q == &arr[1].a`): one past a member is the next member under one
 *    model and padding under the other.
 * The clang runs get the program's compiler flags (-D, -I, ...), so the
 * code checked is the code built.
 * What it does not see: arithmetic on a pointer variable holding a
 * member's address when nothing compares it with another member's
 * (`int *q = &s.c; q[1]`), and code built from files that are not inputs
 * of the task.
 *
 * Returns 0 (no dependence found), 1 (one found: why), -1 (no clang, or it
 * failed on the file: why); the caller treats -1 as 1.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../backends/native/compile.h"
#include "../core/util.h"
#include "cli.h"

typedef struct node {
    int depth; /* 0: a child of the translation unit */
    const char *kind, *rest;
    size_t kind_len;
} node;

/* Parse one line of the dump: "| | `-Kind 0x... <...> 'type' ...". */
static bool parse_node(const char *l, node *n)
{
    size_t p = strspn(l, "| `");
    if (!p || (l[p] != '-' || (l[p - 1] != '|' && l[p - 1] != '`'))) return false;
    n->depth = (int)(p - 1) / 2;
    n->kind = l + p + 1;
    n->kind_len = strspn(n->kind, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz");
    n->rest = n->kind + n->kind_len;
    return n->kind_len > 0;
}

static bool is_kind(const node *n, const char *k)
{
    return n->kind_len == strlen(k) && !strncmp(n->kind, k, n->kind_len);
}

/* The i-th quoted type of a line ('sugar' or 'sugar':'canonical' count
 * as one), copied into out; false if there is none. */
static bool quoted_type(const char *s, int i, char *sugar, char *canon, size_t cap)
{
    for (int k = 0;; k++) {
        const char *a = strchr(s, '\'');
        if (!a) return false;
        const char *b = strchr(a + 1, '\'');
        if (!b) return false;
        const char *c = b + 1, *d = NULL;
        if (c[0] == ':' && c[1] == '\'') {
            d = strchr(c + 2, '\'');
            if (!d) return false;
        }
        if (k == i) {
            snprintf(sugar, cap, "%.*s", (int)(b - a - 1), a + 1);
            if (d)
                snprintf(canon, cap, "%.*s", (int)(d - c - 2), c + 2);
            else
                snprintf(canon, cap, "%s", sugar);
            return true;
        }
        s = d ? d + 1 : b + 1;
    }
}

/* `long` as a whole word not followed or preceded by another `long`. */
static bool has_plain_long(const char *t)
{
    for (const char *p = strstr(t, "long"); p; p = strstr(p + 4, "long")) {
        bool word = (p == t || !(p[-1] == '_' || (p[-1] >= 'a' && p[-1] <= 'z'))) &&
                    !(p[4] == '_' || (p[4] >= 'a' && p[4] <= 'z'));
        if (!word) continue;
        if (!strncmp(p + 4, " long", 5)) {
            p += 5; /* long long */
            continue;
        }
        if (p - t >= 5 && !strncmp(p - 5, "long ", 5)) continue;
        return true;
    }
    return false;
}

/* t past its leading qualifiers ("const volatile int" -> "int"). */
static const char *skip_qualifiers(const char *t)
{
    while (!strncmp(t, "const ", 6) || !strncmp(t, "volatile ", 9)) t = strchr(t, ' ') + 1;
    return t;
}

/* A scalar whose size, alignment and range are the same under ILP32 and
 * LP64, or an array of one ("int[10]"). */
static bool fixed_scalar(const char *t)
{
    static const char *const ok[] = {
        "_Bool", "char",         "signed char", "unsigned char",      "short", "unsigned short",
        "int",   "unsigned int", "long long",   "unsigned long long", "float", "double"};
    t = skip_qualifiers(t);
    size_t n = strcspn(t, "[");
    for (size_t i = 0; i < sizeof ok / sizeof *ok; i++)
        if (strlen(ok[i]) == n && !strncmp(t, ok[i], n)) {
            for (const char *p = t + n; *p; p++)
                if (!strchr("[]0123456789 ", *p)) return false;
            return true;
        }
    return false;
}

/* Structures whose ILP32 layout ravel's runtime handles itself (its state
 * fits inside the ILP32 size: src/runtime/sync.c, posix_ext.c overlays). */
static bool runtime_owned(const char *t)
{
    static const char *const ok[] = {
        "pthread_mutex_t",
        "pthread_cond_t",
        "sem_t",
        "pthread_barrier_t",
        "pthread_mutexattr_t",
        "pthread_condattr_t",
        "pthread_barrierattr_t",
        "pthread_rwlockattr_t",
        "pthread_once_t",
        "pthread_key_t",
        "pthread_spinlock_t",
        "pthread_t",
        "struct timespec",
        "mtx_t",
        "cnd_t",
        "once_flag",
        "tss_t",
        "thrd_t",
        "FILE",
        "struct _IO_FILE"}; /* opaque: only the C library looks inside */
    t = skip_qualifiers(t);
    for (size_t i = 0; i < sizeof ok / sizeof *ok; i++)
        if (!strcmp(t, ok[i])) return true;
    return false;
}

/* A pointer type's pointee ("pthread_attr_t *" -> "pthread_attr_t"), in
 * place; NULL if t is no single-level pointer. */
static char *pointee(char *t)
{
    size_t n = strlen(t);
    if (n < 3 || strcmp(t + n - 2, " *")) return NULL;
    t[n - 2] = 0;
    if (strchr(t, '*') || strchr(t, '(') || strchr(t, '[')) return NULL;
    return t;
}

/* A record type, by its canonical spelling: not a builtin scalar, void or
 * enum (clang spells an anonymous typedef'd record by the typedef). */
static bool record_type(const char *canon)
{
    canon = skip_qualifiers(canon);
    if (!strncmp(canon, "struct ", 7) || !strncmp(canon, "union ", 6)) return true;
    if (!strncmp(canon, "enum ", 5) || !strcmp(canon, "void") || fixed_scalar(canon) ||
        has_plain_long(canon) || !strcmp(canon, "signed char") || !strncmp(canon, "__int128", 8) ||
        strstr(canon, "__int128"))
        return false;
    return true; /* a name: an anonymous record's typedef */
}

/* ---- the dump ------------------------------------------------------------------------ */

typedef struct scan {
    char **lines;
    size_t n;
    char *file; /* the file of the last location seen */
    unsigned line;
    char **bodies; /* names of the functions defined with a body */
    size_t nbodies;
    char **roots; /* functions that run although nothing calls them: constructors,
                     destructors, ifunc resolvers */
    size_t nroots;
    bool opaque_arg; /* the node is an argument of opaque_pointer_callee's */
    bool hands_back; /* ... of one that hands it back to the program (not free) */
    /* the records (structures, unions) defined in the dump, by the
     * address clang gives their declaration, their name ("struct P", or
     * a typedef's for an anonymous one) and whether their layout differs
     * under ILP32; the fields, by address, with their record */
    struct record {
        char addr[24], name[160];
        int depth;
        bool differs, open;
    } * records;
    size_t nrecords;
    struct field {
        char addr[24];
        size_t record;
    } * fields;
    size_t nfields;
    /* variables that hold the address of a member of such a record
     * (`int *q = &s.c;`, `q = &s.c;`), with that record: collect_member_pointers */
    struct field *mptrs;
    size_t nmptrs;
    char *why;
    size_t cap;
} scan;

/* Update file:line from the first location of a line (<file:L:C, ...>,
 * <line:L:C ...>, <col:C>). */
static void track_location(scan *s, const char *l)
{
    const char *a = strchr(l, '<');
    if (!a || a[1] == '<') return;
    a++;
    if (!strncmp(a, "col:", 4)) return;
    if (!strncmp(a, "line:", 5)) {
        s->line = (unsigned)strtoul(a + 5, NULL, 10);
        return;
    }
    const char *c = strchr(a, ':');
    const char *e = strpbrk(a, ",>");
    if (!c || (e && e < c)) return;
    free(s->file);
    s->file = rv_xasprintf("%.*s", (int)(c - a), a);
    s->line = (unsigned)strtoul(c + 1, NULL, 10);
}

static int found(scan *s, const char *what, const char *t)
{
    snprintf(s->why, s->cap, "%s:%u: %s%s%s", s->file ? s->file : "?", s->line, what, t ? " " : "",
             t ? t : "");
    return 1;
}

/* The name in "... Function 0x... 'name' ..." (the callee of a call). */
static bool callee_name(const char *l, char *out, size_t cap)
{
    const char *f = strstr(l, " Function 0x");
    if (!f) return false;
    const char *a = strchr(f + 12, '\'');
    const char *b = a ? strchr(a + 1, '\'') : NULL;
    if (!b) return false;
    snprintf(out, cap, "%.*s", (int)(b - a - 1), a + 1);
    return true;
}

static bool has_body(const scan *s, const char *name)
{
    for (size_t i = 0; i < s->nbodies; i++)
        if (!strcmp(s->bodies[i], name)) return true;
    return false;
}

/* The name of a top-level FunctionDecl line ("... col:6 used main 'int ()'"). */
static bool decl_name(const char *l, char *out, size_t cap)
{
    const char *q = strchr(l, '\'');
    if (!q) return false;
    const char *e = q;
    while (e > l && e[-1] == ' ') e--;
    const char *b = e;
    while (b > l && b[-1] != ' ') b--;
    if (b == e) return false;
    snprintf(out, cap, "%.*s", (int)(e - b), b);
    return true;
}

static void add_name(char ***v, size_t *n, const char *name)
{
    *v = rv_xrealloc(*v, (*n + 1) * sizeof **v);
    (*v)[(*n)++] = rv_xstrdup(name);
}

static bool has_name(char *const *v, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(v[i], name)) return true;
    return false;
}

/* Under ILP32 (the i386 System V ABI) long long and double are aligned to
 * 4 bytes, under LP64 to 8: _Alignof of one differs although its size
 * does not. */
static bool align_differs(const char *t)
{
    t = skip_qualifiers(t);
    size_t n = strcspn(t, "[");
    return (n == 9 && !strncmp(t, "long long", 9)) ||
           (n == 18 && !strncmp(t, "unsigned long long", 18)) ||
           (n == 6 && !strncmp(t, "double", 6));
}

static bool null_arg(const scan *s, size_t i, int depth);

/* ---- record layouts ------------------------------------------------------------------ */
/*
 * Record layouts.  Whether a structure's or union's layout (its members' offsets, its
 * size) differs under ILP32: it does when a member is a pointer, a long,
 * a long double (sizes), a long long or a double (4-aligned under the
 * i386 ABI), a record whose layout differs, an array of one, or of a
 * type not known here (an anonymous nested record, a name not resolved):
 * conservatively, unknown counts as different.  A record of chars,
 * shorts, ints, floats, enums and bit-fields of them has one layout
 * under both models.
 */

/* The address of a node ("RecordDecl 0x55d0... <...>": rest starts at
 * " 0x"), into out; false if there is none. */
static bool node_addr(const node *n, char *out, size_t cap)
{
    const char *a = n->rest;
    if (strncmp(a, " 0x", 3)) return false;
    size_t k = strcspn(a + 1, " ");
    if (k + 1 > cap) return false;
    snprintf(out, cap, "%.*s", (int)k, a + 1);
    return true;
}

static const struct record *record_named(const scan *s, const char *name)
{
    for (size_t i = s->nrecords; i-- > 0;)
        if (!s->records[i].open && !strcmp(s->records[i].name, name)) return &s->records[i];
    return NULL;
}

static bool type_layout_differs(const scan *s, const char *t)
{
    t = skip_qualifiers(t);
    char base[256];
    snprintf(base, sizeof base, "%.*s", (int)strcspn(t, "["), t);
    size_t n = strlen(base);
    while (n && base[n - 1] == ' ') base[--n] = 0;
    if (strchr(base, '*') || strchr(base, '(') || has_plain_long(base) || align_differs(base))
        return true;
    if (fixed_scalar(base) || !strncmp(base, "enum ", 5)) return false;
    const struct record *r = record_named(s, base);
    return !r || r->differs;
}

/* Close the records open at depth d or deeper (their members are all
 * seen). */
static void close_records(scan *s, int d)
{
    for (size_t i = s->nrecords; i-- > 0;)
        if (s->records[i].open && s->records[i].depth >= d) s->records[i].open = false;
}

/* One line of the first pass: a RecordDecl opens a record, a FieldDecl
 * one level below it adds a member, a TypedefDecl of an anonymous record
 * names it. */
static void collect_record(scan *s, size_t i, const node *n)
{
    const char *l = s->lines[i];
    close_records(s, n->depth);
    if (is_kind(n, "RecordDecl") && strstr(l, " definition")) {
        struct record r = {.depth = n->depth, .open = true};
        if (!node_addr(n, r.addr, sizeof r.addr)) return;
        const char *k = strstr(l, " struct ");
        if (!k) k = strstr(l, " union ");
        const char *d = strstr(l, " definition");
        if (k && d > k) {
            k++;
            size_t len = (size_t)(d - k);
            snprintf(r.name, sizeof r.name, "%.*s", (int)len, k);
            if (!strcmp(r.name, "struct") || !strcmp(r.name, "union")) r.name[0] = 0;
        }
        s->records = rv_xrealloc(s->records, (s->nrecords + 1) * sizeof *s->records);
        s->records[s->nrecords++] = r;
        return;
    }
    if (is_kind(n, "FieldDecl")) {
        /* its record: the open one a level up */
        size_t owner = s->nrecords;
        for (size_t k = s->nrecords; k-- > 0;)
            if (s->records[k].open && s->records[k].depth == n->depth - 1) {
                owner = k;
                break;
            }
        if (owner == s->nrecords) return;
        char sugar[512], canon[512];
        if (!quoted_type(n->rest, 0, sugar, canon, sizeof sugar) || type_layout_differs(s, canon))
            s->records[owner].differs = true;
        struct field f = {.record = owner};
        if (!node_addr(n, f.addr, sizeof f.addr)) return;
        s->fields = rv_xrealloc(s->fields, (s->nfields + 1) * sizeof *s->fields);
        s->fields[s->nfields++] = f;
        return;
    }
    /* `typedef struct { ... } T;`: clang spells the type T, and the
     * lines below the typedef refer to the record by its address */
    if (is_kind(n, "TypedefDecl")) {
        char name[256];
        const char *r = NULL;
        /* below it: [ElaboratedType], RecordType, Record 0x... */
        for (size_t k = i + 1; k < s->n && k < i + 6 && !r; k++) {
            node m;
            if (!parse_node(s->lines[k], &m) || m.depth <= n->depth) break;
            r = strstr(s->lines[k], "-Record 0x");
            if (r) r++;
        }
        if (!r || !decl_name(l, name, sizeof name)) return;
        char addr[24];
        snprintf(addr, sizeof addr, "%.*s", (int)strcspn(r + 7, " "), r + 7);
        for (size_t k = 0; k < s->nrecords; k++)
            if (!strcmp(s->records[k].addr, addr) && !s->records[k].name[0]) {
                struct record c = s->records[k];
                snprintf(c.name, sizeof c.name, "%s", name);
                s->records = rv_xrealloc(s->records, (s->nrecords + 1) * sizeof *s->records);
                s->records[s->nrecords++] = c;
                return;
            }
    }
}

/* The record of the member a MemberExpr line names ("... .c 0x55d0..."):
 * NULL if not known. */
static const struct record *member_record(const scan *s, const char *l)
{
    const char *m = strstr(l, " lvalue .");
    if (!m) m = strstr(l, " lvalue ->");
    if (!m) m = strstr(l, " .");
    if (!m) m = strstr(l, " ->");
    const char *a = m ? strstr(m, " 0x") : NULL;
    if (!a) return NULL;
    char addr[24];
    snprintf(addr, sizeof addr, "%.*s", (int)strcspn(a + 1, " "), a + 1);
    for (size_t k = 0; k < s->nfields; k++)
        if (!strcmp(s->fields[k].addr, addr)) return &s->records[s->fields[k].record];
    return NULL;
}

/* The n-th child (0: the first) of the node at line i, of depth d: its
 * line, or 0 if there is none. */
static size_t child_line(const scan *s, size_t i, int d, int nth)
{
    for (size_t k = i + 1; k < s->n; k++) {
        node m;
        if (!parse_node(s->lines[k], &m)) continue;
        if (m.depth <= d) return 0;
        if (m.depth == d + 1 && nth-- == 0) return k;
    }
    return 0;
}

/* The variable a DeclRefExpr line refers to ("... Var 0x55d0... 'q'"),
 * into out; false if none. */
static bool var_ref(const char *l, char *out, size_t cap)
{
    const char *v = strstr(l, " Var 0x");
    if (!v) return false;
    snprintf(out, cap, "%.*s", (int)strcspn(v + 5, " "), v + 5);
    return true;
}

/* The expression at line k, past parentheses and conversions that keep
 * the address (NoOp, BitCast): if it is the address of a member, `&x.m`
 * or (decay: also a member array decaying to a pointer to its first
 * element), the member's record when its layout differs under ILP32
 * (a member whose record is not known counts), else NULL.  A variable that holds
 * such a member's address (collect_member_pointers) counts as its record. */
static const struct record *member_address(const scan *s, size_t k, bool decay)
{
    static const struct record unknown = {.name = "a structure", .differs = true};
    for (; k && k < s->n; k++) {
        node m;
        if (!parse_node(s->lines[k], &m)) return NULL;
        if (is_kind(&m, "ParenExpr")) continue;
        if ((is_kind(&m, "ImplicitCastExpr") || is_kind(&m, "CStyleCastExpr")) &&
            (strstr(m.rest, "<NoOp>") || strstr(m.rest, "<BitCast>") ||
             strstr(m.rest, "<LValueToRValue>")))
            continue;
        char var[24];
        if (is_kind(&m, "DeclRefExpr") && var_ref(s->lines[k], var, sizeof var)) {
            for (size_t j = 0; j < s->nmptrs; j++)
                if (!strcmp(s->mptrs[j].addr, var)) return &s->records[s->mptrs[j].record];
            return NULL;
        }
        bool addr = is_kind(&m, "UnaryOperator") && strstr(m.rest, " prefix '&'");
        bool dec =
            decay && is_kind(&m, "ImplicitCastExpr") && strstr(m.rest, "<ArrayToPointerDecay>");
        if (!addr && !dec) return NULL;
        for (k++; k < s->n; k++) {
            node e;
            if (!parse_node(s->lines[k], &e)) return NULL;
            if (is_kind(&e, "ParenExpr")) continue;
            if (!is_kind(&e, "MemberExpr")) return NULL;
            const struct record *r = member_record(s, s->lines[k]);
            if (!r) return &unknown;
            return r->differs ? r : NULL;
        }
        return NULL;
    }
    return NULL;
}

/* Pointer arithmetic on the address of a member (`&arr[0].c + 1`,
 * `(&s.c)[1]`), or a pointer compared with one (`q == &arr[1].a`), of a
 * record whose layout differs under ILP32: one past a member is the next
 * member or element under one model and padding under the other
 * (tests/adversary/ilp32_layout.c -DCMP: struct { int a; long long b;
 * int c; }, `&arr[0].c + 1 == &arr[1].a` holds under ILP32 only; was a
 * wrong TRUE).  Not followed: arithmetic on a pointer variable that holds
 * such an address (`int *q = &s.c; q[1]`), which is compared with
 * nothing of the kind afterwards. */
static int member_pointer_arith(scan *s, size_t i, const node *n)
{
    char sugar[512], canon[512];
    const struct record *r = NULL;
    if (is_kind(n, "ArraySubscriptExpr")) {
        r = member_address(s, child_line(s, i, n->depth, 0), false);
        if (r) return found(s, "pointer arithmetic on the address of a member of", r->name);
        return 0;
    }
    /* q++, q += 2 on a variable that holds a member's address */
    if ((is_kind(n, "UnaryOperator") && (strstr(n->rest, "'++'") || strstr(n->rest, "'--'"))) ||
        (is_kind(n, "CompoundAssignOperator") &&
         (strstr(n->rest, "'+='") || strstr(n->rest, "'-='")))) {
        r = member_address(s, child_line(s, i, n->depth, 0), false);
        if (r) return found(s, "pointer arithmetic on the address of a member of", r->name);
        return 0;
    }
    if (!is_kind(n, "BinaryOperator") || !quoted_type(n->rest, 0, sugar, canon, sizeof sugar))
        return 0;
    const char *op = strrchr(n->rest, '\'');
    op = op ? op - 1 : NULL;
    while (op && op > n->rest && op[-1] != '\'') op--;
    if (!op) return 0;
    size_t ol = strcspn(op, "'");
    bool arith = (ol == 1 && (*op == '+' || *op == '-')) && strchr(canon, '*');
    bool cmp = (ol == 2 && (!strncmp(op, "==", 2) || !strncmp(op, "!=", 2) ||
                            !strncmp(op, "<=", 2) || !strncmp(op, ">=", 2))) ||
               (ol == 1 && (*op == '<' || *op == '>'));
    if (!arith && !cmp) return 0;
    size_t a = child_line(s, i, n->depth, 0), b = child_line(s, i, n->depth, 1);
    for (int side = 0; side < 2 && !r; side++) {
        size_t k = side ? b : a, other = side ? a : b;
        r = member_address(s, k, cmp);
        if (r && cmp && other && null_arg(s, other, n->depth + 1)) r = NULL;
    }
    if (!r) return 0;
    return found(s,
                 arith ? "pointer arithmetic on the address of a member of"
                       : "a pointer compared with the address of a member of",
                 r->name);
}

/* The variables that hold the address of a member of a record whose
 * layout differs, taken with `&`: initialised (`int *q = &s.c;`) or
 * assigned (`q = &s.c;`) anywhere, or from another such variable (two
 * rounds).  Arithmetic on them, or a comparison, is then judged as on the
 * address itself (member_pointer_arith: `int *q = &arr[0].c; q[1] = 5;`
 * writes arr[1].a under ILP32 and padding under LP64).  Flow-insensitive:
 * the variable counts wherever it is used.  Not followed: a member
 * array's decay (`int *q = s.buf;`, indexed within its bounds), a
 * pointer passed to a function. */
static void collect_member_pointers(scan *s)
{
    for (int round = 0; round < 2; round++)
        for (size_t i = 0; i < s->n; i++) {
            node n;
            if (!parse_node(s->lines[i], &n)) continue;
            char var[24] = "";
            size_t from = 0;
            if (is_kind(&n, "VarDecl") && strstr(n.rest, " cinit") &&
                node_addr(&n, var, sizeof var)) {
                from = child_line(s, i, n.depth, 0);
            } else if (is_kind(&n, "BinaryOperator") && strstr(n.rest, "' '='")) {
                size_t lhs = child_line(s, i, n.depth, 0);
                node m;
                while (lhs && lhs < s->n && parse_node(s->lines[lhs], &m) &&
                       is_kind(&m, "ParenExpr"))
                    lhs++;
                if (!lhs || !strstr(s->lines[lhs], "DeclRefExpr") ||
                    !var_ref(s->lines[lhs], var, sizeof var))
                    continue;
                from = child_line(s, i, n.depth, 1);
            }
            if (!from || !var[0]) continue;
            const struct record *r = member_address(s, from, false);
            if (!r) continue;
            bool have = false;
            for (size_t j = 0; j < s->nmptrs; j++) have |= !strcmp(s->mptrs[j].addr, var);
            if (have) continue;
            /* a member of a record not known (member_address's stand-in)
             * is kept with the first record, whose name it then shows:
             * add one that says so */
            uintptr_t lo = (uintptr_t)s->records, at = (uintptr_t)r;
            size_t idx = at >= lo ? (at - lo) / sizeof *r : s->nrecords;
            if (idx >= s->nrecords) {
                struct record u = {.name = "a structure", .differs = true};
                s->records = rv_xrealloc(s->records, (s->nrecords + 1) * sizeof *s->records);
                s->records[s->nrecords] = u;
                idx = s->nrecords++;
            }
            struct field f = {.record = idx};
            snprintf(f.addr, sizeof f.addr, "%s", var);
            s->mptrs = rv_xrealloc(s->mptrs, (s->nmptrs + 1) * sizeof *s->mptrs);
            s->mptrs[s->nmptrs++] = f;
        }
}

/* First pass: which functions have a body (a CompoundStmt child), and
 * which run unasked: a constructor or destructor (clang marks neither
 * `used`: an `unsigned long` in a constructor went unseen, a wrong TRUE:
 * tests/svcomp/datamodel, ctorlong) and an ifunc's resolver. */
static void collect_bodies(scan *s)
{
    char name[256];
    bool fn = false, pending = false;
    for (size_t i = 0; i < s->n; i++) {
        node n;
        if (!parse_node(s->lines[i], &n)) continue;
        collect_record(s, i, &n);
        if (n.depth == 0) {
            fn = is_kind(&n, "FunctionDecl") && decl_name(s->lines[i], name, sizeof name);
            pending = fn;
        } else if (pending && n.depth == 1 && is_kind(&n, "CompoundStmt")) {
            add_name(&s->bodies, &s->nbodies, name);
            pending = false;
        } else if (fn && n.depth == 1 &&
                   (is_kind(&n, "ConstructorAttr") || is_kind(&n, "DestructorAttr"))) {
            add_name(&s->roots, &s->nroots, name);
        } else if (fn && n.depth == 1 && is_kind(&n, "IFuncAttr")) {
            const char *a = strchr(n.rest, '"'), *b = a ? strchr(a + 1, '"') : NULL;
            if (b) {
                char r[256];
                snprintf(r, sizeof r, "%.*s", (int)(b - a - 1), a + 1);
                add_name(&s->roots, &s->nroots, r);
            }
        }
    }
}

/* Does the subtree below line i (deeper than depth d) hold a nonzero
 * integer literal? */
static bool nonzero_init(const scan *s, size_t i, int d)
{
    for (size_t k = i + 1; k < s->n; k++) {
        node n;
        if (!parse_node(s->lines[k], &n)) continue;
        if (n.depth <= d) break;
        if (strstr(s->lines[k], "DeclRefExpr")) { /* the kind, by name: 0 is the default */
            if (strstr(s->lines[k], "'PTHREAD_MUTEX_TIMED_NP'") ||
                strstr(s->lines[k], "'PTHREAD_MUTEX_NORMAL'") ||
                strstr(s->lines[k], "'PTHREAD_MUTEX_DEFAULT'"))
                continue;
            return true;
        }
        const char *lit = strstr(s->lines[k], "IntegerLiteral");
        if (!lit) continue;
        const char *v = strrchr(s->lines[k], ' ');
        if (v && strcmp(v + 1, "0")) return true;
    }
    return false;
}

/* A node that only holds or moves a pthread_t: its value is a handle the
 * thread functions give and take, the same whatever its width, as long
 * as nothing computes with it.  Arithmetic (`++t`), a conversion from
 * another integer and the like see its width: 32 bits under ILP32, where
 * `pthread_t t = 0xffffffff; ++t;` wraps to 0 (tests/svcomp/datamodel,
 * ptid; once taken for LP64 and a wrong TRUE). */
static bool pthread_t_carrier(const node *n)
{
    static const char *const kinds[] = {"VarDecl",     "FieldDecl",          "ParmVarDecl",
                                        "DeclRefExpr", "MemberExpr",         "ArraySubscriptExpr",
                                        "ParenExpr",   "CallExpr",           "InitListExpr",
                                        "TypedefDecl", "ConditionalOperator"};
    for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++)
        if (is_kind(n, kinds[i])) return true;
    if (is_kind(n, "ImplicitCastExpr") || is_kind(n, "CStyleCastExpr"))
        return strstr(n->rest, "<LValueToRValue>") || strstr(n->rest, "<NoOp>") ||
               strstr(n->rest, "<ArrayToPointerDecay>") ||
               strstr(n->rest, "<FunctionToPointerDecay>");
    if (is_kind(n, "UnaryOperator"))
        return strstr(n->rest, " prefix '&'") || strstr(n->rest, " prefix '*'");
    if (is_kind(n, "BinaryOperator")) return strstr(n->rest, "' '='") != NULL;
    return false;
}

/* "T *" -> T in out (qualifiers dropped); false if t is no pointer. */
static bool pointer_to(const char *t, char *out, size_t cap)
{
    size_t n = strlen(t);
    if (n < 3 || strcmp(t + n - 2, " *")) return false;
    const char *u = skip_qualifiers(t);
    n -= (size_t)(u - t), t = u;
    snprintf(out, cap, "%.*s", (int)(n - 2), t);
    return true;
}

/* The size of a fixed scalar (fixed_scalar), 0 if it is none. */
static int fixed_size(const char *t)
{
    if (!fixed_scalar(t) || strchr(t, '[')) return 0;
    if (strstr(t, "char") || !strcmp(t, "_Bool")) return 1;
    if (strstr(t, "short")) return 2;
    if (strstr(t, "long long") || !strcmp(t, "double")) return 8;
    return 4; /* int, unsigned int, float */
}

/* A conversion between pointers to types that ILP32 may lay out
 * differently: `(int *)&s` with s a structure that holds a pointer reads
 * the pointer's upper half under LP64 and the next member under ILP32
 * (tests/svcomp/datamodel, cast; once a wrong FALSE).  Not: to or from
 * void * (malloc's result, a thread's argument: what the program does
 * with it after is not followed), between the same type, between fixed
 * scalars of one size, between function pointers. */
static bool layout_cast(const char *to, const char *from)
{
    char a[512], b[512];
    if (!pointer_to(to, a, sizeof a) || !pointer_to(from, b, sizeof b)) return false;
    if (!strcmp(a, "void") || !strcmp(b, "void") || !strcmp(a, b)) return false;
    if (strchr(a, '(') || strchr(b, '(')) return false;
    int sa = fixed_size(a);
    return !(sa && sa == fixed_size(b));
}

/* The text of a string literal line (`StringLiteral ... lvalue "%ld"`). */
static const char *literal_text(const char *l)
{
    const char *q = strstr(l, " lvalue \"");
    return q ? q + 8 : NULL;
}

/* A printf or scanf conversion whose argument's size is the data model's:
 * a length modifier l (not ll), z, t or j.  The library reads or writes
 * the LP64 size: `sscanf(s, "%ld", &i)` stores 8 bytes into a 4-byte int
 * of an ILP32 program (tests/svcomp/datamodel, fmt). */
static bool model_sized_conversion(const char *lit)
{
    for (const char *p = strchr(lit, '%'); p; p = strchr(p + 1, '%')) {
        const char *c = p + 1;
        if (*c == '%') {
            p = c;
            continue;
        }
        c += strspn(c, "0123456789.*-+ #'$");
        if ((c[0] == 'l' && c[1] != 'l') || c[0] == 'z' || c[0] == 't' || c[0] == 'j') return true;
    }
    return false;
}

/* A node inside a function that runs, or a used global. */
static int check_node(scan *s, size_t i, const node *n)
{
    const char *l = s->lines[i];
    char sugar[512], canon[512];
    if (is_kind(n, "UnaryExprOrTypeTraitExpr")) {
        if (i > 0 && strstr(s->lines[i - 1], "<ToVoid>")) return 0; /* (void)sizeof(x) */
        const char *kw = strstr(n->rest, "' sizeof");
        if (!kw) kw = strstr(n->rest, "' alignof");
        if (!kw) kw = strstr(n->rest, "' __alignof");
        if (!kw) kw = strstr(n->rest, "' _Alignof");
        if (!kw) return 0; /* vec_step and others: no size */
        if (!quoted_type(kw + 1, 0, sugar, canon, sizeof sugar) &&
            !(i + 1 < s->n && quoted_type(s->lines[i + 1], 0, sugar, canon, sizeof sugar)))
            return found(s, "sizeof of an expression", NULL);
        if (strncmp(kw, "' sizeof", 8) && align_differs(canon))
            return found(s, "the alignment of", sugar);
        return fixed_scalar(canon) ? 0 : found(s, "sizeof", sugar);
    }
    /* a member of a union: its members overlap differently,
     * `union { int *p; int w[2]; }` (tests/svcomp/datamodel, union and
     * dbl; once wrong verdicts both ways).  The union is the member
     * access's operand, the next line ("union (unnamed at f.c:3:1)" for
     * an unnamed one, the same through a pointer) */
    if (is_kind(n, "MemberExpr") && i + 1 < s->n &&
        quoted_type(s->lines[i + 1], 0, sugar, canon, sizeof sugar)) {
        const char *c = canon;
        c = skip_qualifiers(c);
        if (!strncmp(c, "union ", 6)) return found(s, "a member of a union:", sugar);
    }
    if (strstr(l, "<BitCast>") && i + 1 < s->n) {
        char from[512], fcanon[512];
        if (quoted_type(n->rest, 0, sugar, canon, sizeof sugar) &&
            quoted_type(s->lines[i + 1], 0, from, fcanon, sizeof from) &&
            layout_cast(canon, fcanon))
            return found(s, "a pointer converted to another pointer type:", canon);
        /* to void *: what the program reads through it after is not
         * followed, so `void *v = &s; int *q = v; q[1]` would hide the
         * reinterpretation that (int *)&s shows (once a wrong FALSE:
         * tests/svcomp data_model_rules_attacked, void_round_trip).  A
         * pointer to a structure or to a pointer counts, unless the
         * callee only keeps it (free, the thread functions'
         * arguments: opaque_pointer_callee; a thread that reads its
         * argument as another type stays unseen,
         * tests/adversary/open/ilp32_layout.c) */
        char *fs = pointee(from), *fc = pointee(fcanon);
        const char *c = canon;
        c = skip_qualifiers(c);
        size_t fl = strlen(fcanon);
        if (!s->opaque_arg && !strcmp(c, "void *") &&
            ((fs && fc && record_type(fc) && !runtime_owned(fs)) ||
             (fl > 3 && !strcmp(fcanon + fl - 3, " **"))))
            return found(s, "a pointer to a structure or a pointer converted to void *", NULL);
        /* a thread's argument, or a value the thread functions hand
         * back, is read by the thread function as whatever type it
         * chooses: a structure whose layout differs under ILP32 (or an
         * array of pointers) counts there too; one of chars, ints,
         * floats, ... has the same layout under both models and does
         * not (tests/adversary/ilp32_layout.c -DTHREAD: f read a
         * struct { int *p; int x; } as int[], q[1] is x under ILP32
         * only; was a wrong FALSE) */
        if (s->opaque_arg && s->hands_back && !strcmp(c, "void *") &&
            ((fs && fc && record_type(fc) && !runtime_owned(fs) && type_layout_differs(s, fc)) ||
             (fl > 3 && !strcmp(fcanon + fl - 3, " **"))))
            return found(s,
                         "a pointer to a structure whose layout differs under ILP32 handed to a "
                         "thread function as void *:",
                         fs ? fs : fcanon);
    }
    /* the i386 ABI computes in the x87 unit, with extra precision
     * (FLT_EVAL_METHOD 2): `(1e16 + 1.0) - 1e16` is 1 there, 0 under
     * x86-64's SSE (tests/svcomp/datamodel, excess) */
    if ((is_kind(n, "BinaryOperator") || is_kind(n, "CompoundAssignOperator") ||
         is_kind(n, "UnaryOperator")) &&
        quoted_type(n->rest, 0, sugar, canon, sizeof sugar) &&
        (!strcmp(canon, "double") || !strcmp(canon, "float")) && !strstr(n->rest, "' '='"))
        return found(s, "floating-point arithmetic (x87 precision under ILP32)", NULL);
    if (is_kind(n, "OffsetOfExpr")) return found(s, "offsetof", NULL);
    if (member_pointer_arith(s, i, n)) return 1;
    if (strstr(l, "<PointerToIntegral>"))
        return found(s, "a pointer converted to an integer", NULL);
    if (strstr(l, "<IntegralToPointer>"))
        return found(s, "an integer converted to a pointer", NULL);
    if (is_kind(n, "VarDecl") && quoted_type(n->rest, 0, sugar, canon, sizeof sugar) &&
        !strcmp(sugar, "pthread_mutex_t") && nonzero_init(s, i, n->depth))
        return found(s, "a mutex initialised with a kind (its ILP32 offset differs)", NULL);
    for (int k = 0; quoted_type(n->rest, k, sugar, canon, sizeof sugar); k++) {
        const char *c = canon;
        c = skip_qualifiers(c);
        /* a function's type: its calls' values count (not the "(unnamed
         * at ...)" of a structure or union) */
        if (strchr(canon, '(') && strncmp(c, "struct (", 8) && strncmp(c, "union (", 7) &&
            strncmp(c, "enum (", 6))
            continue;
        if (!strncmp(sugar, "pthread_t", 9) && pthread_t_carrier(n)) continue;
        if (has_plain_long(canon)) return found(s, "a value of type", sugar);
    }
    return 0;
}

/* A call's arguments: pointers to records the C library would lay out
 * as LP64 (runtime_owned excepted), when the callee has no body. */
typedef struct call {
    int depth;
    int child; /* children seen so far: 0 is the callee */
    bool library;
    size_t line; /* the CallExpr's: its type is what the callee returns */
    char name[64];
} call;

/* Library functions that keep a void * argument without looking into
 * the bytes it points to (the thread functions hand it back as it is). */
static bool opaque_pointer_callee(const char *name)
{
    static const char *const names[] = {"free",         "pthread_create", "pthread_setspecific",
                                        "pthread_exit", "thrd_create",    "tss_set",
                                        "pthread_join"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (!strcmp(name, names[i])) return true;
    return false;
}

/* Does the subtree below line i (deeper than depth d) hold a string
 * literal with a conversion of the data model's size? */
static bool model_sized_format(const scan *s, size_t i, int d)
{
    for (size_t k = i; k < s->n; k++) {
        node m;
        if (!parse_node(s->lines[k], &m)) continue;
        if (k > i && m.depth <= d) break;
        const char *t = is_kind(&m, "StringLiteral") ? literal_text(s->lines[k]) : NULL;
        if (t && model_sized_conversion(t)) return true;
    }
    return false;
}

/* Is the argument at line i a null pointer constant (NULL, 0, (void *)0)? */
static bool null_arg(const scan *s, size_t i, int depth)
{
    bool null = strstr(s->lines[i], "<NullToPointer>") != NULL;
    for (size_t k = i + 1; k < s->n; k++) {
        node m;
        if (!parse_node(s->lines[k], &m)) continue;
        if (m.depth <= depth) break;
        if (strstr(s->lines[k], "DeclRefExpr") || strstr(s->lines[k], "CallExpr") ||
            strstr(s->lines[k], "MemberExpr") || strstr(s->lines[k], "UnaryOperator") ||
            strstr(s->lines[k], "ArraySubscriptExpr") || strstr(s->lines[k], "BinaryOperator"))
            return false;
        if (strstr(s->lines[k], "<NullToPointer>")) null = true;
    }
    return null;
}

static int check_call_child(scan *s, size_t i, int depth, call *c)
{
    char name[256], sugar[512], canon[512];
    if (c->child == 0) { /* the callee: find its name in the subtree */
        for (size_t k = i; k < s->n; k++) {
            node m;
            if (k > i && parse_node(s->lines[k], &m) && m.depth <= c->depth + 1) break;
            if (callee_name(s->lines[k], name, sizeof name)) {
                c->library = !has_body(s, name) && strncmp(name, "__VERIFIER_", 11);
                snprintf(c->name, sizeof c->name, "%s", name);
                break;
            }
        }
        c->child++;
        /* a structure the library hands back is laid out as LP64 */
        if (!c->library || !quoted_type(s->lines[c->line], 0, sugar, canon, sizeof sugar)) return 0;
        char *ps = pointee(sugar), *pc = pointee(canon);
        if (!ps || !pc || !record_type(pc) || runtime_owned(ps)) return 0;
        return found(s, "a pointer to a structure returned by the C library:", ps);
    }
    c->child++;
    if (!c->library || !quoted_type(s->lines[i], 0, sugar, canon, sizeof sugar)) return 0;
    if (model_sized_format(s, i, depth))
        return found(s, "a format with a conversion of long, size_t, ptrdiff_t or intmax_t size",
                     NULL);
    /* a structure handed over as void *: memset(&s, 0, 8) clears all of
     * an ILP32 `struct { int *p; int x; }` and only the pointer of the
     * LP64 one (tests/svcomp/datamodel, memset; once a wrong FALSE) */
    char from[512], fcanon[512];
    if (strstr(s->lines[i], "<BitCast>") &&
        (!strcmp(canon, "void *") || !strcmp(canon, "const void *")) && i + 1 < s->n &&
        quoted_type(s->lines[i + 1], 0, from, fcanon, sizeof from) &&
        !opaque_pointer_callee(c->name)) {
        char *fs = pointee(from), *fc = pointee(fcanon);
        if (fs && fc && record_type(fc) && !runtime_owned(fs))
            return found(s, "a pointer to a structure passed to the C library as void *:", fs);
    }
    char *ps = pointee(sugar), *pc = pointee(canon);
    if (!ps || !pc || !record_type(pc) || runtime_owned(ps) || null_arg(s, i, depth)) return 0;
    return found(s, "a pointer to a structure passed to the C library:", ps);
}

/* `malloc(sizeof(T))` converted to `T *`: an object of T sized for T
 * under either model.  T's layout is
 * observed only through the other constructs (a sizeof elsewhere,
 * offsetof, pointer casts, the C library), each checked where it occurs;
 * a size in arithmetic (`2 * sizeof(T)`), or the block taken as another
 * type, still counts (tests/svcomp t_data_model_rules, malloc_*).  Seen
 * in most of sv-benchmarks' goblint-regression/09-regions tasks. */
static bool sizeof_allocates_its_type(const scan *s, size_t i, const node *n, const call *c)
{
    char sugar[512], canon[512], psugar[512], pcanon[512];
    if (n->depth != c->depth + 1 || c->child != 2 || c->line == 0) return false;
    if (strcmp(c->name, "malloc")) return false;
    const char *kw = strstr(n->rest, "' sizeof");
    if (!kw || !quoted_type(kw + 1, 0, sugar, canon, sizeof sugar)) return false;
    /* the call's parent is the line before it, one level up: the
     * conversion of the void * result */
    node p;
    if (!parse_node(s->lines[c->line - 1], &p) || p.depth != c->depth - 1) return false;
    if (!is_kind(&p, "ImplicitCastExpr") && !is_kind(&p, "CStyleCastExpr")) return false;
    if (!quoted_type(p.rest, 0, psugar, pcanon, sizeof psugar)) return false;
    char *ps = pointee(psugar), *pc = pointee(pcanon);
    return (pc && !strcmp(pc, canon)) || (ps && !strcmp(ps, sugar));
}

static int scan_dump(scan *s)
{
    collect_bodies(s);
    collect_member_pointers(s);
    bool runs = false, global = false;
    call stack[64];
    int nc = 0;
    for (size_t i = 0; i < s->n; i++) {
        const char *l = s->lines[i];
        node n;
        if (!parse_node(l, &n)) continue;
        track_location(s, l);
        if (n.depth == 0) {
            char name[256];
            nc = 0;
            runs = is_kind(&n, "FunctionDecl") && !strstr(l, " implicit ") &&
                   decl_name(l, name, sizeof name) && has_body(s, name) &&
                   (strstr(l, " used ") || strstr(l, " referenced ") || !strcmp(name, "main") ||
                    has_name(s->roots, s->nroots, name));
            global = is_kind(&n, "VarDecl") && (strstr(l, " used ") || strstr(l, " referenced "));
            if (global && check_node(s, i, &n)) return 1;
            continue;
        }
        if (!runs && !global) continue;
        while (nc && n.depth <= stack[nc - 1].depth) nc--;
        if (nc && n.depth == stack[nc - 1].depth + 1 &&
            check_call_child(s, i, n.depth, &stack[nc - 1]))
            return 1;
        s->opaque_arg = nc && n.depth == stack[nc - 1].depth + 1 && stack[nc - 1].child > 1 &&
                        opaque_pointer_callee(stack[nc - 1].name);
        s->hands_back = s->opaque_arg && strcmp(stack[nc - 1].name, "free");
        if (is_kind(&n, "ParmVarDecl")) continue;   /* its uses count */
        if (is_kind(&n, "StringLiteral")) continue; /* char[N]; its text may hold quotes */
        if (is_kind(&n, "UnaryExprOrTypeTraitExpr") && nc &&
            sizeof_allocates_its_type(s, i, &n, &stack[nc - 1]))
            continue;
        if (check_node(s, i, &n)) return 1;
        if (is_kind(&n, "CallExpr") && nc < 64) stack[nc++] = (call){.depth = n.depth, .line = i};
    }
    return 0;
}

/* argv of a clang run: the words of pre, the program's compiler flags
 * (-D, -I, ... choose the code the build compiles: -DCMP in
 * tests/adversary/ilp32_layout.c was not seen before), then file. */
static char **clang_argv(const char *const *pre, size_t npre, char *const *cflags, size_t ncflags,
                         const char *file)
{
    char **v = rv_xcalloc(npre + ncflags + 2, sizeof *v);
    size_t k = 0;
    for (size_t i = 0; i < npre; i++) v[k++] = (char *)pre[i];
    for (size_t i = 0; i < ncflags; i++) v[k++] = cflags[i];
    v[k++] = (char *)file;
    v[k] = NULL;
    return v;
}

static int check_file(const char *file, char *const *cflags, size_t ncflags, char *why, size_t cap)
{
    static const char *const pre[] = {"clang",   "-fsyntax-only", "-w", "-fno-color-diagnostics",
                                      "-Xclang", "-ast-dump"};
    char **argv = clang_argv(pre, sizeof pre / sizeof *pre, cflags, ncflags, file);
    char *out = NULL, *err = NULL;
    int st = rv_run_tool(argv, &out, NULL, &err);
    free(argv);
    if (st != 0) {
        snprintf(why, cap,
                 "clang could not read %s (%s), so its dependence on the data model is "
                 "not known",
                 file, st < 0 ? "clang not found" : "it does not compile");
        free(out), free(err);
        return -1;
    }
    free(err);
    scan s = {.why = why, .cap = cap};
    for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n")) {
        s.lines = rv_xrealloc(s.lines, (s.n + 1) * sizeof *s.lines);
        s.lines[s.n++] = line;
    }
    int rc = scan_dump(&s);
    for (size_t i = 0; i < s.nbodies; i++) free(s.bodies[i]);
    free(s.bodies);
    for (size_t i = 0; i < s.nroots; i++) free(s.roots[i]);
    free(s.roots);
    free(s.records);
    free(s.fields);
    free(s.mptrs);
    free(s.lines);
    free(s.file);
    free(out);
    return rc;
}

/* ---- preprocessing ------------------------------------------------------------------- */

/* A source that is not preprocessed yet (a .c, not a .i) may choose its
 * code by the target: `#ifdef __LP64__`, `#if __WORDSIZE == 64`,
 * `__SIZEOF_POINTER__` in an expression.  The AST above is the x86-64
 * one, where such code is just code: `#ifndef __LP64__ reach_error();`
 * was TRUE for a task whose ILP32 verdict is FALSE
 * (tests/svcomp/datamodel, lp64mac).  So the program's own lines (those
 * of files that are not system headers) are preprocessed for both targets
 * and must come out the same.  One difference is allowed: the static
 * initialisers of glibc's mutexes (PTHREAD_MUTEX_INITIALIZER and its
 * kinds) are laid out for each target, and the x86-64 one is what ravel's
 * runtime reads. */

typedef struct ppline {
    char *file;
    unsigned line;
    char *text; /* whitespace collapsed, mutex initialisers folded */
} ppline;

/* An identifier's length at p, 0 if none starts there. */
static size_t ident_len(const char *p)
{
    if (!(*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z'))) return 0;
    size_t k = 1;
    while (p[k] == '_' || (p[k] >= 'a' && p[k] <= 'z') || (p[k] >= 'A' && p[k] <= 'Z') ||
           (p[k] >= '0' && p[k] <= '9'))
        k++;
    return k;
}

/* The length of a braced initialiser at p made only of braces, commas,
 * zeros and PTHREAD_MUTEX_* names (glibc's mutex initialisers), 0 if the
 * braces at p are anything else. */
static size_t mutex_initialiser(const char *p)
{
    int depth = 0;
    bool kind = false;
    for (const char *q = p;;) {
        size_t id;
        if (*q == ' ' || *q == ',') {
            q++;
        } else if (*q == '{') {
            depth++, q++;
        } else if (*q == '}') {
            q++;
            if (--depth == 0) return kind ? (size_t)(q - p) : 0;
        } else if (*q == '0' && !ident_len(q + 1) && !(q[1] >= '0' && q[1] <= '9')) {
            q++;
        } else if ((id = ident_len(q)) > 14 && !strncmp(q, "PTHREAD_MUTEX_", 14)) {
            kind = true, q += id;
        } else {
            return 0;
        }
    }
}

static char *normalise(const char *l)
{
    size_t n = strlen(l);
    char *out = rv_xmalloc(n + 1), *o = out;
    for (const char *p = l; *p;) {
        if (*p == ' ' || *p == '\t') {
            while (*p == ' ' || *p == '\t') p++;
            if (o > out && *p) *o++ = ' ';
            continue;
        }
        size_t k = *p == '{' ? mutex_initialiser(p) : 0;
        if (k) {
            *o++ = '{', *o++ = '}';
            p += k;
            continue;
        }
        *o++ = *p++;
    }
    *o = 0;
    return out;
}

/* The program's own non-blank lines of clang -E output. */
static ppline *own_lines(char *pp, size_t *count)
{
    ppline *v = NULL;
    size_t n = 0;
    char *file = NULL;
    bool system = true;
    unsigned line = 0;
    for (char *l = pp; l && *l;) {
        char *nl = strchr(l, '\n');
        if (nl) *nl = 0;
        unsigned num;
        int at = 0;
        if (l[0] == '#' && sscanf(l, "# %u \"%n", &num, &at) == 1 && at) {
            char *e = strchr(l + at, '"');
            if (e) {
                free(file);
                file = rv_xasprintf("%.*s", (int)(e - l - at), l + at);
                /* flag 3: a system header; <built-in>, <command line> */
                system = strstr(e, " 3") != NULL || file[0] == '<';
                line = num;
            }
        } else {
            char *t = normalise(l);
            if (!system && *t && strcmp(t, "#pragma")) {
                v = rv_xrealloc(v, (n + 1) * sizeof *v);
                v[n++] = (ppline){rv_xstrdup(file), line, t};
            } else {
                free(t);
            }
            line++;
        }
        l = nl ? nl + 1 : NULL;
    }
    free(file);
    *count = n;
    return v;
}

static void free_lines(ppline *v, size_t n)
{
    for (size_t i = 0; i < n; i++) free(v[i].file), free(v[i].text);
    free(v);
}

static int check_preprocessing(const char *file, char *const *cflags, size_t ncflags, char *why,
                               size_t cap)
{
    static const char *const p64[] = {"clang", "-E", "-w"}, *const p32[] = {"clang", "-E", "-w",
                                                                            "-m32"};
    char **a64 = clang_argv(p64, 3, cflags, ncflags, file);
    char **a32 = clang_argv(p32, 4, cflags, ncflags, file);
    char *o64 = NULL, *o32 = NULL, *err = NULL;
    int s64 = rv_run_tool(a64, &o64, NULL, &err);
    free(err), err = NULL;
    int s32 = s64 == 0 ? rv_run_tool(a32, &o32, NULL, &err) : -1;
    free(err);
    free(a64), free(a32);
    if (s64 != 0 || s32 != 0) {
        snprintf(why, cap,
                 "clang could not preprocess %s for %s (%s), so its dependence on the data model "
                 "is not known",
                 file, s64 != 0 ? "x86-64" : "i386 (-m32)",
                 s64 != 0 ? "it does not compile" : "no 32-bit C library headers?");
        free(o64), free(o32);
        return -1;
    }
    size_t n64, n32;
    ppline *l64 = own_lines(o64, &n64), *l32 = own_lines(o32, &n32);
    int rc = 0;
    for (size_t i = 0; i < n64 || i < n32; i++) {
        if (i < n64 && i < n32 && !strcmp(l64[i].text, l32[i].text)) continue;
        const ppline *at = i < n64 ? &l64[i] : &l32[i];
        snprintf(why, cap,
                 "%s:%u: preprocessed differently for ILP32 (#if or a macro of the data model: "
                 "__LP64__, __WORDSIZE, __SIZEOF_POINTER__, ...)",
                 at->file, at->line);
        rc = 1;
        break;
    }
    free_lines(l64, n64);
    free_lines(l32, n32);
    free(o64), free(o32);
    return rc;
}

static bool preprocessed(const char *file)
{
    size_t n = strlen(file);
    return n > 2 && !strcmp(file + n - 2, ".i");
}

int rv_data_model_check(char *const *files, size_t n, char *const *cflags, size_t ncflags,
                        char *why, size_t cap)
{
    for (size_t i = 0; i < n; i++) {
        int rc =
            preprocessed(files[i]) ? 0 : check_preprocessing(files[i], cflags, ncflags, why, cap);
        if (!rc) rc = check_file(files[i], cflags, ncflags, why, cap);
        if (rc) return rc;
    }
    return 0;
}
