//! `check` never panics. The input is a position in JSON and a Solution,
//! separated by the first NUL byte (or, without one, the first line that is
//! exactly `---`). When the JSON is not a valid position, a fixed Senior
//! position with many variations in force is used, so the input still
//! exercises the checker.
#![no_main]

use libfuzzer_sys::fuzz_target;
use onsets_core::{check, Position};

const FALLBACK: &str = r#"{
  "division": "senior", "adventurous": true,
  "universe": "blank B R G Y BR BG RY GY BRG BRGY",
  "goal": "~2*3+~1",
  "required": "B ∪ =", "permitted": "R ′ G −", "forbidden": "G 4",
  "resources": "Y ∩ ⊆ V",
  "variations": ["wild-cube Y", "double-set R′", "blank-card-wild", "two-solutions",
                 "absolute-value", "no-null-restrictions", "required-card BR"],
  "situation": "now"
}"#;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (json, solution) = match text.split_once('\0') {
        Some(split) => split,
        None => match text.split_once("\n---\n") {
            Some(split) => split,
            None => ("", text),
        },
    };
    let position = Position::from_json(json)
        .unwrap_or_else(|_| Position::from_json(FALLBACK).expect("fallback position"));
    let verdict = check(&position, solution);
    assert_eq!(verdict.correct, verdict.errors.is_empty(), "{verdict}");
    let _ = verdict.to_json();
    let _ = verdict.to_string();
});
