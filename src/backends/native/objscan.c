/*
 * objscan.c — the program's objects scanned for unannounced writes and
 * stack addresses let out (contract and rules: objscan.h).
 *
 * Per executable section: the relocations that apply to it (a call's
 * target is a relocation in a relocatable object), the offsets where
 * control may arrive other than from the instruction before (function
 * starts, direct branch targets, any address a relocation anywhere in
 * the object takes of this section: jump tables, function pointers,
 * computed gotos), and its functions (symbols).  Then one pass over the
 * decoded instructions in address order.
 */
#include "objscan.h"

#include "elfimage.h"

#include "../../core/util.h"

#include <capstone/capstone.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint64_t off;
    uint32_t sym;
    uint32_t type; /* R_X86_64_* */
} reloc;

/* A function (or a stretch of code no function symbol covers). */
typedef struct {
    uint64_t lo, hi;
    const char *name;   /* NULL: no symbol */
    size_t first, last; /* its instructions' indices */
    bool entry;         /* calls __tsan_func_entry */
    bool calls;         /* calls code other than the ThreadSanitizer runtime */
    bool rbp_frame;     /* rbp is its frame pointer (only `mov rbp, rsp` sets it) */
    bool taken_indexed; /* takes a frame address with an index: any slot */
    bool rsp_taken;     /* puts an rsp-derived address in a register: a callee
                           may reach any slot */
    int64_t min_taken;  /* the lowest rbp-relative address it takes (lea) */
} region;

/* s->entry: how control may arrive at an offset other than from the
 * instruction before. */
#define ENTRY_BRANCH  1u /* a direct branch of the section */
#define ENTRY_UNKNOWN 2u /* a function's start, an address a relocation takes */

typedef struct {
    const rv_elf *im;
    csh cs;
    unsigned sec;
    const char *secname;
    reloc *rel; /* applying to this section, by offset */
    size_t nrel;
    uint8_t *entry; /* per byte: control may arrive here from elsewhere */
    uint64_t size;
    region *reg;
    size_t nreg;
    rv_objscan *out;
} scan;

/* ------------------------------------------------------------------ */
/* Registers.                                                          */

static bool is_sp(x86_reg r)
{
    return r == X86_REG_RSP || r == X86_REG_ESP || r == X86_REG_SP || r == X86_REG_SPL;
}

static bool is_bp(x86_reg r)
{
    return r == X86_REG_RBP || r == X86_REG_EBP || r == X86_REG_BP || r == X86_REG_BPL;
}

static bool is_reg(const cs_x86_op *o, x86_reg r)
{
    return o->type == X86_OP_REG && o->reg == r;
}

/* The general register r belongs to, 0-15 (rax ... r15), or -1. */
static int gpr(x86_reg r)
{
    static const x86_reg rows[16][4] = {
        {X86_REG_RAX, X86_REG_EAX, X86_REG_AX, X86_REG_AL},
        {X86_REG_RCX, X86_REG_ECX, X86_REG_CX, X86_REG_CL},
        {X86_REG_RDX, X86_REG_EDX, X86_REG_DX, X86_REG_DL},
        {X86_REG_RBX, X86_REG_EBX, X86_REG_BX, X86_REG_BL},
        {X86_REG_RSP, X86_REG_ESP, X86_REG_SP, X86_REG_SPL},
        {X86_REG_RBP, X86_REG_EBP, X86_REG_BP, X86_REG_BPL},
        {X86_REG_RSI, X86_REG_ESI, X86_REG_SI, X86_REG_SIL},
        {X86_REG_RDI, X86_REG_EDI, X86_REG_DI, X86_REG_DIL},
        {X86_REG_R8, X86_REG_R8D, X86_REG_R8W, X86_REG_R8B},
        {X86_REG_R9, X86_REG_R9D, X86_REG_R9W, X86_REG_R9B},
        {X86_REG_R10, X86_REG_R10D, X86_REG_R10W, X86_REG_R10B},
        {X86_REG_R11, X86_REG_R11D, X86_REG_R11W, X86_REG_R11B},
        {X86_REG_R12, X86_REG_R12D, X86_REG_R12W, X86_REG_R12B},
        {X86_REG_R13, X86_REG_R13D, X86_REG_R13W, X86_REG_R13B},
        {X86_REG_R14, X86_REG_R14D, X86_REG_R14W, X86_REG_R14B},
        {X86_REG_R15, X86_REG_R15D, X86_REG_R15W, X86_REG_R15B},
    };
    for (int i = 0; i < 16; i++)
        for (int k = 0; k < 4; k++)
            if (rows[i][k] == r) return i;
    if (r == X86_REG_AH) return 0;
    if (r == X86_REG_CH) return 1;
    if (r == X86_REG_DH) return 2;
    if (r == X86_REG_BH) return 3;
    return -1;
}

/* ------------------------------------------------------------------ */
/* Instructions.                                                       */

/* Forms whose first (Intel) operand is a memory operand they only read:
 * anything else may write its first operand (the list errs towards
 * "write": an unlisted read-only form only makes a program look
 * uninstrumented). */
static bool reads_first(unsigned id)
{
    switch (id) {
    case X86_INS_CMP:
    case X86_INS_TEST:
    case X86_INS_BT:
    case X86_INS_PUSH:
    case X86_INS_CALL:
    case X86_INS_JMP:
    case X86_INS_LCALL:
    case X86_INS_LJMP:
    case X86_INS_NOP:
    case X86_INS_PREFETCH:
    case X86_INS_PREFETCHNTA:
    case X86_INS_PREFETCHT0:
    case X86_INS_PREFETCHT1:
    case X86_INS_PREFETCHT2:
    case X86_INS_PREFETCHW:
    case X86_INS_CLFLUSH:
    case X86_INS_CLFLUSHOPT:
    case X86_INS_DIV:
    case X86_INS_IDIV:
    case X86_INS_MUL:
    case X86_INS_IMUL:
    case X86_INS_CMPSB:
    case X86_INS_CMPSW:
    case X86_INS_CMPSD:
    case X86_INS_CMPSQ:
    case X86_INS_SCASB:
    case X86_INS_SCASW:
    case X86_INS_SCASD:
    case X86_INS_SCASQ:
    case X86_INS_PTEST:
    case X86_INS_VPTEST:
    case X86_INS_FLD:
    case X86_INS_FILD:
    case X86_INS_FBLD:
    case X86_INS_FLDCW:
    case X86_INS_FLDENV:
    case X86_INS_FRSTOR:
    case X86_INS_FXRSTOR:
    case X86_INS_FXRSTOR64:
    case X86_INS_XRSTOR:
    case X86_INS_XRSTOR64:
    case X86_INS_LDMXCSR:
    case X86_INS_VLDMXCSR:
    case X86_INS_FADD:
    case X86_INS_FIADD:
    case X86_INS_FSUB:
    case X86_INS_FISUB:
    case X86_INS_FSUBR:
    case X86_INS_FISUBR:
    case X86_INS_FMUL:
    case X86_INS_FIMUL:
    case X86_INS_FDIV:
    case X86_INS_FIDIV:
    case X86_INS_FDIVR:
    case X86_INS_FIDIVR:
    case X86_INS_FCOM:
    case X86_INS_FCOMP:
    case X86_INS_FICOM:
    case X86_INS_FICOMP:
        return true;
    default:
        return false;
    }
}

