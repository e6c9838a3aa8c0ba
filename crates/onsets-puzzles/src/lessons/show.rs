//! "Show me": an answer to a step found by the machinery that judges it.

use super::{challenge, goal, moves, scoring, Attempt, Step, Task};
use onsets_solver::analysis::{adjudicate, classify_moves_with, goal_digits, Challenge, MoveKind};
use serde::Serialize;

/// An answer to a step, found by the same machinery that judges it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Shown {
    /// An attempt that is judged correct.
    pub attempt: Attempt,
    /// The answer in words.
    pub text: String,
}

/// "Show me": an answer to `step` found by the solver, the checker's
/// machinery or the engine (`None` only if the step has no answer, which
/// the tests rule out for every lesson).
pub fn show(step: &Step) -> Option<Shown> {
    match &step.task {
        Task::SetGoal {
            value,
            shape,
            reachable,
        } => {
            let layouts = onsets_solver::analysis::goal_layouts(&goal_digits(&step.position));
            layouts.into_iter().find_map(|g| {
                let text = g.to_string();
                let o = goal::judge_goal(&step.position, *value, *shape, *reachable, &text);
                o.correct.then(|| Shown {
                    attempt: Attempt::Goal { goal: text.clone() },
                    text: format!("Set the Goal {text}. {}", o.message),
                })
            })
        }
        Task::Move { to, shift, safe } => {
            let classes = classify_moves_with(&step.position, moves::move_options());
            classes.into_iter().find_map(|c| {
                let attempt = Attempt::Move {
                    cube: c.mv.cube.to_string(),
                    from: (c.mv.kind == MoveKind::ShiftFromPermitted)
                        .then(|| "permitted".to_string()),
                    to: c.mv.to.to_string().to_lowercase(),
                };
                let Attempt::Move { cube, from, to: t } = &attempt else {
                    return None;
                };
                let o = moves::judge_move(
                    &step.position,
                    to.as_deref(),
                    *shift,
                    *safe,
                    cube,
                    from.as_deref(),
                    t,
                )
                .ok()?;
                o.correct.then(|| Shown {
                    text: format!("Move {}. {}", c.mv, o.message),
                    attempt,
                })
            })
        }
        Task::Write => {
            let w = onsets_solver::solve_shortest(&step.position).text()?;
            Some(Shown {
                text: format!("A shortest correct Solution (found by the exact solver): {w}"),
                attempt: Attempt::Solution { solution: w },
            })
        }
        Task::Challenge => {
            let now = adjudicate(&step.position, Challenge::Now);
            let word = if now.challenger_right {
                "now"
            } else if adjudicate(&step.position, Challenge::Impossible).challenger_right {
                "impossible"
            } else {
                "neither"
            };
            let o = challenge::judge_challenge(&step.position, word).ok()?;
            Some(Shown {
                attempt: Attempt::Challenge {
                    challenge: word.into(),
                },
                text: o.message,
            })
        }
        Task::Score => {
            let played = scoring::play(step.shake.as_ref()?).ok()?;
            Some(Shown {
                text: scoring::describe(&played),
                attempt: Attempt::Score {
                    points: played.points.clone(),
                },
            })
        }
    }
}
