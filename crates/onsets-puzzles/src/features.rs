//! Measured features of a puzzle and the difficulty derived from them
//! (docs/puzzles.md: cubes in play, shortest Solution length, how many moves are
//! safe). The difficulty is a starting rating on the Glicko-2 scale (1500 is
//! average); once a puzzle is played, its rating moves with the solvers'
//! results (crates/onsets-server, `puzzles`).

use crate::Kind;
use onsets_core::{Position, Symbol};
use serde::{Deserialize, Serialize};

/// What was measured on a puzzle.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Features {
    /// Non-digit cubes on the mat and in Resources.
    pub cubes_in_play: usize,
    /// Non-digit cubes still in Resources.
    pub resources: usize,
    /// Cubes written in a shortest correct Solution (VII-B-4-a counts
    /// symbols), when one exists for the question asked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shortest: Option<usize>,
    /// Legal moves (safe-move) or distinct Goal values (goal) to choose from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub choices: Option<usize>,
    /// How many of them are safe.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub safe: Option<usize>,
    /// Variations in force, chosen (XIII).
    pub variations: usize,
}

impl Features {
    /// The cube counts of a position.
    pub fn of(position: &Position) -> Features {
        let n = |l: &onsets_core::CubeList| l.iter().filter(|s| !s.is_digit()).count();
        Features {
            cubes_in_play: n(position.required())
                + n(position.permitted())
                + n(position.forbidden())
                + n(position.resources()),
            resources: n(position.resources()),
            variations: position.variations().len(),
            ..Features::default()
        }
    }
}

/// The cubes a written Solution uses: each cube symbol written counts once
/// (VII-B-4-a); an `@` annotation names the cube of the symbol before it, so
/// the pair is one cube.
pub fn solution_cubes(text: &str) -> usize {
    let symbols = text
        .chars()
        .filter(|&c| Symbol::from_char(c).is_some_and(|s| !s.is_digit()))
        .count();
    symbols.saturating_sub(text.matches('@').count())
}

/// The starting rating of a puzzle from its features: more cubes, a longer
/// shortest Solution, variations and fewer safe choices among more make it
/// harder; proving Impossible is harder than spotting Now. Rounded to tens,
/// between 600 and 2600.
pub fn difficulty(kind: Kind, answer_word: &str, f: &Features) -> u32 {
    let mut d = 700.0;
    d += 20.0 * f.cubes_in_play as f64;
    d += 60.0 * f.shortest.unwrap_or(0) as f64;
    d += 120.0 * f.variations as f64;
    if let (Some(c), Some(s)) = (f.choices, f.safe) {
        // finding the few safe choices among many
        d += 12.0 * c as f64 - 40.0 * s as f64;
    }
    d += match (kind, answer_word) {
        (Kind::Challenge, "impossible") => 350.0,
        (Kind::Challenge, "neither") => 200.0,
        (Kind::Challenge, _) => 100.0,
        (Kind::Solve, _) => 150.0,
        (Kind::SafeMove, _) => 200.0,
        (Kind::Goal, _) => 100.0,
        (Kind::Claim, "none") => 200.0,
        (Kind::Claim, _) => 250.0,
    };
    let d = d.clamp(600.0, 2600.0);
    ((d / 10.0).round() * 10.0) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vii_b_4_a_cubes_counted_once_with_annotations() {
        assert_eq!(solution_cubes("B ∪ R"), 3);
        assert_eq!(solution_cubes("(B ∪@G R)′"), 4);
        assert_eq!(solution_cubes("R ⊆ B; B ∩ G"), 6);
    }
}
