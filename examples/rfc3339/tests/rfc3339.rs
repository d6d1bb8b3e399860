//! RFC 3339 through `#[derive(uridfa::Grammar)]`: the examples of §5.8 with
//! the components their text gives, the grammar's refusals with their
//! offsets, and what the derive adds (accessors, `Debug`, the error type).

use rfc3339_example::{DateTime, FullDate};
use uridfa::runtime::ErrorKind;

/// One §5.8 example: the input, then year, month, day, hour, minute,
/// second, fraction, offset, and the offset's hour and minute.
type Example = (
    &'static str,
    [&'static str; 6],
    Option<&'static str>,
    &'static str,
    Option<(&'static str, &'static str)>,
);

/// RFC 3339 §5.8, "Examples", each with the reading the RFC gives it.
const SECTION_5_8: [Example; 5] = [
    // "This represents 20 minutes and 50.52 seconds after the 23rd hour of
    // April 12th, 1985 in UTC."
    (
        "1985-04-12T23:20:50.52Z",
        ["1985", "04", "12", "23", "20", "50"],
        Some(".52"),
        "Z",
        None,
    ),
    // "This represents 39 minutes and 57 seconds after the 16th hour of
    // December 19th, 1996 with an offset of -08:00 from UTC (Pacific
    // Standard Time)."
    (
        "1996-12-19T16:39:57-08:00",
        ["1996", "12", "19", "16", "39", "57"],
        None,
        "-08:00",
        Some(("08", "00")),
    ),
    // "This represents the leap second inserted at the end of 1990."
    (
        "1990-12-31T23:59:60Z",
        ["1990", "12", "31", "23", "59", "60"],
        None,
        "Z",
        None,
    ),
    // "This represents the same leap second in Pacific Standard Time, 8
    // hours behind UTC."
    (
        "1990-12-31T15:59:60-08:00",
        ["1990", "12", "31", "15", "59", "60"],
        None,
        "-08:00",
        Some(("08", "00")),
    ),
    // "This represents the same instant of time as noon, January 1, 1937,
    // Netherlands time. [...] this timestamp uses the closest
    // representable UTC offset."
    (
        "1937-01-01T12:00:27.87+00:20",
        ["1937", "01", "01", "12", "00", "27"],
        Some(".87"),
        "+00:20",
        Some(("00", "20")),
    ),
];

#[test]
fn section_5_8_examples_have_the_components_the_rfc_reads() -> Result<(), uridfa::Error> {
    for (input, [year, month, day, hour, minute, second], frac, offset, numoffset) in SECTION_5_8 {
        let t = DateTime::parse(input)?;
        assert_eq!(t.as_str(), input);
        assert_eq!(t.date_fullyear(), year, "{input}");
        assert_eq!(t.date_month(), month, "{input}");
        assert_eq!(t.date_mday(), day, "{input}");
        assert_eq!(t.time_hour(), hour, "{input}");
        assert_eq!(t.time_minute(), minute, "{input}");
        assert_eq!(t.time_second(), second, "{input}");
        assert_eq!(t.time_secfrac(), frac, "{input}");
        assert_eq!(t.time_offset(), offset, "{input}");
        assert_eq!(t.offset_hour(), numoffset.map(|n| n.0), "{input}");
        assert_eq!(t.offset_minute(), numoffset.map(|n| n.1), "{input}");
        assert!(DateTime::is_valid(input.as_bytes()));
        assert_eq!(DateTime::parse_bytes(input.as_bytes())?, t);
    }
    Ok(())
}

/// The offset's hour is not the time's hour: with RFC 3339's rules as
/// written (`time-hour` in both `partial-time` and `time-numoffset`), the
/// generator refuses the grammar rather than report `08` here.
#[test]
fn the_offset_does_not_overwrite_the_time() -> Result<(), uridfa::Error> {
    let t = DateTime::parse("1996-12-19T16:39:57-08:00")?;
    assert_eq!((t.time_hour(), t.time_minute()), ("16", "39"));
    Ok(())
}

/// §5.6's note: "T" and "Z" may be lower case (ABNF strings ignore case).
#[test]
fn t_and_z_may_be_lower_case() {
    assert!(DateTime::is_valid(b"1985-04-12t23:20:50.52z"));
}

#[test]
fn invalid_timestamps_are_refused_at_the_first_wrong_byte() {
    for (input, offset, at_end) in [
        // Two-digit year: `date-fullyear = 4DIGIT`.
        ("85-04-12T23:20:50Z", 2, false),
        // Month 13 (`; 01-12`): the second digit is wrong.
        ("1985-13-12T23:20:50Z", 6, false),
        // Day 32 (`; 01-31`).
        ("1985-04-32T23:20:50Z", 9, false),
        // A space for "T": §5.6 lets applications agree on it, the ABNF
        // does not.
        ("1985-04-12 23:20:50Z", 10, false),
        // Hour 24 (`; 00-23`).
        ("1996-12-19T24:00:00Z", 12, false),
        // Second 61 (`; 00-60`).
        ("1990-12-31T23:59:61Z", 18, false),
        // `time-secfrac = "." 1*DIGIT`.
        ("1985-04-12T23:20:50.Z", 20, false),
        // No offset: `full-time = partial-time time-offset`.
        ("1985-04-12T23:20:50", 19, true),
        // An offset without its minutes.
        ("1996-12-19T16:39:57-08", 22, true),
        // Offset hour 24.
        ("1996-12-19T16:39:57-24:00", 21, false),
    ] {
        let err = DateTime::parse(input).unwrap_err();
        assert_eq!(err.offset(), offset, "{input}: {err}");
        assert_eq!(
            matches!(err.kind(), ErrorKind::UnexpectedEnd { .. }),
            at_end,
            "{input}: {err}"
        );
        assert_eq!(err.rule(), "date-time");
        assert!(!DateTime::is_valid(input.as_bytes()), "{input}");
    }
}

#[test]
fn errors_are_uridfa_errors_naming_the_component() {
    let err: uridfa::Error = DateTime::parse("1996-12-19T24:00:00Z").unwrap_err();
    assert_eq!(err.component(), Some("time-hour"));
    // (The expected bytes, 0 to 3, are named after the first rule of the
    // grammar that starts with exactly them, here `date-mday`.)
    assert!(
        err.to_string()
            .starts_with("unexpected '4' at 12 in time-hour; expected "),
        "{err}"
    );
}

#[test]
fn debug_shows_the_named_components() -> Result<(), uridfa::Error> {
    let t = DateTime::parse("1985-04-12T23:20:50.52Z")?;
    assert_eq!(
        format!("{t:?}"),
        "DateTimeView { input: \"1985-04-12T23:20:50.52Z\", date_fullyear: \"1985\", \
         date_month: \"04\", date_mday: \"12\", time_hour: \"23\", time_minute: \"20\", \
         time_second: \"50\", time_secfrac: Some(\".52\"), time_offset: \"Z\", \
         offset_hour: None, offset_minute: None }"
    );
    assert_eq!(t.to_string(), "1985-04-12T23:20:50.52Z");
    assert_eq!(t.span(0), Some((0, 4)));
    assert_eq!(DateTime::RULE, "date-time");
    assert_eq!(DateTime::tables().rule, "date-time");
    Ok(())
}

#[test]
fn another_entry_of_the_same_file() -> Result<(), uridfa::Error> {
    let d = FullDate::parse("1985-04-12")?;
    assert_eq!(
        (d.date_fullyear(), d.date_month(), d.date_mday()),
        ("1985", "04", "12")
    );
    // Captures the entry cannot reach have no accessor, and their
    // presence says so.
    use uridfa::{Presence, View};
    assert_eq!(
        rfc3339_example::FullDateView::presence("time-hour"),
        Some(Presence::Never)
    );
    assert_eq!(d.get(3), None);
    assert_eq!(
        FullDate::parse("1985-04-12T23:20:50Z")
            .unwrap_err()
            .offset(),
        10
    );
    Ok(())
}
