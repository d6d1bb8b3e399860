#!/usr/bin/env bash
# What depending on uridfa costs: a clean debug build of a one-line binary
# that depends on uridfa, and of the same binary on fluent-uri, each in its
# own fresh target directory, one after the other (whole-command timing,
# not a criterion bench: the subject is cargo's build).
#
#   bash benches/dep-build.sh [UR_PATH]   # default: this checkout
#
# UR_PATH may be another checkout (e.g. a `git worktree` of an older
# commit) to compare. Needs the crates in cargo's cache (run once online,
# or after `cargo fetch` in this repository). Prints wall and CPU seconds.
# Besides uridfa with its default features (every grammar, std) it builds a
# dependent with `default-features = false, features = [UR_FEATURES]`
# (default `UR_FEATURES="rfc3986"`, comma-separated; set it empty to skip,
# e.g. for a checkout older than the grammar features).
set -euo pipefail
shopt -s inherit_errexit
ur=$(cd "${1:-$(dirname "$0")/..}" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
crate() { # crate NAME DEPENDENCY-LINE
    mkdir -p "$work/$1/src"
    printf '[package]\nname = "%s"\nversion = "0.0.0"\nedition = "2021"\n[dependencies]\n%s\n[workspace]\n' \
        "$1" "$2" >"$work/$1/Cargo.toml"
    echo 'fn main() { println!("{}", std::hint::black_box(1)); }' >"$work/$1/src/main.rs"
}
crates=(dep-uridfa)
crate dep-uridfa "uridfa = { path = \"$ur\" }"
features=${UR_FEATURES-rfc3986}
if [[ -n $features ]]; then
    list=$(sed 's/[^,][^,]*/"&"/g; s/,/, /g' <<<"$features")
    crate dep-uridfa-some "uridfa = { path = \"$ur\", default-features = false, features = [$list] }"
    cp "$ur/Cargo.lock" "$work/dep-uridfa-some/Cargo.lock" 2>/dev/null || true
    crates+=(dep-uridfa-some)
    echo "dep-uridfa-some: features = [$list]"
fi
crate dep-fluent 'fluent-uri = "0.4.1"'
crates+=(dep-fluent)
cp "$ur/Cargo.lock" "$work/dep-uridfa/Cargo.lock" 2>/dev/null || true
for c in "${crates[@]}"; do
    (cd "$work/$c" && cargo generate-lockfile --offline -q 2>/dev/null || cargo generate-lockfile -q)
    (cd "$work/$c" && /usr/bin/time -f "$c: wall %e s, user %U s, sys %S s" \
        env CARGO_TARGET_DIR="$work/target-$c" cargo build -q --offline)
done
