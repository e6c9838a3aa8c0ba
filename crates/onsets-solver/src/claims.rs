//! The Flub claims of the 1969 manual (M69 3.5–3.7; `../shared/spec/editions.md`
//! §2.5, §2.6, §2.11), exact because every question reduces to the exact
//! solver ([`crate::solve`]).
//!
//! Let `Sol*(X)` mean a Solution of X exists with the Resources treated as
//! Permitted ([`solution_any`]) and `Sol≤1(X)` that one exists with at most
//! one more cube from Resources ([`solution_one_more`]).
//!
//! * **P** — "It is still Possible for the remaining Resources to be so
//!   played that a Solution can be built" (3.5 P): a play breaks it when
//!   `not Sol*(after)` ([`p_claim_is_correct`]).
//! * **A** — "If possible, I am Avoiding by this move allowing a Solution to
//!   be built with at most one more cube from Resources" (3.5 A): a play
//!   breaks it when `Sol≤1(after)` and some alternative play from the same
//!   position reaches `Y` with `not Sol≤1(Y)` and `Sol*(Y)` (3.7 comment 3:
//!   the alternative "(a) did not allow a Solution to be built with at most
//!   one more cube" and "(b) did not violate the P-claim"). The Challenger
//!   names the alternative (editions.md Q21): [`a_claim_is_correct`] checks
//!   it; [`a_claim_alternative`] finds one.
//! * **C** — "On this turn I Cannot correctly challenge the previous move"
//!   (3.5 C) depends on the history, not on one play: the previous play was a
//!   Flub ([`is_flub`] on the position before it) and this player moved
//!   instead. The burden and the Resources allowance follow the Flub it stems
//!   from (3.4 D).
//! * **No Goal** — "you declare 'No Goal' when, in fact, you could have set a
//!   Goal for which there was a Solution" (3.5 A): [`no_goal_is_flub`].
//!
//! Positions are 1969 positions (`edition: 1969`); their `situation` is
//! ignored (each function sets the one its question needs).

use crate::analysis::{goal_digits, goal_layouts, with_goal, Move, MoveKind};
use crate::solve;
use onsets_core::{check, CubeList, Goal, Position, PositionSetup, Section, Situation, Symbol};
use std::collections::HashSet;
use std::fmt;

/// What a player does on a turn (M69 3.2, 3.3): an optional bonus (a
/// Resources cube to Forbidden) and a regular move, or, for the Shaker, an
/// optional bonus and the Goal (3.1; 3.3: the bonus may come "before
/// setting a Goal", and may be any cube, editions.md Q19).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Play {
    /// A regular move from Resources to Required, Permitted or Forbidden
    /// (`kind` is always [`MoveKind::FromResources`] in 1969: there is no
    /// Shift), with its bonus.
    Move(Move),
    /// The Goal, set from the digit cubes in Resources; the digit cubes it
    /// leaves go to Forbidden (3.1).
    Goal { bonus: Option<Symbol>, goal: Goal },
}

impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Play::Move(m) => write!(f, "{m}"),
            Play::Goal { bonus, goal } => {
                if let Some(b) = bonus {
                    write!(f, "bonus {b} → Forbidden, then ")?;
                }
                write!(f, "Goal {goal}")
            }
        }
    }
}

/// The claim a Flub violates (3.5 B). A C-claim Flub is a property of the
/// history: see the module documentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FlubKind {
    /// The A-claim: the play allowed a Solution with at most one more cube
    /// although an alternative play would not have (3.5 A, 3.7 comment 3).
    A,
    /// The P-claim: after the play no Solution can be built however the
    /// Resources are played (3.5 P).
    P,
}

impl FlubKind {
    pub const fn name(self) -> &'static str {
        match self {
            FlubKind::A => "A-claim",
            FlubKind::P => "P-claim",
        }
    }
}

impl fmt::Display for FlubKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

fn take(list: &mut CubeList, s: Symbol) -> bool {
    list.take(s)
}

