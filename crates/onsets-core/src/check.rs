//! The exact Solution checker (rules VII-B, the comments of XIII, judges'
//! situations OS-E, and the project rulings).

use crate::budget::{self, BudgetError};
use crate::card::{Card, CardSet};
use crate::cube::CubeFamily;
use crate::cubes::{CubeUse, PartKind};
use crate::eval::{Interpretations, RestrictionReadings, Semantics, TooMuchWork, Work};
use crate::in_force::InForce;
use crate::position::Position;
use crate::solution::{Expr, Part, Presentation, Restriction, Solution, Written};
use crate::verdict::{Verdict, Violation, ViolationKind};
use std::collections::HashMap;

/// Checks a written Solution (or Two Solutions) against a position.
///
/// The work is bounded: a part that names more sets than the kit has cubes
/// is not evaluated (docs/rulings.md, "Checking limits"), and the
/// interpretations of the others spend from a meter of
/// [`budget::MAX_WORK`] units (`too-complex` beyond it, beside the cube
/// rules the Solution already breaks). The text budget of [`crate::budget`]
/// (characters, symbols, chains) is for the callers that take Solutions from
/// outside a match ([`crate::explain`], the CLI, the server's assistants).
pub fn check(position: &Position, text: &str) -> Verdict {
    match Presentation::parse_with(text, position.parse_options()) {
        Ok(p) => check_presentation(position, &p),
        Err(e) => {
            let rules = InForce::of(position);
            let mut errors = vec![Violation::new(
                ViolationKind::Undefined,
                "VII-C-5-d",
                e.to_string(),
            )];
            cite_in_edition(position, &mut errors);
            Verdict {
                correct: false,
                values: Vec::new(),
                errors,
                counterexample: None,
                goal_values: position.goal().legal_values(rules.absolute_value),
                notes: rules.ignored.clone(),
            }
        }
    }
}

/// What one Solution's interpretations give.
struct Outcome {
    errors: Vec<Violation>,
    values: Vec<i64>,
    counterexample: Option<String>,
    /// Every distinct set of physical cards named, each with the grouping that
    /// names it (for Two Solutions).
    sets: Vec<(CardSet, String)>,
}

/// Checks a parsed presentation.
pub fn check_presentation(position: &Position, presentation: &Presentation) -> Verdict {
    let rules = InForce::of(position);
    let goal_values = position.goal().legal_values(rules.absolute_value);
    let mut errors = Vec::new();
    if !position.goal().is_legal_layout() {
        errors.push(Violation::new(
            ViolationKind::GoalIllegal,
            "VII-C-5-a",
            format!("the Goal ({}) is not a legal configuration (III-B-1), so it has no legal interpretation", position.goal()),
        ));
    } else if goal_values.is_empty() {
        errors.push(Violation::new(
            ViolationKind::GoalNegative,
            "VII-C-5-a",
            format!(
                "the Goal {} equals {}, a negative number; a Goal must be a whole number",
                position.goal(),
                position.goal().value().unwrap_or(0)
            ),
        ));
    }
    let n = presentation.solutions.len();
    if rules.two_solutions && n != 2 {
        errors.push(Violation::new(
            ViolationKind::TwoSolutions,
            "XIII-D-14",
            format!("Two Solutions is in force: write two Solutions separated by `||` (found {n})"),
        ));
    } else if !rules.two_solutions && n > 1 {
        errors.push(Violation::new(
            ViolationKind::TwoSolutionsNotInForce,
            "ruling 22",
            "`||` separates Two Solutions, but the Two Solutions variation is not in force: present one Solution",
        ));
    }
    let mut values = Vec::new();
    let mut counterexample = None;
    let mut outcomes = Vec::new();
    for (i, s) in presentation.solutions.iter().enumerate() {
        let mut o = check_one(position, &rules, &goal_values, s);
        if n > 1 {
            for e in &mut o.errors {
                e.message = format!("Solution {}: {}", i + 1, e.message);
            }
        }
        errors.append(&mut o.errors);
        values.extend(o.values.iter().copied());
        if counterexample.is_none() {
            counterexample = o.counterexample.clone();
        }
        outcomes.push(o);
    }
    if rules.two_solutions && n == 2 && !outcomes[0].sets.is_empty() && !outcomes[1].sets.is_empty()
    {
        // XIII-D-14: the second set must contain a card the first lacks,
        // compared as physical cards (comment e, OS-E23, OS-E24; ruling 11),
        // under every interpretation of both (ruling 10).
        let mut fail = None;
        'outer: for (a, aw) in &outcomes[0].sets {
            for (b, bw) in &outcomes[1].sets {
                if b.difference(*a).is_empty() {
                    fail = Some((aw.clone(), bw.clone()));
                    break 'outer;
                }
            }
        }
        if let Some((aw, bw)) = fail {
            let ambiguous = outcomes.iter().any(|o| o.sets.len() > 1);
            errors.push(Violation::new(
                ViolationKind::TwoSolutions,
                "XIII-D-14",
                if ambiguous {
                    format!("read as {aw} || {bw}, the second Solution's set contains no card that is not in the first's")
                } else {
                    "the second Solution's set contains no card that is not in the first's (the blank card with other colors is the same card, OS-E23)".to_string()
                },
            ));
            if ambiguous && counterexample.is_none() {
                counterexample = Some(format!("{aw} || {bw}"));
            }
        }
    }
    values.sort_unstable();
    values.dedup();
    cite_in_edition(position, &mut errors);
    Verdict {
        correct: errors.is_empty(),
        values,
        errors,
        counterexample,
        goal_values,
        notes: rules.ignored.clone(),
    }
}

