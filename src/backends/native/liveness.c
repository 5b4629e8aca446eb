/*
 * liveness.c — dead frame bytes at each call of the program (contract and
 * the rules that keep it sound: liveness.h).
 *
 * Per function: decode with Capstone (Debian's libcapstone: a maintained
 * x86 decoder with per-operand detail, which a hand-written decoder of the
 * whole instruction set would only approximate), check the frame's shape,
 * give every instruction the frame bytes it reads (use) and overwrites
 * (def), and solve live_in(i) = use(i) | (live_out(i) & ~def(i)) backwards
 * to a fixed point over bitsets of the frame's bytes.  Cost: O(passes x
 * instructions x frame/64) per function; functions at -O0 converge in a
 * few passes.
 */
#include "liveness.h"

#include "elfimage.h"

#include "../../core/util.h"

#include <capstone/capstone.h>
#include <elf.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define XXH_INLINE_ALL
#include <xxhash.h>

/* Frames over this many bytes of locals are hashed whole. */
#define MAX_REGION (16u << 10)

typedef struct {
    uint64_t addr, size;
    const char *name;
} fn_sym;

typedef struct {
    rv_live_site *sites;
    size_t nsites, capsites;
    rv_live_range *ranges;
    size_t nranges, capranges;
    rv_live_stats st;
} table;

