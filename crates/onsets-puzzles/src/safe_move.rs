//! `safe-move` puzzles: which moves of the position are safe (neither lets
//! the next player win a challenge)? The answer lists the safe moves, with
//! the classification of every move
//! ([`onsets_solver::analysis::classify_moves_with`]: `now-wins`,
//! `impossible-wins` or `safe`, each with its witness).
//!
//! The position is one where a move must be made: no challenge of the last
//! move would win (V-A). Bonus moves (IV-C) are not offered (the position does
//! not record the score, IV-C-2). A position is kept only when its answer is
//! unique (exactly one safe move; moves of cubes with the same face are one
//! move) and not trivial (at least three cubes in Resources and four moves to
//! choose from).

use crate::features::{solution_cubes, Features};
use crate::{themes, Made};
use onsets_core::Position;
use onsets_solver::analysis::{
    adjudicate, apply_move, classify_moves_with, legal_moves_with, Challenge, Class, MoveOptions,
};
use serde_json::json;

/// At most this many safe moves in a kept puzzle.
pub const MAX_SAFE: usize = 1;

/// A quick filter before the full classification: whether at most `max`
/// moves are safe, found with one [`adjudicate`] pair per move and stopping
/// at the first move over the limit (most positions have many safe moves).
fn at_most_safe(position: &Position, max: usize) -> bool {
    let mut safe = 0;
    let mut seen = std::collections::HashSet::new();
    for mv in legal_moves_with(position, MoveOptions { bonus: false }) {
        let after = apply_move(position, &mv);
        if !seen.insert(after.to_json()) {
            continue;
        }
        if adjudicate(&after, Challenge::Now).challenger_right {
            continue;
        }
        if adjudicate(&after, Challenge::Impossible).challenger_right {
            continue;
        }
        safe += 1;
        if safe > max {
            return false;
        }
    }
    true
}

/// The puzzle for `position` (in play), if it is kept.
pub(crate) fn make(position: &Position) -> Option<Made> {
    let position = crate::challenge::in_play(position);
    if crate::deal::cubes(position.resources()) < 3 {
        return None;
    }
    if adjudicate(&position, Challenge::Now).challenger_right
        || adjudicate(&position, Challenge::Impossible).challenger_right
    {
        return None;
    }
    if !at_most_safe(&position, MAX_SAFE) {
        return None;
    }
    let classes = classify_moves_with(&position, MoveOptions { bonus: false });
    let safe: Vec<_> = classes.iter().filter(|c| c.class == Class::Safe).collect();
    if safe.is_empty() || safe.len() > MAX_SAFE || classes.len() < 4 {
        return None;
    }
    let mut features = Features::of(&position);
    features.choices = Some(classes.len());
    features.safe = Some(safe.len());
    features.shortest = safe
        .iter()
        .filter_map(|c| c.witness.as_deref())
        .map(solution_cubes)
        .min();
    let moves: Vec<_> = classes
        .iter()
        .map(|c| json!({"move": c.mv.to_string(), "class": c.class.name(), "witness": c.witness}))
        .collect();
    let count = |k: Class| classes.iter().filter(|c| c.class == k).count();
    let explanation = format!(
        "Of the {} moves, {} let the next player win a Now challenge (V-A-2: a correct \
         Solution with the mat and at most one more cube) and {} let them win an \
         Impossible challenge (V-A-1: no correct Solution however the Resources are \
         played). Only {} is safe: afterwards a correct Solution is still possible, for \
         example {}, but not with just one more cube.",
        classes.len(),
        count(Class::NowWins),
        count(Class::ImpossibleWins),
        safe[0].mv,
        safe[0].witness.as_deref().unwrap_or("?"),
    );
    let mut t = vec!["safe-moves"];
    t.extend(themes::of_variations(&position));
    t.extend(themes::of_solution(safe[0].witness.as_deref()));
    Some(Made {
        question: "No challenge of the last move would win. It is your turn to move a cube: \
                   which move is safe (neither a Now nor an Impossible challenge of it \
                   would win)?"
            .into(),
        choices: classes.iter().map(|c| c.mv.to_string()).collect(),
        answer: json!({
            "safe": safe.iter().map(|c| c.mv.to_string()).collect::<Vec<_>>(),
            "moves": moves,
        }),
        answer_word: String::new(),
        explanation,
        features,
        themes: t,
        play: None,
        position,
    })
}
