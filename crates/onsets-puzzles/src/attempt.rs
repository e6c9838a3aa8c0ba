//! Judging an attempt at a puzzle. A written Solution (`solve`) is judged by
//! the core's checker ([`onsets_core::check`]) with its reasons and rule
//! sections; the other kinds compare the attempt with the answer the solver
//! proved.

use crate::{Kind, Puzzle};
use onsets_core::{check, Goal, InForce};
use serde::Serialize;
use serde_json::Value;

/// The longest attempt read (a Solution is a few dozen symbols).
pub const MAX_ATTEMPT_CHARS: usize = 1_000;

/// One reason a Solution is incorrect.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Reason {
    /// The rule section (or ruling) broken.
    pub section: String,
    pub message: String,
}

/// The verdict on an attempt.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Judgement {
    pub correct: bool,
    /// One sentence for the solver of the puzzle.
    pub message: String,
    /// For a written Solution: why it is incorrect (empty when correct).
    pub reasons: Vec<Reason>,
    /// For a written Solution: the checker's verdict (notation.md).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub verdict: Option<Value>,
}

/// Why an attempt cannot be judged.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum AttemptError {
    #[error("the attempt is empty")]
    Empty,
    #[error("the attempt is longer than {MAX_ATTEMPT_CHARS} characters")]
    TooLong,
    #[error("`{0}` is not one of the choices: {1}")]
    NotAChoice(String, String),
    #[error("`{0}` is not a Goal: {1}")]
    NotAGoal(String, String),
    #[error("the puzzle's position cannot be read: {0}")]
    BadPuzzle(String),
}

fn tidy(text: &str) -> String {
    text.replace("->", "→")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Judges `attempt` (a choice, a Solution or a Goal, as the kind asks).
pub fn judge(puzzle: &Puzzle, attempt: &str) -> Result<Judgement, AttemptError> {
    if attempt.chars().count() > MAX_ATTEMPT_CHARS {
        return Err(AttemptError::TooLong);
    }
    if attempt.trim().is_empty() {
        return Err(AttemptError::Empty);
    }
    let position = puzzle.position().map_err(AttemptError::BadPuzzle)?;
    let plain = |correct: bool, message: String| Judgement {
        correct,
        message,
        reasons: Vec::new(),
        verdict: None,
    };
    match puzzle.kind {
        Kind::Challenge | Kind::Claim => {
            let a = attempt.trim().to_lowercase();
            if !puzzle.choices.contains(&a) {
                return Err(AttemptError::NotAChoice(a, puzzle.choices.join(", ")));
            }
            let right = puzzle.answer.as_str().unwrap_or_default();
            Ok(plain(
                a == right,
                if a == right {
                    format!("Right: {right}.")
                } else {
                    format!("Not {a}: the answer is {right}.")
                },
            ))
        }
        Kind::SafeMove => {
            let a = tidy(attempt);
            if !puzzle.choices.iter().any(|c| tidy(c) == a) {
                return Err(AttemptError::NotAChoice(a, puzzle.choices.join("; ")));
            }
            let moves = puzzle.answer["moves"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            let m = moves
                .iter()
                .find(|m| m["move"].as_str().map(tidy) == Some(a.clone()));
            let class = m.and_then(|m| m["class"].as_str()).unwrap_or("?");
            let message = match class {
                "safe" => format!("Right: {a} is safe."),
                "now-wins" => format!(
                    "{a} lets the next player win a Now challenge (V-A-2): {} uses the mat and at most one more cube.",
                    m.and_then(|m| m["witness"].as_str()).unwrap_or("a Solution")
                ),
                "impossible-wins" => format!(
                    "{a} lets the next player win an Impossible challenge (V-A-1): no correct Solution can be written afterwards."
                ),
                "a-flub" => format!(
                    "{a} breaks the A-claim (M69 3.5 A): {} uses at most one more cube from Resources, and another move would have avoided that.",
                    m.and_then(|m| m["witness"].as_str()).unwrap_or("a Solution")
                ),
                "p-flub" => format!(
                    "{a} breaks the P-claim (M69 3.5 P): no Solution can be built afterwards, however the Resources are played."
                ),
                _ => format!("{a} is not safe."),
            };
            Ok(plain(class == "safe", message))
        }
        Kind::Solve => {
            let v = check(&position, attempt);
            let reasons = v
                .errors
                .iter()
                .map(|e| Reason {
                    section: e.section.as_str().to_string(),
                    message: e.message.clone(),
                })
                .collect();
            let message = if v.correct {
                "Correct Solution.".to_string()
            } else {
                "Incorrect Solution.".to_string()
            };
            Ok(Judgement {
                correct: v.correct,
                message,
                reasons,
                verdict: Some(v.to_json()),
            })
        }
        Kind::Goal => {
            let goal = Goal::parse(attempt.trim())
                .map_err(|e| AttemptError::NotAGoal(attempt.trim().to_string(), e.to_string()))?;
            let values = goal.legal_values(InForce::of(&position).absolute_value);
            let goals = puzzle.answer["goals"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            let mut available = onsets_solver::analysis::goal_digits(&position);
            let mut uses_rolled = goal.is_legal_layout();
            for d in goal.digits() {
                match available.iter().position(|&x| x == d.digit) {
                    Some(i) => {
                        available.swap_remove(i);
                    }
                    None => uses_rolled = false,
                }
            }
            let listed = goals.iter().find(|g| {
                g["values"]
                    .as_array()
                    .map(|vs| vs.iter().filter_map(Value::as_i64).collect::<Vec<_>>() == values)
                    .unwrap_or(false)
            });
            match listed {
                Some(g) if uses_rolled => {
                    let safe = g["safe"].as_bool().unwrap_or(false);
                    let message = match g["class"].as_str() {
                        Some("a-flub") => format!(
                            "{goal} breaks the A-claim (M69 3.5 A): {} is a Solution with at most one more cube from Resources.",
                            g["witness"].as_str().unwrap_or("?")
                        ),
                        Some("p-flub") => format!(
                            "{goal} breaks the P-claim (M69 3.5 P): no Solution can be built however the Resources are played."
                        ),
                        _ => String::new(),
                    };
                    let message = if !message.is_empty() {
                        message
                    } else if safe {
                        format!(
                            "Right: {goal} is safe; for example {} is a correct Solution.",
                            g["witness"].as_str().unwrap_or("?")
                        )
                    } else {
                        format!(
                            "{goal} loses at once: no correct Solution exists from the Resources, so an Impossible challenge wins (V-A-1)."
                        )
                    };
                    Ok(plain(safe, message))
                }
                _ => Ok(plain(
                    false,
                    format!(
                        "{goal} is not a legal Goal of one to three of the digit cubes rolled (III-B-1)."
                    ),
                )),
            }
        }
    }
}