/// Under the 1969 edition the criteria are the manual's Solution Rule (M69
/// 3.4, and 3.4' in Advanced), not the 2026-27 sections the shared checker
/// cites: each violation is cited by the manual's rule (a citation already
/// from M69 is kept), the old citation inside a message is replaced too, and
/// the tournament's "Now challenge" is said in the manual's words (3.4 D: at
/// most one cube from Resources after an A-claim challenge, or a C-claim that
/// stems from one). The verdict itself is unchanged.
fn cite_in_edition(position: &Position, errors: &mut [Violation]) {
    let crate::Edition::Manual1969(form) = position.edition() else {
        return;
    };
    for e in errors.iter_mut() {
        let old = e.section.as_str();
        if old.starts_with("M69") {
            continue;
        }
        let new = m69_section(e.code, form);
        e.message = e
            .message
            .replace(&format!("({old})"), &format!("({new})"))
            .replace(
                "after a Now challenge",
                "after an A-claim challenge (or a C-claim that stems from one)",
            );
        e.section = crate::verdict::Rule(new);
    }
}

/// The rule of the 1969 manual behind each criterion of a Solution.
fn m69_section(code: ViolationKind, form: crate::Form1969) -> &'static str {
    use ViolationKind as K;
    match code {
        K::GoalIllegal | K::GoalNegative => "M69 3.1",
        K::ForbiddenCube => "M69 3.4 (A)",
        K::RequiredCube | K::RequiredUnused => "M69 3.4 (C)",
        K::NowResources | K::CubeUnavailable => "M69 3.4 (D)",
        K::Ambiguous => "M69 3.4 (E)",
        K::RestrictionRequired => "M69 3.4' (A)",
        K::RestrictionNotAllowed if form == crate::Form1969::Advanced => "M69 3.4' (C)",
        _ => "M69 3.4",
    }
}

fn count_operations(e: &Expr) -> usize {
    e.symbols()
        .iter()
        .filter(|w| w.meaning.is_operation())
        .count()
}

