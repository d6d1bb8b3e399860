#!/usr/bin/env bash
# What depending on uridfa costs: a clean debug build of a one-line binary
# that depends on uridfa, and of the same binary on fluent-uri, each in its
# own fresh target directory, one after the other (whole-command timing,
# not a criterion bench: the subject is cargo's build).
#
#   bash benches/dep-build.sh [UR_PATH]   # default: this checkout
#   ROUNDS=5 bash benches/dep-build.sh    # five interleaved rounds, medians
#   CARGO_INCREMENTAL=0 bash benches/dep-build.sh
#
# UR_PATH may be another checkout (e.g. a `git worktree` of an older
# commit) to compare. Needs the crates in cargo's cache (run once online,
# or after `cargo fetch` in this repository). Prints wall and CPU (user +
# sys) seconds of each build, and with ROUNDS > 1 the median of each and
# the ratio of uridfa's medians to fluent-uri's. Besides uridfa with its
# default features (every grammar, std) it builds a dependent with
# `default-features = false, features = [UR_FEATURES]` (default
# `UR_FEATURES="rfc3986"`, comma-separated; set it empty to skip, e.g. for
# a checkout older than the grammar features).
#
# uridfa is a path dependency here, and cargo compiles path dependencies
# incrementally in the dev profile (registry dependencies never), which
# costs any crate a third or more of its build. So fluent-uri is built
# twice, as a registry dependency (`dep-fluent`) and as a path dependency
# on the same unpacked source (`dep-fluent-path`), and each median is
# given against both: the path builds compare with each other, and a
# build without incremental compilation (`CARGO_INCREMENTAL=0`, how a
# crates.io dependent builds either crate) with the registry one.
# `dep-uridfa-pkg` is uridfa's packaged crates from a local directory
# source (below), how a dependent builds uridfa once it is published.
# `dep-uridfa-noinc` is the path dependency with
# `[profile.dev.package.uridfa] incremental = false` (and the same for
# uridfa-runtime) in the dependent's manifest, the one-line way for a
# path dependent to build uridfa as a crates.io dependent does.
set -euo pipefail
shopt -s inherit_errexit
ur=$(cd "${1:-$(dirname "$0")/..}" && pwd)
rounds=${ROUNDS:-1}
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
# The same path dependency with the override a dependent's manifest can
# carry to build uridfa without incremental compilation, as from crates.io.
crate dep-uridfa-noinc "uridfa = { path = \"$ur\" }"
printf '[profile.dev.package.uridfa]\nincremental = false\n[profile.dev.package.uridfa-runtime]\nincremental = false\n' \
    >>"$work/dep-uridfa-noinc/Cargo.toml"
cp "$ur/Cargo.lock" "$work/dep-uridfa-noinc/Cargo.lock" 2>/dev/null || true
crates+=(dep-uridfa-noinc)
features=${UR_FEATURES-rfc3986}
if [[ -n $features ]]; then
    list=$(sed 's/[^,][^,]*/"&"/g; s/,/, /g' <<<"$features")
    crate dep-uridfa-some "uridfa = { path = \"$ur\", default-features = false, features = [$list] }"
    cp "$ur/Cargo.lock" "$work/dep-uridfa-some/Cargo.lock" 2>/dev/null || true
    crates+=(dep-uridfa-some)
    echo "dep-uridfa-some: features = [$list]"
