//! `Presentation::parse` never panics, and whatever parses prints to a text
//! that parses back to an equal value (and prints the same again).
#![no_main]

use libfuzzer_sys::fuzz_target;
use onsets_core::Presentation;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match Presentation::parse(text) {
        Ok(p) => {
            let printed = p.to_string();
            let again = Presentation::parse(&printed).unwrap_or_else(|e| {
                panic!("{text:?} parsed, but its printed form {printed:?} does not: {e}")
            });
            assert_eq!(
                again, p,
                "{text:?} printed as {printed:?} reparses differently"
            );
            assert_eq!(
                again.to_string(),
                printed,
                "printing is not stable for {text:?}"
            );
        }
        Err(e) => {
            let blank = text
                .chars()
                .all(|c| c.is_whitespace() || c == ';' || c == ',');
            assert!(
                e.column.is_some() || blank,
                "error without a column for {text:?}: {e}"
            );
        }
    }
});
