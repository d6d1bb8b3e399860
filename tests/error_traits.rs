//! Every error type is a `core::error::Error` without features, so `?`
//! works in a function returning `Box<dyn std::error::Error>`, as the
//! README's examples do, with any set of features.

use std::error::Error as StdError;

fn boxed() -> Result<(), Box<dyn StdError>> {
    let _ = uridfa::rfc3986::UriRef::parse("http://a/b")?;
    let mut buf = [0u8; 64];
    let _ = uridfa::resolve::resolve_into("http://a/b", "c", Default::default(), &mut buf)?;
    let _ =
        uridfa::normalize::normalize_into("HTTP://A/", uridfa::normalize::Steps::ALL, &mut buf)?;
    let _ = uridfa::pct::decode_into(b"%41", &mut buf)?;
    Ok(())
}

fn is_error<E: core::error::Error>() {}

#[test]
fn every_error_type_is_an_error() {
    boxed().unwrap();
    is_error::<uridfa::Error>();
    is_error::<uridfa::BufferTooSmall>();
    is_error::<uridfa::resolve::ResolveError>();
    is_error::<uridfa::normalize::NormalizeError>();
    is_error::<uridfa::pct::PctError>();
    is_error::<uridfa::runtime::Error>();
    is_error::<uridfa::runtime::CheckError>();
    let e: Box<dyn StdError> = uridfa::rfc3986::UriRef::parse("http://a/b c")
        .unwrap_err()
        .into();
    assert!(e.to_string().starts_with("unexpected ' ' at 10"));
}
