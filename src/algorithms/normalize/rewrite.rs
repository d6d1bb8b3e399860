//! The byte-level rewrites of the `case` and `pct` steps: [`Rewrite`]
//! yields a component's bytes as the normal form has them.

/// How one component's bytes are rewritten.
#[derive(Clone, Copy, Debug)]
pub(super) struct Mode {
    /// The grammar's unreserved octets besides letters and digits
    /// (`NormalizeFacts::marks`).
    pub(super) marks: &'static [u8],
    /// Lower-case the ASCII letters at these offsets (host, scheme).
    pub(super) lower: (usize, usize),
    /// Upper-case the hex digits of `%XX`.
    pub(super) upper_hex: bool,
    /// Decode `%XX` of an unreserved octet.
    pub(super) decode: bool,
}

impl Mode {
    pub(super) fn lowers(&self, at: usize) -> bool {
        self.lower.0 <= at && at < self.lower.1
    }
}

/// The rewritten bytes of one component, forwards. The input was
/// validated, so each `%` starts a `%XX` triplet.
#[derive(Clone, Debug)]
pub(super) struct Rewrite<'a> {
    pub(super) s: &'a [u8],
    pub(super) i: usize,
    pub(super) mode: Mode,
    /// The two hex digits still to yield after a kept `%`.
    pub(super) hex: [u8; 2],
    pub(super) nhex: u8,
}

pub(super) fn hex_val(c: u8) -> u8 {
    match c {
        b'0'..=b'9' => c - b'0',
        b'a'..=b'f' => c - b'a' + 10,
        b'A'..=b'F' => c - b'A' + 10,
        _ => 0,
    }
}

impl<'a> Rewrite<'a> {
    pub(super) fn new(s: &'a str, mode: Mode) -> Rewrite<'a> {
        Rewrite {
            s: s.as_bytes(),
            i: 0,
            mode,
            hex: [0; 2],
            nhex: 0,
        }
    }
}

impl Rewrite<'_> {
    /// The number of bytes still to yield, without yielding them when no
    /// `%XX` can be decoded.
    pub(super) fn len(&self) -> usize {
        if self.mode.decode && self.s.contains(&b'%') {
            crate::cut::count(self.clone())
        } else {
            // Saturating: see Note [positions saturate] in src/algorithms/resolve/dots.rs.
            self.s
                .len()
                .saturating_sub(self.i)
                .saturating_add(usize::from(self.nhex))
        }
    }
}

impl Iterator for Rewrite<'_> {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.nhex > 0 {
            let [h, l] = self.hex;
            let c = if self.nhex == 2 { h } else { l };
            self.nhex -= 1;
            return Some(c);
        }
        let at = self.i;
        let c = *self.s.get(at)?;
        if c == b'%' {
            let hex = self.s.get(at.saturating_add(1)..at.saturating_add(3));
            if let Some(&[h, l]) = hex {
                self.i = at.saturating_add(3);
                let v = (hex_val(h) << 4) | hex_val(l);
                if self.mode.decode && unreserved(self.mode.marks, v) {
                    return Some(if self.mode.lowers(at) {
                        v.to_ascii_lowercase()
                    } else {
                        v
                    });
                }
                self.hex = if self.mode.upper_hex {
                    [h.to_ascii_uppercase(), l.to_ascii_uppercase()]
                } else {
                    [h, l]
                };
                self.nhex = 2;
                return Some(b'%');
            }
        }
        self.i = at.saturating_add(1);
        Some(if self.mode.lowers(at) {
            c.to_ascii_lowercase()
        } else {
            c
        })
    }
}

/// Whether the octet `b` is `unreserved` in a grammar whose `unreserved`
/// is `ALPHA / DIGIT` and `marks` (RFC 3986 §2.3: `"-" / "." / "_" /
/// "~"`; 2396bis-01 §2.3: its `mark`). `tests/normalize_spec.rs` checks
/// each grammar's marks against its grammar file.
#[allow(clippy::manual_contains)] // `contains` on bytes calls memchr (see below)
pub(super) fn unreserved(marks: &[u8], b: u8) -> bool {
    // A loop, not `contains` (which calls `core`'s memchr: .ci/nopanic-calls.py).
    b.is_ascii_alphanumeric() || marks.iter().any(|&m| m == b)
}