fn check_one(position: &Position, rules: &InForce, goal_values: &[i64], s: &Solution) -> Outcome {
    let restrictions: Vec<&Restriction> = s.restrictions().collect();
    let set_names: Vec<&Expr> = s.set_names().collect();
    let blanks: Vec<Card> = s.blanks().collect();
    let mut out = Outcome {
        errors: Vec::new(),
        values: Vec::new(),
        counterexample: None,
        sets: Vec::new(),
    };

    let restriction_symbols: Vec<Written> = restrictions.iter().flat_map(|r| r.symbols()).collect();
    let set_symbols: Vec<Written> = set_names.first().map(|e| e.symbols()).unwrap_or_default();
    let mut errors = part_errors(
        position,
        rules,
        &restrictions,
        &set_names,
        &blanks,
        &restriction_symbols,
        &set_symbols,
    );
    let blank_colors = blanks.first().copied().unwrap_or(Card::BLANK);

    // Value and every criterion decided per interpretation (VII-B-3, VII-B-6, ruling 10).
    let Some(set_name) = set_names.first() else {
        out.errors = errors;
        return out;
    };
    if !restrictions.is_empty() && !rules.restrictions {
        out.errors = errors;
        return out;
    }
    let cubes_shown = position.all_cubes().filter(|(_, c)| !c.is_digit()).count();
    if more_sets_than_the_kit(&restriction_symbols, cubes_shown)
        || more_sets_than_the_kit(&set_symbols, cubes_shown)
    {
        // More sets than the kit has cubes: the cube rules already fail (each
        // set symbol needs its own cube in its part), so no count can make the
        // Solution correct. Nothing more is computed.
        if !errors
            .iter()
            .any(|e| e.section.as_str().starts_with("VII-B-4"))
        {
            errors.push(Violation::new(
                ViolationKind::CubeUnavailable,
                "VII-B-4",
                "the Solution names more sets than the kit has cubes",
            ));
        }
        out.errors = errors;
        return out;
    }

    let sem = Semantics {
        symmetric_difference: rules.symmetric_difference,
    };
    let cards = cards_as_they_are(position, rules, blank_colors);
    let mask = cards.iter().fold(CardSet::EMPTY, |m, (_, e)| m.with(*e));
    let double = rules.double_set.unwrap_or(CardSet::EMPTY);

    let (per, combos, names) = match readings(&restrictions, set_name, sem, mask, rules) {
        Ok(r) => r,
        Err(TooMuchWork) => {
            errors.push(Violation::new(
                ViolationKind::TooComplex,
                "VII-C-5-c",
                BudgetError::TooMuchWork.to_string(),
            ));
            out.errors = errors;
            return out;
        }
    };
    let ambiguous = combos.len() * names.len() > 1;
    let write = |combo: &[usize], name: usize| -> String {
        let mut k = 0;
        let parts = s
            .parts
            .iter()
            .map(|p| match p {
                Part::Restriction(_) => {
                    let r = Part::Restriction(per[k].witness(combo[k]));
                    k += 1;
                    r
                }
                Part::SetName(e) if !std::ptr::eq(e, *set_name) => Part::SetName(e.clone()),
                Part::SetName(_) => Part::SetName(names.witness(name)),
                Part::Blank(c) => Part::Blank(*c),
            })
            .collect();
        Solution { parts }.to_string()
    };

    // Distinct named sets over the cards as they are: x = accepted ∩ set.
    let mut named: HashMap<CardSet, (usize, usize)> = HashMap::new();
    for (ci, (all, _, _)) in combos.iter().enumerate() {
        for (ni, t) in names.tables().iter().enumerate() {
            named.entry(all.intersection(*t)).or_insert((ci, ni));
        }
    }
    let weight = |x: CardSet| -> i64 {
        cards
            .iter()
            .filter(|(_, e)| x.contains(*e))
            .map(|(_, e)| if double.contains(*e) { 2 } else { 1 })
            .sum()
    };
    let physical = |x: CardSet| {
        cards
            .iter()
            .filter(|(_, e)| x.contains(*e))
            .fold(CardSet::EMPTY, |m, (p, _)| m.with(*p))
    };
    let mut named: Vec<(CardSet, (usize, usize))> = named.into_iter().collect();
    named.sort_by_key(|(x, (c, n))| (*c, *n, x.bits()));

    let shared = Named {
        named: &named,
        combos: &combos,
        write: &write,
        ambiguous,
    };
    value_errors(&shared, &weight, goal_values, &mut out, &mut errors);
    // No Null Restrictions per interpretation of the Restrictions.
    let fails = null_restriction_fail(&combos, &per, &write);
    card_errors(&shared, &cards, rules, &mut out, &mut errors);
    interpretation_errors(&shared, fails, &mut out, &mut errors);
    if rules.two_solutions {
        let mut sets: Vec<(CardSet, String)> = Vec::new();
        for (x, (c, n)) in &named {
            let p = physical(*x);
            if !sets.iter().any(|(q, _)| *q == p) {
                sets.push((p, write(&combos[*c].2, *n)));
            }
        }
        out.sets = sets;
    }
    out.errors = errors;
    out
}

/// What the criteria decided per interpretation share (VII-B-6, ruling
/// 10): the distinct sets named, each with the interpretation that names
/// it first, and how to write an interpretation's grouping.
struct Named<'a> {
    named: &'a [(CardSet, (usize, usize))],
    combos: &'a [Combination],
    write: &'a dyn Fn(&[usize], usize) -> String,
    ambiguous: bool,
}

