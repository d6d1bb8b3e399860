#!/usr/bin/env bash
# Variants of the C driver timed in turn (docs/c.md, speed): builds
# benches/c/bench.c against each DIR's uridfa.c and rfc3986.c (a copy of
# c/ with a change; `c` itself for the committed one), then runs the
# binaries one after the other, N times, and prints per process the
# kasztp `split`, `split_raw`, `validate` and re2c times and `split` /
# re2c inside that process, then each variant's ratios.
#
#   benches/c/alternate.sh N DIR... (URLS=file: default the kasztp URLs)
#
# On this shared machine a process's times move by about 2 ns; alternating
# the variants spreads that over all of them. Needs gcc, re2c and
# liburiparser-dev, as run.sh.
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/../.."
n=$1
shift
urls=${URLS:-../shared/corpora/urls/kasztp.txt}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
re2c benches/c/rfc3986.re -o "$work/rfc3986_re2c.c"
bins=()
for d in "$@"; do
    name=$(basename "$d")-${#bins[@]}
    gcc -std=c99 -O2 -I "$d" -I benches/c -o "$work/$name" benches/c/bench.c \
        "$work/rfc3986_re2c.c" "$d/uridfa.c" "$d/rfc3986.c" -luriparser
    bins+=("$work/$name")
done
for ((i = 0; i < n; i++)); do
    for b in "${bins[@]}"; do
        "$b" "$urls" 15 | awk -v b="$(basename "$b")" '
            /ns per input:/ { k = !seen++; next }
            k && /^  uridfa split  / { s = $3 }
            k && /^  uridfa split_raw/ { r = $3 }
            k && /^  uridfa validate/ { v = $3 }
            k && /^  re2c/ { c = $2 }
            END { printf "%s split %.1f split_raw %.1f validate %.1f re2c %.1f split/re2c %.3f\n", b, s, r, v, c, s / c }'
    done
done | sort | awk '{ print } { r[$1] = r[$1] " " $NF } END { for (k in r) print k, "split/re2c:" r[k] }'
