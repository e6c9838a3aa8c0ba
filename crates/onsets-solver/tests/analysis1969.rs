//! `claims::classify_plays` and `claims::goal_choices` (what `onsets analyze`
//! prints for a 1969 position) against a direct evaluation of each play
//! through the claim functions of M69 3.5–3.7 (`is_flub`,
//! `a_claim_alternative`, `p_claim_is_correct`, `solution_one_more`,
//! `no_goal_is_flub`), on random small 1969 positions; every witness is also
//! judged by the checker.

use onsets_core::{check, Position, Situation};
use onsets_solver::claims::{
    a_claim_alternative, a_claim_is_correct, apply_play, classify_plays, goal_choices, is_flub,
    no_goal_is_flub, p_claim_is_correct, plays, solution_one_more, FlubKind, PlayClass,
};
use proptest::prelude::*;

const CARDS: [&str; 16] = [
    "blank", "B", "R", "BR", "G", "BG", "RG", "BRG", "O", "BO", "RO", "BRO", "GO", "BGO", "RGO",
    "BRGO",
];
const BASIC_FACES: [&str; 8] = ["B", "R", "G", "O", "∪", "∩", "−", "′"];
const ADVANCED_FACES: [&str; 10] = ["B", "R", "G", "O", "∪", "∩", "−", "′", "=", "⊆"];
const GOALS: [&str; 6] = ["1", "2", "3", "4", "2+3", "1+~1"];

fn cubes(faces: &[&str], picks: &[usize]) -> String {
    picks
        .iter()
        .map(|&i| faces[i % faces.len()])
        .collect::<Vec<_>>()
        .join(" ")
}

/// A small 1969 position with the Goal set (None if the core rejects it).
fn position(
    advanced: bool,
    universe: &[usize],
    goal: usize,
    sections: &[Vec<usize>; 4],
) -> Option<Position> {
    let faces: &[&str] = if advanced {
        &ADVANCED_FACES
    } else {
        &BASIC_FACES
    };
    let mut cards: Vec<&str> = universe.iter().map(|&i| CARDS[i % 16]).collect();
    cards.sort();
    cards.dedup();
    let json = format!(
        r#"{{"edition": "1969", "form": "{}", "universe": "{}", "goal": "{}",
        "required": "{}", "permitted": "{}", "forbidden": "{}", "resources": "{}", "situation": "now"}}"#,
        if advanced { "advanced" } else { "basic" },
        cards.join(" "),
        GOALS[goal % GOALS.len()],
        cubes(faces, &sections[0]),
        cubes(faces, &sections[1]),
        cubes(faces, &sections[2]),
        cubes(faces, &sections[3]),
    );
    Position::from_json(&json).ok()
}

#[test]
fn the_random_positions_are_read() {
    let p = position(false, &[1, 3, 8], 1, &[vec![], vec![0], vec![], vec![1, 4]]);
    assert!(p.is_some());
    let p = position(
        true,
        &[1, 3, 8],
        5,
        &[vec![8], vec![0], vec![9], vec![1, 4]],
    );
    assert!(p.is_some());
}

