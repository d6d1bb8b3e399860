//! Proof that `uridfa` and `uridfa-runtime` link without `std` or `alloc`.
//!
//! A `#![no_std]`, `#![no_main]` host binary: the C start files call
//! [`main`], which checks `argv[1]` as an RFC 3986 `URI-reference` with
//! every runtime entry point (`validate`, `split`, `split_with`, the
//! streaming `Machine`) and the typed `uridfa::rfc3986::UriRef::parse`
//! (and percent-decodes and re-encodes its path with `uridfa::pct`,
//! normalizes it with `uridfa::normalize` and resolves it with
//! `uridfa::resolve`, finds it in a line of text with `uridfa::text`, and
//! rebuilds it from its components with `uridfa::rfc3986::Builder`, and
//! with `uridfa::rfc2396::Builder` when it is an RFC 2396 reference too),
//! checks it with every entry of every built-in grammar as well, prints the components (or the error, whose `Display` does not allocate)
//! to stdout through `write(2)`, and exits with:
//!
//! - `0`: valid, and every entry point agrees;
//! - `1`: invalid, and every entry point agrees;
//! - `2`: usage error (no argument);
//! - `3`: the entry points disagree, or the input is not equivalent to its
//!   normal form (a bug).
#![no_std]
#![no_main]

use core::ffi::{c_char, c_int, CStr};
use core::fmt::{self, Write};

use uridfa::prelude::*;
use uridfa::rfc3986::{tables, UriRef};
use uridfa_runtime::{split, split_with, validate, Machine, Span};

extern "C" {
    fn write(fd: c_int, buf: *const u8, count: usize) -> isize;
}

/// A fixed buffer that `fmt::Write` fills and [`Out::flush`] writes to
/// stdout. Output past the buffer is cut, never allocated.
struct Out {
    buf: [u8; 512],
    len: usize,
}

impl Out {
    fn flush(&mut self) {
        let mut done = 0;
        while done < self.len {
            let rest = &self.buf[done..self.len];
            // SAFETY: `rest` is a live, initialized byte slice.
            let n = unsafe { write(1, rest.as_ptr(), rest.len()) };
            if n <= 0 {
                break;
            }
            done += n as usize;
        }
        self.len = 0;
    }
}

impl Write for Out {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for &b in s.as_bytes() {
            if self.len == self.buf.len() {
                self.flush();
            }
            self.buf[self.len] = b;
            self.len += 1;
        }
        Ok(())
    }
}

const NAMES: [&str; 8] = [
    "scheme",
    "authority",
    "userinfo",
    "host",
    "port",
    "path",
    "query",
    "fragment",
];

/// The same spans, fed to the streaming machine three bytes at a time;
/// the kinds decided after the match (`IPv4address`, `reg-name`) decided
/// from the same chunks, as a caller of the stream does.
fn streamed(input: &[u8], out: &mut [Option<Span>]) -> Result<(), uridfa_runtime::Error> {
    let t = &tables::URI_REFERENCE;
    let mut regs = [0usize; uridfa_runtime::MAX_STACK_REGS];
    let mut m = Machine::new(t, &mut regs)?;
    for chunk in input.chunks(3) {
        m.feed(chunk)?;
    }
    m.finish()?;
    m.finish_split(out)?;
    uridfa_runtime::decide_kinds(t, out, |mut k, (s, e)| {
        for (i, chunk) in input.chunks(3).enumerate() {
            let at = i * 3;
            let from = s.max(at) - at;
            let to = e.min(at + chunk.len()).saturating_sub(at);
            if from < to {
                k.feed(chunk.get(from..to).unwrap_or_default());
            }
        }
        k.is_match()
    });
    Ok(())
}

