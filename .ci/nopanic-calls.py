#!/usr/bin/env python3
"""Second, independent evidence for check-nopanic: walk the machine code.

Reads `objdump -d` of the check-nopanic binary, starts from every
`#[no_panic]` wrapper (functions of `uridfa_check_nopanic` other than
`main`), follows every call and jump to another function, and fails if the
closure reaches anything but uridfa-runtime's own functions, uridfa::pct,
uridfa::text, uridfa::iri, the proven typed views (uridfa::parts, rfc3986, rfc3987,
rfc8141) and core's UTF-8 check, the wrappers, and the C library's mem*
routines (wrappers in `uridfa_check_nopanic::unproven` are not roots): in particular any `core::panicking::*`,
`*_fail`, `unwrap_failed` or `_Unwind_*` symbol.

Usage: nopanic-calls.py BINARY
"""
import re
import subprocess
import sys

ALLOWED_LIBC = ("memcpy", "memset", "memmove", "memcmp", "bcmp")


def demangle(names):
    out = subprocess.run(["c++filt"], input="\n".join(names), capture_output=True,
                         text=True, check=True).stdout.split("\n")
    return dict(zip(names, out))


def main():
    binary = sys.argv[1]
    dis = subprocess.run(["objdump", "-d", "--no-show-raw-insn", binary],
                         capture_output=True, text=True, check=True).stdout
    funcs = {}
    cur = None
    got_regs = {}  # register -> GOT symbols loaded into it in this function
    recent = []  # the last few instructions, to recognise a jump table
    for line in dis.split("\n"):
        recent = (recent + [line])[-4:]
        m = re.match(r"^[0-9a-f]+ <([^>]+)>:$", line)
        if m:
            cur = m.group(1)
            funcs[cur] = set()
            got_regs = {}
            continue
        if cur is None:
            continue
        m = re.search(r"\tmov\s+0x[0-9a-f]+\(%rip\),(%r[a-z0-9]+)\s+# [0-9a-f]+ <([^>+]+)>$", line)
        if m:
            # A GOT slot hoisted into a register (`call *%rbp` later).
            got_regs.setdefault(m.group(1), set()).add(m.group(2))
            continue
        m = re.search(r"\t(call|jmp|j[a-z]+)\s+[0-9a-f]+ <([^>+]+)(\+0x[0-9a-f]+)?>", line)
        if m and m.group(2) != cur:
            funcs[cur].add(m.group(2))
        elif re.search(r"\t(call|jmp)\s+\*", line):
            # Through the GOT: objdump names the slot's symbol in a comment.
            m = re.search(r"# [0-9a-f]+ <([^>+]+)>$", line)
            r = re.search(r"\t(?:call|jmp)\s+\*(%r[a-z0-9]+)$", line)
            table = re.search(r"\tjmp\s+\*%r", line) and any(
                re.search(r"\tmovslq\s+\(%r[a-z0-9]+,%r[a-z0-9]+,4\),", x) for x in recent)
            if m:
                funcs[cur].add(m.group(1))
            elif table:
                # A `match` compiled to a jump table: a jump inside this
                # function (offsets from a table next to the code).
                pass
            elif r and r.group(1) in got_regs:
                funcs[cur].update(got_regs[r.group(1)])
            else:
                funcs[cur].add("<indirect call>")

    names = {f: re.sub(r"::h[0-9a-f]{16}$", "", n)
             for f, n in demangle(list(funcs)).items()}
    roots = [f for f in funcs
             if names[f].startswith("uridfa_check_nopanic::")
             and names[f] != "uridfa_check_nopanic::main"
             and not names[f].startswith("uridfa_check_nopanic::negative_control")
             # Entry points not proven yet (see check-nopanic/src/main.rs).
             and not names[f].startswith("uridfa_check_nopanic::unproven::")]
    if len(roots) < 12:
        sys.exit(f"nopanic-calls: found only {len(roots)} wrappers: {[names[r] for r in roots]}")

    def allowed(f):
        # `core[c1f1a4ba060b9bfa]::...`: the crate disambiguator dropped.
        n = re.sub(r"\[[0-9a-f]+\]", "", names.get(f, f))
        return (n.startswith("uridfa_runtime::") or n.startswith("<uridfa_runtime::")
                or n.startswith("uridfa::pct::") or n.startswith("<uridfa::pct::")
                or n.startswith("uridfa::text::") or n.startswith("<uridfa::text::")
                or n.startswith("uridfa::iri::") or n.startswith("<uridfa::iri::")
                # The proven typed views and the span code under them.
                or n.startswith("uridfa::parts::") or n.startswith("uridfa::rfc3986::")
                or n.startswith("uridfa::rfc3987::") or n.startswith("uridfa::rfc8141::")
                or n.startswith("core::str::converts::from_utf8")
                or n.startswith("core::str::validations::")
                or n.startswith("uridfa_check_nopanic::")
                or f.split("@")[0] in ALLOWED_LIBC)

    seen, stack, bad = set(), list(roots), []
    while stack:
        f = stack.pop()
        if f in seen:
            continue
        seen.add(f)
        for callee in sorted(funcs.get(f, ())):
            if callee == "<indirect call>" or not allowed(callee):
                bad.append((names.get(f, f), names.get(callee, callee)))
            elif callee in funcs:
                stack.append(callee)
    reached = sorted(names.get(f, f) for f in seen)
    print(f"nopanic-calls: {len(roots)} wrappers reach {len(reached)} functions:")
    for n in reached:
        print(f"  {n}")
    if bad:
        for caller, callee in bad:
            print(f"nopanic-calls: FAIL: {caller} calls {callee}", file=sys.stderr)
        sys.exit(1)
    print("nopanic-calls: ok: no call to a panic, unwinding or formatting routine")


main()
