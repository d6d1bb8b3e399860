#!/usr/bin/env bash
# Per-grammar instructions per input (benches/grammars.rs): for each
# built-in grammar, cachegrind's instruction count of one pass of
# `validate` and of `split` over its generated inputs, minus the harness
# alone (`--engine none`), divided by the number of inputs.
# Usage: bash benches/grammars/cachegrind.sh [BINARY]
# (default: the newest target/release/deps/grammars-*; build it with
# `cargo bench -p uridfa --bench grammars --no-run`).
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-$(ls -t target/release/deps/grammars-* | grep -v '\.d$' | head -1)}
count() { # count GRAMMAR ENGINE: instructions
    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
        "$bin" --grammar "$1" --engine "$2" 2>&1 |
        awk '/I *refs/ { gsub(",", "", $NF); print $NF }'
}
"$bin" --engine none >/dev/null # writes target/grammar-inputs/ on the first run
printf '%-36s %9s %9s\n' grammar validate split
for f in target/grammar-inputs/*.txt; do
    g=$(basename "$f" .txt)
    n=$(wc -l <"$f")
    none=$(count "$g" none)
    v=$(count "$g" validate)
    s=$(count "$g" split)
    awk -v g="$g" -v n="$n" -v z="$none" -v v="$v" -v s="$s" \
        'BEGIN { printf "%-36s %9.1f %9.1f\n", g, (v - z) / n, (s - z) / n }'
done
