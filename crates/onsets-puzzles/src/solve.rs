//! `solve` puzzles: write a correct Solution (VII-B). The answer is a
//! Solution with the fewest cubes ([`onsets_solver::solve_shortest`]) and
//! every distinct set of cards a correct Solution can name
//! ([`onsets_solver::analysis::solution_sets`]), so any correct Solution is
//! accepted: an attempt is judged by the core's checker, with its reasons and
//! rule sections.
//!
//! A position is kept only when its answer is unique (exactly one set of
//! cards can be named by a correct Solution) and not trivial (the shortest
//! Solution uses at least three cubes).

use crate::features::{solution_cubes, Features};
use crate::{themes, Made};
use onsets_core::{Position, Situation};
use onsets_solver::analysis::solution_sets;
use serde_json::json;

/// The puzzle for `position` in its situation (Now: the mat and at most one
/// Resources cube, VII-B-4-e; Impossible or Forceout: every Resources cube
/// may be used, VII-B-4-f), if it is kept.
pub(crate) fn make(position: &Position) -> Option<Made> {
    let short = onsets_solver::solve_shortest(position).text()?;
    let cubes = solution_cubes(&short);
    if cubes < 3 {
        return None;
    }
    let b19 = position.edition() == onsets_core::Edition::Mlag2019 && !position.adventurous();
    let sets = if b19 {
        // `solution_sets` works through card variations B19 does not have:
        // a B19 puzzle is kept when its shortest Solution uses a wild cube
        // (B19 I-B-2-d-iii), and any correct Solution is accepted
        if !short.contains('@') {
            return None;
        }
        Vec::new()
    } else {
        let (sets, truncated) = solution_sets(position, 2).ok()?;
        if truncated || sets.len() != 1 {
            return None;
        }
        sets
    };
    let mut features = Features::of(position);
    features.shortest = Some(cubes);
    let situation = match position.situation() {
        Situation::Now => {
            "A valid Now challenge has been made. Write a correct Solution using the mat \
             and at most one cube from Resources (VII-B-4-e)."
        }
        Situation::Impossible => {
            "An Impossible challenge has been made, but a Solution exists. Write a \
             correct Solution; any Resources cubes may be used (VII-B-4-f)."
        }
        _ => {
            "Every cube has been played or the round has ended (VIII). Write a correct \
              Solution."
        }
    };
    let explanation = match sets.first() {
        None => format!(
            "A Solution with the fewest cubes ({cubes}) is {short}: it uses every Required \
             cube and no Forbidden cube, and a wild cube stands for one set (=) or one \
             operation (⊆) throughout the Solution, written X@= or op@⊆ (B19 I-B-2-d-iii, \
             VI). Any correct Solution is accepted."
        ),
        Some(set) => format!(
            "Only one set of cards can be named by a correct Solution: {{{}}} ({} cards, \
         the Goal). A Solution with the fewest cubes ({cubes}) is {short}: it uses every \
         Required cube and no Forbidden cube (VII-B-4), and its Set-Name names exactly \
         that set (VII-B-1).",
            set.cards,
            set.cards.len()
        ),
    };
    let mut t = vec!["writing-solutions"];
    if b19 {
        t.push("wild-cubes");
    }
    t.extend(themes::of_variations(position));
    t.extend(themes::of_solution(Some(&short)));
    Some(Made {
        question: situation.into(),
        choices: Vec::new(),
        answer: json!({
            "shortest": short,
            "cubes": cubes,
            "sets": sets.iter().map(|s| json!({"cards": s.cards.to_string(), "example": s.example})).collect::<Vec<_>>(),
        }),
        answer_word: String::new(),
        explanation,
        features,
        themes: t,
        play: None,
        position: position.clone(),
    })
}
