//! # onsets-solver
//!
//! The exact solver of On-Sets positions (docs/architecture.md): [`solve`] decides whether
//! a position has a correct Solution in the sense of the checker
//! [`onsets_core::check`] (rules VI, VII-B and the variations of XIII, with
//! the project rulings) and returns one, written fully grouped so that it has
//! a single interpretation (VII-B-6). "None exists" is a proof by exhaustion.
//!
//! ## Why the search is finite and exact
//! * Every correct Solution has a fully grouped correct equivalent using the
//!   same cubes (a fully grouped Solution is one of the legal interpretations
//!   of an ambiguous one, VII-B-6), so only fully grouped expressions are
//!   searched.
//! * Set-Names and Restrictions are pointwise over cards (VI-B-2): a Set-Name
//!   is a truth table over the cards of the (effective) Universe, a
//!   Restriction an accept mask (the AND of its links).
//! * Each part (the Restriction part, the Set-Name) is one build from the
//!   cubes the situation allows (VII-B-4, rulings 3 and 21): the search is a
//!   dynamic programme over the cubes used, counted per *kind* of cube
//!   (face, Required or not). Operation cubes under Multiple Operations
//!   (XIII-A-6, ruling 12) are reusable; their use counts are capped at what
//!   the accounting needs, so the state space stays finite even though `′′`
//!   may be written without end.
//! * Wild cubes (XIII-A-2, ruling 7) are enumerated over every meaning class,
//!   the blank card (XIII-C-12) over its 16 colorings, the one Resources cube
//!   after a Now challenge (VII-B-4-e) over every face.

pub mod analysis;
pub mod batch;
pub mod claims;
mod editions;
mod search;

use onsets_core::{check, InForce, Position, Presentation};

pub use search::{Solver, Stats};

/// The answer of the solver.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// A correct Solution (for Two Solutions, the two joined by `||`), or
    /// `None` when no correct Solution exists (proved by exhaustion).
    pub solution: Option<Presentation>,
}

impl Solved {
    /// Whether a correct Solution exists.
    pub fn is_solvable(&self) -> bool {
        self.solution.is_some()
    }
    /// The Solution in the text notation (notation.md), if any.
    pub fn text(&self) -> Option<String> {
        self.solution.as_ref().map(|p| p.to_string())
    }
}

impl Solver {
    /// Decides whether `position` has a correct Solution and returns one.
    ///
    /// The Solution returned is fully grouped (unambiguous, VII-B-6) and is
    /// judged correct by [`onsets_core::check`].
    pub fn solve(&mut self, position: &Position) -> Solved {
        finish(self.search_edition(position, false).0)
    }

    /// Like [`Solver::solve`], but the Solution returned uses as few cubes
    /// (written symbols over both parts, VII-B-4-a) as any correct fully
    /// grouped Solution can. Under Two Solutions (XIII-D-14) the total over
    /// both is minimised per Solution only approximately: each of the two
    /// is shortest for the set it names.
    pub fn solve_shortest(&mut self, position: &Position) -> Solved {
        finish(self.search_edition(position, true).0)
    }

    /// [`Solver::solve`] with search statistics (for benchmarks and analysis).
    pub fn solve_with_stats(&mut self, position: &Position) -> (Solved, Stats) {
        let (solution, stats) = self.search_edition(position, false);
        (finish(solution), stats)
    }
}

/// Decides whether `position` has a correct Solution and returns one
/// ([`Solver::solve`] with a new solver; reuse a [`Solver`] for many
/// positions).
pub fn solve(position: &Position) -> Solved {
    Solver::new().solve(position)
}

/// [`Solver::solve_shortest`] with a new solver.
pub fn solve_shortest(position: &Position) -> Solved {
    Solver::new().solve_shortest(position)
}

/// [`Solver::solve_with_stats`] with a new solver.
pub fn solve_with_stats(position: &Position) -> (Solved, Stats) {
    Solver::new().solve_with_stats(position)
}

fn finish(solution: Option<Presentation>) -> Solved {
    // The Solution is built, not parsed; it must read back as itself.
    debug_assert!(solution
        .as_ref()
        .is_none_or(|p| Presentation::parse(&p.to_string()).is_ok_and(|q| q == *p)));
    Solved { solution }
}

/// Checks a solver answer against the expected answer and the checker;
/// `Err` says what is wrong: a Solution judged incorrect, "none exists" for a
/// position known to be solvable, or a Solution for one known to have none.
/// Used by tests (the expected answers are stored in the corpus files) and
/// available to callers that want belt and braces.
pub fn verify(position: &Position, solved: &Solved, expected_solvable: bool) -> Result<(), String> {
    match &solved.solution {
        None if expected_solvable => {
            Err("the solver says no correct Solution exists, but the position is solvable".into())
        }
        None => Ok(()),
        Some(p) => {
            let text = p.to_string();
            if !expected_solvable {
                return Err(format!(
                    "the solver returned {text:?} for a position expected to have no Solution"
                ));
            }
            let v = check(position, &text);
            if v.correct {
                Ok(())
            } else {
                Err(format!(
                    "solver Solution {text:?} judged incorrect: {:?} (in force: {:?})",
                    v.errors,
                    InForce::of(position)
                ))
            }
        }
    }
}
