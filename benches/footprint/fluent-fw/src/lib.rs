//! `host_len(ptr, len)`: the length of the host of an RFC 3986
//! URI-reference parsed by fluent-uri, or -1 (invalid, or no host). See
//! benches/footprint/run.sh.
#![no_std]

use fluent_uri::UriRef;

/// # Safety
///
/// `ptr` points to `len` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn host_len(ptr: *const u8, len: usize) -> isize {
    // SAFETY: the caller passes `len` readable bytes.
    let bytes = unsafe { core::slice::from_raw_parts(ptr, len) };
    let Ok(s) = core::str::from_utf8(bytes) else {
        return -1;
    };
    match UriRef::parse(s).ok().and_then(|u| u.authority().map(|a| a.host().len())) {
        Some(n) => n as isize,
        None => -1,
    }
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    loop {}
}
