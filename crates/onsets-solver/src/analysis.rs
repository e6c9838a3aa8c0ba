//! Position analysis on top of the exact solver (docs/architecture.md):
//! achievable Goals and "no Goal" (III-D), the classification of every next
//! move (the C-A-P claims of the 1969 manual, section 3.5), challenge
//! adjudication (V), and the distinct sets of cards named by correct Solutions.
//!
//! Everything here is exact because it reduces to [`crate::solve`], which
//! decides solvability by exhaustion; every witness returned is a Solution the
//! solver found, and the tests check each against [`onsets_core::check`] on
//! the position it is claimed for.
//!
//! ## The C-A-P claims (manual 1969, 3.5) and the move classes
//! A Mover who moves claims:
//! * **C** — "On this turn I Cannot correctly challenge the previous move."
//!   (Not a property of the move: it is [`adjudicate`] applied to the position
//!   *before* the move.)
//! * **A** — "If possible, I am Avoiding by this move allowing a Solution to be
//!   built with at most one more cube from Resources." A move classified
//!   [`Class::NowWins`] breaks the A-claim unless every move does (the
//!   manual's comment 2: with two cubes left, one may have no choice).
//! * **P** — "It is still Possible for the remaining Resources to be so played
//!   that a Solution can be built." A move classified
//!   [`Class::ImpossibleWins`] breaks the P-claim.
//!
//! In the 2026-27 tournament rules these are the Now challenge (V-A-2) and
//! the Impossible challenge (V-A-1).

use crate::Solver;
use onsets_core::{
    check, CubeList, Goal, GoalDigit, GoalLayout, InForce, Position, PositionSetup, Section,
    Situation, Symbol, Variation,
};
use onsets_core::{Card, CardSet, Division};
use std::collections::{BTreeMap, HashMap};
use std::fmt;

// ------------------------------------------------------------------ Goals

/// One Goal the Goal-setter could set (III-B-1), with what it allows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoalOption {
    /// The layout, in its canonical form (see [`goal_layouts`]).
    pub goal: Goal,
    /// Its legal values (several under Absolute Value, XIII-B-9); never empty:
    /// a layout naming only negative numbers is no Goal at all (III-B).
    pub values: Vec<i64>,
    /// A correct Solution from all the Resources (the position with this Goal
    /// and situation Impossible: every Resources cube may be used, as after a
    /// challenge of "no Goal", III-D-2), or `None` when none exists.
    pub witness: Option<String>,
    /// The position the witness is claimed for: the analysed position with
    /// this Goal, its digit cubes out of Resources, situation Impossible.
    pub position: Position,
}

impl GoalOption {
    /// Whether a correct Solution exists for this Goal.
    pub fn solvable(&self) -> bool {
        self.witness.is_some()
    }
}

/// The digit cubes the Goal is set from: the digit cubes in Resources when
/// there are any (a position before the Goal is set, with a placeholder
/// Goal), otherwise the digits of the position's Goal (what else the
/// Goal-setter could have set from the same cubes).
pub fn goal_digits(position: &Position) -> Vec<u8> {
    let from_resources: Vec<u8> = position
        .resources()
        .iter()
        .filter_map(|s| match s {
            Symbol::Digit(d) => Some(d),
            _ => None,
        })
        .collect();
    if !from_resources.is_empty() {
        from_resources
    } else {
        position.goal().digits().iter().map(|g| g.digit).collect()
    }
}

fn key(g: &GoalDigit) -> (u8, bool) {
    (g.digit, g.upside_down)
}

