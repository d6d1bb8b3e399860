//! The grammar features (`Cargo.toml`): what a build compiles in follows
//! them. Runs with any set of features: `cargo test --workspace` runs it
//! with all ten grammars, `.ci/check-features` with `rfc3986` alone and with
//! none, where the left-out grammars' names must give the error that names
//! the feature.

use uridfa::{GrammarId, GRAMMARS};

/// Each built-in grammar's name with whether cargo turned its feature on
/// here: the names as `Cargo.toml` spells the features, the flags from
/// cargo (`cfg!` in this crate), not from the library's own lists; in
/// file-name order. The array is written by `uridfa-generate` from the
/// grammar files (`src/generated/features.rs`), so a new grammar needs no
/// line here; `one_feature_per_grammar_file` checks it against `grammar/`.
const FEATURES: &[(&str, bool)] = &include!("../src/generated/features.rs");

/// One feature per grammar file in `grammar/` (besides RFC 5234's
/// `core.abnf`, which the others import), named as the file.
#[test]
fn one_feature_per_grammar_file() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/grammar");
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .expect("grammar/")
        .map(|e| e.expect("entry").file_name().into_string().expect("UTF-8"))
        .filter_map(|n| n.strip_suffix(".abnf").map(str::to_owned))
        .filter(|n| n != "core")
        .collect();
    files.sort();
    let mut names: Vec<String> = FEATURES.iter().map(|(n, _)| n.to_string()).collect();
    names.sort();
    assert_eq!(files, names);
}

/// The hand-written places a grammar must also appear in, beside its
/// generated row (Note [the list of grammars] in `uridfa_codegen::driver`):
/// its feature in `Cargo.toml`, in `all-grammars`, and its module in
/// `src/grammars/mod.rs`, gated on that feature.
#[test]
fn each_grammar_has_its_feature_and_module() {
    let root = env!("CARGO_MANIFEST_DIR");
    let manifest = std::fs::read_to_string(format!("{root}/Cargo.toml")).expect("Cargo.toml");
    let all = manifest
        .split_once("all-grammars = [")
        .and_then(|(_, rest)| rest.split_once(']'))
        .map(|(list, _)| list)
        .expect("an all-grammars feature");
    let mods = std::fs::read_to_string(format!("{root}/src/generated/modules.rs"))
        .expect("src/generated/modules.rs");
    let list = std::fs::read_to_string(format!("{root}/src/generated/grammars.rs")).expect("list");
    for (name, _) in FEATURES {
        let module = name.replace('-', "_");
        assert!(
            manifest.contains(&format!("\n{name} = []\n")),
            "Cargo.toml: no feature {name}"
        );
        assert!(
            all.contains(&format!("\"{name}\"")),
            "all-grammars lacks {name}"
        );
        assert!(
            mods.contains(&format!(
                "#[cfg(feature = \"{name}\")]\n#[path = \"../grammars/{module}.rs\"]\npub mod {module};\n"
            )),
            "src/generated/modules.rs: no module {module} gated on its feature"
        );
        assert!(
            std::path::Path::new(&format!("{root}/src/grammars/{module}.rs")).is_file(),
            "no src/grammars/{module}.rs"
        );
        assert!(
            list.contains(&format!(
                "\n    #[cfg(feature = \"{name}\")]\n    {},\n",
                module.to_uppercase()
            )),
            "src/generated/grammars.rs: {name} not in GRAMMARS"
        );
    }
}

/// `GRAMMARS` and `GrammarId::ALL` hold exactly the grammars whose feature is
/// on, in the same order, each named as its feature.
#[test]
fn compiled_in_grammars_follow_the_features() {
    let on: Vec<&str> = FEATURES.iter().filter(|f| f.1).map(|f| f.0).collect();
    let registry: Vec<&str> = GRAMMARS.iter().map(|g| g.name).collect();
    let all: Vec<&str> = GrammarId::ALL.iter().map(|g| g.name()).collect();
    assert_eq!(registry, on);
    assert_eq!(all, on);
    for g in GrammarId::ALL {
        assert_eq!(g.builtin().name, g.name());
        assert!(!g.builtin().entries.is_empty(), "{g}: no entry tables");
    }
}

