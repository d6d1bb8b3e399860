//! Stage 1: parse RFC 5234 ABNF (plus RFC 7405 `%s`/`%i` strings) and the
//! `;@` pragmas into a [`Grammar`].
//!
//! Every node keeps its byte span, so every error prints as
//! `grammar/rfc3986.abnf:12:7: error: ...` with a caret excerpt
//! (see [`crate::support::diag`]). All errors are collected in one pass.
//!
//! Principal types: [`Grammar`], [`Rule`], [`Node`], [`NodeKind`];
//! entry points: [`load`] (a file and its imports) and [`parse`] (text).
//!
//! Besides syntax, the front end checks what later stages rely on: no
//! rule is defined twice (across imports too), the pragmas name rules that
//! exist, repetition and range bounds are ordered, and numeric values fit
//! the charset (bytes, or code points with `;@ charset utf-8`). Regular
//! recursion is rewritten into repetitions (Note [regular recursion] in
//! `recursion.rs`); a reference to an undefined rule, a prose value (see
//! Note [zero repetitions of prose]) and recursion that embeds are
//! problems of their rules, errors for what reaches them (Note [what an
//! entry must reach] in `ast.rs`). The pragma language and every reading
//! choice are documented in `grammar/README.md`.
//!
//! No input makes it panic: positions only advance over whole characters,
//! nesting is bounded (Note [nesting limit]), and the cycle search is
//! iterative.

mod ast;
mod check;
mod load;
mod pragma;
mod recursion;
mod syntax;

pub use ast::{
    AccessorPragma, Capture, EncodeSetPragma, Family, Grammar, NestingCut, Node, NodeKind, Rule,
    RuleProblem, ViewPragma,
};
pub use load::{
    load, parse, CORE_ABNF, CORE_PATH, MAX_FILE_LEN, MAX_IMPORTED_LEN, MAX_MAIN_FILE_LEN,
};
pub use recursion::{user_rule_name, MAX_DEPTH_PRAGMA};
#[allow(unused_imports)]
use {ast::*, check::*, load::*, pragma::*, recursion::*, syntax::*};