fi
# The same dependent on the packaged crates, as crates.io serves them:
# `cargo package` writes the .crate files of uridfa and of the crates it can
# depend on, and a directory source holding them, unpacked, and (from
# `cargo vendor`) every registry crate they can need replaces crates.io for
# this dependent alone. Cargo builds a crate of such a source as it builds one
# from crates.io: not incrementally, with its lints capped.
pkg_dir="$work/package"
if (cd "$ur" && cargo package --offline --no-verify --allow-dirty -q --target-dir "$pkg_dir" \
    -p uridfa-runtime -p uridfa-derive -p uridfa-codegen -p uridfa) 2>"$work/package.log"; then
    crate dep-uridfa-vendor "uridfa = { path = \"$ur\", features = [\"serde\", \"derive\", \"regenerate\"] }"
    cp "$ur/Cargo.lock" "$work/dep-uridfa-vendor/Cargo.lock" 2>/dev/null || true
    (cd "$work/dep-uridfa-vendor" &&
        { cargo generate-lockfile --offline -q 2>/dev/null || cargo generate-lockfile -q; } &&
        { cargo vendor --offline -q "$work/vendor" >/dev/null 2>&1 || cargo vendor -q "$work/vendor" >/dev/null; })
    version=
    for file in "$pkg_dir"/package/*.crate; do
        base=$(basename "$file" .crate)
        tar xzf "$file" -C "$work/vendor"
        printf '{"files":{},"package":"%s"}' "$(sha256sum "$file" | cut -d ' ' -f 1)" \
            >"$work/vendor/$base/.cargo-checksum.json"
        [[ $base == uridfa-[0-9]* ]] && version=${base#uridfa-}
    done
    crate dep-uridfa-pkg "uridfa = \"=$version\""
    mkdir -p "$work/dep-uridfa-pkg/.cargo"
    printf '[source.crates-io]\nreplace-with = "packaged"\n[source.packaged]\ndirectory = "%s"\n' \
        "$work/vendor" >"$work/dep-uridfa-pkg/.cargo/config.toml"
    crates+=(dep-uridfa-pkg)
else
    echo "dep-uridfa-pkg: not built, \`cargo package\` failed in $ur:" >&2
    cat "$work/package.log" >&2
fi
crate dep-fluent 'fluent-uri = "0.4.1"'
cp "$ur/Cargo.lock" "$work/dep-uridfa/Cargo.lock" 2>/dev/null || true
for c in "${crates[@]}" dep-fluent; do
    (cd "$work/$c" && cargo generate-lockfile --offline -q 2>/dev/null || cargo generate-lockfile -q)
done
# The unpacked registry source of the fluent-uri that dep-fluent uses.
fluent_manifest=$(cd "$work/dep-fluent" && cargo metadata --offline --format-version 1 |
    grep -o '"manifest_path":"[^"]*/fluent-uri-[^"/]*/Cargo.toml"' | head -n 1 | cut -d '"' -f 4)
if [[ -z $fluent_manifest ]]; then
    echo "error: cannot find fluent-uri's unpacked source (cargo metadata)" >&2
    exit 1
fi
crate dep-fluent-path "fluent-uri = { path = \"$(dirname "$fluent_manifest")\" }"
(cd "$work/dep-fluent-path" && cargo generate-lockfile --offline -q 2>/dev/null || cargo generate-lockfile -q)
crates+=(dep-fluent dep-fluent-path)
for ((r = 1; r <= rounds; r++)); do
    for c in "${crates[@]}"; do
        rm -rf "$work/target-$c"
        (cd "$work/$c" && /usr/bin/time -o "$work/time" -f "%e %U %S" \
            env CARGO_TARGET_DIR="$work/target-$c" cargo build -q --offline)
        read -r wall user sys <"$work/time"
        cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
        echo "$c: wall $wall s, user $user s, sys $sys s"
        echo "$c $wall $cpu" >>"$work/rounds"
    done
done
if ((rounds > 1)); then
    median() { # median CRATE COLUMN
        awk -v c="$1" -v k="$2" '$1 == c { print $k }' "$work/rounds" | sort -g |
            awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
    }
    # Each median against both fluent-uri builds: the registry one (how a
    # crates.io dependent builds it, and what a build without incremental
    # compilation compares with) and the path one (incremental, as the
    # plain uridfa path dependency).
    rw=$(median dep-fluent 2)
    rc=$(median dep-fluent 3)
    pw=$(median dep-fluent-path 2)
    pc=$(median dep-fluent-path 3)
    for c in "${crates[@]}"; do
        w=$(median "$c" 2)
        p=$(median "$c" 3)
        awk -v c="$c" -v w="$w" -v p="$p" -v rw="$rw" -v rc="$rc" -v pw="$pw" -v pc="$pc" -v n="$rounds" 'BEGIN {
            printf "%s: median of %d: wall %.2f s, cpu %.2f s; against fluent-uri from the registry wall %.2fx, cpu %.2fx; as a path dependency wall %.2fx, cpu %.2fx\n",
                c, n, w, p, w / rw, p / rc, w / pw, p / pc }'
    done
fi
