//! Reference resolution written out from the RFC text, step by step, with
//! `String` buffers: an oracle that shares no code with `uridfa::resolve`.
//!
//! - [`rfc3986`]: RFC 3986 §5.2.2 (strict, or the non-strict form of its
//!   step 1 comment), §5.2.3 `merge`, §5.2.4 `remove_dot_segments` and §5.3
//!   recomposition, components from the Appendix B regular expression;
//! - [`rfc2396`]: RFC 2396 §5.2 steps 1 to 7, with step 6 a) to g) on the
//!   buffer string.
//!
//! The corpus tests use these functions to compute what a record *should*
//! be under the RFC and under a peer's documented rule (the same steps on
//! rewritten inputs), never our own output.

/// The five components of RFC 3986 Appendix B:
/// `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Parts {
    pub scheme: Option<String>,
    pub authority: Option<String>,
    pub path: String,
    pub query: Option<String>,
    pub fragment: Option<String>,
}

/// The five components by Appendix B's regular expression itself (RFC 3986
/// Appendix B, and 2396bis-01's, the same), run by regex-automata's PikeVM:
/// scheme = $2, authority = $4, path = $5, query = $7, fragment = $9. An
/// oracle that shares no code with [`split`] or with uridfa.
pub fn appendix_b_regex(u: &str) -> Parts {
    use regex_automata::nfa::thompson::pikevm::PikeVM;
    let re = PikeVM::new(r"^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?")
        .expect("Appendix B's expression compiles");
    let mut cache = re.create_cache();
    let mut caps = re.create_captures();
    re.captures(&mut cache, u, &mut caps);
    assert!(
        caps.is_match(),
        "Appendix B's expression matches any string"
    );
    let g = |i: usize| caps.get_group(i).map(|s| u[s.range()].to_owned());
    Parts {
        scheme: g(2),
        authority: g(4),
        path: g(5).unwrap_or_default(),
        query: g(7),
        fragment: g(9),
    }
}

/// The Appendix B split, written out.
pub fn split(u: &str) -> Parts {
    let mut rest = u;
    let mut p = Parts::default();
    if let Some(i) = rest.find([':', '/', '?', '#']) {
        if i > 0 && rest.as_bytes()[i] == b':' {
            p.scheme = Some(rest[..i].to_string());
            rest = &rest[i + 1..];
        }
    }
    if let Some(r) = rest.strip_prefix("//") {
        let end = r.find(['/', '?', '#']).unwrap_or(r.len());
        p.authority = Some(r[..end].to_string());
        rest = &r[end..];
    }
    let end = rest.find(['?', '#']).unwrap_or(rest.len());
    p.path = rest[..end].to_string();
    rest = &rest[end..];
    if let Some(r) = rest.strip_prefix('?') {
        let end = r.find('#').unwrap_or(r.len());
        p.query = Some(r[..end].to_string());
        rest = &r[end..];
    }
    if let Some(r) = rest.strip_prefix('#') {
        p.fragment = Some(r.to_string());
    }
    p
}

/// RFC 3986 §5.3, Component Recomposition.
pub fn recompose(t: &Parts) -> String {
    let mut result = String::new();
    if let Some(s) = &t.scheme {
        result.push_str(s);
        result.push(':');
    }
    if let Some(a) = &t.authority {
        result.push_str("//");
        result.push_str(a);
    }
    result.push_str(&t.path);
    if let Some(q) = &t.query {
        result.push('?');
        result.push_str(q);
    }
    if let Some(f) = &t.fragment {
        result.push('#');
        result.push_str(f);
    }
    result
}

