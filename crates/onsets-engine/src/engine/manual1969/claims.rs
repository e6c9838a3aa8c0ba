//! The C-A-P claims of M69 rule 3.5 as solver questions (editions.md §2.5).
//!
//! Let *Sol≤1(X)* mean that a Solution exists in position X using all of
//! Required, any of Permitted, none of Forbidden and at most one Resources
//! cube, and *Sol\*(X)* that one exists with Resources treated as Permitted.
//! Then (editions.md §2.5):
//!
//! * a **P violation** is a play after which not Sol\*(X) (rule 3.5 P);
//! * an **A violation** is a play after which Sol≤1(X) although some other
//!   play from the same position W reaches Y with not Sol≤1(Y) and Sol\*(Y)
//!   (rule 3.5 A, comment 2, 3.7 comment 3);
//! * a **No-Goal Flub** is "No Goal" when some Goal g has Sol\*(W with g)
//!   (rule 3.5 A, 3.1 comment 1).
//!
//! The engine asks these questions through the [`Claims`] trait.
//! [`ExactClaims`], the default, asks the exact 1969 checker and solver
//! (`onsets_core::check` and `onsets_solver::claims` under `edition:
//! Manual1969(form)`). [`SolverClaims`] is a second, independent
//! implementation: it asks the 2026-27 solver and checker on the same mat
//! read as a 2026-27 Middle position (Basic form: no Restrictions; Advanced:
//! Restrictions) and adds what 1969 allows and 2026-27 does not: one-cube
//! Solutions (M69 4.2-B P2, 4.1) and the fourth color written `O`
//! (editions.md §2.0); it refuses chained Restriction statements (Q14). In
//! the Basic form the two must agree on every position (a property test in
//! `tests/manual1969.rs`).

use onsets_core::{
    check, eval::set_table, CardSet, CubeList, Form1969, Goal, Position, Presentation, Situation,
    Symbol, ViolationKind,
};
use onsets_solver::analysis::{goal_layouts, with_goal};
use onsets_solver::Solver;
use std::collections::HashMap;

/// How many Resources cubes a Solution may use (M69 3.4 D, 3.4'(E)(5)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Allowance {
    /// At most one: after an A-claim, a C-claim stemming from A, or the
    /// assertion (3.4 D, 3.4'(E)(5)(a); editions.md Q25).
    AtMostOne,
    /// Any number: after a P-claim, a C-claim stemming from P, or a No-Goal
    /// challenge (3.4 D, 3.4'(E)(5)(b)).
    Any,
}

impl Allowance {
    /// The position situation that carries this allowance (editions.md §2.11:
    /// `now` is at most one Resources cube, `impossible` any).
    pub fn situation(self) -> Situation {
        match self {
            Allowance::AtMostOne => Situation::Now,
            Allowance::Any => Situation::Impossible,
        }
    }
}

/// The solver questions of the 1969 procedure. Positions are 1969 positions
/// (`edition: Manual1969(form)`) with their Goal set and no digit cubes in
/// Resources; the situation is ignored (the allowance says it).
pub trait Claims {
    /// A correct Solution of `x` under `allowance` (Sol≤1 or Sol\*), or `None`
    /// when none exists (proved by exhaustion).
    fn solution(&mut self, x: &Position, allowance: Allowance) -> Option<String>;
    /// Judges a written Solution of `x` under `allowance`: `Ok` when correct,
    /// otherwise the reasons.
    fn check(&mut self, x: &Position, allowance: Allowance, text: &str) -> Result<(), Vec<String>>;
    /// A Goal, from the digit cubes `digits`, with a Solution from all of
    /// `w`'s Resources (the No-Goal Flub, rule 3.5 A), or `None`.
    fn goal_with_solution(&mut self, w: &Position, digits: &[u8]) -> Option<(Goal, String)>;

    /// Sol\*(X): "It is still Possible for the remaining Resources to be so
    /// played that a Solution can be built" (rule 3.5 P).
    fn possible(&mut self, x: &Position) -> bool {
        self.solution(x, Allowance::Any).is_some()
    }
    /// Sol≤1(X): a Solution "with at most one more cube from Resources"
    /// (rule 3.5 A).
    fn within_one(&mut self, x: &Position) -> bool {
        self.solution(x, Allowance::AtMostOne).is_some()
    }
    /// Whether a position reached by a play keeps both claims a Mover can
    /// keep: not Sol≤1 (A) and Sol\* (P). This is what an A-claim
    /// Challenger's alternative play must reach (rule 3.7 comment 3).
    fn safe(&mut self, y: &Position) -> bool {
        !self.within_one(y) && self.possible(y)
    }
}

