//! Parsing throughput of uridfa against its peers, side by side in one run.
//!
//! # Groups
//!
//! One criterion group per operation and named input; the parsers are
//! sibling IDs of each group, so criterion reports them together.
//! Throughput is [`Throughput::Bytes`] of the input (newlines excluded),
//! and one iteration parses the whole input.
//!
//! - `validate/kasztp`: is each line a valid reference? uridfa's
//!   [`UriRef::is_valid`] (our `validate`: the DFA without tags) against
//!   each peer's cheapest accept/reject path: `fluent-uri` `UriRef::parse`
//!   (it has no validation-only entry), `iri-string`
//!   `UriReferenceStr::new` (validation only, components are found lazily),
//!   `oxiri` `IriRef::parse` (an *IRI* parser: RFC 3987 accepts more than
//!   RFC 3986), `uriparse` `URIReference::try_from`, `http` `Uri::try_from`
//!   (copies the input into `Bytes`) and `url` `Url::parse` (WHATWG:
//!   normalizes into a new `String`). `uridfa-runtime` is the same DFA run
//!   through `uridfa_runtime::validate` directly, without the wrapper.
//! - `split/kasztp`: parse and read every component. uridfa's
//!   [`UriRef::parse`] (our `split`: component spans from the tag
//!   registers), then the length of scheme, authority, userinfo, host,
//!   port, path, query and fragment summed; each peer parses and reads the
//!   same components through its own accessors, as far as it has them
//!   (`oxiri`: no userinfo, host or port; `http`: no userinfo, and the
//!   fragment is dropped; `uriparse`: host and port are decoded values, so
//!   IP hosts and ports count as length 1; `url`: normalized components).
//!   `uridfa-runtime` is `uridfa_runtime::split` with the same spans read
//!   from the raw captures.
//! - `long/query4k`: one URI with a 4 KiB query,
//!   `http://example.com/path?a=b&a=b&…`, validated (`validate/<parser>`)
//!   and split (`split/<parser>`) by every parser: the per-byte cost in a
//!   long self-loop, without per-call overhead.
//!
//! `kasztp` is `../shared/corpora/urls/kasztp.txt`: real http(s) URLs, one
//! per line, about 46 bytes each; 48,010 lines (48,009 newline-terminated,
//! then a last, unterminated `https://`), a UTF-8 BOM stripped from the
//! first. If that file is absent, the
//! groups are named `…/synthetic` instead and read the committed fallback
//! `benches/data/synthetic.txt` (our own generated URLs, see
//! `benches/data/gen_synthetic.py`).
//!
//! Before timing, every bench runs once and prints how many inputs it
//! accepted to stderr. uridfa and fluent-uri are both strict RFC 3986
//! parsers: the bench asserts that they accept the same inputs and return
//! the same component lengths.
//!
//! # Running
//!
//! ```text
//! cargo bench -p uridfa --bench parse                       # everything
//! cargo bench -p uridfa --bench parse -- split/kasztp       # one group
//! cargo bench -p uridfa --bench parse -- --warm-up-time 1 --measurement-time 3   # shorter
//! cargo bench -p uridfa --bench parse --no-run              # build only
//! ```
//!
//! The defaults are 2 s of warm-up and 5 s of measurement per bench with
//! 50 flat samples; criterion's command-line options override them.
//! Results, with the machine and toolchain, are in `benches/RESULTS.md`.

use std::hint::black_box;
use std::str::FromStr;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{
    criterion_group, criterion_main, BenchmarkGroup, Criterion, SamplingMode, Throughput,
};
use uridfa::rfc3986::tables::{self, CAPTURE_LEN};
use uridfa::rfc3986::UriRef;

/// The real-URL corpus, relative to this crate.
const KASZTP: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../shared/corpora/urls/kasztp.txt"
);
/// Our own fallback corpus, used when [`KASZTP`] is absent.
const SYNTHETIC: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/data/synthetic.txt");

/// A named input: lines, and their total length in bytes.
struct Corpus {
    name: &'static str,
    lines: Vec<&'static str>,
    bytes: u64,
}

impl Corpus {
    fn new(name: &'static str, lines: Vec<&'static str>) -> Corpus {
        let bytes = lines.iter().map(|l| l.len() as u64).sum();
        Corpus { name, lines, bytes }
    }

