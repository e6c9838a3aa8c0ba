//! A few hand-made positions (rules VII-B examples and variations of XIII).

use onsets_core::{check, Position};
use onsets_solver::{solve, solve_shortest, verify};

fn pos(json: &str) -> Position {
    Position::from_json(json).unwrap()
}

fn assert_solves(json: &str) -> String {
    let p = pos(json);
    let s = solve(&p);
    verify(&p, &s, true).unwrap();
    let t = s.text().expect("solvable");
    assert!(check(&p, &t).correct);
    let sh = solve_shortest(&p);
    verify(&p, &sh, true).unwrap();
    t
}

#[test]
fn basic_intersection_one_card() {
    // the doc example of onsets-core: only BR is in B ∩ R
    let p = pos(r#"{"division": "middle", "adventurous": false,
        "universe": "B R G BR BG RG", "goal": "1",
        "required": "B", "permitted": "∩ R", "situation": "impossible"}"#);
    let s = solve(&p);
    verify(&p, &s, true).unwrap();
    assert!(s.is_solvable());
}

#[test]
fn impossible_goal_two_without_cubes() {
    let p = pos(r#"{"division": "middle", "adventurous": false,
        "universe": "B R G BR BG RG", "goal": "2",
        "required": "B", "permitted": "∩ R", "situation": "forceout"}"#);
    // B ∩ R names 1 card, B names 3, R ∩ B 1: no Goal of 2 (B−R needs −).
    assert!(!solve(&p).is_solvable());
}

#[test]
fn restriction_required() {
    let t = assert_solves(
        r#"{"division": "senior", "adventurous": true,
        "universe": "B R G Y BR BG RG BRG GY RY", "goal": "3",
        "required": "= B", "permitted": "R ′ ∪", "resources": "G ⊆ Y −",
        "situation": "impossible"}"#,
    );
    assert!(t.contains('='), "{t}");
}

#[test]
fn two_solutions_and_wild() {
    assert_solves(
        r#"{"division": "senior", "adventurous": true,
        "universe": "B R G Y BR BG RG BRG GY RY blank", "goal": "2",
        "required": "B", "permitted": "R ∪ Y", "resources": "G ∩ −",
        "variations": ["wild-cube Y", "two-solutions", "blank-card-wild"],
        "situation": "impossible"}"#,
    );
}

/// Found by `onsets simulate` (a Goal-setting probe that took 10 s): no cube
/// shows B and none is wild, so no Set-Name or Restriction can tell a card
/// from the same card with a B dot added. Every card of this Universe has such
/// a twin (GY and BGY were not dealt), so every set a Solution can name has an
/// even number of cards, and 7, 5, 3 and 1 (the legal values of ~1+~2+~4 under
/// Absolute Value) are out of reach.
#[test]
fn goal_parity_without_blue_cubes_has_no_solution() {
    let json = r#"{"division": "senior", "adventurous": true,
        "universe": "blank B R BR G BG RG BRG Y BY RY BRY RGY BRGY", "goal": "~1+~2+~4",
        "resources": "Y Y G R G Y R Y ∪ ′ − ∪ = V ⊆",
        "variations": ["no-null-restrictions", "absolute-value", "required-cube ⊆"],
        "situation": "impossible"}"#;
    assert!(!solve(&pos(json)).is_solvable());
    // With a B cube the same Goal becomes reachable (`B ⊆ Y; B` names 3).
    let with_blue = pos(&json.replace("Y Y G R", "B Y G R"));
    let s = solve(&with_blue);
    verify(&with_blue, &s, true).unwrap();
    assert!(s.is_solvable());
}

/// `corpus/slow-in-play.jsonl` keeps the positions on which `solve` took more
/// than 300 ms during a 10,000-shake `onsets simulate` run (docs/performance.md,
/// "Positions from simulated play"), slowest first, for the next round of speed
/// work. They must stay readable positions.
#[test]
fn slow_in_play_positions_are_positions() {
    let text = include_str!("../corpus/slow-in-play.jsonl");
    let mut n = 0;
    for line in text.lines() {
        let l = onsets_solver::batch::parse_line(line).unwrap();
        assert_eq!(l.expected, Some(true), "{line}");
        n += 1;
    }
    assert!(n >= 100, "{n} positions");
}
