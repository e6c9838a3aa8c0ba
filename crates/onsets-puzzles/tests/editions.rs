//! Puzzles under every rule edition (docs/editions.md; docs/puzzles.md "Rule
//! editions"): the default edition reproduces the 2026-27 output exactly;
//! 2019-20 and 1969 answers are re-derived with the solver called directly
//! and every written answer is judged by the edition's checker.

use onsets_core::{check, Division, Edition, Form1969, Position, Situation, Symbol};
use onsets_puzzles::{generate, judge, Config, GenerateError, Kind, Puzzle, Source};
use onsets_solver::analysis::{apply_move, legal_moves_with, with_goal, MoveOptions};
use onsets_solver::claims::{self, solution_any, solution_one_more};
use onsets_solver::solve;

/// The server's pool, made by the 2026-27-only generator before editions
/// existed (docs/puzzles.md gives the command).
const POOL: &str = include_str!("../../onsets-server/puzzles/pool.jsonl");

fn config(kind: Kind, count: usize, seed: u64, edition: Edition, adventurous: bool) -> Config {
    let mut c = Config::new(kind, count, seed);
    c.edition = edition;
    c.adventurous = adventurous;
    c.source = Source::Generated;
    c
}

fn puzzles(
    kind: Kind,
    count: usize,
    seed: u64,
    edition: Edition,
    adventurous: bool,
) -> Vec<Puzzle> {
    generate(&config(kind, count, seed, edition, adventurous)).expect("enough puzzles")
}

fn at(p: &Position, s: Situation) -> Position {
    let mut q = p.clone();
    q = q.with_situation(s).expect("a valid situation");
    q
}

fn cubes(l: &onsets_core::CubeList) -> usize {
    l.iter().filter(|s| !s.is_digit()).count()
}

fn all_cubes(p: &Position) -> Vec<Symbol> {
    [
        &p.required(),
        &p.permitted(),
        &p.forbidden(),
        &p.resources(),
    ]
    .iter()
    .flat_map(|l| l.iter())
    .filter(|s| !s.is_digit())
    .collect()
}

// ------------------------------------------------------------------ 2026-27

#[test]
fn default_edition_is_byte_identical_to_the_2026_27_pool() {
    // `onsets puzzle generate --kind K --count N --seed 2026 --source
    // generated --json`, the lines of the pool made before the rule editions
    for (kind, count) in [(Kind::Challenge, 40), (Kind::Solve, 40)] {
        let mut c = Config::new(kind, count, 2026);
        c.source = Source::Generated;
        assert_eq!(c.edition, Edition::Tournament2026, "the default edition");
        let lines: Vec<String> = generate(&c)
            .unwrap()
            .iter()
            .map(|p| serde_json::to_string(p).unwrap())
            .collect();
        let pool: Vec<&str> = POOL
            .lines()
            .filter(|l| l.contains(&format!("\"kind\":\"{}\"", kind.name())))
            .collect();
        assert_eq!(lines.len(), pool.len());
        for (mine, theirs) in lines.iter().zip(&pool) {
            assert_eq!(mine, theirs, "{kind}: output changed");
        }
    }
}

#[test]
fn default_edition_same_as_explicit_2026_27_on_other_seeds() {
    for (kind, seed) in [(Kind::Goal, 5), (Kind::Challenge, 11), (Kind::SafeMove, 7)] {
        let default = generate(&Config::new(kind, 2, seed)).unwrap();
        let mut c = Config::new(kind, 2, seed);
        c.edition = Edition::Tournament2026;
        assert_eq!(default, generate(&c).unwrap());
        for p in &default {
            assert_eq!(p.position["edition"], "2026-27");
            let s = serde_json::to_string(p).unwrap();
            assert!(!s.contains("last_play") && !s.contains("\"before\""));
        }
    }
}

// ------------------------------------------------------------------ 2019-20

#[test]
fn b19_i_b_2_d_iii_solve_puzzle_with_a_wild_cube() {
    for p in puzzles(Kind::Solve, 3, 3, Edition::Mlag2019, false) {
        assert_eq!(p.position["edition"], "2019-20");
        assert_eq!(p.position["adventurous"], false);
        let pos = p.position().unwrap();
        let short = p.answer["shortest"].as_str().unwrap();
        assert!(short.contains('@'), "a wild cube in {short}");
        assert!(check(&pos, short).correct, "{short}");
        assert!(judge(&p, short).unwrap().correct);
        assert!(p.themes.contains(&"wild-cubes".to_string()));
        let j = judge(&p, "Λ").unwrap();
        assert!(!j.correct && !j.reasons.is_empty());
    }
}

#[test]
fn b19_ii_a_all_eighteen_cubes_rolled_and_ii_b_1_universe_6_to_12() {
    for division in [Division::Middle, Division::Senior] {
        let mut c = config(Kind::Challenge, 3, 9, Edition::Mlag2019, false);
        c.division = division;
        for p in generate(&c).unwrap() {
            let pos = p.position().unwrap();
            // B19 II-A: all 18 cubes are rolled (3 digit cubes and 15 others,
            // the 3 blue-symbol cubes among them; 2026-27 Basic sets V and
            // Λ out instead and has 14)
            assert_eq!(all_cubes(&pos).len(), 15, "B19 II-A: all 18 cubes");
            let n = pos.universe().len();
            assert!((6..=12).contains(&n), "B19 II-B-1: {n} cards in {division}");
            assert!(pos.variations().is_empty());
        }
    }
}