/// Every legal Goal layout (III-B-1) of one to three of `digits` (each a digit
/// cube, so a digit listed once is used at most once), upside-down digits
/// included. Layouts that differ only by commuting operands (`3+2` and
/// `2+3`, the two lower cubes of a T, the two factors of an L) have the same
/// values under every reading and are listed once, in a canonical order.
/// Sorted by number of cubes, then layout, then text.
pub fn goal_layouts(digits: &[u8]) -> Vec<Goal> {
    let n = digits.len();
    let gd = |i: usize, flip: bool| {
        if flip {
            GoalDigit::flipped(digits[i])
        } else {
            GoalDigit::new(digits[i])
        }
    };
    let mut out: BTreeMap<(usize, u8, String), Goal> = BTreeMap::new();
    let mut add = |rank: u8, layout: GoalLayout| {
        let g = Goal::new(layout);
        let cubes = g.digits().len();
        out.entry((cubes, rank, g.to_string())).or_insert(g);
    };
    for a in 0..n {
        for fa in [false, true] {
            let da = gd(a, fa);
            add(0, GoalLayout::Single(da));
            for b in (0..n).filter(|&b| b != a) {
                for fb in [false, true] {
                    let db = gd(b, fb);
                    let mut p = [da, db];
                    p.sort_by_key(key);
                    add(1, GoalLayout::Sum2(p[0], p[1]));
                    add(2, GoalLayout::Product2(p[0], p[1]));
                    for c in (0..n).filter(|&c| c != a && c != b) {
                        for fc in [false, true] {
                            let dc = gd(c, fc);
                            let mut t = [da, db, dc];
                            t.sort_by_key(key);
                            add(1, GoalLayout::Sum3(t[0], t[1], t[2]));
                            add(2, GoalLayout::Product3(t[0], t[1], t[2]));
                            // L: (A × B) + C; A and B commute.
                            add(3, GoalLayout::L(p[0], p[1], dc));
                            // T: A × (B + C); B and C commute.
                            let mut bc = [db, dc];
                            bc.sort_by_key(key);
                            add(4, GoalLayout::T(da, bc[0], bc[1]));
                        }
                    }
                }
            }
        }
    }
    out.into_values().collect()
}

/// The position `position` with Goal `goal` set from its digit cubes: the
/// Goal's digit cubes leave Resources, any other digit cubes in Resources go
/// to Forbidden (III-B comment), and the situation is Impossible, so every
/// Resources cube may be used (III-D-2).
pub fn with_goal(position: &Position, goal: &Goal) -> Position {
    let mut used: Vec<u8> = goal.digits().iter().map(|g| g.digit).collect();
    let mut resources = Vec::new();
    let mut forbidden = position.forbidden().symbols().to_vec();
    for s in position.resources().iter() {
        match s {
            Symbol::Digit(d) => {
                if let Some(i) = used.iter().position(|&u| u == d) {
                    used.swap_remove(i);
                } else {
                    forbidden.push(s);
                }
            }
            _ => resources.push(s),
        }
    }
    position
        .edit(|p| {
            p.resources = CubeList::new(resources);
            p.forbidden = CubeList::new(forbidden);
            p.goal = goal.clone();
            p.situation = Situation::Impossible;
        })
        .expect("digit cubes moved and a Goal of them keep the position valid")
}

/// Every Goal the Goal-setter could set from [`goal_digits`] (see
/// [`achievable_goals_from`]).
pub fn achievable_goals(position: &Position) -> Vec<GoalOption> {
    achievable_goals_from(position, &goal_digits(position))
}

/// Every legal Goal layout of one to three of `digits` ([`goal_layouts`])
/// that names a whole number, with its legal values and a correct Solution
/// from all the other Resources when one exists. The solver depends on the
/// Goal only through its legal values (under Absolute Value, every reading),
/// so results are cached by value set: three cubes give about a hundred
/// layouts but only a few dozen value sets.
pub fn achievable_goals_from(position: &Position, digits: &[u8]) -> Vec<GoalOption> {
    achievable_goals_using(&mut Solver::new(), position, digits)
}

/// [`achievable_goals_from`] with the caller's [`Solver`] (its caches kept
/// from one position to the next; the answers and witnesses are the same as
/// with a new one, see [`Solver`]).
pub fn achievable_goals_using(
    solver: &mut Solver,
    position: &Position,
    digits: &[u8],
) -> Vec<GoalOption> {
    let absolute = InForce::of(position).absolute_value;
    let mut cache: HashMap<Vec<i64>, Option<String>> = HashMap::new();
    let mut out = Vec::new();
    for goal in goal_layouts(digits) {
        let values = goal.legal_values(absolute);
        if values.is_empty() {
            continue;
        }
        let p = with_goal(position, &goal);
        let witness = cache
            .entry(values.clone())
            .or_insert_with(|| solver.solve(&p).text())
            .clone();
        out.push(GoalOption {
            goal,
            values,
            witness,
            position: p,
        });
    }
    out
}

/// Whether a "no Goal" declaration (III-D) is correct: no legal Goal layout
/// of the digit cubes rolled ([`goal_digits`]) has a correct Solution from the
/// Resources. Stops at the first Goal value that has one.
pub fn no_goal_is_correct(position: &Position) -> bool {
    no_goal_is_correct_using(&mut Solver::new(), position)
}

