//! What the bounded-generator tests share: compiling under a wall-clock
//! guard, the expected errors, and the oracle check of the tables.

// Each test file uses some of these.
#![allow(dead_code)]

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use uridfa_codegen::diag::Diagnostics;
use uridfa_codegen::driver::{compile_file, compile_str, Compiled, Options};
use uridfa_codegen::oracle::Oracle;

/// The most one compile may take here.
pub const GUARD: Duration = Duration::from_secs(30);

/// Runs `f` in a thread with a main thread's stack (8 MiB); fails the test
/// if it does not finish within [`GUARD`].
pub fn guarded<T: Send + 'static>(what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    let start = Instant::now();
    std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(move || {
            let _ = tx.send(f());
        })
        .unwrap();
    match rx.recv_timeout(GUARD) {
        Ok(v) => {
            eprintln!("{what}: {:?}", start.elapsed());
            v
        }
        Err(mpsc::RecvTimeoutError::Timeout) => panic!("{what}: not done after {GUARD:?}"),
        Err(mpsc::RecvTimeoutError::Disconnected) => panic!("{what}: the compile panicked"),
    }
}

pub fn compile(what: &str, text: String) -> Result<Compiled, Diagnostics> {
    guarded(what, move || {
        compile_str("t.abnf", &text, Options::default())
    })
}

/// The one error `text` gives, rendered; fails if it compiles or gives
/// several.
pub fn error(what: &str, text: String) -> String {
    match compile(what, text) {
        Ok(_) => panic!("{what}: compiled, expected an error"),
        Err(d) => {
            assert_eq!(d.len(), 1, "{what}: {d}");
            d.to_string()
        }
    }
}

pub fn ok(what: &str, text: String) -> Compiled {
    compile(what, text).unwrap_or_else(|d| panic!("{what}: {d}"))
}

/// The doubling chain of the review: `r0 = r1 r1`, ..., `r40 = "a"`.
pub fn doubling(sep: &str) -> String {
    let mut s = String::new();
    for i in 0..40 {
        s.push_str(&format!("r{i} = r{} {sep} r{}\n", i + 1, i + 1));
    }
    s.push_str("r40 = \"a\"\n");
    s
}

/// `r0 = r1 / "a"`, ..., `r{n-1} = "a"`.
pub fn chain(n: usize) -> String {
    let mut s = String::from(";@ entry r0\n");
    for i in 0..n - 1 {
        s.push_str(&format!("r{i} = r{} / \"a\"\n", i + 1));
    }
    s.push_str(&format!("r{} = \"a\"\n", n - 1));
    s
}

/// Checks the tables of `c`'s first entry against the dense-DFA oracle on
/// `inputs`.
pub fn agrees(c: &Compiled, inputs: &[Vec<u8>]) {
    let m = &c.machines[0];
    let t = m.tables.as_tables();
    uridfa_runtime::check(&t).expect("tables pass their check");
    let oracle = Oracle::new(&m.lowered).expect("oracle builds");
    for input in inputs {
        assert_eq!(
            uridfa_runtime::validate(&t, input).is_ok(),
            oracle.accepts(input),
            "{:?}",
            String::from_utf8_lossy(input)
        );
    }
}

pub const EXPANSION: &str = "expands to more than 1048576 expression nodes once the rules it \
     references are inlined (entry 'r0' uses it)";

/// A fresh directory for import tests.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("uridfa-bounded-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

pub fn file_error(main: &Path) -> String {
    let main = main.to_path_buf();
    match guarded("import", move || compile_file(&main, Options::default())) {
        Ok(_) => panic!("compiled, expected an error"),
        Err(d) => d.to_string(),
    }
}

/// The built-in grammar file `name` (`rfc3986.abnf`) of `grammar/`,
/// compiled with the default options once per test binary: the tests that
/// read the built-in grammars' machines (differential, snapshots, budgets,
/// encode sets) share one compile of each file instead of compiling all of
/// them again each.
pub fn built_in(name: &str) -> &'static Compiled {
    use std::collections::BTreeMap;
    use std::sync::{Mutex, OnceLock};
    type Cell = &'static OnceLock<&'static Compiled>;
    static CELLS: Mutex<BTreeMap<String, Cell>> = Mutex::new(BTreeMap::new());
    let cell: Cell = *CELLS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .entry(name.to_string())
        .or_insert_with(|| Box::leak(Box::new(OnceLock::new())));
    // Another test compiling the same file waits here, outside the map's lock.
    cell.get_or_init(|| {
        let path = grammar_dir().join(name);
        let c = compile_file(&path, Options::default()).unwrap_or_else(|d| panic!("{d}"));
        Box::leak(Box::new(c))
    })
}

/// `grammar/` of this repository.
pub fn grammar_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../grammar")
}

/// The file names of the grammar files in `grammar/` (`core.abnf` among
/// them), sorted.
pub fn grammar_files() -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(grammar_dir())
        .expect("grammar/")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".abnf"))
        .collect();
    v.sort();
    v
}