/// Whether the Goal has not been set yet: digit cubes are still in
/// Resources (after the Goal, 3.1 puts the left-over ones in Forbidden).
pub fn goal_pending(position: &Position) -> bool {
    position.resources().iter().any(|s| s.is_digit())
}

/// The position after `play`, or why the play cannot be made from `before`
/// (a cube that is not in Resources, a move before the Goal or a Goal after
/// it, a Goal of digits not rolled).
pub fn apply_play(before: &Position, play: &Play) -> Result<Position, String> {
    let mut p = before.to_setup();
    let valid = |p: PositionSetup| before.edit(|s| *s = p).map_err(|e| e.to_string());
    match play {
        Play::Move(m) => {
            if goal_pending(before) {
                return Err(format!("{m}: the Goal must be set first (M69 3.1)"));
            }
            if m.kind != MoveKind::FromResources {
                return Err(format!(
                    "{m}: 1969 has no Shift; cubes move only from Resources (M69 3.2)"
                ));
            }
            if let Some(b) = m.bonus {
                if !take(&mut p.resources, b) {
                    return Err(format!("{m}: no {b} in Resources for the bonus move"));
                }
                p.forbidden.push(b);
            }
            if !take(&mut p.resources, m.cube) {
                return Err(format!("{m}: no {} in Resources", m.cube));
            }
            match m.to {
                Section::Required => p.required.push(m.cube),
                Section::Permitted => p.permitted.push(m.cube),
                Section::Forbidden => p.forbidden.push(m.cube),
                other => {
                    return Err(format!(
                    "{m}: a cube moves to Required, Permitted or Forbidden, not {other} (M69 3.2)"
                ))
                }
            }
            valid(p)
        }
        Play::Goal { bonus, goal } => {
            if !goal_pending(before) {
                return Err(format!("Goal {goal}: the Goal is already set"));
            }
            if let Some(b) = *bonus {
                if !take(&mut p.resources, b) {
                    return Err(format!("no {b} in Resources for the bonus move"));
                }
                p.forbidden.push(b);
            }
            let mut left = p.resources.clone();
            for d in goal.digits() {
                if !take(&mut left, Symbol::Digit(d.digit)) {
                    return Err(format!(
                        "Goal {goal}: no {} digit cube in Resources",
                        d.digit
                    ));
                }
            }
            Ok(with_goal(&valid(p)?, goal))
        }
    }
}

/// Every play from `before` (1969 restricts no move: any cube to any of the
/// three sections, any bonus, M69 3.2, 3.3), one per distinct resulting
/// position. Before the Goal: every Goal of the digit cubes
/// ([`goal_layouts`]), with or without a bonus.
pub fn plays(before: &Position) -> Vec<Play> {
    let mut faces: Vec<Symbol> = before.resources().iter().collect();
    faces.sort();
    faces.dedup();
    let mut out = Vec::new();
    let mut seen: HashSet<String> = HashSet::new();
    let mut push = |play: Play, out: &mut Vec<Play>| {
        if let Ok(p) = apply_play(before, &play) {
            if seen.insert(mat_key(&p)) {
                out.push(play);
            }
        }
    };
    let bonuses: Vec<Option<Symbol>> = std::iter::once(None)
        .chain(faces.iter().copied().map(Some))
        .collect();
    if goal_pending(before) {
        for &bonus in &bonuses {
            let mut rest = before.resources().clone();
            if let Some(b) = bonus {
                take(&mut rest, b);
            }
            let digits: Vec<u8> = rest
                .iter()
                .filter_map(|s| match s {
                    Symbol::Digit(d) => Some(d),
                    _ => None,
                })
                .collect();
            for goal in goal_layouts(&digits) {
                push(Play::Goal { bonus, goal }, &mut out);
            }
        }
        return out;
    }
    for &bonus in &bonuses {
        for &cube in &faces {
            for to in [Section::Required, Section::Permitted, Section::Forbidden] {
                push(
                    Play::Move(Move {
                        bonus,
                        kind: MoveKind::FromResources,
                        cube,
                        to,
                    }),
                    &mut out,
                );
            }
        }
    }
    out
}

