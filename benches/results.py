#!/usr/bin/env python3
"""Prints Markdown tables for docs/BENCHMARKS.md from criterion's JSON.

Run after `cargo bench -p uridfa --bench parse`, from the workspace root:

    python3 benches/results.py [target/criterion]

Times are criterion's median per iteration (one iteration = the whole
input) with its 95% confidence interval; MB/s is decimal (10^6 bytes);
"vs uridfa" is the parser's time divided by uridfa's for the same
operation (above 1: uridfa is faster).
"""

import json
import os
import sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else "target/criterion"
ORDER = ["uridfa", "uridfa-runtime", "fluent-uri", "iri-string", "oxiri", "uriparse", "http", "url"]


def load(group_dir):
    """{function_id: (median, lo, hi, bytes)} for one group directory."""
    out = {}
    base = os.path.join(ROOT, group_dir)
    for fid in sorted(os.listdir(base)):
        new = os.path.join(base, fid, "new")
        if not os.path.isdir(new):
            continue
        with open(os.path.join(new, "benchmark.json")) as f:
            bench = json.load(f)
        with open(os.path.join(new, "estimates.json")) as f:
            est = json.load(f)
        med = est["median"]
        out[bench["function_id"]] = (
            med["point_estimate"],
            med["confidence_interval"]["lower_bound"],
            med["confidence_interval"]["upper_bound"],
            bench["throughput"]["Bytes"],
        )
    return out


def fmt_time(ns):
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3g} {unit}"
    return f"{ns:.3g} ns"


def table(title, rows, base):
    print(f"### {title}\n")
    print("| parser | time / iteration (median [95% CI]) | MB/s | vs uridfa |")
    print("|---|---|---:|---:|")
    for name in ORDER:
        if name not in rows:
            continue
        med, lo, hi, nbytes = rows[name]
        mbs = nbytes / med * 1e9 / 1e6
        print(
            f"| {name} | {fmt_time(med)} [{fmt_time(lo)} – {fmt_time(hi)}] "
            f"| {mbs:.0f} | {med / base:.2f} |"
        )
    print()


def main():
    groups = sorted(os.listdir(ROOT))
    headline = None
    for op in ("validate", "split"):
        for g in groups:
            if g.startswith(op + "_"):
                corpus = g.split("_", 1)[1]
                rows = load(g)
                table(f"`{op}/{corpus}`", rows, rows["uridfa"][0])
                if op == "split" and "fluent-uri" in rows:
                    headline = (corpus, rows["uridfa"][0] / rows["fluent-uri"][0])
    for g in groups:
        if g.startswith("long_"):
            rows = load(g)
            for op in ("validate", "split"):
                sub = {k.split("/", 1)[1]: v for k, v in rows.items() if k.startswith(op + "/")}
                if sub:
                    table(f"`{g.replace('_', '/', 1)}` {op}", sub, sub["uridfa"][0])
    if headline:
        print(
            f"**Headline: uridfa `split` / fluent-uri parse on {headline[0]} = "
            f"{headline[1]:.2f}** (target ≤ 1.0)"
        )


main()
