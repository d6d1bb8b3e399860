//! The ten built-in grammars, one module each (re-exported at the crate
//! root: `uridfa::rfc3986`, ...): the generated tables and the typed views
//! over them, plus what each document adds (host kinds, scheme defaults,
//! URN directives). `view`, `url_common` and `urn_common` hold what several
//! grammars share.

pub mod draft_fielding_uri_rfc2396bis_01;
pub mod draft_fielding_url_syntax_05;
pub mod draft_ietf_uri_url_06;
pub mod draft_ietf_urnbis_rfc2141bis_urn_03;
pub mod rfc1738;
pub mod rfc2396;
pub mod rfc3986;
pub mod rfc3987;
pub mod rfc6874;
pub mod rfc8141;
pub(crate) mod url_common;
pub(crate) mod urn_common;
pub(crate) mod urn_directives;
pub(crate) mod view;
