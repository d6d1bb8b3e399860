#!/usr/bin/env bash
# The Rust firmware footprint (issue 27): a `no_std` staticlib that parses
# an RFC 3986 URI-reference and returns its host's length (opt-level s,
# LTO, panic=abort, one codegen unit), linked into a C program that calls
# it on its argument with `gcc -Os -ffunction-sections -fdata-sections
# -Wl,--gc-sections`; text bytes (size(1)'s Berkeley `text`: code and
# read-only data) above an empty program that reads its argument, as
# benches/c/run.sh measures the C output. Built for uridfa (this checkout,
# or CHECKOUT: the uridfa crate at another path) and fluent-uri 0.4.1.
# Usage: bash benches/footprint/run.sh [CHECKOUT]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
checkout=$(cd "${1:-$here/../..}" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fp=(-Os -ffunction-sections -fdata-sections -Wl,--gc-sections)
text() { size "$1" | awk 'NR == 2 { print $1 }'; }
gcc "${fp[@]}" -o "$work/empty" "$here/../c/footprint/empty.c"
base=$(text "$work/empty")
echo "footprint (gcc ${fp[*]}; empty program: $base bytes of text):"
build() { # build NAME: the staticlib of NAME-fw, linked with main.c
    cp -r "$here/$1-fw" "$work/$1-fw"
    sed -i "s|path = \"../../..\"|path = \"$checkout\"|" "$work/$1-fw/Cargo.toml"
    (cd "$work/$1-fw" && CARGO_TARGET_DIR="$work/target-$1" cargo build -q --release --offline)
    lib=$(ls "$work/target-$1"/release/lib*_fw.a)
    gcc "${fp[@]}" -o "$work/$1" "$here/main.c" "$lib"
    [ "$("$work/$1" 'http://user@example.com:80/a' && echo 0 || echo $?)" = 11 ] ||
        { echo "$1: wrong host length" >&2; exit 1; }
    t=$(text "$work/$1")
    printf '  %-10s %7d bytes of text, %7d above the empty program\n' "$1" "$t" $((t - base))
}
build uridfa
build fluent
if [ -n "${SHOW:-}" ]; then
    echo "uridfa's largest symbols (bytes):"
    nm --size-sort -S -t d -C "$work/uridfa" | tail -"$SHOW" | awk '{ printf "  %7d %s %s\n", $2, $3, $4 }'
fi