/// VII-B-3 and VII-B-6: the values named, and whether every interpretation
/// (wrong value) or only some (ambiguous) miss the Goal.
fn value_errors(
    n: &Named,
    weight: &dyn Fn(CardSet) -> i64,
    goal_values: &[i64],
    out: &mut Outcome,
    errors: &mut Vec<Violation>,
) {
    let total = n.named.len();
    let mut value_fail: Option<(i64, (usize, usize))> = None;
    let mut value_fail_n = 0;
    for (x, w) in n.named {
        let v = weight(*x);
        out.values.push(v);
        if !goal_values.is_empty() && !goal_values.contains(&v) {
            value_fail_n += 1;
            value_fail.get_or_insert((v, *w));
        }
    }
    out.values.sort_unstable();
    out.values.dedup();
    let goal_text = || or_list(goal_values);
    if let Some((v, (c, i))) = value_fail {
        let vals = or_list(&out.values);
        let grouped = (n.write)(&n.combos[c].2, i);
        if value_fail_n == total {
            errors.push(Violation::new(
                ViolationKind::WrongValue,
                "VII-B-3",
                format!(
                    "the Solution names {vals} card(s), but the Goal is {}",
                    goal_text()
                ),
            ));
            if n.ambiguous {
                out.counterexample = Some(grouped);
            }
        } else {
            errors.push(Violation::new(
                ViolationKind::Ambiguous,
                "VII-B-6",
                format!(
                    "the Solution is ambiguous: grouped as {grouped} it names {v} card(s), not the Goal {}",
                    goal_text()
                ),
            ));
            out.counterexample = Some(grouped);
        }
    }
}

/// XIII-C-11: Required and Forbidden Cards, per set named (a forbidden
/// card also as any card given its colors, ruling 15).
fn card_errors(
    n: &Named,
    cards: &[(Card, Card)],
    rules: &InForce,
    out: &mut Outcome,
    errors: &mut Vec<Violation>,
) {
    let total = n.named.len();
    let mut card_fail = |code: ViolationKind, plain: String, bad: &dyn Fn(CardSet) -> bool| {
        let failing: Vec<&(CardSet, (usize, usize))> =
            n.named.iter().filter(|(x, _)| bad(*x)).collect();
        if let Some((_, (c, i))) = failing.first() {
            let grouped = (n.write)(&n.combos[*c].2, *i);
            let all_fail = failing.len() == total;
            errors.push(Violation::new(
                code,
                "XIII-C-11",
                if all_fail || !n.ambiguous {
                    plain
                } else {
                    format!("the Solution is ambiguous: grouped as {grouped}, {plain}")
                },
            ));
            if n.ambiguous && !all_fail && out.counterexample.is_none() {
                out.counterexample = Some(grouped);
            }
        }
    };
    for &c in &rules.required_cards {
        let eff = cards
            .iter()
            .find(|(p, _)| *p == c)
            .map(|(_, e)| *e)
            .unwrap_or(c);
        card_fail(
            ViolationKind::RequiredCard,
            format!("the required card {c} is not in the Solution's set"),
            &|x: CardSet| !x.contains(eff),
        );
    }
    for &c in &rules.forbidden_cards {
        // The physical card, and any card given its colors (ruling 15, XIII-C-11 comment b).
        let bad: Vec<Card> = cards
            .iter()
            .filter(|(p, e)| *p == c || *e == c)
            .map(|(_, e)| *e)
            .collect();
        card_fail(
            ViolationKind::ForbiddenCard,
            format!("the forbidden card {c} (or a card given its colors) is in the Solution's set"),
            &|x: CardSet| bad.iter().any(|e| x.contains(*e)),
        );
    }
}

/// The criteria failed by some interpretations (`fails`): plainly when
/// every interpretation fails or there is one, as an ambiguity otherwise
/// (VII-B-6), with a counterexample grouping.
fn interpretation_errors(
    n: &Named,
    fails: impl IntoIterator<Item = (Fail, usize, usize)>,
    out: &mut Outcome,
    errors: &mut Vec<Violation>,
) {
    for (f, k, c) in fails {
        let all_fail = k == n.combos.len();
        if all_fail || !n.ambiguous {
            errors.push(Violation::new(f.code, f.section, f.plain));
        } else {
            errors.push(Violation::new(
                f.code,
                f.section,
                format!("the Solution is ambiguous: {}", f.grouped),
            ));
        }
        if n.ambiguous && out.counterexample.is_none() && !all_fail {
            out.counterexample = Some((n.write)(&n.combos[c].2, 0));
        }
    }
}