static int cmp_fn(const void *a, const void *b)
{
    const fn_sym *x = a, *y = b;
    return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* The functions with code in .text, by address, aliases once; *end gets
 * the address of end_symbol (0 if absent). */
static fn_sym *functions(const rv_elf *im, const Elf64_Shdr *text, const char *end_symbol,
                         uint64_t *end, size_t *nfn)
{
    *end = 0;
    *nfn = 0;
    size_t ns = im->nsym, n = 0;
    fn_sym *v = rv_xcalloc(ns ? ns : 1, sizeof *v);
    for (size_t i = 0; i < ns; i++) {
        const Elf64_Sym *y = &im->sym[i];
        const char *name = rv_elf_sym_name(im, y);
        if (end_symbol && strcmp(name, end_symbol) == 0) *end = y->st_value;
        if (ELF64_ST_TYPE(y->st_info) != STT_FUNC || y->st_size == 0) continue;
        if (y->st_value < text->sh_addr || y->st_value - text->sh_addr >= text->sh_size ||
            y->st_size > text->sh_addr + text->sh_size - y->st_value)
            continue;
        v[n++] = (fn_sym){y->st_value, y->st_size, name};
    }
    qsort(v, n, sizeof *v, cmp_fn);
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (k == 0 || v[i].addr != v[k - 1].addr) v[k++] = v[i];
    *nfn = k;
    return v;
}

/* ------------------------------------------------------------------ */
/* One function.                                                       */

enum flow { F_NEXT, F_JUMP, F_BRANCH, F_EXIT };

typedef struct {
    enum flow flow;
    bool call;
    int target; /* F_JUMP/F_BRANCH: an instruction index */
    uint8_t nuse;
    int32_t ulo[2], uhi[2]; /* region indices [lo, hi) read */
    bool def;
    int32_t dlo, dhi; /* region indices overwritten */
} ins;

typedef struct {
    csh cs;
    const fn_sym *fns; /* every function, by address (call targets' names) */
    size_t nfns;
    cs_insn *in;
    size_t n;
    ins *v;
    uint32_t pushes, sub; /* callee-saved pushes; the locals' bytes (N) */
    uint32_t frame;       /* 8 * pushes + sub */
    int32_t pin_lo;       /* region index: [pin_lo, sub) is live everywhere */
    uint64_t *pin;        /* further bytes live everywhere (rsp-relative) */
} fn_ctx;

static bool sp_or_bp(x86_reg r)
{
    switch (r) {
    case X86_REG_RSP:
    case X86_REG_ESP:
    case X86_REG_SP:
    case X86_REG_SPL:
    case X86_REG_RBP:
    case X86_REG_EBP:
    case X86_REG_BP:
    case X86_REG_BPL:
        return true;
    default:
        return false;
    }
}

static bool callee_saved(x86_reg r)
{
    return r == X86_REG_RBX || r == X86_REG_R12 || r == X86_REG_R13 || r == X86_REG_R14 ||
           r == X86_REG_R15;
}

static bool is_reg(const cs_x86_op *o, x86_reg r)
{
    return o->type == X86_OP_REG && o->reg == r;
}

/* `push rbp; mov rbp, rsp; push <callee-saved>*; [sub rsp, N]`: the index
 * of the first body instruction, or -1. */
static int prologue(fn_ctx *f)
{
    size_t i = 0;
    if (i < f->n && f->in[i].id == X86_INS_ENDBR64) i++;
    if (i >= f->n || f->in[i].id != X86_INS_PUSH || f->in[i].detail->x86.op_count != 1 ||
        !is_reg(&f->in[i].detail->x86.operands[0], X86_REG_RBP))
        return -1;
    i++;
    if (i >= f->n || f->in[i].id != X86_INS_MOV || f->in[i].detail->x86.op_count != 2 ||
        !is_reg(&f->in[i].detail->x86.operands[0], X86_REG_RBP) ||
        !is_reg(&f->in[i].detail->x86.operands[1], X86_REG_RSP))
        return -1;
    i++;
    while (i < f->n && f->in[i].id == X86_INS_PUSH && f->in[i].detail->x86.op_count == 1 &&
           f->in[i].detail->x86.operands[0].type == X86_OP_REG &&
           callee_saved(f->in[i].detail->x86.operands[0].reg) && f->pushes < 5) {
        f->pushes++;
        i++;
    }
    if (i < f->n && f->in[i].id == X86_INS_SUB && f->in[i].detail->x86.op_count == 2 &&
        is_reg(&f->in[i].detail->x86.operands[0], X86_REG_RSP) &&
        f->in[i].detail->x86.operands[1].type == X86_OP_IMM) {
        int64_t v = f->in[i].detail->x86.operands[1].imm;
        if (v <= 0 || v > MAX_REGION) return -1;
        f->sub = (uint32_t)v;
        i++;
    }
    f->frame = 8 * f->pushes + f->sub;
    return (int)i;
}

/* Instructions that leave a function: `add rsp, imm`, `pop r`, `leave`,
 * in any run that ends in `ret`. */
static bool epilogue_step(const cs_insn *c)
{
    const cs_x86 *x = &c->detail->x86;
    if (c->id == X86_INS_LEAVE) return true;
    if (c->id == X86_INS_POP && x->op_count == 1 && x->operands[0].type == X86_OP_REG) return true;
    return c->id == X86_INS_ADD && x->op_count == 2 && is_reg(&x->operands[0], X86_REG_RSP) &&
           x->operands[1].type == X86_OP_IMM;
}

static bool epilogue_at(const fn_ctx *f, size_t i)
{
    while (i < f->n && epilogue_step(&f->in[i])) i++;
    return i < f->n && f->in[i].id == X86_INS_RET;
}

/* The stores that overwrite their memory operand whole without reading
 * it: `op [frame], reg|imm`.  Anything else that names a frame byte reads
 * it (a write-only instruction outside this list is only less precise). */
static bool plain_store(const cs_insn *c)
{
    const cs_x86 *x = &c->detail->x86;
    if (x->op_count != 2 || x->operands[0].type != X86_OP_MEM) return false;
    switch (c->id) {
    case X86_INS_MOV:
        return x->operands[1].type == X86_OP_REG || x->operands[1].type == X86_OP_IMM;
    case X86_INS_MOVSS:
    case X86_INS_MOVSD:
    case X86_INS_MOVAPS:
    case X86_INS_MOVUPS:
    case X86_INS_MOVAPD:
    case X86_INS_MOVUPD:
    case X86_INS_MOVDQA:
    case X86_INS_MOVDQU:
    case X86_INS_MOVQ:
    case X86_INS_MOVD:
        return x->operands[1].type == X86_OP_REG;
    default:
        return false;
    }
}

/* Instructions whose memory operand Capstone reports smaller than what
 * they access (fxsave, fxrstor: 8 bytes of 512; the xsave and xrstor
 * family: 8 of a size the CPU decides; fnsave, frstor: 4 of 108): their
 * operand is treated as an address taken, every byte from it up live
 * everywhere (tests/cutoffs/live_fxsave.c). */
static bool state_area(unsigned id)
{
    switch (id) {
    case X86_INS_FXSAVE:
    case X86_INS_FXSAVE64:
    case X86_INS_FXRSTOR:
    case X86_INS_FXRSTOR64:
    case X86_INS_XSAVE:
    case X86_INS_XSAVE64:
    case X86_INS_XSAVEC:
    case X86_INS_XSAVEC64:
    case X86_INS_XSAVEOPT:
    case X86_INS_XSAVEOPT64:
    case X86_INS_XSAVES:
    case X86_INS_XSAVES64:
    case X86_INS_XRSTOR:
    case X86_INS_XRSTOR64:
    case X86_INS_XRSTORS:
    case X86_INS_XRSTORS64:
    case X86_INS_FNSAVE:
    case X86_INS_FRSTOR:
        return true;
    default:
        return false;
    }
}

static int cmp_insn_addr(const void *key, const void *elem)
{
    uint64_t a = *(const uint64_t *)key, b = ((const cs_insn *)elem)->address;
    return a < b ? -1 : a > b;
}

/* The index of the instruction at addr, or -1 (the middle of one). */
static int index_of(const fn_ctx *f, uint64_t addr)
{
    const cs_insn *c = bsearch(&addr, f->in, f->n, sizeof *f->in, cmp_insn_addr);
    return c ? (int)(c - f->in) : -1;
}

static void pin_bytes(fn_ctx *f, int32_t lo, int32_t hi)
{
    for (int32_t b = lo < 0 ? 0 : lo; b < hi && b < (int32_t)f->sub; b++)
        f->pin[b / 64] |= 1ull << (b % 64);
}

/* The size of a ThreadSanitizer access hook of this name (__tsan_read4:
 * 4), or 0.  The program's own instruction next to the hook does the
 * access (a `mov` this analysis sees: a volatile local is accessed
 * through such pairs); the runtime only records the bytes during the call
 * (the old value, rv_event.old) and keeps no pointer, so `lea rdi, [frame];
 * call hook` neither reads the frame for the program nor lets its address
 * escape.  What the runtime records of a dead byte is then its zero,
 * alike in every state. */
static unsigned hook_size(const char *name)
{
    static const char *const pre[] = {"__tsan_read", "__tsan_write", "__tsan_unaligned_read",
                                      "__tsan_unaligned_write"};
    for (size_t k = 0; k < sizeof pre / sizeof *pre; k++) {
        size_t l = strlen(pre[k]);
        if (strncmp(name, pre[k], l) != 0) continue;
        const char *n = name + l;
        if (!strcmp(n, "1")) return 1;
        if (!strcmp(n, "2")) return 2;
        if (!strcmp(n, "4")) return 4;
        if (!strcmp(n, "8")) return 8;
        if (!strcmp(n, "16")) return 16;
    }
    return 0;
}

static const char *name_at(const fn_ctx *f, uint64_t addr)
{
    fn_sym key = {.addr = addr};
    const fn_sym *s = bsearch(&key, f->fns, f->nfns, sizeof *f->fns, cmp_fn);
    return s ? s->name : NULL;
}

/* `lea rdi, [frame]` right before a direct call of an access hook: the
 * hook's size, else 0. */
static unsigned lea_for_hook(const fn_ctx *f, const cs_insn *c)
{
    const cs_x86 *x = &c->detail->x86;
    if (c->id != X86_INS_LEA || x->op_count != 2 || !is_reg(&x->operands[0], X86_REG_RDI)) return 0;
    const cs_insn *next = c + 1;
    if (next >= f->in + f->n || !cs_insn_group(f->cs, next, X86_GRP_CALL)) return 0;
    const cs_x86 *y = &next->detail->x86;
    if (y->op_count != 1 || y->operands[0].type != X86_OP_IMM) return 0;
    const char *name = name_at(f, (uint64_t)y->operands[0].imm);
    return name ? hook_size(name) : 0;
}

/* The frame effect of memory operand o of instruction c (i): false if it
 * breaks the rules (the function is left out). */
static bool frame_operand(fn_ctx *f, const cs_insn *c, const cs_x86_op *o, ins *v)
{
    const x86_op_mem *m = &o->mem;
    /* fs:/gs: thread data; any other override is ignored in 64-bit mode
     * (`ds:[rbp - 8]` is a frame byte: tests/cutoffs/live_segment.c) */
    if (m->segment == X86_REG_FS || m->segment == X86_REG_GS) return true;
    if (sp_or_bp(m->index)) return false;
    if (m->base != X86_REG_RBP && m->base != X86_REG_RSP) return !sp_or_bp(m->base);
    /* rbp-relative offset, then region index (0 = rbp - frame) */
    int64_t rel = m->disp - (m->base == X86_REG_RSP ? (int64_t)f->frame : 0);
    int64_t top = -(int64_t)(8 * f->pushes), idx = rel + f->frame;
    unsigned hook = m->base == X86_REG_RBP && m->index == X86_REG_INVALID ? lea_for_hook(f, c) : 0;
    if (hook) return true;
    if (c->id == X86_INS_LEA || m->index != X86_REG_INVALID || state_area(c->id)) {
        /* an address taken: the whole region.  Not only from it up: a
         * pointer may go down inside its object, and the address need
         * not be the object's lowest (-O2 folds `&a[8]`, one past the
         * end of an array below it, into one lea: live_end_ptr.c). */
        if (rel >= 0) return true; /* the caller's area */
        if (idx < 0) return false;
        f->pin_lo = 0;
        return true;
    }
    if (o->size == 0) return false;
    if (rel >= 0) return true; /* arguments in the caller's outgoing area */
    if (idx < 0 || rel + o->size > top) return false;
    int32_t lo = (int32_t)idx, hi = (int32_t)(idx + o->size);
    if (m->base == X86_REG_RSP) { /* outgoing arguments: read by callees */
        pin_bytes(f, lo, hi);
        return true;
    }
    if (plain_store(c) && o == &c->detail->x86.operands[0] && !v->def) {
        v->def = true;
        v->dlo = lo;
        v->dhi = hi;
    } else {
        if (v->nuse == 2) return false;
        v->ulo[v->nuse] = lo;
        v->uhi[v->nuse] = hi;
        v->nuse++;
    }
    return true;
}

/* Registers written by c, implicit ones too: rsp and rbp may change only
 * through calls (which restore them) and returns. */
static bool writes_sp_bp(const fn_ctx *f, const cs_insn *c)
{
    cs_regs rd, wr;
    uint8_t nrd = 0, nwr = 0;
    if (cs_regs_access(f->cs, c, rd, &nrd, wr, &nwr) != CS_ERR_OK) return true;
    for (unsigned k = 0; k < nwr; k++)
        if (sp_or_bp((x86_reg)wr[k])) return true;
    return false;
}

static bool classify(fn_ctx *f, size_t i)
{
    const cs_insn *c = &f->in[i];
    const cs_x86 *x = &c->detail->x86;
    ins *v = &f->v[i];
    v->flow = F_NEXT;
    v->target = -1;
    if (epilogue_at(f, i)) {
        v->flow = F_EXIT;
        return true;
    }
    bool call = cs_insn_group(f->cs, c, X86_GRP_CALL);
    if (!call && writes_sp_bp(f, c)) return false;
    for (unsigned k = 0; k < x->op_count; k++) {
        const cs_x86_op *o = &x->operands[k];
        if (o->type == X86_OP_REG && sp_or_bp(o->reg)) return false;
        if (o->type == X86_OP_MEM && !frame_operand(f, c, o, v)) return false;
    }
    if (call) {
        v->call = true;
        return true;
    }
    if (c->id == X86_INS_UD2 || c->id == X86_INS_HLT) {
        v->flow = F_EXIT;
        return true;
    }
    if (cs_insn_group(f->cs, c, X86_GRP_RET) || cs_insn_group(f->cs, c, X86_GRP_IRET)) {
        v->flow = F_EXIT;
        return true;
    }
    if (cs_insn_group(f->cs, c, X86_GRP_JUMP)) {
        if (x->op_count != 1 || x->operands[0].type != X86_OP_IMM) return false; /* indirect */
        uint64_t t = (uint64_t)x->operands[0].imm;
        uint64_t lo = f->in[0].address, hi = f->in[f->n - 1].address + f->in[f->n - 1].size;
        /* outside: a split function (a cold part) keeps the frame alive */
        if (t < lo || t >= hi) return false;
        int ti = index_of(f, t);
        if (ti < 0) return false; /* into the middle of an instruction */
        v->target = ti;
        v->flow = c->id == X86_INS_JMP ? F_JUMP : F_BRANCH;
        return true;
    }
    return true;
}

static void set_range(uint64_t *s, int32_t lo, int32_t hi)
{
    for (int32_t b = lo; b < hi; b++) s[b / 64] |= 1ull << (b % 64);
}

static void clear_range(uint64_t *s, int32_t lo, int32_t hi)
{
    for (int32_t b = lo; b < hi; b++) s[b / 64] &= ~(1ull << (b % 64));
}

/* live_in of every instruction (n x w words), to a fixed point. */
static uint64_t *solve(const fn_ctx *f, size_t w)
{
    uint64_t *live = rv_xcalloc(f->n * w, sizeof *live), *out = rv_xcalloc(w, sizeof *out);
    for (bool changed = true; changed;) {
        changed = false;
        for (size_t i = f->n; i-- > 0;) {
            const ins *v = &f->v[i];
            memset(out, 0, w * sizeof *out);
            bool next = v->flow == F_NEXT || v->flow == F_BRANCH;
            if (next && i + 1 < f->n)
                for (size_t k = 0; k < w; k++) out[k] |= live[(i + 1) * w + k];
            if ((v->flow == F_JUMP || v->flow == F_BRANCH) && v->target >= 0)
                for (size_t k = 0; k < w; k++) out[k] |= live[(size_t)v->target * w + k];
            if (v->def) clear_range(out, v->dlo, v->dhi);
            for (unsigned u = 0; u < v->nuse; u++) set_range(out, v->ulo[u], v->uhi[u]);
            if (memcmp(out, &live[i * w], w * sizeof *out) != 0) {
                memcpy(&live[i * w], out, w * sizeof *out);
                changed = true;
            }
        }
    }
    free(out);
    return live;
}

static void add_site(table *t, uint64_t ret, uint32_t frame)
{
    if (t->nsites == t->capsites) {
        t->capsites = t->capsites ? 2 * t->capsites : 256;
        t->sites = rv_xrealloc(t->sites, t->capsites * sizeof *t->sites);
    }
    t->sites[t->nsites++] = (rv_live_site){ret, frame, (uint32_t)t->nranges, 0, 0};
}

static void add_range(table *t, int32_t lo, int32_t hi)
{
    if (t->nranges == t->capranges) {
        t->capranges = t->capranges ? 2 * t->capranges : 256;
        t->ranges = rv_xrealloc(t->ranges, t->capranges * sizeof *t->ranges);
    }
    t->ranges[t->nranges++] = (rv_live_range){lo, hi};
    t->sites[t->nsites - 1].n++;
    t->st.dead_bytes += (size_t)(hi - lo);
}

/* The sites of an analysed function: for each call, the bytes of the
 * region that are neither live after it nor pinned. */
static void emit_sites(table *t, const fn_ctx *f, const uint64_t *live, size_t w)
{
    uint64_t *dead = rv_xcalloc(w, sizeof *dead);
    for (size_t i = 0; i < f->n; i++) {
        if (!f->v[i].call) continue;
        add_site(t, f->in[i].address + f->in[i].size, f->frame);
        t->st.sites++;
        for (size_t k = 0; k < w; k++)
            dead[k] = ~(f->pin[k] | (i + 1 < f->n ? live[(i + 1) * w + k] : 0));
        int32_t start = -1;
        for (int32_t b = 0; b <= f->pin_lo; b++) {
            bool d = b < f->pin_lo && (dead[b / 64] >> (b % 64) & 1);
            if (d && start < 0) start = b;
            if (!d && start >= 0) {
                add_range(t, start - (int32_t)f->frame, b - (int32_t)f->frame);
                start = -1;
            }
        }
    }
    free(dead);
}

static void analyse(table *t, csh cs, const fn_sym *fns, size_t nfns, const uint8_t *code,
                    const fn_sym *fn)
{
    fn_ctx f = {.cs = cs, .fns = fns, .nfns = nfns};
    t->st.functions++;
    f.n = cs_disasm(cs, code, fn->size, fn->addr, 0, &f.in);
    if (f.n == 0) return;
    const cs_insn *last = &f.in[f.n - 1];
    int body = prologue(&f);
    bool ok = last->address + last->size == fn->addr + fn->size && body >= 0;
    size_t w = (f.sub + 63) / 64 + 1;
    if (ok) {
        f.v = rv_xcalloc(f.n, sizeof *f.v);
        f.pin = rv_xcalloc(w, sizeof *f.pin);
        f.pin_lo = (int32_t)f.sub;
        for (size_t i = 0; i < (size_t)body; i++) f.v[i].flow = F_NEXT; /* the prologue */
        for (size_t i = (size_t)body; ok && i < f.n; i++)
            if (!(ok = classify(&f, i)) && getenv("RAVEL_LIVE_DEBUG"))
                fprintf(stderr, "ravel: liveness: %s left out at %#llx: %s %s\n", fn->name,
                        (unsigned long long)f.in[i].address, f.in[i].mnemonic, f.in[i].op_str);
    } else if (getenv("RAVEL_LIVE_DEBUG")) {
        fprintf(stderr, "ravel: liveness: %s left out: %s\n", fn->name,
                body < 0 ? "no frame-pointer prologue" : "not all of it decodes");
    }
    if (ok) {
        uint64_t *live = solve(&f, w);
        emit_sites(t, &f, live, w);
        free(live);
        t->st.analysed++;
    }
    free(f.v);
    free(f.pin);
    cs_free(f.in, f.n);
}

/* ------------------------------------------------------------------ */

static int cmp_site(const void *a, const void *b)
{
    const rv_live_site *x = a, *y = b;
    return x->ret < y->ret ? -1 : x->ret > y->ret;
}

static bool write_table(const char *out, const table *t, const rv_live_header *h)
{
    char *tmp = rv_xasprintf("%s.tmp", out);
    FILE *f = fopen(tmp, "wb");
    bool ok =
        f && fwrite(h, sizeof *h, 1, f) == 1 &&
        (t->nsites == 0 || fwrite(t->sites, sizeof *t->sites, t->nsites, f) == t->nsites) &&
        (t->nranges == 0 || fwrite(t->ranges, sizeof *t->ranges, t->nranges, f) == t->nranges);
    if (f && fclose(f) != 0) ok = false;
    if (ok && rename(tmp, out) != 0) ok = false;
    if (!ok) remove(tmp);
    free(tmp);
    return ok;
}

int rv_live_write(const char *binary, const char *end_symbol, const char *out, rv_live_stats *stats,
                  char **why)
{
    rv_elf im;
    if (!rv_elf_read(binary, &im)) {
        *why = rv_xasprintf("cannot read %s as an x86-64 ELF file", binary);
        return -1;
    }
    const Elf64_Shdr *text = rv_elf_section(&im, ".text");
    if (!text || text->sh_type != SHT_PROGBITS) {
        rv_elf_free(&im);
        *why = rv_xasprintf("%s: not an x86-64 ELF program with a .text section", binary);
        return -1;
    }
    csh cs;
    if (rv_x86_decoder(&cs, true, why) != 0) {
        rv_elf_free(&im);
        return -1;
    }
    uint64_t end;
    size_t nfn;
    fn_sym *fns = functions(&im, text, end_symbol, &end, &nfn);
    uint64_t lo = text->sh_addr, hi = text->sh_addr + text->sh_size;
    if (end > lo && end < hi) hi = end;
    table t = {0};
    for (size_t i = 0; i < nfn; i++) {
        if (fns[i].addr >= hi) break;
        if (fns[i].size > hi - fns[i].addr) continue;
        analyse(&t, cs, fns, nfn, im.p + text->sh_offset + (fns[i].addr - text->sh_addr), &fns[i]);
    }
    cs_close(&cs);
    if (t.nsites) qsort(t.sites, t.nsites, sizeof *t.sites, cmp_site); /* NULL when none */
    rv_live_header h = {
        .magic = RV_LIVE_MAGIC,
        .code_lo = lo,
        .code_hi = hi,
        .code_hash = XXH3_64bits(im.p + text->sh_offset, hi - lo),
        .nsites = t.nsites,
        .nranges = t.nranges,
    };
    bool ok = write_table(out, &t, &h);
    if (stats) *stats = t.st;
    free(fns);
    free(t.sites);
    free(t.ranges);
    rv_elf_free(&im);
    if (!ok) {
        *why = rv_xasprintf("cannot write %s", out);
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* The C library functions a program with a table may import.          */

/* Base names of <math.h> functions, each also with an f or l suffix. */
static bool math_fn(const char *x)
{
    static const char *const base[] = {
        "acos",  "acosh",     "asin",      "asinh",      "atan",   "atan2",     "atanh",  "cbrt",
        "ceil",  "copysign",  "cos",       "cosh",       "erf",    "erfc",      "exp",    "exp2",
        "expm1", "fabs",      "fdim",      "floor",      "fma",    "fmax",      "fmin",   "fmod",
        "frexp", "hypot",     "ilogb",     "ldexp",      "lgamma", "lgamma_r",  "llrint", "llround",
        "log",   "log10",     "log1p",     "log2",       "logb",   "lrint",     "lround", "modf",
        "nan",   "nearbyint", "nextafter", "nexttoward", "pow",    "remainder", "remquo", "rint",
        "round", "scalbln",   "scalbn",    "sin",        "sincos", "sinh",      "sqrt",   "tan",
        "tanh",  "tgamma",    "trunc"};
    size_t n = strlen(x);
    for (size_t i = 0; i < sizeof base / sizeof *base; i++) {
        size_t m = strlen(base[i]);
        if (strncmp(x, base[i], m) != 0) continue;
        if (n == m || (n == m + 1 && (x[m] == 'f' || x[m] == 'l'))) return true;
    }
    return false;
}

bool rv_live_import_ok(const char *x)
{
    /* families: string and memory functions (strto* too), wide ones,
     * character classes, scanf's glibc names, the runtime's and the
     * instrumentation's entry points, math classification */
    static const char *const prefixes[] = {
        "str",          "mem",       "wcs",      "wmem",     "is",        "to",
        "__isoc99_",    "__isoc23_", "__ctype_", "__tsan_",  "__ravel_",  "__VERIFIER_",
        "__fpclassify", "__isnan",   "__isinf",  "__finite", "__signbit", "__atomic_"};
    /* clang-format off */
    static const char *const names[] = {
        /* stdio */
        "printf", "fprintf", "sprintf", "snprintf", "dprintf", "asprintf", "vprintf", "vfprintf",
        "vsprintf", "vsnprintf", "vdprintf", "vasprintf", "puts", "fputs", "fputc", "putc",
        "putchar", "fwrite", "fflush", "perror", "fopen", "fdopen", "fclose", "fread", "fgets",
        "fgetc", "getc", "getchar", "ungetc", "feof", "ferror", "clearerr", "rewind", "fseek",
        "ftell", "fileno", "setvbuf", "setbuf", "fmemopen", "getline", "getdelim", "scanf",
        "fscanf", "sscanf", "vscanf", "vfscanf", "vsscanf", "remove", "rename", "tmpfile",
        "__printf_chk", "__fprintf_chk", "__sprintf_chk", "__snprintf_chk", "__vprintf_chk",
        "__vfprintf_chk", "__vsprintf_chk", "__vsnprintf_chk", "__memcpy_chk", "__memmove_chk",
        "__memset_chk", "__strcpy_chk", "__strncpy_chk", "__strcat_chk", "__strncat_chk",
        "__stpcpy_chk", "__fgets_chk", "__fread_chk", "__read_chk",
        "stdin", "stdout", "stderr",
        /* stdlib */
        "malloc", "calloc", "realloc", "reallocarray", "free", "aligned_alloc", "posix_memalign",
        "valloc", "memalign", "malloc_usable_size", "__libc_malloc", "__libc_free", "atoi",
        "atol", "atoll", "atof", "abs", "labs", "llabs", "div", "ldiv", "lldiv", "rand", "srand",
        "rand_r", "random", "srandom", "drand48", "erand48", "lrand48", "nrand48", "mrand48",
        "jrand48", "srand48", "seed48", "qsort", "qsort_r", "bsearch", "getenv", "secure_getenv",
        "setenv", "unsetenv", "exit", "_exit", "_Exit", "abort", "atexit", "at_quick_exit",
        "quick_exit", "ecvt", "fcvt", "gcvt", "mblen", "mbtowc", "wctomb", "mbstowcs", "wcstombs",
        /* assert, errno, stack protector */
        "__assert_fail", "__assert_perror_fail", "__assert", "__errno_location",
        "__stack_chk_fail", "reach_error",
        /* time, sleeping, the process */
        "time", "clock", "clock_gettime", "clock_getres", "gettimeofday", "difftime", "mktime",
        "localtime", "localtime_r", "gmtime", "gmtime_r", "ctime", "ctime_r", "asctime",
        "asctime_r", "nanosleep", "sleep", "usleep", "sched_yield", "getrusage", "times",
        "getpid", "getppid", "getuid", "geteuid", "getgid", "getegid", "sysconf",
        /* files and memory mappings (no stack address in or out) */
        "open", "openat", "creat", "close", "read", "write", "pread", "pwrite", "lseek",
        "unlink", "fsync", "dup", "dup2", "pipe", "mmap", "munmap", "mprotect",
        /* locale, cpu model, gamma's sign */
        "setlocale", "localeconv", "__cpu_model", "__cpu_indicator_init", "signgam",
        "optarg", "optind", "opterr", "optopt", "getopt"};
    /* clang-format on */
    for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++)
        if (!strncmp(x, prefixes[i], strlen(prefixes[i]))) return true;
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (!strcmp(x, names[i])) return true;
    return math_fn(x);
}
