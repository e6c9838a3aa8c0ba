//! `Position::from_json` never panics, and a position that reads writes JSON
//! that reads back to an equal position.
#![no_main]

use libfuzzer_sys::fuzz_target;
use onsets_core::Position;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(p) = Position::from_json(text) {
        let json = p.to_json();
        let again = Position::from_json(&json)
            .unwrap_or_else(|e| panic!("{text:?} read, but its JSON {json:?} does not: {e}"));
        assert_eq!(again, p, "{text:?} does not survive to_json/from_json");
    }
});