/* Operand k of c may be written. */
static bool may_write(const cs_insn *c, unsigned k)
{
    if (c->id == X86_INS_LEA) return false; /* an address, no access */
    if (k == 0) return !reads_first(c->id);
    return c->id == X86_INS_XCHG;
}

/* Stores whose operand Capstone reports smaller than what they write,
 * or that repeat: no hook's size covers them. */
static bool unbounded_store(const cs_insn *c)
{
    const cs_x86 *x = &c->detail->x86;
    if (x->prefix[0] == X86_PREFIX_REP || x->prefix[0] == X86_PREFIX_REPNE) return true;
    switch (c->id) {
    case X86_INS_FXSAVE:
    case X86_INS_FXSAVE64:
    case X86_INS_XSAVE:
    case X86_INS_XSAVE64:
    case X86_INS_XSAVEC:
    case X86_INS_XSAVEC64:
    case X86_INS_XSAVEOPT:
    case X86_INS_XSAVEOPT64:
    case X86_INS_XSAVES:
    case X86_INS_XSAVES64:
    case X86_INS_FNSAVE:
    case X86_INS_FNSTENV:
        return true;
    default:
        return false;
    }
}

/* Writes memory no operand names, or enters the kernel (which may write
 * any memory). */
static bool hidden_write(const cs_insn *c)
{
    switch (c->id) {
    case X86_INS_SYSCALL:
    case X86_INS_SYSENTER:
    case X86_INS_INT:
    case X86_INS_INT1:
    case X86_INS_INTO:
    case X86_INS_MASKMOVQ:
    case X86_INS_MASKMOVDQU:
    case X86_INS_VMASKMOVDQU:
        return true;
    default:
        return false;
    }
}

/* The size a hook named `name` announces if it is one of the n hooks
 * pre[] (followed by its size, "_pc" allowed): 0 for another name,
 * UINT32_MAX for the range hooks (size in a register). */
static uint32_t hook_size(const char *name, const char *const *pre, size_t n)
{
    for (size_t k = 0; k < n; k++) {
        size_t l = strlen(pre[k]);
        if (strncmp(name, pre[k], l) != 0) continue;
        const char *x = name + l;
        if (!strcmp(x, "_range") || !strcmp(x, "_range_pc")) return UINT32_MAX;
        char *end;
        unsigned long v = strtoul(x, &end, 10);
        if (end != x && (!*end || !strcmp(end, "_pc")) && v >= 1 && v <= 16) return (uint32_t)v;
    }
    return 0;
}

/* The size a ThreadSanitizer hook announces a write of (hook_size). */
static uint32_t write_hook_size(const char *name)
{
    if (!strcmp(name, "__tsan_vptr_update")) return 8; /* a C++ object's vtable pointer */
    static const char *const pre[] = {"__tsan_write",          "__tsan_unaligned_write",
                                      "__tsan_volatile_write", "__tsan_unaligned_volatile_write",
                                      "__tsan_read_write",     "__tsan_unaligned_read_write"};
    return hook_size(name, pre, sizeof pre / sizeof *pre);
}

/* The size a ThreadSanitizer hook announces a read of (hook_size; the
 * read-write hooks announce both).  An atomic operation's hook
 * (__tsan_atomicN_op) counts as one: clang at -O0 leaves a plain load of
 * the atomic object right after the call, whose value it does not use. */
static uint32_t read_hook_size(const char *name)
{
    unsigned bits;
    int used = 0;
    if (!strcmp(name, "__tsan_vptr_read")) return 8;
    if (sscanf(name, "__tsan_atomic%u_%n", &bits, &used) == 1 && used &&
        (bits == 8 || bits == 16 || bits == 32 || bits == 64 || bits == 128))
        return bits / 8;
    static const char *const pre[] = {"__tsan_read",          "__tsan_unaligned_read",
                                      "__tsan_volatile_read", "__tsan_unaligned_volatile_read",
                                      "__tsan_read_write",    "__tsan_unaligned_read_write"};
    return hook_size(name, pre, sizeof pre / sizeof *pre);
}

/* ------------------------------------------------------------------ */
/* Stack addresses let out (objscan.h, question 2).                    */

static bool is_prologue_mov(const cs_insn *c)
{
    const cs_x86 *x = &c->detail->x86;
    return c->id == X86_INS_MOV && x->op_count == 2 && is_reg(&x->operands[0], X86_REG_RBP) &&
           is_reg(&x->operands[1], X86_REG_RSP);
}

/* rbp read as a value, or the saved rbp loaded. */
static bool frame_pointer_out(const cs_insn *c, const cs_insn *next, bool rbp_frame)
{
    const cs_x86 *x = &c->detail->x86;
    /* a prologue's push (another push could be popped into a register) */
    if (c->id == X86_INS_PUSH && next && is_prologue_mov(next)) return false;
    if (c->id == X86_INS_MOV && x->op_count == 2 && is_reg(&x->operands[0], X86_REG_RSP) &&
        is_reg(&x->operands[1], X86_REG_RBP))
        return !rbp_frame; /* an epilogue; a stack switch if rbp is not the frame */
    if (c->id == X86_INS_XOR && x->op_count == 2 && x->operands[0].type == X86_OP_REG &&
        x->operands[1].type == X86_OP_REG && x->operands[0].reg == x->operands[1].reg)
        return false;
    for (unsigned k = 0; k < x->op_count; k++) {
        const cs_x86_op *o = &x->operands[k];
        if (o->type == X86_OP_REG && is_bp(o->reg) && (o->access & CS_AC_READ || !o->access))
            return true;
        if (o->type == X86_OP_MEM && c->id != X86_INS_LEA && o->mem.segment != X86_REG_FS &&
            o->mem.segment != X86_REG_GS && o->mem.base == X86_REG_RBP &&
            o->mem.index == X86_REG_INVALID && o->mem.disp == 0)
            return true;
    }
    return false;
}

