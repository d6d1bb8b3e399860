"""Peak memory of `uridfa.split` on a column of 1,000,000 kasztp URLs: the
growth of the process's peak resident set during the call, against the
input's Arrow bytes plus the output's own Arrow bytes (its views, validity
and error buffers; the component bytes are the input's).

    python python/benches/memory.py [KASZTP]
"""

from __future__ import annotations

import pathlib
import resource
import sys

import pyarrow as pa

import uridfa

REPO = pathlib.Path(__file__).resolve().parents[2]


def peak() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def own_bytes(arr: pa.Array, shared: set[int]) -> int:
    """Bytes of `arr`'s buffers (and its children's) not in `shared`."""
    total = 0
    for b in arr.buffers():
        if b is not None and b.address not in shared:
            shared.add(b.address)
            total += b.size
    return total


def write_column(path: str, out: str) -> None:
    urls = [u for u in pathlib.Path(path).read_text(encoding="utf-8").splitlines() if u]
    urls = (urls * (1_000_000 // len(urls) + 1))[:1_000_000]
    table = pa.table({"url": pa.array(urls, type=pa.string())})
    with pa.OSFile(out, "wb") as f, pa.ipc.new_file(f, table.schema) as w:
        w.write_table(table)


def main() -> None:
    path = sys.argv[1] if len(sys.argv) > 1 else str(REPO.parent / "shared/corpora/urls/kasztp.txt")
    import subprocess
    import tempfile

    # The column is written by another process and read here from an Arrow
    # file, so that no Python list has raised this process's peak before.
    ipc = pathlib.Path(tempfile.mkdtemp()) / "urls.arrow"
    subprocess.run([sys.executable, __file__, "--write", path, str(ipc)], check=True)
    arr = pa.ipc.open_file(pa.OSFile(str(ipc))).read_all().column("url").combine_chunks()
    in_bytes = arr.nbytes
    before = peak()
    r = pa.array(uridfa.split(arr, threads=1))
    after = peak()
    shared = {b.address for b in arr.buffers() if b is not None}
    out_bytes = sum(own_bytes(r.field(i), shared) for i in range(r.type.num_fields)) + own_bytes(r, shared)
    grew = after - before
    print(f"1,000,000 rows: input {in_bytes / 1e6:.1f} MB, output's own buffers {out_bytes / 1e6:.1f} MB, "
          f"peak RSS grew {grew / 1e6:.1f} MB during split: {grew / (in_bytes + out_bytes):.2f}x input + output "
          f"(goal at most 2x)")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--write"]:
        write_column(sys.argv[2], sys.argv[3])
    else:
        main()
