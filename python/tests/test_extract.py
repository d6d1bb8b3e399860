"""uridfa.extract, the URIs in running text: the same URIs and byte spans as
the `uridfa extract` command (the oracle) finds in texts made from the
corpora, for several grammars and options; and, on arbitrary text and
bytes, no exception and the same rows column by column as row by row."""

from __future__ import annotations

import json
import random
import re
import subprocess

import pytest
from hypothesis import given, settings, strategies as st

import uridfa

from conftest import require
from test_differential import corpus_inputs

pa = pytest.importorskip("pyarrow")

# How a URI sits in prose (RFC 3986 Appendix C and RFC 1738's `URL:`), with
# `{}` for the URI.
WRAPPERS = [
    "{}",
    "<{}>",
    "<URL:{}>",
    '"{}"',
    "({})",
    "{}.",
    "{},",
    "see {} now",
    "<{}>\n",
]
PROSE = ["", " ", "\n", "Text ", " and ", "; ", "\t", "é ", "the page at ", "(", ")"]


def texts_of(inputs: list[str], n: int, seed: int) -> list[bytes]:
    """`n` texts, each two to six corpus inputs in wrappers and prose; some
    with a URI broken over lines inside angle brackets, some with bytes
    that are not UTF-8."""
    rng = random.Random(seed)
    out = []
    for k in range(n):
        parts = []
        for _ in range(rng.randrange(2, 7)):
            u = rng.choice(inputs)
            w = rng.choice(WRAPPERS)
            if w.startswith("<") and len(u) > 12 and rng.random() < 0.2:
                i = rng.randrange(8, len(u))
                u = u[:i] + "\n   " + u[i:]
            parts.append(rng.choice(PROSE) + w.format(u))
        text = "".join(parts).encode()
        if k % 10 == 0:
            i = rng.randrange(len(text) + 1)
            text = text[:i] + rng.choice([b"\xff", b"\xc3", b"\x80\x80", b"\x00"]) + text[i:]
        out.append(text)
    return out


def cli_extract(cli, tmp_path, texts: list[bytes], args: list[str]) -> list[list[dict]]:
    """`uridfa extract ARGS FILE...` with one file per text: per text, the
    URIs it found as `{uri, start, end}`."""
    paths = []
    for i, t in enumerate(texts):
        p = tmp_path / f"t{i}.txt"
        p.write_bytes(t)
        paths.append(str(p))
    proc = subprocess.run([cli.path, "extract", *args, *paths], capture_output=True, check=False)
    assert proc.returncode in (0, 1), proc.stderr.decode()
    by_file: dict[str, list[dict]] = {p: [] for p in paths}
    for line in proc.stdout.decode().splitlines():
        obj = json.loads(line)
        by_file[obj["file"]].append({"uri": obj["uri"], "start": obj["offset"], "end": obj["end"]})
    return [by_file[p] for p in paths]


CASES = [
    ("rfc3986", []),
    ("rfc3986", ["--abbreviated", "--any-scheme"]),
    ("rfc3987", []),
    ("rfc1738", ["--abbreviated"]),
]


@pytest.mark.parametrize("grammar,args", CASES)
def test_matches_cli(grammar, args, cli, shared, tmp_path):
    texts = texts_of(corpus_inputs(shared), 400, seed=len(args) + len(grammar))
    want = cli_extract(cli, tmp_path, texts, ["--grammar", grammar, *args])
    assert sum(map(len, want)) > 400, "the texts should hold many URIs"
    got = pa.array(
        uridfa.extract(
            pa.array(texts, type=pa.binary()),
            grammar,
            abbreviated="--abbreviated" in args,
            any_scheme="--any-scheme" in args,
        )
    )
    got.validate(full=True)
    rows = got.to_pylist()
    bad = [(t, g, w) for t, g, w in zip(texts, rows, want) if g != w]
    assert not bad, f"{len(bad)} of {len(texts)} texts differ, first: {bad[0]}"