/// A compiled-in grammar's name parses (ASCII case ignored); a left-out
/// one's gives the error naming the feature; any other name lists the
/// compiled-in grammars.
#[test]
fn names_of_left_out_grammars_name_their_feature() {
    for &(name, on) in FEATURES {
        let upper = name.to_ascii_uppercase();
        for given in [name, upper.as_str()] {
            let got = GrammarId::from_name(given);
            if on {
                assert_eq!(got.map(GrammarId::name), Ok(name));
                assert!(uridfa::grammar(given).is_some());
            } else {
                let e = got.expect_err(name);
                assert_eq!(e.not_compiled_in(), Some(name));
                assert_eq!(
                    e.to_string(),
                    format!(
                        "grammar {name} is not compiled in; enable the cargo feature \"{name}\" of uridfa"
                    )
                );
                assert_eq!(given.parse::<GrammarId>(), Err(e));
                assert!(uridfa::grammar(given).is_none());
            }
        }
    }
    let e = GrammarId::from_name("rfc9999").expect_err("rfc9999");
    assert_eq!(e.not_compiled_in(), None);
    let on: Vec<&str> = FEATURES.iter().filter(|f| f.1).map(|f| f.0).collect();
    let list = if on.is_empty() {
        "none (no grammar feature is on)".to_owned()
    } else {
        on.join(", ")
    };
    assert_eq!(e.to_string(), format!("unknown grammar; built in: {list}"));
}

/// RFC 3986 alone is enough for its views, resolution, normalization and
/// the text finder; the expected values are the RFC's.
#[cfg(feature = "rfc3986")]
#[test]
fn rfc3986_alone_parses_resolves_and_normalizes() {
    use uridfa::{normalize, resolve, rfc3986};
    // §3: "foo://example.com:8042/over/there?name=ferret#nose".
    let u = rfc3986::Uri::parse("foo://example.com:8042/over/there?name=ferret#nose")
        .expect("§3 example");
    assert_eq!(u.scheme(), "foo");
    assert_eq!(u.host(), Some("example.com"));
    assert_eq!(u.port(), Some("8042"));
    assert_eq!(u.path(), "/over/there");
    assert_eq!(u.query(), Some("name=ferret"));
    assert_eq!(u.fragment(), Some("nose"));
    // §5.4.1, base "http://a/b/c/d;p?q".
    let base = "http://a/b/c/d;p?q";
    let opts = resolve::Options::default();
    for (r, want) in [("g", "http://a/b/c/g"), ("../../../g", "http://a/g")] {
        let mut out = [0u8; 64];
        let n = resolve::resolve_into(base, r, opts, &mut out).expect(r);
        assert_eq!(&out[..n], want.as_bytes(), "{r}");
    }
    // §6.2.2: "eXAMPLE://a/./b/../b/%63/%7bfoo%7d" is equivalent to
    // "example://a/b/c/%7Bfoo%7D".
    let mut out = [0u8; 64];
    let n = normalize::normalize_into(
        "eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
        normalize::Steps::ALL,
        &mut out,
    )
    .expect("§6.2.2");
    assert_eq!(&out[..n], b"example://a/b/c/%7Bfoo%7D");
    let found: Vec<_> = uridfa::text::Finder::new()
        .find_iter("see <http://a/b> now")
        .map(|f| f.range())
        .collect();
    assert_eq!(found, vec![(5..15)]);
    // The algorithms of the older documents follow their grammars.
    algorithms_follow_the_features();
}

