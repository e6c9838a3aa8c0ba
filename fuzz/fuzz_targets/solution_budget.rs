//! The Solution budget (`onsets_core::budget`, docs/security/budgets.md):
//! one input, a written Solution, goes through every way a Solution from
//! outside a match is judged — the explainer (`POST /api/explain`,
//! `onsets check --explain`), the judge's assistant (`POST /api/judge`), a
//! lesson's Solution step and a puzzle attempt. Nothing may panic; the
//! explanation's verdict is the checker's; a Solution within the budget is
//! explained in full, one over it by its verdict alone. Run under
//! `-rss_limit_mb=256` with long chains in the seeds (docs/fuzzing.md): an
//! enumeration that grows without bound fails as an out-of-memory crash.
#![no_main]

use libfuzzer_sys::fuzz_target;
use onsets_core::{budget, check, explain, try_explain, Position};
use onsets_puzzles::lessons::{self, Attempt};
use onsets_puzzles::Kind;
use onsets_review::judge::{rule, Dispute, Source};
use std::sync::OnceLock;

const POSITION: &str = r#"{
  "division": "senior", "adventurous": true,
  "universe": "blank B R G Y BR BG RY GY BRG BRGY",
  "goal": "5",
  "required": "B ∪ =", "permitted": "R ′ G −", "forbidden": "G 4",
  "resources": "Y ∩ ⊆ V",
  "variations": ["wild-cube Y", "double-set R′", "blank-card-wild",
                 "no-null-restrictions"],
  "situation": "impossible"
}"#;

fn position() -> &'static Position {
    static P: OnceLock<Position> = OnceLock::new();
    P.get_or_init(|| Position::from_json(POSITION).expect("the fuzz position"))
}

fuzz_target!(|data: &[u8]| {
    let Ok(solution) = std::str::from_utf8(data) else {
        return;
    };
    let position = position();
    let e = explain(position, solution);
    assert_eq!(e.verdict, check(position, solution));
    match try_explain(position, solution) {
        Ok(x) => assert!(budget::admit_str(solution, position.parse_options()).is_ok() && x.correct == e.correct),
        Err(_) => assert!(e.solutions.is_empty()),
    }
    let _ = serde_json::to_string(&e);
    let _ = e.to_string();
    let _ = rule(
        &Source::Position(position.clone()),
        &Dispute::Solution {
            solution: solution.to_string(),
        },
    );
    if let Ok(step) = lessons::step("challenge", 2) {
        let _ = lessons::judge(
            step,
            &Attempt::Solution {
                solution: solution.to_string(),
            },
        );
    }
    if let Some(p) = onsets_server::puzzles::pool()
        .iter()
        .find(|p| p.kind == Kind::Solve)
    {
        let _ = onsets_puzzles::judge(p, solution);
    }
});