/* rsp adjusted by itself: `sub|add|and rsp, imm|reg`. */
static bool sp_arith(const cs_insn *c)
{
    const cs_x86 *x = &c->detail->x86;
    if (c->id != X86_INS_SUB && c->id != X86_INS_ADD && c->id != X86_INS_AND) return false;
    if (x->op_count != 2 || !is_reg(&x->operands[0], X86_REG_RSP)) return false;
    const cs_x86_op *s = &x->operands[1];
    return s->type == X86_OP_IMM || (s->type == X86_OP_REG && !is_sp(s->reg) && !is_bp(s->reg));
}

/* `lea rsp, [rsp|rbp + k]` (rbp only as the frame pointer). */
static bool sp_lea(const cs_insn *c, bool rbp_frame)
{
    const cs_x86 *x = &c->detail->x86;
    if (c->id != X86_INS_LEA || x->op_count != 2 || !is_reg(&x->operands[0], X86_REG_RSP))
        return false;
    const x86_op_mem *m = &x->operands[1].mem;
    return m->index == X86_REG_INVALID &&
           (m->base == X86_REG_RSP || (m->base == X86_REG_RBP && rbp_frame));
}

/* Instructions that change rsp as the stack discipline does. */
static bool sp_discipline(const cs_insn *c)
{
    switch (c->id) {
    case X86_INS_PUSH:
    case X86_INS_POP:
    case X86_INS_PUSHF:
    case X86_INS_PUSHFQ:
    case X86_INS_POPF:
    case X86_INS_POPFQ:
    case X86_INS_CALL:
    case X86_INS_RET:
    case X86_INS_LEAVE:
        return true;
    default:
        return false;
    }
}

static bool writes_sp(csh cs, const cs_insn *c)
{
    cs_regs rd, wr;
    uint8_t nrd = 0, nwr = 0;
    if (cs_regs_access(cs, c, rd, &nrd, wr, &nwr) != CS_ERR_OK) return true;
    for (unsigned k = 0; k < nwr; k++)
        if (is_sp((x86_reg)wr[k])) return true;
    return false;
}

/* rsp read as a value, or written other than by the stack discipline. */
static bool stack_pointer_out(csh cs, const cs_insn *c, bool rbp_frame)
{
    const cs_x86 *x = &c->detail->x86;
    bool allowed = sp_arith(c) || sp_lea(c, rbp_frame) || is_prologue_mov(c) ||
                   (c->id == X86_INS_MOV && x->op_count == 2 &&
                    is_reg(&x->operands[0], X86_REG_RSP) && is_reg(&x->operands[1], X86_REG_RBP));
    if (allowed) return false;
    for (unsigned k = 0; k < x->op_count; k++)
        if (x->operands[k].type == X86_OP_REG && is_sp(x->operands[k].reg)) return true;
    return !sp_discipline(c) && writes_sp(cs, c);
}

/* ------------------------------------------------------------------ */
/* The section.                                                        */

static int cmp_reloc(const void *a, const void *b)
{
    const reloc *x = a, *y = b;
    return x->off < y->off ? -1 : x->off > y->off;
}

static void mark_entry(scan *s, uint64_t off, unsigned how)
{
    if (off < s->size) s->entry[off] |= (uint8_t)how;
}

/* The relocations applying to the section, and every address in it that
 * a relocation in the program's loaded sections takes (a jump table's
 * entries, a function pointer, `&&label`): PC-relative ones point 4
 * bytes past S + A. */
static void relocations(scan *s)
{
    size_t n;
    const Elf64_Shdr *sh = rv_elf_sections(s->im, &n);
    size_t cap = 0;
    for (size_t i = 0; i < n; i++) {
        if (sh[i].sh_type != SHT_RELA || sh[i].sh_entsize != sizeof(Elf64_Rela)) continue;
        /* only what the program holds at run time (not debug information,
         * whose line table takes the address of every statement) */
        if (sh[i].sh_info >= n || !(sh[sh[i].sh_info].sh_flags & SHF_ALLOC)) continue;
        const Elf64_Rela *r = (const Elf64_Rela *)(s->im->p + sh[i].sh_offset);
        size_t nr = sh[i].sh_size / sizeof *r;
        for (size_t k = 0; k < nr; k++) {
            uint32_t sym = (uint32_t)ELF64_R_SYM(r[k].r_info);
            if (sym >= s->im->nsym) continue;
            const Elf64_Sym *y = &s->im->sym[sym];
            if (y->st_shndx == s->sec) {
                mark_entry(s, y->st_value + (uint64_t)r[k].r_addend, ENTRY_UNKNOWN);
                mark_entry(s, y->st_value + (uint64_t)r[k].r_addend + 4, ENTRY_UNKNOWN);
            }
            if (sh[i].sh_info != s->sec) continue;
            if (s->nrel == cap)
                s->rel = rv_xrealloc(s->rel, (cap = cap ? 2 * cap : 64) * sizeof *s->rel);
            s->rel[s->nrel++] = (reloc){r[k].r_offset, sym, (uint32_t)ELF64_R_TYPE(r[k].r_info)};
        }
    }
    if (s->nrel) qsort(s->rel, s->nrel, sizeof *s->rel, cmp_reloc);
}

/* The name of the symbol a relocation inside c refers to: "" for a
 * section symbol or none (code of this object), NULL for no relocation. */
static const char *reloc_target(const scan *s, const cs_insn *c)
{
    size_t lo = 0, hi = s->nrel;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (s->rel[mid].off <= c->address)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == s->nrel || s->rel[lo].off >= c->address + c->size) return NULL;
    const Elf64_Sym *y = &s->im->sym[s->rel[lo].sym];
    if (ELF64_ST_TYPE(y->st_info) == STT_SECTION) return "";
    return rv_elf_sym_name(s->im, y);
}

/* The relocation whose field starts at byte `at` of c, or NULL. */
static const reloc *reloc_in(const scan *s, const cs_insn *c, unsigned at)
{
    if (!at) return NULL;
    size_t lo = 0, hi = s->nrel;
    uint64_t want = c->address + at;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (s->rel[mid].off < want)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < s->nrel && s->rel[lo].off == want ? &s->rel[lo] : NULL;
}

