//! Percent-coding (`uridfa::pct`): encode-then-parse round trips for every
//! grammar-derived encode set, spec examples of decoding, malformed input
//! with exact offsets, exact `BufferTooSmall` lengths, long runs (linear
//! time), and fluent-uri 0.4.1 as an independent oracle for decoding, for
//! the RFC 3986 sets and for encoding.
//!
//! The round trips: arbitrary byte strings (every byte value, long `%`
//! runs, empty) are encoded with a component's set, embedded in a reference
//! of that grammar, parsed with the grammar's typed view, and the
//! component, decoded, must give back the data.

use crate::common;

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::{Config, TestRunner};
use uridfa::pct::{self, EncodeSet, PctError};
use uridfa::{
    draft_fielding_uri_rfc2396bis_01 as bis01, draft_ietf_urnbis_rfc2141bis_urn_03 as urn03,
};
use uridfa::{rfc2396, rfc3986, rfc8141};

/// Arbitrary data: every byte value, with the URI delimiters, `%` and
/// hex digits over-represented, sometimes a long run of one of them
/// (`"%%%%"`, `"////"`), sometimes long, sometimes empty. A failing case
/// shrinks to fewer and shorter pieces and plainer bytes (proptest).
fn data() -> impl Strategy<Value = Vec<u8>> {
    const SPECIAL: &[u8] = b"%%%/?#[]@:;=&+$,!'()*2EeFf0 .~-_\x00\x80\xFF";
    let piece = prop_oneof![
        1 => (select(SPECIAL), 0..300usize).prop_map(|(b, n)| vec![b; n]),
        8 => select(SPECIAL).prop_map(|b| vec![b]),
        11 => any::<u8>().prop_map(|b| vec![b]),
    ];
    let len = prop_oneof![1 => Just(0usize), 1 => 0..2000usize, 8 => 0..40usize];
    (len, vec(piece, 0..40)).prop_map(|(len, pieces)| {
        let mut v = pieces.concat();
        v.truncate(len);
        v
    })
}

/// A proptest runner with `cases` cases (failures are shrunk, then
/// reported with the smallest failing input).
fn runner(cases: u32) -> TestRunner {
    TestRunner::new(Config::with_cases(common::scale::cases(cases)))
}

fn enc(data: &[u8], set: &EncodeSet) -> String {
    let mut out = vec![0u8; pct::encoded_len(data, set).unwrap()];
    let n = pct::encode_into(data, set, &mut out).unwrap();
    assert_eq!(n, out.len());
    // The iterator gives the same text.
    let chunks: String = pct::encode(data, set).unwrap().collect();
    assert_eq!(chunks.as_bytes(), &out[..]);
    String::from_utf8(out).unwrap()
}

fn dec(s: &str) -> Vec<u8> {
    let mut out = vec![0u8; s.len()];
    let n = pct::decode_into(s.as_bytes(), &mut out).unwrap();
    out.truncate(n);
    // The iterator and eq_bytes agree.
    let d = pct::decode(s).unwrap();
    assert_eq!(d.clone().flatten().copied().collect::<Vec<u8>>(), out);
    assert!(d.eq_bytes(&out));
    assert_eq!(d.decoded_len(), n);
    out
}

const ROUNDS: u32 = 3000;

