//! Link-time proof that `uridfa-runtime`'s entry points, `uridfa::text`, and
//! part of the root crate's (see "The root crate's entry points" below),
//! cannot panic.
//!
//! Each wrapper below is `#[no_panic]`: the attribute puts a guard on the
//! stack whose `Drop` (run only while unwinding) calls an undefined symbol.
//! If the optimizer cannot remove every unwinding path out of the body, the
//! guard's `Drop` stays and the link fails with
//! `ERROR[no-panic]: detected panic in function `NAME``.
//!
//! Two sets of wrappers:
//!
//! - `*_uri_ref`: on the generated `URI_REFERENCE` tables (a `static` the
//!   optimizer can see);
//! - `*_any`: on tables passed in by reference, which the optimizer knows
//!   nothing about. This is the real claim: no table set, valid or corrupt,
//!   and no input can make the runtime panic (see `Tables`' `# Invariants`).
//!
//! `main` calls every wrapper on inputs hidden behind `black_box`, so they
//! are all code-generated and linked. Build with `cargo build --release`.
//!
//! With `--features unguarded` the attribute is left off, so a build whose
//! proof fails still links, and `.ci/nopanic-calls.py` can name the panic
//! calls that remain.

use std::hint::black_box;

#[cfg_attr(feature = "unguarded", allow(unused_imports))]
use no_panic::no_panic;
#[allow(unused_imports)]
use uridfa::prelude::*;
use uridfa::rfc3986::tables::{CAPTURE_LEN, URI_REFERENCE};
use uridfa_runtime::{Captures, Error, Machine, Span, Tables, MAX_STACK_REGS};

// On the generated URI_REFERENCE tables.

#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
fn validate_uri_ref(input: &[u8]) -> Result<(), Error> {
    uridfa_runtime::validate(&URI_REFERENCE, input)
}

#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
fn split_uri_ref(input: &[u8]) -> Result<Captures<CAPTURE_LEN>, Error> {
    uridfa_runtime::split::<CAPTURE_LEN>(&URI_REFERENCE, input)
}

#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
fn split_with_uri_ref(
    input: &[u8],
    regs: &mut [usize],
    out: &mut [Option<Span>],
) -> Result<(), Error> {
    uridfa_runtime::split_with(&URI_REFERENCE, input, regs, out)
}

#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
fn stream_uri_ref(
    chunks: &[&[u8]],
    regs: &mut [usize],
    out: &mut [Option<Span>],
) -> Result<(), Error> {
    let mut m = Machine::new(&URI_REFERENCE, regs)?;
    for chunk in chunks {
        m.feed(chunk)?;
    }
    m.finish()?;
    m.finish_split(out)
}

// On any tables, unknown to the optimizer.

#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
fn validate_any(t: &Tables<'_>, input: &[u8]) -> Result<(), Error> {
    uridfa_runtime::validate(t, input)
}

#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
fn split_any(t: &Tables<'_>, input: &[u8]) -> Result<Captures<16>, Error> {
    uridfa_runtime::split::<16>(t, input)
}

#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
fn split_with_any(
    t: &Tables<'_>,
    input: &[u8],
    regs: &mut [usize],
    out: &mut [Option<Span>],
) -> Result<(), Error> {
    uridfa_runtime::split_with(t, input, regs, out)
}

#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
fn split_regs_any(t: &Tables<'_>, input: &[u8], regs: &mut [usize]) -> Result<(), Error> {
    uridfa_runtime::split_regs(t, input, regs)
}

/// The table checker (`Tables`' `# Invariants`): on any tables it
/// answers, it never panics.
#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
fn check_any(t: &Tables<'_>) -> Result<(), uridfa_runtime::CheckError> {
    uridfa_runtime::check(t)
}