/// [`no_goal_is_correct`] with the caller's [`Solver`] (the same answer as
/// with a new one, see [`Solver`]).
pub fn no_goal_is_correct_using(solver: &mut Solver, position: &Position) -> bool {
    let absolute = InForce::of(position).absolute_value;
    let mut seen: Vec<Vec<i64>> = Vec::new();
    for goal in goal_layouts(&goal_digits(position)) {
        let values = goal.legal_values(absolute);
        if values.is_empty() || seen.contains(&values) {
            continue;
        }
        if solver.solve(&with_goal(position, &goal)).is_solvable() {
            return false;
        }
        seen.push(values);
    }
    true
}

// ------------------------------------------------------------------ moves

/// What kind of regular move a [`Move`] makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A cube from Resources to Required, Permitted or Forbidden (IV-B).
    FromResources,
    /// A cube from Permitted to Required or Forbidden (XIII-A-7).
    ShiftFromPermitted,
}

/// One possible turn: an optional bonus move (IV-C: a Resources cube to
/// Forbidden) and a regular move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The face of the cube moved to Forbidden as a bonus move, if any.
    pub bonus: Option<Symbol>,
    pub kind: MoveKind,
    /// The face of the cube moved (cubes with the same face are interchangeable).
    pub cube: Symbol,
    /// Required, Permitted or Forbidden.
    pub to: Section,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(b) = self.bonus {
            write!(f, "bonus {b} → Forbidden, then ")?;
        }
        match self.kind {
            MoveKind::FromResources => write!(f, "{} → {}", self.cube, self.to),
            MoveKind::ShiftFromPermitted => {
                write!(f, "shift {} Permitted → {}", self.cube, self.to)
            }
        }
    }
}

/// How a move stands against the two challenges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// A Now challenge against the move would win: a correct Solution uses
    /// the mat and at most one more Resources cube (V-A-2). Breaks the
    /// 1969 A-claim (unless no move avoids it).
    NowWins,
    /// An Impossible challenge against the move would win: no correct
    /// Solution exists however the remaining Resources are played (V-A-1).
    /// Breaks the 1969 P-claim.
    ImpossibleWins,
    /// Neither challenge would win. (When a Now challenge would be invalid,
    /// V-A-2-a/b, a move after which a Solution needs at most one more cube
    /// is still safe from Now; see [`MoveClass::now_valid`].)
    Safe,
}

impl Class {
    pub const fn name(self) -> &'static str {
        match self {
            Class::NowWins => "now-wins",
            Class::ImpossibleWins => "impossible-wins",
            Class::Safe => "safe",
        }
    }
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A move with its class and witness.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveClass {
    pub mv: Move,
    pub class: Class,
    /// Whether a Now challenge against this move would be valid: after it at
    /// least two cubes remain in Resources (three under Two Solutions,
    /// XIII-D-14) and Required or Permitted holds a cube (V-A-2-a, V-A-2-b).
    pub now_valid: bool,
    /// For [`Class::NowWins`], a Solution using at most one Resources cube
    /// (`position` has situation Now); for [`Class::Safe`], a Solution that
    /// is still possible with any Resources cubes (`position` has situation
    /// Impossible, or Forceout when the move played the last cube); `None`
    /// for [`Class::ImpossibleWins`].
    pub witness: Option<String>,
    /// The position after the move, in the situation the witness is for.
    pub position: Position,
}

/// Which moves to list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveOptions {
    /// List turns with a bonus move (IV-C; a Mover leading in the match may
    /// not make one, IV-C-2, and the position does not record the score).
    pub bonus: bool,
}

impl Default for MoveOptions {
    fn default() -> Self {
        MoveOptions { bonus: true }
    }
}

fn non_digit_count(list: &CubeList) -> usize {
    list.iter().filter(|s| !s.is_digit()).count()
}

fn distinct_faces(list: &CubeList) -> Vec<Symbol> {
    let mut v: Vec<Symbol> = list.iter().filter(|s| !s.is_digit()).collect();
    v.sort();
    v.dedup();
    v
}

fn remove_one(list: &mut CubeList, s: Symbol) {
    let present = list.take(s);
    assert!(present, "cube present");
}

