/* elfimage.c — an x86-64 ELF file in memory; see elfimage.h. */
#include "elfimage.h"

#include "../../core/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool in_image(const rv_elf *im, uint64_t off, uint64_t len)
{
    return off <= im->n && len <= im->n - off;
}

static bool valid(const rv_elf *im)
{
    if (im->n < sizeof(Elf64_Ehdr)) return false;
    const Elf64_Ehdr *eh = (const Elf64_Ehdr *)im->p;
    if (memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 || eh->e_ident[EI_CLASS] != ELFCLASS64 ||
        eh->e_machine != EM_X86_64 || eh->e_shentsize != sizeof(Elf64_Shdr))
        return false;
    if (!in_image(im, eh->e_shoff, (uint64_t)eh->e_shnum * sizeof(Elf64_Shdr))) return false;
    const Elf64_Shdr *sh = (const Elf64_Shdr *)(im->p + eh->e_shoff);
    for (unsigned i = 0; i < eh->e_shnum; i++)
        if (sh[i].sh_type != SHT_NOBITS && !in_image(im, sh[i].sh_offset, sh[i].sh_size))
            return false;
    return true;
}

/* The symbol table and its strings (left NULL unless well formed). */
static void find_symbols(rv_elf *im)
{
    const Elf64_Ehdr *eh = (const Elf64_Ehdr *)im->p;
    const Elf64_Shdr *sh = (const Elf64_Shdr *)(im->p + eh->e_shoff);
    for (unsigned i = 0; i < eh->e_shnum; i++) {
        if (sh[i].sh_type != SHT_SYMTAB) continue;
        unsigned l = sh[i].sh_link;
        if (sh[i].sh_entsize != sizeof(Elf64_Sym) || l >= eh->e_shnum ||
            sh[l].sh_type != SHT_STRTAB)
            return;
        im->sym = (const Elf64_Sym *)(im->p + sh[i].sh_offset);
        im->nsym = sh[i].sh_size / sizeof(Elf64_Sym);
        im->str = (const char *)im->p + sh[l].sh_offset;
        im->nstr = sh[l].sh_size;
        return;
    }
}

bool rv_elf_read(const char *path, rv_elf *im)
{
    memset(im, 0, sizeof *im);
    FILE *f = fopen(path, "rb");
    if (!f) return false;
    size_t cap = 1 << 20, n = 0;
    uint8_t *p = rv_xmalloc(cap);
    for (;;) {
        if (n == cap) p = rv_xrealloc(p, cap *= 2);
        size_t r = fread(p + n, 1, cap - n, f);
        if (r == 0) break;
        n += r;
    }
    bool ok = !ferror(f);
    fclose(f);
    memset(im, 0, sizeof *im);
    im->p = p;
    im->n = n;
    if (!ok || !valid(im)) {
        rv_elf_free(im);
        return false;
    }
    find_symbols(im);
    return true;
}

void rv_elf_free(rv_elf *im)
{
    free(im->p);
    memset(im, 0, sizeof *im);
}

const Elf64_Shdr *rv_elf_sections(const rv_elf *im, size_t *n)
{
    const Elf64_Ehdr *eh = (const Elf64_Ehdr *)im->p;
    *n = eh->e_shnum;
    return (const Elf64_Shdr *)(im->p + eh->e_shoff);
}

const char *rv_elf_section_name(const rv_elf *im, const Elf64_Shdr *s)
{
    size_t n;
    const Elf64_Shdr *sh = rv_elf_sections(im, &n);
    unsigned k = ((const Elf64_Ehdr *)im->p)->e_shstrndx;
    if (k >= n || sh[k].sh_type != SHT_STRTAB || s->sh_name >= sh[k].sh_size) return "";
    const char *name = (const char *)im->p + sh[k].sh_offset + s->sh_name;
    /* NUL-terminated inside the table */
    return memchr(name, 0, sh[k].sh_size - s->sh_name) ? name : "";
}

const Elf64_Shdr *rv_elf_section(const rv_elf *im, const char *name)
{
    size_t n;
    const Elf64_Shdr *sh = rv_elf_sections(im, &n);
    for (size_t i = 0; i < n; i++)
        if (strcmp(rv_elf_section_name(im, &sh[i]), name) == 0) return &sh[i];
    return NULL;
}

const char *rv_elf_sym_name(const rv_elf *im, const Elf64_Sym *s)
{
    if (!im->str || s->st_name >= im->nstr) return "";
    const char *name = im->str + s->st_name;
    return memchr(name, 0, im->nstr - s->st_name) ? name : "";
}

bool rv_elf_cstring(const rv_elf *im, const char *name, char *out, size_t cap)
{
    out[0] = 0;
    size_t nsh;
    const Elf64_Shdr *sh = rv_elf_sections(im, &nsh);
    for (size_t i = 0; im->sym && i < im->nsym; i++) {
        const Elf64_Sym *y = &im->sym[i];
        if (y->st_shndx == SHN_UNDEF || y->st_shndx >= nsh || strcmp(rv_elf_sym_name(im, y), name))
            continue;
        const Elf64_Shdr *s = &sh[y->st_shndx];
        /* the symbol's bytes, inside its section and the file (valid()
         * checked that every section with contents lies in the file) */
        if (s->sh_type == SHT_NOBITS || y->st_value < s->sh_addr ||
            y->st_value - s->sh_addr > s->sh_size ||
            y->st_size > s->sh_size - (y->st_value - s->sh_addr))
            return false;
        const char *p = (const char *)im->p + s->sh_offset + (y->st_value - s->sh_addr);
        size_t n = strnlen(p, y->st_size);
        if (n >= cap) n = cap - 1;
        memcpy(out, p, n);
        out[n] = 0;
        return true;
    }
    return false;
}

int rv_x86_decoder(csh *cs, bool detail, char **why)
{
    if (cs_open(CS_ARCH_X86, CS_MODE_64, cs) != CS_ERR_OK) {
        *why = rv_xstrdup("cannot open the Capstone x86-64 decoder");
        return -1;
    }
    if (detail) cs_option(*cs, CS_OPT_DETAIL, CS_OPT_ON);
    return 0;
}
