//! Timings of a few named positions (release mode; not a benchmark, prints only;
//! every answer is verified with the checker). For one position of your own use
//! `cargo run --release -p onsets-solver --example solve_file -- POSITION.json`.
//! `CARGO_TARGET_DIR=/work/target-solver cargo test -p onsets-solver --release --test speed -- --ignored --nocapture`

use onsets_core::Position;
use onsets_solver::{solve_with_stats, verify};
use std::time::Instant;

fn time(name: &str, json: &str) {
    let p = Position::from_json(json).unwrap();
    let t = Instant::now();
    let (s, stats) = solve_with_stats(&p);
    let dt = t.elapsed();
    verify(&p, &s).unwrap();
    eprintln!("{name}: {:?} in {dt:?} {stats:?}", s.text());
}

#[test]
#[ignore = "timing: run in release with --ignored --nocapture"]
fn timings() {
    time(
        "middle now",
        r#"{"division": "middle", "adventurous": false, "universe": "B R G Y BR BG RG BRG GY RY",
        "goal": "3", "required": "B ∪", "permitted": "R ′", "forbidden": "G", "resources": "Y ∩ − =",
        "situation": "now"}"#,
    );
    time(
        "senior impossible, 9 cubes",
        r#"{"division": "senior", "adventurous": true, "universe": "B R G Y BR BG RG BRG GY RY BY BGY blank BRGY",
        "goal": "5", "required": "B ∪ =", "permitted": "R ′", "forbidden": "G", "resources": "Y ∩ − ⊆",
        "situation": "impossible"}"#,
    );
    time(
        "senior worst: 15 cubes in Resources, Goal 0 with no-null",
        r#"{"division": "senior", "adventurous": true, "universe": "B R G Y BR BG RG BRG GY RY BY BGY blank BRGY",
        "goal": "1+~1", "resources": "B R G Y B R G Y ∪ ∩ − ′ V = ⊆",
        "variations": ["two-operations"],
        "situation": "impossible"}"#,
    );
    time(
        "senior 15 cubes, required and forbidden card",
        r#"{"division": "senior", "adventurous": true, "universe": "B R G Y BR BG RG BRG GY RY BY BGY blank BRGY",
        "goal": "5", "variations": ["required-card BRGY", "forbidden-card Y"], "resources": "B R G Y B R G Y ∪ ∩ − ′ V = ⊆",
        "situation": "impossible"}"#,
    );
    time(
        "senior 9 cubes, no Solution (Two Solutions, required card, Goal 1: XIII-D-14 comment f)",
        r#"{"division": "senior", "adventurous": true, "universe": "B R G Y BR BG RG BRG GY RY BY BGY blank BRGY",
        "goal": "1", "required": "B", "permitted": "R ∪ ′", "resources": "G Y − ∩ =",
        "variations": ["required-card BRGY", "two-solutions"],
        "situation": "impossible"}"#,
    );
}
