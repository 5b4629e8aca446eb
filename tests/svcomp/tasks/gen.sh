#!/usr/bin/env bash
# tests/svcomp/tasks/gen.sh — how the .i files of this corpus were made
# (they are committed; CI does not run this).  Each task is spell.c
# preprocessed with one spelling of the unreach-call target (see spell.c),
# FALSE without LOCKED and TRUE with it, by gcc -E (sv-benchmarks' usual
# preprocessor) and, for the assert spelling, by clang -E too; the ILP32
# tasks include the real <pthread.h> preprocessed with -m32 (needs the
# 32-bit C library headers: apt-get install libc6-dev-i386).
set -eu
cd "$(dirname "$0")"
for s in assert literal verr abort params empty static; do
    gcc -E -DSPELL_$s spell.c -o $s-false.i
    gcc -E -DSPELL_$s -DLOCKED spell.c -o $s-true.i
done
gcc -E -DSPELL_decoy spell.c -o decoy-true.i
clang -E -DSPELL_assert spell.c -o assert_clang-false.i
clang -E -DSPELL_assert -DLOCKED spell.c -o assert_clang-true.i
gcc -m32 -E -DREALHDR -DSPELL_assert spell.c -o ilp32-false.i
gcc -m32 -E -DREALHDR -DSPELL_assert -DLOCKED spell.c -o ilp32-true.i
clang -m32 -E -DREALHDR -DSPELL_assert spell.c -o ilp32_clang-false.i
# ILP32 tasks whose verdict depends on the data model (ilp32.c)
gcc -m32 -E -DLONG ilp32.c -o ilp32_long-false.i
gcc -m32 -E ilp32.c -o ilp32_attr-true.i
# ILP32 tasks whose structures are laid out differently (layout.c)
for v in MEMSET UNION CAST; do
    l=$(echo $v | tr A-Z a-z)
    gcc -m32 -E -D$v layout.c -o layout_$l-true.i
done