/// RFC 3986 §5.2.4, `remove_dot_segments`, rule by rule.
pub fn remove_dot_segments(path: &str) -> String {
    // 1. The input buffer is initialized with the now-appended path
    //    components and the output buffer is initialized to the empty
    //    string.
    let mut input = path.to_string();
    let mut output = String::new();
    // 2. While the input buffer is not empty, loop as follows:
    while !input.is_empty() {
        if let Some(r) = input.strip_prefix("../") {
            // A. If the input buffer begins with a prefix of "../" or
            //    "./", then remove that prefix from the input buffer;
            input = r.to_string();
        } else if let Some(r) = input.strip_prefix("./") {
            input = r.to_string();
        } else if input.starts_with("/./") {
            // B. if the input buffer begins with a prefix of "/./" or "/.",
            //    where "." is a complete path segment, then replace that
            //    prefix with "/";
            input.replace_range(..3, "/");
        } else if input == "/." {
            input = "/".to_string();
        } else if input.starts_with("/../") || input == "/.." {
            // C. if the input buffer begins with a prefix of "/../" or
            //    "/..", where ".." is a complete path segment, then replace
            //    that prefix with "/" and remove the last segment and its
            //    preceding "/" (if any) from the output buffer;
            let n = if input == "/.." { 3 } else { 4 };
            input.replace_range(..n, "/");
            match output.rfind('/') {
                Some(i) => output.truncate(i),
                None => output.clear(),
            }
        } else if input == "." || input == ".." {
            // D. if the input buffer consists only of "." or "..", then
            //    remove that from the input buffer;
            input.clear();
        } else {
            // E. move the first path segment in the input buffer to the end
            //    of the output buffer, including the initial "/" character
            //    (if any) and any subsequent characters up to, but not
            //    including, the next "/" character or the end of the input
            //    buffer.
            let start = usize::from(input.starts_with('/'));
            let end = input[start..].find('/').map_or(input.len(), |i| i + start);
            output.push_str(&input[..end]);
            input.replace_range(..end, "");
        }
    }
    // 3. Finally, the output buffer is returned as the result of
    //    remove_dot_segments.
    output
}

/// RFC 3986 §5.2.3, Merge Paths.
pub fn merge(base: &Parts, r_path: &str) -> String {
    // If the base URI has a defined authority component and an empty
    // path, then return a string consisting of "/" concatenated with the
    // reference's path; otherwise, return a string consisting of the
    // reference's path component appended to all but the last segment of
    // the base URI's path (i.e., excluding any characters after the
    // right-most "/" in the base URI path, or excluding the entire base URI
    // path if it does not contain any "/" characters).
    if base.authority.is_some() && base.path.is_empty() {
        format!("/{r_path}")
    } else {
        match base.path.rfind('/') {
            Some(i) => format!("{}{r_path}", &base.path[..=i]),
            None => r_path.to_string(),
        }
    }
}

/// RFC 3986 §5.2.2, Transform References, for a base `base` (§5.2.1: its
/// fragment is ignored) and reference `r`; `strict` false takes the
/// "backwards compatibility" branch (`if ((not strict) and (R.scheme ==
/// Base.scheme)) then undefine(R.scheme)`).
pub fn rfc3986(base: &str, r: &str, strict: bool) -> String {
    let base = split(base);
    let mut r = split(r);
    if !strict && r.scheme.is_some() && r.scheme == base.scheme {
        r.scheme = None;
    }
    let mut t = Parts::default();
    if r.scheme.is_some() {
        t.scheme = r.scheme;
        t.authority = r.authority;
        t.path = remove_dot_segments(&r.path);
        t.query = r.query;
    } else {
        if r.authority.is_some() {
            t.authority = r.authority;
            t.path = remove_dot_segments(&r.path);
            t.query = r.query;
        } else {
            if r.path.is_empty() {
                t.path = base.path.clone();
                t.query = if r.query.is_some() {
                    r.query
                } else {
                    base.query.clone()
                };
            } else {
                if r.path.starts_with('/') {
                    t.path = remove_dot_segments(&r.path);
                } else {
                    t.path = merge(&base, &r.path);
                    t.path = remove_dot_segments(&t.path);
                }
                t.query = r.query;
            }
            t.authority = base.authority.clone();
        }
        t.scheme = base.scheme.clone();
    }
    t.fragment = r.fragment;
    recompose(&t)
}

/// The complete segment that ends just before byte `slash` of `buf` (a
/// `/`), as its start, if it is not `..`. RFC 2396's `segment` may be
/// empty (`segment = *pchar *( ";" param )`), but the empty text before a
/// leading "/" is no segment (`abs_path = "/" path_segments`).
fn segment_before(buf: &str, slash: usize) -> Option<usize> {
    let start = buf[..slash].rfind('/').map_or(0, |i| i + 1);
    let seg = &buf[start..slash];
    (seg != ".." && (start > 0 || !seg.is_empty())).then_some(start)
}

