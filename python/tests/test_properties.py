"""Properties over arbitrary text and bytes: no exception with
errors="null", and the columnar results equal the scalar ones row by row."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

import uridfa

pa = pytest.importorskip("pyarrow")

URIish = st.text(alphabet=st.sampled_from(list(":/?#[]@!$&'()*+,;=%-._~ azAZ09é€\x00\x7f")), max_size=40)
values = st.lists(st.one_of(st.none(), st.text(max_size=30), URIish), max_size=30)
byte_values = st.lists(st.one_of(st.none(), st.binary(max_size=30)), max_size=30)


def scalar_row(g, v):
    try:
        d = g.parse(v).to_dict()
    except uridfa.ParseError as e:
        return {"valid": False, "error_offset": e.offset, "error": e.error}
    d.update(valid=True, error_offset=None, error=None)
    return d


def check(g, vs):
    arr = pa.array(g.split(vs))
    arr.validate(full=True)
    got = arr.to_pylist()
    valid = pa.array(g.validate(vs)).to_pylist()
    for v, row, ok in zip(vs, got, valid):
        if v is None:
            assert row is None and ok is None
            continue
        want = scalar_row(g, v)
        assert ok == want["valid"] == g.is_valid(v)
        if want["valid"]:
            assert row == want
        else:
            assert {k: row[k] for k in ("valid", "error_offset", "error")} == want


@settings(max_examples=150, deadline=None)
@given(values, st.sampled_from(["rfc3986", "rfc3987", "rfc6068", "rfc1738"]))
def test_text(vs, name):
    check(uridfa.Grammar.builtin(name), vs)


@settings(max_examples=150, deadline=None)
@given(byte_values)
def test_bytes(vs):
    check(uridfa.Grammar.builtin("rfc3986"), vs)
    anybyte = uridfa.Grammar.from_abnf(";@ entry any\n;@ capture x\nany = *x\nx = %x00-FF\n")
    check(anybyte, vs)
