/*
 * rawinsn.c — instructions that change process state outside memory,
 * found in a compiled object (contract in rawinsn.h).
 */
#include "rawinsn.h"

#include <capstone/capstone.h>
#include <elf.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/util.h"

/* The instructions the reset engine cannot undo (rawinsn.h), by
 * mnemonic: Capstone's instruction ids vary between its versions, and
 * Debian's 4.0 does not decode wrpkru at all (see raw_wrpkru). */
static bool changes_process(const char *mnemonic)
{
    static const char *const names[] = {"syscall", "sysenter", "int",   "wrfsbase", "wrgsbase",
                                        "wrpkru",  "popfq",    "popfw", "popf",     "std",
                                        "iretq",   "iretd",    "iret"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (!strcmp(mnemonic, names[i])) return true;
    return false;
}

/* A write of a segment register (mov or pop into fs, gs, ds, es or ss;
 * lfs, lgs, lss): loading fs or gs replaces the TLS base the C library
 * and the runtime read (a null fs made the engine's own process fault in
 * its crash handler, where a forked child is reported as crashed). */
static bool loads_segment(const char *mnemonic, const char *ops)
{
    if (!strcmp(mnemonic, "lfs") || !strcmp(mnemonic, "lgs") || !strcmp(mnemonic, "lss"))
        return true;
    if (strcmp(mnemonic, "mov") && strcmp(mnemonic, "pop")) return false;
    static const char *const segs[] = {"fs", "gs", "ds", "es", "ss"};
    for (size_t i = 0; i < sizeof segs / sizeof *segs; i++)
        if (!strncmp(ops, segs[i], 2) && (ops[2] == ',' || !ops[2])) return true;
    return false;
}

/* wrpkru's encoding (0f 01 ef) at p, with n bytes left: for a decoder
 * that skips it as data. */
static bool raw_wrpkru(const uint8_t *p, size_t n)
{
    return n >= 3 && p[0] == 0x0f && p[1] == 0x01 && p[2] == 0xef;
}

/* The encodings of a system call or of a write of the thread pointer at
 * p, with n bytes left, wherever they start: an instruction boundary or
 * not.  The linear decoding below sees only the instructions at its
 * boundaries; a jump into the middle of one (`jmp 1f+1` over a `mov` whose
 * immediate holds 0f 05) ran a system call it never saw, and a descriptor
 * opened each execution gave the reset engine an error the fork engine
 * does not have (tests/engine/raw_insn.c -DHIDDEN).  These byte strings
 * are rare in compiled code (none in the objects of tests/native,
 * examples and bench/udpor); where one is data, the cost is a fork.
 * The one-byte instructions (popf, std, iretq) cannot be found this way:
 * the flags they change are cleared by the runtime instead (sched.c,
 * rv_clear_flags). */
static const char *hidden_at(const uint8_t *p, size_t n)
{
    if (n >= 2 && p[0] == 0x0f && p[1] == 0x05) return "syscall";
    if (n >= 2 && p[0] == 0x0f && p[1] == 0x34) return "sysenter";
    if (n >= 2 && p[0] == 0xcd && p[1] == 0x80) return "int 0x80";
    if (raw_wrpkru(p, n)) return "wrpkru";
    /* wrfsbase, wrgsbase: f3 [rex] 0f ae /2 or /3, register operand */
    if (n >= 4 && p[0] == 0xf3) {
        const uint8_t *q = p + 1 + ((p[1] & 0xf0) == 0x40);
        if (q + 3 <= p + n && q[0] == 0x0f && q[1] == 0xae && q[2] >= 0xd0 && q[2] <= 0xdf)
            return q[2] < 0xd8 ? "wrfsbase" : "wrgsbase";
    }
    /* a load of fs or gs: mov (8e /4, /5), pop (0f a1, 0f a9), lfs, lgs (0f b4, 0f b5) */
    if (n >= 2 && p[0] == 0x8e && ((p[1] >> 3) & 7) >= 4 && ((p[1] >> 3) & 7) <= 5)
        return "a load of fs or gs";
    if (n >= 2 && p[0] == 0x0f && (p[1] == 0xa1 || p[1] == 0xa9 || p[1] == 0xb4 || p[1] == 0xb5))
        return "a load of fs or gs";
    return NULL;
}

/* A section the program may write and execute, or an object that asks
 * for an executable stack (a .note.GNU-stack section with the flag "x",
 * or none at all, which the linker takes for the same): the program can
 * then write instructions and run them, which no decoding of its objects
 * sees (code built on the stack made the system call of
 * tests/engine/raw_insn.c -DEXECSTACK).  NULL if neither. */
static const char *writable_code(const unsigned char *b, const Elf64_Shdr *sh, unsigned nsec)
{
    const Elf64_Ehdr *eh = (const Elf64_Ehdr *)b;
    const Elf64_Shdr *names = eh->e_shstrndx < nsec ? &sh[eh->e_shstrndx] : NULL;
    bool note = false;
    for (unsigned i = 0; i < nsec; i++) {
        if ((sh[i].sh_flags & SHF_WRITE) && (sh[i].sh_flags & SHF_EXECINSTR))
            return "a section that is both writable and executable";
        if (!names || sh[i].sh_name >= names->sh_size) continue;
        const char *name = (const char *)b + names->sh_offset + sh[i].sh_name;
        size_t left = names->sh_size - sh[i].sh_name;
        if (strnlen(name, left) < left && !strcmp(name, ".note.GNU-stack")) {
            note = true;
            if (sh[i].sh_flags & SHF_EXECINSTR) return "an executable stack (.note.GNU-stack)";
        }
    }
    return note ? NULL : "an executable stack (no .note.GNU-stack section)";
}

/* Whole file into memory; NULL if unreadable. */
static unsigned char *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, len = 0;
    unsigned char *p = rv_xmalloc(cap);
    for (size_t r; (r = fread(p + len, 1, cap - len, f)) > 0;) {
        len += r;
        if (len == cap) p = rv_xrealloc(p, cap *= 2);
    }
    bool bad = ferror(f);
    fclose(f);
    if (bad) {
        free(p);
        return NULL;
    }
    *n = len;
    return p;
}