fn in_situation(p: &Position, s: Situation) -> Position {
    p.with_situation(s).expect("now or impossible")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// M69 3.5 A and P, 3.5 comment 2, 3.7 comment 3: each play's class,
    /// alternative and witnesses are what the claim functions say of it.
    #[test]
    fn m69_3_5_classes_agree_with_the_claim_functions(
        advanced in any::<bool>(),
        universe in prop::collection::vec(0usize..16, 3..7),
        goal in 0usize..6,
        required in prop::collection::vec(0usize..10, 0..2),
        permitted in prop::collection::vec(0usize..10, 0..3),
        forbidden in prop::collection::vec(0usize..10, 0..2),
        resources in prop::collection::vec(0usize..10, 1..4),
    ) {
        let Some(before) = position(advanced, &universe, goal, &[required, permitted, forbidden, resources]) else {
            return Ok(());
        };
        let judged = classify_plays(&before);
        let all = plays(&before);
        prop_assert_eq!(judged.len(), all.len());
        for (j, play) in judged.iter().zip(&all) {
            prop_assert_eq!(&j.play, play);
            let after = apply_play(&before, play).unwrap();
            let expected = if p_claim_is_correct(&after) {
                PlayClass::PFlub
            } else if solution_one_more(&after).is_some() {
                if a_claim_alternative(&before, play).is_some() {
                    PlayClass::AFlub
                } else {
                    PlayClass::Forced
                }
            } else {
                PlayClass::Safe
            };
            prop_assert_eq!(j.class, expected, "{} from {}", play, before.to_json());
            // Brute force over the Challenger's choices: an A-claim Flub
            // exactly when some play, named as the alternative, sustains it.
            let sustained = all.iter().any(|alt| a_claim_is_correct(&before, play, alt));
            prop_assert_eq!(sustained, j.class == PlayClass::AFlub);
            if let Some(alt) = &j.alternative {
                prop_assert!(a_claim_is_correct(&before, play, alt));
            }
            prop_assert_eq!(is_flub(&before, play), j.class.flub());
            prop_assert_eq!(&j.alternative, &a_claim_alternative(&before, play));
            if let Some(w) = &j.one_more {
                prop_assert!(check(&in_situation(&after, Situation::Now), w).correct, "{}", w);
            }
            if let Some(w) = &j.any {
                prop_assert!(check(&in_situation(&after, Situation::Impossible), w).correct, "{}", w);
            }
            prop_assert_eq!(j.any.is_none(), j.class == PlayClass::PFlub);
            prop_assert_eq!(j.class.flub() == Some(FlubKind::A), j.alternative.is_some());
        }
    }

    /// M69 3.1, 3.5 A: "No Goal" is a Flub exactly when some Goal the
    /// numeral cubes allow is possible; each Goal's witnesses are correct.
    #[test]
    fn m69_3_5_a_goal_choices_agree_with_no_goal_is_flub(
        advanced in any::<bool>(),
        universe in prop::collection::vec(0usize..16, 3..7),
        resources in prop::collection::vec(0usize..10, 1..4),
        digits in prop::collection::vec(0u8..6, 1..4),
    ) {
        let Some(before) = position(advanced, &universe, 0, &[vec![], vec![], vec![], resources]) else {
            return Ok(());
        };
        // Digit cubes show 1–5 (I-B-2-a): a position with another digit is refused.
        let before = before.edit(|b| {
            for d in digits {
                b.resources.push(onsets_core::Symbol::Digit(d));
            }
        });
        prop_assume!(before.is_ok());
        let before = before.expect("a valid position");
        let choices = goal_choices(&before);
        prop_assert_eq!(
            choices.iter().any(|g| g.possible()),
            no_goal_is_flub(&before).is_some()
        );
        for g in &choices {
            if let Some(w) = &g.any {
                prop_assert!(check(&in_situation(&g.position, Situation::Impossible), w).correct);
            }
            if let Some(w) = &g.one_more {
                prop_assert!(check(&in_situation(&g.position, Situation::Now), w).correct);
            }
            prop_assert_eq!(g.safe(), g.possible() && solution_one_more(&g.position).is_none());
        }
    }
}

/// The move classification of a 1969 mat whose last Resources cube is
/// played: the 1969 game has no forceout (editions.md §2.11), so the mat
/// after it is judged as Impossible, never refused (the classification
/// panicked on such mats of the random positions).
#[test]
fn classify_moves_judges_an_emptied_1969_resources_as_impossible() {
    let p = position(false, &[1, 3, 8], 1, &[vec![], vec![0], vec![], vec![4]])
        .expect("a 1969 position with one cube in Resources");
    let classes = onsets_solver::analysis::classify_moves(&p);
    assert!(!classes.is_empty());
    for c in &classes {
        assert_ne!(c.position.situation(), Situation::Forceout, "{}", c.mv);
    }
}
