//! Batch solving (docs/performance.md): one position per JSON line,
//! one answer per line, in order.
//!
//! A line is a position as [`Position::from_json`] reads it, optionally with
//! a `"solvable": true|false` field: the expected answer stored in the
//! corpus files (docs/performance.md, "Exactness"). It is taken off before the
//! position is read and handed back to the caller to compare.

use crate::{solve, solve_shortest, Solved};
use onsets_core::Position;
use std::time::{Duration, Instant};

/// One line of a batch: the position and its expected answer, if recorded.
#[derive(Clone, Debug)]
pub struct Line {
    /// The position.
    pub position: Position,
    /// The recorded answer (`"solvable"`), when the line carries one.
    pub expected: Option<bool>,
}

/// Reads one line: a JSON object, a position with an optional `"solvable"`
/// boolean. `Err` says what is wrong.
pub fn parse_line(text: &str) -> Result<Line, String> {
    let (json, expected) = split_expected(text)?;
    let position = Position::from_json(&json).map_err(|e| e.to_string())?;
    Ok(Line { position, expected })
}

/// Takes the `"solvable"` field off a position line: the position's JSON
/// (re-written, keys in order) and the expected answer.
pub fn split_expected(text: &str) -> Result<(String, Option<bool>), String> {
    let mut value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
    let obj = value
        .as_object_mut()
        .ok_or_else(|| "not a JSON object".to_string())?;
    let expected = match obj.remove("solvable") {
        None => None,
        Some(serde_json::Value::Bool(b)) => Some(b),
        Some(other) => return Err(format!("\"solvable\" must be true or false, not {other}")),
    };
    Ok((value.to_string(), expected))
}

/// A position's JSON line with its expected answer added (the corpus form).
pub fn with_expected(json: &str, solvable: bool) -> Result<String, String> {
    let (bare, _) = split_expected(json)?;
    let mut value: serde_json::Value = serde_json::from_str(&bare).map_err(|e| e.to_string())?;
    if let Some(obj) = value.as_object_mut() {
        obj.insert("solvable".into(), serde_json::Value::Bool(solvable));
    }
    Ok(value.to_string())
}

/// What to compute for each position of a batch.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// A Solution with as few written symbols as any ([`solve_shortest`]).
    pub shortest: bool,
}

/// The answer for one position, with the solver time it took.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The solver's answer.
    pub solved: Solved,
    /// Solver time (this thread).
    pub time: Duration,
}

/// Solves one position, timed.
pub fn solve_timed(position: &Position, options: Options) -> Answer {
    let t = Instant::now();
    let solved = if options.shortest {
        solve_shortest(position)
    } else {
        solve(position)
    };
    Answer {
        solved,
        time: t.elapsed(),
    }
}

/// Solves every position, on every core (rayon); the answers come back in
/// the order of the positions and are the same as one by one.
pub fn solve_all(positions: &[Position], options: Options) -> Vec<Answer> {
    use rayon::prelude::*;
    positions
        .par_iter()
        .map(|p| solve_timed(p, options))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str = r#"{"division": "middle", "adventurous": false,
        "universe": "B R G BR BG RG", "goal": "1",
        "required": "B", "permitted": "∩ R", "situation": "impossible"}"#;

    #[test]
    fn expected_answer_round_trip() {
        let l = parse_line(LINE).unwrap();
        assert_eq!(l.expected, None);
        let with = with_expected(LINE, true).unwrap();
        assert!(with.contains("\"solvable\":true"), "{with}");
        let l2 = parse_line(&with).unwrap();
        assert_eq!(l2.expected, Some(true));
        assert_eq!(l2.position, l.position);
        let again = with_expected(&with, false).unwrap();
        assert_eq!(parse_line(&again).unwrap().expected, Some(false));
    }

    #[test]
    fn bad_lines_say_why() {
        assert!(parse_line("{").unwrap_err().contains("not JSON"));
        assert!(parse_line("[1]").unwrap_err().contains("object"));
        let bad = LINE.replace("\"goal\"", "\"solvable\": 3, \"goal\"");
        assert!(parse_line(&bad).unwrap_err().contains("true or false"));
    }

    #[test]
    fn batch_answers_are_in_order_and_match_one_by_one() {
        let a = parse_line(LINE).unwrap().position;
        let b = parse_line(&LINE.replace("\"1\"", "\"2\""))
            .unwrap()
            .position;
        let ps = vec![a.clone(), b.clone(), a.clone()];
        let out = solve_all(&ps, Options::default());
        let one: Vec<bool> = ps.iter().map(|p| solve(p).is_solvable()).collect();
        let got: Vec<bool> = out.iter().map(|x| x.solved.is_solvable()).collect();
        assert_eq!(got, one);
    }
}
