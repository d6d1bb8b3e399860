//! Why C output can fail ([`EmitCError`]) and where in the grammar file
//! ([`diagnostic`]).

use crate::compiled::Compiled;
use crate::pipeline::emit::capture_const_name;

/// Why [`super::emit::files`] failed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum EmitCError {
    /// A machine's error texts take more than 65,535 bytes, which the
    /// `uint16_t` offsets of the C tables cannot address.
    TextsTooLong(usize),
    /// A capture whose index constant would be one of the header's own
    /// macros (`NAME_CAPTURES`, `NAME_SPANS`, `NAME_REG_SLOTS`).
    NameClash(String),
}

impl std::fmt::Display for EmitCError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EmitCError::TextsTooLong(n) => write!(
                f,
                "an entry's error texts take {n} bytes; the C tables address at most 65535"
            ),
            EmitCError::NameClash(name) => write!(
                f,
                "the capture '{name}' would be named like the C header's own macro \
                 ({}); rename it for C output",
                capture_const_name(name)
            ),
        }
    }
}

impl std::error::Error for EmitCError {}

/// `e` as a diagnostic of `c`'s grammar file (`file:line:col`): at the
/// capture's pragma for [`EmitCError::NameClash`], at the first `;@ entry`
/// for [`EmitCError::TextsTooLong`].
pub fn diagnostic(c: &Compiled, e: &EmitCError) -> crate::diag::Diagnostics {
    let span = match e {
        // The capture's pragma, or the kind's rule (a kind is named after
        // its rule).
        EmitCError::NameClash(name) => c.grammar.captures.iter().find_map(|k| {
            if &k.name == name {
                k.rules.first().map(|(_, span)| *span)
            } else {
                k.rules
                    .iter()
                    .find(|(r, _)| r == name)
                    .map(|(_, span)| *span)
            }
        }),
        EmitCError::TextsTooLong(_) => None,
    }
    .or_else(|| c.grammar.entries.first().map(|(_, span)| *span))
    .unwrap_or(crate::diag::Span::new(c.grammar.file, 0, 0));
    crate::diag::Diagnostics::single(c.grammar.sources.clone(), span, e.to_string())
}
