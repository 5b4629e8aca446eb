/*
 * rawinsn.c — instructions that change process state outside memory,
 * found in a compiled object (contract in rawinsn.h).
 */
#include "rawinsn.h"

#include "elfimage.h"

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
 * the flags they change are cleared by the runtime instead (fault.c,
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
static const char *writable_code(const rv_elf *im)
{
    size_t nsec;
    const Elf64_Shdr *sh = rv_elf_sections(im, &nsec);
    for (size_t i = 0; i < nsec; i++)
        if ((sh[i].sh_flags & SHF_WRITE) && (sh[i].sh_flags & SHF_EXECINSTR))
            return "a section that is both writable and executable";
    const Elf64_Shdr *note = rv_elf_section(im, ".note.GNU-stack");
    if (!note) return "an executable stack (no .note.GNU-stack section)";
    return note->sh_flags & SHF_EXECINSTR ? "an executable stack (.note.GNU-stack)" : NULL;
}

/* The name of the function of section sec that covers offset off ("" if
 * none does). */
static const char *function_at(const rv_elf *im, size_t sec, uint64_t off)
{
    for (size_t k = 0; k < im->nsym; k++) {
        const Elf64_Sym *s = &im->sym[k];
        if (ELF64_ST_TYPE(s->st_info) != STT_FUNC || s->st_shndx != sec) continue;
        if (off < s->st_value || off - s->st_value >= (s->st_size ? s->st_size : 1)) continue;
        const char *name = rv_elf_sym_name(im, s);
        if (*name) return name;
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
    rv_elf im;
    if (!rv_elf_read(path, &im)) {
        snprintf(what, n, "cannot read %s as an x86-64 ELF object", path);
        return -1;
    }
    csh cs;
    char *why = NULL;
    if (rv_x86_decoder(&cs, false, &why) != 0) {
        snprintf(what, n, "%s", why);
        free(why);
        rv_elf_free(&im);
        return -1;
    }
    cs_option(cs, CS_OPT_SKIPDATA, CS_OPT_ON);
    cs_insn *in = cs_malloc(cs);
    int found = 0;
    const char *wx = input ? NULL : writable_code(&im);
    if (wx) {
        snprintf(what, n, "%s", wx);
        found = 1;
    }
    size_t nsec;
    const Elf64_Shdr *sh = rv_elf_sections(&im, &nsec);
    for (size_t i = 0; i < nsec && !found; i++) {
        if (sh[i].sh_type != SHT_PROGBITS || !(sh[i].sh_flags & SHF_EXECINSTR)) continue;
        const uint8_t *start = im.p + sh[i].sh_offset, *code = start;
        size_t left = sh[i].sh_size;
        uint64_t addr = 0;
        while (left && cs_disasm_iter(cs, &code, &left, &addr, in)) {
            bool data = in->id == 0; /* skipped as data: it may be what this decoder lacks */
            if (input
                    ? data || !reads_outside(in->mnemonic)
                    : !changes_process(in->mnemonic) && !loads_segment(in->mnemonic, in->op_str) &&
                          !(data && raw_wrpkru(start + in->address, sh[i].sh_size - in->address)))
                continue;
            const char *fn = function_at(&im, i, in->address);
            bool ops = !data && in->op_str[0];
            snprintf(what, n, "the instruction %s%s%s%s%s", data ? "wrpkru" : in->mnemonic,
                     ops ? " " : "", ops ? in->op_str : "", *fn ? " in " : "", fn);
            found = 1;
            break;
        }
        for (uint64_t off = 0; !found && !input && off < sh[i].sh_size; off++) {
            const char *hid = hidden_at(start + off, sh[i].sh_size - off);
            if (!hid) continue;
            const char *fn = function_at(&im, i, off);
            snprintf(what, n, "the instruction %s%s%s", hid, *fn ? " in " : "", fn);
            found = 1;
        }
    }
    cs_free(in, 1);
    cs_close(&cs);
    rv_elf_free(&im);
    return found;
}
