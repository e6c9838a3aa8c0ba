//! Lessons (docs/lessons.md): an interactive tutorial of Basic On-Sets that
//! teaches the seven rules at the front of the 2026-27 Tournament Rules
//! ("Basic On-Sets", rules I–VII) one at a time on live positions, then
//! Restrictions (VI) and each variation of XIII with an exercise built by the
//! solver.
//!
//! A lesson is data ([`Lesson`]): a title, the rule sections it teaches, and
//! steps ([`Step`]), each with an explanation, a position, a task
//! ([`Task`]: set a Goal, move a cube, write a Solution, challenge, score a
//! shake) and a hint. Nothing in a step says what the answer is: an attempt
//! ([`Attempt`]) is judged by the project's own rule machinery ([`judge`]):
//!
//! * a Goal by the core's [`onsets_core::Goal`] reader (its legal layouts, III-B) and, where
//!   the task asks for a Goal a Solution can reach, by the solver;
//! * a move by the solver's list of legal moves ([`legal_moves_with`](onsets_solver::analysis::legal_moves_with), IV-B,
//!   VIII-A, XIII-A-7) and, where the task asks for a safe move, by its
//!   classification ([`classify_moves_with`](onsets_solver::analysis::classify_moves_with), V-A);
//! * a written Solution by the core's checker ([`check`](fn@onsets_core::check)) with its reasons and
//!   rule sections, and the explanation of [`onsets_core::explain`](fn@onsets_core::explain);
//! * a challenge by the solver's adjudication ([`adjudicate`](onsets_solver::analysis::adjudicate), V-A);
//! * the points of a shake by the match engine itself ([`scoring`]: the shake
//!   is played through [`onsets_engine::Match`] and its `ShakeScored` event
//!   read).
//!
//! "Show me" ([`show`]) asks the same machinery for an answer: the solver's
//! shortest Solution, its safe move, the challenge it proves right, a Goal
//! it can reach, the engine's points. The exercises of Restrictions and the
//! variations are generated from a seed ([`exercises`]) and kept only when the
//! solver proves the rule matters in them.
//!
//! Each step also carries [`Step::intended`], what the author meant the
//! answer to be; it is never used to judge, only by the tests, which fail when
//! a position does not teach what its text says.

mod basic;
mod challenge;
pub mod exercises;
mod goal;
mod moves;
pub mod scoring;
mod show;
mod solution;

pub use show::{show, Shown};

use onsets_core::Position;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::sync::OnceLock;

/// The longest text an attempt may carry.
pub const MAX_TEXT: usize = 1_000;

/// One lesson.
#[derive(Clone, Debug, Serialize)]
pub struct Lesson {
    /// A short slug (`goal`, `move`, …, `restrictions`, `wild-cube`, …).
    pub id: String,
    pub title: String,
    /// The rule this lesson teaches, as the rules number it (`Basic I`,
    /// `VI-B`, `XIII-A-2`).
    pub rule: String,
    /// `basic`, `restrictions` or `variations`.
    pub part: String,
    /// What the lesson is about, in a sentence or two.
    pub summary: String,
    pub steps: Vec<Step>,
}

/// One step of a lesson.
#[derive(Clone, Debug, Serialize)]
pub struct Step {
    /// The explanation of the rule at this step, then the task.
    pub text: String,
    /// The rule sections this step applies.
    pub sections: Vec<String>,
    /// The position (docs/notation.md position JSON): before the Goal is set
    /// (digit cubes in Resources) for a Goal task.
    #[serde(serialize_with = "ser_position")]
    pub position: Position,
    pub task: Task,
    pub hint: String,
    /// For a [`Task::Score`] step: the shake the engine plays.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shake: Option<scoring::Shake>,
    /// What the author meant the answer to be (tests only; never judges).
    #[serde(skip)]
    pub intended: Intended,
}

fn ser_position<S: serde::Serializer>(p: &Position, s: S) -> Result<S::Ok, S::Error> {
    p.to_raw().serialize(s)
}