def test_layouts_nulls_and_chunks(shared):
    texts = [t.decode("utf-8", "replace") for t in texts_of(corpus_inputs(shared), 50, seed=7)]
    values = texts[:20] + [None] + texts[20:]
    want = pa.array(uridfa.extract(values)).to_pylist()
    assert want[20] is None
    assert any(want) and all(isinstance(r, list) for i, r in enumerate(want) if i != 20)
    for t in (pa.string(), pa.large_string(), pa.string_view(), pa.binary(), pa.large_binary(), pa.binary_view()):
        assert pa.array(uridfa.extract(pa.array(values, type=t))).to_pylist() == want, t
        assert pa.array(uridfa.extract(pa.array(values, type=t).slice(3))).to_pylist() == want[3:], t
    chunked = pa.chunked_array([values[:10], values[10:], []], type=pa.string())
    got = pa.chunked_array(uridfa.extract(chunked))
    assert got.num_chunks == 3 and got.to_pylist() == want
    assert pa.array(uridfa.extract([])).to_pylist() == []
    assert pa.array(uridfa.extract([""])).to_pylist() == [[]]


def test_spans_and_fields():
    got = pa.array(uridfa.extract(["a <http://x/\n  y> (http://a/b). é http://c/d, urn:a:b"])).to_pylist()[0]
    t = "a <http://x/\n  y> (http://a/b). é http://c/d, urn:a:b".encode()
    assert [r["uri"] for r in got] == ["http://x/y", "http://a/b", "http://c/d", "urn:a:b"]
    for r in got:
        assert re.sub(rb"[ \t\n\x0b\x0c\r]", b"", t[r["start"] : r["end"]]).decode() == r["uri"]
    assert pa.array(uridfa.extract(["www.example.com/x"], abbreviated=True)).to_pylist()[0][0]["uri"] == "www.example.com/x"
    assert pa.array(uridfa.extract(["www.example.com/x"])).to_pylist() == [[]]
    assert pa.array(uridfa.extract(["tel:+1-201-555-0123"], any_scheme=True)).to_pylist()[0][0]["uri"] == "tel:+1-201-555-0123"
    g = pa.array(uridfa.Grammar.builtin("rfc3987").extract(["<http://é.example/>"])).to_pylist()
    assert g == [[{"uri": "http://é.example/", "start": 1, "end": 19}]]
    with pytest.raises(TypeError):
        uridfa.extract("one text")
    with pytest.raises(ValueError, match="no entry rule"):
        uridfa.extract(["x"], rule="nope")


def test_threads_give_the_same_array(shared):
    texts = [t.decode("utf-8", "replace") for t in texts_of(corpus_inputs(shared), 9000, seed=3)]
    one = pa.array(uridfa.extract(texts, threads=1))
    two = pa.array(uridfa.extract(texts, threads=2))
    assert one.equals(two)


def test_engines():
    pl = require("polars")
    duckdb = require("duckdb")
    import uridfa.duckdb
    import uridfa.polars  # noqa: F401

    texts = ["see <http://a/b> and http://c/", None, "none here"]
    want = pa.array(uridfa.extract(texts)).to_pylist()
    df = pl.DataFrame({"t": texts})
    assert df.select(pl.col("t").uri.extract())["t"].to_list() == want
    con = duckdb.connect()
    uridfa.duckdb.register(con)
    con.register("docs", pa.table({"t": pa.array(texts, type=pa.string())}))
    rows = con.sql("SELECT uri_extract(t) FROM docs").fetchall()
    assert [r[0] for r in rows] == want


texts_st = st.lists(
    st.one_of(
        st.none(),
        st.text(alphabet=st.sampled_from(list("htp:/<>\"()., \n\twwéa1-_~%#?[]@URL")), max_size=60),
        st.text(max_size=40),
    ),
    max_size=20,
)
bytes_st = st.lists(st.one_of(st.none(), st.binary(max_size=40)), max_size=20)


def check(vs, **opts):
    got = pa.array(uridfa.extract(vs, **opts))
    got.validate(full=True)
    rows = got.to_pylist()
    assert len(rows) == len(vs)
    for v, row in zip(vs, rows):
        if v is None:
            assert row is None
            continue
        assert row == pa.array(uridfa.extract([v], **opts)).to_pylist()[0]
        b = v.encode() if isinstance(v, str) else v
        for r in row:
            assert 0 <= r["start"] < r["end"] <= len(b)


@settings(max_examples=150, deadline=None)
@given(texts_st, st.booleans(), st.booleans())
def test_any_text(vs, abbreviated, any_scheme):
    check(vs, abbreviated=abbreviated, any_scheme=any_scheme)


@settings(max_examples=150, deadline=None)
@given(bytes_st)
def test_any_bytes(vs):
    check(vs)
    check(vs, grammar="rfc3987")
