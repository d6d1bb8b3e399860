//! The README's first command (what a new user runs) prints what the
//! README says it prints: the command line and the expected output are
//! read from README.md itself, so the two cannot drift apart.

use std::process::Command;

#[test]
fn the_readme_first_command_prints_what_the_readme_shows() {
    let readme = include_str!("../../README.md");
    let prefix = "cargo run --release -p uridfa-cli -- ";
    let line = readme
        .lines()
        .find(|l| l.starts_with(prefix))
        .expect("README shows a `cargo run ... -p uridfa-cli --` command");
    // The arguments: words, with '...' quoting (the README's only quoting).
    let mut args = Vec::new();
    let mut rest = &line[prefix.len()..];
    while !rest.is_empty() {
        rest = rest.trim_start();
        if let Some(q) = rest.strip_prefix('\'') {
            let end = q.find('\'').expect("closing quote");
            args.push(q[..end].to_string());
            rest = &q[end + 1..];
        } else {
            let end = rest.find(' ').unwrap_or(rest.len());
            args.push(rest[..end].to_string());
            rest = &rest[end..];
        }
    }
    let after = readme
        .split_once("The first prints")
        .expect("README says what the first command prints")
        .1;
    let block = after
        .split_once("```text\n")
        .and_then(|(_, b)| b.split_once("\n```"))
        .expect("a ```text block after 'The first prints'")
        .0;
    let out = Command::new(env!("CARGO_BIN_EXE_uridfa"))
        .args(&args)
        .output()
        .expect("run uridfa");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim_end(),
        block.trim_end()
    );
}
