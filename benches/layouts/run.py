#!/usr/bin/env python3
"""The ratios bench (benches/ratios.rs) over several code layouts.

One build of a binary fixes where every function and loop lies, and that
alone moves a parser's time by several per cent: the same fluent-uri code
measured 55.6 to 61.0 ns per kasztp URL in eight builds that differed only
in the order of their functions (docs/BENCHMARKS.md, "Layouts"). A change
to uridfa moves the other functions too, so one binary before and one
after cannot tell a gain of 1 ns from a new layout. This script builds the
bench once per seed with the functions in a shuffled order (lld's
--shuffle-sections, through ld-shuffle.sh beside it), runs every binary in
a random order for several rounds, and reports, per build, the median over
its layouts of each binary's median, with the range.

    python3 benches/layouts/run.py build NAME CHECKOUT [--seeds 8] [-- CARGO_ARGS...]
    python3 benches/layouts/run.py run ROUNDS NAME [NAME...]

`build` compiles CHECKOUT (a clone or worktree of uridfa) in its own target
directory under $LAYOUTS_DIR (default /tmp/uridfa-layouts) and keeps one
binary per seed as $LAYOUTS_DIR/bin/NAME-SEED; CARGO_ARGS go to
`cargo bench` (for example `--no-default-features --features
all-grammars,std` for the portable build). `run` runs them. Needs lld
(`apt-get install lld`); says so and stops without it.
"""
import argparse, collections, glob, os, random, re, shutil, statistics, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
DIR = os.environ.get('LAYOUTS_DIR', '/tmp/uridfa-layouts')


def build(name, checkout, seeds, cargo_args):
    if shutil.which('ld.lld') is None:
        sys.exit('layouts: lld is missing (apt-get install lld): no layout can be shuffled')
    env = dict(os.environ, CARGO_TARGET_DIR=os.path.join(DIR, f'target-{name}'),
               RUSTFLAGS=f'-C linker={os.path.join(HERE, "ld-shuffle.sh")}')
    os.makedirs(os.path.join(DIR, 'bin'), exist_ok=True)
    for seed in range(1, seeds + 1):
        # A changed source relinks the bench; the seed is not in cargo's view.
        os.utime(os.path.join(checkout, 'benches', 'ratios.rs'))
        env['SHUFFLE_SEED'] = str(seed)
        out = subprocess.run(['cargo', 'bench', '-p', 'uridfa', '--bench', 'ratios', '--no-run']
                             + cargo_args, cwd=checkout, env=env, capture_output=True, text=True)
        m = re.search(r'Executable benches/ratios.rs \((.*)\)', out.stderr)
        if out.returncode != 0 or not m:
            sys.exit(out.stderr[-3000:])
        dest = os.path.join(DIR, 'bin', f'{name}-{seed}')
        shutil.copy(m.group(1), dest)
        print(dest, flush=True)


def parse(out):
    """{(input, engine): ns per input} from one `--bench` run."""
    res, sec = {}, None
    for line in out.splitlines():
        m = re.match(r'^(\w+):', line)
        if m:
            sec = m.group(1)
            continue
        m = re.match(r'^\s+(\w+)\s+([\d.]+) ns/', line)
        if m and sec:
            res[(sec, m.group(1))] = float(m.group(2))
    return res


METRICS = [('kasztp', 'split'), ('kasztp', 'validate'), ('kasztp', 'fluent'), ('kasztp', 'oxiri'),
           ('queries', 'split'), ('queries', 'validate'), ('query4k', 'split'),
           ('query4k_pct', 'split')]
RATIOS = [(i, 'split', peer) for i in ('kasztp', 'queries', 'query4k', 'query4k_pct')
          for peer in ('fluent', 'oxiri', 'validate')]


def run(rounds, names):
    groups = {n: sorted(glob.glob(os.path.join(DIR, 'bin', f'{glob.escape(n)}-[0-9]*'))) for n in names}
    for n, bins in groups.items():
        if not bins:
            sys.exit(f'layouts: no binary for {n}: run `build {n} CHECKOUT` first')
    every = [b for bins in groups.values() for b in bins]
    data = collections.defaultdict(list)
    for _ in range(rounds):
        random.shuffle(every)
        for b in every:
            out = subprocess.run([b, '--bench'], capture_output=True, text=True, check=True).stdout
            for k, v in parse(out).items():
                data[(b,) + k].append(v)

    def med(b, sec, eng):
        v = data.get((b, sec, eng))
        return statistics.median(v) if v else None

    print(f'{len(every)} binaries, {rounds} rounds each; per build: the median over its '
          f'layouts of each binary\'s median [lowest-highest]')
    print('metric'.ljust(28) + ''.join(n.rjust(26) for n in names))

    def row(label, f):
        cells = []
        for n in names:
            vals = [v for v in (f(b) for b in groups[n]) if v is not None]
            cells.append((f'{statistics.median(vals):.3f} [{min(vals):.3f}-{max(vals):.3f}]'
                          if vals else '-').rjust(26))
        print(label.ljust(28) + ''.join(cells))

    for sec, eng in METRICS:
        row(f'{sec} {eng} ns', lambda b, s=sec, e=eng: med(b, s, e))
    for sec, a, c in RATIOS:
        def ratio(b, s=sec, a=a, c=c):
            x, y = med(b, s, a), med(b, s, c)
            return x / y if x and y else None
        row(f'{sec} {a} / {c}', ratio)


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    sub = p.add_subparsers(dest='cmd', required=True)
    b = sub.add_parser('build')
    b.add_argument('name')
    b.add_argument('checkout')
    b.add_argument('--seeds', type=int, default=8)
    b.add_argument('cargo_args', nargs='*')
    r = sub.add_parser('run')
    r.add_argument('rounds', type=int)
    r.add_argument('names', nargs='+')
    a = p.parse_args()
    if a.cmd == 'build':
        build(a.name, os.path.abspath(a.checkout), a.seeds, a.cargo_args)
    else:
        run(a.rounds, a.names)


if __name__ == '__main__':
    main()
