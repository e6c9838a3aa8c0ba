//! `goal` puzzles: which Goals can the Goal-setter set that give the
//! opponents no immediate win (III-B)? Right after the Goal is set the mat is
//! empty, so a Now challenge is not valid (V-A-2-b); the opponents win at once
//! only with an Impossible challenge (V-A-1), which is right exactly when no
//! correct Solution exists from all the Resources. The answer lists the safe
//! Goals (every legal layout, III-B-1, of the digit cubes whose values have a
//! correct Solution, [`onsets_solver::analysis::achievable_goals`]) and
//! every Goal with its values and witness.
//!
//! A position is kept only when its answer is unique (at most two Goal values, or
//! sets of values under Absolute Value, are safe: nearly every Goal is a
//! loss) and not trivial (at least five distinct Goal values to choose from).

use crate::features::{solution_cubes, Features};
use crate::{themes, Made};
use onsets_core::Position;
use onsets_solver::analysis::{achievable_goals, goal_digits, goal_layouts, with_goal};
use serde_json::json;

/// At most this many safe Goal values in a kept puzzle.
pub const MAX_SAFE: usize = 2;

/// At least this many distinct Goal values to choose from.
pub const MIN_VALUES: usize = 5;

/// A quick filter before the full listing: whether at most `max` distinct
/// Goal values have a correct Solution, stopping at the first over the limit.
fn at_most_safe(before: &Position, max: usize) -> bool {
    let absolute = onsets_core::InForce::of(before).absolute_value;
    let mut seen: Vec<Vec<i64>> = Vec::new();
    let mut safe = 0;
    for goal in goal_layouts(&goal_digits(before)) {
        let values = goal.legal_values(absolute);
        if values.is_empty() || seen.contains(&values) {
            continue;
        }
        seen.push(values);
        if onsets_solver::solve(&with_goal(before, &goal)).is_solvable() {
            safe += 1;
            if safe > max {
                return false;
            }
        }
    }
    safe > 0 && seen.len() >= MIN_VALUES
}

/// The puzzle for `before` (digit cubes in Resources, placeholder Goal), if
/// it is kept.
pub(crate) fn make(before: &Position) -> Option<Made> {
    if !at_most_safe(before, MAX_SAFE) {
        return None;
    }
    let options = achievable_goals(before);
    let mut values: Vec<(Vec<i64>, bool)> = Vec::new();
    for o in &options {
        if !values.iter().any(|(v, _)| *v == o.values) {
            values.push((o.values.clone(), o.solvable()));
        }
    }
    let safe_values: Vec<&Vec<i64>> = values.iter().filter(|(_, s)| *s).map(|(v, _)| v).collect();
    if safe_values.is_empty() || safe_values.len() > MAX_SAFE || values.len() < MIN_VALUES {
        return None;
    }
    let safe: Vec<_> = options.iter().filter(|o| o.solvable()).collect();
    let mut features = Features::of(before);
    features.choices = Some(values.len());
    features.safe = Some(safe_values.len());
    features.shortest = safe
        .iter()
        .filter_map(|o| o.witness.as_deref())
        .map(solution_cubes)
        .min();
    let digits = onsets_solver::analysis::goal_digits(before);
    let explanation = format!(
        "The digit cubes {} allow {} legal Goal layouts with {} different values \
         (III-B-1). After the Goal is set the mat is empty, so Now cannot be \
         challenged (V-A-2-b), but Impossible can (V-A-1): it wins unless a correct \
         Solution exists from the Resources. Only the Goal values {} have one, for example \
         {} ({}), so only {} avoid an immediate loss.",
        digits
            .iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join(" "),
        options.len(),
        values.len(),
        safe_values
            .iter()
            .map(|v| format!("{v:?}"))
            .collect::<Vec<_>>()
            .join(" and "),
        safe[0].witness.as_deref().unwrap_or("?"),
        safe[0].goal,
        safe.iter()
            .map(|o| o.goal.to_string())
            .collect::<Vec<_>>()
            .join(", "),
    );
    let mut t = vec!["goal-setting"];
    t.extend(themes::of_variations(before));
    t.extend(themes::of_solution(safe[0].witness.as_deref()));
    Some(Made {
        question: "You are the Goal-setter: the cubes are rolled and the digit cubes are in \
                   Resources (the position's Goal is only a placeholder). Which Goal can \
                   you set that gives your opponents no immediate win? Write the Goal, \
                   e.g. 3+2 or 2*4."
            .into(),
        choices: Vec::new(),
        answer: json!({
            "safe": safe.iter().map(|o| o.goal.to_string()).collect::<Vec<_>>(),
            "goals": options.iter().map(|o| json!({
                "goal": o.goal.to_string(),
                "values": o.values,
                "safe": o.solvable(),
                "witness": o.witness,
            })).collect::<Vec<_>>(),
        }),
        answer_word: String::new(),
        explanation,
        features,
        themes: t,
        play: None,
        position: before.clone(),
    })
}
