//! Views of the stages for people and tests, none of them a stage (the
//! pipeline never reads them): [`dump`] (text and DOT forms of every
//! stage) and [`oracle`] (regex-automata's plain DFA and PikeVM over the
//! same lowered expression, for the statistics and the differential
//! tests) and [`ambiguity`] (inputs with two parses whose captures differ,
//! for `uridfa lint` and the derive).

pub mod ambiguity;
pub mod dump;
pub mod oracle;
pub mod picture;
