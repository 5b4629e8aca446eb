#!/usr/bin/env bash
# scripts/deps.sh — install the Debian packages ravel needs, if missing.
#   clang (compiles programs under test with ThreadSanitizer instrumentation,
#   and ravel itself; its clang++ compiles C++ programs), libstdc++-12-dev
#   (the static libstdc++.a C++ programs are linked with, tests/cxx), libclang-rt-14-dev (ASan/UBSan for the test build),
#   libxxhash-dev (XXH3 hashes), libcapstone-dev (the x86-64 decoder of the
#   liveness analysis, src/backends/native/liveness.c), binutils (nm, objcopy, addr2line),
#   make, jq (the test suite reads ravel's JSON), libxml2-utils (xmllint: the
#   test suite checks that violation witnesses are well-formed XML),
#   libdw-dev (elfutils' DWARF reader: stacks and names in reports,
#   src/cli/debuginfo.c).
#   For the tests of the reports only (tests/report), without recommended
#   packages: chromium (the HTML report opened headless), gdb (replay
#   --gdb in batch mode), man-db (man -l renders the installed page),
#   python3 (bench/run, the script of `make bench`, tests/bench).
#   openmpi-bin and libopenmpi-dev (mpirun and mpicc: ravel check --mpi,
#   src/explorers/ranks.c; the build finds mpicc, tests/mpi runs mpirun).
set -e
need=()
for p in clang libstdc++-12-dev libclang-rt-14-dev libxxhash-dev libcapstone-dev binutils make jq libxml2-utils libdw-dev; do
    dpkg -s "$p" >/dev/null 2>&1 || need+=("$p")
done
lean=()
for p in chromium gdb man-db python3 openmpi-bin libopenmpi-dev; do
    dpkg -s "$p" >/dev/null 2>&1 || lean+=("$p")
done
[ ${#need[@]} -eq 0 ] && [ ${#lean[@]} -eq 0 ] && exit 0
echo "scripts/deps.sh: installing ${need[*]} ${lean[*]}" >&2
SUDO=
[ "$(id -u)" -eq 0 ] || SUDO=sudo
$SUDO apt-get update -qq
[ ${#need[@]} -eq 0 ] || DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
[ ${#lean[@]} -eq 0 ] || DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${lean[@]}" >/dev/null
