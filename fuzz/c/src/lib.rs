//! What `uridfa_runtime` says about an input, for the C driver's
//! libFuzzer target (`fuzz/c/fuzz_c.c`): one C function, [`oracle_split`].
#![deny(missing_docs)]

use uridfa_runtime::ErrorKind;

/// Splits `s[..n]` with the entry or `;@ component` rule `rule`
/// (NUL-terminated; an entry first) of grammar `grammar` (NUL-terminated)
/// of the `uridfa` crate. Returns -1 if there is no such rule, 0 on success (spans in `spans[2k]`, `spans[2k + 1]`,
/// `usize::MAX` for an absent capture, for up to `cap_len` captures), or
/// the error's kind (1 byte, 2 end) with its offset in `*offset` (for a
/// `;@ charset utf-8` grammar, moved to its character's first byte).
///
/// # Safety
///
/// `grammar` and `rule` are NUL-terminated strings, `s` points to `n`
/// readable bytes, `spans` to `2 * cap_len` writable `usize`s and
/// `offset` to one.
#[no_mangle]
pub unsafe extern "C" fn oracle_split(
    grammar: *const core::ffi::c_char,
    rule: *const core::ffi::c_char,
    s: *const u8,
    n: usize,
    spans: *mut usize,
    cap_len: usize,
    offset: *mut usize,
) -> i32 {
    // SAFETY: the caller's contract above.
    let (grammar, rule, input, out, offset) = unsafe {
        (
            core::ffi::CStr::from_ptr(grammar).to_str().unwrap_or(""),
            core::ffi::CStr::from_ptr(rule).to_str().unwrap_or(""),
            core::slice::from_raw_parts(s, n),
            core::slice::from_raw_parts_mut(spans, 2 * cap_len),
            &mut *offset,
        )
    };
    let Some(t) = uridfa::grammar(grammar).and_then(|g| {
        g.entries
            .iter()
            .chain(g.components)
            .find(|t| t.rule == rule)
    }) else {
        return -1;
    };
    let mut regs = [0usize; 64];
    let mut caps = [None; 64];
    match uridfa_runtime::split_with(t, input, &mut regs, &mut caps) {
        Ok(()) => {
            for (k, pair) in out.chunks_exact_mut(2).enumerate() {
                let (a, b) = caps
                    .get(k)
                    .copied()
                    .flatten()
                    .unwrap_or((usize::MAX, usize::MAX));
                pair[0] = a;
                pair[1] = b;
            }
            0
        }
        Err(e) => {
            // The C driver reports an error inside a UTF-8 character at the
            // character's first byte (docs/c.md), as `at_char_start` does.
            let e = if t.utf8 { e.at_char_start(t, input) } else { e };
            *offset = e.offset();
            match e.kind() {
                ErrorKind::UnexpectedByte { .. } => 1,
                ErrorKind::UnexpectedEnd { .. } => 2,
                _ => 3,
            }
        }
    }
}
