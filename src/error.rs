//! [`Error`]: a runtime error together with the tables that produced it, so
//! that its `Display` can name the component and the expected bytes.

use core::fmt;
use uridfa_runtime::{ErrorKind, Tables};

/// A rejected input: the offset, the reason, and the machine that rejected
/// it. Small and `Copy`; `Display` does not allocate:
///
/// ```
/// let err = uridfa::rfc3986::UriRef::parse("http://a/b c").unwrap_err();
/// assert_eq!(err.offset(), 10);
/// assert_eq!(
///     err.to_string(),
///     r##"unexpected ' ' at 10 in path; expected pchar, "#", "/", "?" or end of input"##
/// );
/// ```
#[derive(Clone, Copy)]
pub struct Error {
    inner: uridfa_runtime::Error,
    tables: &'static Tables<'static>,
}

impl Error {
    pub(crate) fn new(inner: uridfa_runtime::Error, tables: &'static Tables<'static>) -> Error {
        Error { inner, tables }
    }

    /// The byte offset of the error: the unexpected byte, or the input's
    /// length when it ended too soon. For a grammar over UTF-8 characters
    /// ([`crate::rfc3987`]) the typed views report the first byte of the
    /// unexpected character (or of the invalid UTF-8 sequence), so the
    /// offset of a `&str` input is always a character boundary;
    /// [`crate::runtime::Error::at_char_start`] does the same for errors
    /// of the raw tables (the `uridfa` command uses it).
    pub fn offset(&self) -> usize {
        self.inner.offset()
    }

    /// What went wrong.
    pub fn kind(&self) -> ErrorKind {
        self.inner.kind()
    }

    /// The component being read, e.g. `"path"`.
    pub fn component(&self) -> Option<&'static str> {
        self.inner.component(self.tables)
    }

    /// What would have been accepted at [`Error::offset`].
    pub fn expected(&self) -> Option<&'static str> {
        self.inner.expected(self.tables)
    }

    /// The entry rule of the machine that rejected the input.
    pub fn rule(&self) -> &'static str {
        self.tables.rule
    }

    /// The run-time error alone.
    pub fn runtime_error(&self) -> uridfa_runtime::Error {
        self.inner
    }
}

impl PartialEq for Error {
    fn eq(&self, other: &Error) -> bool {
        self.inner == other.inner && core::ptr::eq(self.tables, other.tables)
    }
}

impl Eq for Error {}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Error")
            .field("offset", &self.inner.offset())
            .field("kind", &self.inner.kind())
            .field("rule", &self.tables.rule)
            .field("message", &format_args!("{}", self))
            .finish()
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.inner.describe(self.tables), f)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for Error {}
