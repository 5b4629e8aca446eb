/* debuginfo.c — DWARF lookups for reports through libdw; see debuginfo.h. */
#include "debuginfo.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/util.h"

typedef struct gvar {
    uint64_t addr, size;
    const char *name;
    Dwarf_Off type; /* 0: none */
} gvar;

/* A code range of a compilation unit: dwarf_addrdie needs .debug_aranges,
 * which clang does not emit; the units' own ranges are always there. */
typedef struct curange {
    uint64_t lo, hi;
    Dwarf_Off cu; /* the unit DIE's offset */
} curange;

#define MEMO_FRAMES 4 /* source frames memoised per pc */

typedef struct memo {
    uint64_t pc; /* 0: empty */
    uint8_t n;
    rv_dbg_frame f[MEMO_FRAMES];
} memo;

struct rv_dbg {
    int fd;
    Dwarf *dw;
    uint64_t rt_lo, rt_hi; /* the runtime's code (markers), 0 if unknown */
    uint64_t *exec_lo, *exec_hi;
    size_t nexec;
    gvar *g;
    size_t ng, capg;
    curange *cr;
    size_t ncr, capcr;
    char **strs; /* interned strings */
    size_t nstrs, capstrs;
    memo *memo;
    size_t capmemo;
    char cwd[4096];
};

static const char *intern(rv_dbg *d, const char *s)
{
    if (!s) return NULL;
    for (size_t i = d->nstrs; i-- > 0 && i + 64 > d->nstrs;)
        if (!strcmp(d->strs[i], s)) return d->strs[i]; /* recent repeats (file names) */
    if (d->nstrs == d->capstrs) {
        d->capstrs = d->capstrs ? 2 * d->capstrs : 64;
        d->strs = rv_xrealloc(d->strs, d->capstrs * sizeof *d->strs);
    }
    return d->strs[d->nstrs++] = rv_xstrdup(s);
}

/* A source path as reports show it: relative under the current directory. */
static const char *shown_path(rv_dbg *d, const char *p)
{
    if (!p) return NULL;
    size_t n = strlen(d->cwd);
    if (n && !strncmp(p, d->cwd, n) && p[n] == '/') p += n + 1;
    return intern(d, p);
}

/* ---- the ELF side: executable sections, the runtime's markers -------------------- */

static void read_elf(rv_dbg *d)
{
    Elf *elf = dwarf_getelf(d->dw);
    if (!elf) return;
    Elf_Scn *scn = NULL;
    while ((scn = elf_nextscn(elf, scn))) {
        GElf_Shdr sh;
        if (!gelf_getshdr(scn, &sh)) continue;
        if ((sh.sh_flags & SHF_EXECINSTR) && sh.sh_addr) {
            d->exec_lo = rv_xrealloc(d->exec_lo, (d->nexec + 1) * sizeof *d->exec_lo);
            d->exec_hi = rv_xrealloc(d->exec_hi, (d->nexec + 1) * sizeof *d->exec_hi);
            d->exec_lo[d->nexec] = sh.sh_addr;
            d->exec_hi[d->nexec++] = sh.sh_addr + sh.sh_size;
        }
        if (sh.sh_type != SHT_SYMTAB) continue;
        Elf_Data *data = elf_getdata(scn, NULL);
        size_t n = sh.sh_entsize ? sh.sh_size / sh.sh_entsize : 0;
        for (size_t i = 0; data && i < n; i++) {
            GElf_Sym sym;
            if (!gelf_getsym(data, (int)i, &sym)) continue;
            const char *name = elf_strptr(elf, sh.sh_link, sym.st_name);
            if (!name) continue;
            if (!strcmp(name, "__ravel_rt_begin")) d->rt_lo = sym.st_value;
            if (!strcmp(name, "__ravel_rt_end")) d->rt_hi = sym.st_value;
        }
    }
}

bool rv_dbg_program_code(rv_dbg *d, uint64_t pc)
{
    if (!pc) return false;
    uint64_t a = pc - 1;
    if (d->rt_lo && d->rt_hi && a >= d->rt_lo && a < d->rt_hi) return false;
    if (!d->nexec) return true; /* cannot tell */
    for (size_t i = 0; i < d->nexec; i++)
        if (a >= d->exec_lo[i] && a < d->exec_hi[i]) return true;
    return false;
}

/* ---- DIE helpers ---------------------------------------------------------------- */

