#!/usr/bin/env python3
"""Writes benches/data/queries.txt: the query-heavy URL corpus of the benches.

Our own generated data (no third-party URLs), deterministic (fixed seed):

    python3 benches/data/gen_queries.py > benches/data/queries.txt

kasztp, the real-URL corpus, has a query in 4.9 % of its URLs and a `%` in
0.3 %. Real queries are longer and percent-encoded: tracking
parameters, URLs passed in a parameter, form data. This corpus is made of
such URLs only. The distributions below are chosen by us to cover those
shapes; they are not measured from traffic. Every line is an RFC 3986
`URI-reference` (the benches assert that uridfa and fluent-uri accept every
line and agree on every component).

Per URL:
- scheme `https` (90 %) or `http`; a host of one or two words and a TLD,
  `www.` in 40 %; a path of 0-3 words;
- a query of N parameters, N = 1 + a geometric count with mean 5
  (capped at 24), joined by `&`;
- a fragment (`#` and a word) in 5 %.

Per parameter, one of (probabilities in brackets):
- [30 %] tracking: `utm_source`, `utm_medium`, `utm_campaign`, `utm_term`,
  `utm_content` with a word or `word_word`; or `gclid`, `fbclid`,
  `msclkid`, `_ga` with an opaque ID of 20-90 characters from
  `[A-Za-z0-9_-]`;
- [15 %] a URL in a parameter (`url`, `redirect`, `return_to`, `next`,
  `continue`): an `https` URL with a path and a one- or two-pair query,
  percent-encoded as form data encodes it (`:`, `/`, `?`, `=`, `&` as
  `%3A`, `%2F`, `%3F`, `%3D`, `%26`);
- [20 %] search text (`q`, `query`, `search`, `s`, `text`): 1-6 words
  joined by `+` (60 %) or `%20`, each word with probability 0.25 replaced
  by a non-ASCII word in UTF-8 percent-encoding (`caf%C3%A9`,
  `%E2%82%AC`, `%E4%B8%AD%E6%96%87`, ...);
- [10 %] encoded JSON or lists (`filter`, `state`, `data`):
  `%7B%22key%22%3A%22value%22%7D` shapes, or a comma list `a,b,c` (a
  sub-delimiter, not encoded);
- [25 %] plain: `id`, `page`, `lang`, `sort`, `limit`, `ts`, `v`, `ref`
  with a number, a timestamp, `true`/`false` or a word.
"""

import random

rng = random.Random(27)

WORDS = (
    "about api app archive blog cdn data docs download en example files "
    "forum help images index info login media news search shop static "
    "support user video wiki www summer sale newsletter spring launch "
    "promo email social display brand retarget"
).split()
TLDS = ["com", "org", "net", "io", "de", "co.uk", "fr", "jp"]
# Non-ASCII words, UTF-8 percent-encoded (é, ü, €, 中文, 東京, ñ, ß).
UTF8 = [
    "caf%C3%A9",
    "m%C3%BCnchen",
    "%E2%82%AC",
    "%E4%B8%AD%E6%96%87",
    "%E6%9D%B1%E4%BA%AC",
    "espa%C3%B1a",
    "stra%C3%9Fe",
]
OPAQUE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
# Form encoding of the delimiters that appear in an embedded URL.
FORM = {":": "%3A", "/": "%2F", "?": "%3F", "=": "%3D", "&": "%26"}


def word():
    return rng.choice(WORDS)


def host():
    labels = [word() for _ in range(rng.choice([1, 1, 2]))]
    prefix = "www." if rng.random() < 0.4 else ""
    return prefix + ".".join(labels) + "." + rng.choice(TLDS)


def path():
    return "".join("/" + word() for _ in range(rng.choice([0, 1, 1, 2, 3])))


def opaque():
    return "".join(rng.choice(OPAQUE) for _ in range(rng.randrange(20, 91)))


def form_encode(s):
    return "".join(FORM.get(c, c) for c in s)


def tracking():
    if rng.random() < 0.6:
        key = rng.choice(["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"])
        value = word() if rng.random() < 0.5 else word() + "_" + word()
        return key + "=" + value
    return rng.choice(["gclid", "fbclid", "msclkid", "_ga"]) + "=" + opaque()


def embedded_url():
    inner = "https://" + host() + (path() or "/")
    pairs = [word() + "=" + word() for _ in range(rng.choice([1, 2]))]
    inner += "?" + "&".join(pairs)
    key = rng.choice(["url", "redirect", "return_to", "next", "continue"])
    return key + "=" + form_encode(inner)


def search():
    words = []
    for _ in range(rng.randrange(1, 7)):
        words.append(rng.choice(UTF8) if rng.random() < 0.25 else word())
    sep = "+" if rng.random() < 0.6 else "%20"
    return rng.choice(["q", "query", "search", "s", "text"]) + "=" + sep.join(words)


def structured():
    key = rng.choice(["filter", "state", "data"])
    if rng.random() < 0.5:
        fields = [
            "%22" + word() + "%22%3A%22" + word() + "%22" for _ in range(rng.randrange(1, 4))
        ]
        return key + "=%7B" + "%2C".join(fields) + "%7D"
    return key + "=" + ",".join(word() for _ in range(rng.randrange(2, 6)))


def plain():
    key = rng.choice(["id", "page", "lang", "sort", "limit", "ts", "v", "ref"])
    r = rng.random()
    if r < 0.4:
        value = str(rng.randrange(1, 100000))
    elif r < 0.55:
        value = str(rng.randrange(1600000000, 1800000000))
    elif r < 0.7:
        value = rng.choice(["true", "false"])
    else:
        value = word()
    return key + "=" + value


KINDS = [(0.30, tracking), (0.15, embedded_url), (0.20, search), (0.10, structured), (0.25, plain)]


def parameter():
    r = rng.random()
    for p, kind in KINDS:
        if r < p:
            return kind()
        r -= p
    return plain()


def count():
    # 1 + a geometric count with mean 5 (success probability 1/6), capped.
    n = 1
    while rng.random() >= 1 / 6 and n < 24:
        n += 1
    return n


def url():
    s = ("https" if rng.random() < 0.9 else "http") + "://" + host() + path()
    s += "?" + "&".join(parameter() for _ in range(count()))
    if rng.random() < 0.05:
        s += "#" + word()
    return s


for _ in range(2000):
    print(url())