/// Every algorithm and syntax exists in every build; one whose grammar's
/// feature is off is not compiled in, and using it gives the error that
/// names that feature, in resolution and in normalization.
#[test]
fn algorithms_follow_the_features() {
    use uridfa::{normalize, resolve};
    let on = |name: &str| FEATURES.iter().any(|f| f == &(name, true));
    let expect_left_out = |got: String, name: &str| {
        assert_eq!(
            got,
            format!(
                "grammar {name} is not compiled in; enable the cargo feature \"{name}\" of uridfa"
            )
        );
    };
    let names: Vec<&str> = resolve::Algorithm::ALL.iter().map(|a| a.name()).collect();
    assert_eq!(
        names,
        [
            "rfc3986",
            "rfc3986-nonstrict",
            "draft-fielding-uri-rfc2396bis-01",
            "rfc2396",
            "draft-fielding-url-syntax-05"
        ]
    );
    for a in resolve::Algorithm::ALL {
        let grammar = a.name().trim_end_matches("-nonstrict");
        assert_eq!(a.is_compiled_in(), on(grammar), "{a}");
        let mut out = [0u8; 64];
        // RFC 3986 §5.4.1 (the older texts' Appendix C give the same).
        let got = resolve::resolve_into(
            "http://a/b/c/d;p?q",
            "g",
            resolve::Options::new(a),
            &mut out,
        );
        if on(grammar) {
            assert_eq!(
                got.map(|n| out[..n].to_vec()),
                Ok(b"http://a/b/c/g".to_vec()),
                "{a}"
            );
        } else {
            let e = got.expect_err(a.name());
            assert!(matches!(e, resolve::ResolveError::NotCompiledIn(_)), "{a}");
            expect_left_out(e.to_string(), grammar);
        }
    }
    for s in resolve::Syntax::ALL {
        assert_eq!(s.is_compiled_in(), on(s.name()), "{s}");
        let got = resolve::resolve_into(
            "http://a/b",
            "c",
            resolve::Options::default().syntax(s),
            &mut [0u8; 64],
        );
        if on(s.name()) {
            assert_eq!(got, Ok("http://a/c".len()), "{s}");
        } else {
            expect_left_out(got.expect_err(s.name()).to_string(), s.name());
        }
    }
    let names: Vec<&str> = normalize::Syntax::ALL.iter().map(|s| s.name()).collect();
    assert_eq!(
        names,
        [
            "rfc3986",
            "rfc3987",
            "rfc6874",
            "draft-fielding-uri-rfc2396bis-01"
        ]
    );
    for s in normalize::Syntax::ALL {
        assert_eq!(s.is_compiled_in(), on(s.name()), "{s}");
        assert_eq!(s.grammar().is_ok(), on(s.name()), "{s}");
        // RFC 3986 §6.2.2.1: "HTTP://www.EXAMPLE.com/" is equivalent to
        // "http://www.example.com/" (every syntax here folds such a host).
        let mut out = [0u8; 64];
        let got = s.normalize_into("HTTP://www.EXAMPLE.com/", normalize::Steps::CASE, &mut out);
        if on(s.name()) {
            assert_eq!(
                got.map(|n| out[..n].to_vec()),
                Ok(b"http://www.example.com/".to_vec()),
                "{s}"
            );
        } else {
            let e = got.expect_err(s.name());
            assert!(
                matches!(e, normalize::NormalizeError::NotCompiledIn(_)),
                "{s}"
            );
            expect_left_out(e.to_string(), s.name());
        }
    }
}

/// The table profile follows the features (docs/ARCHITECTURE.md, "The
/// `size` profile"): the default features (`fast-tables`) keep RFC 3986's
/// `URI-reference` in premultiplied `u16` cells; without `fast-tables`
/// (`default-features = false`, as firmware builds), its machine (256
/// states, dead state and edges: it fits) is in one-byte cells.
/// `small-tables` changes nothing (.ci/check-features runs this with it
/// and `fast-tables` on).
#[cfg(feature = "rfc3986")]
#[test]
fn table_profile_follows_the_features() {
    use uridfa::runtime::Trans;
    let small = !cfg!(feature = "fast-tables");
    assert_eq!(uridfa::runtime::SMALL_TABLES, small);
    let t = &uridfa::rfc3986::tables::URI_REFERENCE;
    match t.trans {
        Trans::Index8 { .. } => assert!(small, "size profile without asking"),
        Trans::U16(_) => assert!(!small, "speed profile in a size build"),
        _ => panic!("URI-reference is neither one-byte cells nor u16 IDs"),
    }
}
