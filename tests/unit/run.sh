#!/usr/bin/env bash
# tests/unit — C unit tests of src/core, linked against $RAVEL_BUILD/libravel.a
# (with the sanitizers when that is the sanitized build).  Each test binary
# prints its own PASS/FAIL lines.
. "$(dirname "$0")/../lib.sh"
CC=${CC:-$(command -v clang >/dev/null && echo clang || echo gcc)}
flags=(-std=c11 -D_GNU_SOURCE -O1 -g -Wall -Wextra -I "$ROOT/src")
case $RAVEL_BUILD in *san*) flags+=(-fsanitize=address,undefined -fno-sanitize-recover=undefined) ;; esac
lib=$RAVEL_BUILD/libravel.a
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for src in "$ROOT"/tests/unit/*.c; do
    name=$(basename "$src" .c)
    if [ ! -f "$lib" ]; then
        echo "FAIL unit/$name: $lib not built"
        continue
    fi
    if ! "$CC" "${flags[@]}" -o "$tmp/$name" "$src" "$lib" -lm 2>"$tmp/$name.err"; then
        echo "FAIL unit/$name: does not compile: $(head -c 300 "$tmp/$name.err" | tr '\n' ' ')"
        continue
    fi
    out=$("$tmp/$name" 2>&1)
    st=$?
    echo "$out" | grep -E '^(PASS|FAIL|#)'
    [ $st -eq 0 ] || echo "FAIL unit/$name: exited $st: $(echo "$out" | grep -vE '^(PASS|FAIL)' | head -3 | tr '\n' ' ')"
done

# The layers of src/runtime (issue 30): no arrow up a layer, no circle,
# beyond the debt scripts/layers lists (drawn from the runtime's objects).
rtobj=$RAVEL_BUILD/rtobj/src/runtime
if [ -d "$rtobj" ]; then
    python3 "$ROOT/scripts/layers" "$rtobj"
else
    echo "FAIL unit/layers: $rtobj not built"
fi
