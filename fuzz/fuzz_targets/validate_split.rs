//! `validate` and `split` agree on every entry rule of RFC 3986:
//! `split` succeeds exactly when `validate` does, with the same error
//! otherwise; `split_with` gives the same spans as `split`; every span lies
//! within the input with `start <= end`; and `UriRef::parse` accepts exactly
//! what `URI_REFERENCE` accepts, with the same components.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uridfa::rfc3986::tables::{CAPTURE_LEN, ENTRIES, URI_REFERENCE};
use uridfa::rfc3986::UriRef;
use uridfa_runtime::{split, split_with, validate, MAX_STACK_REGS};

fuzz_target!(|data: &[u8]| {
    for t in ENTRIES {
        let valid = validate(t, data);
        let caps = split::<CAPTURE_LEN>(t, data);
        match (&valid, &caps) {
            (Ok(()), Ok(_)) => {}
            (Err(e), Err(f)) => {
                assert_eq!(e, f, "{}: validate and split disagree on the error", t.rule)
            }
            _ => panic!("{}: validate {valid:?} but split {caps:?}", t.rule),
        }

        let mut regs = [0usize; MAX_STACK_REGS];
        let mut spans = [None; CAPTURE_LEN];
        let with = split_with(t, data, &mut regs, &mut spans);
        assert_eq!(with, valid, "{}: split_with and validate disagree", t.rule);

        if let Ok(caps) = caps {
            assert_eq!(
                caps.as_slice(),
                &spans,
                "{}: split and split_with spans differ",
                t.rule
            );
            for (k, span) in caps.as_slice().iter().enumerate() {
                if let Some((s, e)) = *span {
                    assert!(
                        s <= e && e <= data.len(),
                        "{}: capture {k} span {s}..{e} out of 0..{}",
                        t.rule,
                        data.len()
                    );
                }
            }
        } else if let Err(e) = valid {
            assert!(
                e.offset() <= data.len(),
                "{}: error offset {} past the input",
                t.rule,
                e.offset()
            );
        }
    }

    // The typed view agrees with the raw tables.
    let valid = validate(&URI_REFERENCE, data).is_ok();
    match UriRef::parse_bytes(data) {
        Ok(uri) => {
            assert!(valid, "UriRef::parse_bytes accepted what validate rejected");
            let caps = split::<CAPTURE_LEN>(&URI_REFERENCE, data).expect("valid");
            for k in 0..CAPTURE_LEN {
                assert_eq!(uri.span(k), caps.get(k));
            }
            assert_eq!(uri.as_str().as_bytes(), data);
        }
        Err(e) => {
            assert!(
                !valid,
                "UriRef::parse_bytes rejected what validate accepted: {e}"
            );
        }
    }
});
