//! The ten built-in grammars, one module each (re-exported at the crate
//! root: `uridfa::rfc3986`, ...): the generated tables and the typed views
//! over them, plus what each document adds (host kinds, scheme defaults,
//! URN directives; what several views of a grammar share is written once in
//! `grammar/methods/` and generated into each, Note [methods files] in
//! `uridfa_codegen::emit::view`). `url_common` and `urn_common` hold what
//! several grammars share. Each grammar module exists with its cargo feature (of
//! the grammar's name), each shared one with a grammar that uses it.

#[cfg(feature = "draft-fielding-uri-rfc2396bis-01")]
pub mod draft_fielding_uri_rfc2396bis_01;
#[cfg(feature = "draft-fielding-url-syntax-05")]
pub mod draft_fielding_url_syntax_05;
#[cfg(feature = "draft-ietf-uri-url-06")]
pub mod draft_ietf_uri_url_06;
#[cfg(feature = "draft-ietf-urnbis-rfc2141bis-urn-03")]
pub mod draft_ietf_urnbis_rfc2141bis_urn_03;
#[cfg(feature = "rfc1738")]
pub mod rfc1738;
#[cfg(feature = "rfc2396")]
pub mod rfc2396;
#[cfg(feature = "rfc3986")]
pub mod rfc3986;
#[cfg(feature = "rfc3987")]
pub mod rfc3987;
#[cfg(feature = "rfc6874")]
pub mod rfc6874;
#[cfg(feature = "rfc8141")]
pub mod rfc8141;
#[cfg(any(feature = "rfc1738", feature = "draft-ietf-uri-url-06"))]
pub(crate) mod url_common;
#[cfg(any(feature = "rfc8141", feature = "draft-ietf-urnbis-rfc2141bis-urn-03"))]
pub(crate) mod urn_common;
#[cfg(feature = "draft-ietf-urnbis-rfc2141bis-urn-03")]
pub(crate) mod urn_directives;