fn section_mut(p: &mut PositionSetup, s: Section) -> &mut CubeList {
    match s {
        Section::Required => &mut p.required,
        Section::Permitted => &mut p.permitted,
        Section::Forbidden => &mut p.forbidden,
        Section::Resources => &mut p.resources,
        Section::Goal => unreachable!("no cube is moved to the Goal in play"),
    }
}

/// Whether Shift from Permitted (XIII-A-7) is in force for the position.
pub fn shift_in_force(position: &Position) -> bool {
    position.adventurous()
        && position
            .variations()
            .contains(&Variation::ShiftFromPermitted)
}

/// Whether a cube with face `s` may go to Forbidden from Resources when `left`
/// non-digit cubes are in Resources before it moves: never the last cube
/// (VIII-A); = and ⊆ only when four or fewer remain, in divisions where they
/// are Restriction symbols (IV-D).
fn may_forbid(restrictions: bool, s: Symbol, left: usize) -> bool {
    left >= 2 && !(restrictions && s.is_relation() && left > 4)
}

/// Every legal turn from `position` (a position in play: its `situation` is
/// ignored), with [`MoveOptions::default`] (bonus moves included). See
/// [`legal_moves_with`].
pub fn legal_moves(position: &Position) -> Vec<Move> {
    legal_moves_with(position, MoveOptions::default())
}

/// Every legal turn from `position`: each distinct non-digit Resources face to
/// Required, Permitted or Forbidden (digit cubes are not moved; OS-C1), the
/// same after a bonus move (IV-C: a Resources cube to Forbidden first), and,
/// when Shift from Permitted is in force, each distinct Permitted face to
/// Required or Forbidden (XIII-A-7), also after a bonus move (comment a).
/// Rules applied: the last Resources cube never goes to Forbidden (VIII-A),
/// so a bonus move needs two cubes in Resources; = and ⊆ go to Forbidden only
/// when four or fewer cubes remain in Resources, counted before the cube
/// moves, where they are Restriction symbols (IV-D; the same count as the
/// engine's); a shift is a regular move, so no shift with one cube left in
/// Resources (VIII-A: move it or challenge Impossible) nor after the last
/// cube was played; = and ⊆ are never shifted to Forbidden (XIII-B-7).
pub fn legal_moves_with(position: &Position, options: MoveOptions) -> Vec<Move> {
    let restrictions = InForce::of(position).restrictions;
    let shift = shift_in_force(position);
    let left = non_digit_count(position.resources());
    let mut out = Vec::new();
    let regular = |p: &Position, bonus: Option<Symbol>, out: &mut Vec<Move>| {
        let left = non_digit_count(p.resources());
        for s in distinct_faces(p.resources()) {
            for to in [Section::Required, Section::Permitted, Section::Forbidden] {
                if to == Section::Forbidden && !may_forbid(restrictions, s, left) {
                    continue;
                }
                out.push(Move {
                    bonus,
                    kind: MoveKind::FromResources,
                    cube: s,
                    to,
                });
            }
        }
        if shift && left >= 2 {
            for s in distinct_faces(p.permitted()) {
                for to in [Section::Required, Section::Forbidden] {
                    if to == Section::Forbidden && restrictions && s.is_relation() {
                        continue;
                    }
                    out.push(Move {
                        bonus,
                        kind: MoveKind::ShiftFromPermitted,
                        cube: s,
                        to,
                    });
                }
            }
        }
    };
    regular(position, None, &mut out);
    if options.bonus {
        for b in distinct_faces(position.resources()) {
            if !may_forbid(restrictions, b, left) {
                continue;
            }
            let p = position
                .edit(|p| {
                    remove_one(&mut p.resources, b);
                    p.forbidden.push(b);
                })
                .expect("a cube moved keeps the position valid");
            regular(&p, Some(b), &mut out);
        }
    }
    out
}

/// The position after `mv` (its situation unchanged).
pub fn apply_move(position: &Position, mv: &Move) -> Position {
    position
        .edit(|p| {
            if let Some(b) = mv.bonus {
                remove_one(&mut p.resources, b);
                p.forbidden.push(b);
            }
            let from = match mv.kind {
                MoveKind::FromResources => Section::Resources,
                MoveKind::ShiftFromPermitted => Section::Permitted,
            };
            remove_one(section_mut(p, from), mv.cube);
            section_mut(p, mv.to).push(mv.cube);
        })
        .expect("cubes moved keep the position valid")
}

