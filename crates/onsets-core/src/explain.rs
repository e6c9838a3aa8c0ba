//! The explanation of a verdict (`onsets check --explain`, docs/notation.md
//! "Explanations"): what
//! each sub-expression of the Set-Name names, what each Restriction removes,
//! the value of every interpretation of an ambiguous chain (VII-B-6), which
//! cube each written symbol used (VII-B-4, from [`CubeUse::assignment`]) and,
//! for every violated criterion, its rule section and the shortest fact that
//! shows it.
//!
//! The verdict is always [`crate::check`]'s own: the explanation adds detail
//! and never judges. Pure: no I/O.

use crate::budget::{self, BudgetError};
use crate::card::{Card, CardSet};
use crate::check::check;
use crate::cubes::{CubeUse, PartKind};
use crate::eval::{Interpretations, RestrictionReadings, Semantics, TooMuchWork, Work};
use crate::in_force::InForce;
use crate::position::Position;
use crate::solution::{Expr, Presentation, Restriction, Solution, Written};
use crate::verdict::{Rule, Verdict, ViolationKind};
use serde::{Serialize, Serializer};
use std::collections::HashSet;
use std::fmt;

/// More readings than this are not listed (the verdict still covers all).
const MAX_READINGS: usize = 64;

/// Cards as a list of their names (`["BR", "G"]`), in mask order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cards(pub CardSet);

impl Serialize for Cards {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(|c: Card| c.to_string()))
    }
}

impl fmt::Display for Cards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            f.write_str("no cards")
        } else {
            write!(f, "{}", self.0)
        }
    }
}

/// The explanation of a verdict.
#[derive(Clone, Debug, Serialize)]
pub struct Explanation {
    /// The checker's verdict (`verdict.correct`), unchanged.
    pub correct: bool,
    pub verdict: Verdict,
    /// One per Solution written (two under Two Solutions); empty when the
    /// text has no defined meaning (VII-C-5-d).
    pub solutions: Vec<SolutionExplanation>,
    /// One per violated criterion of the verdict, in the verdict's order.
    pub failures: Vec<Failure>,
}

/// What one written Solution does, card by card.
#[derive(Clone, Debug, Serialize)]
pub struct SolutionExplanation {
    /// The Solution as written (normalized spacing).
    pub text: String,
    /// The cards of the Universe as they are for this Solution (the blank
    /// card with the colors given to it, XIII-C-12).
    pub universe: Cards,
    pub restrictions: Vec<RestrictionExplanation>,
    /// The cards the Restrictions keep, when every Restriction has one
    /// reading; the steps are then worked out over these cards. `null` when
    /// there are no Restrictions or some is ambiguous (the steps are then
    /// over the whole Universe).
    pub kept: Option<Cards>,
    /// Each sub-expression of the Set-Name with the cards it names,
    /// innermost first (brackets are not steps of their own).
    pub steps: Vec<Step>,
    /// Every distinct reading of the whole Solution: the set of cards named
    /// and its value (doubled cards counted twice, XIII-C-10).
    pub interpretations: Vec<Reading>,
    /// Whether the interpretations list was cut at 64 readings.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub truncated: bool,
    pub cubes: CubeAccount,
}