#[test]
fn a19_v_a_challenge_answers_rederived() {
    let mut words = std::collections::BTreeSet::new();
    for p in puzzles(Kind::Challenge, 6, 4, Edition::Mlag2019, true) {
        assert_eq!(p.position["edition"], "2019-20");
        assert_eq!(p.position["adventurous"], true);
        let pos = p.position().unwrap();
        let now = cubes(pos.resources()) >= 2
            && cubes(pos.required()) + cubes(pos.permitted()) > 0
            && solve(&at(&pos, Situation::Now)).is_solvable();
        let impossible = !solve(&pos).is_solvable();
        let word = if now {
            "now"
        } else if impossible {
            "impossible"
        } else {
            "neither"
        };
        assert_eq!(p.answer, word);
        assert!(judge(&p, word).unwrap().correct);
        words.insert(word);
    }
    assert!(words.len() >= 2, "{words:?}");
}

#[test]
fn mlag_2019_iv_b_safe_move_and_iii_b_goal_rederived() {
    for p in puzzles(Kind::SafeMove, 2, 2, Edition::Mlag2019, false) {
        let pos = p.position().unwrap();
        assert_eq!(pos.edition(), Edition::Mlag2019);
        let legal = legal_moves_with(&pos, MoveOptions { bonus: false });
        for m in p.answer["moves"].as_array().unwrap() {
            let text = m["move"].as_str().unwrap();
            let safe = m["class"] == "safe";
            assert_eq!(judge(&p, text).unwrap().correct, safe, "{text}");
            // re-derived: after the move neither V-A-2 nor V-A-1 wins
            let mv = legal.iter().find(|mv| mv.to_string() == text).unwrap();
            let after = apply_move(&pos, mv);
            let now = cubes(after.resources()) >= 2
                && cubes(after.required()) + cubes(after.permitted()) > 0
                && solve(&at(&after, Situation::Now)).is_solvable();
            let impossible = !solve(&at(&after, Situation::Impossible)).is_solvable();
            assert_eq!(safe, !now && !impossible, "{text}");
        }
    }
    for p in puzzles(Kind::Goal, 2, 2, Edition::Mlag2019, true) {
        let pos = p.position().unwrap();
        for g in p.answer["goals"].as_array().unwrap() {
            let goal = onsets_core::Goal::parse(g["goal"].as_str().unwrap()).unwrap();
            let solvable = solve(&with_goal(&pos, &goal)).is_solvable();
            assert_eq!(g["safe"].as_bool().unwrap(), solvable, "{goal}");
            if let Some(w) = g["witness"].as_str() {
                assert!(check(&with_goal(&pos, &goal), w).correct, "{w}");
            }
        }
    }
}

// ------------------------------------------------------------------ 1969

const BASIC: Edition = Edition::Manual1969(Form1969::Basic);
const ADVANCED: Edition = Edition::Manual1969(Form1969::Advanced);

#[test]
fn m69_3_5_claim_puzzle_a_flub_p_flub_and_none() {
    let ps = puzzles(Kind::Claim, 8, 1, BASIC, false);
    let mut words = std::collections::BTreeSet::new();
    for p in &ps {
        assert_eq!(p.position["edition"], "1969");
        assert_eq!(p.choices, ["a", "p", "none"]);
        assert!(p.last_play.is_some() && p.before.is_some());
        let after = p.position().unwrap();
        let word = p.answer.as_str().unwrap();
        // re-derived with `is_flub` (which searches every play, bonus moves
        // included, for the A-claim's alternative) on the play that leads
        // from `before` to the position shown
        let before = Position::from_json(&p.before.as_ref().unwrap().to_string()).unwrap();
        let play = claims::plays(&before)
            .into_iter()
            .find(|pl| {
                pl.to_string() == *p.last_play.as_ref().unwrap()
                    && claims::apply_play(&before, pl).unwrap().to_json()
                        == at(&after, before.situation()).to_json()
            })
            .expect("the play is one of the plays from `before`");
        let flub = match claims::is_flub(&before, &play) {
            Some(claims::FlubKind::A) => "a",
            Some(claims::FlubKind::P) => "p",
            None => "none",
        };
        assert_eq!(word, flub, "{play}");
        match word {
            // P: no Solution however the Resources are played (3.5 P)
            "p" => assert!(solution_any(&after).is_none()),
            // A: a Solution with at most one more cube (3.5 A), the
            // alternative named in the explanation (3.7 comment 3)
            "a" => {
                let one = solution_one_more(&after).unwrap();
                assert!(check(&at(&after, Situation::Now), &one).correct);
            }
            _ => assert!(solution_any(&after).is_some()),
        }
        assert!(judge(p, word).unwrap().correct);
        let wrong = if word == "a" { "p" } else { "a" };
        assert!(!judge(p, wrong).unwrap().correct);
        words.insert(word.to_string());
    }
    assert!(words.contains("a"), "{words:?}");
    assert!(
        ps.iter().filter(|p| p.answer == "none").count() <= 4,
        "at most half `none`"
    );
}

