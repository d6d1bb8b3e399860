//! Pictures of a machine that a person can read: registers named by the
//! tags they feed, the states collapsed to one node per component, and the
//! path one input takes. Like [`dump`](super::dump), not a stage: it reads
//! finished [`Tables`](uridfa_runtime::Tables) (built-in `'static` ones or
//! [`TablesBuf::as_tables`](crate::tables::TablesBuf::as_tables)), so the
//! CLI draws every grammar the same way.
//!
//! - [`Analysis::of`] runs data-flow passes over the tables: backward,
//!   which tags each register's value may become (its *name*) and where
//!   each capture's start and end get their values from; forward, which
//!   registers hold a value. From them it finds, for every state, the
//!   captures that hold the byte just read (Note [the component a state
//!   is in]).
//! - [`overview_dot`]: one node per component, at most [`MAX_NODES`];
//!   [`states_dot`]: every state (or those of one component) with named
//!   register operations;
//! - [`walk`] and [`explain_text`]: the states one input passes through,
//!   for `uridfa explain`.
//!
//! Principal types: [`Analysis`], [`Place`], [`Walk`].
//!
//! Nothing here panics on tables that break the invariants of
//! [`Tables`](uridfa_runtime::Tables): an ID, register or operation outside them is skipped.
//!
//! One job per file: `analysis.rs` (the passes, [`Analysis`], [`Place`],
//! [`walk`]), `dot.rs` (the DOT pictures), `explain.rs` (one input's path
//! as text).

mod analysis;
mod dot;
mod explain;
#[cfg(test)]
mod tests;

pub use analysis::{moves, step, walk, Analysis, Moves, Place, Walk};
pub use dot::{overview_dot, states_dot, MAX_NODES, OVERVIEW_ABOVE};
pub use explain::explain_text;