fn check(input: &[u8], out: &mut Out) -> Result<c_int, fmt::Error> {
    let t = &tables::URI_REFERENCE;
    let valid = validate(t, input);
    let caps = split::<{ tables::CAPTURE_LEN }>(t, input);
    let mut regs = [0usize; uridfa_runtime::MAX_STACK_REGS];
    let mut spans = [None; tables::CAPTURE_LEN];
    let with = split_with(t, input, &mut regs, &mut spans);
    let mut stream_spans = [None; tables::CAPTURE_LEN];
    let stream = streamed(input, &mut stream_spans);
    let typed = core::str::from_utf8(input)
        .ok()
        .map(UriRef::parse)
        .and_then(Result::ok);

    let agree = match (&valid, &caps) {
        (Ok(()), Ok(c)) => {
            with.is_ok()
                && stream.is_ok()
                && typed.is_some()
                && c.as_slice()[..] == spans[..]
                && spans == stream_spans
        }
        (Err(e), Err(f)) => e == f && with == Err(*e) && stream == Err(*e) && typed.is_none(),
        _ => false,
    };
    if !agree {
        writeln!(out, "disagreement between entry points")?;
        return Ok(3);
    }
    // Every generated machine of every grammar: validation and splitting
    // agree on this input too.
    let (mut machines, mut accepted) = (0, 0);
    for g in uridfa::GRAMMARS {
        for &t in g.entries {
            let mut regs = [0usize; 1024];
            let mut spans = [None; 256];
            let v = validate(t, input);
            let w = split_with(t, input, &mut regs, &mut spans);
            if w.is_err() && v.is_ok() || v.is_err() && w != v {
                writeln!(out, "disagreement in {} {}", g.name, t.rule)?;
                return Ok(3);
            }
            machines += 1;
            accepted += usize::from(v.is_ok());
        }
    }
    writeln!(out, "{accepted} of {machines} generated machines accept")?;
    // uridfa::text: the input wrapped as draft-ietf-uri-url-06 recommends,
    // broken across two lines, in a stack buffer.
    let mut text = [0u8; 600];
    let (head, tail) = input.split_at(input.len().min(8));
    let mut n = 0;
    for part in [&b"see <URL:"[..], head, b"\n  ", tail, b"> now"] {
        if let Some(dst) = text.get_mut(n..n + part.len()) {
            dst.copy_from_slice(part);
            n += part.len();
        }
    }
    let mut found = 0;
    let mut uri = [0u8; 512];
    for f in uridfa::text::Finder::new().find_iter_bytes(&text[..n]) {
        found += 1;
        if let Ok(len) = f.write_into(&mut uri) {
            writeln!(
                out,
                "in text ({}): {:?}",
                f.delimiter().name(),
                core::str::from_utf8(&uri[..len]).unwrap_or("")
            )?;
        }
    }
    writeln!(out, "{found} URI(s) in text")?;
    match typed {
        Some(uri) => {
            writeln!(out, "valid URI-reference")?;
            let parts = [
                uri.scheme(),
                uri.authority(),
                uri.userinfo(),
                uri.host(),
                uri.port(),
                Some(uri.path()),
                uri.query(),
                uri.fragment(),
            ];
            for (name, part) in NAMES.iter().zip(parts) {
                if let Some(p) = part {
                    writeln!(out, "{name:>9}: {p:?}")?;
                }
            }
            if let Some(kind) = uri.host_kind() {
                writeln!(out, "host kind: {}", kind.rule_name())?;
            }
            // Percent-coding into stack buffers: decode the path, encode it
            // again with the grammar-derived PATH set, decode that: the
            // same bytes.
            let mut dec = [0u8; 256];
            match uridfa::pct::decode_into(uri.path().as_bytes(), &mut dec) {
                Ok(n) => {
                    let mut enc = [0u8; 768];
                    let mut again = [0u8; 256];
                    let ok = uridfa::pct::encode_into(&dec[..n], &tables::PATH_SET, &mut enc)
                        .and_then(|m| uridfa::pct::decode_into(&enc[..m], &mut again))
                        .is_ok_and(|k| again[..k] == dec[..n]);
                    if !ok {
                        writeln!(out, "percent-coding round trip disagrees")?;
                        return Ok(3);
                    }
                    let segments = uri.path_segments().count();
                    writeln!(out, "decoded path: {n} bytes, {segments} segments")?;
                }
                Err(e) => writeln!(out, "decoded path: {e}")?,
            }
            // Normalization and resolution into stack buffers.
            let mut norm = [0u8; 512];
            match uridfa::normalize::normalize_into(
                uri.as_str(),
                uridfa::normalize::Steps::ALL,
                &mut norm,
            ) {
                Ok(n) => {
                    // The input is equivalent to its normal form, compared
                    // without any buffer.
                    let form = core::str::from_utf8(&norm[..n]).unwrap_or("");
                    let all = uridfa::normalize::Steps::ALL;
                    if uridfa::normalize::equivalent(uri.as_str(), form, all) != Ok(true) {
                        writeln!(out, "not equivalent to its normal form")?;
                        return Ok(3);
                    }
                    writeln!(out, "normalized: {form:?}")?;
                }
                Err(e) => writeln!(out, "normalized: {e}")?,
            }
            let opts = uridfa::resolve::Options::default();
            match uridfa::resolve::resolve_into("http://a/b/c/d;p?q", uri.as_str(), opts, &mut norm)
            {
                Ok(n) => writeln!(
                    out,
                    "resolved against http://a/b/c/d;p?q: {:?}",
                    core::str::from_utf8(&norm[..n]).unwrap_or("")
                )?,
                Err(e) => writeln!(out, "resolved: {e}")?,
            }
            // The builder, from the parsed components: the same text, and
            // with the query replaced, a reference that parses again.
            let b = uri.to_builder();
            match b.build_into(&mut norm) {
                Ok(n) if norm[..n] == *input => {}
                _ => {
                    writeln!(out, "the builder does not rebuild the input")?;
                    return Ok(3);
                }
            }
            match b
                .query(Some("rebuilt"))
                .and_then(|b| b.build_ref(&mut norm))
            {
                Ok(r) => writeln!(out, "rebuilt with a new query: {:?}", r.as_str())?,
                Err(e) => writeln!(out, "rebuilt: {e}")?,
            }
            // The builder that parses its text back (RFC 2396's), where
            // the input is also an RFC 2396 URI-reference.
            if let Ok(old) = uridfa::rfc2396::UriRef::parse_bytes(input) {
                match old.to_builder().build_into(&mut norm) {
                    Ok(n) if norm[..n] == *input => {}
                    _ => {
                        writeln!(out, "the RFC 2396 builder does not rebuild the input")?;
                        return Ok(3);
                    }
                }
            }
            Ok(0)
        }
        None => {
            if let Err(e) = valid {
                writeln!(out, "invalid: {}", e.describe(t))?;
            }
            Ok(1)
        }
    }
}

/// The C entry point, called by libc's `_start`.
#[no_mangle]
pub extern "C" fn main(argc: c_int, argv: *const *const c_char) -> c_int {
    let mut out = Out {
        buf: [0; 512],
        len: 0,
    };
    if argc < 2 || argv.is_null() {
        let _ = writeln!(out, "usage: uridfa-check-nostd URI-REFERENCE");
        out.flush();
        return 2;
    }
    // SAFETY: the C runtime passes `argc` valid, NUL-terminated strings.
    let input = unsafe { CStr::from_ptr(*argv.add(1)) }.to_bytes();
    let code = check(input, &mut out).unwrap_or(3);
    out.flush();
    code
}

/// The precompiled `core` for this host target is built with unwinding, and
/// its unwind tables name `rust_eh_personality`. With `panic = "abort"`
/// nothing unwinds, so the personality routine is never called; this stub
/// only satisfies the linker. (A real `no_std` target such as
/// `thumbv7em-none-eabihf` ships a `core` built for abort and needs none.)
#[no_mangle]
pub extern "C" fn rust_eh_personality() {}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    extern "C" {
        fn abort() -> !;
    }
    // SAFETY: `abort` takes no arguments and never returns.
    unsafe { abort() }
}
