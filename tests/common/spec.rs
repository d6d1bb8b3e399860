//! The documents' text in `../shared/specs`, for the checks that a
//! transcribed row is printed in the document it cites.

use std::path::PathBuf;

use super::skip;

/// `../shared/specs`, beside the repository.
pub fn specs_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/specs"))
}

/// Collapses every run of white space to one space.
pub fn squash(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A document's text with white space collapsed (line breaks, page
/// breaks and indentation do not matter).
pub struct SpecText {
    text: String,
}

impl SpecText {
    /// `../shared/specs/{doc}.txt`, or `None` after noting the skip
    /// ([`skip::note`]) when it is absent.
    pub fn read(doc: &str) -> Option<SpecText> {
        let path = specs_dir().join(format!("{doc}.txt"));
        match std::fs::read_to_string(&path) {
            Ok(s) => Some(SpecText { text: squash(&s) }),
            Err(e) => {
                skip::note(format_args!(
                    "SKIP transcription check: {} not found ({e})",
                    path.display()
                ));
                None
            }
        }
    }

    /// Whether `needle` (white space collapsed too) is in the text.
    pub fn contains(&self, needle: &str) -> bool {
        self.text.contains(&squash(needle))
    }

    /// The collapsed text.
    pub fn as_str(&self) -> &str {
        &self.text
    }
}
