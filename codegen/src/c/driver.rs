//! The text of the portable C driver, `uridfa.h` and `uridfa.c`: the same
//! for every grammar, kept as C files beside this module (so they are read,
//! compiled and reviewed as C) and included here.

/// `uridfa.h`: the C API shared by every grammar (`uridfa_span`,
/// `URIDFA_ABSENT`, `uridfa_error`, `uridfa_machine`, the table types).
pub const URIDFA_H: &str = include_str!("uridfa.h");

/// `uridfa.c`: the driver (validate, split with the kinds decided after
/// the match, the streaming machine, longest prefix, list items, error
/// messages).
pub const URIDFA_C: &str = include_str!("uridfa.c");