#[test]
fn rfc3986_round_trip() {
    use rfc3986::tables::{FRAGMENT_SET, PATH_SET, QUERY_SET, SEGMENT_SET, USERINFO_SET};
    let parts = (data(), data(), data(), data(), data(), data());
    let result = runner(ROUNDS).run(&parts, |(ui, a, b, q, f, p)| {
        let uri = format!(
            "http://{}@h/{}/{}?{}#{}",
            enc(&ui, &USERINFO_SET),
            enc(&a, &SEGMENT_SET),
            enc(&b, &SEGMENT_SET),
            enc(&q, &QUERY_SET),
            enc(&f, &FRAGMENT_SET)
        );
        let r = rfc3986::Uri::parse(&uri).unwrap_or_else(|e| panic!("{uri}: {e}"));
        assert_eq!(dec(r.userinfo().unwrap()), ui, "{uri}");
        let segs: Vec<Vec<u8>> = r
            .path_segments()
            .map(|s| s.flatten().copied().collect())
            .collect();
        assert_eq!(segs, [a, b], "{uri}");
        assert_eq!(dec(r.query().unwrap()), q, "{uri}");
        assert_eq!(dec(r.fragment().unwrap()), f, "{uri}");
        // PATH: segments and "/" (after an authority, so a leading "//"
        // stays a path).
        let uri = format!("http://h/{}", enc(&p, &PATH_SET));
        let r = rfc3986::Uri::parse(&uri).unwrap_or_else(|e| panic!("{uri}: {e}"));
        assert_eq!(dec(&r.path()[1..]), p, "{uri}");
        // The same components in a relative reference.
        let rel = format!(
            "//{}@h/{}?{}",
            enc(&ui, &USERINFO_SET),
            enc(&p, &PATH_SET),
            enc(&q, &QUERY_SET)
        );
        let r = rfc3986::RelativeRef::parse(&rel).unwrap_or_else(|e| panic!("{rel}: {e}"));
        assert_eq!(dec(r.userinfo().unwrap()), ui);
        assert_eq!(dec(r.query().unwrap()), q);
        Ok(())
    });
    result.unwrap();
}

#[test]
fn rfc8141_round_trip() {
    use rfc8141::tables::{F_COMPONENT_SET, NSS_SET, Q_COMPONENT_SET};
    assert!(!NSS_SET.accepts_empty && !Q_COMPONENT_SET.accepts_empty);
    // NSS and q-component need at least one character (RFC 8141 §2).
    let nonempty = || data().prop_filter("nonempty", |v| !v.is_empty());
    let result = runner(ROUNDS).run(&(nonempty(), nonempty(), data()), |(nss, q, f)| {
        let urn = format!(
            "urn:ex:{}?={}#{}",
            enc(&nss, &NSS_SET),
            enc(&q, &Q_COMPONENT_SET),
            enc(&f, &F_COMPONENT_SET)
        );
        let r = rfc8141::Urn::parse(&urn).unwrap_or_else(|e| panic!("{urn}: {e}"));
        assert_eq!(dec(r.nss()), nss, "{urn}");
        assert_eq!(dec(r.q_component().unwrap()), q, "{urn}");
        assert_eq!(dec(r.f_component().unwrap()), f, "{urn}");
        Ok(())
    });
    result.unwrap();
}

#[test]
fn urn_draft_03_round_trip() {
    use urn03::tables::{FRAGMENT_SET, NSS_SET};
    let result = runner(ROUNDS).run(&(data(), data()), |(mut nss, mut f)| {
        // "%00" is not allowed (draft 03 §2.2): an error at the first NUL.
        if let Some(at) = nss.iter().position(|&b| b == 0) {
            assert_eq!(
                pct::encoded_len(&nss, &NSS_SET),
                Err(PctError::Unencodable { at, byte: 0 })
            );
            nss.retain(|&b| b != 0);
        }
        f.retain(|&b| b != 0);
        // The NSS needs at least one character (draft 03 §2).
        prop_assume!(!nss.is_empty());
        let urn = format!("urn:ex:{}#{}", enc(&nss, &NSS_SET), enc(&f, &FRAGMENT_SET));
        let r = urn03::UrnRef::parse(&urn).unwrap_or_else(|e| panic!("{urn}: {e}"));
        assert_eq!(dec(r.nss()), nss, "{urn}");
        assert_eq!(dec(r.fragment().unwrap()), f, "{urn}");
        Ok(())
    });
    result.unwrap();
}

/// Userinfo, decoded path segments (from `path_segments()`), query,
/// fragment.
type Parts = (Option<String>, Vec<Vec<u8>>, Option<String>, Option<String>);

