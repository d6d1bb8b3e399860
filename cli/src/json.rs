//! A JSON string writer: just enough JSON for `uridfa split`.
//!
//! Inputs are bytes, JSON strings are Unicode. [`push_str`] decodes its
//! bytes as UTF-8 and writes each invalid sequence as U+FFFD REPLACEMENT
//! CHARACTER (as [`String::from_utf8_lossy`] does), so the output is always
//! valid JSON but a string with U+FFFD in it does not tell whether the input
//! held that character or a bad byte. The byte offsets in the output
//! (`"offset"`) always count the raw input bytes.
//!
//! Escapes: `"` and `\` are backslash-escaped; control characters
//! (U+0000–U+001F and U+007F) are written as `\u00XX`; everything else is
//! written as is.

use std::fmt::Write;

/// Appends `bytes` to `out` as a quoted JSON string.
///
/// # Example
///
/// ```ignore
/// let mut s = String::new();
/// push_str(&mut s, b"a\"\x00\xff");
/// assert_eq!(s, "\"a\\\"\\u0000\u{FFFD}\"");
/// ```
pub fn push_str(out: &mut String, bytes: &[u8]) {
    out.push('"');
    for c in String::from_utf8_lossy(bytes).chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\0'..='\u{1f}' | '\u{7f}' => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Appends `value` as a JSON string, or `null` when absent.
pub fn push_opt_str(out: &mut String, value: Option<&[u8]>) {
    match value {
        Some(v) => push_str(out, v),
        None => out.push_str("null"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(b: &[u8]) -> String {
        let mut s = String::new();
        push_str(&mut s, b);
        s
    }

    #[test]
    fn escapes() {
        assert_eq!(json(b""), r#""""#);
        assert_eq!(json(b"a\"b\\c"), r#""a\"b\\c""#);
        assert_eq!(
            json(b"\n\r\t\x00\x1f\x7f"),
            r#""\u000a\u000d\u0009\u0000\u001f\u007f""#
        );
        assert_eq!(json("é/€".as_bytes()), "\"é/€\"");
    }

    #[test]
    fn invalid_utf8_becomes_replacement() {
        assert_eq!(json(b"a\xffb"), "\"a\u{FFFD}b\"");
        assert_eq!(json(b"\xe2\x82"), "\"\u{FFFD}\"");
    }
}
