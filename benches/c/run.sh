#!/usr/bin/env bash
# The C figures of docs/c.md, measured: footprint, then speed.
#
#   benches/c/run.sh [URL_FILE [ROUNDS]]   (PROCESSES=5: see the speed part;
#                                           SPEED=0: the footprint only)
#
# URL_FILE (one URL a line) defaults to the kasztp URLs; its rows are
# labelled by the file's name (kasztp.txt: kasztp).
#
# Needs gcc, re2c, ragel and liburiparser-dev (.ci/run installs them). For
# uriparser's footprint it builds uriparser from source, statically, from
# the checkout in URIPARSER_SRC (a git directory or work tree: `git
# archive HEAD src include` is read); without it that row is skipped (the
# Debian package has only a shared library).
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/../.."
urls=${1:-../shared/corpora/urls/kasztp.txt}
rounds=${2:-15}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

re2c benches/c/rfc3986.re -o "$work/rfc3986_re2c.c"
echo "re2c $(re2c --version | cut -d' ' -f2): $(wc -l <"$work/rfc3986_re2c.c") lines of C for URI-reference"
echo "$(gcc --version | sed -n 1p)"

# Footprint: text bytes (size(1)'s Berkeley `text`, code and read-only
# data) of a program that parses a URI-reference and returns its host's
# length, above an empty program that reads its argument; with MESSAGE,
# one that also prints the error's message (uridfa_describe links the
# entry's texts, which the others do not link at all).
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
uridfa() { # uridfa NAME FLAGS...: the footprint program with uridfa's C
    local name=$1
    shift
    gcc "${fp[@]}" "$@" -I c -o "$work/uridfa" benches/c/footprint/uridfa.c c/uridfa.c c/rfc3986.c
    row "$name" "$work/uridfa"
}
split=-DSPLIT=rfc3986_uri_reference_split
uridfa "uridfa split_raw"
uridfa "uridfa split_raw, -DURIDFA_FAST" -DURIDFA_FAST
uridfa "uridfa split (host kinds decided)" "$split"
uridfa "uridfa split_raw, printing the error's message" -DMESSAGE
uridfa "uridfa split, printing the error's message" "$split" -DMESSAGE
gcc "${fp[@]}" -I benches/c -o "$work/re2c" benches/c/footprint/re2c.c "$work/rfc3986_re2c.c"
row "re2c" "$work/re2c"
gcc -O2 -ffunction-sections -fdata-sections -Wl,--gc-sections -I benches/c -o "$work/re2c-O2" \
    benches/c/footprint/re2c.c "$work/rfc3986_re2c.c"
row "re2c (at -O2)" "$work/re2c-O2"
# Ragel's machine for the same grammar (benches/c/rfc3986.rl: captures by
# actions on the delimiters, written by hand), in its smallest code style
# (-T0, table-driven) and its fastest (-G2, the bench peer's).
if command -v ragel >/dev/null; then
    for style in T0 G2; do
        ragel -"$style" benches/c/rfc3986.rl -o "$work/rfc3986_ragel_$style.c"
        gcc "${fp[@]}" -Wno-implicit-fallthrough -I benches/c -o "$work/ragel-$style" \
            benches/c/footprint/ragel.c "$work/rfc3986_ragel_$style.c"
        row "Ragel $(ragel --version | sed -n '1s/.*version \([0-9.]*\).*/\1/p') -$style" "$work/ragel-$style"
    done
else
    echo "  (no ragel: its rows are left out)"
fi
# The same without PIE (as a firmware image links: no dynamic relocations
# for the tables' pointers), against an empty program built so.
gcc "${fp[@]}" -no-pie -o "$work/empty" benches/c/footprint/empty.c
base=$(text "$work/empty")
echo "  without PIE (-no-pie; empty program: $base bytes of text):"
uridfa "uridfa split_raw, -no-pie" -no-pie
uridfa "uridfa split, -no-pie" -no-pie "$split"
gcc "${fp[@]}" -no-pie -I benches/c -o "$work/re2c" benches/c/footprint/re2c.c "$work/rfc3986_re2c.c"
row "re2c, -no-pie" "$work/re2c"
gcc "${fp[@]}" -o "$work/empty" benches/c/footprint/empty.c
base=$(text "$work/empty")
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

if [[ ${SPEED:-1} == 0 ]]; then
    exit 0
fi

# Speed: one process, interleaved rounds, best of ROUNDS; the process is
# run PROCESSES times (default 5) and each row's best is kept: on this
# shared machine a whole process is sometimes about twice as slow for one
# parser, whichever it is (re2c's too), so one process is not enough.
processes=${PROCESSES:-5}
best() { # best BINARY ARGS...: each row's best time over $processes runs
    for _ in $(seq "$processes"); do "$@"; done | awk '
    /^corpus / { if (!checked++) print; next }
    /ns per input:/ { sec = $0; sub(/, best of.*/, "", sec); if (!(sec in seen)) { seen[sec] = 1; order[++ns] = sec } next }
    /^  / { line = $0; sub(/ +\(uridfa split.*/, "", line); n = split(line, f, " "); v = f[n]
            name = line; sub(/ +[0-9.]+$/, "", name); sub(/^ +/, "", name); k = sec SUBSEP name
            if (!(k in b) || v + 0 < b[k] + 0) b[k] = v
            if (!(k in has)) { has[k] = 1; rows[sec] = rows[sec] SUBSEP name } }
    END { for (i = 1; i <= ns; i++) { s = order[i]; print s ", ns per input:"; m = split(rows[s], r, SUBSEP)
            for (j = 2; j <= m; j++) printf "  %-18s %8.1f   (/ re2c: %.2f)\n", r[j], b[s SUBSEP r[j]], b[s SUBSEP r[j]] / b[s SUBSEP "re2c"] } }'
}
gcc -std=c99 -O2 -I c -I benches/c -o "$work/bench" benches/c/bench.c "$work/rfc3986_re2c.c" \
    c/uridfa.c c/rfc3986.c -luriparser
echo "speed (gcc -O2; uriparser: the Debian package's shared library; best of $rounds rounds in each of $processes processes):"
best "$work/bench" "$urls" "$rounds"
gcc -std=c99 -O2 -DURIDFA_FAST -I c -I benches/c -o "$work/bench-fast" benches/c/bench.c \
    "$work/rfc3986_re2c.c" c/uridfa.c c/rfc3986.c -luriparser
echo "speed with -DURIDFA_FAST:"
best "$work/bench-fast" "$urls" "$rounds"
