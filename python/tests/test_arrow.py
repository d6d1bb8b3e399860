"""Arrow in and out: every string and binary layout, sliced and chunked
arrays, nulls, empty columns, invalid UTF-8, a large value, non-string
columns, threads, and components as views into the input's buffer."""

from __future__ import annotations

import pytest

import uridfa

pa = pytest.importorskip("pyarrow")

URLS = [
    "http://user@example.com:8080/a/b?q=1#f",
    None,
    "",
    "mailto:x@y",
    "bad url",
    "//[::1]/p",
    "http://192.168.0.1/a-rather-long-path-segment",
]

# RFC 3986 §3: the components of the first URL, written from the text.
FIRST = {
    "scheme": "http",
    "authority": "user@example.com:8080",
    "userinfo": "user",
    "host": "example.com",
    "port": "8080",
    "path": "/a/b",
    "query": "q=1",
    "fragment": "f",
    "host_kind": "reg-name",
    "valid": True,
    "error_offset": None,
    "error": None,
}

LAYOUTS = [pa.string(), pa.large_string(), pa.string_view(), pa.binary(), pa.large_binary(), pa.binary_view()]


def is_binary(t):
    return pa.types.is_binary(t) or pa.types.is_large_binary(t) or pa.types.is_binary_view(t)


def rows(r):
    a = pa.array(r)
    # Every view in bounds and UTF-8 (Note [unchecked component views]).
    a.validate(full=True)
    return a.to_pylist()


@pytest.mark.parametrize("typ", LAYOUTS, ids=str)
def test_every_layout_gives_the_same_rows(typ):
    values = [None if u is None else (u.encode() if is_binary(typ) else u) for u in URLS]
    got = rows(uridfa.split(pa.array(values, type=typ)))
    want = rows(uridfa.split(URLS))
    assert got == want
    assert got[0] == FIRST
    assert got[1] is None
    assert got[2]["valid"] and got[2]["path"] == "" and got[2]["scheme"] is None
    assert got[4]["valid"] is False and got[4]["error_offset"] == 3
    assert got[5]["host"] == "[::1]" and got[5]["host_kind"] == "IPv6address"
    assert got[6]["host_kind"] == "IPv4address"
    assert pa.array(uridfa.validate(pa.array(values, type=typ))).to_pylist() == [
        True, None, True, True, False, True, True,
    ]


@pytest.mark.parametrize("typ", LAYOUTS, ids=str)
def test_sliced_arrays(typ):
    is_bin = is_binary(typ)
    values = [None if u is None else (u.encode() if is_bin else u) for u in URLS * 3]
    arr = pa.array(values, type=typ)
    for start in (1, 3, 8):
        sl = arr.slice(start, 9)
        assert rows(uridfa.split(sl)) == rows(uridfa.split(URLS * 3))[start : start + 9]


def test_chunked_arrays_give_chunked_results():
    ch = pa.chunked_array([URLS[:3], URLS[3:], []], type=pa.string())
    r = uridfa.split(ch)
    out = pa.chunked_array(r)
    assert out.num_chunks == 3
    assert out.to_pylist() == rows(uridfa.split(URLS))
    v = pa.chunked_array(uridfa.validate(ch))
    assert v.to_pylist() == [True, None, True, True, False, True, True]


def test_empty_columns():
    for values in ([], pa.array([], type=pa.string()), pa.chunked_array([], type=pa.string())):
        assert len(pa.array(uridfa.split(values)) if not isinstance(values, pa.ChunkedArray) else pa.chunked_array(uridfa.split(values))) == 0


def test_all_null_column():
    assert rows(uridfa.split([None, None])) == [None, None]
    assert rows(uridfa.split(pa.nulls(2, type=pa.string()))) == [None, None]


def test_invalid_utf8_in_binary_is_an_invalid_row():
    # 0xFF is no URI character (RFC 3986 §2): invalid where it stands.
    r = rows(uridfa.split(pa.array([b"http://a/\xff", b"http://a/b"], type=pa.binary())))
    assert r[0]["valid"] is False and r[0]["error_offset"] == 9
    assert r[1]["valid"] is True
    # A run-time grammar that accepts any byte: the row is not UTF-8.
    g = uridfa.Grammar.from_abnf(";@ entry any\n;@ capture x\nany = *x\nx = %x00-FF\n")
    r = rows(g.split(pa.array([b"ab\xffc", b"\xc3\xa9", b"ok"], type=pa.binary())))
    assert r[0]["valid"] is False and r[0]["error_offset"] == 2
    assert r[0]["error"] == "invalid UTF-8 at 2"
    # é is two bytes; a capture of one byte cuts it.
    assert r[1]["valid"] is False and r[1]["error_offset"] == 1
    assert r[2]["valid"] is True


