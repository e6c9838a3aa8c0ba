//! Ruling on Solutions and objections with the exact checker of onsets-core
//! (VII-B, VII-C-5, VII-C-6).

use crate::model::{ChallengeKind, GoalSpec, Objection};
use crate::state::{Match, Presented, WritingKind};
use onsets_core::eval::{eval_unambiguous, interpretations, Semantics};
use onsets_core::{
    check_presentation, CardSet, Expr, Goal, InForce, Part, Position, Presentation, Situation,
    Symbol, Verdict, Violation, ViolationKind,
};

/// The situation Solutions are judged in after `kind` (VII-A, VIII, XI-B-2,
/// III-D-2): Now after a Now challenge; Impossible after an Impossible or a
/// "no Goal" challenge; forceout; end of round.
pub fn situation_of(kind: &WritingKind) -> Situation {
    match kind {
        WritingKind::Challenge {
            challenge: ChallengeKind::Now,
            ..
        } => Situation::Now,
        WritingKind::Challenge { .. } | WritingKind::NoGoal { .. } => Situation::Impossible,
        WritingKind::Forceout { .. } => Situation::Forceout,
        WritingKind::EndOfRound => Situation::EndOfRound,
    }
}

impl Match {
    /// The position a presented Solution is judged in after `kind`, or why it
    /// cannot be judged: the mat as it is now, in the situation of
    /// [`situation_of`], with the Goal set (III-B) or, after a "no Goal"
    /// challenge, the Goal the writer wrote with digit cubes from Resources
    /// (III-D-2).
    pub fn judging_position(&self, kind: &WritingKind, p: &Presented) -> Result<Position, String> {
        let goal: Goal = match kind {
            WritingKind::NoGoal { .. } => {
                // III-D-2: the writer writes the Goal's configuration too, with
                // digit cubes from Resources.
                let spec: &GoalSpec = p.goal.as_ref().ok_or(
                    "after a \"no Goal\" challenge the Solution must include the Goal (III-D-2)",
                )?;
                let g = spec.goal()?;
                let mut faces: Vec<u8> = self
                    .cubes
                    .iter()
                    .filter(|c| c.place == crate::model::Place::Resources)
                    .filter_map(|c| match c.face {
                        Symbol::Digit(d) => Some(d),
                        _ => None,
                    })
                    .collect();
                for d in g.digits() {
                    match faces.iter().position(|x| *x == d.digit) {
                        Some(i) => {
                            faces.remove(i);
                        }
                        None => {
                            return Err(format!(
                                "no digit cube showing {} is in Resources (III-D-2)",
                                d.digit
                            ))
                        }
                    }
                }
                g
            }
            _ => self
                .goal
                .as_ref()
                .and_then(|g| g.goal().ok())
                .ok_or("no Goal was set")?,
        };
        Ok(self.position(situation_of(kind), goal))
    }

    /// The exact checker's verdict on a presented Solution (VII-B): a
    /// Solution that cannot be judged (a missing or unbuildable Goal after a
    /// "no Goal" challenge) has no legal interpretation (VII-C-5-a).
    pub fn verdict_on(&self, kind: &WritingKind, p: &Presented) -> Verdict {
        match self.judging_position(kind, p) {
            Ok(pos) => onsets_core::check(&pos, &p.solution),
            Err(e) => Verdict {
                correct: false,
                values: Vec::new(),
                errors: vec![Violation::new(ViolationKind::GoalIllegal, "III-D-2", e)],
                counterexample: None,
                goal_values: Vec::new(),
                notes: Vec::new(),
            },
        }
    }
}

/// Judge mode (VII-C-6): the verdict, whether the Solution is correct, and
/// the reasons when it is not.
pub fn rule(m: &Match, kind: &WritingKind, p: &Presented) -> (Verdict, bool, Vec<String>) {
    let pos = match m.judging_position(kind, p) {
        Ok(x) => x,
        Err(e) => return (m.verdict_on(kind, p), false, vec![e]),
    };
    let v = onsets_core::check(&pos, &p.solution);
    let reasons = v.errors.iter().map(|e| e.to_string()).collect();
    (v.clone(), v.correct, reasons)
}

/// The ground of VII-C-5 (or the criterion of VII-B) a checker's error code
/// falls under. An objection is upheld only on its own ground (VII-C-4,
/// VII-C-5; docs/rulings.md): `goal_illegal` covers the Goal's legality (a),
/// `wrong_value` the value (b), `undefined` meaningless symbols (d), and
/// `variation` the variations (e) together with the other criteria of VII-B
/// (the parts, VII-B-1, 2, and the cube rules, VII-B-4). Ambiguity (c) is
/// proved only by a grouping.
pub fn ground_of(code: ViolationKind) -> Option<Ground> {
    Some(match code {
        ViolationKind::GoalIllegal | ViolationKind::GoalNegative => Ground::GoalIllegal,
        ViolationKind::WrongValue => Ground::WrongValue,
        ViolationKind::Undefined => Ground::Undefined,
        ViolationKind::Ambiguous | ViolationKind::TooComplex => return None,
        _ => Ground::Variation,
    })
}

/// The grounds of an objection (VII-C-5 a–e), spelled as the objections of
/// the protocol (`goal_illegal`, `wrong_value`, …) by [`Ground::as_str`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Ground {
    /// VII-C-5-a: the Goal is not legal.
    GoalIllegal,
    /// VII-C-5-b: the Solution does not have the Goal's value.
    WrongValue,
    /// VII-C-5-c: the Solution is ambiguous.
    Ambiguous,
    /// VII-C-5-d: a symbol has no defined meaning.
    Undefined,
    /// VII-C-5-e and the other criteria of VII-B.
    Variation,
}

