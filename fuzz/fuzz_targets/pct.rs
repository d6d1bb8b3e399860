//! Percent-coding on any bytes: encoding with each of RFC 3986's generated
//! sets decodes back to the data, `encoded_len` and the `Encode` chunks
//! agree with `encode_into`, every encoded byte is allowed by the set or
//! part of a `%XX`; decoding agrees among `decode_into`, `decoded_len` and
//! the `Decode` chunks; the decoded path segments and query pairs of a
//! parsed URI re-join to the path and query they came from. IRI <-> URI
//! (RFC 3987 §3.1, §3.2): `to_uri_len`, `to_uri_into` and the `to_uri`
//! chunks agree and leave only ASCII; a valid IRI maps to a valid URI
//! reference; likewise `to_iri*`, and a valid URI reference maps to a valid
//! IRI reference that maps back to a valid URI reference.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uridfa::pct::{decode, decode_into, decoded_len, encode, encode_into, encoded_len};
use uridfa::rfc3986::tables::{FRAGMENT_SET, PATH_SET, QUERY_SET, SEGMENT_SET, USERINFO_SET};

fuzz_target!(|data: &[u8]| {
    for set in [
        &USERINFO_SET,
        &SEGMENT_SET,
        &PATH_SET,
        &QUERY_SET,
        &FRAGMENT_SET,
    ] {
        let mut enc = vec![0u8; 3 * data.len()];
        match encode_into(data, set, &mut enc) {
            Ok(n) => {
                let enc = &enc[..n];
                assert_eq!(encoded_len(data, set), Ok(n), "{}", set.name());
                let chunks: Vec<u8> = encode(data, set)
                    .unwrap()
                    .flat_map(|c| c.as_bytes().to_vec())
                    .collect();
                assert_eq!(chunks, enc, "{}: chunks", set.name());
                let mut dec = vec![0u8; enc.len()];
                let m = decode_into(enc, &mut dec).expect("encoded data decodes");
                assert_eq!(&dec[..m], data, "{}: round trip", set.name());
            }
            Err(e) => assert_eq!(encoded_len(data, set), Err(e), "{}", set.name()),
        }
    }
    let mut out = vec![0u8; data.len()];
    match decode_into(data, &mut out) {
        Ok(n) => {
            assert_eq!(decoded_len(data), Ok(n));
            let d = decode(data).expect("decodes");
            assert_eq!(d.decoded_len(), n);
            assert!(d.eq_bytes(&out[..n]));
        }
        Err(e) => {
            assert_eq!(decoded_len(data), Err(e));
            assert!(decode(data).is_err());
        }
    }
    if let Ok(text) = std::str::from_utf8(data) {
        iri_round_trips(text);
    }
    if let Ok(u) = std::str::from_utf8(data).map(uridfa::rfc3986::UriRef::parse) {
        if let Ok(u) = u {
            let segs: Vec<&[u8]> = u.path_segments().map(|s| s.as_encoded()).collect();
            let joined = segs.join(&b'/');
            let path = u.path().as_bytes();
            let expect = path.strip_prefix(b"/").unwrap_or(path);
            assert_eq!(joined, expect, "segments of {:?}", u.path());
        }
    }
});

fn iri_round_trips(text: &str) {
    use uridfa::iri::{to_iri, to_iri_into, to_iri_len, to_uri, to_uri_into, to_uri_len};
    let n = to_uri_len(text);
    let mut uri = vec![0u8; n];
    assert_eq!(to_uri_into(text, &mut uri), Ok(n));
    assert!(uri.is_ascii(), "to_uri leaves only ASCII");
    assert_eq!(to_uri(text).to_string().as_bytes(), &uri[..]);
    if n > 0 {
        assert!(
            to_uri_into(text, &mut uri[..n - 1]).is_err(),
            "one byte short"
        );
    }
    let uri = String::from_utf8(uri).expect("ASCII");
    let iri_ok = uridfa::rfc3987::IriRef::parse(text).is_ok();
    if iri_ok {
        assert!(
            uridfa::rfc3986::UriRef::parse(&uri).is_ok(),
            "§3.1: {text:?} maps to {uri:?}, not a URI reference"
        );
    }
    let m = to_iri_len(text);
    let mut iri = vec![0u8; m];
    assert_eq!(to_iri_into(text, &mut iri), Ok(m));
    assert_eq!(to_iri(text).to_string().as_bytes(), &iri[..]);
    let iri = String::from_utf8(iri).expect("to_iri writes UTF-8");
    if uridfa::rfc3986::UriRef::parse(text).is_ok() {
        assert!(
            uridfa::rfc3987::IriRef::parse(&iri).is_ok(),
            "§3.2: {text:?} maps to {iri:?}, not an IRI reference"
        );
        assert!(uridfa::rfc3986::UriRef::parse(&to_uri(&iri).to_string()).is_ok());
    }
}