def test_non_string_columns_are_a_type_error():
    for bad in (pa.array([1, 2]), pa.array([1.5]), pa.array([True]), [1, 2], ["a", 3], 7):
        with pytest.raises(TypeError):
            uridfa.split(bad)
        with pytest.raises(TypeError):
            uridfa.validate(bad)
    with pytest.raises(TypeError, match="one value"):
        uridfa.split("http://a")


def test_a_100_mb_value():
    big = "http://a/" + "b" * (100 * 1024 * 1024)
    r = pa.array(uridfa.split([big, "http://c/d"], threads=2))
    assert r.field("valid").to_pylist() == [True, True]
    assert len(r.field("path")[0].as_py()) == len(big) - len("http://a")
    bad = big + " "
    r = pa.array(uridfa.split([bad]))
    assert r.field("error_offset").to_pylist() == [len(big)]


def test_threads_give_identical_results():
    values = pa.array((URLS * 5000)[:30011])
    one = pa.array(uridfa.split(values, threads=1))
    for t in (2, 3, 7):
        assert pa.array(uridfa.split(values, threads=t)).equals(one)
        assert pa.array(uridfa.validate(values, threads=t)).equals(pa.array(uridfa.validate(values, threads=1)))


def test_components_are_views_into_the_input_buffer():
    values = pa.array(["http://example.com/a-path-longer-than-twelve?q"] * 3)
    data = values.buffers()[2]
    r = pa.array(uridfa.split(values))
    path = r.field("path")
    assert path.type == pa.string_view()
    # A view array's buffers: validity, views, then the data buffers.
    bufs = [b for b in path.buffers()[2:] if b is not None]
    assert any(b.address == data.address for b in bufs)


def test_errors_raise():
    with pytest.raises(uridfa.ParseError) as e:
        uridfa.split(["http://a", None, "http://a b"], errors="raise")
    assert isinstance(e.value, ValueError)
    assert e.value.row == 2 and e.value.offset == 8
    assert e.value.component == "authority"
    assert e.value.expected is not None and "pchar" in e.value.expected
    ch = pa.chunked_array([["http://a"], ["x", "a b"]])
    with pytest.raises(uridfa.ParseError) as e:
        uridfa.split(ch, errors="raise")
    assert e.value.row == 2
    with pytest.raises(ValueError):
        uridfa.split(["a"], errors="ignore")


def test_errors_empty():
    values = ["http://a/b?q", None, "http://a b", ""]
    null = rows(uridfa.split(values))
    got = pa.array(uridfa.split(values, errors="empty"))
    got.validate(full=True)
    empty = got.to_pylist()
    assert empty[0] == null[0] and empty[1] is None and empty[3] == null[3]
    bad = empty[2]
    assert bad["valid"] is False and bad["error_offset"] == 8 and bad["error"] == null[2]["error"]
    components = [k for k in bad if k not in ("valid", "error_offset", "error")]
    assert components and all(bad[k] == "" for k in components)
    # A grammar with a repeated capture: an empty list.
    m = pa.array(uridfa.Grammar.builtin("rfc6068").split(["mailto:a@b.example", "mailto:a b"], errors="empty")).to_pylist()
    assert m[1]["addr-spec"] == [] and m[1]["valid"] is False
    assert all(v == "" for k, v in m[1].items() if not isinstance(v, (list, bool, int)) and k != "error")
    # The Polars namespace passes it on; resolve and normalize take it too.
    pl = pytest.importorskip("polars")
    pytest.importorskip("uridfa.polars")
    s = pl.DataFrame({"u": values}).select(pl.col("u").uri.split(errors="empty"))["u"]
    assert s.to_list() == empty
    assert pa.array(uridfa.normalize(["HTTP://A/", "a b", None], errors="empty")).to_pylist() == ["http://a/", "", None]
    assert pa.array(uridfa.resolve("http://a/b", ["c", "a b", None], errors="empty")).to_pylist() == ["http://a/c", "", None]


def test_nanoarrow_input():
    na = pytest.importorskip("nanoarrow")
    arr = na.c_array(["http://a/b", "x y"], na.string())
    assert rows(uridfa.split(arr)) == rows(uridfa.split(["http://a/b", "x y"]))


def test_results_read_by_polars_without_pyarrow_conversion():
    pl = pytest.importorskip("polars")
    s = pl.Series(uridfa.split(["http://a/b", "x y"]))
    assert s.struct.field("host").to_list() == ["a", None]
    assert s.struct.field("valid").to_list() == [True, False]