impl Ground {
    /// The spelling of the wire format (and of the judges' explanations).
    pub const fn as_str(self) -> &'static str {
        match self {
            Ground::GoalIllegal => "goal_illegal",
            Ground::WrongValue => "wrong_value",
            Ground::Ambiguous => "ambiguous",
            Ground::Undefined => "undefined",
            Ground::Variation => "variation",
        }
    }
}

impl std::fmt::Display for Ground {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The objection that shows a checker's error on its own ground (the one
/// [`objection`] upholds), or `None` for ambiguity, which only a grouping
/// proves (VII-C-5-c).
pub fn objection_for(code: ViolationKind) -> Option<Objection> {
    Some(match ground_of(code)? {
        Ground::GoalIllegal => Objection::GoalIllegal,
        Ground::WrongValue => Objection::WrongValue,
        Ground::Undefined => Objection::Undefined,
        _ => Objection::Variation,
    })
}

fn objection_ground(o: &Objection) -> Ground {
    match o {
        Objection::GoalIllegal => Ground::GoalIllegal,
        Objection::WrongValue => Ground::WrongValue,
        Objection::Ambiguous { .. } => Ground::Ambiguous,
        Objection::Undefined => Ground::Undefined,
        Objection::Variation => Ground::Variation,
    }
}

/// Rules on an objection (VII-C-5): upheld or not, and why. An objection is
/// upheld only when the Solution breaks a criterion of the objection's own
/// ground; a Solution wrong for a reason nobody raised stands (VII-C-4: "A
/// Solution is correct if no opponent shows that it is incorrect").
pub fn objection(m: &Match, kind: &WritingKind, p: &Presented, o: &Objection) -> (bool, String) {
    let pos = match m.judging_position(kind, p) {
        Ok(x) => x,
        // The Goal written after a "no Goal" challenge is missing or cannot
        // be built: it has no legal interpretation (ground a).
        Err(e) => return (matches!(o, Objection::GoalIllegal), e),
    };
    match o {
        Objection::Ambiguous { grouping } => match ambiguity(&pos, &p.solution, grouping) {
            Ok(reason) => (true, reason),
            Err(reason) => (false, reason),
        },
        _ => {
            let v = onsets_core::check(&pos, &p.solution);
            let g = objection_ground(o);
            // VII-C-6-b: ambiguity not raised by the checkers does not make
            // the Solution wrong; nor does any other ground not raised.
            let errs: Vec<String> = v
                .errors
                .iter()
                .filter(|e| ground_of(e.code) == Some(g))
                .map(|e| e.to_string())
                .collect();
            if errs.is_empty() {
                (
                    false,
                    format!("the Solution was not shown to be incorrect on this ground ({g})"),
                )
            } else {
                (true, errs.join("; "))
            }
        }
    }
}

/// VII-C-5-c: the objection's grouping must be a legal interpretation of the
/// Solution (the same symbols, grouped so that every chain is split as one of
/// its interpretations), and that interpretation must be incorrect.
pub fn ambiguity(pos: &Position, solution: &str, grouping: &str) -> Result<String, String> {
    let sol = Presentation::parse_with(solution, pos.parse_options())
        .map_err(|e| format!("the Solution does not parse: {e}"))?;
    let grp = Presentation::parse_with(grouping, pos.parse_options())
        .map_err(|e| format!("the grouping does not parse: {e}"))?;
    let sem = Semantics {
        symmetric_difference: InForce::of(pos).symmetric_difference,
    };
    if sol.solutions().len() != grp.solutions().len() {
        return Err("the grouping does not have the Solution's parts".into());
    }
    for (a, b) in sol.solutions().iter().zip(grp.solutions()) {
        if a.parts().len() != b.parts().len() {
            return Err("the grouping does not have the Solution's parts".into());
        }
        for (pa, pb) in a.parts().iter().zip(b.parts()) {
            match (pa, pb) {
                (Part::SetName(x), Part::SetName(y)) => same_reading(x, y, sem)?,
                (Part::Restriction(x), Part::Restriction(y)) => {
                    if x.relations()
                        .iter()
                        .map(|w| w.meaning)
                        .ne(y.relations().iter().map(|w| w.meaning))
                        || x.sides().len() != y.sides().len()
                    {
                        return Err("the grouping changes a Restriction".into());
                    }
                    for (sx, sy) in x.sides().iter().zip(y.sides()) {
                        same_reading(sx, sy, sem)?;
                    }
                }
                (Part::Blank(x), Part::Blank(y)) if x == y => {}
                _ => return Err("the grouping does not have the Solution's parts".into()),
            }
        }
    }
    let v = check_presentation(pos, &grp);
    if v.correct {
        Err(format!(
            "grouped as {grouping} the Solution is still correct"
        ))
    } else {
        Ok(format!(
            "grouped as {grouping}: {}",
            v.errors
                .iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join("; ")
        ))
    }
}

fn same_reading(x: &Expr, y: &Expr, sem: Semantics) -> Result<(), String> {
    let sx: Vec<_> = x.symbols().iter().map(|w| (w.meaning, w.cube)).collect();
    let sy: Vec<_> = y.symbols().iter().map(|w| (w.meaning, w.cube)).collect();
    if sx != sy {
        return Err(format!("{y} does not have the symbols of {x} in order"));
    }
    if y.is_ambiguous() {
        return Err(format!("{y} is itself ambiguous: group it fully"));
    }
    let t = eval_unambiguous(y, sem).ok_or_else(|| format!("{y} has no defined meaning"))?;
    if interpretations(x, sem, CardSet::ALL)
        .iter()
        .any(|(u, _)| *u == t)
    {
        Ok(())
    } else {
        Err(format!("{y} is not a legal interpretation of {x}"))
    }
}
