# tests/dpor/every_program.sh — sourced by the on-demand checks over every
# test program (theorem1_all.sh, optimal_all.sh): the default program list
# and the error-set summary they compare.

# every_program ROOT: prints one argument per line, FILE.c or
# FILE.c::FLAGS: every .c under tests/native, tests/adversary, tests/dpor,
# tests/cutoffs, tests/posix and examples, plus the -D variants the
# programs' own tests use.
every_program() {
    local r=$1 n=$1/tests/native a=$1/tests/adversary
    ls "$r"/tests/native/*.c "$r"/tests/adversary/*.c "$r"/tests/dpor/*.c \
        "$r"/tests/cutoffs/*.c "$r"/tests/posix/*.c "$r"/examples/*.c
    printf '%s\n' "$n/m_keys.c::-DBUG" "$n/m_assume_range.c::-DTYPE=1 -DTARGET=205" \
        "$n/m_assume_range.c::-DTYPE=2 -DTARGET=5" "$n/m_nondet_wide.c::-DTARGET=100" \
        "$n/m_nonowner_unlock.c::-DKIND=1" "$n/m_nonowner_unlock.c::-DKIND=2" \
        "$n/m_sem_init.c::-DINIT=1" "$n/m_static_recursive.c::-DN=2" \
        "$n/nondet_uchar.c::-DTARGET=200" "$n/sem_exclusion.c::-DINIT=1" \
        "$n/sem_exclusion.c::-DINIT=2" "$a/atomic_deep.c::-DDEPTH=70"
    variants "$r/tests/posix" "$a"
}

# variants DIR...: the -D variants DIR/run.sh gives its programs (a line
# naming FILE.c and -DNAME=VALUE flags), as FILE.c::FLAGS, once each
variants() {
    local d line f flags w
    for d; do
        grep -ho '[A-Za-z_0-9]*\.c[^;}]*-D[^;}]*' "$d/run.sh" | while read -r line; do
            f=${line%%.c*}.c flags=""
            for w in ${line#*.c}; do
                w=${w//\"/}
                case $w in -D*) flags+="${flags:+ }$w" ;; esac
            done
            [ -f "$d/$f" ] && [ -n "$flags" ] && printf '%s\n' "$d/$f::$flags"
        done
    done | sort -u
}

# kinds JSON: the program errors of a run, as sorted kind@location
kinds() {
    jq -r '[.errors[]|select(.kind!="event-limit" and .kind!="timeout" and .kind!="resource-limit")
            |"\(.kind)@\(.location)"]|unique|join(", ")' "$1" 2>/dev/null
}