/// The [`Claims`] every 1969 host uses (`Game::apply`, the bots' games, the
/// server, the terminal game): one line to change when the exact 1969
/// checker and solver replace the interim implementation.
pub type DefaultClaims = ExactClaims;

/// The exact [`Claims`]: the 1969 checker (`onsets_core::check` under
/// `edition: Manual1969(form)`: one-cube Solutions, `O`, one relation per
/// Restriction Statement, none in Basic) and the 1969 solver
/// (`onsets_solver::claims::{solution_any, solution_one_more}`), both exact
/// and tested against a brute force per edition (docs/editions.md, "Checker
/// and solver").
#[derive(Default)]
pub struct ExactClaims {
    cache: HashMap<(String, bool), Option<String>>,
}

impl ExactClaims {
    pub fn new() -> Self {
        ExactClaims::default()
    }
}

/// `x` in the allowance's situation, with no digit cube in Resources (the
/// Goal's digits play no part in a Solution).
fn in_allowance(x: &Position, allowance: Allowance) -> Position {
    x.without_resource_digits()
        .with_situation(allowance.situation())
        .expect("now and impossible are every position's situations")
}

impl Claims for ExactClaims {
    fn solution(&mut self, x: &Position, allowance: Allowance) -> Option<String> {
        let p = in_allowance(x, allowance);
        let key = (p.to_json(), allowance == Allowance::Any);
        if let Some(hit) = self.cache.get(&key) {
            return hit.clone();
        }
        let found = match allowance {
            Allowance::Any => onsets_solver::claims::solution_any(&p),
            Allowance::AtMostOne => onsets_solver::claims::solution_one_more(&p),
        }
        .map(|t| print_1969(&t));
        if self.cache.len() > 4096 {
            self.cache.clear();
        }
        self.cache.insert(key, found.clone());
        found
    }

    fn check(&mut self, x: &Position, allowance: Allowance, text: &str) -> Result<(), Vec<String>> {
        let v = check(&in_allowance(x, allowance), text);
        if v.correct {
            Ok(())
        } else if v.errors.is_empty() {
            Err(vec!["the Solution names no number of cards".into()])
        } else {
            Err(v
                .errors
                .iter()
                .map(|e| print_1969(&e.to_string()))
                .collect())
        }
    }

    fn goal_with_solution(&mut self, w: &Position, digits: &[u8]) -> Option<(Goal, String)> {
        goal_with_solution(self, w, digits)
    }
}

/// A Goal of `digits` with a Solution from all of `w`'s Resources (the
/// No-Goal Flub, rule 3.5 A), asked of any [`Claims`].
fn goal_with_solution(
    claims: &mut dyn Claims,
    w: &Position,
    digits: &[u8],
) -> Option<(Goal, String)> {
    let base = w
        .with_resources(CubeList::new(
            w.resources()
                .iter()
                .filter(|s| !s.is_digit())
                .chain(digits.iter().map(|d| Symbol::Digit(*d)))
                .collect(),
        ))
        .ok()?;
    let mut seen: Vec<Vec<i64>> = Vec::new();
    for goal in goal_layouts(digits) {
        let values = goal.legal_values(false);
        if values.is_empty() || seen.contains(&values) {
            continue;
        }
        seen.push(values);
        let x = with_goal(&base, &goal);
        if let Some(s) = claims.solution(&x, Allowance::Any) {
            return Some((goal, s));
        }
    }
    None
}

/// The interim [`Claims`] over the 2026-27 solver and checker (see the
/// module documentation for exactly what it adds and refuses).
#[derive(Default)]
pub struct SolverClaims {
    solver: Solver,
    cache: HashMap<(String, bool), Option<String>>,
}

impl SolverClaims {
    pub fn new() -> Self {
        SolverClaims::default()
    }
}

/// The 1969 form of a position (Basic when the edition is not 1969).
fn form(x: &Position) -> Form1969 {
    x.edition().form().unwrap_or(Form1969::Basic)
}

