"""Every row of the corpora, and mutations of them, split by uridfa.split
as the `uridfa split` command (the oracle) splits it: the same components,
kinds, validity, error offset and message, for every built-in grammar's
default entry and for run-time grammars with repeated captures."""

from __future__ import annotations

import json
import random
import zlib

import pytest

import uridfa

from conftest import REPO


def corpus_inputs(shared) -> list[str]:
    """kasztp's URLs and every input of the *-validity.jsonl corpora."""
    out = (shared / "corpora/urls/kasztp.txt").read_text(encoding="utf-8").splitlines()
    for f in sorted((shared / "corpora").glob("*-validity.jsonl")):
        for line in f.read_text(encoding="utf-8").splitlines():
            if line.strip():
                value = json.loads(line)["input"]
                if isinstance(value, str):
                    out.append(value)
    return [s for s in out if "\n" not in s and "\r" not in s]


def mutations(inputs: list[str], n: int, seed: int) -> list[str]:
    """`n` inputs made by inserting, deleting or replacing one character of
    a corpus input with a byte of URI syntax (or a space or an é)."""
    rng = random.Random(seed)
    alphabet = ":/?#[]@!$&'()*+,;=%-._~ aZ09é\\\"<>^`{|}"
    out = []
    for _ in range(n):
        s = rng.choice(inputs)
        i = rng.randrange(len(s) + 1)
        c = rng.choice(alphabet)
        op = rng.randrange(3)
        if op == 0:
            s = s[:i] + c + s[i:]
        elif op == 1:
            s = s[:i] + s[i + 1 :]
        else:
            s = s[:i] + c + s[i + 1 :]
        out.append(s)
    return out


def expected_row(obj: dict) -> dict:
    """The CLI's JSON object as the struct row uridfa.split gives."""
    if obj["ok"]:
        row = dict(obj["components"])
        for k, v in obj.items():
            if k.endswith("_kind"):
                row[k] = v
        row.update(valid=True, error_offset=None, error=None)
        return row
    return {"valid": False, "error_offset": obj["offset"], "error": obj["message"]}


def compare(inputs: list[str], got: list[dict], want: list[dict]) -> None:
    bad = []
    for s, g, w in zip(inputs, got, want):
        w = expected_row(w)
        if w["valid"]:
            if g != w:
                bad.append((s, g, w))
        else:
            fields = {k: g[k] for k in ("valid", "error_offset", "error")}
            others = [v for k, v in g.items() if k not in fields]
            if fields != w or any(v is not None for v in others):
                bad.append((s, g, w))
    assert not bad, f"{len(bad)} rows differ, first: {bad[0]}"


@pytest.mark.parametrize("grammar", uridfa.GRAMMARS)
def test_builtin_default_entry_matches_cli(grammar, cli, shared):
    pa = pytest.importorskip("pyarrow")
    inputs = corpus_inputs(shared)
    inputs += mutations(inputs, 3000, seed=zlib.crc32(grammar.encode()))
    want = cli.split(inputs, "--grammar", grammar)
    arr = pa.array(uridfa.split(inputs, grammar=grammar))
    arr.validate(full=True)
    got = arr.to_pylist()
    assert len(got) == len(inputs)
    compare(inputs, got, want)


def test_every_entry_rule_of_rfc3986_matches_cli(cli, shared):
    pa = pytest.importorskip("pyarrow")
    inputs = corpus_inputs(shared)[:5000]
    g = uridfa.Grammar.builtin("rfc3986")
    for rule in g.entries:
        want = cli.split(inputs, "--grammar", "rfc3986", "--rule", rule)
        got = pa.array(g.split(inputs, rule=rule)).to_pylist()
        compare(inputs, got, want)


ACCEPT_INPUTS = [
    "text/html",
    "text/html;level=1, text/*;q=0.3, */*;q=0.1",
    "a/b;x=1;y=2,c/d",
    "a/b ;x=1",
    "",
    "a/b,,c/d;p=\"q\"",
    "a/b;=1",
    "text/*;q=0.3;level=\"x y\", image/png",
]