    /// `kasztp`, or the synthetic fallback with a visible message.
    fn load() -> Corpus {
        let (name, text) = match std::fs::read_to_string(KASZTP) {
            Ok(text) => ("kasztp", text),
            Err(e) => {
                eprintln!(
                    "\n*** benches/parse.rs: cannot read {KASZTP} ({e});\n\
                     *** falling back to {SYNTHETIC} (groups are named */synthetic)\n"
                );
                let text = std::fs::read_to_string(SYNTHETIC)
                    .unwrap_or_else(|e| panic!("cannot read {SYNTHETIC}: {e}"));
                ("synthetic", text)
            }
        };
        let text: &'static str = Box::leak(text.into_boxed_str());
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let lines = text.lines().filter(|l| !l.is_empty()).collect();
        Corpus::new(name, lines)
    }

    /// One URI with a 4 KiB query of `a=b&` pairs.
    fn query4k() -> Corpus {
        let mut uri = String::from("http://example.com/path?");
        uri.push_str(&"a=b&".repeat(1024));
        Corpus::new("query4k", vec![Box::leak(uri.into_boxed_str())])
    }
}

/// Validation only: accept or reject.
mod validate {
    use super::*;

    pub fn uridfa(s: &str) -> bool {
        UriRef::is_valid(s.as_bytes())
    }

    pub fn uridfa_runtime(s: &str) -> bool {
        uridfa::runtime::validate(&tables::URI_REFERENCE, s.as_bytes()).is_ok()
    }

    pub fn fluent_uri(s: &str) -> bool {
        fluent_uri::UriRef::parse(s).is_ok()
    }

    pub fn iri_string(s: &str) -> bool {
        iri_string::types::UriReferenceStr::new(s).is_ok()
    }

    pub fn oxiri(s: &str) -> bool {
        oxiri::IriRef::parse(s).is_ok()
    }

    pub fn uriparse(s: &str) -> bool {
        uriparse::URIReference::try_from(s).is_ok()
    }

    pub fn http(s: &str) -> bool {
        http::Uri::try_from(s).is_ok()
    }

    pub fn url(s: &str) -> bool {
        url::Url::parse(s).is_ok()
    }
}

/// Parse, then read every component the parser offers: `Some(sum of the
/// component lengths)`, or `None` if rejected.
mod split {
    use super::*;

    fn len(s: Option<&str>) -> usize {
        s.map_or(0, str::len)
    }

    pub fn uridfa(s: &str) -> Option<usize> {
        let r = UriRef::parse(s).ok()?;
        Some(
            len(r.scheme())
                + len(r.authority())
                + len(r.userinfo())
                + len(r.host())
                + len(r.port())
                + r.path().len()
                + len(r.query())
                + len(r.fragment()),
        )
    }

    pub fn uridfa_runtime(s: &str) -> Option<usize> {
        let caps =
            uridfa::runtime::split::<CAPTURE_LEN>(&tables::URI_REFERENCE, s.as_bytes()).ok()?;
        let len = |i: usize| caps.get(i).map_or(0, |(s, e)| e - s);
        Some(
            len(tables::SCHEME)
                + len(tables::AUTHORITY)
                + len(tables::USERINFO)
                + len(tables::HOST)
                + len(tables::PORT)
                + len(tables::PATH)
                + len(tables::QUERY)
                + len(tables::FRAGMENT),
        )
    }

    pub fn fluent_uri(s: &str) -> Option<usize> {
        let r = fluent_uri::UriRef::parse(s).ok()?;
        let mut n = r.scheme().map_or(0, |s| s.as_str().len());
        if let Some(a) = r.authority() {
            n += a.as_str().len()
                + a.userinfo().map_or(0, |u| u.as_str().len())
                + a.host().len()
                + a.port().map_or(0, |p| p.as_str().len());
        }
        Some(
            n + r.path().as_str().len()
                + r.query().map_or(0, |q| q.as_str().len())
                + r.fragment().map_or(0, |f| f.as_str().len()),
        )
    }

    pub fn iri_string(s: &str) -> Option<usize> {
        let r = iri_string::types::UriReferenceStr::new(s).ok()?;
        let mut n = len(r.scheme_str()) + len(r.authority_str());
        if let Some(a) = r.authority_components() {
            n += len(a.userinfo()) + a.host().len() + len(a.port());
        }
        Some(n + r.path_str().len() + len(r.query_str()) + len(r.fragment_str()))
    }

    pub fn oxiri(s: &str) -> Option<usize> {
        let r = oxiri::IriRef::parse(s).ok()?;
        Some(
            len(r.scheme())
                + len(r.authority())
                + r.path().len()
                + len(r.query())
                + len(r.fragment()),
        )
    }

