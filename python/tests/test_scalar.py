"""The scalar functions against the specification's own examples."""

from __future__ import annotations

import json

import pytest

import uridfa


def test_parse_absent_and_empty():
    # RFC 3986 §5.2 tells an absent component from an empty one.
    p = uridfa.parse("http://a?")
    assert p.query == "" and p.fragment is None and p.port is None
    assert p.path == ""
    p = uridfa.parse("//h:/p#")
    assert p.scheme is None and p.port == "" and p.fragment == ""
    assert p["host"] == "h"
    assert p.to_dict()["path"] == "/p"
    with pytest.raises(AttributeError):
        p.nothing


def test_parse_raises_parse_error():
    with pytest.raises(uridfa.ParseError) as e:
        uridfa.parse("http://a/b c")
    assert e.value.offset == 10 and e.value.row is None
    assert e.value.component == "path"
    assert uridfa.is_valid(b"http://a") and not uridfa.is_valid(b"http://a/\xff")
    with pytest.raises(TypeError):
        uridfa.parse(5)


def test_resolve_rfc3986_section_5_4(shared):
    n = 0
    for line in (shared / "corpora/rfc3986-5.4-examples.jsonl").read_text().splitlines():
        case = json.loads(line)
        if case.get("rfc") != "RFC3986":
            continue
        algorithm = "rfc3986" if case.get("strict", True) else "rfc3986-nonstrict"
        assert uridfa.resolve(case["base"], case["ref"], algorithm) == case["expected"], case
        n += 1
    assert n >= 40


def test_make_relative_resolves_back():
    base = "http://a/b/c/d;p?q"
    for target in ("http://a/b/x/y?z", "http://a/g", "http://b/c", "http://a/b/c/d;p?q#f"):
        rel = uridfa.make_relative(base, target)
        assert uridfa.resolve(base, rel) == target


def test_normalize_and_equivalent():
    # RFC 3986 §6.2.2: case, percent-encoding and dot-segment normalization.
    assert uridfa.normalize("HTTP://www.Example.COM/a/./b/../c/%7euser") == "http://www.example.com/a/c/~user"
    assert uridfa.equivalent("example://a/b/c/%7Bfoo%7D", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d")
    assert not uridfa.equivalent("http://a/b", "http://a/B")
    assert uridfa.normalize("HTTP://A/%7e", steps="case") == "http://a/%7E"
    with pytest.raises(ValueError, match="unknown normalization steps"):
        uridfa.normalize("http://a", steps="dots")
    with pytest.raises(ValueError):
        uridfa.resolve("http://a", "b", algorithm="rfc1808")


def test_columnar_resolve_and_normalize(shared):
    pa = pytest.importorskip("pyarrow")
    cases = [json.loads(l) for l in (shared / "corpora/rfc3986-5.4-examples.jsonl").read_text().splitlines()]
    cases = [c for c in cases if c.get("rfc") == "RFC3986" and c.get("strict", True) and c["base"] == "http://a/b/c/d;p?q"]
    refs = [c["ref"] for c in cases]
    got = pa.array(uridfa.resolve("http://a/b/c/d;p?q", refs + [None, "a b"])).to_pylist()
    assert got == [c["expected"] for c in cases] + [None, None]
    assert pa.chunked_array(uridfa.resolve("http://a/b/c/d;p?q", pa.chunked_array([refs[:3], refs[3:]]))).to_pylist() == [c["expected"] for c in cases]
    with pytest.raises(ValueError, match="row 1"):
        uridfa.resolve("http://a/", ["g", "a b"], errors="raise")
    vals = ["HTTP://www.Example.COM/a/./b/../c/%7euser", None, "a b", "http://a/%7e"]
    assert pa.array(uridfa.normalize(pa.array(vals, type=pa.large_string()))).to_pylist() == [
        "http://www.example.com/a/c/~user", None, None, "http://a/~",
    ]
    assert pa.array(uridfa.normalize(vals, steps="case")).to_pylist()[3] == "http://a/%7E"