/// What the learner is asked to do.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Task {
    /// Set a Goal from the digit cubes in Resources (Basic I, III-B):
    /// of this value when given, of this shape when given, and one a correct
    /// Solution can reach when `reachable`.
    SetGoal {
        #[serde(skip_serializing_if = "Option::is_none")]
        value: Option<i64>,
        #[serde(skip_serializing_if = "Option::is_none")]
        shape: Option<Shape>,
        reachable: bool,
    },
    /// Move a cube (Basic II, IV-B): to this section when given; a shift from
    /// Permitted when `shift` (XIII-A-7); one neither challenge would win
    /// against when `safe` (V-A).
    Move {
        #[serde(skip_serializing_if = "Option::is_none")]
        to: Option<String>,
        shift: bool,
        safe: bool,
    },
    /// Write a correct Solution in the position's situation (Basic III, VII-B).
    Write,
    /// Say which challenge is correct now: `now`, `impossible` or `neither`
    /// (Basic IV, V-A).
    Challenge,
    /// Say the points each player scores for the shake (Basic V, VI, VII;
    /// X-B, X-C), in seat order.
    Score,
}

/// The shape of a Goal (Basic I-B).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Shape {
    /// Cubes side by side (Basic I-B-1).
    Sum,
    /// Cubes in a vertical line (Basic I-B-2).
    Product,
    /// An upside-down cube (Basic I-B-3).
    Negative,
}

/// What the author meant (the tests compare it with the machinery's answer).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Intended {
    /// A step whose answer the tests derive without an expectation.
    #[default]
    Any,
    /// The correct challenge: `now`, `impossible` or `neither`.
    Challenge(&'static str),
    /// A correct Solution the author had in mind (the checker must accept
    /// it) and a wrong one (the checker must reject it with this code).
    Write {
        right: &'static str,
        wrong: &'static str,
        code: &'static str,
    },
    /// A right and a wrong move: a face and the section it goes to.
    Move {
        right: (&'static str, &'static str),
        wrong: (&'static str, &'static str),
    },
    /// A right and a wrong Goal.
    Goal {
        right: &'static str,
        wrong: &'static str,
    },
    /// The points in seat order.
    Score(Vec<i32>),
}

/// The learner's action at a step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Attempt {
    /// A Goal in the notation (`3+2`, `3*2`, `3+~1`).
    Goal { goal: String },
    /// A cube (its face) moved from Resources (or shifted from Permitted) to
    /// `required`, `permitted` or `forbidden`.
    Move {
        cube: String,
        #[serde(default)]
        from: Option<String>,
        to: String,
    },
    /// A written Solution (docs/notation.md).
    Solution { solution: String },
    /// `now`, `impossible` or `neither`.
    Challenge { challenge: String },
    /// The points of each player, in seat order.
    Score { points: Vec<i32> },
}

/// One reason, with its rule section.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Reason {
    pub section: String,
    pub message: String,
}

/// The verdict on an attempt.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Outcome {
    pub correct: bool,
    /// One or two sentences for the learner, with rule sections.
    pub message: String,
    /// Why the attempt is wrong, each reason with its section (empty when
    /// right).
    pub reasons: Vec<Reason>,
    /// For a Solution: the checker's verdict (notation.md).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub verdict: Option<Value>,
    /// For a Solution: the explanation step by step (`onsets_core::explain`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explanation: Option<Value>,
    /// For a move: the position after it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after: Option<Value>,
}

/// Why an attempt cannot be judged.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum LessonError {
    #[error("there is no lesson `{0}`")]
    NoSuchLesson(String),
    #[error("lesson `{0}` has {1} steps; there is no step {2}")]
    NoSuchStep(String, usize, usize),
    #[error("this step asks for {expected}, not {got}")]
    WrongKind { expected: String, got: String },
    #[error("the attempt's text is longer than {MAX_TEXT} characters")]
    TooLong,
    #[error("{0}")]
    Unreadable(String),
}

/// Every lesson, in teaching order (built once: the exercises are made by
/// the solver from a fixed seed).
pub fn lessons() -> &'static [Lesson] {
    static L: OnceLock<Vec<Lesson>> = OnceLock::new();
    L.get_or_init(|| {
        let mut v = basic::lessons();
        v.extend(exercises::lessons(exercises::SEED));
        v
    })
}

/// The seven Basic lessons only (cheap: no generation).
pub fn basic_lessons() -> Vec<Lesson> {
    basic::lessons()
}

