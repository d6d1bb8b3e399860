//! RFC 3339 timestamps through `#[derive(uridfa::Grammar)]`: the example
//! of a grammar of one's own that CI builds and tests.
//!
//! `grammar/date.abnf` transcribes RFC 3339 §5.6 (its header lists the
//! changes: the ranges of the comments written as ABNF, and the offset's
//! own rules). The derive compiles it when this crate is compiled; nothing
//! here depends on `uridfa-runtime` or on `std`.
//!
//! # Example
//!
//! ```
//! use rfc3339_example::DateTime;
//!
//! let t = DateTime::parse("1996-12-19T16:39:57-08:00")?;
//! assert_eq!((t.date_fullyear(), t.date_month(), t.date_mday()), ("1996", "12", "19"));
//! assert_eq!((t.time_hour(), t.time_minute(), t.time_second()), ("16", "39", "57"));
//! assert_eq!(t.time_offset(), "-08:00");
//! assert_eq!((t.offset_hour(), t.offset_minute()), (Some("08"), Some("00")));
//!
//! let err = DateTime::parse("1996-12-19T24:00:00Z").unwrap_err();
//! assert_eq!(err.offset(), 12); // the hour's second digit: 00-23
//! # Ok::<(), uridfa::Error>(())
//! ```
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

/// RFC 3339 §5.6 `date-time`: `DateTime::parse` gives a [`DateTimeView`].
#[derive(uridfa::Grammar)]
#[grammar = "grammar/date.abnf"]
#[entry = "date-time"]
pub struct DateTime;

/// RFC 3339 §5.6 `full-date` alone: `FullDate::parse` gives a
/// [`FullDateView`] (it has no time accessors: the rule never has those components).
#[derive(uridfa::Grammar)]
#[grammar = "grammar/date.abnf"]
#[entry = "full-date"]
pub struct FullDate;
