//! Pieces of components, valid and invalid, shared by the builder tests:
//! URN components (`tests/builder.rs`, `tests/builder_urn.rs`) and, in
//! [`parts`], those of the five older grammars (`tests/builder_parts.rs`).

pub const NIDS: &[&str] = &[
    "example",
    "isbn",
    "a",
    "ab",
    "a-b",
    "ab-",
    "-ab",
    "urn",
    "URN",
    "x1",
    "a_b",
    "abcdefghijklmnopqrstuvwxyz0123456",
    "",
];
pub const NSSES: &[&str] = &[
    "a",
    "a/b",
    "/a",
    "a?b",
    "%41",
    "%4",
    "a:b",
    "a=b",
    "a b",
    "",
    "0-395-36341-1",
    "é",
    "a#b",
    "a&b",
];
pub const URN_PARTS: &[&str] = &[
    "x", "", "a=b", "a=b&c=d", "?", "x?", "x??", "a?=b", "a?b", "a#b", "/", "a b", "%zz", "k-2=",
    "novalue", "=v",
];

/// Pieces of components: valid and invalid in each position, with the
/// delimiters of the other components among them.
/// The pieces of `tests/builder_parts.rs`'s property.
pub mod parts {
    pub const SCHEMES: &[&str] = &[
        "http", "ftp", "file", "news", "mailto", "telnet", "gopher", "nntp", "wais", "prospero",
        "x-y", "a+b.c", "1a", "HTTP", "", "h t", "+a", "é",
    ];
    pub const USERINFOS: &[&str] = &[
        "user", "u:p", "%41", "", "a@b", "%4", "x y", "$&+,;=", "é", "/", "?", ";",
    ];
    pub const HOSTS: &[&str] = &[
        "example.com",
        "host.dom",
        "",
        "a",
        "a_b",
        "a-",
        "1a",
        "[::1]",
        "[2001:db8::7]",
        "192.0.2.1",
        "1.2.3.256",
        "999.1.1.1",
        "localhost",
        "a:b",
        "h/",
        "a@b",
        "ex%41mple",
        "x.",
    ];
    pub const PORTS: &[&str] = &["80", "", "8a", "65536", "0080", ":"];
    pub const REG_NAMES: &[&str] = &["a_b", "example.com", "a@b", "$,;:=+", "", "%7e", "x/y", "~"];
    pub const SEGMENTS: &[&str] = &[
        "",
        "a",
        ":",
        "b:c",
        "%20",
        " ",
        "?",
        "#",
        "@",
        ".",
        "..",
        "%zz",
        ";p=1",
        "a_b",
        "host.dom",
        "comp.lang",
        "42",
        "type=i",
        "db",
        "7sel%09x",
        "[",
        "~",
    ];
    pub const QUERIES: &[&str] = &[
        "", "a=b", "?/", "#", "%zz", "x y", "k=v&l", "[", "'", "é", "x;y",
    ];
}
