//! Every puzzle answer re-derived independently of the generator: the
//! solver is called directly (not through the analysis functions the
//! generator used) and every witness is judged by the core's checker.

use onsets_core::{check, Division, Goal, Position, Situation, Variation};
use onsets_puzzles::{generate, judge, Config, Kind, Puzzle, Source};
use onsets_solver::analysis::{apply_move, legal_moves_with, with_goal, MoveOptions};
use onsets_solver::solve;

fn puzzles(kind: Kind, count: usize, seed: u64) -> Vec<Puzzle> {
    generate(&Config::new(kind, count, seed)).expect("enough puzzles")
}

fn at(p: &Position, s: Situation) -> Position {
    let mut q = p.clone();
    q = q.with_situation(s).expect("a valid situation");
    q
}

fn cubes(l: &onsets_core::CubeList) -> usize {
    l.iter().filter(|s| !s.is_digit()).count()
}

/// V-A-2: valid (V-A-2-a two cubes left, V-A-2-b a cube in Required or
/// Permitted) and solvable with at most one more cube.
fn now_wins(p: &Position) -> bool {
    cubes(p.resources()) >= 2
        && cubes(p.required()) + cubes(p.permitted()) > 0
        && solve(&at(p, Situation::Now)).is_solvable()
}

fn in_play(p: &Position) -> Position {
    at(
        p,
        if cubes(p.resources()) == 0 {
            Situation::Forceout
        } else {
            Situation::Impossible
        },
    )
}

#[test]
fn v_a_challenge_answers_rederived() {
    let ps = puzzles(Kind::Challenge, 24, 3);
    let mut words = std::collections::BTreeSet::new();
    for p in &ps {
        let pos = p.position().unwrap();
        let now = now_wins(&pos);
        let impossible = !solve(&in_play(&pos)).is_solvable();
        let expected = if now {
            "now"
        } else if impossible {
            "impossible"
        } else {
            "neither"
        };
        assert_eq!(p.answer, expected, "{}", p.id);
        words.insert(expected);
        assert!(judge(p, expected).unwrap().correct);
        let wrong = ["now", "impossible", "neither"]
            .into_iter()
            .find(|w| *w != expected)
            .unwrap();
        assert!(!judge(p, wrong).unwrap().correct);
    }
    assert!(words.len() >= 2, "answers vary: {words:?}");
}

#[test]
fn vii_b_solve_answers_checked_and_unique() {
    let mut cfg = Config::new(Kind::Solve, 10, 5);
    cfg.division = Division::Junior;
    for p in generate(&cfg).unwrap() {
        let pos = p.position().unwrap();
        let short = p.answer["shortest"].as_str().unwrap();
        let v = check(&pos, short);
        assert!(v.correct, "{}: {short}: {v}", p.id);
        assert!(judge(&p, short).unwrap().correct);
        let sets = p.answer["sets"].as_array().unwrap();
        assert_eq!(sets.len(), 1);
        let cards = onsets_core::CardSet::parse(sets[0]["cards"].as_str().unwrap()).unwrap();
        // uniqueness re-derived with the card variations (XIII-C-11): no
        // correct Solution leaves out a card of the set or names another
        let base = pos.edit(|b| b.adventurous = true).ok();
        for c in pos.universe().iter() {
            let v = if cards.contains(c) {
                Variation::ForbiddenCard(c)
            } else {
                Variation::RequiredCard(c)
            };
            if let Some(Ok(q)) = base.as_ref().map(|b| b.edit(|q| q.variations.push(v))) {
                // a card variation the position already has the other way
                // round is ignored (conflicting selections, OS-A): it
                // proves nothing
                if !onsets_core::InForce::of(&q).ignored.is_empty() {
                    continue;
                }
                assert!(!solve(&q).is_solvable(), "{}: card {c}", p.id);
            }
        }
        // an incorrect Solution is judged with reasons and rule sections
        let j = judge(&p, "Λ").unwrap();
        assert!(!j.correct);
        assert!(j.reasons.iter().all(|r| !r.section.is_empty()));
    }
}