/// "http://ui@h/a/b?q#f" in a grammar of the RFC 2396 family.
fn check_2396_family(name: &str, sets: [&EncodeSet; 4], parse: impl Fn(&str) -> Option<Parts>) {
    let [ui_set, seg_set, q_set, f_set] = sets;
    let parts = (data(), data(), data(), data(), data());
    let result = runner(ROUNDS).run(&parts, |(ui, a, b, q, f)| {
        let uri = format!(
            "http://{}@h/{}/{}?{}#{}",
            enc(&ui, ui_set),
            enc(&a, seg_set),
            enc(&b, seg_set),
            enc(&q, q_set),
            enc(&f, f_set)
        );
        let (userinfo, segs, query, fragment) =
            parse(&uri).unwrap_or_else(|| panic!("{name}: {uri} does not parse"));
        assert_eq!(dec(&userinfo.unwrap()), ui, "{name}: {uri}");
        assert_eq!(segs, [a, b], "{name}: {uri}");
        assert_eq!(dec(&query.unwrap()), q, "{name}: {uri}");
        assert_eq!(dec(&fragment.unwrap()), f, "{name}: {uri}");
        Ok(())
    });
    result.unwrap_or_else(|e| panic!("{name}: {e}"));
}

#[test]
fn rfc2396_round_trip() {
    use rfc2396::tables::{FRAGMENT_SET, QUERY_SET, SEGMENT_SET, USERINFO_SET};
    check_2396_family(
        "rfc2396",
        [&USERINFO_SET, &SEGMENT_SET, &QUERY_SET, &FRAGMENT_SET],
        |s| {
            let r = rfc2396::UriRef::parse(s).ok()?;
            let own = |x: Option<&str>| x.map(str::to_string);
            if r.opaque_part().is_some() {
                return None;
            }
            let segs = r
                .path_segments()
                .map(|s| s.flatten().copied().collect())
                .collect();
            Some((own(r.userinfo()), segs, own(r.query()), own(r.fragment())))
        },
    );
}

#[test]
fn rfc2396bis_01_round_trip() {
    use bis01::tables::{FRAGMENT_SET, QUERY_SET, SEGMENT_SET, USERINFO_SET};
    check_2396_family(
        "draft-fielding-uri-rfc2396bis-01",
        [&USERINFO_SET, &SEGMENT_SET, &QUERY_SET, &FRAGMENT_SET],
        |s| {
            let r = bis01::UriRef::parse(s).ok()?;
            let own = |x: Option<&str>| x.map(str::to_string);
            if r.opaque_part().is_some() {
                return None;
            }
            let segs = r
                .path_segments()
                .map(|s| s.flatten().copied().collect())
                .collect();
            Some((own(r.userinfo()), segs, own(r.query()), own(r.fragment())))
        },
    );
}

/// RFC 6874 changes only `IP-literal`: its sets are RFC 3986's.
#[test]
fn rfc6874_sets_are_rfc3986s() {
    use uridfa::rfc6874::tables as t6874;
    let pairs = [
        (&t6874::USERINFO_SET, &rfc3986::tables::USERINFO_SET),
        (&t6874::SEGMENT_SET, &rfc3986::tables::SEGMENT_SET),
        (&t6874::PATH_SET, &rfc3986::tables::PATH_SET),
        (&t6874::QUERY_SET, &rfc3986::tables::QUERY_SET),
        (&t6874::FRAGMENT_SET, &rfc3986::tables::FRAGMENT_SET),
    ];
    for (a, b) in pairs {
        assert_eq!(a, b);
    }
    let uri = format!(
        "http://[fe80::1%25en0]/{}?{}",
        enc(b"a b/c", &t6874::PATH_SET),
        enc(b"#&", &t6874::QUERY_SET)
    );
    let r = uridfa::rfc6874::Uri::parse(&uri).unwrap();
    assert_eq!(dec(&r.path()[1..]), b"a b/c");
    assert_eq!(dec(r.query().unwrap()), b"#&");
}