/// The lists' checker (invariant 14), every level, on any tables.
#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
fn check_lists_any(
    t: &Tables<'_>,
    lists: &[uridfa_runtime::List<'_>],
) -> Result<(), uridfa_runtime::CheckError> {
    uridfa_runtime::check_lists(t, lists)
}

/// `split_regs32`: the same driver with `u32` registers.
#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
fn split_regs32_any(t: &Tables<'_>, input: &[u8], regs: &mut [u32]) -> Result<(), Error> {
    uridfa_runtime::split_regs32(t, input, regs)
}

/// Every item of a list region (here: any span, over any tables), summed.
#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
fn items_any(t: &Tables<'_>, input: &[u8], region: Span) -> Result<usize, Error> {
    let mut total = 0usize;
    for item in uridfa_runtime::items(t, input, region) {
        let (a, b) = item?;
        total = total.wrapping_add(b.wrapping_sub(a));
    }
    Ok(total)
}

#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
fn machine_new_any<'t, 'r>(
    t: &'t Tables<'t>,
    regs: &'r mut [usize],
) -> Result<Machine<'t, 'r>, Error> {
    Machine::new(t, regs)
}

#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
fn machine_feed_any(m: &mut Machine<'_, '_>, chunk: &[u8]) -> Result<(), Error> {
    m.feed(chunk)
}

#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
fn machine_finish_any(m: &mut Machine<'_, '_>) -> Result<(), Error> {
    m.finish()
}

#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
fn machine_finish_split_any(
    m: &mut Machine<'_, '_>,
    out: &mut [Option<Span>],
) -> Result<(), Error> {
    m.finish_split(out)
}

/// `decide_kinds_regs` after `split_regs`.
#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
fn decide_kinds_regs_any(t: &Tables<'_>, input: &[u8], regs: &mut [usize]) {
    uridfa_runtime::decide_kinds_regs(t, input, regs)
}

/// `decide_kinds` after a stream, from the bytes fed (in two pieces, as
/// fed), through `KindMatcher::feed` and `is_match`.
#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
fn decide_kinds_any(t: &Tables<'_>, pieces: [&[u8]; 2], out: &mut [Option<Span>]) {
    uridfa_runtime::decide_kinds(t, out, |mut k, (s, e)| {
        let mut at = 0usize;
        for p in pieces {
            let end = at.saturating_add(p.len());
            let (from, to) = (s.max(at).saturating_sub(at), e.min(end).saturating_sub(at));
            if from < to {
                k.feed(p.get(from..to).unwrap_or_default());
            }
            at = end;
        }
        k.is_match()
    });
}

#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
fn at_char_start_any(e: Error, t: &Tables<'_>, input: &[u8]) -> Error {
    e.at_char_start(t, input)
}

// uridfa::pct: percent-decoding and -encoding into caller buffers, on any
// input, any encode set and any buffer length.

#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
fn pct_decode_into_any(input: &[u8], out: &mut [u8]) -> Result<usize, uridfa::pct::PctError> {
    uridfa::pct::decode_into(input, out)
}

#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
fn pct_encode_into_any(
    data: &[u8],
    set: &uridfa::pct::EncodeSet,
    out: &mut [u8],
) -> Result<usize, uridfa::pct::PctError> {
    uridfa::pct::encode_into(data, set, out)
}

// Longest accepted prefix (the runtime under uridfa::text), on any tables.

#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
fn longest_prefix_any(t: &Tables<'_>, input: &[u8]) -> Result<Option<usize>, Error> {
    uridfa_runtime::longest_prefix(t, input)
}

#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
fn longest_prefix_after_any(
    t: &Tables<'_>,
    head: &[u8],
    input: &[u8],
) -> Result<Option<usize>, Error> {
    uridfa_runtime::longest_prefix_after(t, head, input)
}

#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
fn longest_prefix_split_any(
    t: &Tables<'_>,
    input: &[u8],
) -> Result<Option<(usize, Captures<16>)>, Error> {
    uridfa_runtime::longest_prefix_split::<16>(t, input)
}

// uridfa::text: every URI of any text, with any tables and any buffers:
// the iterator, both writers, the captures and the accessors (not
// `as_str`, which is `core::str::from_utf8` on `as_bytes`).

#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
fn text_find_any(
    t: &Tables<'_>,
    text: &[u8],
    out: &mut [u8],
    spans: &mut [Option<Span>],
) -> (usize, usize) {
    let finder = uridfa::text::Finder::with_tables(t)
        .abbreviated(true)
        .bare_any_scheme(true);
    let (mut count, mut bytes) = (0usize, 0usize);
    for f in finder.find_iter_bytes(text) {
        count = count.wrapping_add(1);
        let n = f.write_into(out).unwrap_or(0);
        let m = f.write_without_line_end_hyphens_into(out).unwrap_or(0);
        let ok = f.split_into(spans).is_ok();
        let extra = usize::from(ok)
            .wrapping_add(usize::from(f.is_ambiguous_hyphen()))
            .wrapping_add(f.range().len())
            .wrapping_add(f.outer_range().len())
            .wrapping_add(f.len())
            .wrapping_add(f.as_bytes().len())
            .wrapping_add(f.fragment_outside_grammar().map_or(0, |r| r.len()));
        bytes = bytes.wrapping_add(n).wrapping_add(m).wrapping_add(extra);
    }
    (count, bytes)
}

mod root;
use root::*;

fn main() {
    #[cfg(feature = "negative-control")]
    println!(
        "{}",
        negative_control(black_box(&URI_REFERENCE), black_box(300))
    );

    let inputs: [&[u8]; 4] = [
        b"http://user@example.com:8080/a/b?q#f",
        b"http://a/b c",
        b"",
        b"http://a/\xEF\xBF\xBE",
    ];
    let mut failures = 0;
    for &input in &inputs {
        let input = black_box(input);
        let t: &Tables<'static> = black_box(&URI_REFERENCE);
        let mut regs = [0usize; MAX_STACK_REGS];
        let mut out = [None; CAPTURE_LEN];
        let mut out2 = [None; CAPTURE_LEN];

        let valid = validate_uri_ref(input);
        let caps = split_uri_ref(input);
        let with = split_with_uri_ref(input, &mut regs, &mut out);
        let (a, b) = input.split_at(input.len() / 2);
        let stream = stream_uri_ref(&[a, b], &mut regs, &mut out2);
        decide_kinds_any(t, [a, b], &mut out2);

        let valid_any = validate_any(t, input);
        let caps_any = split_any(t, input);
        let mut out3 = [None; CAPTURE_LEN];
        let with_any = split_with_any(t, input, &mut regs, &mut out3);
        let mut raw = [0usize; MAX_STACK_REGS];
        let regs_any = split_regs_any(t, input, &mut raw);
        // The `u32` registers hold the same tags (NIL is `u32::MAX`), in
        // the small wide file, the large one and an exact slice.
        let raw32 = [32, MAX_STACK_REGS, t.reg_len as usize].map(|n| {
            let mut r = [0u32; MAX_STACK_REGS];
            let res = split_regs32_any(t, input, &mut r[..n]);
            (res, r)
        });
        let regs32_agree = raw32.iter().all(|(res, r)| {
            *res == regs_any
                && (res.is_err()
                    || (0..2 * CAPTURE_LEN).all(|k| {
                        let wide = raw[k];
                        (wide == usize::MAX && r[k] == u32::MAX) || wide == r[k] as usize
                    }))
        });
        decide_kinds_regs_any(t, input, &mut raw);
        let mut out4 = [None; CAPTURE_LEN];
        let stream_any = machine_new_any(t, &mut regs).and_then(|mut m| {
            machine_feed_any(&mut m, a)?;
            machine_feed_any(&mut m, b)?;
            machine_finish_any(&mut m)?;
            machine_finish_split_any(&mut m, &mut out4)
        });
        decide_kinds_any(t, [a, b], &mut out4);
        // URI-reference's items over the whole input: one item, the
        // input, when it is valid (the whole input is its longest prefix);
        // the region may also reach past the input.
        let whole = items_any(t, input, (0, input.len()));
        let past = items_any(t, input, (1, input.len() + 3));

        let items_agree = match valid {
            Ok(()) => whole == Ok(input.len()),
            Err(_) => whole.is_err(),
        } && past.is_err();

        let agree = valid == valid_any
            && items_agree
            && valid.is_ok() == caps.is_ok()
            && caps.map(|c| *c.as_slice()) == with.map(|()| out)
            && with == stream
            && out == out2
            && caps_any.map(|c| c.as_slice()[..CAPTURE_LEN] == out[..]) == valid.map(|()| true)
            && with_any == with
            && regs_any == with
            && regs32_agree
            && (0..CAPTURE_LEN).all(|k| {
                // Tag 2k/2k+1 in registers 2k/2k+1 (see `split_regs`).
                let span = (raw[2 * k], raw[2 * k + 1]);
                with.is_err()
                    || out[k]
                        == Some(span).filter(|&(s, e)| s != usize::MAX && e != usize::MAX && s <= e)
            })
            && out3 == out
            && stream_any == with
            && out4 == out;
        let shown = String::from_utf8_lossy(input);
        if agree {
            println!("ok: {shown:?}: {valid:?}");
        } else {
            println!("DISAGREE: {shown:?}");
            failures += 1;
        }
    }
    // Every generated machine of every grammar, through the `*_any`
    // wrappers: validation and both ways of splitting must agree.
    let mut machines = 0;
    for g in uridfa::GRAMMARS {
        for (&t, &lists) in g.entries.iter().zip(g.lists) {
            // The generated tables pass both checkers.
            if check_any(black_box(t)).is_err() || check_lists_any(black_box(t), lists).is_err() {
                println!("CHECK FAILS: {} {}", g.name, t.rule);
                failures += 1;
            }
            machines += 1;
            for &input in &inputs {
                let input = black_box(input);
                let mut regs = vec![0usize; t.reg_len as usize];
                let mut regs2 = vec![0usize; t.reg_len as usize];
                let mut out = vec![None; t.captures.len()];
                let mut out2 = vec![None; t.captures.len()];
                let valid = validate_any(t, input);
                let with = split_with_any(t, input, &mut regs, &mut out);
                let (a, b) = input.split_at(input.len() / 2);
                let stream = machine_new_any(t, &mut regs2).and_then(|mut m| {
                    machine_feed_any(&mut m, a)?;
                    machine_feed_any(&mut m, b)?;
                    machine_finish_any(&mut m)?;
                    machine_finish_split_any(&mut m, &mut out2)
                });
                // The stream leaves the kinds decided after the match to
                // its caller.
                decide_kinds_any(t, [a, b], &mut out2);
                // Moving an error to its character start keeps it an error
                // at or before the original offset.
                let moved_ok = match valid {
                    Ok(()) => true,
                    Err(e) => at_char_start_any(e, t, input).offset() <= e.offset(),
                };
                // A stream over `utf8` tables reports an error inside a
                // character at its first byte, as `at_char_start` does.
                let with_moved = with.map_err(|e| {
                    if t.utf8 {
                        at_char_start_any(e, t, input)
                    } else {
                        e
                    }
                });
                if valid != with || with_moved != stream || out != out2 || !moved_ok {
                    let shown = String::from_utf8_lossy(input);
                    println!("DISAGREE: {} {}: {shown:?}", g.name, t.rule);
                    failures += 1;
                }
            }
        }
    }
    // Longest prefix and text scanning on every machine: the longest
    // prefix of an accepted input is the input; the scanner finds the URI
    // of a short paragraph under the URI-like rules.
    let text: &[u8] = b"Yes, Jim, see <URL:ftp://info.cern.ch/pub/www/doc\n   ;type=d> or \"http://a/long-\n b\", www.w3.org/A (http://x/a_(b)). \xFF\x00 <ftp://ds.internic.\n net/rfc/>";
    let mut found_total = 0;
    for g in uridfa::GRAMMARS {
        for &t in g.entries {
            for &input in &inputs {
                let input = black_box(input);
                let longest = longest_prefix_any(t, input);
                let after = longest_prefix_after_any(t, b"", input);
                let split = longest_prefix_split_any(t, input);
                let valid = validate_any(t, input).is_ok();
                let agree = longest == after
                    && split.map(|s| s.map(|(n, _)| n)) == longest
                    && (!valid || longest == Ok(Some(input.len())));
                if !agree {
                    let shown = String::from_utf8_lossy(input);
                    println!("DISAGREE: longest prefix {} {}: {shown:?}", g.name, t.rule);
                    failures += 1;
                }
            }
            let mut out = [0u8; 64];
            let mut spans = [None; 32];
            let (n, _) = text_find_any(t, black_box(text), &mut out, &mut spans);
            // Too small buffers: errors, never panics.
            let _ = text_find_any(t, black_box(text), &mut out[..3], &mut spans[..1]);
            found_total += n;
        }
    }
    let uri = &uridfa::rfc3986::tables::URI;
    let (n, _) = text_find_any(uri, black_box(text), &mut [0u8; 64], &mut [None; 32]);
    if n != 5 {
        println!("DISAGREE: text_find_any found {n} URIs under rfc3986 URI, not 5");
        failures += 1;
    }
    println!("ok: text scanning found {found_total} URIs over all machines");

    // Percent-coding: decode, re-encode with a derived set, decode again.
    let sets = [
        &uridfa::rfc3986::tables::PATH_SET,
        &uridfa::draft_ietf_urnbis_rfc2141bis_urn_03::tables::NSS_SET,
    ];
    for input in [
        &b"a%20b%2Fc%00"[..],
        b"%",
        b"%4",
        b"",
        &[0xFF, b'%', b'4', b'1'],
    ] {
        let mut dec = [0u8; 16];
        let n = match pct_decode_into_any(black_box(input), black_box(&mut dec)) {
            Ok(n) => n,
            Err(e) => {
                println!("pct: {:?}: {e}", String::from_utf8_lossy(input));
                continue;
            }
        };
        for set in sets {
            let mut enc = [0u8; 48];
            let mut again = [0u8; 16];
            let r = pct_encode_into_any(black_box(&dec[..n]), black_box(set), black_box(&mut enc))
                .and_then(|m| pct_decode_into_any(&enc[..m], &mut again));
            match r {
                Ok(k) if again[..k] == dec[..n] => {}
                Err(uridfa::pct::PctError::Unencodable { .. }) => {}
                other => {
                    println!("DISAGREE: pct round trip with {}: {other:?}", set.name);
                    failures += 1;
                }
            }
            // Too small: an error, never a panic.
            let _ = pct_encode_into_any(&dec[..n], set, &mut enc[..1]);
        }
    }
    // The root crate's entry points, on the same inputs and on buffers of
    // every length up to 64.
    let texts = [
        "http://a/b/c/d;p?q",
        "../../..//evil.example/p",
        "HTTP://A/%7e/./x?%41=b&c#f",
        "urn:example:a%2c?+r?=q#f",
        "http://[::1]:8080/\u{e9}",
        "mailto:a@x.org,b.c@y.org?subject=hi%20there&body=ok",
        "",
    ];
    for a in texts {
        let _ = view_str_rfc3986(black_box(a));
        let _ = view_rfc3986(black_box(a.as_bytes()));
        let _ = view_rfc3987(black_box(a.as_bytes()));
        let _ = view_rfc1738(black_box(a.as_bytes()));
        let _ = view_rfc8141(black_box(a.as_bytes()));
        let _ = view_rfc6068_lists(black_box(a.as_bytes()));
        let _ = views_other(black_box(a.as_bytes()));
        let _ = decoded_iterators(black_box(a), black_box(a));
        for len in [0, 1, 8, 64] {
            let mut out = vec![0u8; len];
            let _ = to_builder_rfc3986(black_box(a.as_bytes()), &mut out);
            let _ = to_builder_parts(black_box(a.as_bytes()), &mut out);
            let _ = to_builder_urn(black_box(a.as_bytes()), &mut out);
            for b in texts {
                let c = [Some(a), Some(b), Some(b), Some(a), Some(b), Some(a), None];
                let _ = builder_rfc3986(black_box(c), &mut out);
                let mut scratch = vec![0u8; 4 * len];
                let _ = builder_encoded_rfc3986(black_box(b), &mut scratch, &mut out);
                let _ = builder_rfc3987(black_box(c), black_box(8080), &mut out);
                let u = [Some(a), Some(b), Some(a), Some(b), None];
                let _ = builder_rfc8141(black_box(u), &mut out);
                let _ = builder_rfc2396(black_box(c), black_box(Some(b)), &mut out);
                let _ = builder_rfc2396(black_box(c), black_box(None), &mut out);
                let _ = builder_url_syntax_05(black_box(c), black_box(21), &mut out);
                let l = [Some(a), Some(b), None, Some(a), Some(b), Some(a)];
                let _ = builder_rfc1738(black_box(l), &mut out);
            }
            let _ = urn_normal_forms(black_box(a.as_bytes()), &mut out);
            let _ = iri_to_uri_into(black_box(a), &mut out);
            let _ = iri_to_iri_into(black_box(a), &mut out);
            for syntax in uridfa::normalize::Syntax::ALL {
                let _ = normalize_into_any(black_box(syntax), black_box(a), &mut out);
            }
            for b in texts {
                for syntax in uridfa::resolve::Syntax::ALL {
                    let _ = make_relative_into_any(
                        black_box(a),
                        black_box(b),
                        black_box(syntax),
                        &mut out,
                    );
                }
                for alg in uridfa::resolve::Algorithm::ALL {
                    use uridfa::resolve::{Dots, Options};
                    for dots in [Dots::Keep, Dots::Remove, Dots::Error] {
                        let o = Options::new(alg).dots(dots);
                        let _ =
                            resolve_into_any(black_box(a), black_box(b), black_box(o), &mut out);
                    }
                }
            }
        }
        for b in texts {
            for syntax in uridfa::normalize::Syntax::ALL {
                let _ = equivalent_any(black_box(syntax), black_box(a), black_box(b));
            }
        }
    }
    let mut buf = [0u8; 64];
    let c = [
        Some("foo"),
        None,
        Some("example.com"),
        Some("8042"),
        Some("/over/there"),
        Some("name=ferret"),
        Some("nose"),
    ];
    match builder_rfc3986(black_box(c), &mut buf) {
        Ok(n) if &buf[..n] == b"foo://example.com:8042/over/there?name=ferret#nose" => {}
        other => {
            println!("DISAGREE: builder_rfc3986: {other:?}");
            failures += 1;
        }
    }
    let l = [
        Some("ftp"),
        Some("myname"),
        None,
        Some("host.dom"),
        None,
        Some("%2Fetc/motd"),
    ];
    match builder_rfc1738(black_box(l), &mut buf) {
        Ok(n) if &buf[..n] == b"ftp://myname@host.dom/%2Fetc/motd" => {}
        other => {
            println!("DISAGREE: builder_rfc1738: {other:?}");
            failures += 1;
        }
    }
    match resolve_into_any(
        "file:/srv/www/x",
        "../../..//evil.example/p",
        Default::default(),
        &mut buf,
    ) {
        Ok(n) if &buf[..n] == b"file:/.//evil.example/p" => {}
        other => {
            println!("DISAGREE: resolve_into: {other:?}");
            failures += 1;
        }
    }
    match make_relative_into_any(
        "http://a/b/c/d;p?q",
        "http://a/b/g?y",
        uridfa::resolve::Syntax::Rfc3986,
        &mut buf,
    ) {
        Ok(n) if &buf[..n] == b"../g?y" => {}
        other => {
            println!("DISAGREE: make_relative_into: {other:?}");
            failures += 1;
        }
    }
    println!(
        "ok: {machines} generated machines of {} grammars agree on {} inputs",
        uridfa::GRAMMARS.len(),
        inputs.len()
    );
    if failures > 0 {
        std::process::exit(1);
    }
    println!("no-panic: all entry points linked as #[no_panic]");
}
