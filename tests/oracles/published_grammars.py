"""Writes the ABNF grammars that the PyPI `abnf` package ships
(`abnf/grammars/*.py`), one file per module, as the package publishes
them: `python3 published_grammars.py DIR` writes `DIR/NAME.abnf` and
`DIR/NAME.rules` (the rules the module itself defines, one a line: the
entries to compile) for each module.

Each module's `Rule.grammar` is a list of rules or one grammar text; the
file holds them in order. The rules the module imports from other modules
(`load_grammar_rulelist`: RFC 9110's `URI-reference` from RFC 3986) follow
it, each with the rules it reaches in its own module, transitively; an
import replaces a local definition of the same name (a prose stand-in such
as `token = <token, see [HTTP], Section 5.6.2>`), and an imported module's
rule that the file already defines is not added again. An import under
another name (RFC 6265's `subdomain` from `domain-value`) is written
`NAME = OTHER`, unless the imported module defines NAME itself, whose
definition is then taken (one file has one name space: RFC 6265's
`subdomain` is its `label *("." label)`, without the IP literals of
`domain-value`). A file whose values go above %xFF (RFC 3987's
`ucschar`, RFC 9116's `unicode-char`) starts with `;@ charset utf-8`, the
pragma that reads them as code points, as those RFCs mean them. Nothing is
copied into the repository: the
files are written at test time from the installed package.
"""

import importlib
import pkgutil
import re
import sys
from pathlib import Path

import abnf.grammars

NAME = re.compile(r"^([A-Za-z][A-Za-z0-9-]*)\s*=(/?)", re.M)
TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9-]*")
# What is not a rule reference: quoted strings, prose, numeric values
# (`%x41-5A`, whose letters look like names) and comments.
WIDE = re.compile(r"%x([0-9A-Fa-f.\-]+)")
NOT_REFS = re.compile(r'"[^"]*"|<[^>]*>|%[bdxsi][0-9A-Fa-f.\-]*|;[^\n]*')


def texts(cls) -> list[str]:
    rules = getattr(cls, "grammar", None) or []
    if isinstance(rules, str):
        rules = [rules]
    return [r.strip("\n").replace("\r\n", "\n") for r in rules]


def definitions(cls) -> dict[str, str]:
    """Rule name (lower case) -> its definition text, `=/` merged in."""
    out: dict[str, str] = {}
    for text in texts(cls):
        starts = [m for m in NAME.finditer(text)]
        for i, m in enumerate(starts):
            end = starts[i + 1].start() if i + 1 < len(starts) else len(text)
            key = m.group(1).lower()
            out[key] = (out.get(key, "") + "\n" + text[m.start() : end].rstrip()).strip("\n")
    return out


def references(definition: str) -> list[str]:
    body = NOT_REFS.sub(" ", definition.split("=", 1)[1] if "=" in definition else "")
    return [t.lower() for t in TOKEN.findall(body)]


def imports(cls) -> dict[str, tuple[type, str]]:
    return {
        name.lower(): (type(rule), rule.name)
        for name, rule in getattr(cls, "_imported_rules", ())
    }


def closure(cls, name: str, emitted: set[str], local: set[str], out: list[str]) -> None:
    """Appends `name` of `cls` and what it reaches to `out`."""
    key = name.lower()
    if key in emitted:
        return
    imported = imports(cls)
    if key in imported:
        source, source_name = imported[key]
        if source_name.lower() != key and key in definitions(source):
            source_name = name
        elif source_name.lower() != key:
            emitted.add(key)
            out.append(f"{name} = {source_name}")
        closure(source, source_name, emitted, local, out)
        return
    definition = definitions(cls).get(key)
    if definition is None:
        return
    emitted.add(key)
    out.append(definition)
    for ref in references(definition):
        if ref not in local:
            closure(cls, ref, emitted, local, out)


def main() -> None:
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    for info in sorted(pkgutil.iter_modules(abnf.grammars.__path__), key=lambda m: m.name):
        if info.name == "misc":
            continue
        cls = getattr(importlib.import_module(f"abnf.grammars.{info.name}"), "Rule", None)
        if cls is None or not texts(cls):
            continue
        own = definitions(cls)
        imported = imports(cls)
        local = {k for k in own if k not in imported}
        lines = [own[k] for k in own if k not in imported]
        emitted = set(local)
        extra: list[str] = []
        for key, (source, source_name) in imported.items():
            closure(cls, key, emitted, local, extra)
        text = "\n".join(lines) + "\n"
        if extra:
            text += "\n; Imported by the module from other modules of the package\n"
            text += "\n".join(extra) + "\n"
        if any(int(v, 16) > 0xFF for w in WIDE.findall(text) for v in re.split(r"[.-]", w) if v):
            text = ";@ charset utf-8\n" + text
        (out / f"{info.name}.abnf").write_text(text, encoding="utf-8")
        names = [NAME.match(own[k]).group(1) for k in own]
        (out / f"{info.name}.rules").write_text("".join(n + "\n" for n in names), encoding="utf-8")
        print(info.name, len(names))


if __name__ == "__main__":
    main()