/// Decoding, as the specs describe it: every row of `tests/data/pct.jsonl`
/// (RFC 3986 §2.1, §2.4, §2.5 and §3.2.2's examples) decodes `encoded` to
/// `decoded`; with `encodes_back`, encoding `decoded` with RFC 3986's
/// segment set gives `encoded` again (upper-case hex, §2.1); a row marked
/// `in_doc` is found in RFC 3986's text.
#[test]
fn decode_spec_examples() {
    use rfc3986::tables::SEGMENT_SET;
    let doc = common::spec::SpecText::read("rfc3986");
    let mut failures = Vec::new();
    let mut total = 0;
    for (i, l) in include_str!("data/pct.jsonl").lines().enumerate() {
        total += 1;
        let line = i + 1;
        let row: common::Json =
            serde_json::from_str(l).unwrap_or_else(|e| panic!("pct.jsonl:{line}: {e}"));
        let text = |k: &str| {
            row[k]
                .as_str()
                .unwrap_or_else(|| panic!("pct.jsonl:{line}: no {k}"))
        };
        let (encoded, decoded) = (text("encoded"), text("decoded"));
        if dec(encoded) != decoded.as_bytes() {
            failures.push(format!(
                "pct.jsonl:{line}: {encoded:?} decodes to {:?}",
                String::from_utf8_lossy(&dec(encoded))
            ));
        }
        if !pct::decode(encoded).is_ok_and(|d| d.eq_str(decoded)) {
            failures.push(format!(
                "pct.jsonl:{line}: decode({encoded:?}).eq_str({decoded:?}) fails"
            ));
        }
        if row["encodes_back"] == true && enc(decoded.as_bytes(), &SEGMENT_SET) != encoded {
            failures.push(format!(
                "pct.jsonl:{line}: {decoded:?} encodes to {:?}",
                enc(decoded.as_bytes(), &SEGMENT_SET)
            ));
        }
        if let (Some(doc), true) = (&doc, row["in_doc"] == true) {
            if !doc.contains(encoded) {
                failures.push(format!(
                    "pct.jsonl:{line}: {encoded:?} is not in RFC 3986's text"
                ));
            }
        }
    }
    assert_eq!(total, 9, "rows of pct.jsonl");
    common::assert_rows_pass(&failures, total);
}

/// `%` not followed by two hex digits (RFC 3986 §2.1: pct-encoded = "%"
/// HEXDIG HEXDIG): an error at the offset of that `%`.
#[test]
fn malformed_offsets() {
    for (input, at) in [
        ("%", 0),
        ("%4", 0),
        ("%G0", 0),
        ("%0G", 0),
        ("%%", 0),
        ("%%41", 0),
        ("a%", 1),
        ("ab%4", 2),
        ("abc%g1", 3),
        ("a%20%", 4),
        ("%20%2", 3),
        ("%2%20", 0),
        ("x%-1", 1),
        ("%20%20%20%", 9),
        ("ok%41%4x", 5),
    ] {
        let want = Err(PctError::Malformed { at });
        assert_eq!(pct::decoded_len(input.as_bytes()), want, "{input}");
        assert_eq!(
            pct::decode(input).map(|_| ()),
            want.map(|_: usize| ()),
            "{input}"
        );
        let mut out = [0xAAu8; 16];
        assert_eq!(
            pct::decode_into(input.as_bytes(), &mut out),
            want,
            "{input}"
        );
        assert!(
            out.iter().all(|&b| b == 0xAA),
            "{input}: wrote into the buffer"
        );
        let msg = PctError::Malformed { at }.to_string();
        assert_eq!(
            msg,
            format!(
                "malformed percent-encoding at byte {at}: '%' must be followed by two hex digits"
            )
        );
    }
}

#[test]
fn buffer_too_small_reports_the_exact_length() {
    use rfc3986::tables::QUERY_SET;
    let input = "a%20b%2Fc%25";
    let want = b"a b/c%";
    for len in 0..want.len() {
        let mut out = vec![0xAAu8; len];
        assert_eq!(
            pct::decode_into(input.as_bytes(), &mut out),
            Err(PctError::BufferTooSmall(uridfa::BufferTooSmall {
                needed: want.len()
            })),
            "len {len}"
        );
        assert!(out.iter().all(|&b| b == 0xAA));
    }
    let mut out = vec![0u8; want.len()];
    assert_eq!(pct::decode_into(input.as_bytes(), &mut out), Ok(want.len()));
    assert_eq!(&out, want);

    let data = b"a b#c";
    let encoded = b"a%20b%23c";
    for len in 0..encoded.len() {
        let mut out = vec![0xAAu8; len];
        assert_eq!(
            pct::encode_into(data, &QUERY_SET, &mut out),
            Err(PctError::BufferTooSmall(uridfa::BufferTooSmall {
                needed: encoded.len()
            })),
            "len {len}"
        );
        assert!(out.iter().all(|&b| b == 0xAA));
    }
    let mut out = vec![0u8; encoded.len()];
    assert_eq!(
        pct::encode_into(data, &QUERY_SET, &mut out),
        Ok(encoded.len())
    );
    assert_eq!(&out, encoded);
}