    pub fn uriparse(s: &str) -> Option<usize> {
        use uriparse::Host;
        let r = uriparse::URIReference::try_from(s).ok()?;
        let mut n = r.scheme().map_or(0, |s| s.as_str().len());
        if let Some(a) = r.authority() {
            n += a.username().map_or(0, |u| u.as_str().len())
                + a.password().map_or(0, |p| p.as_str().len())
                + match a.host() {
                    Host::RegisteredName(name) => name.as_str().len(),
                    Host::IPv4Address(_) | Host::IPv6Address(_) => 1,
                }
                + usize::from(a.port().is_some());
        }
        n += r
            .path()
            .segments()
            .iter()
            .map(|s| s.as_str().len())
            .sum::<usize>();
        Some(
            n + r.query().map_or(0, |q| q.as_str().len())
                + r.fragment().map_or(0, |f| f.as_str().len()),
        )
    }

    pub fn http(s: &str) -> Option<usize> {
        let r = http::Uri::from_str(s).ok()?;
        let mut n = len(r.scheme_str());
        if let Some(a) = r.authority() {
            n += a.as_str().len() + a.host().len() + a.port().map_or(0, |p| p.as_str().len());
        }
        Some(n + r.path().len() + len(r.query()))
    }

    pub fn url(s: &str) -> Option<usize> {
        let r = url::Url::parse(s).ok()?;
        Some(
            r.scheme().len()
                + r.authority().len()
                + r.username().len()
                + len(r.password())
                + len(r.host_str())
                + usize::from(r.port().is_some())
                + r.path().len()
                + len(r.query())
                + len(r.fragment()),
        )
    }
}

/// How many of `lines` `f` accepts. Every input goes through
/// [`black_box`], so nothing is hoisted out of the timed loop.
#[inline(always)]
fn count_valid(lines: &[&str], f: impl Fn(&str) -> bool) -> usize {
    let mut n = 0;
    for &s in lines {
        n += usize::from(f(black_box(s)));
    }
    n
}

/// How many of `lines` `f` accepts, and the sum of its component lengths.
#[inline(always)]
fn count_split(lines: &[&str], f: impl Fn(&str) -> Option<usize>) -> (usize, usize) {
    let (mut n, mut total) = (0, 0);
    for &s in lines {
        if let Some(len) = f(black_box(s)) {
            n += 1;
            total += len;
        }
    }
    (n, total)
}

/// The reference result of a corpus: fluent-uri's, the strict RFC 3986
/// peer, which uridfa must match exactly.
struct Expected {
    valid: usize,
    split: (usize, usize),
}

impl Expected {
    fn of(corpus: &Corpus) -> Expected {
        Expected {
            valid: count_valid(&corpus.lines, validate::fluent_uri),
            split: count_split(&corpus.lines, split::fluent_uri),
        }
    }
}

/// If uridfa disagrees with fluent-uri, show the first differing inputs.
fn explain(corpus: &Corpus, ours: impl Fn(&str) -> bool) {
    for (i, &s) in corpus.lines.iter().enumerate() {
        let theirs = validate::fluent_uri(s);
        if ours(s) != theirs {
            eprintln!(
                "  line {}: uridfa {}, fluent-uri {}: {s:?}",
                i + 1,
                if ours(s) { "accepts" } else { "rejects" },
                if theirs { "accepts" } else { "rejects" },
            );
        }
    }
}

fn group<'c>(c: &'c mut Criterion, name: String, corpus: &Corpus) -> BenchmarkGroup<'c, WallTime> {
    let mut g = c.benchmark_group(name);
    g.throughput(Throughput::Bytes(corpus.bytes));
    // One iteration is long (a whole corpus): equal-sized samples.
    g.sampling_mode(SamplingMode::Flat);
    g
}

/// Time `f` over `corpus` as `id` in `g`, after one checked run.
fn bench_validate(
    g: &mut BenchmarkGroup<'_, WallTime>,
    id: &str,
    corpus: &Corpus,
    expect: Option<usize>,
    f: impl Fn(&str) -> bool + Copy,
) {
    let n = count_valid(&corpus.lines, f);
    eprintln!(
        "{:>32}: accepts {n} of {}",
        format!("{}/{id}", corpus.name),
        corpus.lines.len()
    );
    if let Some(want) = expect {
        if n != want {
            explain(corpus, f);
        }
        assert_eq!(n, want, "{id} on {}: accepted count", corpus.name);
    }
    g.bench_function(id, |b| b.iter(|| count_valid(&corpus.lines, f)));
}