#[test]
fn m69_2_2_shaking_set_basic_ten_cubes_advanced_eighteen() {
    for (edition, n) in [(BASIC, 7), (ADVANCED, 15)] {
        for p in puzzles(Kind::Goal, 2, 1, edition, false) {
            let pos = p.position().unwrap();
            assert_eq!(cubes(pos.resources()), n, "{edition:?}");
            assert_eq!(pos.resources().iter().filter(|s| s.is_digit()).count(), 3);
            assert!((6..=16).contains(&pos.universe().len()), "M69 2.3");
            if edition == BASIC {
                assert!(!pos.resources().iter().any(|s| matches!(
                    s,
                    Symbol::Universe | Symbol::Empty | Symbol::Equals | Symbol::Subset
                )));
            }
        }
    }
}

#[test]
fn m69_3_4_solve_puzzle_judged_by_the_1969_checker_orange_is_o() {
    for edition in [BASIC, ADVANCED] {
        for p in puzzles(Kind::Solve, 2, 5, edition, false) {
            let pos = p.position().unwrap();
            let short = p.answer["shortest"].as_str().unwrap();
            assert!(!short.contains('Y'), "orange is printed O: {short}");
            assert!(judge(&p, short).unwrap().correct, "{short}");
            // the situation says the allowance: Now after an A-claim
            // challenge (at most one Resources cube), Impossible after a
            // P-claim (any Resources), M69 3.4 D
            match pos.situation() {
                Situation::Now => assert!(solution_one_more(&pos).is_some()),
                _ => assert!(solution_one_more(&pos).is_none() && solution_any(&pos).is_some()),
            }
            assert!(!judge(&p, "B ∪ R ∪ G ∪ O ∪ B").unwrap().correct);
        }
    }
}

#[test]
fn m69_4_2_b_one_cube_solution_accepted_by_judge() {
    // a one-cube Solution is legal in 1969 (4.2-B P2), orange written O
    let mut p = puzzles(Kind::Solve, 1, 5, BASIC, false).remove(0);
    p.position = serde_json::json!({
        "edition": "1969", "form": "basic", "universe": "B R BR O RO",
        "goal": "2", "required": "", "permitted": "", "forbidden": "",
        "resources": "B R O −", "situation": "impossible", "variations": []
    });
    assert!(judge(&p, "O").unwrap().correct);
    assert!(judge(&p, "B").unwrap().correct);
    assert!(!judge(&p, "R").unwrap().correct);
}

#[test]
fn m69_3_5_safe_move_keeps_both_claims() {
    for p in puzzles(Kind::SafeMove, 2, 3, BASIC, false) {
        let pos = p.position().unwrap();
        let safe: Vec<&str> = p.answer["safe"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap())
            .collect();
        assert_eq!(safe.len(), 1);
        for m in p.answer["moves"].as_array().unwrap() {
            let mv = m["move"].as_str().unwrap();
            let class = m["class"].as_str().unwrap();
            assert!(["safe", "a-flub", "p-flub"].contains(&class));
            let j = judge(&p, mv).unwrap();
            assert_eq!(j.correct, class == "safe", "{mv}: {}", j.message);
        }
        assert_eq!(pos.edition(), BASIC);
    }
}

#[test]
fn m69_3_1_goal_keeps_both_claims() {
    for p in puzzles(Kind::Goal, 2, 2, ADVANCED, false) {
        let pos = p.position().unwrap();
        for g in p.answer["goals"].as_array().unwrap() {
            let goal = onsets_core::Goal::parse(g["goal"].as_str().unwrap()).unwrap();
            let after = with_goal(&pos, &goal);
            let keeps = solution_one_more(&after).is_none() && solution_any(&after).is_some();
            assert_eq!(g["safe"].as_bool().unwrap(), keeps, "{goal}");
            let j = judge(&p, &goal.to_string()).unwrap();
            assert_eq!(j.correct, keeps, "{goal}: {}", j.message);
        }
    }
}

#[test]
fn kinds_that_do_not_exist_in_an_edition_are_refused() {
    for (kind, edition) in [
        (Kind::Challenge, BASIC),
        (Kind::Challenge, ADVANCED),
        (Kind::Claim, Edition::Tournament2026),
        (Kind::Claim, Edition::Mlag2019),
    ] {
        match generate(&config(kind, 1, 1, edition, false)) {
            Err(GenerateError::Unsupported(m)) => assert!(m.contains("1969"), "{m}"),
            other => panic!("{kind} under {edition:?}: {other:?}"),
        }
    }
    let mut c = config(Kind::Solve, 1, 1, Edition::Mlag2019, false);
    c.source = Source::Mined;
    assert!(matches!(generate(&c), Err(GenerateError::Unsupported(_))));
}
