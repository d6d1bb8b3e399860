//! End-to-end: the built-in `rfc1738` and `draft-ietf-uri-url-06`
//! grammars by name, with their strict `url` rule (`--rule url`, also the
//! default) and the per-scheme rules used alone. RFC 1738 / draft 06 §3.3:
//! "No user name or password is allowed" in an HTTP URL; §3.2.2: the FTP
//! typecode "is one of the characters "a", "i", or "d""; §3.6: a news URL
//! names a group, a message-id or "*".

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_uridfa"))
        .args(args)
        .output()
        .expect("run uridfa")
}

const GRAMMARS: [&str; 2] = ["rfc1738", "draft-ietf-uri-url-06"];

/// `check` lines for `inputs` under `rule` (`None`: the default rule).
fn check(grammar: &str, rule: Option<&str>, inputs: &[&str]) -> (Option<i32>, Vec<String>) {
    let mut args = vec!["check", "--grammar", grammar];
    if let Some(r) = rule {
        args.extend(["--rule", r]);
    }
    args.extend(inputs);
    let o = run(&args);
    let out = String::from_utf8(o.stdout).unwrap();
    (o.status.code(), out.lines().map(str::to_owned).collect())
}

#[test]
fn check_rule_url_is_strict() {
    let inputs = [
        "http://host.dom/",
        "http://user@host.dom/",
        "HTTP://user:pw@host.dom/",
        "ftp://host.dom/a;type=x",
        "news:",
        "news:*",
        "x-other://user@host.dom/",
    ];
    let ok = [true, false, false, false, false, true, true];
    for g in GRAMMARS {
        for rule in [Some("url"), None] {
            let (code, lines) = check(g, rule, &inputs);
            assert_eq!(code, Some(1), "{g} {rule:?}");
            assert_eq!(lines.len(), inputs.len(), "{g} {rule:?}");
            for ((line, input), ok) in lines.iter().zip(inputs).zip(ok) {
                assert_eq!(line == "ok", ok, "{g} {rule:?} {input}: {line}");
            }
        }
        // The lax `otherurl` takes any scheme.
        let (code, _) = check(g, Some("otherurl"), &["http://user@host.dom/"]);
        assert_eq!(code, Some(0), "{g} otherurl");
    }
}

#[test]
fn per_scheme_rules_alone() {
    for g in GRAMMARS {
        for (rule, good, bad) in [
            ("httpurl", "http://host.dom:80/p?q", "ftp://host.dom/"),
            (
                "ftpurl",
                "ftp://u:p@host.dom/a/b;type=d",
                "ftp://host.dom/a;type=x",
            ),
            ("newsurl", "news:comp.infosystems.www.misc", "news:"),
            (
                "gopherurl",
                "gopher://host.dom/1sel%09%09+",
                "gopher://host.dom/1a b",
            ),
            ("mailtourl", "mailto:a@b.example", "mailto:"),
            (
                "nntpurl",
                "nntp://host.dom/comp.lang/12",
                "nntp://host.dom/comp.lang/x",
            ),
            (
                "telneturl",
                "telnet://u:p@host.dom:23/",
                "telnet://host.dom/x",
            ),
            (
                "waisurl",
                "wais://host.dom/db/TEXT/id",
                "wais://host.dom/db/TEXT",
            ),
            ("fileurl", "file://host.dom/etc/motd", "file:etc/motd"),
            (
                "prosperourl",
                "prospero://host.dom//pros/name;A=b",
                "prospero://u@host.dom/x",
            ),
        ] {
            let (code, lines) = check(g, Some(rule), &[good, bad]);
            assert_eq!(code, Some(1), "{g} {rule}");
            assert_eq!(lines[0], "ok", "{g} {rule} {good}");
            assert!(
                lines[1].starts_with("err "),
                "{g} {rule} {bad}: {}",
                lines[1]
            );
        }
    }
}

#[test]
fn split_rule_url_reports_the_scheme_components() {
    // RFC 1738 / draft 06 §3.2.2: <URL:ftp://myname@host.dom/%2Fetc/motd>
    // is "FTP-ing to "host.dom", logging in as "myname"".
    for g in GRAMMARS {
        let o = run(&[
            "split",
            "--grammar",
            g,
            "--rule",
            "url",
            "ftp://myname@host.dom/%2Fetc/motd",
        ]);
        assert_eq!(o.status.code(), Some(0), "{g}");
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("one JSON value");
        let c = &v["components"];
        assert_eq!(
            [&c["user"], &c["host"], &c["path"]],
            ["myname", "host.dom", "%2Fetc/motd"],
            "{g}: {v}"
        );
    }
}
