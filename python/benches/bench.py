"""Side-by-side timings in one process: uridfa's columnar split against
Polars' RFC 3986 Appendix B regex and urllib.parse.urlsplit, the scalar
parse against urlsplit, two threads against one, the Polars namespace
against the direct call, and the Rust per-URL split loop (no Arrow output)
for scale. Best of ROUNDS runs each, in nanoseconds per URL.

    python python/benches/bench.py [--rounds 5] [KASZTP] [QUERIES]

KASZTP defaults to ../shared/corpora/urls/kasztp.txt, QUERIES to
benches/data/queries.txt (the query-heavy corpus of the Rust benches).
"""

from __future__ import annotations

import argparse
import pathlib
import platform
import time
import urllib.parse

import polars as pl
import pyarrow as pa

import uridfa
import uridfa.polars  # noqa: F401
from uridfa._uridfa import _split_loop_ns, _static_loop_ns

REPO = pathlib.Path(__file__).resolve().parents[2]
# RFC 3986 Appendix B: splits anything, validates nothing.
STATIC = "Rust loop: UriRef::parse + 8 reads (no Arrow output)"
DYNAMIC = "Rust loop: split_with + lists, any grammar (no Arrow)"
APPENDIX_B = r"^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?"


def best(f, n: int, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        t = time.perf_counter_ns()
        f()
        times.append(time.perf_counter_ns() - t)
    return min(times) / n


def parse_all(urls: list[str]) -> list:
    out = []
    parse, error = uridfa.parse, uridfa.ParseError
    for u in urls:
        try:
            out.append(parse(u))
        except error:
            out.append(None)
    return out


def run(name: str, path: pathlib.Path, rounds: int) -> None:
    urls = [u for u in path.read_text(encoding="utf-8").splitlines() if u]
    # A small corpus is repeated to at least 40,000 rows, so that `threads`
    # splits it (one thread per 4,096 rows at most) and a call's fixed cost
    # is spread as over kasztp.
    copies = -(-40_000 // len(urls))
    urls = urls * copies
    n = len(urls)
    arr = pa.array(urls, type=pa.string())
    ser = pl.Series("url", urls)
    df = pl.DataFrame({"url": ser})
    nbytes = sum(len(u.encode()) for u in urls)
    # Each measured call's result is checked once before timing.
    r = pa.array(uridfa.split(arr, threads=1))
    assert len(r) == n
    assert pa.array(uridfa.split(arr, threads=2)).equals(r)
    rows = {
        "uridfa.split, 1 thread (Arrow in, struct out)": best(lambda: uridfa.split(arr, threads=1), n, rounds),
        "uridfa.split, 2 threads": best(lambda: uridfa.split(arr, threads=2), n, rounds),
        "uridfa.validate, 1 thread": best(lambda: uridfa.validate(arr, threads=1), n, rounds),
        STATIC: _static_loop_ns(arr, rounds=rounds),
        DYNAMIC: _split_loop_ns(arr, rounds=rounds),
        "Polars pl.col.uri.split() (namespace)": best(lambda: df.select(pl.col("url").uri.split()), n, rounds),
        "uridfa.split of a Polars Series": best(lambda: uridfa.split(ser, threads=1), n, rounds),
        "Polars str.extract_groups, Appendix B regex": best(lambda: ser.str.extract_groups(APPENDIX_B), n, rounds),
        "urllib.parse.urlsplit loop": best(lambda: [urllib.parse.urlsplit(u) for u in urls], n, rounds),
        "uridfa.parse loop (scalar)": best(lambda: parse_all(urls), n, rounds),
    }
    base = rows["uridfa.split, 1 thread (Arrow in, struct out)"]
    print(f"\n{name}: {n} URLs ({copies} cop{'y' if copies == 1 else 'ies'}), {nbytes / n:.1f} bytes per URL, best of {rounds}")
    print(f"{'way':58} {'ns/URL':>9} {'÷ split':>8}")
    for k, v in rows.items():
        print(f"{k:58} {v:9.1f} {v / base:8.2f}")
    one = rows["uridfa.split, 1 thread (Arrow in, struct out)"]
    two = rows["uridfa.split, 2 threads"]
    polars = rows["Polars str.extract_groups, Appendix B regex"]
    urlsplit = rows["urllib.parse.urlsplit loop"]
    print(f"two threads: {one / two:.2f}x one; split / static Rust loop: {one / rows[STATIC]:.2f}; "
          f"split / dynamic Rust loop: {one / rows[DYNAMIC]:.2f}; Polars regex / split: {polars / one:.2f}; "
          f"urlsplit / split: {urlsplit / one:.2f}")
    print(f"urlsplit / parse: {urlsplit / rows['uridfa.parse loop (scalar)']:.2f}; "
          f"namespace / direct: {rows['Polars pl.col.uri.split() (namespace)'] / rows['uridfa.split of a Polars Series']:.2f}")

def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("kasztp", nargs="?", default=str(REPO.parent / "shared/corpora/urls/kasztp.txt"))
    ap.add_argument("queries", nargs="?", default=str(REPO / "benches/data/queries.txt"))
    a = ap.parse_args()
    print(f"{platform.processor() or platform.machine()}, Python {platform.python_version()}, "
          f"pyarrow {pa.__version__}, polars {pl.__version__}")
    run("kasztp", pathlib.Path(a.kasztp), a.rounds)
    run("queries", pathlib.Path(a.queries), a.rounds)


if __name__ == "__main__":
    main()
