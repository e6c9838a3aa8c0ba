//! Setting the Goal (Basic I, III-B): an attempt read by the core's Goal
//! reader and, where the step asks for a Goal a Solution reaches, judged by
//! the solver.

use super::{outcome, reason, Outcome, Shape};
use onsets_core::{Goal, GoalLayout, InForce, Position};
use onsets_solver::analysis::{goal_digits, with_goal};

fn shape_of(goal: &Goal) -> (bool, bool, bool) {
    let negative = goal.digits().iter().any(|d| d.upside_down);
    match goal.layout() {
        GoalLayout::Sum2(..) | GoalLayout::Sum3(..) => (true, false, negative),
        GoalLayout::Product2(..) | GoalLayout::Product3(..) => (false, true, negative),
        GoalLayout::L(..) | GoalLayout::T(..) => (true, true, negative),
        _ => (false, false, negative),
    }
}

pub(super) fn judge_goal(
    position: &Position,
    value: Option<i64>,
    shape: Option<Shape>,
    reachable: bool,
    text: &str,
) -> Outcome {
    let goal = match Goal::parse(text.trim()) {
        Ok(g) => g,
        Err(e) => {
            return outcome(
                false,
                format!("`{}` is not a Goal the cubes can show.", text.trim()),
                vec![reason("III-B-1", e.to_string())],
            )
        }
    };
    // the digit cubes rolled: each used at most once (Basic I-A)
    let mut available = goal_digits(position);
    for d in goal.digits() {
        match available.iter().position(|&x| x == d.digit) {
            Some(i) => {
                available.swap_remove(i);
            }
            None => {
                return outcome(
                    false,
                    format!(
                        "{goal} needs a {} cube, and no such digit cube is left in Resources.",
                        d.digit
                    ),
                    vec![reason(
                        "Basic I-A",
                        "the Goal is set by moving digit cubes from Resources",
                    )],
                )
            }
        }
    }
    if !goal.is_legal_layout() {
        return outcome(
            false,
            format!("{goal} is not a legal layout."),
            vec![reason(
                "III-B-1",
                "one to three cubes: side by side, in a vertical line, an L or a T",
            )],
        );
    }
    let values = goal.legal_values(InForce::of(position).absolute_value);
    let shown = values
        .iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(" or ");
    let mut reasons = Vec::new();
    if values.is_empty() {
        reasons.push(reason(
            "III-B-2",
            format!("{goal} is negative; a Goal must be a whole number of cards"),
        ));
    }
    if let Some(v) = value {
        if !values.contains(&v) {
            reasons.push(reason(
                "Basic I-B",
                format!("{goal} is worth {shown}, not {v}"),
            ));
        }
    }
    let (sum, product, negative) = shape_of(&goal);
    match shape {
        Some(Shape::Sum) if !sum => reasons.push(reason(
            "Basic I-B-1",
            format!("{goal} does not place cubes side by side (a sum)"),
        )),
        Some(Shape::Product) if !product => reasons.push(reason(
            "Basic I-B-2",
            format!("{goal} does not place cubes in a vertical line (a product)"),
        )),
        Some(Shape::Negative) if !negative => reasons.push(reason(
            "Basic I-B-3",
            format!("{goal} has no upside-down cube (a negative)"),
        )),
        _ => {}
    }
    if !reasons.is_empty() {
        return outcome(
            false,
            format!("Not quite: {goal} is worth {shown}."),
            reasons,
        );
    }
    if reachable {
        let p = with_goal(position, &goal);
        match onsets_solver::solve_shortest(&p).text() {
            Some(w) => outcome(
                true,
                format!(
                    "Right: {goal} ({shown}) can be reached, for example by the Solution {w}; \
                     an Impossible challenge against it would lose (V-A-1)."
                ),
                Vec::new(),
            ),
            None => outcome(
                false,
                format!(
                    "{goal} ({shown}) cannot be reached: the exact solver finds no correct \
                     Solution from these cubes and cards, so the next player wins by \
                     challenging Impossible (Basic IV-A-2)."
                ),
                vec![reason(
                    "V-A-1",
                    "no correct Solution can be written with any of the cubes",
                )],
            ),
        }
    } else {
        outcome(true, format!("Right: {goal} is worth {shown}."), Vec::new())
    }
}