/* The relocation r names memory nobody writes while the program runs: a
 * GOT slot, or a symbol defined in a section of this object that is not
 * writable (.rodata, constants, jump tables, string literals) or is
 * relocation-read-only (.data.rel.ro). */
static bool read_only_target(const scan *s, const reloc *r)
{
    if (!r) return false;
    if (r->type == R_X86_64_GOTPCREL || r->type == R_X86_64_GOTPCRELX ||
        r->type == R_X86_64_REX_GOTPCRELX || r->type == R_X86_64_GOTTPOFF)
        return true;
    const Elf64_Sym *y = &s->im->sym[r->sym];
    size_t n;
    const Elf64_Shdr *sh = rv_elf_sections(s->im, &n);
    if (y->st_shndx == SHN_UNDEF || y->st_shndx >= SHN_LORESERVE || y->st_shndx >= n) return false;
    /* const data holding addresses (a table of labels for a computed
     * goto) is written by the dynamic loader only, before main */
    const char *name = rv_elf_section_name(s->im, &sh[y->st_shndx]);
    return !(sh[y->st_shndx].sh_flags & SHF_WRITE) || (name && !strncmp(name, ".data.rel.ro", 12));
}

/* c's memory operand m addresses read-only memory by its relocated
 * displacement (rip-relative, or absolute plus an index: a jump table). */
static bool read_only_disp(const scan *s, const cs_insn *c, const x86_op_mem *m)
{
    if (m->index != X86_REG_INVALID && m->base == X86_REG_RIP) return false;
    return read_only_target(s, reloc_in(s, c, c->detail->x86.encoding.disp_offset));
}

