//! The columnar `resolve` and `normalize`: one new string per row, written
//! into one growing value buffer through the root crate's `*_into`
//! functions with a scratch buffer reused from row to row (the CLI's
//! `transform_each`), so nothing is allocated per row once the buffers fit.
//!
//! Principal function: [`transform`].

use crate::column::Input;
use arrow_array::builder::StringBuilder;
use arrow_array::StringArray;

/// The first row whose transformation failed.
#[derive(Clone, Debug)]
pub struct Failed {
    /// The row index.
    pub row: usize,
    /// Why.
    pub message: String,
}

/// `f` of every row of `input` (null for a null row; for a row that is not
/// UTF-8 and for a row `f` fails on, null, or an empty string if `empty`),
/// and the first failure.
///
/// `f(row, out)` writes into `out` (as long as it needs; it may grow it)
/// and returns the length written, or `Err(Some(needed))` for a buffer too
/// small, or `Err(None)` with the message in `message`.
pub fn transform(
    input: &Input,
    empty: bool,
    mut f: impl FnMut(&str, &mut [u8]) -> Result<usize, Result<usize, String>>,
) -> (StringArray, Option<Failed>) {
    let n = input.len();
    let col = input.column();
    let nulls = input.nulls();
    let mut b = StringBuilder::with_capacity(n, 0);
    let mut buf = vec![0u8; 256];
    let mut first = None;
    let fail = |b: &mut StringBuilder| {
        if empty {
            b.append_value("");
        } else {
            b.append_null();
        }
    };
    for i in 0..n {
        if nulls.is_some_and(|m| m.is_null(i)) {
            b.append_null();
            continue;
        }
        let bytes = col.row(i).0;
        let Ok(text) = std::str::from_utf8(bytes) else {
            fail(&mut b);
            first.get_or_insert(Failed {
                row: i,
                message: "not UTF-8".into(),
            });
            continue;
        };
        if buf.len() < text.len() + 16 {
            buf.resize(text.len() + 16, 0);
        }
        let mut r = f(text, &mut buf);
        if let Err(Ok(needed)) = r {
            buf.resize(needed, 0);
            r = f(text, &mut buf);
        }
        match r {
            Ok(len) => match std::str::from_utf8(&buf[..len]) {
                Ok(s) => b.append_value(s),
                Err(_) => fail(&mut b),
            },
            Err(e) => {
                fail(&mut b);
                let message = match e {
                    Ok(needed) => format!("needs a buffer of {needed} bytes"),
                    Err(m) => m,
                };
                first.get_or_insert(Failed { row: i, message });
            }
        }
    }
    (b.finish(), first)
}
