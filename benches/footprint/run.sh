#!/usr/bin/env bash
# The Rust firmware footprint: a `no_std` staticlib that parses
# an RFC 3986 URI-reference and returns its host's length (opt-level s,
# LTO, panic=abort, one codegen unit), linked into a C program that calls
# it on its argument with `gcc -Os -ffunction-sections -fdata-sections
# -Wl,--gc-sections`; text bytes (size(1)'s Berkeley `text`: code and
# read-only data) above an empty program that reads its argument, as
# benches/c/run.sh measures the C output. Built for uridfa (this checkout,
# or CHECKOUT: the uridfa crate at another path) with
# `default-features = false`, as firmware builds it (the
# `size` profile: one-byte transition cells), again with uridfa's
# `fast-tables` feature (the `speed` profile of the default features) or,
# for an older CHECKOUT that has no `fast-tables`, with `small-tables`
# (skipped with SIZE_PROFILE=0), and fluent-uri 0.4.1.
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
build() { # build NAME [LABEL [FEATURES]]: the staticlib of NAME-fw, linked with main.c
    local label=${2:-$1}
    cp -r "$here/$1-fw" "$work/$label-fw"
    sed -i "s|path = \"../../..\"|path = \"$checkout\"|" "$work/$label-fw/Cargo.toml"
    (cd "$work/$label-fw" && CARGO_TARGET_DIR="$work/target-$label" \
        cargo build -q --release --offline ${3:+--features "$3"})
    lib=$(ls "$work/target-$label"/release/lib*_fw.a)
    gcc "${fp[@]}" -o "$work/$label" "$here/main.c" "$lib"
    [ "$("$work/$label" 'http://user@example.com:80/a' && echo 0 || echo $?)" = 11 ] ||
        { echo "$label: wrong host length" >&2; exit 1; }
    t=$(text "$work/$label")
    printf '  %-18s %7d bytes of text, %7d above the empty program\n' "$label" "$t" $((t - base))
}
build uridfa
other=
if [ "${SIZE_PROFILE:-1}" != 0 ]; then
    if grep -q '^fast-tables' "$checkout/Cargo.toml"; then
        other=uridfa-fast-tables
        build uridfa "$other" uridfa/fast-tables
    elif grep -q '^small-tables' "$checkout/Cargo.toml"; then
        other=uridfa-small-tables
        build uridfa "$other" uridfa/small-tables
    fi
fi
build fluent
if [ -n "${SHOW:-}" ]; then
    echo "uridfa's largest symbols (bytes):"
    nm --size-sort -S -t d -C "$work/uridfa" | tail -"$SHOW" | awk '{ printf "  %7d %s %s\n", $2, $3, $4 }'
    if [ -n "$other" ]; then
        echo "$other's largest symbols (bytes):"
        nm --size-sort -S -t d -C "$work/$other" | tail -"$SHOW" |
            awk '{ printf "  %7d %s %s\n", $2, $3, $4 }'
    fi
fi
