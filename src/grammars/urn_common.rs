//! Case normalization shared by the two URN modules
//! ([`crate::draft_ietf_urnbis_rfc2141bis_urn_03`] §5 steps 1–3 and
//! [`crate::rfc8141`] §3.1): `urn` and the NID to lower case, the two hex
//! digits of every percent-encoding to upper case (RFC 3986 §2.1: "URI
//! producers and normalizers should use uppercase hexadecimal digits"),
//! nothing decoded. Every function here is linear, allocation-free and
//! panic-free.

use crate::BufferTooSmall;

/// Byte-wise equality, except that the two characters after each `%` (a
/// `pct-encoded`) compare case-insensitively (draft 03 §5 step 3,
/// "Normalize the case of any percent-encoding"; RFC 8141 §3.1 has the same
/// step).
pub(crate) fn eq_pct_case(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut hex = 0u8;
    for (&x, &y) in a.iter().zip(b) {
        let same = if hex > 0 {
            hex -= 1;
            x.eq_ignore_ascii_case(&y)
        } else {
            if x == b'%' {
                hex = 2;
            }
            x == y
        };
        if !same {
            return false;
        }
    }
    true
}

/// Copies `src` into the start of `dst`, upper-casing the two characters
/// after each `%`; copies `min(src.len(), dst.len())` bytes.
pub(crate) fn copy_pct_upper(src: &[u8], dst: &mut [u8]) {
    let mut hex = 0u8;
    for (d, &s) in dst.iter_mut().zip(src) {
        *d = if hex > 0 {
            hex -= 1;
            s.to_ascii_uppercase()
        } else {
            if s == b'%' {
                hex = 2;
            }
            s
        };
    }
}

/// The length of `urn:NID:NSS`.
pub(crate) fn assigned_len(nid: &str, nss: &str) -> usize {
    // Saturating: see Note [positions saturate] in src/algorithms/resolve/dots.rs.
    "urn:"
        .len()
        .saturating_add(nid.len())
        .saturating_add(1)
        .saturating_add(nss.len())
}

/// Writes `urn:` + lower-case `nid` + `:` + `nss` with upper-case
/// percent-encodings into `out`; returns the length written.
///
/// # Errors
///
/// [`BufferTooSmall`] (nothing useful written) if `out` is shorter than
/// [`assigned_len`].
pub(crate) fn write_assigned(
    nid: &str,
    nss: &str,
    out: &mut [u8],
) -> Result<usize, BufferTooSmall> {
    let needed = assigned_len(nid, nss);
    let Some(out) = out.get_mut(..needed) else {
        return Err(BufferTooSmall { needed });
    };
    // `out` is exactly `urn:` NID `:` NSS long; the checked splits only
    // keep the proof in .ci/check-nopanic free of panic paths.
    let too_small = BufferTooSmall { needed };
    let (head, rest) = out.split_at_mut_checked(4).ok_or(too_small)?;
    head.copy_from_slice(b"urn:");
    let (nid_out, rest) = rest.split_at_mut_checked(nid.len()).ok_or(too_small)?;
    for (d, s) in nid_out.iter_mut().zip(nid.bytes()) {
        *d = s.to_ascii_lowercase();
    }
    let (colon, nss_out) = rest.split_at_mut_checked(1).ok_or(too_small)?;
    colon.copy_from_slice(b":");
    copy_pct_upper(nss.as_bytes(), nss_out);
    Ok(needed)
}