/// Whether a Now challenge is valid in `position` (V-A-2-a: at least two
/// cubes in Resources, three under Two Solutions, XIII-D-14; V-A-2-b: a cube
/// in Required or Permitted). Digit cubes are not counted.
pub fn now_challenge_valid(position: &Position) -> bool {
    let need = if InForce::of(position).two_solutions {
        3
    } else {
        2
    };
    non_digit_count(position.resources()) >= need
        && non_digit_count(position.required()) + non_digit_count(position.permitted()) > 0
}

fn sorted(p: &Position) -> String {
    let q = p
        .edit(|q| {
            for l in [
                &mut q.required,
                &mut q.permitted,
                &mut q.forbidden,
                &mut q.resources,
            ] {
                l.sort();
            }
        })
        .expect("cubes sorted keep the position valid");
    q.to_json()
}

/// Every legal turn ([`legal_moves`]) classified; see
/// [`classify_moves_with`].
pub fn classify_moves(position: &Position) -> Vec<MoveClass> {
    classify_moves_with(position, MoveOptions::default())
}

/// Every legal turn from `position` ([`legal_moves_with`]) classified:
/// [`Class::NowWins`] when a Now challenge would be valid after it and
/// `solve` finds a Solution in situation Now; otherwise
/// [`Class::ImpossibleWins`] when `solve` finds none in situation Impossible
/// (Forceout when the move played the last cube); otherwise [`Class::Safe`].
/// Turns reaching the same mat are solved once.
pub fn classify_moves_with(position: &Position, options: MoveOptions) -> Vec<MoveClass> {
    classify_moves_using(&mut Solver::new(), position, options)
}

/// [`classify_moves_with`] with the caller's [`Solver`] (its caches kept from
/// one position to the next; the answers and witnesses are the same as with
/// a new one, see [`Solver`]).
pub fn classify_moves_using(
    solver: &mut Solver,
    position: &Position,
    options: MoveOptions,
) -> Vec<MoveClass> {
    let mut c = Classifier::new(solver, position);
    legal_moves_with(position, options)
        .into_iter()
        .map(|mv| c.classify(mv))
        .collect()
}

/// The first legal turn (in [`legal_moves_with`] order) whose class is
/// [`Class::Safe`], classified as [`classify_moves_using`] classifies it
/// (the same class and witness), without classifying the turns after it.
pub fn first_safe_move(
    solver: &mut Solver,
    position: &Position,
    options: MoveOptions,
) -> Option<MoveClass> {
    let mut c = Classifier::new(solver, position);
    legal_moves_with(position, options)
        .into_iter()
        .map(|mv| c.classify(mv))
        .find(|m| m.class == Class::Safe)
}

/// What the classification of the turns from one position keeps from one
/// turn to the next (see [`classify_moves_with`]).
struct Classifier<'a> {
    solver: &'a mut Solver,
    position: &'a Position,
    /// The class of each mat met, by the mat with each section sorted.
    cache: HashMap<String, (Class, bool, Option<String>, Position)>,
    /// Solutions found so far, tried with the checker before the solver on
    /// the next positions (a move seldom destroys every Solution): a witness
    /// the checker accepts proves a Solution exists, so this shortcut is
    /// exact.
    pool: Vec<String>,
}

impl<'a> Classifier<'a> {
    fn new(solver: &'a mut Solver, position: &'a Position) -> Self {
        let mut pool = Vec::new();
        let before = position
            .with_situation(impossible_or_forceout(position))
            .expect("Impossible, or Forceout where it is valid (VIII)");
        if let Some(w) = solver.solve(&before).text() {
            pool.push(w);
        }
        Classifier {
            solver,
            position,
            cache: HashMap::new(),
            pool,
        }
    }

    fn classify(&mut self, mv: Move) -> MoveClass {
        let after = apply_move(self.position, &mv);
        let (class, now_valid, witness, p) = self
            .cache
            .entry(sorted(&after))
            .or_insert_with(|| classify_after(self.solver, after, &mut self.pool))
            .clone();
        MoveClass {
            mv,
            class,
            now_valid,
            witness,
            position: p,
        }
    }
}

/// The situation in which a mat is judged at the end of a turn: Forceout
/// when the last cube has been played (VIII), else Impossible. An edition
/// without a forceout (the 1969 game, editions.md §2.11) judges an emptied
/// Resources as Impossible (any Resources cube: there are none).
fn impossible_or_forceout(p: &Position) -> Situation {
    if non_digit_count(p.resources()) == 0 && p.with_situation(Situation::Forceout).is_ok() {
        Situation::Forceout
    } else {
        Situation::Impossible
    }
}

