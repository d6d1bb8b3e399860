// The one implementation of the generated files' input hashes (Note
// [committed tables] in `uridfa_codegen::driver`). `uridfa-codegen` compiles
// it as `support::input_hash` and writes the lines; the root crate's
// `build.rs` `include!`s this very file and checks them, without depending
// on the generator. So it is plain `std` code with no `use crate::` and no
// inner attributes or `//!` docs (which `include!` does not take).

/// How the second line of a generated file starts: the hash of the file's
/// own inputs follows, then `: ` and what they are.
pub const INPUTS_PREFIX: &str = "// inputs fnv1a64 ";

/// How the second line ends.
pub const INPUTS_SUFFIX: &str = " (checked by build.rs)";

/// The inputs named in the line of the list of grammars (`grammars.rs`),
/// which depends on which grammar files exist and on their `;@ title` and
/// `;@ entry` lines only ([`list_hash`]).
pub const LIST_INPUTS: &str = "*.abnf titles and entries";

/// FNV-1a 64 over each input's name, a NUL, its bytes and a NUL, in the
/// order given. Not a cryptographic hash: it only has to notice an edit.
pub fn fnv1a64<'a>(inputs: impl IntoIterator<Item = (&'a str, &'a [u8])>) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for (name, bytes) in inputs {
        for &b in name.as_bytes().iter().chain(&[0]).chain(bytes).chain(&[0]) {
            h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    h
}

/// Reads `dir/name`, or says which file could not be read.
fn read_input(dir: &std::path::Path, name: &str) -> Result<Vec<u8>, String> {
    let path = dir.join(name);
    std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))
}

/// The hash of the files `names` (paths relative to `dir`, `/`-separated),
/// in the order given: [`fnv1a64`] over their names and contents.
///
/// # Errors
///
/// `path: message` for a file that cannot be read.
pub fn files_hash(dir: &std::path::Path, names: &[&str]) -> Result<u64, String> {
    let mut texts = Vec::with_capacity(names.len());
    for name in names {
        texts.push(read_input(dir, name)?);
    }
    Ok(fnv1a64(
        names.iter().zip(&texts).map(|(n, t)| (*n, t.as_slice())),
    ))
}

/// The `*.abnf` file names directly in `dir`, sorted.
///
/// # Errors
///
/// `dir: message` when `dir` cannot be listed.
pub fn abnf_names(dir: &std::path::Path) -> Result<Vec<String>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut names: Vec<String> = entries
        .filter_map(|e| e.ok())
        .filter_map(|e| e.file_name().to_str().map(str::to_owned))
        .filter(|n| n.ends_with(".abnf"))
        .collect();
    names.sort();
    Ok(names)
}

/// The hash of what the list of grammars is made from: every `*.abnf` file
/// name of `dir`, in name order, each with its lines whose pragma (the
/// first word after `;@`) is `title` or `entry`, trimmed. Editing a
/// grammar's rules leaves it alone; adding, removing or renaming a grammar,
/// or editing its title or entries, changes it.
///
/// # Errors
///
/// `path: message` when `dir` or one of its grammar files cannot be read.
pub fn list_hash(dir: &std::path::Path) -> Result<u64, String> {
    let names = abnf_names(dir)?;
    let mut digests = Vec::with_capacity(names.len());
    for name in &names {
        let text = read_input(dir, name)?;
        let text = String::from_utf8_lossy(&text);
        let mut digest = String::new();
        for line in text.lines().map(str::trim) {
            let pragma = line
                .strip_prefix(";@")
                .and_then(|rest| rest.split_whitespace().next());
            if matches!(pragma, Some("title" | "entry")) {
                digest.push_str(line);
                digest.push('\n');
            }
        }
        digests.push(digest);
    }
    Ok(fnv1a64(
        names
            .iter()
            .zip(&digests)
            .map(|(n, d)| (n.as_str(), d.as_bytes())),
    ))
}

/// The second line of a generated file: the hash of its inputs, then what
/// they are: the file names (relative to the grammar directory,
/// space-separated, the grammar's own file first) or [`LIST_INPUTS`].
pub fn inputs_line(hash: u64, inputs: &str) -> String {
    format!("{INPUTS_PREFIX}{hash:016x}: {inputs}{INPUTS_SUFFIX}")
}

/// The hash that `line` (a generated file's second line) should carry,
/// recomputed from the inputs it names in `dir`, and the one it carries.
///
/// # Errors
///
/// A message when the line is not an inputs line, or an input cannot be
/// read.
pub fn recompute(dir: &std::path::Path, line: &str) -> Result<(u64, u64), String> {
    let malformed = || format!("not an inputs line: {line:?}");
    let rest = line.strip_prefix(INPUTS_PREFIX).ok_or_else(malformed)?;
    let rest = rest.strip_suffix(INPUTS_SUFFIX).ok_or_else(malformed)?;
    let (hash, inputs) = rest.split_once(": ").ok_or_else(malformed)?;
    let recorded = u64::from_str_radix(hash, 16).map_err(|_| malformed())?;
    let now = if inputs == LIST_INPUTS {
        list_hash(dir)?
    } else {
        let names: Vec<&str> = inputs.split(' ').collect();
        if names.iter().any(|n| n.is_empty()) {
            return Err(malformed());
        }
        files_hash(dir, &names)?
    };
    Ok((now, recorded))
}
