//! `validate` and `split` agree on every entry rule of RFC 3986:
//! `split` succeeds exactly when `validate` does, with the same error
//! otherwise; `split_with` gives the same spans as `split`; every span lies
//! within the input with `start <= end`; and `UriRef::parse` accepts exactly
//! what `URI_REFERENCE` accepts, with the same components. Both table
//! profiles: each entry's other transition form (one-byte state-index
//! cells, `Trans::Index8`, for the premultiplied statics; premultiplied
//! IDs for the `size` profile build's) gives the same result and
//! registers.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;
use uridfa::rfc3986::tables::{CAPTURE_LEN, ENTRIES, URI_REFERENCE};
use uridfa::rfc3986::UriRef;
use uridfa_runtime::{split, split_regs, split_with, validate, Tables, Trans, MAX_STACK_REGS};

/// `t` with its transitions in the other form (see the module docs), or
/// `None` if the machine does not fit one-byte cells.
fn other_form(t: &Tables<'static>) -> Option<Tables<'static>> {
    let ids: Vec<u32> = (0..t.trans.len())
        .map(|i| t.trans.get(i))
        .collect::<Option<_>>()?;
    let trans = match t.trans {
        Trans::Index8 { .. } => Trans::U16(Box::leak(
            ids.iter()
                .map(|&x| u16::try_from(x).ok())
                .collect::<Option<Vec<_>>>()?
                .into_boxed_slice(),
        )),
        _ => {
            let states = t.state_len() as u32;
            let cells = ids
                .iter()
                .map(|&id| {
                    let c = if id < t.special {
                        id / t.stride
                    } else {
                        states + id - t.special
                    };
                    u8::try_from(c).ok()
                })
                .collect::<Option<Vec<_>>>()?;
            Trans::Index8 {
                cells: Box::leak(cells.into_boxed_slice()),
                stride: t.stride,
            }
        }
    };
    Some(Tables { trans, ..*t })
}

static OTHER: OnceLock<Vec<Option<Tables<'static>>>> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    let other = OTHER.get_or_init(|| ENTRIES.iter().map(|t| other_form(t)).collect());
    for (t, o) in ENTRIES.iter().zip(other) {
        if let Some(o) = o {
            assert_eq!(
                validate(o, data),
                validate(t, data),
                "{}: forms disagree",
                t.rule
            );
            let (mut a, mut b) = ([0usize; MAX_STACK_REGS], [0usize; MAX_STACK_REGS]);
            let n = t.reg_len as usize;
            assert_eq!(
                split_regs(o, data, &mut a[..n]),
                split_regs(t, data, &mut b[..n])
            );
            assert_eq!(a, b, "{}: forms disagree on the registers", t.rule);
        }
    }
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