/// A criterion failed by some interpretations of a Solution: its wording
/// when every interpretation fails (`plain`) and when only the grouping
/// shown does (`grouped`).
struct Fail {
    code: ViolationKind,
    section: &'static str,
    plain: String,
    grouped: String,
}

/// XIII-B-8 (OS-E10): the first interpretation of the Restrictions in which
/// one removes no card, with how many interpretations fail.
fn null_restriction_fail(
    combos: &[Combination],
    per: &[RestrictionReadings],
    write: &dyn Fn(&[usize], usize) -> String,
) -> Option<(Fail, usize, usize)> {
    let nulls: Vec<usize> = (0..combos.len())
        .filter(|&c| combos[c].1.is_some())
        .collect();
    let &c = nulls.first()?;
    let r = combos[c].1.unwrap_or(0);
    let grouped = write(&combos[c].2, 0);
    let restriction = per[r].witness(combos[c].2[r]).to_string();
    Some((
        Fail {
            code: ViolationKind::NoNullRestriction,
            section: "XIII-B-8",
            plain: format!("the Restriction {restriction} removes no card from the Universe restricted by the others (each must remove a card whatever the order, OS-E10)"),
            grouped: format!("grouped as {grouped}, the Restriction {restriction} removes no card (XIII-B-8)"),
        },
        nulls.len(),
        c,
    ))
}

/// Whether a part names more sets than the kit has cubes: the kit has 15
/// non-digit cubes (I-B-2), and each set symbol needs its own cube. A 1969
/// position may show more (editions.md Q15): then its own non-digit cubes,
/// `shown`, are the bound.
fn more_sets_than_the_kit(symbols: &[Written], shown: usize) -> bool {
    let limit: usize = [
        CubeFamily::Color,
        CubeFamily::Operation,
        CubeFamily::Restriction,
    ]
    .iter()
    .map(|f| f.kit_count())
    .sum::<usize>()
    .max(shown);
    symbols.iter().filter(|w| w.meaning.is_set()).count() > limit
}

/// Values as the verdicts word them: `3 or 5`.
fn or_list(values: &[i64]) -> String {
    values
        .iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(" or ")
}

