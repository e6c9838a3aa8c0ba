//! Lessons (issue 15, item 3): an interactive tutorial of Basic On-Sets that
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
//! * a Goal by the core's [`Goal`] reader (its legal layouts, III-B) and, where
//!   the task asks for a Goal a Solution can reach, by the solver;
//! * a move by the solver's list of legal moves ([`legal_moves_with`], IV-B,
//!   VIII-A, XIII-A-7) and, where the task asks for a safe move, by its
//!   classification ([`classify_moves_with`], V-A);
//! * a written Solution by the core's checker ([`check`]) with its reasons and
//!   rule sections, and the explanation of [`onsets_core::explain`];
//! * a challenge by the solver's adjudication ([`adjudicate`], V-A);
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
pub mod exercises;
pub mod scoring;

use onsets_core::{check, explain, Goal, GoalLayout, InForce, Position, Section, Symbol};
use onsets_solver::analysis::{
    adjudicate, apply_move, classify_moves_with, goal_digits, legal_moves_with, with_goal,
    Challenge, Class, Move, MoveKind, MoveOptions,
};
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

fn reason(section: &str, message: impl Into<String>) -> Reason {
    Reason {
        section: section.to_string(),
        message: message.into(),
    }
}

fn outcome(correct: bool, message: impl Into<String>, reasons: Vec<Reason>) -> Outcome {
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
        ) => Ok(judge_goal(&step.position, *value, *shape, *reachable, goal)),
        (Task::Move { to, shift, safe }, Attempt::Move { cube, from, to: t }) => judge_move(
            &step.position,
            to.as_deref(),
            *shift,
            *safe,
            cube,
            from.as_deref(),
            t,
        ),
        (Task::Write, Attempt::Solution { solution }) => {
            Ok(judge_solution(&step.position, solution))
        }
        (Task::Challenge, Attempt::Challenge { challenge }) => {
            judge_challenge(&step.position, challenge)
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

// ------------------------------------------------------------------ Goals

fn shape_of(goal: &Goal) -> (bool, bool, bool) {
    let negative = goal.digits().iter().any(|d| d.upside_down);
    match goal.layout {
        GoalLayout::Sum2(..) | GoalLayout::Sum3(..) => (true, false, negative),
        GoalLayout::Product2(..) | GoalLayout::Product3(..) => (false, true, negative),
        GoalLayout::L(..) | GoalLayout::T(..) => (true, true, negative),
        _ => (false, false, negative),
    }
}

fn judge_goal(
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

// ------------------------------------------------------------------ moves

fn section_of(name: &str) -> Option<Section> {
    match name.trim().to_lowercase().as_str() {
        "required" => Some(Section::Required),
        "permitted" => Some(Section::Permitted),
        "forbidden" => Some(Section::Forbidden),
        "resources" => Some(Section::Resources),
        _ => None,
    }
}

fn move_options() -> MoveOptions {
    // the position does not record the score, and bonus moves are not taught
    MoveOptions { bonus: false }
}

/// Reads a move attempt as one of the solver's moves.
fn read_move(cube: &str, from: Option<&str>, to: &str) -> Result<Move, LessonError> {
    let face = Symbol::parse(cube.trim()).map_err(|e| {
        LessonError::Unreadable(format!("`{}` is not a cube face: {e}", cube.trim()))
    })?;
    let to = section_of(to).ok_or_else(|| {
        LessonError::Unreadable(format!(
            "`{}` is not a section: required, permitted or forbidden",
            to.trim()
        ))
    })?;
    let kind = match from.map(section_of) {
        None | Some(Some(Section::Resources)) => MoveKind::FromResources,
        Some(Some(Section::Permitted)) => MoveKind::ShiftFromPermitted,
        Some(_) => {
            return Err(LessonError::Unreadable(
                "a cube moves from Resources, or shifts from Permitted".into(),
            ))
        }
    };
    Ok(Move {
        bonus: None,
        kind,
        cube: face,
        to,
    })
}

fn judge_move(
    position: &Position,
    want_to: Option<&str>,
    want_shift: bool,
    safe: bool,
    cube: &str,
    from: Option<&str>,
    to: &str,
) -> Result<Outcome, LessonError> {
    let mv = read_move(cube, from, to)?;
    let legal = legal_moves_with(position, move_options());
    if !legal.contains(&mv) {
        let why = illegal_why(position, &mv);
        return Ok(outcome(
            false,
            format!("{mv} is not a legal move here."),
            vec![why],
        ));
    }
    let after = apply_move(position, &mv);
    let mut o = if let Some(t) = want_to.and_then(section_of) {
        if mv.to != t {
            outcome(
                false,
                format!("{mv} is legal, but this step asks for a cube moved to {t}."),
                vec![reason("Basic II", format!("move a cube to {t}"))],
            )
        } else {
            outcome(true, format!("Right: {mv}."), Vec::new())
        }
    } else if want_shift && mv.kind != MoveKind::ShiftFromPermitted {
        outcome(
            false,
            format!("{mv} is legal, but this step asks for a shift from Permitted."),
            vec![reason(
                "XIII-A-7",
                "transfer a cube in Permitted to Required or Forbidden",
            )],
        )
    } else {
        outcome(true, format!("Right: {mv}."), Vec::new())
    };
    if o.correct && safe {
        let classes = classify_moves_with(position, move_options());
        let c = classes.iter().find(|c| c.mv == mv);
        o = match c {
            Some(c) if c.class == Class::Safe => outcome(
                true,
                format!(
                    "Right: {mv} is safe. A Now challenge would lose (no correct Solution uses \
                     the mat and at most one more cube), and an Impossible challenge would lose: \
                     {} is still possible (V-A).",
                    c.witness.as_deref().unwrap_or("a Solution")
                ),
                Vec::new(),
            ),
            Some(c) if c.class == Class::NowWins => outcome(
                false,
                format!(
                    "{mv} lets the next player challenge Now and win: {} uses the mat and at \
                     most one more cube.",
                    c.witness.as_deref().unwrap_or("a Solution")
                ),
                vec![reason(
                    "V-A-2",
                    "a correct Solution can be written with the mat and one more cube",
                )],
            ),
            _ => outcome(
                false,
                format!(
                    "{mv} lets the next player challenge Impossible and win: after it no correct \
                     Solution can be written, however the Resources are played."
                ),
                vec![reason(
                    "V-A-1",
                    "no correct Solution can be written any more",
                )],
            ),
        };
    }
    o.after = serde_json::to_value(after.to_raw()).ok();
    Ok(o)
}

fn illegal_why(position: &Position, mv: &Move) -> Reason {
    let from = match mv.kind {
        MoveKind::FromResources => Section::Resources,
        MoveKind::ShiftFromPermitted => Section::Permitted,
    };
    if !position.section(from).iter().any(|s| s == mv.cube) {
        return reason(
            "Basic II",
            format!("there is no {} cube in {from}", mv.cube),
        );
    }
    if mv.cube.is_digit() {
        return reason("III-B", "digit cubes are used only in setting the Goal");
    }
    let left = position.resources.iter().filter(|s| !s.is_digit()).count();
    match mv.kind {
        MoveKind::ShiftFromPermitted if !onsets_solver::analysis::shift_in_force(position) => {
            reason("Basic II", "a move takes a cube from Resources")
        }
        MoveKind::ShiftFromPermitted => reason(
            "XIII-A-7",
            "a shift goes to Required or Forbidden, and not with one cube left in Resources",
        ),
        MoveKind::FromResources if mv.to == Section::Forbidden && left <= 1 => reason(
            "Basic VII",
            "the last cube in Resources must go to Required or Permitted",
        ),
        _ => reason(
            "IV-D",
            "= and ⊆ go to Forbidden only when four or fewer cubes remain",
        ),
    }
}

// ------------------------------------------------------------------ Solutions

fn judge_solution(position: &Position, text: &str) -> Outcome {
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

// ------------------------------------------------------------------ challenges

fn judge_challenge(position: &Position, said: &str) -> Result<Outcome, LessonError> {
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

// ------------------------------------------------------------------ show me

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
                let o = judge_goal(&step.position, *value, *shape, *reachable, &text);
                o.correct.then(|| Shown {
                    attempt: Attempt::Goal { goal: text.clone() },
                    text: format!("Set the Goal {text}. {}", o.message),
                })
            })
        }
        Task::Move { to, shift, safe } => {
            let classes = classify_moves_with(&step.position, move_options());
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
                let o = judge_move(
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
            let o = judge_challenge(&step.position, word).ok()?;
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
