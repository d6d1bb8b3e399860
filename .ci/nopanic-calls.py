#!/usr/bin/env python3
"""Second, independent evidence for check-nopanic: walk the machine code.

Reads `objdump -d` of the check-nopanic binary, starts from every
`#[no_panic]` wrapper (functions of `uridfa_check_nopanic` other than
`main`), follows every call and jump to another function, and fails if the
closure reaches anything but uridfa-runtime's and uridfa's own functions,
a few generic helpers of core instantiated for them (UTF-8 check, ASCII
case comparison, iterator comparison), the wrappers, and the C library's
mem* routines: in particular any `core::panicking::*`,
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
    # Registers holding a jump-table target: loaded by `movslq (%rT,%rI,4),%rX`
    # (an offset from a table next to the code), then `add %rT,%rX`.
    table_regs = set()
    for line in dis.split("\n"):
        m = re.match(r"^[0-9a-f]+ <([^>]+)>:$", line)
        if m:
            cur = m.group(1)
            funcs[cur] = set()
            got_regs = {}
            table_regs = set()
            continue
        if cur is None:
            continue
        t = re.search(r"\tmovslq\s+(?:-?0x[0-9a-f]+)?\(%r[a-z0-9]+,%r[a-z0-9]+,4\),(%r[a-z0-9]+)$", line)
        if t:
            table_regs.add(t.group(1))
        else:
            # Any other write to a register ends its being a table target,
            # except the `add` of the table's base.
            w = re.search(r"\t([a-z]+)\s+\S+,(%r[a-z0-9]+)$", line)
            if w and w.group(2) in table_regs and w.group(1) != "add":
                table_regs.discard(w.group(2))
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
            table = r and line.split("\t")[-1].startswith("jmp") and r.group(1) in table_regs
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
             and not names[f].startswith("uridfa_check_nopanic::negative_control")]
    if len(roots) < 12:
        sys.exit(f"nopanic-calls: found only {len(roots)} wrappers: {[names[r] for r in roots]}")

    def allowed(f):
        # `core[c1f1a4ba060b9bfa]::...`: the crate disambiguator dropped.
        n = re.sub(r"\[[0-9a-f]+\]", "", names.get(f, f))
        return (n.startswith("uridfa_runtime::") or n.startswith("<uridfa_runtime::")
                # The root crate: views, builders, the algorithms (resolution,
                # normalization, percent-coding, text), URNs.
                or n.startswith("uridfa::") or n.startswith("<uridfa::")
                or n.startswith("core::slice::ascii::<impl [u8]>::eq_ignore_ascii_case")
                or n.startswith("core::iter::traits::iterator::Iterator::eq_by")
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
