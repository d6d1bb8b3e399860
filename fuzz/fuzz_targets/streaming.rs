//! The streaming `Machine` agrees with `split`: feeding the input in chunks
//! of 1..=n bytes (sizes drawn from the first input byte) gives the same
//! result, the same spans and the same absolute error offsets.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uridfa::rfc3986::tables::{CAPTURE_LEN, ENTRIES};
use uridfa_runtime::{split, Error, Machine, Span, MAX_STACK_REGS};

/// Feeds `input` to a machine in chunks whose sizes come from `seed`.
fn streamed(
    t: &uridfa_runtime::Tables<'_>,
    seed: u8,
    input: &[u8],
    out: &mut [Option<Span>],
) -> Result<(), Error> {
    let mut regs = [0usize; MAX_STACK_REGS];
    let mut m = Machine::new(t, &mut regs)?;
    let max = usize::from(seed % 16) + 1;
    let mut rng = u32::from(seed) | 0x100;
    let mut rest = input;
    let mut first_error = None;
    while !rest.is_empty() {
        // xorshift32: a fixed, seed-dependent sequence of chunk sizes.
        rng ^= rng << 13;
        rng ^= rng >> 17;
        rng ^= rng << 5;
        let n = (rng as usize % max + 1).min(rest.len());
        let (chunk, tail) = rest.split_at(n);
        let r = m.feed(chunk);
        match (first_error, r) {
            (None, Err(e)) => first_error = Some(e),
            // Once failed, every later call returns the same error.
            (Some(e), r) => assert_eq!(r, Err(e), "feed after an error"),
            (None, Ok(())) => assert_eq!(m.offset(), input.len() - tail.len()),
        }
        rest = tail;
    }
    let finish = m.finish();
    if let Some(e) = first_error {
        assert_eq!(finish, Err(e), "finish after an error");
    }
    let split = m.finish_split(out);
    assert_eq!(finish, split, "finish and finish_split disagree");
    split
}

fuzz_target!(|data: &[u8]| {
    let Some((&seed, input)) = data.split_first() else {
        return;
    };
    for t in ENTRIES {
        let whole = split::<CAPTURE_LEN>(t, input);
        let mut spans = [None; CAPTURE_LEN];
        let chunked = streamed(t, seed, input, &mut spans);
        // A stream keeps no bytes: its caller decides the kinds decided
        // after the match, as `split` does.
        uridfa_runtime::decide_kinds(t, &mut spans, |mut k, (s, e)| {
            k.feed(&input[s..e]);
            k.is_match()
        });
        match (whole, chunked) {
            (Ok(caps), Ok(())) => {
                assert_eq!(caps.as_slice(), &spans, "{}: streamed spans differ", t.rule)
            }
            (Err(e), Err(f)) => assert_eq!(e, f, "{}: streamed error differs", t.rule),
            (w, c) => panic!("{}: split {w:?} but streamed {c:?}", t.rule),
        }
    }
});