/// Time `f` over `corpus` as `id` in `g`, after one checked run.
fn bench_split(
    g: &mut BenchmarkGroup<'_, WallTime>,
    id: &str,
    corpus: &Corpus,
    expect: (Option<usize>, Option<usize>),
    f: impl Fn(&str) -> Option<usize> + Copy,
) {
    let (n, total) = count_split(&corpus.lines, f);
    eprintln!(
        "{:>32}: accepts {n} of {}, component bytes {total}",
        format!("{}/{id}", corpus.name),
        corpus.lines.len()
    );
    let (want_n, want_total) = expect;
    if let Some(want) = want_n {
        if n != want {
            explain(corpus, |s| f(s).is_some());
        }
        assert_eq!(n, want, "{id} on {}: accepted count", corpus.name);
    }
    if let Some(want) = want_total {
        assert_eq!(total, want, "{id} on {}: component bytes", corpus.name);
    }
    g.bench_function(id, |b| b.iter(|| count_split(&corpus.lines, f)));
}

fn corpus_benches(c: &mut Criterion) {
    let corpus = Corpus::load();
    let want = Expected::of(&corpus);
    assert!(
        want.valid * 10 >= corpus.lines.len() * 9,
        "fluent-uri rejects more than 10% of {}: wrong file?",
        corpus.name
    );

    let mut g = group(c, format!("validate/{}", corpus.name), &corpus);
    let (v, w) = (&mut g, &corpus);
    bench_validate(v, "uridfa", w, Some(want.valid), validate::uridfa);
    bench_validate(
        v,
        "uridfa-runtime",
        w,
        Some(want.valid),
        validate::uridfa_runtime,
    );
    bench_validate(v, "fluent-uri", w, Some(want.valid), validate::fluent_uri);
    bench_validate(v, "iri-string", w, None, validate::iri_string);
    bench_validate(v, "oxiri", w, None, validate::oxiri);
    bench_validate(v, "uriparse", w, None, validate::uriparse);
    bench_validate(v, "http", w, None, validate::http);
    bench_validate(v, "url", w, None, validate::url);
    g.finish();

    let mut g = group(c, format!("split/{}", corpus.name), &corpus);
    let (s, w) = (&mut g, &corpus);
    let same = (Some(want.split.0), Some(want.split.1));
    bench_split(s, "uridfa", w, same, split::uridfa);
    bench_split(s, "uridfa-runtime", w, same, split::uridfa_runtime);
    bench_split(s, "fluent-uri", w, same, split::fluent_uri);
    // The peers' validate counts were printed above; their own split must
    // accept what their validation accepts.
    let n = |f: fn(&str) -> bool| (Some(count_valid(&w.lines, f)), None);
    bench_split(
        s,
        "iri-string",
        w,
        n(validate::iri_string),
        split::iri_string,
    );
    bench_split(s, "oxiri", w, n(validate::oxiri), split::oxiri);
    bench_split(s, "uriparse", w, n(validate::uriparse), split::uriparse);
    bench_split(s, "http", w, n(validate::http), split::http);
    bench_split(s, "url", w, n(validate::url), split::url);
    g.finish();
}

fn long_benches(c: &mut Criterion) {
    let corpus = Corpus::query4k();
    let mut g = group(c, format!("long/{}", corpus.name), &corpus);
    let (v, w) = (&mut g, &corpus);
    // Every parser accepts this URI.
    let all = Some(1);
    bench_validate(v, "validate/uridfa", w, all, validate::uridfa);
    bench_validate(
        v,
        "validate/uridfa-runtime",
        w,
        all,
        validate::uridfa_runtime,
    );
    bench_validate(v, "validate/fluent-uri", w, all, validate::fluent_uri);
    bench_validate(v, "validate/iri-string", w, all, validate::iri_string);
    bench_validate(v, "validate/oxiri", w, all, validate::oxiri);
    bench_validate(v, "validate/uriparse", w, all, validate::uriparse);
    bench_validate(v, "validate/http", w, all, validate::http);
    bench_validate(v, "validate/url", w, all, validate::url);
    let same = (Some(1), Some(Expected::of(w).split.1));
    bench_split(v, "split/uridfa", w, same, split::uridfa);
    bench_split(v, "split/uridfa-runtime", w, same, split::uridfa_runtime);
    bench_split(v, "split/fluent-uri", w, same, split::fluent_uri);
    let all = (Some(1), None);
    bench_split(v, "split/iri-string", w, all, split::iri_string);
    bench_split(v, "split/oxiri", w, all, split::oxiri);
    bench_split(v, "split/uriparse", w, all, split::uriparse);
    bench_split(v, "split/http", w, all, split::http);
    bench_split(v, "split/url", w, all, split::url);
    g.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_secs(2))
        .measurement_time(Duration::from_secs(5))
        .sample_size(50)
        .configure_from_args()
}

criterion_group! {
    name = benches;
    config = config();
    targets = corpus_benches, long_benches
}
criterion_main!(benches);