/// The lesson `id`.
pub fn lesson(id: &str) -> Result<&'static Lesson, LessonError> {
    lessons()
        .iter()
        .find(|l| l.id == id)
        .ok_or_else(|| LessonError::NoSuchLesson(id.chars().take(64).collect()))
}

/// Step `n` (counted from 1) of lesson `id`.
pub fn step(id: &str, n: usize) -> Result<&'static Step, LessonError> {
    let l = lesson(id)?;
    if n == 0 || n > l.steps.len() {
        return Err(LessonError::NoSuchStep(l.id.clone(), l.steps.len(), n));
    }
    Ok(&l.steps[n - 1])
}

fn task_word(t: &Task) -> &'static str {
    match t {
        Task::SetGoal { .. } => "a Goal",
        Task::Move { .. } => "a move",
        Task::Write => "a Solution",
        Task::Challenge => "a challenge",
        Task::Score => "the points",
    }
}

fn attempt_word(a: &Attempt) -> &'static str {
    match a {
        Attempt::Goal { .. } => "a Goal",
        Attempt::Move { .. } => "a move",
        Attempt::Solution { .. } => "a Solution",
        Attempt::Challenge { .. } => "a challenge",
        Attempt::Score { .. } => "the points",
    }
}

pub(super) fn reason(section: &str, message: impl Into<String>) -> Reason {
    Reason {
        section: section.to_string(),
        message: message.into(),
    }
}

pub(super) fn outcome(correct: bool, message: impl Into<String>, reasons: Vec<Reason>) -> Outcome {
    Outcome {
        correct,
        message: message.into(),
        reasons,
        verdict: None,
        explanation: None,
        after: None,
    }
}

/// Judges `attempt` at `step` with the rules' machinery.
pub fn judge(step: &Step, attempt: &Attempt) -> Result<Outcome, LessonError> {
    let too_long = match attempt {
        Attempt::Goal { goal } => goal.chars().count() > MAX_TEXT,
        Attempt::Move { cube, from, to } => {
            cube.len() + to.len() + from.as_ref().map_or(0, |f| f.len()) > MAX_TEXT
        }
        Attempt::Solution { solution } => solution.chars().count() > MAX_TEXT,
        Attempt::Challenge { challenge } => challenge.chars().count() > MAX_TEXT,
        Attempt::Score { .. } => false,
    };
    if too_long {
        return Err(LessonError::TooLong);
    }
    if let Attempt::Score { points } = attempt {
        if points.len() > 3 {
            return Err(LessonError::Unreadable(
                "give one score per player: two or three numbers".into(),
            ));
        }
    }
    let wrong_kind = || LessonError::WrongKind {
        expected: task_word(&step.task).into(),
        got: attempt_word(attempt).into(),
    };
    match (&step.task, attempt) {
        (
            Task::SetGoal {
                value,
                shape,
                reachable,
            },
            Attempt::Goal { goal },
        ) => Ok(goal::judge_goal(
            &step.position,
            *value,
            *shape,
            *reachable,
            goal,
        )),
        (Task::Move { to, shift, safe }, Attempt::Move { cube, from, to: t }) => moves::judge_move(
            &step.position,
            to.as_deref(),
            *shift,
            *safe,
            cube,
            from.as_deref(),
            t,
        ),
        (Task::Write, Attempt::Solution { solution }) => {
            Ok(solution::judge_solution(&step.position, solution))
        }
        (Task::Challenge, Attempt::Challenge { challenge }) => {
            challenge::judge_challenge(&step.position, challenge)
        }
        (Task::Score, Attempt::Score { points }) => {
            let shake = step
                .shake
                .as_ref()
                .ok_or_else(|| LessonError::Unreadable("this step has no shake".into()))?;
            let played = scoring::play(shake).map_err(LessonError::Unreadable)?;
            Ok(scoring::judge(&played, points))
        }
        _ => Err(wrong_kind()),
    }
}

/// A lesson as the list shows it (no steps).
pub fn summary(l: &Lesson) -> Value {
    json!({
        "id": l.id,
        "title": l.title,
        "rule": l.rule,
        "part": l.part,
        "summary": l.summary,
        "steps": l.steps.len(),
    })
}

#[cfg(test)]
mod tests;