/// The criteria of a Solution's parts, decided before any interpretation:
/// one Set-Name (VI-A, VII-B-1, OS-E5, ruling 18), the blank card's colors
/// (rulings 8, 18), Restrictions allowed (I-B-2-d) and required (VII-B-2),
/// at least two cubes (VII-B-4-a, OS-E7), Two Operations (XIII-B-5) and the
/// cubes used (VII-B-4, XIII).
fn part_errors(
    position: &Position,
    rules: &InForce,
    restrictions: &[&Restriction],
    set_names: &[&Expr],
    blanks: &[Card],
    restriction_symbols: &[Written],
    set_symbols: &[Written],
) -> Vec<Violation> {
    let mut errors = Vec::new();
    // VI-A, VII-B-1, OS-E5, ruling 18: exactly one Set-Name.
    match set_names.len() {
        0 => errors.push(Violation::new(
            ViolationKind::NoSetName,
            "VII-B-1",
            "the Solution has no Set-Name part (OS-E5)",
        )),
        1 => {}
        k => errors.push(Violation::new(
            ViolationKind::SeveralSetNames,
            "VI-A",
            format!("the Solution has {k} Set-Name parts; it must have exactly one (ruling 18)"),
        )),
    }
    if blanks.len() > 1 {
        errors.push(Violation::new(
            ViolationKind::Blank,
            "ruling 18",
            "the colors of the blank card are given more than once",
        ));
    }
    let blank_colors = blanks.first().copied().unwrap_or(Card::BLANK);
    if !rules.blank_card_wild && !blank_colors.is_blank() {
        errors.push(Violation::new(
            ViolationKind::Blank,
            "ruling 8",
            format!("`blank: {blank_colors}` puts colors on the blank card, but Blank Card Wild is not in force"),
        ));
    }
    // Restrictions only where = and ⊆ are Restriction symbols.
    if !restrictions.is_empty() && !rules.restrictions {
        errors.push(Violation::new(
            ViolationKind::RestrictionNotAllowed,
            "I-B-2-d",
            if position.edition() == crate::Edition::Mlag2019 && !position.adventurous() {
                "MLAG Basic 2019-20 has no Restrictions: a Solution is a Set-Name, and = and ⊆ are wild sets and operations (B19 VI, I-B-2-d-iii)".to_string()
            } else if matches!(position.edition(), crate::Edition::Manual1969(_)) {
                "1969 Basic uses no Restrictions (M69 2.2, 3.4; Restriction Statements belong to Advanced, 3.4')".to_string()
            } else if position.division() == crate::Division::Elementary {
                "Elementary Division uses no Restrictions (= and ⊆ are not used, ruling 19)"
                    .to_string()
            } else {
                "Basic On-Sets uses no Restrictions (Glossary, \"Basic On-Sets\")".to_string()
            },
        ));
    }
    // VII-B-2: = or ⊆ in Required demands a Restriction part.
    // A wild = or ⊆ (A19 Middle, XIII-B-2) that the Solution writes as a
    // set or an operation is that symbol, not a relation (editions.md Q4).
    let as_relation = |face: crate::Symbol| {
        face.is_relation()
            && !(rules.is_wild(face)
                && restriction_symbols
                    .iter()
                    .chain(set_symbols)
                    .any(|w| w.cube == Some(face) && !w.meaning.is_relation()))
    };
    if rules.restrictions && restrictions.is_empty() && position.required().iter().any(as_relation)
    {
        errors.push(Violation::new(
            ViolationKind::RestrictionRequired,
            "VII-B-2",
            "an = or ⊆ cube is in Required, so the Solution must have a Restriction part",
        ));
    }
    // A19 VI-B-3 (editions.md Q5): no grouping pair may enclose = or ⊆,
    // "Also these parentheses are inappropriate: (B = R)".
    if rules.no_wrapped_restrictions {
        for r in restrictions.iter().filter(|r| !r.wrap.is_empty()) {
            errors.push(Violation::new(
                ViolationKind::Undefined,
                "A19 VI-B-3",
                format!("grouping symbols around the whole Restriction {r} enclose = or ⊆, which the 2019-20 rules do not allow (\"these parentheses are inappropriate: (B = R)\")"),
            ));
        }
    }
    // M69 4.3-B (editions.md Q14): a statement is one relation between two
    // Set-Names; a chain has no meaning in 1969.
    if rules.one_relation_per_statement {
        for r in restrictions.iter().filter(|r| r.relations.len() > 1) {
            errors.push(Violation::new(
                ViolationKind::Undefined,
                "M69 4.3-B",
                format!("{r} chains {} relations; a 1969 Restriction Statement is one relation between two Set-Names: write one statement per relation", r.relations.len()),
            ));
        }
    }
    // A19 XIII-C-10 comment b: "the blank card may not be made the
    // forbidden card (BR) for any Solution".
    if rules.blank_not_forbidden_colors && rules.blank_card_wild {
        if let Some(&c) = blanks.first() {
            if !c.is_blank() && rules.forbidden_cards.contains(&c) {
                errors.push(Violation::new(
                    ViolationKind::ForbiddenCard,
                    "A19 XIII-C-10",
                    format!("`blank: {c}` gives the blank card the forbidden card's colors, which the 2019-20 rules do not allow (A19 XIII-C-10 comment b)"),
                ));
            }
        }
    }
    // VII-B-4-a: at least two cubes over both parts (OS-E7); one is enough
    // in 1969 (M69 4.2-B P2).
    let written =
        restriction_symbols.len() + set_names.iter().map(|e| e.symbols().len()).sum::<usize>();
    if written < rules.min_cubes {
        errors.push(Violation::new(
            ViolationKind::TooFewCubes,
            "VII-B-4-a",
            format!("the Solution contains {written} cube(s); it must contain at least two"),
        ));
    }
    // XIII-A-5 / XIII-B-5: two operation symbols in the Set-Name (OS-E13, ruling 13).
    if rules.two_operations {
        if let Some(e) = set_names.first() {
            let k = count_operations(e);
            if k < 2 {
                errors.push(Violation::new(
                    ViolationKind::TwoOperations,
                    "XIII-B-5",
                    format!("Two Operations is in force: the Set-Name must contain at least two operation symbols, it has {k} (OS-E13)"),
                ));
            }
        }
    }
    // Cubes (VII-B-4, XIII).
    let mut parts = Vec::new();
    if !restrictions.is_empty() && rules.restrictions {
        parts.push((PartKind::Restrictions, restriction_symbols.to_vec()));
    }
    if !set_names.is_empty() {
        parts.push((PartKind::SetName, set_symbols.to_vec()));
    }
    let (cubes, mut annotation_errors) = CubeUse::new(position, rules, parts);
    errors.append(&mut annotation_errors);
    errors.extend(cubes.diagnose());
    errors
}