static int cmp_region(const void *a, const void *b)
{
    const region *x = a, *y = b;
    return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* The section cut into its functions, by address, the gaps between them
 * regions of their own. */
static void regions(scan *s)
{
    size_t n = 0;
    region *f = rv_xcalloc(s->im->nsym + 1, sizeof *f);
    for (size_t i = 0; i < s->im->nsym; i++) {
        const Elf64_Sym *y = &s->im->sym[i];
        if (y->st_shndx != s->sec || ELF64_ST_TYPE(y->st_info) != STT_FUNC || !y->st_size ||
            y->st_value >= s->size)
            continue;
        uint64_t hi = y->st_size > s->size - y->st_value ? s->size : y->st_value + y->st_size;
        f[n++] = (region){.lo = y->st_value, .hi = hi, .name = rv_elf_sym_name(s->im, y)};
    }
    qsort(f, n, sizeof *f, cmp_region);
    s->reg = rv_xcalloc(2 * n + 1, sizeof *s->reg);
    uint64_t at = 0;
    for (size_t i = 0; i < n; i++) {
        if (f[i].lo < at) continue; /* an alias, or overlapping */
        if (f[i].lo > at) s->reg[s->nreg++] = (region){.lo = at, .hi = f[i].lo};
        s->reg[s->nreg++] = f[i];
        at = f[i].hi;
    }
    if (at < s->size) s->reg[s->nreg++] = (region){.lo = at, .hi = s->size};
    for (size_t i = 0; i < s->nreg; i++) mark_entry(s, s->reg[i].lo, ENTRY_UNKNOWN);
    free(f);
}

static void where(const scan *s, const region *r, const cs_insn *c, const char *what, char **out)
{
    if (*out) return;
    if (r && r->name)
        *out = rv_xasprintf("%s+%#llx: %s %s (%s)", r->name,
                            (unsigned long long)(c->address - r->lo), c->mnemonic, c->op_str, what);
    else
        *out = rv_xasprintf("%s+%#llx: %s %s (%s)", s->secname, (unsigned long long)c->address,
                            c->mnemonic, c->op_str, what);
}

/* Writes of rbp other than by the frame's set-up and tear-down. */
static bool writes_bp_otherwise(csh cs, const cs_insn *c)
{
    if (is_prologue_mov(c) || c->id == X86_INS_LEAVE || c->id == X86_INS_CALL) return false;
    const cs_x86 *x = &c->detail->x86;
    if (c->id == X86_INS_POP && x->op_count == 1 && is_reg(&x->operands[0], X86_REG_RBP))
        return false;
    cs_regs rd, wr;
    uint8_t nrd = 0, nwr = 0;
    if (cs_regs_access(cs, c, rd, &nrd, wr, &nwr) != CS_ERR_OK) return true;
    for (unsigned k = 0; k < nwr; k++)
        if (is_bp((x86_reg)wr[k])) return true;
    return false;
}

/* c puts an address of the stack computed from rsp into a general
 * register (rsp itself or rsp plus an offset); pushes, calls and rsp
 * arithmetic do not. */
static bool takes_rsp(const cs_insn *c)
{
    const cs_x86 *x = &c->detail->x86;
    if (x->op_count != 2 || x->operands[0].type != X86_OP_REG) return false;
    const cs_x86_op *src = &x->operands[1];
    if (is_sp(x->operands[0].reg)) return false;
    if (c->id == X86_INS_LEA) return is_sp(src->mem.base) || is_sp(src->mem.index);
    return c->id == X86_INS_MOV && src->type == X86_OP_REG && is_sp(src->reg) &&
           !is_bp(x->operands[0].reg);
}

/* What one instruction tells about its region as a whole. */
static void summarise_one(scan *s, region *g, const cs_insn *c, bool *sets, bool *other)
{
    const cs_x86 *x = &c->detail->x86;
    if (is_prologue_mov(c)) *sets = true;
    if (writes_bp_otherwise(s->cs, c)) *other = true;
    if (c->id == X86_INS_LEA && x->op_count == 2 && x->operands[1].mem.base == X86_REG_RBP) {
        if (x->operands[1].mem.index != X86_REG_INVALID) g->taken_indexed = true;
        if (x->operands[1].mem.disp < g->min_taken) g->min_taken = x->operands[1].mem.disp;
    }
    /* a frame address taken relative to rsp (`lea r, [rsp + k]`, `mov r,
     * rsp`: a VLA, alloca, an object of code with a frame pointer but
     * rsp-relative locals) may name any slot, and min_taken counts only
     * rbp-relative ones: a callee may reach every slot (transfer) */
    if (takes_rsp(c)) g->rsp_taken = true;
    if (!cs_insn_group(s->cs, c, X86_GRP_CALL)) return;
    const char *t = reloc_target(s, c);
    if (t && !strcmp(t, "__tsan_func_entry"))
        g->entry = true;
    else if (!t || strncmp(t, "__tsan_", 7) != 0)
        g->calls = true;
}

/* Each region's instructions [first, last) and what they do as a whole:
 * calls, hooks, frame addresses taken, whether rbp is its frame pointer. */
static void summarise(scan *s, const cs_insn *in, size_t n)
{
    size_t i = 0;
    for (size_t r = 0; r < s->nreg; r++) {
        region *g = &s->reg[r];
        g->min_taken = INT64_MAX;
        bool sets = false, other = false;
        g->first = i;
        for (; i < n && in[i].address < g->hi; i++) summarise_one(s, g, &in[i], &sets, &other);
        g->last = i;
        g->rbp_frame = sets && !other;
    }
}

/* ------------------------------------------------------------------ */
/* Stack addresses in registers and frame slots: a forward must-analysis
 * over each region's control flow (meet: intersection), so that a store
 * through a pointer to the program's own frame (a local struct's field
 * initialised after a branch, va_arg's update of a va_list, a VLA)
 * counts as a stack store.  -O0 code spills every such pointer to a
 * frame slot and reloads it in a later block.                          */

/* rbx, r12-r15: kept across calls (rbp and rsp are judged apart). */
#define CALLEE_SAVED ((uint16_t)(1u << 3 | 1u << 12 | 1u << 13 | 1u << 14 | 1u << 15))
#define MAX_SLOTS    16

typedef struct {
    bool top;      /* not reached yet */
    uint16_t regs; /* general registers holding a stack address */
    uint8_t n;
    int32_t slot[MAX_SLOTS]; /* rbp-relative 8-byte slots holding one */
} facts;

static bool has_slot(const facts *f, int64_t k)
{
    for (unsigned i = 0; i < f->n; i++)
        if (f->slot[i] == k) return true;
    return false;
}

/* Forget the slots that [lo, hi) overlaps. */
static void drop_slots(facts *f, int64_t lo, int64_t hi)
{
    unsigned k = 0;
    for (unsigned i = 0; i < f->n; i++)
        if (f->slot[i] >= hi || f->slot[i] + 8 <= lo) f->slot[k++] = f->slot[i];
    f->n = (uint8_t)k;
}

/* Forget the slots that code outside this function's direct frame
 * stores could write: those at or above the lowest frame address the
 * function takes (the objects whose address escaped, and above), every
 * slot when it takes one with an index.  A slot below them holds a
 * compiler temporary whose address no code has. */
static void drop_escaped(facts *f, const region *g)
{
    int64_t below = g->taken_indexed ? INT64_MIN : g->min_taken;
    unsigned k = 0;
    for (unsigned i = 0; i < f->n; i++)
        if (f->slot[i] + 8 <= below) f->slot[k++] = f->slot[i];
    f->n = (uint8_t)k;
}

static void meet(facts *into, const facts *from)
{
    if (from->top) return;
    if (into->top) {
        *into = *from;
        return;
    }
    into->regs &= from->regs;
    unsigned k = 0;
    for (unsigned i = 0; i < into->n; i++)
        if (has_slot(from, into->slot[i])) into->slot[k++] = into->slot[i];
    into->n = (uint8_t)k;
}

static bool same(const facts *a, const facts *b)
{
    if (a->top != b->top || a->regs != b->regs || a->n != b->n) return false;
    for (unsigned i = 0; i < a->n; i++)
        if (!has_slot(b, a->slot[i])) return false;
    return true;
}

/* The memory operand's base holds a stack address: rsp, the frame
 * pointer, or a register the facts name. */
static bool stack_base(const facts *f, const region *g, const x86_op_mem *m)
{
    if (m->segment == X86_REG_FS || m->segment == X86_REG_GS) return false;
    if (m->base == X86_REG_RSP) return true;
    if (m->base == X86_REG_RBP) return g->rbp_frame;
    int r = gpr(m->base);
    return r >= 0 && (f->regs >> r & 1);
}

static bool rbp_slot(const region *g, const cs_x86_op *o)
{
    return o->type == X86_OP_MEM && g->rbp_frame && o->mem.base == X86_REG_RBP &&
           o->mem.index == X86_REG_INVALID && o->mem.segment == X86_REG_INVALID;
}

/* The register c writes with a stack address (mov from rsp, the frame
 * pointer, a register or slot holding one; lea of a stack operand;
 * pointer arithmetic on one), or -1. */
static int stack_result(const facts *f, const region *g, const cs_insn *c)
{
    const cs_x86 *x = &c->detail->x86;
    if (x->op_count != 2 || x->operands[0].type != X86_OP_REG || x->operands[0].size != 8)
        return -1;
    int d = gpr(x->operands[0].reg);
    const cs_x86_op *src = &x->operands[1];
    if (d < 0 || d == 4 || d == 5) return -1; /* rsp and rbp are judged apart */
    switch (c->id) {
    case X86_INS_MOV:
        if (src->type == X86_OP_REG) {
            int r = gpr(src->reg);
            return src->reg == X86_REG_RSP || (src->reg == X86_REG_RBP && g->rbp_frame) ||
                           (r >= 0 && src->size == 8 && (f->regs >> r & 1))
                       ? d
                       : -1;
        }
        return rbp_slot(g, src) && src->size == 8 && has_slot(f, src->mem.disp) ? d : -1;
    case X86_INS_LEA:
        return stack_base(f, g, &src->mem) ? d : -1;
    case X86_INS_ADD:
    case X86_INS_SUB:
        /* an index added to a stack address stays in its object */
        return (f->regs >> d & 1) && (src->type == X86_OP_IMM || src->type == X86_OP_REG) ? d : -1;
    default:
        return -1;
    }
}

/* The facts after c. */
static void transfer(const scan *s, const region *g, const cs_insn *c, facts *f)
{
    const cs_x86 *x = &c->detail->x86;
    if (cs_insn_group(s->cs, c, X86_GRP_CALL)) {
        f->regs &= CALLEE_SAVED;
        /* a callee may write a slot whose address escaped (a `lea` of
         * it), and no other: a compiler temporary below every address the
         * function takes has no address any code holds (unless an
         * rsp-derived address was taken: rsp_taken).  Whether the
         * function's plain accesses are hooked does not matter here (its
         * own stores through pointers drop the escaped slots below, and
         * check_stores judges them); a function whose only hooks are
         * atomic ones (a CAS whose `expected` is spilled and reloaded,
         * tests/cutoffs/cas_expected.c) keeps its spill slots. */
        if (g->rsp_taken)
            f->n = 0;
        else
            drop_escaped(f, g);
        return;
    }
    int set = stack_result(f, g, c);
    for (unsigned k = 0; k < x->op_count; k++) {
        const cs_x86_op *o = &x->operands[k];
        if (o->type != X86_OP_MEM || !may_write(c, k)) continue;
        if (rbp_slot(g, o) && !unbounded_store(c) && o->size)
            drop_slots(f, o->mem.disp, o->mem.disp + o->size);
        else
            drop_escaped(f, g); /* through a pointer */
    }
    if (c->id == X86_INS_MOV && x->op_count == 2 && rbp_slot(g, &x->operands[0]) &&
        x->operands[0].size == 8 && x->operands[1].type == X86_OP_REG && f->n < MAX_SLOTS) {
        int r = gpr(x->operands[1].reg);
        bool stack = x->operands[1].reg == X86_REG_RSP ||
                     (x->operands[1].reg == X86_REG_RBP && g->rbp_frame) ||
                     (r >= 0 && x->operands[1].size == 8 && (f->regs >> r & 1));
        if (stack) f->slot[f->n++] = (int32_t)x->operands[0].mem.disp;
    }
    cs_regs rd, wr;
    uint8_t nrd = 0, nwr = 0;
    if (cs_regs_access(s->cs, c, rd, &nrd, wr, &nwr) != CS_ERR_OK) {
        f->regs = 0;
        f->n = 0;
        return;
    }
    for (unsigned k = 0; k < nwr; k++) {
        int r = gpr((x86_reg)wr[k]);
        if (r >= 0) f->regs &= (uint16_t) ~(1u << r);
    }
    if (set >= 0) f->regs |= (uint16_t)(1u << set);
}

/* Control leaves c only by a jump or a return. */
static bool falls_through(const scan *s, const cs_insn *c)
{
    if (c->id == X86_INS_JMP || c->id == X86_INS_LJMP || c->id == X86_INS_UD2 ||
        c->id == X86_INS_HLT)
        return false;
    return !cs_insn_group(s->cs, c, X86_GRP_RET) && !cs_insn_group(s->cs, c, X86_GRP_IRET);
}

/* The index in [g->first, g->last) of the instruction at off, or -1. */
static long index_at(const cs_insn *in, const region *g, uint64_t off)
{
    size_t lo = g->first, hi = g->last;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (in[mid].address < off)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < g->last && in[lo].address == off ? (long)lo : -1;
}

/* The direct branch target of c inside its region, or -1. */
static long jump_target(const scan *s, const cs_insn *in, const region *g, const cs_insn *c)
{
    if (!cs_insn_group(s->cs, c, X86_GRP_JUMP)) return -1;
    const cs_x86 *x = &c->detail->x86;
    if (x->op_count != 1 || x->operands[0].type != X86_OP_IMM || reloc_target(s, c)) return -1;
    return index_at(in, g, (uint64_t)x->operands[0].imm);
}

/* An indirect jump (a jump table, a computed goto): it may reach any
 * instruction of its function (a case label may lie inside straight-line
 * code: C's fall-through), and the tables' PC-relative entries do not
 * give their targets without the table's address. */
static bool indirect_jump(const scan *s, const cs_insn *c)
{
    if (!cs_insn_group(s->cs, c, X86_GRP_JUMP)) return false;
    const cs_x86 *x = &c->detail->x86;
    return !(x->op_count == 1 && x->operands[0].type == X86_OP_IMM);
}

/* Meet out into the facts before instruction j; true if they changed. */
static bool flow_into(facts *at, size_t j, const facts *out)
{
    facts old = at[j];
    meet(&at[j], out);
    return !same(&at[j], &old);
}

/* The facts before each instruction of region g (at[i - g->first]). */
static facts *solve(const scan *s, const cs_insn *in, const region *g)
{
    size_t n = g->last - g->first;
    facts *at = rv_xcalloc(n ? n : 1, sizeof *at);
    uint8_t *local = rv_xcalloc(n ? n : 1, 1); /* a direct jump of g lands here */
    for (size_t i = 0; i < n; i++) {
        long t = jump_target(s, in, g, &in[g->first + i]);
        if (t >= 0) local[(size_t)t - g->first] = 1;
    }
    for (size_t i = 0; i < n; i++) {
        unsigned e = s->entry[in[g->first + i].address];
        at[i].top = true;
        /* control may arrive from code not analysed here: nothing known */
        if (i == 0 || e & ENTRY_UNKNOWN || (e & ENTRY_BRANCH && !local[i])) at[i] = (facts){0};
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (size_t i = 0; i < n; i++) {
            if (at[i].top) continue;
            const cs_insn *c = &in[g->first + i];
            facts out = at[i];
            transfer(s, g, c, &out);
            if (falls_through(s, c) && i + 1 < n) changed |= flow_into(at, i + 1, &out);
            long t = jump_target(s, in, g, c);
            if (t >= 0) changed |= flow_into(at, (size_t)t - g->first, &out);
            if (indirect_jump(s, c))
                for (size_t j = 0; j < n; j++) changed |= flow_into(at, j, &out);
        }
    }
    free(local);
    return at;
}

/* ------------------------------------------------------------------ */
/* The walk.                                                           */

/* The stores of c outside the stack, each against the write hook called
 * before it in the same straight-line code (*hook: bytes it announced
 * and no store wrote yet). */
static void check_stores(scan *s, const region *g, const facts *f, const cs_insn *c, uint32_t *hook)
{
    const cs_x86 *x = &c->detail->x86;
    for (unsigned k = 0; k < x->op_count; k++) {
        const cs_x86_op *o = &x->operands[k];
        if (o->type != X86_OP_MEM || !may_write(c, k) || stack_base(f, g, &o->mem)) continue;
        if (!unbounded_store(c) && o->size && *hook >= o->size) {
            if (*hook != UINT32_MAX) *hook -= o->size;
            continue;
        }
        where(s, g, c, "a store no ThreadSanitizer hook announces", &s->out->unhooked);
        where(s, g, c, "a store no ThreadSanitizer hook announces", &s->out->unexplored);
    }
}

/* Instructions with a memory operand that access no memory. */
static bool no_access(unsigned id)
{
    switch (id) {
    case X86_INS_LEA:
    case X86_INS_NOP:
    case X86_INS_PREFETCH:
    case X86_INS_PREFETCHNTA:
    case X86_INS_PREFETCHT0:
    case X86_INS_PREFETCHT1:
    case X86_INS_PREFETCHT2:
    case X86_INS_PREFETCHW:
        return true;
    default:
        return false;
    }
}

/* The loads of c (memory operands it only reads; one it may write is a
 * store: check_stores) that may reach memory another thread can write,
 * each against the read hook called before it in the same straight-line
 * code (*hook, as for stores).  Not shared: the thread's stack, its
 * thread control block or TLS (fs/gs-relative: the stack protector's
 * canary, a thread_local), memory a relocation names read-only
 * (constants, string literals, GOT slots, a TLS offset's), a jump table
 * through a register that a `lea` of read-only memory set (ro: such
 * registers). */
static void check_loads(scan *s, const region *g, const facts *f, const cs_insn *c, uint32_t *hook,
                        uint16_t ro)
{
    const cs_x86 *x = &c->detail->x86;
    if (no_access(c->id)) return;
    for (unsigned k = 0; k < x->op_count; k++) {
        const cs_x86_op *o = &x->operands[k];
        if (o->type != X86_OP_MEM || may_write(c, k) || stack_base(f, g, &o->mem)) continue;
        const x86_op_mem *m = &o->mem;
        if (m->segment == X86_REG_FS || m->segment == X86_REG_GS) continue;
        if (read_only_disp(s, c, m)) continue;
        int b = gpr(m->base);
        if (b >= 0 && (ro >> b & 1)) continue;
        if (o->size && *hook >= o->size) {
            if (*hook != UINT32_MAX) *hook -= o->size;
            continue;
        }
        where(s, g, c, "a load no ThreadSanitizer hook announces", &s->out->unexplored);
    }
}

/* The registers holding an address of read-only memory after c (ro
 * before it): set by a `lea` or `mov` of a relocated read-only address,
 * cleared by any other write of the register. */
static uint16_t read_only_regs(const scan *s, const cs_insn *c, uint16_t ro)
{
    const cs_x86 *x = &c->detail->x86;
    cs_regs rd, wr;
    uint8_t nrd = 0, nwr = 0;
    if (cs_regs_access(s->cs, c, rd, &nrd, wr, &nwr) != CS_ERR_OK) return 0;
    for (unsigned k = 0; k < nwr; k++) {
        int r = gpr((x86_reg)wr[k]);
        if (r >= 0) ro &= (uint16_t) ~(1u << r);
    }
    if (x->op_count != 2 || x->operands[0].type != X86_OP_REG || x->operands[0].size != 8)
        return ro;
    int d = gpr(x->operands[0].reg);
    const cs_x86_op *src = &x->operands[1];
    bool set = (c->id == X86_INS_LEA && src->mem.base == X86_REG_RIP &&
                src->mem.index == X86_REG_INVALID && read_only_disp(s, c, &src->mem)) ||
               (c->id == X86_INS_MOV && src->type == X86_OP_IMM &&
                read_only_target(s, reloc_in(s, c, x->encoding.imm_offset)));
    if (d >= 0 && set) ro |= (uint16_t)(1u << d);
    return ro;
}

/* The register c loads a C++ object's vtable pointer into, as a bit for
 * the read-only set, when c consumed __tsan_vptr_read's 8 bytes: `mov r64,
 * qword [base + disp]` (no index), the load clang emits right after the
 * hook.  The register then holds the address of a vtable, which lives in
 * .data.rel.ro and no thread writes while the program runs (libstdc++'s
 * slots are patched before the program's constructors: unmodelled.c), so
 * the loads through it, the virtual call's slot (and dynamic_cast's
 * offset-to-top and type_info), are no shared accesses: every virtual
 * call in a thread was taken for an unexplored load (exit 3,
 * tests/cxx cxx_virtual_thread.cpp).  0 for any other instruction. */
static uint16_t vtable_reg(const cs_insn *c)
{
    const cs_x86 *x = &c->detail->x86;
    if (c->id != X86_INS_MOV || x->op_count != 2 || x->operands[0].type != X86_OP_REG ||
        x->operands[0].size != 8 || x->operands[1].type != X86_OP_MEM || x->operands[1].size != 8 ||
        x->operands[1].mem.index != X86_REG_INVALID ||
        x->operands[1].mem.segment != X86_REG_INVALID)
        return 0;
    int d = gpr(x->operands[0].reg);
    return d >= 0 ? (uint16_t)(1u << d) : 0;
}

static void walk_region(scan *s, const cs_insn *in, const region *g)
{
    facts *at = solve(s, in, g);
    uint32_t hook = 0, rhook = 0; /* bytes the last write and read hooks announced */
    uint16_t ro = 0;              /* registers holding a read-only address */
    bool vptr = false;            /* rhook is __tsan_vptr_read's */
    bool after_jcc = false;       /* c follows a conditional jump */
    for (size_t i = g->first; i < g->last; i++) {
        const cs_insn *c = &in[i];
        const facts *f = &at[i - g->first];
        /* a direct branch target, a function's start (the addresses that
         * relocations take are not exact: a PC-relative jump table's
         * entry is relative to the table) */
        if (s->entry[c->address] & ENTRY_BRANCH || i == g->first ||
            (after_jcc && s->entry[c->address])) {
            hook = rhook = ro = 0;
            vptr = false;
        }
        after_jcc = false;
        const cs_insn *next = i + 1 < g->last ? &in[i + 1] : NULL;
        if (frame_pointer_out(c, next, g->rbp_frame) || stack_pointer_out(s->cs, c, g->rbp_frame))
            where(s, g, c, "a stack address as a value", &s->out->stack_out);
        if (hidden_write(c)) {
            where(s, g, c, "memory written by no operand", &s->out->unhooked);
            where(s, g, c, "memory written by no operand", &s->out->unexplored);
        }
        if (cs_insn_group(s->cs, c, X86_GRP_CALL)) {
            /* (a gcc `f.cold` part runs in f's frame: f has the hook) */
            if (g->calls && !g->entry && !(g->name && strstr(g->name, ".cold")))
                where(s, g, c, "a call from a function without __tsan_func_entry",
                      &s->out->unhooked);
            const char *t = reloc_target(s, c);
            hook = t ? write_hook_size(t) : 0;
            /* a read-modify-write: its read hook, then its write hook */
            if (t && read_hook_size(t))
                rhook = read_hook_size(t);
            else if (!hook)
                rhook = 0;
            vptr = t && !strcmp(t, "__tsan_vptr_read");
            ro = 0;
            continue;
        }
        /* unreached code (top) is still checked, with nothing known */
        facts none = {0};
        check_stores(s, g, f->top ? &none : f, c, &hook);
        uint32_t rhook0 = rhook;
        check_loads(s, g, f->top ? &none : f, c, &rhook, ro);
        ro = read_only_regs(s, c, ro);
        if (vptr && rhook0 == 8 && !rhook) {
            ro |= vtable_reg(c);
            vptr = false;
        }
        /* a conditional jump's fall-through keeps what the hooks before
         * it announced (-O2 tests a field between its hook and its load);
         * an instruction control may also reach otherwise does not */
        if (!falls_through(s, c)) {
            hook = rhook = ro = 0;
            vptr = false;
        } else if (cs_insn_group(s->cs, c, X86_GRP_JUMP)) {
            after_jcc = true;
        }
    }
    free(at);
}

/* Direct branch targets inside the section (a branch with a relocation
 * leaves it, or goes to a symbol: a region's start). */
static void branch_targets(scan *s, const cs_insn *in, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const cs_insn *c = &in[i];
        if (!cs_insn_group(s->cs, c, X86_GRP_JUMP) && !cs_insn_group(s->cs, c, X86_GRP_CALL))
            continue;
        const cs_x86 *x = &c->detail->x86;
        if (x->op_count == 1 && x->operands[0].type == X86_OP_IMM && !reloc_target(s, c))
            mark_entry(s, (uint64_t)x->operands[0].imm, ENTRY_BRANCH);
    }
}