/// RFC 2396 §5.2 step 6, a) to g), on a buffer string.
pub fn rfc2396_merge(base_path: &str, r_path: &str) -> String {
    // a) All but the last segment of the base URI's path component is
    //    copied to the buffer.  In other words, any characters after the
    //    last (right-most) slash character, if any, are excluded.
    let mut buf = match base_path.rfind('/') {
        Some(i) => base_path[..=i].to_string(),
        None => String::new(),
    };
    // b) The reference's path component is appended to the buffer string.
    buf.push_str(r_path);
    // c) All occurrences of "./", where "." is a complete path segment, are
    //    removed from the buffer string.
    let mut i = 0;
    while let Some(j) = buf[i..].find("./").map(|j| i + j) {
        if j == 0 || buf.as_bytes()[j - 1] == b'/' {
            buf.replace_range(j..j + 2, "");
            i = j;
        } else {
            i = j + 1;
        }
    }
    // d) If the buffer string ends with "." as a complete path segment,
    //    that "." is removed.
    if buf == "." || buf.ends_with("/.") {
        buf.pop();
    }
    // e) All occurrences of "<segment>/../", where <segment> is a complete
    //    path segment not equal to "..", are removed from the buffer
    //    string.  Removal of these path segments is performed iteratively,
    //    removing the leftmost matching pattern on each iteration, until no
    //    matching pattern remains.
    loop {
        let mut found = None;
        let mut from = 0;
        while let Some(j) = buf[from..].find("/../").map(|j| from + j) {
            if let Some(start) = segment_before(&buf, j) {
                found = Some((start, j + 4));
                break;
            }
            from = j + 1;
        }
        match found {
            Some((s, e)) => buf.replace_range(s..e, ""),
            None => break,
        }
    }
    // f) If the buffer string ends with "<segment>/..", where <segment> is
    //    a complete path segment not equal to "..", that "<segment>/.." is
    //    removed.
    if buf.ends_with("/..") {
        let j = buf.len() - 3;
        if let Some(start) = segment_before(&buf, j) {
            buf.truncate(start);
        }
    }
    // g) If the resulting buffer string still begins with one or more
    //    complete path segments of "..", then the handling of these is
    //    implementation-dependent: this transcription keeps them.
    // h) The remaining buffer string is the reference URI's new path
    //    component.
    buf
}

/// RFC 2396 §5.2, Resolving Relative References to Absolute Form, steps
/// 1 to 7. Step 2's "reference to the current document" is the base
/// without its fragment, with the reference's fragment.
pub fn rfc2396(base: &str, r: &str) -> String {
    recompose(&rfc2396_parts(base, r))
}

/// [`rfc2396`] before step 7's recombination.
pub fn rfc2396_parts(base: &str, r: &str) -> Parts {
    // 1) The URI reference is parsed into the potential four components
    //    and fragment identifier.
    let base = split(base);
    let r = split(r);
    // 2) If the path component is empty and the scheme, authority, and
    //    query components are undefined, then it is a reference to the
    //    current document and we are done.
    if r.path.is_empty() && r.scheme.is_none() && r.authority.is_none() && r.query.is_none() {
        return Parts {
            fragment: r.fragment,
            ..base
        };
    }
    // 3) If the scheme component is defined, indicating that the reference
    //    starts with a scheme name, then the reference is interpreted as an
    //    absolute URI and we are done.  Otherwise, the reference URI's
    //    scheme is inherited from the base URI's scheme component.
    if r.scheme.is_some() {
        return r;
    }
    let mut t = r;
    t.scheme = base.scheme.clone();
    // 4) If the authority component is defined, then the reference is a
    //    network-path and we skip to step 7.  Otherwise, the reference
    //    URI's authority is inherited from the base URI's authority
    //    component, which will also be undefined if the URI scheme does not
    //    use an authority component.
    if t.authority.is_none() {
        t.authority = base.authority.clone();
        // 5) If the path component begins with a slash character ("/"),
        //    then the reference is an absolute-path and we skip to step 7.
        // 6) If we can reach this step, then we are resolving a relative-
        //    path reference.
        if !t.path.starts_with('/') {
            t.path = rfc2396_merge(&base.path, &t.path);
        }
    }
    // 7) The resulting URI components, including any inherited from the
    //    base URI, are recombined to give the absolute form of the URI
    //    reference.
    t
}

