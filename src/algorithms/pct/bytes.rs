//! The static tables of percent-coding: every byte value as a one-byte
//! slice, and every octet's upper-case `%XX` triplet; the hex digits'
//! values.

/// Every byte value, so that a decoded octet is a `&'static [u8]` of length 1.
pub(super) static BYTES: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = i as u8;
        i += 1;
    }
    t
};

pub(super) const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

/// `%00%01...%FF`: the triplet of octet `b` is `TRIPLETS[3b..3b+3]`.
static TRIPLET_BYTES: [u8; 768] = {
    let mut t = [0u8; 768];
    let mut i = 0;
    while i < 256 {
        t[3 * i] = b'%';
        t[3 * i + 1] = HEX_UPPER[i >> 4];
        t[3 * i + 2] = HEX_UPPER[i & 15];
        i += 1;
    }
    t
};

static TRIPLETS: &str = match core::str::from_utf8(&TRIPLET_BYTES) {
    Ok(s) => s,
    Err(_) => panic!("triplets are ASCII"),
};

/// The upper-case `%XX` triplet of octet `b`.
pub(crate) fn triplet(b: u8) -> &'static str {
    let i = 3 * usize::from(b);
    TRIPLETS.get(i..i + 3).unwrap_or("%00")
}

/// The value of a hex digit (either case).
fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'A'..=b'F' => Some(b - b'A' + 10),
        b'a'..=b'f' => Some(b - b'a' + 10),
        _ => None,
    }
}

/// The octet of a valid triplet at the start of `s`.
pub(crate) fn octet_at(s: &[u8]) -> Option<u8> {
    match s {
        [b'%', h, l, ..] => Some(hex_value(*h)? << 4 | hex_value(*l)?),
        _ => None,
    }
}