static void scan_section(scan *s, const uint8_t *code)
{
    cs_insn *in = NULL;
    size_t n = cs_disasm(s->cs, code, s->size, 0, 0, &in);
    uint64_t end = n ? in[n - 1].address + in[n - 1].size : 0;
    relocations(s);
    regions(s);
    branch_targets(s, in, n);
    summarise(s, in, n);
    for (size_t r = 0; r < s->nreg; r++) walk_region(s, in, &s->reg[r]);
    if (end < s->size) {
        char *at =
            rv_xasprintf("%s+%#llx: bytes that do not decode", s->secname, (unsigned long long)end);
        if (!s->out->unhooked) s->out->unhooked = rv_xstrdup(at);
        if (!s->out->unexplored) s->out->unexplored = rv_xstrdup(at);
        if (!s->out->stack_out) s->out->stack_out = rv_xstrdup(at);
        free(at);
    }
    if (n) cs_free(in, n);
}

int rv_objscan_file(const char *obj, rv_objscan *out, char **why)
{
    memset(out, 0, sizeof *out);
    rv_elf im;
    if (!rv_elf_read(obj, &im) || ((const Elf64_Ehdr *)im.p)->e_type != ET_REL) {
        rv_elf_free(&im);
        *why = rv_xasprintf("%s is not an x86-64 relocatable ELF object", obj);
        return -1;
    }
    csh cs;
    if (rv_x86_decoder(&cs, true, why) != 0) {
        rv_elf_free(&im);
        return -1;
    }
    size_t nsec;
    const Elf64_Shdr *sh = rv_elf_sections(&im, &nsec);
    for (size_t i = 0; i < nsec; i++) {
        if (!(sh[i].sh_flags & SHF_EXECINSTR) || sh[i].sh_type != SHT_PROGBITS || !sh[i].sh_size)
            continue;
        scan s = {.im = &im, .cs = cs, .sec = (unsigned)i, .size = sh[i].sh_size, .out = out};
        s.secname = rv_elf_section_name(&im, &sh[i]);
        s.entry = rv_xcalloc(s.size, 1);
        scan_section(&s, im.p + sh[i].sh_offset);
        free(s.entry);
        free(s.rel);
        free(s.reg);
    }
    cs_close(&cs);
    rv_elf_free(&im);
    return 0;
}

