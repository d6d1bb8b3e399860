//! Resolution and normalization properties on any bytes: the input is
//! split at its first `\n` into a base and a reference, and every
//! algorithm and `Dots` policy must keep the properties of
//! `tests/props/mod.rs` (the target parses under its grammar, keeps the
//! base's or the reference's authority, and is equivalent to its own
//! normal form). Normalization is idempotent on its own output.
#![no_main]

#[path = "../../tests/props/mod.rs"]
mod props;

use libfuzzer_sys::fuzz_target;
use props::Outcome;
use uridfa::normalize::{Steps, Syntax};
use uridfa::resolve::{Algorithm, Dots, Options};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (base, reference) = text.split_once('\n').unwrap_or((text, ""));
    for a in Algorithm::ALL {
        for dots in [Dots::Keep, Dots::Remove, Dots::Error] {
            if let Outcome::Failed(why) = props::check(base, reference, Options::new(a).dots(dots))
            {
                panic!("{why}");
            }
        }
    }
    for syntax in Syntax::ALL {
        let mut once = vec![0u8; 3 * base.len() + 16];
        let Ok(n) = syntax.normalize_into(base, Steps::ALL, &mut once) else {
            continue;
        };
        let once = std::str::from_utf8(&once[..n]).expect("UTF-8");
        let mut twice = vec![0u8; 3 * once.len() + 16];
        let m = syntax
            .normalize_into(once, Steps::ALL, &mut twice)
            .unwrap_or_else(|e| panic!("{syntax}: the normal form {once:?} of {base:?}: {e}"));
        assert_eq!(
            &twice[..m],
            once.as_bytes(),
            "{syntax}: not idempotent on {base:?}"
        );
        assert_eq!(
            syntax.equivalent(base, once, Steps::ALL),
            Ok(true),
            "{syntax}: {base:?}"
        );
    }
});