static bool die_type(Dwarf_Die *die, Dwarf_Die *out)
{
    Dwarf_Attribute at;
    return dwarf_attr_integrate(die, DW_AT_type, &at) && dwarf_formref_die(&at, out);
}

static uint64_t type_size(Dwarf_Die *t)
{
    Dwarf_Word w;
    return dwarf_aggregate_size(t, &w) == 0 ? w : 0;
}

static const char *die_name(Dwarf_Die *die)
{
    Dwarf_Attribute at;
    if (!dwarf_attr_integrate(die, DW_AT_name, &at)) return NULL;
    return dwarf_formstring(&at);
}

/* The address of a single-operation DW_OP_addr / DW_OP_addrx location. */
static bool static_address(Dwarf_Die *die, uint64_t *addr)
{
    Dwarf_Attribute at;
    Dwarf_Op *ops;
    size_t n;
    if (!dwarf_attr(die, DW_AT_location, &at) || dwarf_getlocation(&at, &ops, &n) != 0 || n != 1)
        return false;
    if (ops[0].atom == DW_OP_addr) {
        *addr = ops[0].number;
        return true;
    }
    if (ops[0].atom == DW_OP_addrx || ops[0].atom == DW_OP_GNU_addr_index) {
        Dwarf_Attribute res;
        Dwarf_Addr a;
        if (dwarf_getlocation_attr(&at, &ops[0], &res) == 0 && dwarf_formaddr(&res, &a) == 0) {
            *addr = a;
            return true;
        }
    }
    return false;
}

/* The frame-base offset of a DW_OP_fbreg location. */
static bool fbreg_offset(Dwarf_Die *die, int64_t *off)
{
    Dwarf_Attribute at;
    Dwarf_Op *ops;
    size_t n;
    if (!dwarf_attr(die, DW_AT_location, &at) || dwarf_getlocation(&at, &ops, &n) != 0 || n != 1 ||
        ops[0].atom != DW_OP_fbreg)
        return false;
    *off = (int64_t)ops[0].number;
    return true;
}

/* ---- globals ------------------------------------------------------------------------ */

static void add_global(rv_dbg *d, Dwarf_Die *die)
{
    uint64_t addr;
    const char *name = die_name(die);
    if (!name || !static_address(die, &addr) || !addr) return;
    Dwarf_Die t;
    bool typed = die_type(die, &t);
    if (d->ng == d->capg) {
        d->capg = d->capg ? 2 * d->capg : 256;
        d->g = rv_xrealloc(d->g, d->capg * sizeof *d->g);
    }
    d->g[d->ng++] =
        (gvar){addr, typed ? type_size(&t) : 0, intern(d, name), typed ? dwarf_dieoffset(&t) : 0};
}

/* Variables at file scope, and static ones inside functions and
 * namespaces (their locations are addresses too). */
static void collect(rv_dbg *d, Dwarf_Die *parent, int depth)
{
    Dwarf_Die c;
    if (depth > 8 || dwarf_child(parent, &c) != 0) return;
    do {
        int tag = dwarf_tag(&c);
        if (tag == DW_TAG_variable)
            add_global(d, &c);
        else if (tag == DW_TAG_subprogram || tag == DW_TAG_lexical_block || tag == DW_TAG_namespace)
            collect(d, &c, depth + 1);
    } while (dwarf_siblingof(&c, &c) == 0);
}

static int cmp_gvar(const void *a, const void *b)
{
    const gvar *x = a, *y = b;
    if (x->addr != y->addr) return x->addr < y->addr ? -1 : 1;
    return x->size > y->size ? -1 : x->size < y->size; /* the larger first */
}

static void add_ranges(rv_dbg *d, Dwarf_Die *cu)
{
    Dwarf_Addr base, lo, hi;
    ptrdiff_t off = 0;
    while ((off = dwarf_ranges(cu, off, &base, &lo, &hi)) > 0) {
        if (lo >= hi) continue;
        if (d->ncr == d->capcr) {
            d->capcr = d->capcr ? 2 * d->capcr : 64;
            d->cr = rv_xrealloc(d->cr, d->capcr * sizeof *d->cr);
        }
        d->cr[d->ncr++] = (curange){lo, hi, dwarf_dieoffset(cu)};
    }
}