/// One sub-expression of the Set-Name.
#[derive(Clone, Debug, Serialize)]
pub struct Step {
    pub expr: String,
    /// The cards it names; `null` when it is ambiguous (see `interpretations`).
    pub cards: Option<Cards>,
    /// Each reading of an ambiguous chain with its value (VII-B-6), at most
    /// 64.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub interpretations: Vec<Reading>,
    /// How many more readings there are than are listed.
    #[serde(skip_serializing_if = "is_zero")]
    pub more: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// One reading of an ambiguous expression, written with its brackets.
#[derive(Clone, Debug, Serialize)]
pub struct Reading {
    pub grouped: String,
    pub cards: Cards,
    pub value: i64,
    /// The cards of `cards` that count twice (the Double Set, XIII-C-10);
    /// left out when none does.
    #[serde(skip_serializing_if = "Cards::is_empty")]
    pub doubled: Cards,
}

impl Cards {
    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The cards of `x` that `weight` counts twice (the Double Set, XIII-C-10).
fn doubled(x: CardSet, weight: &dyn Fn(CardSet) -> i64) -> Cards {
    Cards(
        x.iter()
            .filter(|c| weight(CardSet::EMPTY.with(*c)) > 1)
            .fold(CardSet::EMPTY, |m, c| m.with(c)),
    )
}

/// One Restriction and the cards it removes (VI-B-2).
#[derive(Clone, Debug, Serialize)]
pub struct RestrictionExplanation {
    pub restriction: String,
    /// One per distinct reading (one unless a side is ambiguous), at most 64.
    pub readings: Vec<RestrictionReading>,
    /// How many more readings there are than are listed.
    #[serde(skip_serializing_if = "is_zero")]
    pub more: usize,
}

#[derive(Clone, Debug, Serialize)]
pub struct RestrictionReading {
    pub grouped: String,
    pub removes: Cards,
}

/// Which cube each written symbol used (VII-B-4; rulings 2 and 3).
#[derive(Clone, Debug, Serialize)]
pub struct CubeAccount {
    /// Whether some assignment of cubes obeys every cube rule.
    pub possible: bool,
    /// Every written symbol in order; `cube` and `section` are those of one
    /// legal assignment (`null` when none exists).
    pub symbols: Vec<SymbolUse>,
}

#[derive(Clone, Debug, Serialize)]
pub struct SymbolUse {
    /// `"set-name"` or `"restrictions"`.
    pub part: &'static str,
    pub symbol: String,
    pub line: usize,
    pub column: usize,
    /// The face of the cube used (a wild cube's own face).
    pub cube: Option<String>,
    /// Required, Permitted or Resources.
    pub section: Option<String>,
}

/// One violated criterion: its code, rule section and the shortest fact that
/// shows it.
#[derive(Clone, Debug, Serialize)]
pub struct Failure {
    pub code: ViolationKind,
    pub section: Rule,
    pub fact: String,
}

/// Explains the verdict of `check(position, text)`. A Solution over the
/// budget of [`crate::budget`] is explained by its verdict alone (the
/// checker's own: `too-complex` naming the limit when the text is over it).
pub fn explain(position: &Position, text: &str) -> Explanation {
    try_explain(position, text).unwrap_or_else(|_| {
        let verdict = check(position, text);
        let failures = failures(&verdict, &[]);
        Explanation {
            correct: verdict.correct,
            verdict,
            solutions: Vec::new(),
            failures,
        }
    })
}

/// Explains the verdict of `check(position, text)`, or says which budget of
/// [`crate::budget`] the text exceeds; its characters, symbols and chains are
/// measured before anything is evaluated, and each Solution's
/// interpretations spend from a meter of [`budget::MAX_WORK`] units.
pub fn try_explain(position: &Position, text: &str) -> Result<Explanation, BudgetError> {
    budget::admit_str(text, position.parse_options())?;
    let verdict = check(position, text);
    let rules = InForce::of(position);
    let solutions: Vec<SolutionExplanation> =
        match Presentation::parse_with(text, position.parse_options()) {
            Ok(p) => p
                .solutions
                .iter()
                .map(|s| explain_solution(position, &rules, s, &mut budget::work()))
                .collect::<Result<_, _>>()
                .map_err(|TooMuchWork| BudgetError::TooMuchWork)?,
            Err(_) => Vec::new(),
        };
    let failures = failures(&verdict, &solutions);
    Ok(Explanation {
        correct: verdict.correct,
        verdict,
        solutions,
        failures,
    })
}

fn failures(verdict: &Verdict, solutions: &[SolutionExplanation]) -> Vec<Failure> {
    verdict
        .errors
        .iter()
        .map(|e| Failure {
            code: e.code,
            section: e.section,
            // The section is printed after the fact: not inside it too.
            fact: fact(e.code, &e.message, verdict, solutions)
                .replace(&format!(" ({})", e.section), ""),
        })
        .collect()
}

fn explain_solution(
    position: &Position,
    rules: &InForce,
    s: &Solution,
    work: &mut Work,
) -> Result<SolutionExplanation, TooMuchWork> {
    let sem = Semantics {
        symmetric_difference: rules.symmetric_difference,
    };
    let blank = s.blanks().next().unwrap_or(Card::BLANK);
    let effective = |c: Card| {
        if c.is_blank() && rules.blank_card_wild {
            blank
        } else {
            c
        }
    };
    let mask = position
        .universe()
        .iter()
        .fold(CardSet::EMPTY, |m, c| m.with(effective(c)));
    let double = rules.double_set.unwrap_or(CardSet::EMPTY);
    let weight = |x: CardSet| -> i64 {
        position
            .universe()
            .iter()
            .map(effective)
            .filter(|e| x.contains(*e))
            .map(|e| if double.contains(e) { 2 } else { 1 })
            .sum()
    };

    let restrictions: Vec<&Restriction> = s.restrictions().collect();
    let per: Vec<RestrictionReadings> = restrictions
        .iter()
        .map(|r| RestrictionReadings::of(r, sem, mask, work))
        .collect::<Result<_, _>>()?;
    let restriction_out = restrictions
        .iter()
        .zip(&per)
        .map(|(r, readings)| RestrictionExplanation {
            restriction: r.to_string(),
            readings: (0..readings.len().min(MAX_READINGS))
                .map(|i| RestrictionReading {
                    grouped: readings.witness(i).to_string(),
                    removes: Cards(mask.difference(readings.accepts(i))),
                })
                .collect(),
            more: readings.len().saturating_sub(MAX_READINGS),
        })
        .collect();
    let kept = (!per.is_empty() && per.iter().all(|p| p.len() == 1))
        .then(|| per.iter().fold(mask, |m, p| m.intersection(p.accepts(0))));
    let over = kept.unwrap_or(mask);

    let set_name = s.set_names().next();
    let mut steps = Vec::new();
    let names = match set_name {
        Some(e) => {
            let names = Interpretations::of(e, sem, mask, work)?;
            if over == mask {
                collect_steps(&names, &weight, &mut steps);
            } else {
                collect_steps(
                    &Interpretations::of(e, sem, over, work)?,
                    &weight,
                    &mut steps,
                );
            }
            Some(names)
        }
        None => None,
    };

    // Every reading of the whole Solution: restricted Universe ∩ Set-Name.
    let mut accepted: Vec<CardSet> = vec![mask];
    for p in &per {
        let mut next = Vec::new();
        for a in &accepted {
            for i in 0..p.len() {
                let x = a.intersection(p.accepts(i));
                if !next.contains(&x) {
                    next.push(x);
                }
            }
            if next.len() > MAX_READINGS {
                break;
            }
        }
        accepted = next;
    }
    let (interpretations, truncated) = match &names {
        Some(names) => {
            work.spend((accepted.len() as u64).saturating_mul(names.len() as u64))?;
            readings(&accepted, names, &weight)
        }
        None => (Vec::new(), false),
    };

    Ok(SolutionExplanation {
        text: s.to_string(),
        universe: Cards(mask),
        restrictions: restriction_out,
        kept: kept.map(Cards),
        steps,
        interpretations,
        truncated,
        cubes: cube_account(position, rules, s),
    })
}

/// The distinct readings of the whole Solution (at most [`MAX_READINGS`];
/// whether the list was cut).
fn readings(
    accepted: &[CardSet],
    names: &Interpretations,
    weight: &dyn Fn(CardSet) -> i64,
) -> (Vec<Reading>, bool) {
    let mut readings: Vec<Reading> = Vec::new();
    let mut seen: HashSet<CardSet> = HashSet::new();
    for a in accepted {
        for (i, t) in names.tables().iter().enumerate() {
            let x = a.intersection(*t);
            if !seen.insert(x) {
                continue;
            }
            if readings.len() == MAX_READINGS {
                return (readings, true);
            }
            readings.push(Reading {
                grouped: names.witness(i).to_string(),
                cards: Cards(x),
                value: weight(x),
                doubled: doubled(x, weight),
            });
        }
    }
    (readings, false)
}

/// Post-order walk: operands before the expression that combines them.
fn collect_steps(node: &Interpretations, weight: &dyn Fn(CardSet) -> i64, out: &mut Vec<Step>) {
    let e = node.expr();
    if let Expr::Group(..) = e {
        // Brackets are not steps of their own.
        if let Some(inner) = node.children().first() {
            collect_steps(inner, weight, out);
        }
        return;
    }
    for child in node.children() {
        collect_steps(child, weight, out);
    }
    let step = if node.len() == 1 {
        Step {
            expr: e.to_string(),
            cards: Some(Cards(node.tables()[0])),
            interpretations: Vec::new(),
            more: 0,
        }
    } else {
        Step {
            expr: e.to_string(),
            cards: None,
            interpretations: (0..node.len().min(MAX_READINGS))
                .map(|i| Reading {
                    grouped: node.witness(i).to_string(),
                    cards: Cards(node.tables()[i]),
                    value: weight(node.tables()[i]),
                    doubled: doubled(node.tables()[i], weight),
                })
                .collect(),
            more: node.len().saturating_sub(MAX_READINGS),
        }
    };
    out.push(step);
}

/// The cube accounting of the checker ([`CubeUse`]), with one witness.
fn cube_account(position: &Position, rules: &InForce, s: &Solution) -> CubeAccount {
    let restriction_symbols: Vec<Written> = s.restrictions().flat_map(|r| r.symbols()).collect();
    let mut parts = Vec::new();
    if !restriction_symbols.is_empty() && rules.restrictions {
        parts.push((PartKind::Restrictions, restriction_symbols));
    }
    if let Some(e) = s.set_names().next() {
        parts.push((PartKind::SetName, e.symbols()));
    }
    let (cubes, _) = CubeUse::new(position, rules, parts);
    let assignment = cubes.assignment();
    let mut symbols = Vec::new();
    for (p, (kind, occs)) in cubes.parts.iter().enumerate() {
        for (k, w) in occs.iter().enumerate() {
            let used = assignment.as_ref().and_then(|a| a.get(p)?.get(k).copied());
            symbols.push(SymbolUse {
                part: match kind {
                    PartKind::Restrictions => "restrictions",
                    PartKind::SetName => "set-name",
                },
                symbol: w.to_string(),
                line: w.pos.line,
                column: w.pos.column,
                cube: used.map(|c| c.face.to_string()),
                section: used.map(|c| c.section.to_string()),
            });
        }
    }
    CubeAccount {
        possible: assignment.is_some(),
        symbols,
    }
}

fn goal_text(v: &Verdict) -> String {
    v.goal_values
        .iter()
        .map(|g| g.to_string())
        .collect::<Vec<_>>()
        .join(" or ")
}

fn named(r: &Reading) -> String {
    let n = r.cards.0.len();
    let noun = if n == 1 { "card" } else { "cards" };
    if r.value == i64::from(n) {
        format!("{n} {noun}: {}", r.cards)
    } else {
        let d = r.doubled.0.len();
        let why = if d == 0 {
            "doubled cards counted twice".to_string()
        } else {
            format!(
                "the Double Set counts {} {} twice, XIII-C-10",
                if d == 1 { "card" } else { "cards" },
                r.doubled
            )
        };
        format!("{n} {noun}, worth {} ({why}): {}", r.value, r.cards)
    }
}

/// The shortest fact that shows a violation; the checker's message when no
/// shorter one is known.
fn fact(code: ViolationKind, message: &str, v: &Verdict, sols: &[SolutionExplanation]) -> String {
    let off_goal = |r: &&Reading| !v.goal_values.contains(&r.value);
    match code {
        ViolationKind::WrongValue => {
            for s in sols {
                if s.interpretations.len() == 1 && off_goal(&&s.interpretations[0]) {
                    return format!(
                        "the Set-Name names {}; the Goal is {}",
                        named(&s.interpretations[0]),
                        goal_text(v)
                    );
                }
                if !s.interpretations.is_empty() && s.interpretations.iter().all(|r| off_goal(&r)) {
                    let vals: Vec<String> = s
                        .interpretations
                        .iter()
                        .map(|r| r.value.to_string())
                        .collect();
                    return format!(
                        "every reading names a wrong number of cards ({}); the Goal is {}",
                        vals.join(" or "),
                        goal_text(v)
                    );
                }
            }
            message.to_string()
        }
        ViolationKind::Ambiguous => sols
            .iter()
            .flat_map(|s| s.interpretations.iter())
            .find(off_goal)
            .map(|r| {
                format!(
                    "read as {}, the Set-Name names {}; the Goal is {}",
                    r.grouped,
                    named(r),
                    goal_text(v)
                )
            })
            .unwrap_or_else(|| message.to_string()),
        ViolationKind::RequiredUnused => match message.split_once("missing ") {
            Some((_, detail)) if detail.contains(" in ") => detail
                .split(", ")
                .map(|d| match d.split_once(" in ") {
                    Some((cube, part)) => format!("Required cube {cube} is not written in {part}"),
                    None => format!("Required cube {d} is not written"),
                })
                .collect::<Vec<_>>()
                .join("; "),
            _ => message.to_string(),
        },
        _ => message.to_string(),
    }
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let two = self.solutions.len() > 1;
        for (i, s) in self.solutions.iter().enumerate() {
            if two {
                writeln!(f, "Solution {}: {}", i + 1, s.text)?;
            }
            writeln!(
                f,
                "The Universe has {} card(s): {}",
                s.universe.0.len(),
                s.universe
            )?;
            for r in &s.restrictions {
                if r.readings.len() == 1 {
                    writeln!(
                        f,
                        "The Restriction {} removes {}.",
                        r.restriction, r.readings[0].removes
                    )?;
                } else {
                    writeln!(
                        f,
                        "The Restriction {} can be read in {} ways:",
                        r.restriction,
                        r.readings.len() + r.more
                    )?;
                    for x in &r.readings {
                        writeln!(f, "  read as {}, it removes {}", x.grouped, x.removes)?;
                    }
                    if r.more > 0 {
                        writeln!(f, "  and {} more", r.more)?;
                    }
                }
            }
            if let Some(k) = &s.kept {
                writeln!(f, "Cards left after the Restrictions: {k}")?;
            }
            if !s.steps.is_empty() {
                writeln!(f, "Step by step:")?;
            }
            for st in &s.steps {
                match &st.cards {
                    Some(c) => writeln!(f, "  {} names {}", st.expr, c)?,
                    None => {
                        writeln!(
                            f,
                            "  {} can be read in {} ways:",
                            st.expr,
                            st.interpretations.len() + st.more
                        )?;
                        for r in &st.interpretations {
                            writeln!(f, "    {} names {} (value {})", r.grouped, r.cards, r.value)?;
                        }
                        if st.more > 0 {
                            writeln!(f, "    and {} more", st.more)?;
                        }
                    }
                }
            }
            match s.interpretations.as_slice() {
                [] => {}
                [r] => writeln!(f, "The Solution names {}.", named(r))?,
                rs => {
                    writeln!(f, "The Solution can name:")?;
                    for r in rs {
                        writeln!(f, "  read as {}: {}", r.grouped, named(r))?;
                    }
                    if s.truncated {
                        writeln!(f, "  and more (only the first {MAX_READINGS} are listed)")?;
                    }
                }
            }
            if !s.cubes.symbols.is_empty() {
                if s.cubes.possible {
                    writeln!(f, "Cubes used:")?;
                    for u in &s.cubes.symbols {
                        let cube = u.cube.as_deref().unwrap_or("?");
                        let section = u.section.as_deref().unwrap_or("?");
                        let meaning = u.symbol.split('@').next().unwrap_or("");
                        let wild = if cube != meaning {
                            format!(" (standing for {meaning})")
                        } else {
                            String::new()
                        };
                        writeln!(
                            f,
                            "  {} at column {}: the {cube} cube from {section}{wild}",
                            u.symbol, u.column
                        )?;
                    }
                } else {
                    writeln!(
                        f,
                        "The cubes on the mat cannot build this Solution (see below)."
                    )?;
                }
            }
        }
        if !self.verdict.goal_values.is_empty() {
            writeln!(f, "The Goal is {}.", goal_text(&self.verdict))?;
        }
        if self.correct {
            writeln!(f, "Verdict: correct.")?;
        } else {
            writeln!(f, "Verdict: not correct, because:")?;
            for x in &self.failures {
                writeln!(f, "  - {} ({})", x.fact, x.section)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(required: &str, permitted: &str, goal: &str) -> Position {
        Position::from_json(&format!(
            r#"{{"division": "middle", "adventurous": false,
                "universe": "B R G BR BG RG", "goal": "{goal}",
                "required": "{required}", "permitted": "{permitted}",
                "situation": "impossible"}}"#
        ))
        .unwrap()
    }

    #[test]
    fn vii_b_3_wrong_value_states_the_cards_named() {
        let e = explain(&pos("B", "∪ R ′", "5"), "B ∪ R′");
        assert!(!e.correct);
        let f = &e.failures[0];
        assert_eq!(f.code, ViolationKind::WrongValue);
        assert_eq!(f.section.as_str(), "VII-B-3");
        // B ∪ R′ names B, G, BR, BG (not R, RG): 4 cards.
        assert!(f.fact.contains("names 4 cards"), "{}", f.fact);
        assert!(f.fact.contains("the Goal is 5"), "{}", f.fact);
    }

    #[test]
    fn vii_b_4_b_required_cube_not_written_is_named() {
        let e = explain(&pos("∩", "B R ∪", "3"), "B ∪ R");
        let f = e
            .failures
            .iter()
            .find(|f| f.code == ViolationKind::RequiredUnused)
            .expect("required-unused");
        assert_eq!(f.fact, "Required cube ∩ is not written in the Set-Name");
    }

    #[test]
    fn steps_are_innermost_first_and_cubes_are_accounted() {
        let e = explain(&pos("B", "∪ R", "5"), "B ∪ R");
        assert!(e.correct, "{e}");
        let s = &e.solutions[0];
        let exprs: Vec<&str> = s.steps.iter().map(|x| x.expr.as_str()).collect();
        assert_eq!(exprs, ["B", "R", "B ∪ R"]);
        assert!(s.cubes.possible);
        assert_eq!(s.cubes.symbols[0].section.as_deref(), Some("Required"));
    }

    #[test]
    fn vii_b_6_ambiguous_chain_lists_each_reading() {
        let e = explain(&pos("B", "∪ G − R", "3"), "B ∪ G − R");
        let last = e.solutions[0].steps.last().unwrap();
        assert!(last.cards.is_none());
        assert_eq!(last.interpretations.len(), 2);
    }

    #[test]
    fn undefined_text_explains_the_verdict_only() {
        let e = explain(&pos("B", "∪ R", "5"), "B ∪ ∪");
        assert!(!e.correct);
        assert!(e.solutions.is_empty());
        assert_eq!(e.failures[0].code, ViolationKind::Undefined);
    }
}
