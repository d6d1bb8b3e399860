//! The run time of uridfa: drives tagged DFA tables over bytes.
//!
//! This crate is `#![no_std]`, never allocates and has no dependencies. It
//! knows nothing about URIs: everything grammar-specific lives in a
//! [`Tables`] value, generated at build time by `uridfa-codegen` (as a
//! `'static` literal) or compiled at run time into owned buffers and borrowed
//! as a `Tables<'_>`. Both are the same type.
//!
//! The entry points are:
//!
//! - [`validate`]: does the whole input match the machine's rule?
//! - [`split`] / [`split_with`]: validate and report the span of every
//!   capture ([`Captures`]). An absent capture is `None`, an empty one is
//!   `Some((i, i))`.
//! - [`Machine`]: the same, fed in chunks (a socket, a UART), with absolute
//!   offsets.
//! - [`split_regs`] / [`split_regs32`]: validate and leave the raw tag
//!   registers (`usize`, or `u32` offsets), the cheapest way to every span.
//! - [`decide_kinds`], [`decide_kinds_regs`], [`kind_after_of`]: the kinds
//!   a grammar decides after the match (`;@ kind-after`, [`AfterKinds`]),
//!   which `split` and `split_with` decide themselves and [`split_regs`]
//!   and [`Machine`] leave to their caller.
//! - [`items`]: the items of a list region, a repetition whose items hold
//!   captures (`*("," addr-spec)`), each one a span to split with the
//!   repetition's own item tables.
//! - [`longest_prefix`] (and [`longest_prefix_after`],
//!   [`longest_prefix_split`]): the longest accepted prefix, to cut a URI
//!   out of running text.
//!
//! Errors are a small `Copy` value, [`Error`], whose `Display` does not
//! allocate. [`Error::describe`] adds the component being read and the bytes
//! that would have been accepted, taken from the tables.
//!
//! # Example
//!
//! ```
//! use uridfa_runtime::{validate, Tables};
//! # fn demo(tables: &Tables<'_>) -> Result<(), uridfa_runtime::Error> {
//! validate(tables, b"http://example.com/")?;
//! # Ok(()) }
//! ```
#![no_std]
// Only the `simd` feature's module may use `unsafe` (Note [SIMD runs]).
#![cfg_attr(not(feature = "simd"), forbid(unsafe_code))]
#![cfg_attr(feature = "simd", deny(unsafe_code))]
#![deny(missing_docs)]

mod after;
mod check;
mod drive;
mod encode_set;
mod error;
mod items;
mod longest;
mod runs;
mod stream;
mod tables;

/// Whether this build's generated tables are in the `size` profile: one-byte
/// transition cells ([`Trans::Index8`]) for every machine that fits, as
/// [`Trans::pick`] chooses. `true` without the `fast-tables` feature (so
/// with `default-features = false`, what firmware builds); `false` with
/// it, as with the default features. (The `small-tables` feature has no
/// effect.)
pub const SMALL_TABLES: bool = cfg!(not(feature = "fast-tables"));

pub use after::{decide_kinds, decide_kinds_regs, kind_after_of};
pub use check::{check, CheckError};
pub use drive::{split, split_regs, split_regs32, split_with, validate, SMALL_WIDE_REGS};
pub use encode_set::EncodeSet;
pub use error::{Describe, Error, ErrorKind};
pub use items::{check_lists, items, Items, List, MAX_LIST_DEPTH};
pub use longest::{longest_prefix, longest_prefix_after, longest_prefix_split};
pub use stream::Machine;
pub use tables::{
    AfterKind, AfterKinds, ByteSet, CaptureInfo, Captures, Edge, Escape, Final, Ids, KindMatcher,
    Op, Span, StrRef, Tables, Trans, MAX_STACK_REGS, NIL,
};