static int cmp_range(const void *a, const void *b)
{
    const curange *x = a, *y = b;
    return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* Every unit's globals and code ranges. */
static void load_units(rv_dbg *d)
{
    Dwarf_Off off = 0, next;
    size_t hsize;
    while (dwarf_nextcu(d->dw, off, &next, &hsize, NULL, NULL, NULL) == 0) {
        Dwarf_Die cu;
        if (dwarf_offdie(d->dw, off + hsize, &cu)) {
            collect(d, &cu, 0);
            add_ranges(d, &cu);
        }
        off = next;
    }
    if (d->ng) qsort(d->g, d->ng, sizeof *d->g, cmp_gvar);
    if (d->ncr) qsort(d->cr, d->ncr, sizeof *d->cr, cmp_range);
}

/* The unit holding code address a. */
static bool unit_of(rv_dbg *d, uint64_t a, Dwarf_Die *cu)
{
    size_t lo = 0, hi = d->ncr; /* first range with lo > a */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (d->cr[mid].lo <= a)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (size_t i = lo, k = 0; i-- > 0 && k < 16; k++)
        if (a < d->cr[i].hi) return dwarf_offdie(d->dw, d->cr[i].cu, cu) != NULL;
    return dwarf_addrdie(d->dw, a, cu) != NULL;
}

static const gvar *find_global(const rv_dbg *d, uint64_t a)
{
    size_t lo = 0, hi = d->ng; /* first with addr > a */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (d->g[mid].addr <= a)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (size_t i = lo, k = 0; i-- > 0 && k < 8; k++) {
        uint64_t size = d->g[i].size ? d->g[i].size : 1;
        if (a < d->g[i].addr + size) return &d->g[i];
    }
    return NULL;
}

/* ---- paths inside a type -------------------------------------------------------------- */

typedef struct sbuf {
    char *p;
    size_t cap, len;
} sbuf;

static void put(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(sbuf *b, const char *fmt, ...)
{
    if (b->len >= b->cap) return;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap);
    va_end(ap);
    if (k > 0) b->len += (size_t)k < b->cap - b->len ? (size_t)k : b->cap - b->len - 1;
}

/* Declared in a system header: its insides are the library's business. */
static bool system_type(Dwarf_Die *t)
{
    const char *f = dwarf_decl_file(t);
    return f && !strncmp(f, "/usr/", 5);
}

/* Peel typedefs and qualifiers, stopping at a system typedef; false when
 * the result must not be looked into. */
static bool peel(Dwarf_Die *t)
{
    for (int i = 0; i < 16; i++) {
        int tag = dwarf_tag(t);
        if (tag == DW_TAG_typedef && system_type(t)) return false;
        if (tag != DW_TAG_typedef && tag != DW_TAG_const_type && tag != DW_TAG_volatile_type &&
            tag != DW_TAG_restrict_type && tag != DW_TAG_atomic_type)
            return true;
        Dwarf_Die n;
        if (!die_type(t, &n)) return false;
        *t = n;
    }
    return false;
}

static bool member_at(Dwarf_Die *agg, uint64_t off, Dwarf_Die *member, uint64_t *at)
{
    Dwarf_Die c;
    if (dwarf_child(agg, &c) != 0) return false;
    do {
        if (dwarf_tag(&c) != DW_TAG_member) continue;
        Dwarf_Word loc = 0;
        Dwarf_Attribute a;
        if (dwarf_attr(&c, DW_AT_data_member_location, &a) && dwarf_formudata(&a, &loc) != 0)
            continue;
        Dwarf_Die mt;
        if (!die_type(&c, &mt)) continue;
        uint64_t sz = type_size(&mt);
        if (off >= loc && off < loc + (sz ? sz : 1)) {
            *member = c;
            *at = loc;
            return true;
        }
    } while (dwarf_siblingof(&c, &c) == 0);
    return false;
}

/* Array dimensions (0 for an unknown count), at most 8. */
static size_t array_dims(Dwarf_Die *arr, uint64_t *count)
{
    Dwarf_Die c;
    size_t n = 0;
    if (dwarf_child(arr, &c) != 0) return 0;
    do {
        if (dwarf_tag(&c) != DW_TAG_subrange_type || n == 8) continue;
        Dwarf_Word v = 0;
        Dwarf_Attribute a;
        if (dwarf_attr(&c, DW_AT_count, &a) && dwarf_formudata(&a, &v) == 0)
            count[n++] = v;
        else if (dwarf_attr(&c, DW_AT_upper_bound, &a) && dwarf_formudata(&a, &v) == 0)
            count[n++] = v + 1;
        else
            count[n++] = 0;
    } while (dwarf_siblingof(&c, &c) == 0);
    return n;
}

/* Append the path from type t down to byte off (len bytes accessed). */
static void type_path(Dwarf_Die *t0, uint64_t off, uint64_t len, sbuf *b)
{
    Dwarf_Die t = *t0;
    for (int depth = 0; depth < 32; depth++) {
        if (!peel(&t)) break;
        uint64_t sz = type_size(&t);
        if (off == 0 && len && sz && len >= sz) break;
        int tag = dwarf_tag(&t);
        if (tag == DW_TAG_structure_type || tag == DW_TAG_class_type || tag == DW_TAG_union_type) {
            Dwarf_Die m;
            uint64_t at;
            if (system_type(&t) || !member_at(&t, off, &m, &at)) break;
            const char *name = die_name(&m);
            if (name) put(b, ".%s", name);
            off -= at;
            if (!die_type(&m, &t)) break;
        } else if (tag == DW_TAG_array_type) {
            Dwarf_Die el;
            if (!die_type(&t, &el)) break;
            uint64_t es = type_size(&el);
            uint64_t count[8];
            size_t nd = array_dims(&t, count);
            if (!es || !nd) break;
            for (size_t k = 0; k < nd; k++) {
                uint64_t stride = es;
                for (size_t j = k + 1; j < nd; j++) stride *= count[j] ? count[j] : 1;
                put(b, "[%" PRIu64 "]", off / stride);
                off %= stride;
            }
            t = el;
        } else {
            break;
        }
    }
    if (off) put(b, "+%" PRIu64, off);
}

bool rv_dbg_global(rv_dbg *d, uint64_t addr, uint64_t len, char *buf, size_t cap)
{
    if (!d->dw || !cap) return false;
    const gvar *g = find_global(d, addr);
    if (!g) return false;
    sbuf b = {buf, cap, 0};
    buf[0] = 0;
    put(&b, "%s", g->name);
    Dwarf_Die t;
    if (g->type && dwarf_offdie(d->dw, g->type, &t))
        type_path(&t, addr - g->addr, len, &b);
    else if (addr != g->addr)
        put(&b, "+%" PRIu64, addr - g->addr);
    return true;
}

/* ---- locals ------------------------------------------------------------------------------ */

/* The scopes at pc, innermost first, and the frame base of its function
 * from frame pointer fb; false when not understood (see the header). */
static int scopes_at(rv_dbg *d, uint64_t pc, Dwarf_Die **scopes)
{
    Dwarf_Die cu;
    if (!d->dw || !pc || !unit_of(d, pc - 1, &cu)) return 0;
    int n = dwarf_getscopes(&cu, pc - 1, scopes);
    return n > 0 ? n : 0;
}

static bool frame_base(Dwarf_Die *scopes, int n, uint64_t fb, uint64_t *base, int *nfn)
{
    for (int i = 0; i < n; i++) {
        if (dwarf_tag(&scopes[i]) != DW_TAG_subprogram) continue;
        *nfn = i + 1;
        Dwarf_Attribute at;
        Dwarf_Op *ops;
        size_t k;
        if (!dwarf_attr(&scopes[i], DW_AT_frame_base, &at) ||
            dwarf_getlocation(&at, &ops, &k) != 0 || k != 1)
            return false;
        if (ops[0].atom == DW_OP_reg6)
            *base = fb;
        else if (ops[0].atom == DW_OP_call_frame_cfa)
            *base = fb + 16; /* the frame-pointer prologue: push rbp; mov rsp, rbp */
        else if (ops[0].atom == DW_OP_breg6)
            *base = fb + ops[0].number;
        else
            return false;
        return true;
    }
    return false;
}

/* Call fn on every variable and parameter visible in the scopes of the
 * function (scopes[0 .. nfn)), with its address; stop when it returns true. */
typedef bool (*var_fn)(Dwarf_Die *var, uint64_t at, void *arg);
static bool each_local(Dwarf_Die *scopes, int nfn, uint64_t base, var_fn fn, void *arg)
{
    for (int i = 0; i < nfn; i++) {
        Dwarf_Die c;
        if (dwarf_child(&scopes[i], &c) != 0) continue;
        do {
            int tag = dwarf_tag(&c);
            int64_t off;
            if ((tag == DW_TAG_variable || tag == DW_TAG_formal_parameter) &&
                fbreg_offset(&c, &off))
                if (fn(&c, base + (uint64_t)off, arg)) return true;
        } while (dwarf_siblingof(&c, &c) == 0);
    }
    return false;
}

typedef struct local_q {
    uint64_t addr, len;
    sbuf *b;
} local_q;

static bool local_hit(Dwarf_Die *var, uint64_t at, void *arg)
{
    local_q *q = arg;
    Dwarf_Die t;
    const char *name = die_name(var);
    if (!name || !die_type(var, &t)) return false;
    uint64_t sz = type_size(&t);
    if (q->addr < at || q->addr >= at + (sz ? sz : 1)) return false;
    put(q->b, "%s", name);
    type_path(&t, q->addr - at, q->len, q->b);
    return true;
}

bool rv_dbg_local(rv_dbg *d, uint64_t pc, uint64_t fb, uint64_t addr, uint64_t len, char *buf,
                  size_t cap)
{
    Dwarf_Die *scopes = NULL;
    int n = scopes_at(d, pc, &scopes), nfn = 0;
    uint64_t base;
    bool ok = false;
    if (n && fb && cap && frame_base(scopes, n, fb, &base, &nfn)) {
        sbuf b = {buf, cap, 0};
        buf[0] = 0;
        local_q q = {addr, len, &b};
        ok = each_local(scopes, nfn, base, local_hit, &q);
    }
    free(scopes);
    return ok;
}

typedef struct ptr_q {
    uint64_t addr, len;
    const uint8_t *bytes;
    uint64_t lo;
    size_t nbytes;
    uint64_t best; /* the pointee size of the best name so far (smaller is better) */
    sbuf *b;
} ptr_q;

static bool ptr_hit(Dwarf_Die *var, uint64_t at, void *arg)
{
    ptr_q *q = arg;
    Dwarf_Die t, pt;
    const char *name = die_name(var);
    if (!name || !die_type(var, &t)) return false;
    if (dwarf_peel_type(&t, &t) != 0 || dwarf_tag(&t) != DW_TAG_pointer_type) return false;
    if (at < q->lo || at + 8 > q->lo + q->nbytes) return false;
    uint64_t v;
    memcpy(&v, q->bytes + (at - q->lo), sizeof v);
    bool typed = die_type(&t, &pt);
    uint64_t sz = typed ? type_size(&pt) : 0;
    if (!v || q->addr < v) return false;
    uint64_t off = q->addr - v, idx = 0;
    if (!sz) {
        if (off) return false;
    } else if (off >= sz) {
        if (off >= 64 * sz) return false; /* an index that far is a guess, not a name */
        idx = off / sz;
        off %= sz;
    }
    if (sz >= q->best) return false;
    q->best = sz ? sz : UINT64_MAX - 1;
    char path[256];
    sbuf pb = {path, sizeof path, 0};
    path[0] = 0;
    if (typed) type_path(&pt, off, q->len, &pb);
    q->b->len = 0;
    q->b->p[0] = 0;
    if (idx)
        put(q->b, "%s[%" PRIu64 "]%s", name, idx, path);
    else if (path[0] == '.')
        put(q->b, "%s->%s", name, path + 1);
    else if (path[0])
        put(q->b, "(*%s)%s", name, path);
    else
        put(q->b, "*%s", name);
    return false; /* look for a better one */
}

bool rv_dbg_through_pointer(rv_dbg *d, uint64_t pc, uint64_t fb, const uint8_t *bytes, uint64_t lo,
                            size_t nbytes, uint64_t addr, uint64_t len, char *buf, size_t cap)
{
    Dwarf_Die *scopes = NULL;
    int n = scopes_at(d, pc, &scopes), nfn = 0;
    uint64_t base;
    bool ok = false;
    if (n && fb && cap && nbytes && frame_base(scopes, n, fb, &base, &nfn)) {
        sbuf b = {buf, cap, 0};
        buf[0] = 0;
        ptr_q q = {addr, len, bytes, lo, nbytes, UINT64_MAX, &b};
        each_local(scopes, nfn, base, ptr_hit, &q);
        ok = q.best != UINT64_MAX;
    }
    free(scopes);
    return ok;
}

/* ---- source frames ------------------------------------------------------------------------ */

static memo *memo_slot(rv_dbg *d, uint64_t pc)
{
    if (!d->capmemo) {
        d->capmemo = 4096;
        d->memo = rv_xcalloc(d->capmemo, sizeof *d->memo);
    }
    size_t i = (size_t)(pc * 0x9e3779b97f4a7c15ull >> 40) & (d->capmemo - 1);
    return &d->memo[i];
}

static size_t lookup_frames(rv_dbg *d, uint64_t pc, rv_dbg_frame *out, size_t cap)
{
    Dwarf_Die cu;
    uint64_t a = pc - 1;
    if (!cap || !unit_of(d, a, &cu)) return 0;
    const char *file = NULL;
    unsigned line = 0, col = 0;
    Dwarf_Line *ln = dwarf_getsrc_die(&cu, a);
    if (ln) {
        int l = 0, c = 0;
        dwarf_lineno(ln, &l);
        dwarf_linecol(ln, &c);
        file = shown_path(d, dwarf_linesrc(ln, NULL, NULL));
        line = (unsigned)l;
        col = (unsigned)c;
    }
    Dwarf_Die *scopes = NULL;
    int n = dwarf_getscopes(&cu, a, &scopes);
    Dwarf_Files *files = NULL;
    size_t nfiles = 0;
    dwarf_getsrcfiles(&cu, &files, &nfiles);
    size_t k = 0;
    for (int i = 0; i < n && k < cap; i++) {
        int tag = dwarf_tag(&scopes[i]);
        if (tag != DW_TAG_subprogram && tag != DW_TAG_inlined_subroutine) continue;
        out[k++] = (rv_dbg_frame){intern(d, die_name(&scopes[i])), file, line, col,
                                  tag == DW_TAG_inlined_subroutine};
        if (tag == DW_TAG_subprogram) break;
        /* the caller's position: where this one was inlined */
        Dwarf_Attribute at;
        Dwarf_Word cf = 0, cl = 0, cc = 0;
        if (dwarf_attr(&scopes[i], DW_AT_call_file, &at)) dwarf_formudata(&at, &cf);
        if (dwarf_attr(&scopes[i], DW_AT_call_line, &at)) dwarf_formudata(&at, &cl);
        if (dwarf_attr(&scopes[i], DW_AT_call_column, &at)) dwarf_formudata(&at, &cc);
        file = files && cf < nfiles ? shown_path(d, dwarf_filesrc(files, cf, NULL, NULL)) : file;
        line = (unsigned)cl;
        col = (unsigned)cc;
    }
    free(scopes);
    if (!k) out[k++] = (rv_dbg_frame){NULL, file, line, col, false};
    return k;
}

size_t rv_dbg_frames(rv_dbg *d, uint64_t pc, rv_dbg_frame *out, size_t cap)
{
    if (!d->dw || !pc) return 0;
    memo *m = memo_slot(d, pc);
    if (m->pc == pc) {
        size_t n = m->n < cap ? m->n : cap;
        memcpy(out, m->f, n * sizeof *out);
        return n;
    }
    rv_dbg_frame f[MEMO_FRAMES];
    size_t n = lookup_frames(d, pc, f, MEMO_FRAMES);
    m->pc = pc;
    m->n = (uint8_t)n;
    memcpy(m->f, f, n * sizeof *f);
    n = n < cap ? n : cap;
    memcpy(out, f, n * sizeof *out);
    return n;
}

/* ---- open / close ---------------------------------------------------------------------------- */

rv_dbg *rv_dbg_open(const char *binary)
{
    rv_dbg *d = rv_xcalloc(1, sizeof *d);
    d->fd = -1;
    if (!getcwd(d->cwd, sizeof d->cwd)) d->cwd[0] = 0;
    elf_version(EV_CURRENT);
    if (binary) d->fd = open(binary, O_RDONLY | O_CLOEXEC);
    if (d->fd >= 0) d->dw = dwarf_begin(d->fd, DWARF_C_READ);
    if (d->dw) {
        read_elf(d);
        load_units(d);
    }
    return d;
}

bool rv_dbg_ok(const rv_dbg *d)
{
    return d && d->dw;
}

void rv_dbg_close(rv_dbg *d)
{
    if (!d) return;
    if (d->dw) dwarf_end(d->dw);
    if (d->fd >= 0) close(d->fd);
    for (size_t i = 0; i < d->nstrs; i++) free(d->strs[i]);
    free(d->strs);
    free(d->g);
    free(d->cr);
    free(d->memo);
    free(d->exec_lo);
    free(d->exec_hi);
    free(d);
}
