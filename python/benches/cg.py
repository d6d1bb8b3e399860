"""One call to count instructions of, under callgrind:

    valgrind --tool=callgrind python python/benches/cg.py WAY [queries]

WAY is `split` (`uridfa.split(arr, threads=1)`), `dynamic`
(`_split_loop_ns(arr, rounds=1)`) or `static` (`_static_loop_ns(arr,
rounds=1)`), over kasztp (../shared/corpora/urls/kasztp.txt) or, with
`queries`, the query-heavy set repeated 20 times, as a `string` array.
Read the inclusive instructions of the `__pyfunction_...` line of
`callgrind_annotate --inclusive=yes`, and divide by the URLs printed.
"""

from __future__ import annotations

import pathlib
import sys

import pyarrow as pa

import uridfa
from uridfa._uridfa import _split_loop_ns, _static_loop_ns

REPO = pathlib.Path(__file__).resolve().parents[2]


def main() -> None:
    way = sys.argv[1]
    if len(sys.argv) > 2 and sys.argv[2] == "queries":
        urls = (REPO / "benches/data/queries.txt").read_text(encoding="utf-8").splitlines() * 20
    else:
        urls = (REPO.parent / "shared/corpora/urls/kasztp.txt").read_text(encoding="utf-8").splitlines()
    arr = pa.array([u for u in urls if u], type=pa.string())
    calls = {
        "split": lambda: uridfa.split(arr, threads=1),
        "dynamic": lambda: _split_loop_ns(arr, rounds=1),
        "static": lambda: _static_loop_ns(arr, rounds=1),
    }
    calls[way]()
    print(len(arr), "URLs")


if __name__ == "__main__":
    main()