/// A position's mat as a key: its Goal and each section's faces sorted (cube
/// order within a section does not matter), for the sets of mats already
/// judged (here and in the 1969 review).
pub fn mat_key(p: &Position) -> String {
    let sorted = |l: &CubeList| {
        let mut v: Vec<Symbol> = l.iter().collect();
        v.sort();
        CubeList::new(v).to_string()
    };
    format!(
        "{}|{}|{}|{}|{}",
        p.goal(),
        sorted(p.required()),
        sorted(p.permitted()),
        sorted(p.forbidden()),
        sorted(p.resources())
    )
}

fn in_situation(position: &Position, situation: Situation) -> Position {
    position
        .with_situation(situation)
        .expect("every position may be in situation now or impossible")
}

/// `Sol*`: a correct Solution with the Resources treated as Permitted (after
/// a P-claim, a C-claim from P or a No-Goal challenge, M69 3.4 D), or `None`
/// when none exists (proved by exhaustion).
pub fn solution_any(position: &Position) -> Option<String> {
    solve(&in_situation(position, Situation::Impossible)).text()
}

/// `Sol≤1`: a correct Solution with at most one more cube from Resources
/// (after an A-claim, a C-claim from A, or for the assertion, M69 3.4 D,
/// 3.4'(E)(5)(a)), or `None` when none exists.
pub fn solution_one_more(position: &Position) -> Option<String> {
    solve(&in_situation(position, Situation::Now)).text()
}

/// Whether a P-claim challenge of the play that led to `after` is correct:
/// no Solution can be built however the Resources are played (3.5 P; the
/// Mover's burden, 3.7 comment 2, cannot be sustained).
pub fn p_claim_is_correct(after: &Position) -> bool {
    solution_any(after).is_none()
}

/// Whether `alternative` meets 3.7 comment 3 from `before`: it "did not allow
/// a Solution to be built with at most one more cube from the Resources" and
/// "did not violate the P-claim".
fn avoids(before: &Position, alternative: &Play) -> bool {
    match apply_play(before, alternative) {
        Ok(y) => solution_one_more(&y).is_none() && solution_any(&y).is_some(),
        Err(_) => false,
    }
}

/// Whether an A-claim challenge of `play` from `before` is sustained with
/// the alternative the Challenger names (3.7 comments 2, 3; editions.md
/// Q21): after the play a Solution uses at most one more Resources cube, and
/// the alternative, a different play from the same position, would have
/// allowed none while keeping a Solution possible. A play or alternative that
/// cannot be made from `before` sustains nothing.
pub fn a_claim_is_correct(before: &Position, play: &Play, alternative: &Play) -> bool {
    let Ok(after) = apply_play(before, play) else {
        return false;
    };
    alternative != play && solution_one_more(&after).is_some() && avoids(before, alternative)
}

/// An alternative play that makes an A-claim against `play` correct, if the
/// play allows a Solution with at most one more cube and such an alternative
/// exists (in the order of [`plays`]).
pub fn a_claim_alternative(before: &Position, play: &Play) -> Option<Play> {
    let after = apply_play(before, play).ok()?;
    solution_one_more(&after)?;
    plays(before)
        .into_iter()
        .find(|alt| alt != play && avoids(before, alt))
}

/// Which claim `play` from `before` violates, if any: the P-claim when no
/// Solution remains possible, else the A-claim when it allows a Solution
/// with at most one more cube and some alternative play would not have. A
/// play that cannot be made from `before` is `None`.
pub fn is_flub(before: &Position, play: &Play) -> Option<FlubKind> {
    let after = apply_play(before, play).ok()?;
    if p_claim_is_correct(&after) {
        return Some(FlubKind::P);
    }
    a_claim_alternative(before, play).map(|_| FlubKind::A)
}