def test_runtime_grammar_with_nested_repeated_captures_matches_cli(cli):
    pa = pytest.importorskip("pyarrow")
    path = REPO / "examples/mailto/grammar/accept.abnf"
    g = uridfa.Grammar.from_file(path)
    inputs = ACCEPT_INPUTS + mutations(ACCEPT_INPUTS, 500, seed=7)
    inputs = [s for s in inputs if "\n" not in s]
    want = cli.split(inputs, "--grammar-file", str(path))
    got = pa.array(g.split(inputs)).to_pylist()
    compare(inputs, got, want)
    # The repeated captures are lists.
    row = got[1]
    # RFC 9110 §12.5.1: a media range includes its parameters.
    assert row["media-range"] == ["text/html;level=1", "text/*;q=0.3", "*/*;q=0.1"]
    assert row["parameter-name"] == ["level", "q", "q"]


def test_runtime_grammar_from_text_matches_cli(cli, tmp_path):
    pa = pytest.importorskip("pyarrow")
    text = (REPO / "examples/mailto/grammar/mailto.abnf").read_text()
    f = tmp_path / "mailto.abnf"
    f.write_text(text)
    g = uridfa.Grammar.from_abnf(text, name=str(f))
    inputs = [
        "mailto:a@b.example",
        "mailto:a@b.example,c@d.example?subject=hi&body=x",
        "mailto:?to=a@b.example",
        "mailto:a@",
        "mailto:a@b.example?subject",
    ]
    inputs += mutations(inputs, 300, seed=3)
    want = cli.split(inputs, "--grammar-file", str(f))
    got = pa.array(g.split(inputs)).to_pylist()
    compare(inputs, got, want)


# Hosts of every kind and near misses: an IPv4address, dotted digits that
# are not one (a reg-name), percent-encoded and sub-delim reg-names, IP
# literals, an empty host, non-ASCII. `kind-after host = IPv4address /
# reg-name` decides between the first two kinds after the match.
HOSTS = [
    "192.0.2.1", "0.0.0.0", "255.255.255.255", "1.2.3.400", "1.2.3", "1.2.3.4.", "01.2.3.4",
    "1..2.3", "example.com", "EXAMPLE.com", "a%41b", "%41", "%4", "a%zz", "!$&'()*+,;=", "x-_~.",
    "[::1]", "[2001:db8::7]", "[v1.x]", "[::ffff:1.2.3.4]", "[::1", "", "é.example", "1é",
    "9", "9a", "a9", "x" * 40,
]


def host_rows() -> list:
    """Every host in a few URI forms, over blocks of 64 rows with nulls,
    invalid and non-ASCII rows mixed in at every position, long enough to
    be split over two threads."""
    forms = ["http://{}/", "//{}", "ftp://u@{}:21/p?q#f", "file://{}/x"]
    base = [f.format(h) for h in HOSTS for f in forms]
    out: list = []
    i = 0
    while len(out) < 9000:
        out.append(None if i % 37 == 5 else "http://a b/" if i % 53 == 7 else base[i % len(base)])
        i += 1
    return out


@pytest.mark.parametrize("grammar", ["rfc3986", "rfc3987", "rfc6874", "rfc8089"])
def test_host_kinds_match_cli_in_every_layout(grammar, cli):
    pa = pytest.importorskip("pyarrow")
    rows = host_rows()
    values = [r for r in rows if r is not None]
    want = iter(cli.split(values, "--grammar", grammar))
    expected = [None if r is None else next(want) for r in rows]
    for t in (pa.string(), pa.large_string(), pa.string_view()):
        for threads in (1, 2):
            arr = pa.array(uridfa.split(pa.array(rows, type=t), grammar=grammar, threads=threads))
            arr.validate(full=True)
            got = arr.to_pylist()
            assert [g is None for g in got] == [r is None for r in rows]
            present = [(s, g, w) for s, g, w in zip(rows, got, expected) if s is not None]
            compare([s for s, _, _ in present], [g for _, g, _ in present], [w for _, _, w in present])