/// How many earlier witnesses [`classify_moves_with`] tries with the checker.
const POOL: usize = 12;

fn classify_after(
    solver: &mut Solver,
    mut after: Position,
    pool: &mut Vec<String>,
) -> (Class, bool, Option<String>, Position) {
    let now_valid = now_challenge_valid(&after);
    if now_valid {
        after = after
            .with_situation(Situation::Now)
            .expect("every position may be in situation Now");
        if let Some(w) = solver.solve(&after).text() {
            return (Class::NowWins, true, Some(w), after);
        }
    }
    after = after
        .with_situation(impossible_or_forceout(&after))
        .expect("Impossible, or Forceout where it is valid (VIII)");
    if let Some(i) = pool.iter().position(|w| check(&after, w).correct) {
        let w = pool.remove(i);
        pool.insert(0, w.clone());
        return (Class::Safe, now_valid, Some(w), after);
    }
    match solver.solve(&after).text() {
        None => (Class::ImpossibleWins, now_valid, None, after),
        Some(w) => {
            pool.insert(0, w.clone());
            pool.truncate(POOL);
            (Class::Safe, now_valid, Some(w), after)
        }
    }
}

// ------------------------------------------------------------------ challenges

/// A challenge (V-A).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Challenge {
    /// A Solution with the mat and at most one Resources cube (V-A-2).
    Now,
    /// No Solution however the Resources are played (V-A-1).
    Impossible,
}

/// Who is right about a challenge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Adjudication {
    /// Whether the Challenger's claim is true. An invalid Now challenge
    /// (V-A-2-a, V-A-2-b) is never right: it is set aside (V-B).
    pub challenger_right: bool,
    /// A correct Solution in the challenge's situation when one exists: for
    /// Now it proves the Challenger right, for Impossible it proves the
    /// Challenger wrong. `None` when no Solution exists (or the challenge is
    /// invalid).
    pub witness: Option<String>,
    /// Whether the challenge is valid (always, for Impossible).
    pub valid: bool,
}

/// Adjudicates `challenge` made against the last move of `position` (the mat
/// as it stands; `position.situation` is ignored): the witness, if any, is
/// correct for `position` with the situation set to Now or Impossible
/// (Forceout when Resources is empty).
pub fn adjudicate(position: &Position, challenge: Challenge) -> Adjudication {
    adjudicate_with(&mut Solver::new(), position, challenge)
}

/// [`adjudicate`] with the caller's [`Solver`] (its caches kept from one
/// position to the next; the answer and witness are the same as with a new
/// one, see [`Solver`]).
pub fn adjudicate_with(
    solver: &mut Solver,
    position: &Position,
    challenge: Challenge,
) -> Adjudication {
    let mut p = position.clone();
    match challenge {
        Challenge::Now => {
            if !now_challenge_valid(position) {
                return Adjudication {
                    challenger_right: false,
                    witness: None,
                    valid: false,
                };
            }
            p = p
                .with_situation(Situation::Now)
                .expect("every position may be in situation Now");
            let witness = solver.solve(&p).text();
            Adjudication {
                challenger_right: witness.is_some(),
                witness,
                valid: true,
            }
        }
        Challenge::Impossible => {
            p = p
                .with_situation(impossible_or_forceout(&p))
                .expect("Impossible, or Forceout where it is valid (VIII)");
            let witness = solver.solve(&p).text();
            Adjudication {
                challenger_right: witness.is_none(),
                witness,
                valid: true,
            }
        }
    }
}

// ------------------------------------------------------------------ solution sets

/// One set of cards named by correct Solutions, with an example.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolutionSet {
    /// The cards of the Universe the Solution's Set-Name (after its
    /// Restrictions) names.
    pub cards: CardSet,
    /// A correct Solution of the analysed position naming exactly `cards`.
    pub example: String,
}

