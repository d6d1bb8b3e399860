#!/usr/bin/env python3
"""Every occurrence of each captured rule, by the PyPI `abnf` package.

An oracle for repeated captures that shares no code with uridfa: the
grammar file is read by `abnf` (its `;@` pragma lines are ABNF comments),
each input is parsed with `Rule.parse_all`, and the parse tree is walked in
pre-order, collecting the text of every node whose rule is one of the
captures. Output: one JSON object per input line, `{"ok": false}` or
`{"ok": true, "captures": {NAME: [TEXT, ...]}}`, the lists in input order.

usage: abnf_captures.py [--json] GRAMMAR ENTRY CAPTURE... < inputs (one per line)

With `--json`, each input line is a JSON string (so an input may hold line
breaks).
"""
import json
import sys

from abnf import ParseError, Rule


def main() -> int:
    args = sys.argv[1:]
    as_json = args[:1] == ["--json"]
    if as_json:
        args = args[1:]
    path, entry, *captures = args
    # The package's Rule class knows RFC 5234's core rules.
    class G(Rule):
        pass

    with open(path, encoding="utf-8") as f:
        text = f.read()
    # A rulelist without the comment-only lines and with CRLF endings, as
    # RFC 5234 writes it (the package is strict about both).
    lines = [l for l in text.splitlines() if l.strip() and not l.lstrip().startswith(";")]
    G.from_file  # noqa: B018 (documents the API the next line mirrors)
    G.load_grammar("".join(l + "\r\n" for l in lines))
    rule = G(entry)
    wanted = {c.lower() for c in captures}
    for line in sys.stdin:
        src = json.loads(line) if as_json else line.rstrip("\n")
        try:
            node = rule.parse_all(src)
        except ParseError:
            print(json.dumps({"ok": False}))
            continue
        found = {c: [] for c in captures}
        by_lower = {c.lower(): c for c in captures}
        stack = [node]
        while stack:
            n = stack.pop()
            name = getattr(n, "name", "")
            if name and name.lower() in wanted:
                found[by_lower[name.lower()]].append(n.value)
            stack.extend(reversed(getattr(n, "children", [])))
        print(json.dumps({"ok": True, "captures": found}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
