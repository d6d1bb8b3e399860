//! uridfa: strict URI parsers driven by tagged DFA tables generated from ABNF.
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