/// Whether "No Goal" is a Flub (3.5 A): some Goal of the digit cubes rolled
/// ([`goal_digits`]: those in Resources of `before_goal`) has a Solution
/// from all the Resources. Returns that Goal and a Solution (the Challenger's
/// burden, 3.7 comment 4: "set a Goal as well as build a Solution"), or
/// `None` when "No Goal" is correct.
pub fn no_goal_is_flub(before_goal: &Position) -> Option<(Goal, String)> {
    let mut seen: Vec<Vec<i64>> = Vec::new();
    for goal in goal_layouts(&goal_digits(before_goal)) {
        let values = goal.legal_values(false);
        if values.is_empty() || seen.contains(&values) {
            continue;
        }
        let p = with_goal(before_goal, &goal);
        if let Some(s) = solution_any(&p) {
            return Some((goal, s));
        }
        seen.push(values);
    }
    None
}

// ------------------------------------------------------------------ analysis

/// How one play stands against the C-A-P claims it makes (M69 3.5), as
/// `onsets analyze` prints it for a 1969 position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayClass {
    /// The P-claim is broken: after the play no Solution can be built however
    /// the Resources are played (3.5 P, comment 1).
    PFlub,
    /// The A-claim is broken: the play allows a Solution with at most one
    /// more cube from Resources, and another play from the same mat would
    /// have allowed none while keeping a Solution possible (3.5 A, 3.7
    /// comment 3); [`PlayJudgment::alternative`] names one.
    AFlub,
    /// The play allows a Solution with at most one more cube, but every other
    /// play breaks the P-claim or allows one too: "if possible" in the
    /// A-claim, no violation (3.5 comment 2).
    Forced,
    /// Neither claim is broken: a Solution is still possible and none uses
    /// at most one more cube.
    Safe,
}

impl PlayClass {
    pub const fn name(self) -> &'static str {
        match self {
            PlayClass::PFlub => "p-flub",
            PlayClass::AFlub => "a-flub",
            PlayClass::Forced => "forced",
            PlayClass::Safe => "safe",
        }
    }

    /// The claim broken, if any ([`PlayClass::Forced`] and
    /// [`PlayClass::Safe`] break none).
    pub const fn flub(self) -> Option<FlubKind> {
        match self {
            PlayClass::PFlub => Some(FlubKind::P),
            PlayClass::AFlub => Some(FlubKind::A),
            PlayClass::Forced | PlayClass::Safe => None,
        }
    }
}

