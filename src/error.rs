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

/// Without features: `core::error::Error` is stable since Rust 1.81.
impl core::error::Error for Error {}

/// A caller buffer was too short: `needed` is the exact length that
/// suffices. Returned by the normalizers that write into a `&mut [u8]`
/// (e.g. [`crate::rfc8141::Urn::normalize_into`]); small, `Copy`, and its
/// `Display` does not allocate.
///
/// # Example
///
/// ```
/// use uridfa::{rfc8141::Urn, BufferTooSmall};
/// let urn = Urn::parse("URN:Example:a%2c")?;
/// let mut small = [0u8; 4];
/// let err = urn.normalize_into(&mut small).unwrap_err();
/// assert_eq!(err, BufferTooSmall { needed: 16 });
/// assert_eq!(err.to_string(), "output buffer too small: 16 bytes needed");
/// # Ok::<(), uridfa::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BufferTooSmall {
    /// The buffer length that suffices.
    pub needed: usize,
}

impl fmt::Display for BufferTooSmall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "output buffer too small: {} bytes needed", self.needed)
    }
}

/// Without features: `core::error::Error` is stable since Rust 1.81.
impl core::error::Error for BufferTooSmall {}
