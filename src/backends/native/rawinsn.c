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
                                        "wrpkru",  "popfq",    "popfw", "popf",     "std"};
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

int rv_raw_insn(const char *path, char *what, size_t n)
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
    for (unsigned i = 0; i < nsec && !found; i++) {
        if (sh[i].sh_type != SHT_PROGBITS || !(sh[i].sh_flags & SHF_EXECINSTR)) continue;
        const uint8_t *code = b + sh[i].sh_offset;
        size_t left = sh[i].sh_size;
        uint64_t addr = 0;
        const uint8_t *start = code;
        while (left && cs_disasm_iter(cs, &code, &left, &addr, in)) {
            bool data = in->id == 0; /* skipped as data: it may be what this decoder lacks */
            if (!changes_process(in->mnemonic) && !loads_segment(in->mnemonic, in->op_str) &&
                !(data && raw_wrpkru(start + in->address, sh[i].sh_size - in->address)))
                continue;
            const char *fn = function_at(b, sh, nsec, i, in->address);
            bool ops = !data && in->op_str[0];
            snprintf(what, n, "%s%s%s%s%s", data ? "wrpkru" : in->mnemonic, ops ? " " : "",
                     ops ? in->op_str : "", *fn ? " in " : "", fn);
            found = 1;
            break;
        }
    }
    cs_free(in, 1);
    cs_close(&cs);
    free(b);
    return found;
}
