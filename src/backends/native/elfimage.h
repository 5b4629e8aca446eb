/*
 * elfimage.h — an x86-64 ELF file read whole into memory and checked, and
 * the Capstone decoder, for the scans of machine code: the liveness
 * analysis of the linked program (liveness.c) and the scans of the
 * program's own objects (objscan.c: unannounced stores and stack
 * addresses; rawinsn.c: instructions the reset engine cannot undo).
 *
 * rv_elf_read accepts only a 64-bit x86-64 ELF file whose section headers
 * and section contents (but for SHT_NOBITS) lie inside the file, so that
 * the lookups below never read outside the image.
 */
#ifndef RAVEL_BACKENDS_NATIVE_ELFIMAGE_H
#define RAVEL_BACKENDS_NATIVE_ELFIMAGE_H

#include <capstone/capstone.h>
#include <elf.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct rv_elf {
    uint8_t *p;
    size_t n;
    const Elf64_Sym *sym; /* .symtab (NULL if none or malformed) */
    size_t nsym;
    const char *str; /* its string table */
    size_t nstr;
} rv_elf;

/* Read and check path: true, or false (nothing to free) when it cannot
 * be read or is not such a file. */
bool rv_elf_read(const char *path, rv_elf *im);
void rv_elf_free(rv_elf *im);

/* The section headers and their number. */
const Elf64_Shdr *rv_elf_sections(const rv_elf *im, size_t *n);
/* A section's name ("" when its name lies outside the string table). */
const char *rv_elf_section_name(const rv_elf *im, const Elf64_Shdr *s);
/* The first section called name, or NULL. */
const Elf64_Shdr *rv_elf_section(const rv_elf *im, const char *name);

/* A symbol's name ("" when it lies outside the string table). */
const char *rv_elf_sym_name(const rv_elf *im, const Elf64_Sym *s);
/* Copy the NUL-terminated string held by the data symbol `name` (a
 * `const char name[]` in an allocated section with contents) into out
 * (cut at cap - 1 bytes).  False, with out "", when there is no such
 * symbol or its bytes lie outside the file. */
bool rv_elf_cstring(const rv_elf *im, const char *name, char *out, size_t cap);

/* An x86-64 decoder (with per-operand detail if asked): 0, or -1 with
 * *why (heap). */
int rv_x86_decoder(csh *cs, bool detail, char **why);

#endif
