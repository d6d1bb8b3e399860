"""Grammars at run time: built in, from ABNF text, from a file; compile
errors as GrammarError with the command's file:line:col text; lint;
pickling by source."""

from __future__ import annotations

import pickle

import pytest

import uridfa

from conftest import REPO

pa = pytest.importorskip("pyarrow")

DATE = """\
;@ entry date
;@ capture year month day
date  = year "-" month "-" day
year  = 4DIGIT
month = 2DIGIT
day   = 2DIGIT
"""


def test_builtin_and_unknown():
    g = uridfa.Grammar.builtin("rfc3986")
    assert g.name == "rfc3986"
    assert g.entries[0] == "URI-reference"
    assert g.fields()[:2] == ["scheme", "authority"]
    assert g.fields()[-3:] == ["valid", "error_offset", "error"]
    with pytest.raises(ValueError, match="unknown grammar"):
        uridfa.Grammar.builtin("rfc9999")
    with pytest.raises(ValueError, match="no entry rule"):
        g.split(["a"], rule="nope")
    assert set(uridfa.GRAMMARS) >= {"rfc3986", "rfc3987", "rfc6068", "rfc8141"}


def test_from_abnf_splits_and_validates():
    g = uridfa.Grammar.from_abnf(DATE)
    r = pa.array(g.split(["2024-02-29", "2024-2-29", None])).to_pylist()
    assert r[0] == {"year": "2024", "month": "02", "day": "29", "valid": True, "error_offset": None, "error": None}
    assert r[1]["valid"] is False and r[1]["error_offset"] == 6
    assert r[2] is None
    assert pa.array(g.validate(["2024-02-29", "x"])).to_pylist() == [True, False]
    assert g.parse("1999-12-31").month == "12"
    assert g.is_valid("1999-12-31") and not g.is_valid("1999-12-3")
    # The module functions take a Grammar too.
    assert uridfa.is_valid("2000-01-01", grammar=g)


def test_rule_makes_an_entry():
    text = DATE.replace(";@ entry date\n", "")
    g = uridfa.Grammar.from_abnf(text, rule="date")
    assert g.entries == ["date"]
    assert g.is_valid("2000-01-01")
    with pytest.raises(uridfa.GrammarError, match="no ';@ entry'"):
        uridfa.Grammar.from_abnf(text)
    with pytest.raises(ValueError, match="no rule 'nope'"):
        uridfa.Grammar.from_abnf(text, rule="nope")


def test_compile_errors_carry_file_line_col(tmp_path, cli):
    bad = tmp_path / "bad.abnf"
    bad.write_text(";@ entry a\na = b\nc = \"x\" / \n")
    with pytest.raises(uridfa.GrammarError) as e:
        uridfa.Grammar.from_file(bad)
    msg = str(e.value)
    # Line 3 ends after `/` with no element (col 11); that syntax error is
    # reported before the undefined `b` the entry reaches on line 2.
    assert msg.startswith(f"{bad}:3:11:")
    assert isinstance(e.value, ValueError)
    # The same diagnostics as the command prints.
    p = cli.run(["check", "--grammar-file", str(bad), "x"], [])
    assert p.returncode != 0
    assert msg in p.stderr.decode()
    with pytest.raises(uridfa.GrammarError, match=r"<abnf>\.abnf:1:"):
        uridfa.Grammar.from_abnf("a = = b\n")
    with pytest.raises(OSError):
        uridfa.Grammar.from_file(tmp_path / "missing.abnf")


def test_from_file_resolves_imports_beside_it():
    g = uridfa.Grammar.from_file(REPO / "grammar/rfc8089.abnf")
    assert g.is_valid("file:///etc/hosts")


def test_pickle_by_source():
    for g in (
        uridfa.Grammar.builtin("rfc3987"),
        uridfa.Grammar.from_abnf(DATE),
        uridfa.Grammar.from_abnf(DATE.replace(";@ entry date\n", ""), rule="date"),
        uridfa.Grammar.from_file(REPO / "examples/mailto/grammar/accept.abnf"),
    ):
        h = pickle.loads(pickle.dumps(g))
        assert h.name == g.name and h.entries == g.entries
        assert repr(h) == repr(g)
    assert pickle.loads(pickle.dumps(uridfa.Grammar.from_abnf(DATE))).is_valid("2000-01-01")


def test_lint_reports_an_ambiguity_with_its_witness():
    text = ";@ entry r\n;@ capture a b\nr = a / b\na = \"x\"\nb = \"x\"\n"
    found = uridfa.Grammar.from_abnf(text, name="amb.abnf").lint()
    assert found, "two captures over the same input are ambiguous"
    f = found[0]
    assert f["severity"] in ("warning", "error")
    assert f["message"].startswith("amb.abnf:")
    assert f["witness"] == b"x"
    assert uridfa.Grammar.from_abnf(DATE).lint() == []
    with pytest.raises(ValueError, match="lint needs"):
        uridfa.Grammar.builtin("rfc3986").lint()