#[test]
fn iv_b_safe_move_classes_rederived() {
    for p in puzzles(Kind::SafeMove, 4, 7) {
        let pos = p.position().unwrap();
        assert!(!now_wins(&pos) && solve(&in_play(&pos)).is_solvable());
        let moves = legal_moves_with(&pos, MoveOptions { bonus: false });
        assert_eq!(moves.len(), p.choices.len());
        let listed = p.answer["moves"].as_array().unwrap();
        let mut safe = 0;
        for mv in moves {
            let after = apply_move(&pos, &mv);
            let entry = listed
                .iter()
                .find(|e| e["move"] == mv.to_string())
                .expect("every move listed");
            let class = if now_wins(&after) {
                let w = entry["witness"].as_str().unwrap();
                assert!(check(&at(&after, Situation::Now), w).correct);
                "now-wins"
            } else if !solve(&in_play(&after)).is_solvable() {
                "impossible-wins"
            } else {
                let w = entry["witness"].as_str().unwrap();
                assert!(check(&in_play(&after), w).correct);
                safe += 1;
                assert!(judge(&p, &mv.to_string()).unwrap().correct);
                "safe"
            };
            assert_eq!(entry["class"], class, "{}: {mv}", p.id);
            if class != "safe" {
                assert!(!judge(&p, &mv.to_string()).unwrap().correct);
            }
        }
        assert_eq!(safe, 1, "{}", p.id);
    }
}

#[test]
fn iii_b_goal_answers_rederived() {
    for p in puzzles(Kind::Goal, 4, 11) {
        let pos = p.position().unwrap();
        let mut safe_values = std::collections::BTreeSet::new();
        for g in p.answer["goals"].as_array().unwrap() {
            let goal = Goal::parse(g["goal"].as_str().unwrap()).unwrap();
            let q = with_goal(&pos, &goal);
            let solvable = solve(&q).is_solvable();
            assert_eq!(g["safe"], solvable, "{}: {goal}", p.id);
            if solvable {
                assert!(check(&q, g["witness"].as_str().unwrap()).correct);
                safe_values.insert(g["values"].to_string());
                assert!(judge(&p, &goal.to_string()).unwrap().correct);
            } else {
                assert!(!judge(&p, &goal.to_string()).unwrap().correct);
            }
        }
        assert!((1..=2).contains(&safe_values.len()), "{}", p.id);
    }
}

#[test]
fn same_seed_same_puzzles() {
    for kind in [Kind::Challenge, Kind::Solve, Kind::Goal] {
        let a = puzzles(kind, 5, 42);
        assert_eq!(a, puzzles(kind, 5, 42));
        assert_ne!(a, puzzles(kind, 5, 43));
        let ids: std::collections::HashSet<_> = a.iter().map(|p| &p.id).collect();
        assert_eq!(ids.len(), a.len(), "distinct puzzles");
    }
}

#[test]
fn mined_from_bot_self_play() {
    let mut cfg = Config::new(Kind::Challenge, 3, 1);
    cfg.source = Source::Mined;
    let a = generate(&cfg).unwrap();
    assert!(a.iter().all(|p| p.source == "mined"));
    assert_eq!(a, generate(&cfg).unwrap());
    for p in &a {
        let pos = p.position().unwrap();
        let expected = if now_wins(&pos) {
            "now"
        } else if !solve(&in_play(&pos)).is_solvable() {
            "impossible"
        } else {
            "neither"
        };
        assert_eq!(p.answer, expected);
    }
}

#[test]
fn attempts_out_of_bounds_are_errors_not_panics() {
    let p = &puzzles(Kind::Challenge, 1, 2)[0];
    assert!(judge(p, "").is_err());
    assert!(judge(p, "maybe").is_err());
    assert!(judge(p, &"x".repeat(5000)).is_err());
    let g = &puzzles(Kind::Goal, 1, 2)[0];
    assert!(judge(g, "((").is_err());
}