/// Why [`solution_sets`] cannot answer for a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsupported(pub String);

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The distinct sets of cards named by correct Solutions of `position`, each
/// with an example, in order of discovery (cards in mask order, "in" before
/// "out"); at most `limit` sets (the `bool` is true when the listing stopped
/// at the limit).
///
/// The method is exact: a depth-first search over the cards of the Universe
/// that, at each card, asks [`solve`] whether a correct Solution exists whose
/// set contains (or does not contain) each card decided so far. The
/// constraint is expressed with the Required Card and Forbidden Card
/// variations (XIII-C-11), whose checker and solver criteria are exactly
/// "the card is (not) in the set named"; a branch with no Solution is cut, and
/// each leaf is one set, with the solver's Solution as its example (a
/// correct Solution of the original position too: the added variations only
/// add criteria; debug builds assert it with the checker). The number of
/// solver calls is at most twice the number of sets times the number of
/// cards. A Basic position is analysed as the same
/// position in Adventurous Elementary with no variation, which has the same
/// correct Solutions (no variation, no Restrictions in either), so that the
/// card variations can be added.
///
/// Not supported (an [`Unsupported`] error): Blank Card Wild (the blank
/// card's colors make "the set named" ambiguous between physical and
/// effective cards) and Two Solutions (a Solution names two sets).
pub fn solution_sets(
    position: &Position,
    limit: usize,
) -> Result<(Vec<SolutionSet>, bool), Unsupported> {
    let rules = InForce::of(position);
    if position.edition() != onsets_core::Edition::Tournament2026
        && !(position.edition() == onsets_core::Edition::Mlag2019 && position.adventurous())
    {
        // The card variations this method adds do not exist in MLAG Basic
        // 2019-20 or in 1969 (docs/editions.md).
        return Err(Unsupported(format!(
            "listing solution sets is supported for 2026-27 and MLAG Adventurous 2019-20, not {}",
            match position.edition() {
                onsets_core::Edition::Mlag2019 => "MLAG Basic 2019-20",
                _ => "1969",
            }
        )));
    }
    if rules.blank_card_wild {
        return Err(Unsupported(
            "listing solution sets is not supported with Blank Card Wild in force".into(),
        ));
    }
    if rules.two_solutions {
        return Err(Unsupported(
            "listing solution sets is not supported with Two Solutions in force".into(),
        ));
    }
    let mut base = position.clone();
    if !base.adventurous() {
        base = base
            .edit(|b| {
                b.adventurous = true;
                b.division = Division::Elementary;
                b.variations.clear();
            })
            .map_err(|e| Unsupported(format!("the position as an Adventurous one: {e}")))?;
    }
    let cards: Vec<Card> = position.universe().iter().collect();
    let mut out = Vec::new();
    let mut st = SetSearch {
        solver: Solver::new(),
        original: position,
        base: &base,
        cards: &cards,
        rules: &rules,
        limit,
        out: &mut out,
        truncated: false,
    };
    if !cards.is_empty() && st.solver.solve(position).is_solvable() {
        st.dfs(0, &mut Vec::new());
    }
    let truncated = st.truncated;
    Ok((out, truncated))
}

struct SetSearch<'a> {
    solver: Solver,
    original: &'a Position,
    base: &'a Position,
    cards: &'a [Card],
    rules: &'a InForce,
    limit: usize,
    out: &'a mut Vec<SolutionSet>,
    truncated: bool,
}

impl SetSearch<'_> {
    fn constrained(&self, choice: &[bool]) -> Position {
        self.base
            .with_card_criteria(self.cards.iter().copied().zip(choice.iter().copied()))
            .expect("the base position is Adventurous 2026-27 or 2019-20")
    }

    /// `choice` decides the first `choice.len()` cards; a Solution exists for it.
    fn dfs(&mut self, i: usize, choice: &mut Vec<bool>) {
        let card = self.cards[i];
        for inside in [true, false] {
            if self.out.len() >= self.limit {
                self.truncated = true;
                return;
            }
            // Cards already required or forbidden by the position's own
            // variations have one branch only.
            if (inside && self.rules.forbidden_cards.contains(&card))
                || (!inside && self.rules.required_cards.contains(&card))
            {
                continue;
            }
            choice.push(inside);
            let constrained = self.constrained(choice);
            if let Some(example) = self.solver.solve(&constrained).text() {
                if i + 1 == self.cards.len() {
                    debug_assert!(check(self.original, &example).correct);
                    let cards = self
                        .cards
                        .iter()
                        .zip(choice.iter())
                        .filter(|(_, &inside)| inside)
                        .fold(CardSet::EMPTY, |s, (c, _)| s.with(*c));
                    self.out.push(SolutionSet { cards, example });
                } else {
                    self.dfs(i + 1, choice);
                }
            }
            choice.pop();
        }
    }
}
