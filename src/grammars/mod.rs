//! The twelve built-in grammars, one module each (re-exported at the crate
//! root: `uridfa::rfc3986`, ...): the generated tables and the typed views
//! over them, plus what each document adds (host kinds, scheme defaults,
//! URN directives; what several views share is a trait over `View`, Note
//! [methods beside the views] in `uridfa_codegen::emit::view`).
//! `url_common` and `urn_common` hold what several grammars share (the
//! URL grammars' views' methods are `crate::family::url`'s). Each grammar module exists with its cargo feature (of
//! the grammar's name), each shared one with a grammar that uses it.

// Each grammar's module under its feature: written by `uridfa-generate`
// from the files in `grammar/` (Note [the list of grammars] in
// `uridfa_codegen::driver`), so a new grammar needs no line here. Always
// the committed list, also with `regenerate`: its `#[path]`s are relative
// to this directory.
include!("../generated/modules.rs");
#[cfg(any(feature = "rfc1738", feature = "draft-ietf-uri-url-06"))]
pub(crate) mod url_common;
#[cfg(any(feature = "rfc8141", feature = "draft-ietf-urnbis-rfc2141bis-urn-03"))]
pub(crate) mod urn_common;
#[cfg(feature = "draft-ietf-urnbis-rfc2141bis-urn-03")]
pub(crate) mod urn_directives;