/// The same mat as a 2026-27 Middle position: Basic On-Sets (no
/// Restrictions, = and ⊆ not in play) for the 1969 Basic form, Adventurous
/// with no variations (Restrictions) for Advanced.
pub fn as_2026(x: &Position, allowance: Allowance) -> Position {
    in_allowance(x, allowance)
        .manual1969_as_2026()
        .expect("a 1969 mat judged by 2026-27 keeps its cubes (the open kit)")
}

/// A one-cube Solution (M69 4.2-B P2: "single-cube Solutions are
/// permitted"; 4.1: in Basic only color cubes, in Advanced also V and Λ):
/// every Required cube is used, so Required is empty or that one cube.
/// Every allowance admits at least one Resources cube (3.4 D).
pub fn one_cube_solution(x: &Position) -> Option<String> {
    let values = x.goal().legal_values(false);
    if values.is_empty() {
        return None;
    }
    let advanced = form(x) == Form1969::Advanced;
    let usable = |s: &Symbol| match s {
        Symbol::Color(_) => true,
        Symbol::Universe | Symbol::Empty => advanced,
        _ => false,
    };
    let candidates: Vec<Symbol> = if x.required().is_empty() {
        x.permitted()
            .iter()
            .chain(x.resources().iter())
            .filter(usable)
            .collect()
    } else if x.required().len() == 1 {
        x.required().iter().filter(usable).collect()
    } else {
        Vec::new()
    };
    candidates.into_iter().find_map(|s| {
        let named = set_table(s)?.intersection(x.universe());
        values
            .contains(&(named.len() as i64))
            .then(|| print_1969(&s.canonical()))
    })
}

/// A Solution as 1969 writes it: the fourth color is orange (`O`).
pub fn print_1969(text: &str) -> String {
    text.replace('Y', "O")
}

/// A written 1969 Solution in the project's notation: `O` (orange) is the
/// fourth color, read as `Y` (editions.md §2.0).
pub fn read_1969(text: &str) -> String {
    text.replace('O', "Y")
}

impl Claims for SolverClaims {
    fn solution(&mut self, x: &Position, allowance: Allowance) -> Option<String> {
        if let Some(one) = one_cube_solution(x) {
            return Some(one);
        }
        let p = as_2026(x, allowance);
        let key = (p.to_json(), allowance == Allowance::Any);
        if let Some(hit) = self.cache.get(&key) {
            return hit.clone();
        }
        let found = self.solver.solve(&p).text().map(|t| print_1969(&t));
        if self.cache.len() > 4096 {
            self.cache.clear();
        }
        self.cache.insert(key, found.clone());
        found
    }

    fn check(&mut self, x: &Position, allowance: Allowance, text: &str) -> Result<(), Vec<String>> {
        let read = read_1969(text);
        let presentation = Presentation::parse(&read).map_err(|e| vec![e.to_string()])?;
        if presentation.solutions().len() != 1 {
            return Err(vec!["a 1969 Solution is one Solution (no `||`)".into()]);
        }
        let solution = &presentation.solutions()[0];
        if solution.restrictions().any(|r| r.relations().len() > 1) {
            return Err(vec![
                "a Restriction Statement is one relation between two Set-Names; chains are not defined in 1969 (M69 4.3-B; editions.md Q14)".into(),
            ]);
        }
        if form(x) == Form1969::Basic && solution.restrictions().next().is_some() {
            return Err(vec![
                "Basic ON-SETS has no Restriction Statements (M69 2.2, 3.4)".into(),
            ]);
        }
        let v = check(&as_2026(x, allowance), &read);
        // One cube is enough in 1969 (M69 4.2-B P2): the 2026-27 minimum of
        // two cubes (VII-B-4-a) is the one criterion dropped.
        let errors: Vec<String> = v
            .errors
            .iter()
            .filter(|e| e.code != ViolationKind::TooFewCubes)
            .map(|e| print_1969(&e.to_string()))
            .collect();
        if errors.is_empty() && !v.values.is_empty() {
            Ok(())
        } else if errors.is_empty() {
            Err(vec!["the Solution names no number of cards".into()])
        } else {
            Err(errors)
        }
    }

    fn goal_with_solution(&mut self, w: &Position, digits: &[u8]) -> Option<(Goal, String)> {
        goal_with_solution(self, w, digits)
    }
}

/// The cards a Universe of dealt card masks makes.
pub fn universe_of(masks: &[u8]) -> CardSet {
    masks
        .iter()
        .fold(CardSet::EMPTY, |s, m| CardSet(s.0 | (1u16 << m)))
}
