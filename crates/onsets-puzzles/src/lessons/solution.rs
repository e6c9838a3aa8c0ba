//! Writing a Solution (Basic III, VII-B): judged by the core's checker, with
//! its reasons, rule sections and the step-by-step explanation.

use super::{outcome, reason, Outcome};
use onsets_core::{check, explain, Position};

pub(super) fn judge_solution(position: &Position, text: &str) -> Outcome {
    if text.trim().is_empty() {
        return outcome(
            false,
            "Write a Solution first.",
            vec![reason("Basic III", "a Solution is the name of a set")],
        );
    }
    let v = check(position, text);
    let reasons = v
        .errors
        .iter()
        .map(|e| reason(e.section.as_str(), e.message.clone()))
        .collect();
    let names = v
        .values
        .iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(" or ");
    let goal = v
        .goal_values
        .iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(" or ");
    let message = if v.correct {
        format!("Correct Solution: it names {names} cards, the Goal.")
    } else if names.is_empty() {
        "Incorrect Solution.".to_string()
    } else {
        format!("Incorrect Solution: it names {names} cards; the Goal is {goal}.")
    };
    let mut o = outcome(v.correct, message, reasons);
    o.verdict = Some(v.to_json());
    o.explanation = serde_json::to_value(explain(position, text)).ok();
    o
}
