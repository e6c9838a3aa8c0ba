//! `challenge` puzzles: a position right after a move; which challenge is
//! correct now, `"now"` (V-A-2), `"impossible"` (V-A-1) or `"neither"`.
//!
//! The answer is proved by the solver ([`onsets_solver::analysis::adjudicate`]):
//! Now is right when the challenge is valid (V-A-2-a, V-A-2-b) and a correct
//! Solution uses the mat and at most one Resources cube; Impossible is right
//! when no correct Solution exists however the Resources are played. The two
//! exclude each other (a Solution for Now is a Solution), so the answer is
//! always unique. A position is kept only when it is not trivial: at least two
//! cubes left in Resources, and for Now or neither a shortest Solution of at
//! least three cubes, for Impossible at least three cubes on the mat.

use crate::features::{solution_cubes, Features};
use crate::{themes, Made};
use onsets_core::{Position, Situation};
use onsets_solver::analysis::{adjudicate, Challenge};
use serde_json::json;

/// The answers, in the order offered.
pub const CHOICES: [&str; 3] = ["now", "impossible", "neither"];

/// The situation Solutions would be judged in after an Impossible challenge
/// (Forceout when Resources is empty, VIII-A).
pub fn in_play(position: &Position) -> Position {
    let situation = if crate::deal::cubes(position.resources()) == 0 {
        Situation::Forceout
    } else {
        Situation::Impossible
    };
    // 1969 has no forceout (a challenge ends play, M69 2.7): Impossible.
    position
        .with_situation(situation)
        .or_else(|_| position.with_situation(Situation::Impossible))
        .expect("impossible is every position's situation")
}

/// The puzzle for `after` (a position right after a move), if it is kept.
pub(crate) fn make(after: &Position) -> Option<Made> {
    let position = in_play(after);
    if crate::deal::cubes(position.resources()) < 2 {
        return None;
    }
    let now = adjudicate(&position, Challenge::Now);
    let impossible = adjudicate(&position, Challenge::Impossible);
    let mut features = Features::of(&position);
    let mat = features.cubes_in_play - features.resources;
    let (word, explanation, shortest_text) = if now.challenger_right {
        let p = position
            .with_situation(Situation::Now)
            .expect("now and impossible are every position's situations");
        let short = onsets_solver::solve_shortest(&p).text()?;
        let why = format!(
            "Now is correct (V-A-2): the challenge is valid (at least two cubes in \
             Resources and a cube in Required or Permitted, V-A-2-a, V-A-2-b), and the \
             mat with at most one more cube from Resources gives the correct Solution \
             {short} (VII-B-4-e)."
        );
        (CHOICES[0], why, Some(short))
    } else if impossible.challenger_right {
        if mat < 3 {
            return None;
        }
        let why = "Impossible is correct (V-A-1): however the remaining Resources are \
                   played, no correct Solution can be written. The exact solver proved \
                   it by exhausting every Set-Name and Restriction the cubes allow \
                   (VI, VII-B-4-f)."
            .to_string();
        (CHOICES[1], why, None)
    } else {
        if !now.valid {
            return None;
        }
        let short = onsets_solver::solve_shortest(&position).text()?;
        let why = format!(
            "Neither. Now is wrong (V-A-2): no correct Solution uses the mat and at most \
             one more Resources cube, so the move is safe from Now. Impossible is wrong \
             (V-A-1): the Resources can still be played to a correct Solution, for \
             example {short} (VII-B-4-f)."
        );
        (CHOICES[2], why, Some(short))
    };
    features.shortest = shortest_text.as_deref().map(solution_cubes);
    if word != "impossible" && features.shortest.is_some_and(|n| n < 3) {
        return None;
    }
    let mut t = vec![match word {
        "now" => "now-challenges",
        "impossible" => "impossible-proofs",
        _ => "no-challenge",
    }];
    t.extend(themes::of_variations(&position));
    t.extend(themes::of_solution(shortest_text.as_deref()));
    Some(Made {
        question: "The last move has just been made. Which challenge is correct now: \
                   Now, Impossible, or neither?"
            .into(),
        choices: CHOICES.iter().map(|s| s.to_string()).collect(),
        answer: json!(word),
        answer_word: word.to_string(),
        explanation,
        features,
        themes: t,
        play: None,
        position,
    })
}
