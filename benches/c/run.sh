#!/usr/bin/env bash
# The C figures of docs/c.md, measured: footprint, then speed.
#
#   benches/c/run.sh [KASZTP_FILE [ROUNDS]]
#
# Needs gcc, re2c and liburiparser-dev (.ci/run installs them). For
# uriparser's footprint it builds uriparser from source, statically, from
# the checkout in URIPARSER_SRC (a git directory or work tree: `git
# archive HEAD src include` is read); without it that row is skipped (the
# Debian package has only a shared library).
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/../.."
kasztp=${1:-../shared/corpora/urls/kasztp.txt}
rounds=${2:-15}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

re2c benches/c/rfc3986.re -o "$work/rfc3986_re2c.c"
echo "re2c $(re2c --version | cut -d' ' -f2): $(wc -l <"$work/rfc3986_re2c.c") lines of C for URI-reference"
echo "$(gcc --version | sed -n 1p)"

# Footprint: text bytes (size(1)'s Berkeley `text`, code and read-only
# data) of a program that parses a URI-reference and returns its host's
# length, above an empty program that reads its argument.
fp=(-Os -ffunction-sections -fdata-sections -Wl,--gc-sections)
text() { size "$1" | awk 'NR == 2 { print $1 }'; }
gcc "${fp[@]}" -o "$work/empty" benches/c/footprint/empty.c
base=$(text "$work/empty")
row() { # row NAME BINARY
    local t
    t=$(text "$2")
    printf '  %-52s %7d bytes of text, %7d above the empty program\n' "$1" "$t" $((t - base))
}
echo "footprint (gcc ${fp[*]}; empty program: $base bytes of text):"
gcc "${fp[@]}" -I c -o "$work/uridfa" benches/c/footprint/uridfa.c c/uridfa.c c/rfc3986.c
row "uridfa split_raw" "$work/uridfa"
gcc "${fp[@]}" -DURIDFA_NO_TEXTS -I c -o "$work/uridfa-nt" benches/c/footprint/uridfa.c c/uridfa.c c/rfc3986.c
row "uridfa split_raw, -DURIDFA_NO_TEXTS" "$work/uridfa-nt"
gcc "${fp[@]}" -DURIDFA_SMALL -I c -o "$work/uridfa-s" benches/c/footprint/uridfa.c c/uridfa.c c/rfc3986.c
row "uridfa split_raw, -DURIDFA_SMALL" "$work/uridfa-s"
gcc "${fp[@]}" -DURIDFA_SMALL -DURIDFA_NO_TEXTS -I c -o "$work/uridfa-snt" \
    benches/c/footprint/uridfa.c c/uridfa.c c/rfc3986.c
row "uridfa split_raw, -DURIDFA_SMALL -DURIDFA_NO_TEXTS" "$work/uridfa-snt"
gcc "${fp[@]}" -DSPLIT=rfc3986_uri_reference_split -I c -o "$work/uridfa-k" \
    benches/c/footprint/uridfa.c c/uridfa.c c/rfc3986.c
row "uridfa split (host kinds decided)" "$work/uridfa-k"
gcc "${fp[@]}" -DSPLIT=rfc3986_uri_reference_split -DURIDFA_NO_TEXTS -I c -o "$work/uridfa-knt" \
    benches/c/footprint/uridfa.c c/uridfa.c c/rfc3986.c
row "uridfa split, -DURIDFA_NO_TEXTS" "$work/uridfa-knt"
gcc "${fp[@]}" -DSPLIT=rfc3986_uri_reference_split -DURIDFA_SMALL -DURIDFA_NO_TEXTS -I c \
    -o "$work/uridfa-ksnt" benches/c/footprint/uridfa.c c/uridfa.c c/rfc3986.c
row "uridfa split, -DURIDFA_SMALL -DURIDFA_NO_TEXTS" "$work/uridfa-ksnt"
gcc "${fp[@]}" -I benches/c -o "$work/re2c" benches/c/footprint/re2c.c "$work/rfc3986_re2c.c"
row "re2c" "$work/re2c"
gcc -O2 -ffunction-sections -fdata-sections -Wl,--gc-sections -I benches/c -o "$work/re2c-O2" \
    benches/c/footprint/re2c.c "$work/rfc3986_re2c.c"
row "re2c (at -O2)" "$work/re2c-O2"
if [[ -n ${URIPARSER_SRC:-} ]]; then
    mkdir -p "$work/uriparser"
    git -C "$URIPARSER_SRC" archive HEAD src include | tar -x -C "$work/uriparser"
    printf '#define PACKAGE_VERSION "source"\n' >"$work/uriparser/src/UriConfig.h"
    gcc "${fp[@]}" -DURI_STATIC_BUILD -I "$work/uriparser/include" -I "$work/uriparser/src" \
        -o "$work/uriparser-fp" benches/c/footprint/uriparser.c "$work"/uriparser/src/*.c
    row "uriparser $(git -C "$URIPARSER_SRC" describe --tags 2>/dev/null || echo '?') (static)" \
        "$work/uriparser-fp"
else
    echo "  uriparser: skipped (set URIPARSER_SRC to a uriparser checkout)"
fi

# Speed: one process, interleaved rounds, best of ROUNDS.
gcc -std=c99 -O2 -I c -I benches/c -o "$work/bench" benches/c/bench.c "$work/rfc3986_re2c.c" \
    c/uridfa.c c/rfc3986.c -luriparser
echo "speed (gcc -O2; uriparser: the Debian package's shared library):"
"$work/bench" "$kasztp" "$rounds"
gcc -std=c99 -O2 -DURIDFA_SMALL -I c -I benches/c -o "$work/bench-small" benches/c/bench.c \
    "$work/rfc3986_re2c.c" c/uridfa.c c/rfc3986.c -luriparser
echo "speed with -DURIDFA_SMALL:"
"$work/bench-small" "$kasztp" "$rounds"