void rv_objscan_free(rv_objscan *s)
{
    free(s->unhooked);
    free(s->stack_out);
    free(s->unexplored);
    memset(s, 0, sizeof *s);
}

const char *rv_asm_marker(const char *text)
{
    static const char file_scope[] = "Start of file scope inline assembly";
    for (const char *line = text; line && *line;) {
        const char *p = line + strspn(line, " \t");
        const char *eol = strchr(p, '\n');
        size_t n = eol ? (size_t)(eol - p) : strlen(p);
        if (n >= 4 && !strncmp(p, "#APP", 4) && (n == 4 || strchr(" \t\r", p[4]))) return line;
        if (*p == '#' && memmem(p, n, file_scope, sizeof file_scope - 1)) return line;
        line = eol ? eol + 1 : NULL;
    }
    return NULL;
}

/* True when the asm template t (n bytes of LLVM IR string text, escapes
 * such as \0A undone here) holds only lines that emit no instruction that
 * could write memory, enter the kernel, read a value that differs between
 * runs or jump: blank lines and the instructions spin loops and barriers
 * are written with.  Under sequential consistency, what ravel checks, a
 * fence changes nothing. */
static bool asm_template_inert(const char *t, size_t n)
{
    static const char *const inert[] = {"pause",   "nop",    "rep nop", "rep; nop",
                                        "rep;nop", "mfence", "lfence",  "sfence"};
    char line[32];
    size_t len = 0;
    for (size_t i = 0; i <= n; i++) {
        bool nl = i == n || (t[i] == '\\' && i + 2 < n && !strncmp(t + i + 1, "0A", 2));
        if (!nl) {
            if (t[i] == '\\') return false; /* any other escape: not one of ours */
            if (len == sizeof line - 1) return false;
            line[len++] = t[i];
            continue;
        }
        line[len] = 0;
        char *p = line + strspn(line, " \t");
        size_t m = strlen(p);
        while (m && strchr(" \t;", p[m - 1])) p[--m] = 0;
        bool ok = m == 0;
        for (size_t k = 0; !ok && k < sizeof inert / sizeof *inert; k++) ok = !strcmp(p, inert[k]);
        if (!ok) return false;
        len = 0;
        if (i < n) i += 2;
    }
    return true;
}

bool rv_ir_asm_inert(const char *ir)
{
    static const char *const words[] = {"sideeffect ", "alignstack ", "inteldialect ", "unwind "};
    if (strstr(ir, "module asm")) return false;
    for (const char *p = ir; (p = strstr(p, " asm "));) {
        p += 5;
        for (bool more = true; more;) {
            more = false;
            for (size_t k = 0; k < sizeof words / sizeof *words; k++)
                if (!strncmp(p, words[k], strlen(words[k]))) p += strlen(words[k]), more = true;
        }
        if (*p != '"') return false; /* not an asm call: in a name or a string */
        const char *end = strchr(p + 1, '"');
        if (!end || !asm_template_inert(p + 1, (size_t)(end - p - 1))) return false;
        p = end + 1;
    }
    return true;
}
