//! The JSON objects `uridfa split` and `uridfa extract` print, written by
//! serde_json.
//!
//! Each output object is a struct deriving [`Serialize`], so its keys come
//! in field order; keys known only at run time (a grammar's components)
//! are a [`Members`] list, kept in capture order. [`write()`] writes one
//! object with the [`Spaced`] formatter, in the layout `uridfa` has always
//! used: `{"key": value, "key": value}` on one line.
//!
//! Inputs are bytes, JSON strings are Unicode. [`Text`] decodes its bytes
//! as UTF-8 and writes each invalid sequence as U+FFFD REPLACEMENT
//! CHARACTER (as [`String::from_utf8_lossy`] does), so the output is always
//! valid JSON but a string with U+FFFD in it does not tell whether the
//! input held that character or a bad byte. The byte offsets in the output
//! (`"offset"`) always count the raw input bytes.
//!
//! Escapes: `"` and `\` are backslash-escaped; control characters
//! (U+0000–U+001F and U+007F) are written as `\u00XX`; everything else is
//! written as is.
//!
//! Principal types: [`SplitOk`], [`SplitErr`], [`Found`], [`Text`].

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;
use serde_json::ser::{CharEscape, Formatter};
use std::borrow::Cow;
use std::io::{self, Write};

/// Bytes as a JSON string; invalid UTF-8 becomes U+FFFD.
#[derive(Clone, Copy, Debug)]
pub struct Text<'a>(pub &'a [u8]);

impl Serialize for Text<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&String::from_utf8_lossy(self.0))
    }
}

/// A member's value: one text (or `null`), or, for a capture that can
/// occur more than once, every occurrence in input order.
#[derive(Debug)]
pub enum Value<'a> {
    /// A capture that occurs at most once: its text, or `null`.
    One(Option<Text<'a>>),
    /// A repeated capture: an array of its occurrences, in input order.
    Many(Vec<Text<'a>>),
}

impl Serialize for Value<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Value::One(t) => t.serialize(s),
            Value::Many(ts) => ts.serialize(s),
        }
    }
}

/// Object members whose names are known only at run time, in order.
#[derive(Debug, Default)]
pub struct Members<'a>(pub Vec<(Cow<'a, str>, Value<'a>)>);

impl Serialize for Members<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (key, value) in &self.0 {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

/// `split` of a valid input: its components, then one `NAME_kind` member
/// per capture that has kinds.
#[derive(Debug, Serialize)]
pub struct SplitOk<'a> {
    /// The input.
    pub input: Text<'a>,
    /// Always `true`.
    pub ok: bool,
    /// Every plain capture in capture order: `null` when absent; an
    /// array of every occurrence, in input order, for a capture that can
    /// occur more than once.
    pub components: Members<'a>,
    /// `"NAME_kind"`: the first kind of NAME that matched, or `null` (an
    /// array, one per occurrence, for a repeated NAME).
    #[serde(flatten)]
    pub kinds: Members<'a>,
}

/// `split` of an invalid input.
#[derive(Debug, Serialize)]
pub struct SplitErr<'a> {
    /// The input.
    pub input: Text<'a>,
    /// Always `false`.
    pub ok: bool,
    /// The byte offset of the error.
    pub offset: usize,
    /// The whole message, as `check` prints it.
    pub message: String,
    /// The component being read ([`uridfa_runtime::Error::component`]).
    pub component: Option<&'a str>,
    /// What would have been accepted at `offset`
    /// ([`uridfa_runtime::Error::expected`]).
    pub expected: Option<&'a str>,
}

/// One URI that `extract` found; see `uridfa help extract`.
#[derive(Debug, Serialize)]
pub struct Found<'a> {
    /// The URI, wrapper and inner whitespace removed.
    pub uri: Text<'a>,
    /// Byte offset of its start in the text.
    pub offset: usize,
    /// Byte offset of its end in the text.
    pub end: usize,
    /// 1-based line of `offset`.
    pub line: usize,
    /// 1-based column of `offset`, in bytes.
    pub column: usize,
    /// `url-prefix`, `angle`, `quote` or `bare`.
    pub delimiter: &'a str,
    /// Whether whitespace inside a wrapper was removed.
    pub whitespace_removed: bool,
    /// The other reading, without the line-end hyphens.
    pub ambiguous_hyphen: Option<Text<'a>>,
    /// The implied prefix of an abbreviated URI.
    pub abbreviated: Option<&'a str>,
    /// Whether a fragment follows that the grammar does not accept.
    pub fragment_outside_grammar: bool,
    /// The file, or `-` for standard input.
    pub file: Text<'a>,
}