/// The steps above give the RFCs' own examples (RFC 3986 §5.4, RFC 2396
/// Appendix C); called by the corpus tests before they use the steps.
pub fn self_check() {
    let b = "http://a/b/c/d;p?q";
    for (r, want) in [
        ("g", "http://a/b/c/g"),
        ("?y", "http://a/b/c/d;p?y"),
        ("", "http://a/b/c/d;p?q"),
        ("../../../g", "http://a/g"),
        ("/./g", "http://a/g"),
        ("g;x=1/../y", "http://a/b/c/y"),
        ("http:g", "http:g"),
    ] {
        assert_eq!(rfc3986(b, r, true), want, "{r}");
    }
    assert_eq!(rfc3986(b, "http:g", false), "http://a/b/c/g");
    assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
    assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
    for (r, want) in [
        ("?y", "http://a/b/c/?y"),
        ("../../../g", "http://a/../g"),
        ("./../g", "http://a/b/g"),
        ("g/../h", "http://a/b/c/h"),
        ("..", "http://a/b/"),
        ("g.", "http://a/b/c/g."),
    ] {
        assert_eq!(rfc2396(b, r), want, "{r}");
    }
}

// ---------------------------------------------------------------------------
// Normalization (RFC 3986 §6.2.2 and §6.2.3), written out

/// Which rewrites [`normalize`] applies; each field is one rung of RFC
/// 3986 §6.2, plus the choices a peer makes differently.
#[derive(Clone, Copy, Debug)]
pub struct Norm {
    /// §6.2.2.1: scheme and host to lower case, `%xx` hex digits to upper.
    pub case: bool,
    /// Lower-case the host too (false: only the scheme); §6.2.2.1 says
    /// "the scheme and host are case-insensitive".
    pub host_case: bool,
    /// §6.2.2.2: decode `%XX` of `unreserved` (ALPHA / DIGIT / "-" / "."
    /// / "_" / "~").
    pub pct: bool,
    /// §6.2.2.3: remove_dot_segments (§5.2.4) on a path that starts with
    /// "/".
    pub path: bool,
    /// Also on rootless and relative paths (where remove_dot_segments
    /// turns `a/../b` into `/b`).
    pub all_paths: bool,
    /// §6.2.3: an empty port and a default port are elided with their ":".
    pub port: bool,
    /// §6.2.3: an empty port is elided with its ":" (even when `port` is
    /// off).
    pub empty_port: bool,
    /// §6.2.3 for http (and https, RFC 2818): an empty path with an
    /// authority is "/".
    pub http_slash: bool,
    /// RFC 3987 §5.3.2.1: an IRI's host is case-folded only when it is
    /// US-ASCII.
    pub iri: bool,
}

impl Norm {
    /// §6.2.2 syntax-based normalization: case, percent-encoding, path.
    pub const SYNTAX: Norm = Norm {
        case: true,
        host_case: true,
        pct: true,
        path: true,
        all_paths: false,
        port: false,
        empty_port: false,
        http_slash: false,
        iri: false,
    };
    /// §6.2.2 and §6.2.3.
    pub const ALL: Norm = Norm {
        port: true,
        empty_port: true,
        http_slash: true,
        ..Norm::SYNTAX
    };
    /// §6.2.2.3 alone.
    pub const PATH: Norm = Norm {
        case: false,
        host_case: false,
        pct: false,
        ..Norm::SYNTAX
    };
}

/// Default ports for §6.2.3: RFC 1738 §3.2-§3.11 (ftp 21, http 80, gopher
/// 70, nntp 119, telnet 23, wais 210, prospero 1525) and https 443 (RFC
/// 2818 §2.3).
pub fn default_port(scheme: &str) -> Option<&'static str> {
    let s = scheme.to_ascii_lowercase();
    Some(match s.as_str() {
        "ftp" => "21",
        "http" => "80",
        "gopher" => "70",
        "nntp" => "119",
        "telnet" => "23",
        "wais" => "210",
        "prospero" => "1525",
        "https" => "443",
        _ => return None,
    })
}