/* The section headers of the object in b[0..n), or NULL if it is not a
 * well-formed 64-bit x86 ELF file. */
static const Elf64_Shdr *sections(const unsigned char *b, size_t n, unsigned *nsec)
{
    if (n < sizeof(Elf64_Ehdr) || memcmp(b, ELFMAG, SELFMAG)) return NULL;
    const Elf64_Ehdr *eh = (const Elf64_Ehdr *)b;
    if (eh->e_ident[EI_CLASS] != ELFCLASS64 || eh->e_machine != EM_X86_64 ||
        eh->e_shentsize != sizeof(Elf64_Shdr) || eh->e_shoff > n ||
        (n - eh->e_shoff) / sizeof(Elf64_Shdr) < eh->e_shnum)
        return NULL;
    const Elf64_Shdr *sh = (const Elf64_Shdr *)(b + eh->e_shoff);
    for (unsigned i = 0; i < eh->e_shnum; i++)
        if (sh[i].sh_type != SHT_NOBITS &&
            (sh[i].sh_offset > n || sh[i].sh_size > n - sh[i].sh_offset))
            return NULL;
    *nsec = eh->e_shnum;
    return sh;
}

/* The name of the function of section sec that covers offset off ("" if
 * none does). */
static const char *function_at(const unsigned char *b, const Elf64_Shdr *sh, unsigned nsec,
                               unsigned sec, uint64_t off)
{
    for (unsigned i = 0; i < nsec; i++) {
        if (sh[i].sh_type != SHT_SYMTAB || sh[i].sh_link >= nsec) continue;
        const Elf64_Sym *sym = (const Elf64_Sym *)(b + sh[i].sh_offset);
        const Elf64_Shdr *str = &sh[sh[i].sh_link];
        for (size_t k = 0; k < sh[i].sh_size / sizeof *sym; k++) {
            const Elf64_Sym *s = &sym[k];
            if (ELF64_ST_TYPE(s->st_info) != STT_FUNC || s->st_shndx != sec) continue;
            if (off < s->st_value || off - s->st_value >= (s->st_size ? s->st_size : 1)) continue;
            if (s->st_name >= str->sh_size) continue;
            const char *name = (const char *)b + str->sh_offset + s->st_name;
            if (memchr(name, 0, str->sh_size - s->st_name)) return name;
        }
    }
    return "";
}

