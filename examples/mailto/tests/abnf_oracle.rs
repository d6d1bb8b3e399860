//! Repeated captures against an independent ABNF engine: the PyPI `abnf`
//! package (`tests/oracles/abnf_captures.py`) parses the same grammar file
//! and lists every occurrence of each captured rule; the derive's
//! iterators must give the same lists, in the same order, on every input,
//! and accept exactly the same inputs.
//!
//! Inputs: RFC 6068 §6's examples and 4,000 more, built from a fixed seed
//! out of addresses and header fields with the characters that could
//! confuse a list cut (`,`, `&`, `=`, `?`, `%`, quotes, brackets) and then
//! mutated. `.ci/run` installs the package (`pip install abnf`); without
//! `python3` or the package the test says so (and fails under `CI`).

use crate::skip;

use crate::abnf_engine as abnf_oracle;

use mailto_example::Mailto;

const CAPTURES: [&str; 5] = ["addr-spec", "local-part", "domain", "hfname", "hfvalue"];

/// A fixed-seed generator (SplitMix64), so that a failure reproduces.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.below(xs.len())]
    }
}

fn inputs() -> Vec<String> {
    // RFC 6068 §6.1 and §6.2, as printed there.
    let mut out: Vec<String> = [
        "mailto:chris@example.com",
        "mailto:infobot@example.com?subject=current-issue",
        "mailto:infobot@example.com?body=send%20current-issue",
        "mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index",
        "mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E",
        "mailto:majordomo@example.com?body=subscribe%20bamboo-l",
        "mailto:joe@example.com?cc=bob@example.com&body=hello",
        "mailto:gorby%25kremvax@example.com",
        "mailto:unlikely%3Faddress@example.com?blat=foop",
        "mailto:Mike%26family@example.org",
        "mailto:%22not%40me%22@example.org",
        "mailto:%22oh%5C%5Cno%22@example.org",
        "mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org",
        "mailto:user@example.org?subject=caf%C3%A9",
        "mailto:?to=joe@example.com&cc=bob@example.com&body=hello",
        "mailto:addr1@an.example,addr2@an.example",
        "mailto:?to=addr1@an.example,addr2@an.example",
        "mailto:addr1@an.example?to=addr2@an.example",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    // Valid pieces, with the characters that could confuse a cut, and a
    // few invalid ones (drawn one time in ten).
    let locals = [
        "a", "b.c", "x_y", "%22q%22", "\"a,b\"", "\"\\\"\"", "John.Doe", "a%2Cb", "!$'*+-_~",
        "\"?&=\"", "\"@\"",
    ];
    let bad_locals = ["", "a..b", ".a", "a,b", "a?b"];
    let domains = [
        "x.org",
        "example.com",
        "[1.2.3.4]",
        "[a,b?c&d=e]",
        "y",
        "%41",
        "[]",
    ];
    let bad_domains = ["", "a.", "[a]b", "[", "a&b"];
    let words = [
        "subject",
        "body",
        "to",
        "cc",
        "",
        "a%20b",
        "hi@x",
        "!$'()*+,;:@",
        "a,b",
        "%3D",
    ];
    let bad_words = ["x=y", "%G1", "&", "%2", "?"];
    let noise = [
        ",", "?", "&", "=", "%", "\"", "[", "]", "@", " ", ".", "a", "%41", "\\",
    ];
    let mut rng = Rng(0x6068);
    for _ in 0..4000 {
        let mut s = String::from("mailto:");
        let addrs = rng.below(4);
        for k in 0..addrs {
            if k > 0 {
                s.push(',');
            }
            let local = if rng.below(10) == 0 {
                rng.pick(&bad_locals)
            } else {
                rng.pick(&locals)
            };
            let domain = if rng.below(10) == 0 {
                rng.pick(&bad_domains)
            } else {
                rng.pick(&domains)
            };
            s.push_str(local);
            s.push('@');
            s.push_str(domain);
        }
        let fields = rng.below(4);
        for k in 0..fields {
            s.push(if k == 0 { '?' } else { '&' });
            for w in 0..2 {
                if w == 1 {
                    s.push('=');
                }
                let word = if rng.below(10) == 0 {
                    rng.pick(&bad_words)
                } else {
                    rng.pick(&words)
                };
                s.push_str(word);
            }
        }
        // A third of the inputs get one to three edits.
        if rng.below(3) == 0 {
            for _ in 0..1 + rng.below(3) {
                let at = 7 + rng.below(s.len() - 6);
                if !s.is_char_boundary(at) {
                    continue;
                }
                match rng.below(3) {
                    0 => s.insert_str(at, rng.pick(&noise)),
                    1 if at < s.len() && s.is_char_boundary(at + 1) => {
                        s.remove(at);
                    }
                    _ => s.insert_str(at, rng.pick(&noise)),
                }
            }
        }
        out.push(s);
    }
    out.retain(|s| !s.contains('\n'));
    out
}

/// The derive's lists, in `CAPTURES` order.
fn ours(input: &str) -> Option<Vec<Vec<String>>> {
    let m = Mailto::parse(input).ok()?;
    let own = |it: &mut dyn Iterator<Item = String>| it.collect::<Vec<_>>();
    Some(vec![
        own(&mut m.addr_specs().map(|x| x.as_str().to_string())),
        own(&mut m.local_parts().map(|x| x.as_str().to_string())),
        own(&mut m.domains().map(|x| x.as_str().to_string())),
        own(&mut m.hfnames().map(|x| x.as_str().to_string())),
        own(&mut m.hfvalues().map(|x| x.as_str().to_string())),
    ])
}

#[test]
fn every_occurrence_agrees_with_the_abnf_package() {
    let grammar = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/grammar/mailto.abnf"));
    let inputs = inputs();
    let Some(answers) = abnf_oracle::answers(
        grammar,
        "mailtoURI",
        &CAPTURES,
        &inputs,
        "repeated captures",
        skip::note,
    ) else {
        return;
    };
    let (mut accepted, mut rejected, mut items) = (0, 0, 0);
    for (input, theirs) in inputs.iter().zip(answers) {
        assert_eq!(ours(input), theirs, "{input:?}");
        match theirs {
            Some(lists) => {
                accepted += 1;
                items += lists.iter().map(Vec::len).sum::<usize>();
            }
            None => rejected += 1,
        }
    }
    println!("{accepted} accepted and {rejected} rejected by both; {items} captured items agree");
    // Both answers, and real lists, must have been seen.
    assert!(
        accepted > 1500 && rejected > 500 && items > 5000,
        "{accepted} {rejected} {items}"
    );
}