/// `authority` as (userinfo with its "@", host, port with its ":").
pub fn split_authority(a: &str) -> (&str, &str, Option<&str>) {
    let (userinfo, hostport) = match a.rfind('@') {
        Some(i) => (&a[..=i], &a[i + 1..]),
        None => ("", a),
    };
    let host_end = if hostport.starts_with('[') {
        hostport.find(']').map_or(hostport.len(), |i| i + 1)
    } else {
        hostport.rfind(':').unwrap_or(hostport.len())
    };
    let (host, rest) = hostport.split_at(host_end);
    (userinfo, host, rest.strip_prefix(':'))
}

/// §6.2.2.1 and §6.2.2.2 on one component: decode `%XX` of unreserved
/// (if `pct`), then upper-case the hex digits of what stays encoded (if
/// `case`).
fn pct_case(s: &str, pct: bool, case: bool) -> String {
    let b = s.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 3 <= b.len() && s.is_char_boundary(i + 3) {
            let hex = &s[i + 1..i + 3];
            if let Ok(v) = u8::from_str_radix(hex, 16) {
                if pct && (v.is_ascii_alphanumeric() || b"-._~".contains(&v)) {
                    out.push(v as char);
                } else if case {
                    out.push('%');
                    out.push_str(&hex.to_ascii_uppercase());
                } else {
                    out.push_str(&s[i..i + 3]);
                }
                i += 3;
                continue;
            }
        }
        let c = s[i..].chars().next().unwrap();
        out.push(c);
        i += c.len_utf8();
    }
    out
}

/// RFC 3986 §6.2.2 (and §6.2.3 as `n` says), written out on the Appendix B
/// components. A result without an authority whose path starts with "//"
/// gets "/." before the path (it would read as an authority otherwise).
pub fn normalize(input: &str, n: Norm) -> String {
    let mut p = split(input);
    if let Some(s) = &mut p.scheme {
        if n.case {
            *s = s.to_ascii_lowercase();
        }
    }
    if let Some(a) = &p.authority {
        let (userinfo, host, port) = split_authority(a);
        let userinfo = pct_case(userinfo, n.pct, n.case);
        let mut host = pct_case(host, n.pct, n.case);
        if n.case && n.host_case && (!n.iri || host.is_ascii()) {
            // Lower case outside %XX (whose hex digits stay upper case).
            let mut out = String::new();
            let mut rest = host.as_str();
            while let Some(i) = rest.find('%') {
                out.push_str(&rest[..i].to_ascii_lowercase());
                out.push_str(&rest[i..(i + 3).min(rest.len())]);
                rest = &rest[(i + 3).min(rest.len())..];
            }
            out.push_str(&rest.to_ascii_lowercase());
            host = out;
        }
        let scheme = p.scheme.clone().unwrap_or_default();
        let port = match port {
            Some("") if n.port || n.empty_port => None,
            Some(d) if n.port && default_port(&scheme) == Some(d.trim_start_matches('0')) => None,
            other => other,
        };
        let mut a = format!("{userinfo}{host}");
        if let Some(port) = port {
            a.push(':');
            a.push_str(port);
        }
        p.authority = Some(a);
    }
    p.path = pct_case(&p.path, n.pct, n.case);
    if n.path && (p.path.starts_with('/') || n.all_paths) {
        p.path = remove_dot_segments(&p.path);
    }
    if n.http_slash
        && p.authority.is_some()
        && p.path.is_empty()
        && matches!(p.scheme.as_deref(), Some("http" | "https"))
    {
        p.path = "/".into();
    }
    if p.authority.is_none() && p.path.starts_with("//") {
        p.path.insert_str(0, "/.");
    }
    p.query = p.query.map(|q| pct_case(&q, n.pct, n.case));
    p.fragment = p.fragment.map(|f| pct_case(&f, n.pct, n.case));
    recompose(&p)
}