/// One megabyte of "%2E" (3 MB of input), and 1 MB of "%" to encode: the
/// functions are linear (this would time out if they were not).
#[test]
fn long_runs() {
    let n = 1 << 20;
    let input = "%2E".repeat(n);
    assert_eq!(pct::decoded_len(input.as_bytes()), Ok(n));
    let mut out = vec![0u8; n];
    let t = std::time::Instant::now();
    assert_eq!(pct::decode_into(input.as_bytes(), &mut out), Ok(n));
    eprintln!(
        "decode_into: 1 MiB of %2E (3 MiB input) in {:?}",
        t.elapsed()
    );
    assert!(out.iter().all(|&b| b == b'.'));
    assert_eq!(pct::decode(&input).unwrap().count(), n);
    assert!(pct::decode(&input).unwrap().eq_bytes(&out));
    // A malformed triplet at the very end.
    let bad = format!("{input}%2");
    assert_eq!(
        pct::decoded_len(bad.as_bytes()),
        Err(PctError::Malformed { at: 3 * n })
    );
    // Encoding: every "%" becomes "%25".
    let data = vec![b'%'; n];
    let t = std::time::Instant::now();
    let encoded = enc(&data, &rfc3986::tables::PATH_SET);
    eprintln!(
        "encode (buffer and iterator): 1 MiB of % in {:?}",
        t.elapsed()
    );
    assert_eq!(encoded, "%25".repeat(n));
    // Path segments of a path with 100,000 "%2E%2E" segments.
    let path = "/%2E%2E".repeat(100_000);
    let segs = pct::PathSegments::new(&path);
    assert_eq!(segs.clone().count(), 100_000);
    assert!(segs.clone().all(|s| s.eq_str("..")));
}

/// The sets fluent-uri 0.4.1 writes by hand (`pct_enc::encoder`) agree
/// with the sets we derive from RFC 3986's rules, and its encoder gives the
/// same output as ours.
#[test]
fn rfc3986_sets_match_fluent_uri() {
    use fluent_uri::pct_enc::encoder::{Fragment, Path, Query, Userinfo};
    use fluent_uri::pct_enc::{EString, Encoder};
    use rfc3986::tables::{FRAGMENT_SET, PATH_SET, QUERY_SET, USERINFO_SET};
    fn check<E: Encoder>(ours: &EncodeSet) {
        for b in 0..=0x7Fu8 {
            if b == b'%' {
                continue;
            }
            let theirs = E::TABLE.allows(char::from(b));
            assert_eq!(
                ours.contains(b),
                theirs,
                "{} {:?}",
                ours.name,
                char::from(b)
            );
            assert_eq!(
                ours.contains_first(b),
                theirs,
                "{} {:?}",
                ours.name,
                char::from(b)
            );
        }
        for b in 0x80..=0xFFu8 {
            assert!(!ours.contains(b) && ours.contains_pct(b));
        }
        let result = runner(500).run(&data(), |data| {
            let mut theirs = EString::<E>::new();
            #[allow(deprecated)]
            theirs.encode_bytes::<E>(&data);
            assert_eq!(enc(&data, ours), theirs.as_str(), "{}", ours.name);
            Ok(())
        });
        result.unwrap();
    }
    check::<Userinfo>(&USERINFO_SET);
    check::<Path>(&PATH_SET);
    check::<Query>(&QUERY_SET);
    check::<Fragment>(&FRAGMENT_SET);
}