/// The Restrictions' readings, their combinations and the Set-Name's
/// readings (VII-B-6), within the work budget ([`budget::MAX_WORK`]).
#[allow(clippy::type_complexity)]
fn readings<'s>(
    restrictions: &[&'s Restriction],
    set_name: &'s Expr,
    sem: Semantics,
    mask: CardSet,
    rules: &InForce,
) -> Result<
    (
        Vec<RestrictionReadings<'s>>,
        Vec<Combination>,
        Interpretations<'s>,
    ),
    TooMuchWork,
> {
    let mut work = budget::work();
    let per: Vec<RestrictionReadings> = restrictions
        .iter()
        .map(|r| RestrictionReadings::of(r, sem, mask, &mut work))
        .collect::<Result<_, _>>()?;
    let combos = restriction_combinations(&per, rules, mask, &mut work)?;
    let names = Interpretations::of(set_name, sem, mask, &mut work)?;
    work.spend((combos.len() as u64).saturating_mul(names.len() as u64))?;
    Ok((per, combos, names))
}

/// An interpretation of the Restrictions together (VII-B-6): the cards they
/// accept, the index of a Restriction that removes nothing from the Universe
/// restricted by the others when No Null Restrictions is in force
/// (XIII-B-8, OS-E10), and the index of each Restriction's interpretation
/// (a witness for writing the grouping).
type Combination = (CardSet, Option<usize>, Vec<usize>);

/// Every distinct [`Combination`] of the Restrictions' interpretations.
fn restriction_combinations(
    per: &[RestrictionReadings],
    rules: &InForce,
    mask: CardSet,
    work: &mut Work,
) -> Result<Vec<Combination>, TooMuchWork> {
    // Every combination is tried: their number (times the pairs of
    // Restrictions each looks at) is spent before the first.
    let r = per.len() as u64 + 1;
    let tries = per
        .iter()
        .try_fold(1u64, |p, x| p.checked_mul(x.len() as u64))
        .and_then(|p| p.checked_mul(r * r))
        .ok_or(TooMuchWork)?;
    work.spend(tries)?;
    let mut combos: Vec<Combination> = Vec::new();
    let mut seen: HashMap<(CardSet, Option<usize>), ()> = HashMap::new();
    let mut idx = vec![0usize; per.len()];
    loop {
        let accepts: Vec<CardSet> = idx
            .iter()
            .enumerate()
            .map(|(k, &i)| per[k].accepts(i))
            .collect();
        let all = accepts.iter().fold(mask, |m, a| m.intersection(*a));
        let null = if rules.no_null_restrictions {
            // XIII-B-8 and OS-E10: each Restriction must remove a card whatever
            // the order, i.e. from the Universe restricted by all the others.
            (0..accepts.len()).find(|&i| {
                let others = accepts
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| *j != i)
                    .fold(mask, |m, (_, a)| m.intersection(*a));
                others.difference(accepts[i]).is_empty()
            })
        } else {
            None
        };
        if seen.insert((all, null), ()).is_none() {
            combos.push((all, null, idx.clone()));
        }
        let mut k = 0;
        loop {
            if k == idx.len() {
                break;
            }
            idx[k] += 1;
            if idx[k] < per[k].len() {
                break;
            }
            idx[k] = 0;
            k += 1;
        }
        if k == idx.len() {
            break;
        }
    }
    Ok(combos)
}

/// The cards as they are for a Solution: each physical card with the card
/// it counts as (the blank card with the colors the Solution gives it under
/// Blank Card Wild, XIII-C-12).
fn cards_as_they_are(
    position: &Position,
    rules: &InForce,
    blank_colors: Card,
) -> Vec<(Card, Card)> {
    position
        .universe()
        .iter()
        .map(|c| {
            (
                c,
                if c.is_blank() && rules.blank_card_wild {
                    blank_colors
                } else {
                    c
                },
            )
        })
        .collect()
}
