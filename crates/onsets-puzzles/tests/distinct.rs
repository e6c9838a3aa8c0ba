//! Distinct positions on one sheet: `generate_distinct` skips a puzzle
//! nearly the same as one already kept (same Universe and cubes, same mat
//! and Goal, or a `goal` puzzle with the same digit cubes and safe Goals).

use onsets_puzzles::{generate, generate_distinct, nearly_same, rng::mix, Config, Kind, Puzzle};

fn pairs(ps: &[Puzzle]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (i, a) in ps.iter().enumerate() {
        for b in &ps[i + 1..] {
            if nearly_same(a, b) {
                out.push((a.id.clone(), b.id.clone()));
            }
        }
    }
    out
}

#[test]
fn a_puzzle_is_nearly_the_same_as_itself_only() {
    let ps = generate(&Config::new(Kind::Solve, 3, 5)).unwrap();
    assert!(nearly_same(&ps[0], &ps[0]));
    assert!(pairs(&ps).is_empty(), "{:?}", pairs(&ps));
}

/// The sheet of seed 1 asks for three `goal` puzzles with this seed: plain
/// generation gives two with the digit cubes 4 4 4 and the same safe Goals.
#[test]
fn the_sheet_skips_nearly_the_same_goal_puzzle() {
    let cfg = Config::new(Kind::Goal, 3, mix(1, 3));
    let plain = generate(&cfg).unwrap();
    assert!(
        !pairs(&plain).is_empty(),
        "plain generation repeats a position"
    );
    let distinct = generate_distinct(&cfg, &[]).unwrap();
    assert_eq!(distinct.len(), 3);
    assert!(pairs(&distinct).is_empty(), "{:?}", pairs(&distinct));
    // deterministic with the seed
    assert_eq!(distinct, generate_distinct(&cfg, &[]).unwrap());
    // and distinct from puzzles already on the sheet
    let more = generate_distinct(&Config::new(Kind::Goal, 2, 9), &distinct).unwrap();
    for p in &more {
        assert!(!distinct.iter().any(|q| nearly_same(p, q)));
    }
}
