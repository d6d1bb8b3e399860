//! Diagnostics: source files, spans, and `path:line:col: error: message`
//! rendering with a caret excerpt.
//!
//! Principal types: [`Sources`], [`Span`], [`Diagnostic`], [`Diagnostics`].

use std::fmt;

/// Index of a file in [`Sources`].
pub type FileId = usize;

/// A byte range in one source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// The file.
    pub file: FileId,
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

/// One source file: its path as shown in messages, and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceFile {
    /// The path as the user gave it, e.g. `grammar/rfc3986.abnf`.
    pub path: String,
    /// The whole text.
    pub text: String,
}

/// All files of one grammar.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sources {
    /// The files, indexed by [`FileId`].
    pub files: Vec<SourceFile>,
}

/// One error, located by a span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Where.
    pub span: Span,
    /// What, in lower case without a trailing period.
    pub message: String,
}

/// All errors found in one pass, with the sources to render them.
#[derive(Clone, Debug, Default)]
pub struct Diagnostics {
    /// The files the spans point into.
    pub sources: Sources,
    /// The errors, in the order found.
    pub errors: Vec<Diagnostic>,
}
