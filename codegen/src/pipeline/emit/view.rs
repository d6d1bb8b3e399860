//! Typed views: for one entry of a compiled grammar, a zero-copy struct
//! with one accessor per `;@ capture`, the way both users and the crate
//! get them. `#[derive(uridfa::Grammar)]` (crate `uridfa-derive`) calls
//! [`view_tokens`] for its entry; `uridfa-generate` calls [`views_file`],
//! which writes a view for each `;@ view RULE = Type` pragma of a built-in
//! grammar into `src/generated/<name>_views.rs`.
//!
//! A view holds the input and its capture spans (a `Parts`-like type
//! named by [`Paths::parts`]) and has:
//!
//! - one accessor per capture, named as the capture in snake case
//!   (`date-fullyear` → `date_fullyear()`) or as an `;@ accessor NAME =
//!   CAPTURE` pragma says; it returns `&'a str` when every input of its
//!   entry has the component ([`always`]), `Option<&'a str>` when it may
//!   not, and there is none when the entry never has it ([`presence`]);
//!   its doc quotes the capture's rules;
//! - `View` (the runtime-free trait of `uridfa`): the grammar's facts as
//!   constants and the components by index;
//! - `as_str()`, `span(index)`, `Display`, `AsRef<str>`, `Hash` and `Ord`
//!   by the text (they agree with the derived `Eq`: equal texts give equal
//!   spans), and a `Debug` that names the components;
//! - with [`ViewSpec::parse_on_view`] (the built-in grammars), `parse`,
//!   `parse_bytes`, `is_valid` and `TryFrom<&str>` on the view itself, and
//!   `serde` impls behind [`ViewSpec::serde_feature`];
//! - with an `;@ family` pragma, the family's methods as its own, each a
//!   call of the family trait's (Note [family methods on the views]).

mod facts;
mod family;
mod file;
mod lists;
mod names;
mod spec;
mod tokens;

pub use facts::{accessor_names, always, presence, reaches, Presence};
pub use file::{facts_impl, marker_name, marker_of, views_file, ViewsFileError};
pub use lists::plural;
pub use names::{accessor_ident, snake_case};
pub use spec::{Paths, ViewError, ViewSpec};
pub use tokens::view_tokens;