/// Appends `value` to `out`, on one line (without a final `\n`).
///
/// # Errors
///
/// Only those of `out`.
pub fn write<T: Serialize>(out: &mut Vec<u8>, value: &T) -> io::Result<()> {
    value.serialize(&mut serde_json::Serializer::with_formatter(out, Spaced))?;
    Ok(())
}

/// serde_json's compact layout with a space after `:` and `,`, and every
/// escaped character (control characters and DEL) written as `\u00XX`.
#[derive(Clone, Copy, Debug)]
pub struct Spaced;

impl Formatter for Spaced {
    fn begin_array_value<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        if first {
            Ok(())
        } else {
            w.write_all(b", ")
        }
    }

    fn begin_object_key<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        if first {
            Ok(())
        } else {
            w.write_all(b", ")
        }
    }

    fn begin_object_value<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        w.write_all(b": ")
    }

    fn write_string_fragment<W: ?Sized + Write>(
        &mut self,
        w: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        // serde_json leaves DEL as is; escape it as the other controls.
        let mut parts = fragment.split('\x7f');
        if let Some(first) = parts.next() {
            w.write_all(first.as_bytes())?;
        }
        for part in parts {
            w.write_all(b"\\u007f")?;
            w.write_all(part.as_bytes())?;
        }
        Ok(())
    }

    fn write_char_escape<W: ?Sized + Write>(&mut self, w: &mut W, e: CharEscape) -> io::Result<()> {
        let byte = match e {
            CharEscape::Quote => return w.write_all(b"\\\""),
            CharEscape::ReverseSolidus => return w.write_all(b"\\\\"),
            CharEscape::Solidus => b'/',
            CharEscape::Backspace => 0x08,
            CharEscape::FormFeed => 0x0c,
            CharEscape::LineFeed => b'\n',
            CharEscape::CarriageReturn => b'\r',
            CharEscape::Tab => b'\t',
            CharEscape::AsciiControl(b) => b,
        };
        write!(w, "\\u{byte:04x}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(b: &[u8]) -> String {
        let mut v = Vec::new();
        write(&mut v, &Text(b)).unwrap();
        String::from_utf8(v).unwrap()
    }

    #[test]
    fn escapes() {
        assert_eq!(json(b""), r#""""#);
        assert_eq!(json(b"a\"b\\c/"), r#""a\"b\\c/""#);
        assert_eq!(
            json(b"\n\r\t\x08\x0c\x00\x1f\x7fx\x7f"),
            r#""\u000a\u000d\u0009\u0008\u000c\u0000\u001f\u007fx\u007f""#
        );
        assert_eq!(json("é/€".as_bytes()), "\"é/€\"");
    }

    #[test]
    fn invalid_utf8_becomes_replacement() {
        assert_eq!(json(b"a\xffb"), "\"a\u{FFFD}b\"");
        assert_eq!(json(b"\xe2\x82"), "\"\u{FFFD}\"");
    }

    #[test]
    fn members_keep_their_order_and_spacing() {
        let v = SplitOk {
            input: Text(b"x"),
            ok: true,
            components: Members(vec![
                ("z".into(), Value::One(Some(Text(b"1")))),
                ("a".into(), Value::One(None)),
                ("r".into(), Value::Many(vec![Text(b"x"), Text(b"y")])),
            ]),
            kinds: Members(vec![("z_kind".into(), Value::One(Some(Text(b"k"))))]),
        };
        let mut out = Vec::new();
        write(&mut out, &v).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "{\"input\": \"x\", \"ok\": true, \"components\": {\"z\": \"1\", \"a\": null, \"r\": [\"x\", \"y\"]}, \"z_kind\": \"k\"}"
        );
    }
}
