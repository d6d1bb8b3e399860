//! The inputs of `check` and `split`: standard input split into lines, or
//! the positional arguments.
//!
//! Lines are split on `\n` only. A `\r` before it stays part of the input
//! (so a CRLF file shows up as errors, as it should for a strict parser),
//! unless `--strip-cr` asks to remove one `\r` from the end of each line.
//! After a final `\n` there is no further, empty input; a last line without
//! `\n` is an input. Lines are read one at a time into a reused buffer, so
//! the input may be any size and any bytes (NUL, invalid UTF-8).

use std::io::{self, BufRead};

/// Calls `f` on every input, in order: each of `args` if there are any,
/// else each line of standard input (with one final `\r` removed if
/// `strip_cr`).
///
/// # Errors
///
/// The first error from reading standard input or from `f`.
pub fn for_each(
    args: &[Vec<u8>],
    strip_cr: bool,
    mut f: impl FnMut(&[u8]) -> io::Result<()>,
) -> io::Result<()> {
    if !args.is_empty() {
        return args.iter().try_for_each(|a| f(a));
    }
    for_each_line(io::stdin().lock(), strip_cr, f)
}

/// Calls `f` on every `\n`-terminated line of `r`, without the `\n` (and,
/// if `strip_cr`, without one `\r` before it or at the end of the input).
///
/// # Errors
///
/// The first error from `r` or from `f`.
pub fn for_each_line(
    mut r: impl BufRead,
    strip_cr: bool,
    mut f: impl FnMut(&[u8]) -> io::Result<()>,
) -> io::Result<()> {
    let mut line = Vec::new();
    loop {
        line.clear();
        if r.read_until(b'\n', &mut line)? == 0 {
            return Ok(());
        }
        if line.last() == Some(&b'\n') {
            line.pop();
        }
        if strip_cr && line.last() == Some(&b'\r') {
            line.pop();
        }
        f(&line)?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(data: &[u8]) -> Vec<Vec<u8>> {
        lines_cr(data, false)
    }

    fn lines_cr(data: &[u8], strip_cr: bool) -> Vec<Vec<u8>> {
        let mut v = Vec::new();
        for_each_line(data, strip_cr, |l| {
            v.push(l.to_vec());
            Ok(())
        })
        .unwrap();
        v
    }

    #[test]
    fn splits_on_newline_only() {
        assert_eq!(lines(b""), Vec::<Vec<u8>>::new());
        assert_eq!(lines(b"\n"), vec![b"".to_vec()]);
        assert_eq!(lines(b"a\r\nb"), vec![b"a\r".to_vec(), b"b".to_vec()]);
        assert_eq!(
            lines(b"a\n\nb\n"),
            vec![b"a".to_vec(), b"".to_vec(), b"b".to_vec()]
        );
        assert_eq!(lines(b"\x00\xff\n"), vec![b"\x00\xff".to_vec()]);
    }

    #[test]
    fn strip_cr_removes_one_final_cr() {
        assert_eq!(
            lines_cr(b"a\r\nb\r\r\n\r\nc\rd\r", true),
            vec![
                b"a".to_vec(),
                b"b\r".to_vec(),
                b"".to_vec(),
                b"c\rd".to_vec()
            ]
        );
        assert_eq!(lines_cr(b"\r", true), vec![b"".to_vec()]);
    }
}
