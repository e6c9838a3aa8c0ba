//! Challenging (Basic IV, V-A): which challenge wins, adjudicated by the
//! solver.

use super::{outcome, reason, LessonError, Outcome};
use onsets_core::Position;
use onsets_solver::analysis::{adjudicate, Challenge};

pub(super) fn judge_challenge(position: &Position, said: &str) -> Result<Outcome, LessonError> {
    let said = said.trim().to_lowercase();
    if !["now", "impossible", "neither"].contains(&said.as_str()) {
        return Err(LessonError::Unreadable(format!(
            "`{said}` is not a challenge: now, impossible or neither"
        )));
    }
    let now = adjudicate(position, Challenge::Now);
    let impossible = adjudicate(position, Challenge::Impossible);
    let right = if now.challenger_right {
        "now"
    } else if impossible.challenger_right {
        "impossible"
    } else {
        "neither"
    };
    let why_now = |w: &Option<String>| {
        format!(
            "a correct Solution uses the mat and at most one more cube: {}",
            w.as_deref().unwrap_or("?")
        )
    };
    let o = match (said.as_str(), right) {
        (s, r) if s == r => {
            let message = match r {
                "now" => format!("Right: Now wins, {} (Basic IV-A-1).", why_now(&now.witness)),
                "impossible" => "Right: Impossible wins. The exact solver tried every Set-Name \
                                 the cubes allow, with any Resources cubes, and none names the \
                                 Goal's number of cards (Basic IV-A-2)."
                    .to_string(),
                _ => format!(
                    "Right: neither. Now would lose (no correct Solution with the mat and one \
                     more cube), and Impossible would lose: {} can still be written.",
                    impossible.witness.as_deref().unwrap_or("a Solution")
                ),
            };
            outcome(true, message, Vec::new())
        }
        ("now", _) if !now.valid => outcome(
            false,
            "A Now challenge is not allowed here.",
            vec![reason(
                "V-A-2",
                "Now needs at least two cubes in Resources and a cube in Required or Permitted \
                 (Basic VII: with one cube left only Impossible is allowed)",
            )],
        ),
        ("now", _) => outcome(
            false,
            "Now would lose: no correct Solution uses the mat and at most one more cube.",
            vec![reason(
                "Basic IV-A-1",
                "the Challenger must write a correct Solution with Required, any of Permitted \
                 and at most one cube from Resources",
            )],
        ),
        ("impossible", _) => outcome(
            false,
            format!(
                "Impossible would lose: {} is a correct Solution (the Mover writes it).",
                impossible.witness.as_deref().unwrap_or("a Solution")
            ),
            vec![reason(
                "Basic IV-A-2",
                "a correct Solution can still be written with the cubes left",
            )],
        ),
        (_, "now") => outcome(
            false,
            format!("Not neither: Now wins, {}.", why_now(&now.witness)),
            vec![reason(
                "Basic IV-A-1",
                "challenge Now when a Solution needs at most one more cube",
            )],
        ),
        _ => outcome(
            false,
            "Not neither: Impossible wins. No correct Solution exists, however the Resources \
             are played.",
            vec![reason(
                "Basic IV-A-2",
                "challenge Impossible when nobody can write a correct Solution",
            )],
        ),
    };
    Ok(o)
}