/* Instructions whose result comes from outside the program: the time
 * stamp counter, the hardware's random numbers, the processor id.  A loop
 * that reads one can end where its states seem to repeat. */
static bool reads_outside(const char *mnemonic)
{
    static const char *const names[] = {"rdtsc", "rdtscp", "rdrand", "rdseed", "rdpid"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (!strcmp(mnemonic, names[i])) return true;
    return false;
}

static int scan_object(const char *path, char *what, size_t n, bool input);

int rv_raw_insn(const char *path, char *what, size_t n)
{
    return scan_object(path, what, n, false);
}

int rv_input_insn(const char *path, char *what, size_t n)
{
    return scan_object(path, what, n, true);
}

/* rv_raw_insn (input false) or rv_input_insn (true). */
static int scan_object(const char *path, char *what, size_t n, bool input)
{
    size_t len = 0;
    unsigned char *b = slurp(path, &len);
    if (!b) {
        snprintf(what, n, "cannot read %s", path);
        return -1;
    }
    unsigned nsec = 0;
    const Elf64_Shdr *sh = sections(b, len, &nsec);
    csh cs;
    if (!sh || cs_open(CS_ARCH_X86, CS_MODE_64, &cs) != CS_ERR_OK) {
        snprintf(what, n, "%s is not an x86-64 ELF object", path);
        free(b);
        return -1;
    }
    cs_option(cs, CS_OPT_SKIPDATA, CS_OPT_ON);
    cs_insn *in = cs_malloc(cs);
    int found = 0;
    const char *wx = input ? NULL : writable_code(b, sh, nsec);
    if (wx) {
        snprintf(what, n, "%s", wx);
        found = 1;
    }
    for (unsigned i = 0; i < nsec && !found; i++) {
        if (sh[i].sh_type != SHT_PROGBITS || !(sh[i].sh_flags & SHF_EXECINSTR)) continue;
        const uint8_t *code = b + sh[i].sh_offset;
        size_t left = sh[i].sh_size;
        uint64_t addr = 0;
        const uint8_t *start = code;
        while (left && cs_disasm_iter(cs, &code, &left, &addr, in)) {
            bool data = in->id == 0; /* skipped as data: it may be what this decoder lacks */
            if (input
                    ? data || !reads_outside(in->mnemonic)
                    : !changes_process(in->mnemonic) && !loads_segment(in->mnemonic, in->op_str) &&
                          !(data && raw_wrpkru(start + in->address, sh[i].sh_size - in->address)))
                continue;
            const char *fn = function_at(b, sh, nsec, i, in->address);
            bool ops = !data && in->op_str[0];
            snprintf(what, n, "the instruction %s%s%s%s%s", data ? "wrpkru" : in->mnemonic,
                     ops ? " " : "", ops ? in->op_str : "", *fn ? " in " : "", fn);
            found = 1;
            break;
        }
        for (uint64_t off = 0; !found && !input && off < sh[i].sh_size; off++) {
            const char *hid = hidden_at(start + off, sh[i].sh_size - off);
            if (!hid) continue;
            const char *fn = function_at(b, sh, nsec, i, off);
            snprintf(what, n, "the instruction %s%s%s", hid, *fn ? " in " : "", fn);
            found = 1;
        }
    }
    cs_free(in, 1);
    cs_close(&cs);
    free(b);
    return found;
}