impl fmt::Display for PlayClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One play from a mat, judged by [`classify_plays`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayJudgment {
    pub play: Play,
    pub class: PlayClass,
    /// For [`PlayClass::AFlub`], the first play (in the order of [`plays`])
    /// that would have allowed no Solution with one more cube and kept one
    /// possible; `None` otherwise.
    pub alternative: Option<Play>,
    /// `Sol≤1` after the play: a Solution with at most one more Resources
    /// cube ([`solution_one_more`]), if one exists.
    pub one_more: Option<String>,
    /// `Sol*` after the play: a Solution with the Resources treated as
    /// Permitted ([`solution_any`]), if one exists (`None` exactly for
    /// [`PlayClass::PFlub`]).
    pub any: Option<String>,
    /// The mat after the play (its situation as before it).
    pub after: Position,
}

/// Every play from `before` ([`plays`], one per distinct resulting mat, bonus
/// plays included: any player may make one, 3.3) judged against the A- and
/// P-claims: [`PlayClass::PFlub`] when `not Sol*(after)`; otherwise, when
/// `Sol≤1(after)`, [`PlayClass::AFlub`] if some other play reaches `Y` with
/// `not Sol≤1(Y)` and `Sol*(Y)`, else [`PlayClass::Forced`]; otherwise
/// [`PlayClass::Safe`]. The same verdicts as [`is_flub`] and
/// [`a_claim_alternative`] play by play, with each mat solved once.
pub fn classify_plays(before: &Position) -> Vec<PlayJudgment> {
    // Solutions found so far, tried with the checker before the solver for
    // `Sol*` (a play seldom destroys every Solution): a witness the checker
    // accepts proves a Solution exists, so the shortcut is exact.
    let mut pool: Vec<String> = Vec::new();
    let judged: Vec<(Play, Position, Option<String>, Option<String>)> = plays(before)
        .into_iter()
        .filter_map(|play| {
            let after = apply_play(before, &play).ok()?;
            let one_more = solution_one_more(&after);
            // Sol≤1 implies Sol*: a Solution with at most one more cube is
            // one with the Resources treated as Permitted.
            let any = match &one_more {
                Some(w) => Some(w.clone()),
                None => {
                    let open = in_situation(&after, Situation::Impossible);
                    match pool.iter().position(|w| check(&open, w).correct) {
                        Some(i) => Some(pool[i].clone()),
                        None => {
                            let w = solution_any(&after);
                            if let Some(w) = &w {
                                pool.insert(0, w.clone());
                                pool.truncate(POOL);
                            }
                            w
                        }
                    }
                }
            };
            Some((play, after, one_more, any))
        })
        .collect();
    let avoiding: Vec<&Play> = judged
        .iter()
        .filter(|(_, _, one, any)| one.is_none() && any.is_some())
        .map(|(play, ..)| play)
        .collect();
    judged
        .iter()
        .map(|(play, after, one_more, any)| {
            let (class, alternative) = if any.is_none() {
                (PlayClass::PFlub, None)
            } else if one_more.is_some() {
                match avoiding.iter().find(|alt| **alt != play) {
                    Some(alt) => (PlayClass::AFlub, Some((*alt).clone())),
                    None => (PlayClass::Forced, None),
                }
            } else {
                (PlayClass::Safe, None)
            };
            PlayJudgment {
                play: play.clone(),
                class,
                alternative,
                one_more: one_more.clone(),
                any: any.clone(),
                after: after.clone(),
            }
        })
        .collect()
}

/// How many earlier witnesses [`classify_plays`] tries with the checker.
const POOL: usize = 12;

/// One Goal the numeral cubes allow (3.1), judged as the Shaker's play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoalChoice {
    /// The first layout (in the order of [`goal_layouts`]) with these values.
    pub goal: Goal,
    pub values: Vec<i64>,
    /// `Sol*` with this Goal: a Solution from all the Resources, if one
    /// exists (the P-claim kept).
    pub any: Option<String>,
    /// `Sol≤1` with this Goal, if one exists (the A-claim at stake).
    pub one_more: Option<String>,
    /// The position with this Goal set ([`with_goal`]).
    pub position: Position,
}

impl GoalChoice {
    /// A Solution can be built (the P-claim kept).
    pub fn possible(&self) -> bool {
        self.any.is_some()
    }

    /// Possible, and no Solution with at most one more cube (both the A- and
    /// P-claims kept).
    pub fn safe(&self) -> bool {
        self.any.is_some() && self.one_more.is_none()
    }
}

/// Every Goal the digit cubes rolled ([`goal_digits`]) allow, one per
/// distinct value set (1969 has no Absolute Value), each with `Sol*` and
/// `Sol≤1` — the judgment of a Goal that `onsets review` makes of a 1969
/// game (`possible`, `safe`). "No Goal" is a Flub (3.5 A) exactly when some
/// choice is [`GoalChoice::possible`]; [`no_goal_is_flub`] answers that
/// alone, stopping at the first.
pub fn goal_choices(before_goal: &Position) -> Vec<GoalChoice> {
    let mut seen: Vec<Vec<i64>> = Vec::new();
    let mut out = Vec::new();
    for goal in goal_layouts(&goal_digits(before_goal)) {
        let values = goal.legal_values(false);
        if values.is_empty() || seen.contains(&values) {
            continue;
        }
        seen.push(values.clone());
        let position = with_goal(before_goal, &goal);
        let one_more = solution_one_more(&position);
        let any = match &one_more {
            Some(w) => Some(w.clone()),
            None => solution_any(&position),
        };
        out.push(GoalChoice {
            goal,
            values,
            any,
            one_more,
            position,
        });
    }
    out
}
