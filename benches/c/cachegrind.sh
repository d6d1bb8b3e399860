#!/usr/bin/env bash
# Instructions of uridfa's C split on kasztp (docs/c.md, speed): robust on
# a loaded machine where wall time is not. Needs gcc and valgrind.
#
#   benches/c/cachegrind.sh [KASZTP_FILE [GCC FLAGS...]]
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/../.."
kasztp=${1:-../shared/corpora/urls/kasztp.txt}
shift || true
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gcc -std=c99 -O2 -g "$@" -I c -o "$work/prof" benches/c/prof.c c/uridfa.c c/rfc3986.c
valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file="$work/cg" "$work/prof" "$kasztp" \
    2>&1 | grep 'I *refs'
cg_annotate "$work/cg" | grep -E '\(' | sed -n 2,9p
