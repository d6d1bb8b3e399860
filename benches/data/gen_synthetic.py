#!/usr/bin/env python3
"""Writes benches/data/synthetic.txt: the fallback corpus of benches/parse.rs.

Our own generated data (no third-party URLs): a few thousand http(s) URLs
with paths, queries, fragments, ports, userinfo, IPv4/IPv6 hosts and
percent-encoding, all valid RFC 3986 URI-references, about 45 bytes on
average like real URL lists. Deterministic (fixed seed):

    python3 benches/data/gen_synthetic.py > benches/data/synthetic.txt
"""

import random

rng = random.Random(3986)

WORDS = (
    "about api app archive blog cdn data docs download en example files "
    "forum help images index info login media news search shop static "
    "support user video wiki www"
).split()
TLDS = ["com", "org", "net", "io", "de", "co.uk", "gov", "edu"]
EXTS = ["", "", "", ".html", ".htm", ".php", ".aspx", ".pdf", ".jpg", "/"]
PCT = ["%20", "%2F", "%C3%A9", "%3D", "%26", "%E2%82%AC"]


def word():
    w = rng.choice(WORDS)
    r = rng.random()
    if r < 0.15:
        w += str(rng.randrange(100))
    elif r < 0.25:
        w += "-" + rng.choice(WORDS)
    elif r < 0.30:
        w += rng.choice(PCT) + rng.choice(WORDS)
    return w


def host():
    r = rng.random()
    if r < 0.05:
        return ".".join(str(rng.randrange(256)) for _ in range(4))
    if r < 0.08:
        groups = [format(rng.randrange(65536), "x") for _ in range(rng.randrange(2, 5))]
        return "[2001:db8::" + ":".join(groups) + "]"
    if r < 0.09:
        return "[::ffff:192.0.2." + str(rng.randrange(256)) + "]"
    labels = [word() for _ in range(rng.choice([1, 1, 2]))]
    if "%" in "".join(labels):
        labels = [rng.choice(WORDS)]
    prefix = "www." if rng.random() < 0.4 else ""
    return prefix + ".".join(labels) + "." + rng.choice(TLDS)


def url():
    s = rng.choice(["http", "https", "https"]) + "://"
    if rng.random() < 0.03:
        s += word()
        if rng.random() < 0.5:
            s += ":" + word()
        s += "@"
    s += host()
    if rng.random() < 0.06:
        s += ":" + str(rng.choice([80, 443, 8080, 8443, 3000, rng.randrange(65536)]))
    depth = rng.choice([0, 1, 1, 2, 2, 3])
    for _ in range(depth):
        s += "/" + word()
    if depth:
        s += rng.choice(EXTS)
    elif rng.random() < 0.5:
        s += "/"
    if rng.random() < 0.25:
        pairs = []
        for _ in range(rng.randrange(1, 4)):
            pairs.append(rng.choice(["id", "q", "page", "lang", "ref", "s"]) + "=" + word())
        s += "?" + "&".join(pairs)
    if rng.random() < 0.06:
        s += "#" + word()
    return s


for _ in range(4000):
    print(url())