/// fluent-uri's `EStr::decode` as an oracle on random valid
/// percent-encoded strings (literals of the query set, triplets in either
/// case).
#[test]
fn decode_matches_fluent_uri() {
    use fluent_uri::pct_enc::{encoder::Query, EStr};
    let literals: Vec<u8> = (0..=0x7Fu8)
        .filter(|&b| rfc3986::tables::QUERY_SET.contains(b))
        .collect();
    let piece = prop_oneof![
        1 => (any::<u8>(), any::<bool>()).prop_map(|(v, upper)| if upper {
            format!("%{v:02X}")
        } else {
            format!("%{v:02x}")
        }),
        2 => select(literals).prop_map(|b| char::from(b).to_string()),
    ];
    let result = runner(5000).run(&vec(piece, 0..60), |pieces| {
        let s = pieces.concat();
        let theirs = EStr::<Query>::new(&s).unwrap().decode().to_bytes();
        assert_eq!(dec(&s), &*theirs, "{s}");
        Ok(())
    });
    result.unwrap();
}

#[test]
fn decoded_views() {
    // RFC 3986 §3.3: "a path consists of a sequence of path segments
    // separated by a slash ("/") character".
    let cases: [(&str, &[&str]); 7] = [
        ("http://h", &[]),
        ("http://h/", &[""]),
        ("http://h/a/b", &["a", "b"]),
        ("http://h/a/", &["a", ""]),
        ("http://h//a", &["", "a"]),
        ("http://h/a%2Fb/c%20d", &["a/b", "c d"]),
        ("mailto:a@b", &["a@b"]),
    ];
    for (uri, want) in cases {
        let r = rfc3986::UriRef::parse(uri).unwrap();
        let got: Vec<Vec<u8>> = r
            .path_segments()
            .map(|s| s.flatten().copied().collect())
            .collect();
        let want: Vec<Vec<u8>> = want.iter().map(|s| s.as_bytes().to_vec()).collect();
        assert_eq!(got, want, "{uri}");
    }
    let r = rfc3986::UriRef::parse("a/b%3F?k=v%26w&=x&k2&&k3=a=b").unwrap();
    let segs: Vec<Vec<u8>> = r
        .path_segments()
        .map(|s| s.flatten().copied().collect())
        .collect();
    assert_eq!(segs, [b"a".to_vec(), b"b?".to_vec()]);
    let pairs: Vec<(Vec<u8>, Option<Vec<u8>>)> = r
        .query_pairs()
        .unwrap()
        .map(|(k, v)| {
            (
                k.flatten().copied().collect(),
                v.map(|v| v.flatten().copied().collect()),
            )
        })
        .collect();
    let want: Vec<(Vec<u8>, Option<Vec<u8>>)> = vec![
        (b"k".to_vec(), Some(b"v&w".to_vec())),
        (b"".to_vec(), Some(b"x".to_vec())),
        (b"k2".to_vec(), None),
        (b"".to_vec(), None),
        (b"k3".to_vec(), Some(b"a=b".to_vec())),
    ];
    assert_eq!(pairs, want);
    assert!(rfc3986::UriRef::parse("http://h/")
        .unwrap()
        .query_pairs()
        .is_none());
    assert_eq!(
        rfc3986::UriRef::parse("http://h/?")
            .unwrap()
            .query_pairs()
            .unwrap()
            .count(),
        0
    );
    // "+" stays "+" (no HTML form decoding).
    let r = rfc3986::UriRef::parse("?a+b=c+d").unwrap();
    let (k, v) = r.query_pairs().unwrap().next().unwrap();
    assert!(k.eq_str("a+b") && v.unwrap().eq_str("c+d"));
}

/// A `%` that does not start a triplet cannot reach the iterators through
/// `decode` (an error) or a parsed component (the grammar forbids it); the
/// views built directly from text pass it through literally, never panic.
#[test]
fn views_pass_malformed_percent_through() {
    let segs: Vec<Vec<u8>> = pct::PathSegments::new("/a%/%4/%zz%41")
        .map(|s| s.flatten().copied().collect())
        .collect();
    assert_eq!(segs, [b"a%".to_vec(), b"%4".to_vec(), b"%zzA".to_vec()]);
    let (k, v) = pct::QueryPairs::new("%=%%").next().unwrap();
    assert!(k.eq_str("%") && v.unwrap().eq_str("%%"));
}
