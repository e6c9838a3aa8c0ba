//! Shared helpers of the conformance suites: a shake described field by field,
//! turned into a position and checked, and assertions on verdicts.
#![allow(dead_code)]

use onsets_core::{check, Position, Verdict};

pub const U10: &str = "B R G Y BR BG RG BRG BY blank";

#[derive(Clone, Copy)]
pub struct Shake {
    pub division: &'static str,
    pub adventurous: bool,
    pub universe: &'static str,
    pub goal: &'static str,
    pub required: &'static str,
    pub permitted: &'static str,
    pub forbidden: &'static str,
    pub resources: &'static str,
    pub variations: &'static [&'static str],
    pub situation: &'static str,
}

pub const BASE: Shake = Shake {
    division: "middle",
    adventurous: true,
    universe: U10,
    goal: "1",
    required: "",
    permitted: "",
    forbidden: "",
    resources: "",
    variations: &[],
    situation: "impossible",
};

impl Shake {
    pub fn position(&self) -> Position {
        let goal: serde_json::Value = if self.goal.starts_with('{') {
            serde_json::from_str(self.goal).expect("goal json")
        } else {
            serde_json::Value::from(self.goal)
        };
        let json = serde_json::json!({
            "division": self.division,
            "adventurous": self.adventurous,
            "universe": self.universe,
            "goal": goal,
            "required": self.required,
            "permitted": self.permitted,
            "forbidden": self.forbidden,
            "resources": self.resources,
            "variations": self.variations,
            "situation": self.situation,
        });
        Position::from_json(&json.to_string())
            .unwrap_or_else(|e| panic!("test position rejected: {e}\n{json}"))
    }

    pub fn check(&self, solution: &str) -> Verdict {
        check(&self.position(), solution)
    }
}

pub fn codes(v: &Verdict) -> Vec<&'static str> {
    let mut c: Vec<&'static str> = v.errors.iter().map(|e| e.code.as_str()).collect();
    c.sort_unstable();
    c.dedup();
    c
}

#[track_caller]
pub fn assert_correct(v: &Verdict, values: &[i64]) {
    assert!(
        v.correct && v.errors.is_empty(),
        "expected a correct Solution, got {v}"
    );
    assert_eq!(v.values, values, "values; verdict: {v}");
}

/// Incorrect with `code` among the errors, and every error one of `allowed`
/// (a broken criterion may also be described as a cube-accounting failure).
#[track_caller]
pub fn assert_incorrect_with(v: &Verdict, code: &str, allowed: &[&str]) {
    assert!(!v.correct, "expected incorrect ({code}), got {v}");
    let c = codes(v);
    assert!(c.contains(&code), "expected {code}; verdict: {v}");
    assert!(
        c.iter().all(|x| *x == code || allowed.contains(x)),
        "unexpected error codes {c:?}; verdict: {v}"
    );
}

#[track_caller]
pub fn assert_incorrect(v: &Verdict, expected: &[&str]) {
    assert!(!v.correct, "expected incorrect ({expected:?}), got {v}");
    let mut e = expected.to_vec();
    e.sort_unstable();
    e.dedup();
    assert_eq!(codes(v), e, "error codes; verdict: {v}");
}
